/**
 * The load test's `bgio` job (worker.ts): the boardgame.io baseline's clients, playing the same tables as the `game`
 * job plays on our server, through boardgame.io's own client APIs.
 *
 * Per table: the Lobby API (boardgame.io's LobbyClient) creates a match with the table options as setupData, each
 * seat joins it for its credentials, and a boardgame.io `Client` per seat connects over socket.io (the websocket
 * transport only, one connection per client: `forceNew`, as one browser page has its own). Every seat plays like the
 * `game` job's: the engine's Duel `bot` on the seat's view, one intent per key, after a think time drawn uniformly
 * from --think, held back as the game job's are by a copy of our server's flood limit (boardgame.io has none; the
 * same pacing keeps the workload the same). A finished game's clients stop, leave through the Lobby API (the match is
 * wiped when its last player leaves) and a new table takes its place.
 *
 * What a seat sees comes from the socket itself (`sync` and `update`, the states boardgame.io sends it), not from the
 * client's store, which also changes on local dispatches: latency is intent sent → the first state from the server
 * in which the seat's key moved on. boardgame.io tells a client nothing when its move is refused (INVALID_MOVE): the
 * server sends the unchanged state again, so an update whose state id is not newer than the last one seen, while an
 * intent is in flight, is counted as a refusal.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Client, LobbyClient } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { duel, Duel, Rng } from '@tumbleweed/engine';
import { settings } from '../table/settings';
import { BGIO_DUEL, bgioDuel } from './bgio-game';
import { JOIN_TIMEOUT_MS } from './client';
import { Pacer } from './pace';
import { bump, keepPlaying, newTally, RETRIES, RETRY_MS, runEnd, sleep, TableWatch, thinkMs } from './play';
import type { BgioJob, BgioResult } from './protocol';

/** A state as boardgame.io sends it to one seat: its `playerView` (our engine's view) as G. */
export interface SeatState {
  G: Duel.DuelView;
  ctx: { gameover?: unknown };
  _stateID: number;
}

/** The underside of a boardgame.io client this file reads: its socket.io socket, and engine.io's beneath it. */
export interface EngineSocket {
  on(event: 'packet', fn: (packet: { type: string; data?: unknown }) => void): void;
  transport?: { ws?: { _socket?: { bytesRead?: number } } };
}
export interface IoSocket {
  on(event: string, fn: (...args: any[]) => void): void;
  io: { engine: EngineSocket };
}
export const socketOf = (client: ReturnType<typeof Client>): IoSocket => (client as unknown as { transport: { socket: IoSocket } }).transport.socket;

interface Packets {
  frames: number;
  bytes: number;
  kinds: Record<string, number>;
  kindBytes: Record<string, number>;
}

/** A received engine.io packet's kind: the socket.io event of a message ("2/duel,[\"update\",…" → update), else its type (open, ping…). */
export function packetKind(packet: { type: string; data?: unknown }): string {
  if (packet.type !== 'message' || typeof packet.data !== 'string') return packet.type;
  const event = /^\d(?:\/[^,]*,)?\d*\["([^"]+)"/.exec(packet.data);
  if (event) return event[1];
  return packet.data[0] === '0' ? 'connect' : packet.data[0] === '1' ? 'disconnect' : 'message';
}

/** Bytes of a received engine.io packet as its WebSocket message carried it: the type character, then the data. */
const packetBytes = (packet: { data?: unknown }): number =>
  1 +
  (typeof packet.data === 'string'
    ? Buffer.byteLength(packet.data)
    : packet.data instanceof ArrayBuffer || ArrayBuffer.isView(packet.data)
      ? packet.data.byteLength
      : 0);

/** One intent per key: it moves on when the state shows the seat's last intent (its card placed, or the shootout over). */
const keyOf = (v: Duel.DuelView, seat: number) => `${v.round}.${v.shootout}.${v.phase}.${v.players[seat]?.committed ? 1 : 0}`;

