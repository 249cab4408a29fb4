/** What the runner (main.ts) and its load-generating workers (worker.ts) tell each other over IPC. */

export type GameId = 'duel' | 'rattlesnake' | 'saloon';

export interface GameJob {
  type: 'game';
  url: string;
  game: GameId;
  /** How many tables this worker keeps playing at once. */
  tables: number;
  seats: number;
  /** The table options every table is created with. */
  options: Record<string, unknown>;
  think: [number, number];
  /** Epoch ms: no intent is sent and no table started after it; the worker's tables are then left. */
  until: number;
  /** Names this worker's players apart from the other workers'. */
  worker: number;
}

export interface EchoJob {
  type: 'echo';
  url: string;
  clients: number;
  think: [number, number];
  until: number;
}

/** The boardgame.io baseline (bgio-client.ts): the same tables and think times against boardgame.io's server. Duel only. */
export type BgioJob = Omit<GameJob, 'type' | 'url' | 'game'> & {
  type: 'bgio';
  /** The boardgame.io server's address, http://HOST:PORT (its Lobby API and socket.io on the same port). The table options go to the match's setup as setupData. */
  server: string;
};

export type Job = GameJob | EchoJob | BgioJob | { type: 'exit' };

export interface ProcessShare {
  tables: number;
  games: number;
  moves: number;
}

export interface GameResult {
  type: 'game';
  /** Intents whose effect was seen in a state that arrived before the end of the run. */
  moves: number;
  /** Intent sent → the first state in which the sending seat's key changed, ms. */
  latencies: number[];
  /** Each create and join that succeeded within the run: ms from the matchmaking request to the joined room. */
  joins: number[];
  /** Intents held back (and sent later) to stay within the server's flood limit (pace.ts). */
  held: number;
  /** Games played to their end. */
  games: number;
  tablesStarted: number;
  /**
   * For each client of each finished game: WebSocket messages and their bytes received from joining to leaving (as
   * decoded, after any compression), and `wire`: the bytes its TCP socket read (the upgrade response, frame headers,
   * compressed payloads: what the network carried).
   */
  perClientGame: { frames: number; bytes: number; wire: number; kinds: Record<string, number>; kindBytes: Record<string, number> }[];
  /** Refusals (`error` messages) and failed creates/joins, by code. */
  errors: Record<string, number>;
  /** Connections the server closed before the client left, by close code. */
  disconnects: Record<string, number>;
  /**
   * By the server process the table lived on ("s1", "s2": the prefix of its seats' address behind the proxy;
   * "direct" without one): tables started, games finished and moves seen applied within the run.
   */
  byProcess: Record<string, ProcessShare>;
  /** This worker's own CPU over the run, ms (process.cpuUsage user + system). */
  cpuMs: number;
  wallMs: number;
}

export interface EchoResult {
  type: 'echo';
  roundTrips: number[];
  messages: number;
  errors: Record<string, number>;
  cpuMs: number;
  wallMs: number;
}

/**
 * The boardgame.io baseline's figures, as GameResult's (no server processes to tell apart). `perClientGame` counts
 * engine.io packets (one per WebSocket message: the clients use only the websocket transport) and their bytes as
 * received; `wire` is what the client's TCP socket read. `errors` counts INVALID_MOVE (boardgame.io sends no error:
 * an update that does not move the state on, while an intent is in flight), failed Lobby requests by HTTP status,
 * and STALLED tables; `disconnects` socket.io's disconnect reasons.
 */
export type BgioResult = Omit<GameResult, 'type' | 'byProcess'> & { type: 'bgio' };

export type WorkerMessage = { type: 'ready' } | GameResult | EchoResult | BgioResult | { type: 'failed'; message: string };