/** The code of a failed Lobby request or connection. */
function lobbyErrorCode(e: unknown): string {
  const name = (e as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'JOIN_TIMEOUT';
  const message = String((e as Error)?.message ?? e);
  return /HTTP status (\d+)/.exec(message) ? `LOBBY_HTTP_${/HTTP status (\d+)/.exec(message)![1]}` : `JOIN_FAILED ${message.slice(0, 60)}`;
}

export async function runBgio(job: BgioJob): Promise<BgioResult> {
  const lobby = new LobbyClient({ server: job.server });
  const init = () => ({ signal: AbortSignal.timeout(JOIN_TIMEOUT_MS) });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result: BgioResult = { type: 'bgio', ...newTally() };
  const { stopped, over } = runEnd(job.until);

  async function playTable(slot: number): Promise<void> {
    const seats: { client: ReturnType<typeof Client>; playerID: string; credentials: string; packets: Packets; engine: EngineSocket }[] = [];
    const watch = new TableWatch(job.seats);
    let leaving = false;

    /** Connects one seat's client and plays it; resolves at its first state (the sync). */
    const seatPlayer = (matchID: string, seat: number, credentials: string): Promise<void> => {
      const playerID = String(seat);
      const client = Client({
        game: bgioDuel,
        multiplayer: SocketIO({ server: job.server, socketOpts: { transports: ['websocket'], forceNew: true } }),
        matchID,
        playerID,
        credentials,
        debug: false,
      });
      const rng = Rng.fromSeed(randomBytes(32).toString('hex'));
      const pacer = new Pacer(settings.flood);
      let latest: SeatState | null = null;
      let lastStateID = -1;
      let sentKey: string | null = null;
      let refusedKey = '';
      let refusals = 0;
      let timer: NodeJS.Timeout | null = null;
      let inflight: { key: string; at: number } | null = null;
      let done = false;
      let synced!: () => void;
      const firstState = new Promise<void>((r) => (synced = r));

      const decide = (s: SeatState | null): { key: string; intent: Duel.DuelIntent } | null => {
        if (!s || s.ctx.gameover !== undefined || Duel.legalFromView(s.G).length === 0) return null;
        const key = keyOf(s.G, seat);
        return key === sentKey ? null : { key, intent: duel.bot(s.G, rng) };
      };

      const wake = (extraMs = 0): void => {
        if (timer || over() || done || !decide(latest)) return;
        const send = () => {
          timer = null;
          if (over() || done) return;
          const next = decide(latest);
          if (!next) return;
          const hold = pacer.wait(Date.now());
          if (hold > 0) {
            result.held++;
            timer = setTimeout(send, hold);
            return;
          }
          pacer.take(Date.now());
          sentKey = next.key;
          inflight = { key: next.key, at: performance.now() };
          client.moves.intent(next.intent);
        };
        timer = setTimeout(send, extraMs + thinkMs(job.think));
      };

      const seen = () => {
        if (!inflight) return;
        if (!over()) {
          result.moves++;
          result.latencies.push(Math.round((performance.now() - inflight.at) * 100) / 100);
        }
        inflight = null;
      };

      const onState = (state: SeatState, sync: boolean) => {
        watch.changed();
        synced();
        if (done) return;
        if (!sync && inflight && state._stateID <= lastStateID) {
          // The server sent the state it had: our intent was refused (INVALID_MOVE).
          bump(result.errors, 'INVALID_MOVE');
          inflight = null;
          refusals = sentKey === refusedKey ? refusals + 1 : 1;
          refusedKey = sentKey ?? '';
          if (refusals <= RETRIES) {
            sentKey = null;
            wake(RETRY_MS * refusals);
          }
          return;
        }
        lastStateID = Math.max(lastStateID, state._stateID);
        latest = state;
        if (state.ctx.gameover !== undefined) {
          seen(); // the intent that ended the game
          done = true;
          if (timer) clearTimeout(timer);
          watch.seatSawOver();
          return;
        }
        if (inflight && keyOf(state.G, seat) !== inflight.key) seen();
        wake();
      };

      client.start();
      const socket = socketOf(client);
      const packets: Packets = { frames: 0, bytes: 0, kinds: {}, kindBytes: {} };
      const engine = socket.io.engine;
      engine.on('packet', (packet) => {
        const kind = packetKind(packet);
        const bytes = packetBytes(packet);
        packets.frames++;
        packets.bytes += bytes;
        bump(packets.kinds, kind);
        packets.kindBytes[kind] = (packets.kindBytes[kind] ?? 0) + bytes;
      });
      socket.on('sync', (_matchID: string, info: { state: SeatState }) => onState(info.state, true));
      socket.on('update', (_matchID: string, state: SeatState) => onState(state, false));
      socket.on('connect_error', () => bump(result.errors, 'CONNECT_ERROR'));
      socket.on('disconnect', (reason: string) => {
        if (timer) clearTimeout(timer);
        done = true;
        if (!leaving) {
          bump(result.disconnects, reason);
          watch.broken();
        }
      });
      seats.push({ client, playerID, credentials, packets, engine });
      return firstState;
    };

    /** Joins a seat through the Lobby API and connects its client; the join's time runs from `since`. */
    const join = async (matchID: string, seat: number, since: number) => {
      const { playerCredentials } = await lobby.joinMatch(
        BGIO_DUEL,
        matchID,
        { playerID: String(seat), playerName: `Load ${job.worker}.${slot}.${seat}` },
        init(),
      );
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        seatPlayer(matchID, seat, playerCredentials),
        new Promise((_, reject) => (timeout = setTimeout(() => reject(Object.assign(new Error('no sync'), { name: 'TimeoutError' })), JOIN_TIMEOUT_MS))),
      ]).finally(() => clearTimeout(timeout));
      if (!over()) result.joins.push(Math.round(performance.now() - since));
    };

    let matchID: string | null = null;
    const leaveAll = async () => {
      leaving = true;
      for (const s of seats) s.client.stop();
      if (matchID === null) return;
      const id = matchID;
      await Promise.race([
        Promise.all(seats.map((s) => lobby.leaveMatch(BGIO_DUEL, id, { playerID: s.playerID, credentials: s.credentials }, init()).catch(() => undefined))),
        sleep(5000),
      ]);
    };
    try {
      const created = performance.now();
      matchID = (await lobby.createMatch(BGIO_DUEL, { numPlayers: job.seats, setupData: job.options }, init())).matchID;
      result.tablesStarted++;
      await join(matchID, 0, created);
      await Promise.all(Array.from({ length: job.seats - 1 }, (_, i) => join(matchID!, i + 1, performance.now())));
      const why = await watch.end(stopped, result.errors);
      const counted = why === 'over' && !over();
      const wire = seats.map((s) => s.engine.transport?.ws?._socket?.bytesRead ?? 0); // before the sockets close
      await leaveAll();
      if (counted) {
        result.games++;
        seats.forEach((s, i) => result.perClientGame.push({ ...s.packets, wire: wire[i]! }));
      }
    } catch (e) {
      if (over()) {
        await leaveAll();
        return;
      }
      const code = lobbyErrorCode(e);
      // boardgame.io refuses these options for every match (validateSetupData): say why at once.
      if (code === 'LOBBY_HTTP_400') throw new Error(`boardgame.io's server refused the match: ${String((e as Error)?.message ?? e)}`);
      bump(result.errors, code);
      await leaveAll();
      await sleep(500);
    }
  }

  await keepPlaying(job.tables, over, playTable, result, cpu0, t0);
  return result;
}
