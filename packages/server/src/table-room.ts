import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ClientState, Protocol, Room, ServerError, type Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import { deriveSeed, eventsFor, isError, writeEventBatch, Rng, runStep, type ApplyResult, type GameEvent, type LogStep, type Seat } from '@tumbleweed/engine';
import type { Deferred } from '@colyseus/core';
import { z } from 'zod';
import { claimCode, releaseCode } from './codes';
import { FLOOD_CLOSE_CODE, MessageBucket, type FloodLimits } from './flood';
import { cleanName, MAX_NAME_GRAPHEMES } from './names';
import { unsafeOptions } from './options';
import { config } from './config';
import { logger } from './log';
import * as metrics from './metrics';
import type { AnyAdapter, BotLevel } from './game-adapter';
import { SeatEventsState, SeatState, syncArray, type TableState } from './table-state';
import { FairRaces, reactionSchema, type TimedShot } from './fair/races';
import { hashToken, tableStore, takeRestore, type ResumableGame, type StoredSeat, type TableStore } from './persist';
import { claimSameCode } from './persist/restore';

export const MAX_SPECTATORS = 50;

/** Table options every game has, next to its own (`options` in the create call): the decision timer (0 = off) and the reconnection grace period (default: RECONNECT_SECONDS). */
const tableOptionsSchema = z
  .object({
    turnSeconds: z.number().int().min(0).max(600).optional(),
    graceSeconds: z.number().int().min(10).max(600).optional(),
    /** How well (Duel, Rattlesnake) or how quick (Saloon) the bots play (games whose adapter has `botLevels`). */
    botLevel: z.enum(['easy', 'normal', 'hard']).optional(),
  })
  .passthrough();

/** A name as the table shows it (see names.ts): cleaned, then refused when blank or too long. */
const nameSchema = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const r = cleanName(s);
    if (r.ok) return r.name;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: r.reason === 'blank' ? 'a name needs a visible character' : `a name is at most ${MAX_NAME_GRAPHEMES} characters`,
    });
    return z.NEVER;
  });

/** The device id a browser keeps (localStorage): how a kicked player is known when they try to come back. */
const deviceSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const joinFields = {
  name: nameSchema.optional(),
  spectate: z.boolean().optional(),
  /** The seat token from `welcome`: takes back a seat a bot has been playing since the player dropped. */
  rejoin: z.string().max(64).optional(),
  device: deviceSchema.optional(),
};

/** Quick chat: a fixed set of phrases and emotes (nothing to moderate); clients translate the ids. */
export const CHAT_PHRASES = ['howdy', 'draw', 'nice_shot', 'bluffing', 'good_game', 'oops', 'tip_hat', 'laugh', 'angry', 'skull'] as const;
/** One chat line per client per this many ms. */
export const CHAT_INTERVAL_MS = 2000;

/** Everything needed to replay a finished game: the seed and every step the engine took. */
export interface GameLog {
  /** The game's id where it is kept (persist/): `GET /api/games/:id/log` serves it once over. Empty when not kept. */
  id: string;
  game: string;
  code: string;
  /** Test seeds are whole numbers; every other game's is a fresh 256-bit hex secret. */
  seed: string | number;
  options: unknown;
  seats: { name: string; kind: string }[];
  /** `at`: the server time passed to the engine (real-time games depend on it). */
  steps: ({ seat: Seat; intent: unknown; at: number } | { timeout: true; at: number } | { shift: number; at: number })[];
  events: GameEvent[];
  outcome: unknown;
}

/** Table management (client → server message `table`), next to the game's own `intent`s. */
const tableActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start') }),
  z.object({ action: z.literal('addBot') }),
  z.object({ action: z.literal('removeBot'), seat: z.number().int().min(0) }),
  z.object({ action: z.literal('kick'), seat: z.number().int().min(0) }),
  z.object({ action: z.literal('toSpectator'), seat: z.number().int().min(0) }),
  z.object({ action: z.literal('rematch') }),
  z.object({ action: z.literal('chat'), phrase: z.enum(CHAT_PHRASES) }),
  z.object({ action: z.literal('log') }),
]);
type TableAction = z.infer<typeof tableActionSchema>;

/** Intents arriving this long after one that came during a race are logged like it (info): the late answers. */
export const RACE_LOG_TAIL_MS = 1000;

/** After a restart, how long the first player back waits for the others before the game goes on. */
export const RESTORE_GATHER_MS = 10_000;

/** Missed decisions in a row after which a bot plays for an absent-minded human. */
export const AWAY_AFTER_MISSES = 2;

/** A test seed (whole number) or a 256-bit hex seed; accepted only with ALLOW_TEST_SEED. */
const testSeedSchema = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[0-9a-f]{64}$/)]);
const createFields = {
  seats: z.number().int(),
  bots: z.number().int().min(0).optional(),
  options: z.record(z.unknown()).optional(),
  seed: testSeedSchema.optional(),
};
/** Create options: unknown keys are refused (BAD_OPTIONS), so a typo or a probe never passes silently. */
const createSchema = z.object({ ...joinFields, ...createFields }).strict();
/** Join options. Colyseus hands the creator's create options to `onJoin` too, so their keys are allowed (and ignored). */
const joinSchema = z.object({ ...joinFields, ...createFields, seats: createFields.seats.optional() }).strict();

export interface SeatUser {
  seat: Seat | null;
  /** This connection's message bucket (flood control). */
  bucket?: MessageBucket;
  /** Closed by the server because another connection took its seat (or it was kicked): no reconnection. */
  replaced?: boolean;
  /** Cut off for flooding: its remaining frames are dropped. */
  cut?: boolean;
  /** The seed of the game whose log this connection was sent (one log per connection and game). */
  logOf?: string | number;
}

export interface TableSettings {
  /** Delay before a bot acts, so people can follow; tests use 0. */
  botDelayMs: number;
  /** Seconds a dropped player has to come back before a bot takes the seat. */
  reconnectSeconds: number;
  allowTestSeed: boolean;
  /** Flood control: every message a client sends takes a token (see flood.ts). */
  flood: FloodLimits;
}

/** Starts from the environment (config.ts); tests may change it. */
export const settings: TableSettings = {
  botDelayMs: config.botDelayMs,
  reconnectSeconds: config.reconnectSeconds,
  allowTestSeed: config.allowTestSeed,
  flood: { burst: 30, perSecond: 15, strikes: 60 },
};

/** Close code for a connection whose seat was taken by another (a second tab, a seat token): it must not reconnect. */
export const SEAT_TAKEN_CLOSE_CODE = 4010;

/** A fresh 256-bit secret for each game (issue 11): never derived from an earlier one. */
const freshSeed = (): string => randomBytes(32).toString('hex');

function refuse(code: string, message: string): never {
  metrics.errors.inc({ code });
  throw new ServerError(400, `${code}: ${message}`);
}

const BOT_NAMES = ['Doc Holloway', 'Calamity Kate', 'Dusty Pete', 'One-Eyed Jack', 'Belle Starr', 'Sheriff Bart'];

/**
 * The shared table: code, seats, bots, start, timers, reconnection, and intents → engine → Schema → events.
 * A game subclass only names its adapter.
 */
export abstract class TableRoom<TS extends TableState = TableState> extends Room<TS, unknown, SeatUser> {
  abstract readonly adapter: AnyAdapter;
  maxClients = 6 + MAX_SPECTATORS;

  private engine: unknown = null;
  private gameOptions: unknown = null;
  private botRng!: Rng;
  private pendingBefore = new Set<Seat>();
  /** The running countdown is the game's own deadline (not the table's per-decision timer). */
  private onGameClock = false;
  private botTimers = new Map<Seat, NodeJS.Timeout>();
  private countdown: NodeJS.Timeout | null = null;
  private code = '';
  /**
   * Secret per seat, sent only to its player (`welcome`), to take the seat back after the grace period. Kept here
   * (and stored, persist/) as its SHA-256 only.
   */
  private seatTokens = new Map<Seat, string>();
  /** Countdowns that ran out on a seat in a row. */
  private misses = new Map<Seat, number>();
  /**
   * Seed of the current game (fresh from crypto for each game; a test seed for the first, in tests) and every step
   * since: the replay log (sent only once the game is over).
   */
  private gameSeed: string | number = '';
  /** Device ids of kicked players: barred from this table for its life. */
  private barred = new Set<string>();
  /** The device id each seated player joined with, when their browser sent one. */
  private seatDevices = new Map<Seat, string>();
  /** A dropped seat's pending reconnection (cancelled when the seat is kicked or taken back with its token). */
  private reconnecting = new Map<Seat, Deferred<Client>>();
  private steps: GameLog['steps'] = [];
  /** Persistence (persist/): the current game's id in the store, the create options it keeps, the process stopping. */
  private gameId = '';
  private createOptions: unknown = null;
  private shuttingDown = false;
  private storeFailed = false;
  /** Rebuilt after a restart: the table waits for its players (until they are back, or the grace period ends). */
  private awaitingReturn: NodeJS.Timeout | null = null;
  /** Rebuilt and not going on yet (no countdown, no bot); `gathering`: the first player is back, the others have a little longer. */
  private paused = false;
  private gathering: NodeJS.Timeout | null = null;
  /** The finished game's log, built once for every connection that asks. */
  private finishedLog: GameLog | null = null;
  private allEvents: GameEvent[] = [];
  /** Events of the change in progress, and how many batches went out (broadcastEvents, onBeforePatch). */
  private eventBatch: GameEvent[] = [];
  private batches = 0;
  private flushQueued = false;
  private lastChat = new Map<string, number>();
  /** Every intent that reaches the table (a human's message or a bot's decision) gets the next number: arrival order. */
  private arrivals = 0;
  /** When the last intent arrived while the game's own clock ran (a race, a response window). */
  private lastRealTimeArrival = -Infinity;
  private log = logger.child({ game: '?' });
  /** The table's own reconnection grace period (seconds), when its creator chose one. */
  private graceSeconds: number | null = null;
  /** How quick this table's bots are (`options.botLevel`). */
  private botLevel: BotLevel = 'normal';
  /** Races judged by reaction time: clock sync, cards ahead of "Go!", held shots (fair/). */
  private races = new FairRaces({
    race: () => (this.state.status === 'playing' ? (this.adapter.game.race?.(this.engine) ?? null) : null),
    preview: (seat) => this.adapter.game.racePreview?.(this.engine, seat) ?? null,
    clientOf: (seat) => this.clients.find((c) => c.userData?.seat === seat),
    judge: (shot) => this.judge(shot),
    outlived: (shot) =>
      this.log.info(
        { seq: shot.seq, seat: shot.seat, by: shot.by, intent: shot.intent.type, at: shot.at, arrival: shot.arrival },
        'shot too late: the race was over',
      ),
    later: (fn, ms) => this.later(fn, ms),
    now: () => Date.now(),
  });

  /** Seconds a dropped player has to come back: the table's option, else the server's setting. */
  private grace(): number {
    return this.graceSeconds ?? settings.reconnectSeconds;
  }

  async onCreate(raw: unknown): Promise<void> {
    // A table rebuilt after a restart (persist/restore.ts) comes with its stored create options.
    const restoring = takeRestore(raw);
    if (restoring) raw = restoring.options;
    const unsafe = unsafeOptions(raw);
    if (unsafe) refuse('BAD_OPTIONS', unsafe);
    const parsed = createSchema.safeParse(raw ?? {});
    if (!parsed.success) refuse('BAD_OPTIONS', describe(parsed.error));
    const opts = parsed.data;
    const { game } = this.adapter;
    if (opts.seats < game.minSeats || opts.seats > game.maxSeats) {
      refuse('BAD_OPTIONS', `${game.id} seats ${game.minSeats}–${game.maxSeats}`);
    }
    const bots = opts.bots ?? 0;
    if (bots > opts.seats) refuse('BAD_OPTIONS', 'more bots than seats');
    if (opts.seed !== undefined && !settings.allowTestSeed) refuse('SEED_NOT_ALLOWED', 'seed is a test-only option');
    const table = tableOptionsSchema.safeParse(opts.options ?? {});
    if (!table.success) refuse('BAD_OPTIONS', table.error.issues[0].message);
    const { turnSeconds, graceSeconds, botLevel, ...own } = table.data;
    this.graceSeconds = graceSeconds ?? null;
    if (botLevel !== undefined && !this.adapter.botLevels) refuse('BAD_OPTIONS', `options.botLevel: ${game.id} bots have no levels`);
    this.botLevel = botLevel ?? 'normal';
    const ownParsed = this.adapter.optionsSchema.safeParse(own);
    if (!ownParsed.success) refuse('BAD_OPTIONS', describe(ownParsed.error, 'options'));
    const gameOptions = game.options(ownParsed.data);
    if ('error' in (gameOptions as object)) refuse('BAD_OPTIONS', (gameOptions as { error: { message: string } }).error.message);
    this.gameOptions = gameOptions;
    this.createOptions = { seats: opts.seats, bots, options: opts.options ?? {} };

    // A test seed makes the whole table reproducible (bots included); otherwise every secret is fresh from crypto.
    this.gameSeed = opts.seed ?? freshSeed();
    this.botRng = Rng.fromSeed(opts.seed !== undefined ? deriveSeed(opts.seed, 'bots') : freshSeed());

    this.code = restoring ? await claimSameCode(this.presence, restoring.code) : await claimCode(this.presence);
    this.roomId = this.code;
    this.log = logger.child({ table: this.code, game: game.id });
    metrics.liveTables.add(this);
    await this.setPrivate(true);
    // Turn-based: patches go out right after each change (see `afterChange`), not on a tick.
    this.setPatchRate(null);

    const state = new this.adapter.State() as TS;
    state.code = this.code;
    state.game = game.id;
    state.turnSeconds = turnSeconds ?? this.adapter.defaultTurnSeconds;
    state.graceSeconds = this.grace();
    for (let i = 0; i < opts.seats; i++) {
      const seat = new SeatState();
      if (i >= opts.seats - bots) {
        seat.kind = 'bot';
        seat.name = BOT_NAMES[i % BOT_NAMES.length];
      }
      state.seats.push(seat);
      state.seatEvents.push(new SeatEventsState());
    }
    this.setState(state);
    this.maxClients = opts.seats + MAX_SPECTATORS;

    this.onMessage('intent', (client, message) => this.guarded(client, () => this.onIntent(client, message)));
    this.onMessage('table', (client, message) => this.guarded(client, () => this.onTableAction(client, message)));
    this.onMessage('clock', (client, message) =>
      this.guarded(client, () => {
        const refused = this.races.clock(client, message);
        if (refused) this.sendError(client, refused.code, refused.message);
      }),
    );
    // Any other type. Colyseus calls this handler with (client, message) when the type itself is "*", and with
    // (client, type, message) otherwise: the type is only named when it is a short plain string.
    const unknownType = (client: Client, type?: unknown) => {
      const named = typeof type === 'string' && type.length <= 32 && /^[\w-]*$/.test(type) ? ` "${type}"` : '';
      this.sendError(client, 'BAD_MESSAGE', `Unknown message type${named}; send "intent", "table" or "clock".`);
    };
    this.onMessage('*', unknownType);
    // Colyseus' own fallback under this name closes the connection; a client may send the name as a type.
    this.onMessage('__no_message_handler', (client) => unknownType(client));
    if (restoring) this.resume(restoring);
  }

  /**
   * Flood control on every message, before Colyseus decodes it: a token bucket per connection. Over the limit the
   * message is dropped and answered RATE_LIMITED; far over, the connection is closed (FLOOD_CLOSE_CODE).
   */
  protected override _onMessage(client: Client<SeatUser> & Parameters<Room['_onMessage']>[0], buffer: Buffer): void {
    // Every frame counts, also those Colyseus would drop unread (not a message type it knows).
    const user = (client.userData ??= { seat: null });
    if (user.cut) return; // cut off: the frames still in flight are dropped unread
    user.bucket ??= new MessageBucket(settings.flood);
    const verdict = user.bucket.take(Date.now());
    if (verdict === 'ok') return super._onMessage(client, buffer);
    metrics.errors.inc({ code: 'RATE_LIMITED' });
    if (verdict === 'limited') return client.send('error', { code: 'RATE_LIMITED', message: 'Too many messages; slow down, partner.' });
    user.cut = true;
    this.log.warn({ session: client.sessionId, seat: user.seat }, 'flooding client disconnected');
    client.leave(FLOOD_CLOSE_CODE, 'Too many messages.');
  }

  /** A handler that throws answers its client and keeps the table (the engine's states are immutable). */
  private guarded(client: Client, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.log.error({ err, session: client.sessionId }, 'error while handling a message');
      this.sendError(client, 'SERVER_ERROR', 'The server could not handle that; the table goes on.');
    }
  }

  onJoin(client: Client<SeatUser>, raw: unknown): void {
    const unsafe = unsafeOptions(raw);
    if (unsafe) refuse('BAD_OPTIONS', unsafe);
    const parsed = joinSchema.safeParse(raw ?? {});
    if (!parsed.success) refuse('BAD_OPTIONS', describe(parsed.error));
    const { name, spectate, rejoin, device } = parsed.data;
    if (device && this.barred.has(device)) refuse('KICKED', 'The host removed you from this table.');
    client.view = new StateView();
    if (rejoin && this.takeBack(client, rejoin, device)) return;
    const open = this.openSeats();
    if (spectate) return this.addSpectator(client);
    if (open.length === 0) {
      // A bot-only table has no seat for anyone: its creator (and everyone after) watches.
      if (this.state.host === -1) return this.addSpectator(client);
      refuse('TABLE_FULL', 'Every seat at this table is taken. You can watch instead.');
    }
    const seat = open[0];
    const s = this.state.seats[seat];
    s.kind = 'human';
    s.name = name ?? `Stranger ${seat + 1}`;
    s.sessionId = client.sessionId;
    s.connected = true;
    client.userData = { ...client.userData, seat };
    if (device) this.seatDevices.set(seat, device);
    if (this.state.host === -1) this.state.host = seat;
    this.welcome(client, seat);
    this.broadcastEvents([{ type: 'player_joined', seat, name: s.name }]);
    if (this.engine) this.showPrivate(client, seat);
    this.startWhenFull();
  }

  async onLeave(client: Client<SeatUser>, consented: boolean): Promise<void> {
    // A refused join (onJoin threw) also ends here: that client never sat down nor watched.
    this.lastChat.delete(client.sessionId);
    this.races.forget(client);
    if (!client.userData || client.userData.replaced) return;
    if (this.shuttingDown) return; // the process stops: a kept game resumes with every seat as it was
    const seat = client.userData.seat ?? null;
    if (seat === null) {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      this.broadcastPatch();
      return;
    }
    const s = this.state.seats[seat];
    if (this.state.status === 'waiting') {
      this.freeSeat(seat);
      return;
    }
    s.connected = false;
    this.broadcastPatch();
    if (!consented && this.state.status === 'playing' && this.grace() > 0) {
      const pendingBack = this.allowReconnection(client, this.grace());
      this.reconnecting.set(seat, pendingBack);
      try {
        const back = await pendingBack;
        if (this.reconnecting.get(seat) === pendingBack) this.reconnecting.delete(seat);
        if (s.sessionId !== client.sessionId) {
          // The seat was taken back with its token (or freed) meanwhile: this connection has no seat any more.
          back.userData = { seat: null, replaced: true };
          back.leave(SEAT_TAKEN_CLOSE_CODE, 'Your seat was taken from another window or device.');
          return;
        }
        back.userData = { seat };
        back.view = new StateView();
        this.showPrivate(back, seat);
        s.connected = true;
        metrics.reconnections.inc();
        this.log.info({ seat }, 'player reconnected');
        this.broadcastPatch();
        return;
      } catch {
        // grace period over, or the reconnection was cancelled (kicked, seat taken back): fall through
        if (this.reconnecting.get(seat) === pendingBack) this.reconnecting.delete(seat);
      }
      if (s.connected || s.sessionId !== client.sessionId) return; // came back with their seat token meanwhile
    }
    if (this.state.status === 'playing') {
      s.kind = 'bot';
      s.sessionId = '';
      this.saveSeats();
      this.broadcastEvents([{ type: 'bot_took_seat', seat }]);
      this.afterChange(new Set());
    }
    this.passHost(seat);
  }

  async onDispose(): Promise<void> {
    this.clearTimers();
    this.reconnecting.clear();
    metrics.liveTables.delete(this);
    // Everyone left a game still being played: it is not resumed after a restart (a shutdown keeps it).
    const resumed = this.state?.status === 'playing' && this.shuttingDown && tableStore() !== null && this.gameId !== '';
    if (this.state?.status === 'playing' && !this.shuttingDown) this.persist((s) => s.finish(this.gameId, 'abandoned', null));
    // A table the next process resumes keeps its code claimed meanwhile.
    if (this.code && !resumed) await releaseCode(this.presence, this.code);
    this.log.info('table closed');
  }

  /** The process is stopping (SIGTERM): tell everyone, then close their connections. */
  onBeforeShutdown(): void {
    this.shuttingDown = true;
    // A kept game (persist/) is already stored step by step: the next process resumes it, and its players reconnect
    // on their own as after any drop. Only a table that is not kept is closed.
    const resumable = this.state.status === 'playing' && tableStore() !== null && this.gameId !== '';
    this.log.info(
      { clients: this.clients.length, resumable },
      resumable ? 'server restarting: the game is kept for the next process' : 'server restarting: closing table',
    );
    if (!resumable) {
      this.broadcastEvents([{ type: 'server_restarting', message: 'The server is restarting. This table is closed; start a new one in a moment.' }]);
      this.broadcastPatch();
    }
    this.clearTimers();
    // (Colyseus does not wait for this hook: a failure is logged, never an unhandled rejection)
    this.disconnect(Protocol.WS_CLOSE_GOING_AWAY).catch((err: unknown) => this.log.warn({ err }, 'disconnecting for the shutdown failed'));
  }

  onUncaughtException(error: unknown, methodName: string): void {
    if ((error as { cause?: unknown })?.cause instanceof ServerError) return; // a refusal the client was told about
    this.log.error({ err: error, method: methodName }, 'uncaught error in table');
  }

  /** Rejects a dropped seat's pending reconnection, so its old reconnection token is dead. */
  private cancelReconnection(seat: Seat): void {
    const pending = this.reconnecting.get(seat);
    if (!pending) return;
    this.reconnecting.delete(seat);
    pending.reject(new Error('seat no longer waits for this connection'));
  }

  /** Tells a player their seat and its secret token (kept by the client to take the seat back later). */
  private welcome(client: Client<SeatUser>, seat: Seat): void {
    const token = randomUUID();
    this.seatTokens.set(seat, hashToken(token));
    if (this.state.status === 'playing') this.saveSeats();
    client.send('welcome', { seat, token });
  }

  /** A player who dropped for longer than the grace period comes back: the bot hands the seat back. */
  private takeBack(client: Client<SeatUser>, token: string, device: string | undefined): boolean {
    const hash = hashToken(token);
    const seat = [...this.seatTokens].find(([, t]) => t === hash)?.[0];
    if (seat === undefined) return false;
    const s = this.state.seats[seat];
    if (s.connected) return false;
    // One live session per seat: the seat's connection is gone (not `connected`), and a reconnection still waiting
    // for it is cancelled.
    this.cancelReconnection(seat);
    s.kind = 'human';
    s.sessionId = client.sessionId;
    s.connected = true;
    s.away = false;
    this.misses.delete(seat);
    client.userData = { ...client.userData, seat };
    if (device) this.seatDevices.set(seat, device);
    if (this.state.host === -1) this.state.host = seat;
    this.welcome(client, seat);
    if (this.engine) this.showPrivate(client, seat);
    this.broadcastEvents([{ type: 'player_returned', seat, name: s.name }]);
    this.broadcastPatch();
    // A table rebuilt after a restart carries on once every player is back.
    if (this.awaitingReturn) this.playerBack();
    return true;
  }

  private onTableAction(client: Client<SeatUser>, message: unknown): void {
    const parsed = tableActionSchema.safeParse(message);
    if (!parsed.success) return this.sendError(client, 'BAD_MESSAGE', `table: ${parsed.error.issues[0].message}`);
    const action = parsed.data;
    const me = client.userData?.seat ?? null;
    if (action.action === 'rematch') return this.askRematch(client, me);
    if (action.action === 'chat') return this.chat(client, me, action.phrase);
    if (action.action === 'log') return this.sendLog(client);
    if (me === null || me !== this.state.host) return this.sendError(client, 'NOT_HOST', 'Only the host can do that.');
    const problem = this.hostAction(action, me);
    if (problem) this.sendError(client, problem.code, problem.message);
  }

  /** The host's powers. Returns a refusal, or null when done. */
  private chat(client: Client<SeatUser>, seat: Seat | null, phrase: (typeof CHAT_PHRASES)[number]): void {
    const now = Date.now();
    if (now - (this.lastChat.get(client.sessionId) ?? 0) < CHAT_INTERVAL_MS) {
      return this.sendError(client, 'RATE_LIMITED', 'One message every 2 seconds, partner.');
    }
    this.lastChat.set(client.sessionId, now);
    const name = seat === null ? 'A spectator' : this.state.seats[seat].name;
    this.broadcastEvents([{ type: 'chat', seat, name, phrase }]);
  }

  /** The whole log, hidden cards and seed included: only once the game is over. */
  private sendLog(client: Client<SeatUser>): void {
    if (this.state.status !== 'over' || !this.engine) return this.sendError(client, 'NOT_NOW', 'The log is available once the game is over.');
    // A whole log is large (hundreds of KB): each connection gets it once per game, and the client keeps it.
    const user = (client.userData ??= { seat: null });
    if (user.logOf === this.gameSeed) return this.sendError(client, 'LOG_SENT', 'You already have this game’s log.');
    user.logOf = this.gameSeed;
    this.finishedLog ??= {
      id: tableStore() ? this.gameId : '',
      game: this.adapter.game.id,
      code: this.code,
      seed: this.gameSeed,
      options: this.gameOptions,
      seats: this.state.seats.map((s) => ({ name: s.name, kind: s.kind })),
      steps: this.steps,
      events: this.allEvents,
      outcome: this.adapter.game.outcome(this.engine),
    };
    client.send('log', this.finishedLog);
  }

  private hostAction(action: Exclude<TableAction, { action: 'rematch' | 'chat' | 'log' }>, host: Seat): { code: string; message: string } | null {
    const waiting = this.state.status === 'waiting';
    const notNow = { code: 'NOT_NOW', message: 'That can only be done before the game starts.' };
    const seatOf = (seat: number) => this.state.seats[seat];
    switch (action.action) {
      case 'start': {
        if (!waiting) return notNow;
        for (const seat of this.openSeats()) this.makeBot(seat);
        this.startWhenFull();
        return null;
      }
      case 'addBot': {
        if (!waiting) return notNow;
        const [seat] = this.openSeats();
        if (seat === undefined) return { code: 'TABLE_FULL', message: 'Every seat is taken.' };
        this.makeBot(seat);
        this.startWhenFull();
        return null;
      }
      case 'removeBot': {
        if (!waiting) return notNow;
        if (seatOf(action.seat)?.kind !== 'bot') return { code: 'BAD_SEAT', message: 'That seat has no bot.' };
        this.freeSeat(action.seat);
        return null;
      }
      case 'kick':
      case 'toSpectator': {
        const s = seatOf(action.seat);
        if (!s || s.kind !== 'human' || action.seat === host) return { code: 'BAD_SEAT', message: 'Pick another player’s seat.' };
        if (action.action === 'toSpectator' && !waiting) return notNow;
        const target = this.clients.find((c) => c.sessionId === s.sessionId);
        this.seatTokens.delete(action.seat);
        if (!waiting) this.saveSeats();
        if (action.action === 'kick') {
          // Kicked for the table's life: every token of the seat dies, and the device is barred from joining again.
          const device = this.seatDevices.get(action.seat);
          if (device) this.barred.add(device);
          this.broadcastEvents([{ type: 'player_kicked', seat: action.seat, name: s.name }]);
          if (target) target.leave(Protocol.WS_CLOSE_CONSENTED);
          else if (this.reconnecting.has(action.seat)) this.cancelReconnection(action.seat);
          else if (waiting) this.freeSeat(action.seat);
          return null;
        }
        this.freeSeat(action.seat);
        if (target) this.addSpectator(target);
        return null;
      }
    }
  }

  private makeBot(seat: Seat): void {
    const s = this.state.seats[seat];
    s.kind = 'bot';
    s.name = BOT_NAMES[seat % BOT_NAMES.length];
  }

  /** "Play again": when every human still at the table has asked, a new game starts with the same seats. */
  private askRematch(client: Client<SeatUser>, seat: Seat | null): void {
    if (this.state.status !== 'over') return this.sendError(client, 'NOT_NOW', 'A rematch can be asked for once the game is over.');
    if (seat === null) return this.sendError(client, 'NOT_SEATED', 'Spectators watch; they cannot play.');
    this.state.seats[seat].ready = true;
    const humans = this.state.seats.toArray().filter((s) => s.kind === 'human' && s.connected);
    if (humans.every((s) => s.ready)) {
      for (const s of this.state.seats) s.ready = false;
      syncArray(this.state.winners, []);
      this.misses.clear();
      this.gameSeed = freshSeed(); // a new secret: nothing of the last game's log tells the next deal
      this.startGame();
    } else {
      this.broadcastEvents([{ type: 'rematch_asked', seat }]);
      this.broadcastPatch();
    }
  }

  /** The engine state (server only). Exposed for tests and the replay log, never sent to clients. */
  get engineState(): unknown {
    return this.engine;
  }

  private openSeats(): Seat[] {
    return this.state.seats.toArray().flatMap((s, i) => (s.kind === 'open' ? [i] : []));
  }

  private addSpectator(client: Client<SeatUser>): void {
    client.userData = { seat: null };
    this.state.spectators += 1;
    this.startWhenFull();
  }

  /** The game starts by itself once every seat is taken (a bot-only table: once its creator is watching). */
  private startWhenFull(): void {
    if (this.state.status === 'waiting' && this.openSeats().length === 0) this.startGame();
    else this.broadcastPatch();
  }

  private freeSeat(seat: Seat): void {
    const s = this.state.seats[seat];
    const name = s.name;
    s.kind = 'open';
    s.name = '';
    s.sessionId = '';
    s.connected = false;
    // A freed seat's tokens die with it: nobody takes a later occupant's seat with an old token.
    this.seatTokens.delete(seat);
    this.seatDevices.delete(seat);
    this.cancelReconnection(seat);
    this.passHost(seat);
    this.broadcastEvents([{ type: 'player_left', seat, name }]);
    this.broadcastPatch();
  }

  private passHost(leaving: Seat): void {
    if (this.state.host !== leaving) return;
    const next = this.state.seats.findIndex((s, i) => i !== leaving && s.kind === 'human' && s.connected);
    this.state.host = next;
  }

  private showPrivate(client: Client<SeatUser>, seat: Seat): void {
    // Only what this client is not shown yet: adding a shown object again (a rematch) makes colyseus.js decode its
    // maps afresh, without the keys of their entries (packages/server/src/games/json-board.test.ts).
    const own = [...this.adapter.privateObjects(this.state, seat), this.state.seatEvents[seat]];
    for (const obj of own) if (!client.view!.has(obj)) client.view!.add(obj);
  }

  private startGame(): void {
    const { game } = this.adapter;
    this.finishedLog = null;
    this.steps = [];
    this.allEvents = [];
    this.engine = game.setup({ seats: this.state.seats.length, options: this.gameOptions }, Rng.fromSeed(this.gameSeed));
    this.gameId = randomUUID();
    const startedAt = Date.now();
    this.persist((s) =>
      s.startGame({
        id: this.gameId,
        code: this.code,
        room: this.roomName,
        options: this.createOptions,
        gameOptions: this.gameOptions,
        seed: this.gameSeed,
        seats: this.storedSeats(),
        startedAt,
      }),
    );
    this.state.status = 'playing';
    this.mirror();
    for (const client of this.clients) {
      const seat = client.userData?.seat;
      if (seat !== undefined && seat !== null) this.showPrivate(client, seat);
    }
    this.broadcastEvents([{ type: 'game_started', seats: this.state.seats.length }]);
    this.log.info({ seats: this.state.seats.length, bots: this.state.seats.filter((s) => s.kind === 'bot').length }, 'game started');
    this.afterChange(new Set());
  }

  private onIntent(client: Client<SeatUser>, message: unknown): void {
    const seat = client.userData?.seat ?? null;
    if (seat === null) return this.sendError(client, 'NOT_SEATED', 'Spectators watch; they cannot play.');
    if (this.state.status === 'over') return this.sendError(client, 'GAME_OVER', 'The game is over.');
    if (this.state.status !== 'playing') return this.sendError(client, 'NOT_STARTED', 'The game has not started yet.');
    // A timed intent (a race's shot) may carry the player's reaction beside it: the timing policy's to judge.
    let claimedMs: number | undefined;
    if (message !== null && typeof message === 'object' && !Array.isArray(message) && 'reactionMs' in message) {
      const { reactionMs, ...rest } = message as Record<string, unknown>;
      const claim = reactionSchema.safeParse(reactionMs);
      if (!claim.success) return this.sendError(client, 'BAD_MESSAGE', 'reactionMs: a number of ms from 0 to 60000.');
      claimedMs = claim.data;
      message = rest;
    }
    const parsed = this.adapter.intentSchema.safeParse(message);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.sendError(client, 'BAD_MESSAGE', `${issue.path.join('.') || 'intent'}: ${issue.message}`);
    }
    this.misses.delete(seat);
    if (this.state.seats[seat].away) {
      this.state.seats[seat].away = false;
      this.broadcastEvents([{ type: 'seat_back', seat }]);
    }
    const started = performance.now();
    const game = this.adapter.game.id;
    metrics.intents.inc({ game });
    this.settleBefore(seat, parsed.data.type);
    this.play(seat, parsed.data, 'human', client, claimedMs);
    metrics.intentSeconds.observe({ game }, (performance.now() - started) / 1000);
  }

  /**
   * One intent reaches the engine, stamped with the server's clock and its arrival number. When several players
   * answer in the same instant (a race, an interrupt), the earlier arrival is applied first and wins: that order is
   * logged (info while the game's own clock runs — a response window, a race — debug otherwise).
   */
  private play(seat: Seat, intent: { type: string }, by: 'human' | 'bot', from?: Client, claimedMs?: number): void {
    const seq = ++this.arrivals;
    const race = this.races.timed(seat, intent.type);
    if (race && Date.now() >= race.goAt) {
      // A racer's shot after "Go!": judged by reaction time once no quicker shot can still be on its way (fair/). One
      // the engine refuses even now (a wrong gun, a lock-out) is answered at once.
      const shot = this.races.place(race, { seat, intent, by, from, claimedMs, seq });
      this.lastRealTimeArrival = shot.arrival;
      const probe = this.adapter.game.apply(this.engine, seat, shot.intent, shot.at);
      this.log.info(
        { seq, seat, by, intent: intent.type, claimedMs, ...shot.verdict, ...(isError(probe) ? { result: probe.error.code } : {}) },
        isError(probe) ? 'shot refused' : 'shot held',
      );
      if (isError(probe)) return this.commit(probe, { seat, intent: shot.intent, at: shot.at }, from);
      this.races.hold(shot);
      return;
    }
    const at = Date.now();
    // A race or a response window, or just after one closed (the late answers that lost it).
    const realTime = this.gameDeadline() !== null || at - this.lastRealTimeArrival < RACE_LOG_TAIL_MS;
    if (this.gameDeadline() !== null) this.lastRealTimeArrival = at;
    const pending = this.adapter.game.pending(this.engine).includes(seat);
    const result = this.adapter.game.apply(this.engine, seat, intent, at);
    const line = { seq, seat, by, intent: intent.type, at, pending, result: isError(result) ? result.error.code : 'accepted' };
    if (realTime) this.log.info(line, 'intent arrived');
    else this.log.debug(line, 'intent arrived');
    this.commit(result, { seat, intent, at }, from);
  }

  /** Shots held for a race are judged before any other intent reaches the engine. */
  private settleBefore(seat: Seat, type: string): void {
    if (this.races.waiting && !this.races.timed(seat, type)) this.races.settle(true);
  }

  /**
   * A held race shot, at its accepted time. The engine checked it when it was held; if it refuses it now, a shot
   * judged before it changed the race (a lock-out from the shooter's own earlier misfire): that shows in the state,
   * so the shooter is not sent a late refusal (answers to a connection stay in the order of its messages).
   */
  private judge(shot: TimedShot): void {
    if (this.state.status !== 'playing') return;
    const result = this.adapter.game.apply(this.engine, shot.seat, shot.intent, shot.at);
    this.log.info(
      {
        seq: shot.seq,
        seat: shot.seat,
        by: shot.by,
        intent: shot.intent.type,
        at: shot.at,
        arrival: shot.arrival,
        result: isError(result) ? result.error.code : 'accepted',
      },
      'shot judged',
    );
    if (!isError(result)) this.commit(result, { seat: shot.seat, intent: shot.intent, at: shot.at });
  }

  private sendError(client: Client, code: string, message: string): void {
    metrics.errors.inc({ code });
    client.send('error', { code, message });
  }

  /** Takes an engine result: refuse it, or make it the table's state and tell everyone what happened. */
  private commit(result: ApplyResult<unknown>, step: GameLog['steps'][number], from?: Client): void {
    if (isError(result)) {
      if (from) this.sendError(from, result.error.code, result.error.message);
      else this.log.error({ error: result.error }, 'server-side intent refused');
      return;
    }
    this.engine = result.state;
    this.steps.push(step);
    // Stored before anyone is told (persist/): a restart resumes from exactly what the players saw.
    this.persist((s) => s.appendStep(this.gameId, this.steps.length - 1, step));
    this.allEvents.push(...result.events);
    const before = this.pendingBefore;
    this.mirror();
    this.broadcastEvents(result.events);
    this.afterChange(before);
  }

  private mirror(): void {
    const { game } = this.adapter;
    const seatViews = this.state.seats.map((_, i) => game.view(this.engine, i));
    this.adapter.mirror(this.state, game.view(this.engine, null), seatViews);
    const outcome = game.outcome(this.engine);
    if (outcome && this.state.status !== 'over') {
      this.log.info({ winners: outcome.winners, scores: outcome.scores }, 'game over');
      this.persist((s) => s.finish(this.gameId, 'over', outcome));
    }
    if (outcome) {
      this.state.status = 'over';
      syncArray(this.state.winners, outcome.winners);
    }
  }

  /** Patches at once, then restarts the countdown when someone new must decide, and wakes the bots. */
  private afterChange(before: Set<Seat>): void {
    // A rebuilt table that has not gone on yet (persist/): a move is shown, but no countdown runs and no bot wakes.
    if (this.paused) return this.showWhilePaused();
    const pending = this.state.status === 'playing' ? this.adapter.game.pending(this.engine) : [];
    syncArray(this.state.pending, pending);
    const fresh = pending.some((s) => !before.has(s));
    this.pendingBefore = new Set(pending);
    if (this.followGameClock()) {
      // the game's own clock runs (a threat window, a duel)
    } else if (pending.length === 0) this.stopCountdown();
    else if (fresh || this.onGameClock) this.startCountdown();
    this.onGameClock = this.countdown !== null && this.gameDeadline() !== null;
    this.broadcastPatch();
    this.races.afterChange();
    for (const seat of [...pending, ...this.interrupters(pending)]) if (this.botPlays(seat)) this.scheduleBot(seat);
  }

  /** Seats the game does not wait for but that may act now (an interrupt), when the game has them. Never sent. */
  private interrupters(pending: readonly Seat[]): Seat[] {
    const { game } = this.adapter;
    if (this.state.status !== 'playing' || !game.interrupters) return [];
    return game.interrupters(this.engine).filter((s: Seat) => !pending.includes(s));
  }

  private startCountdown(): void {
    this.stopCountdown();
    if (this.state.turnSeconds <= 0) return;
    this.expireAt(Date.now() + this.state.turnSeconds * 1000);
  }

  private gameDeadline(): number | null {
    return this.state.status === 'playing' ? (this.adapter.game.deadline?.(this.engine) ?? null) : null;
  }

  /**
   * Real-time games own their clock while it matters (a threat window, a "Go!"): the room only wakes the engine on
   * time. Returns false when the game has no deadline now, and the table's per-decision countdown applies.
   */
  private followGameClock(): boolean {
    const at = this.gameDeadline();
    if (at === null) return false;
    if (!(this.countdown && this.state.deadline === at)) {
      this.stopCountdown();
      this.expireAt(at);
    }
    return true;
  }

  private expireAt(deadline: number): void {
    this.state.deadline = deadline;
    this.countdown = this.later(
      () => {
        this.countdown = null;
        if (this.races.waiting) {
          // Shots held for a race are judged before its deadline; when they changed the game, its clock is re-armed.
          this.races.settle(true);
          if (this.countdown || this.state.status !== 'playing') return;
        }
        this.noteMisses(this.adapter.game.pending(this.engine));
        const at = Math.max(Date.now(), deadline);
        this.commit(this.adapter.game.timeout(this.engine, at), { timeout: true, at });
      },
      Math.max(0, deadline - Date.now()),
    );
  }

  /** Seats whose countdown ran out: after AWAY_AFTER_MISSES in a row, a bot plays for them until they act. */
  private noteMisses(late: Seat[]): void {
    const away: Seat[] = [];
    for (const seat of late) {
      const s = this.state.seats[seat];
      if (s.kind !== 'human' || s.away) continue;
      const n = (this.misses.get(seat) ?? 0) + 1;
      this.misses.set(seat, n);
      if (n >= AWAY_AFTER_MISSES) {
        s.away = true;
        away.push(seat);
      }
    }
    if (away.length) this.broadcastEvents(away.map((seat) => ({ type: 'seat_away', seat })));
  }

  private stopCountdown(): void {
    if (this.countdown) clearTimeout(this.countdown);
    this.countdown = null;
    this.state.deadline = 0;
  }

  /** A bot seat, or a human who is away. */
  private botPlays(seat: Seat): boolean {
    const s = this.state.seats[seat];
    return s.kind === 'bot' || s.away;
  }

  /**
   * A bot acts after its reaction time (the adapter's, else the table's base delay), counted from the end of any
   * lock-out the game reports (`botReadyAt`). It decides when the timer fires, from the state then: as a waited-for
   * seat with `bot`, as an interrupter with `botInterrupt` (which may let the moment pass).
   */
  private scheduleBot(seat: Seat): void {
    if (this.botTimers.has(seat)) return;
    const { game } = this.adapter;
    const reaction = this.adapter.botDelayMs ? this.adapter.botDelayMs(this.botRng, settings.botDelayMs, this.botLevel) : settings.botDelayMs;
    const readyAt = game.botReadyAt?.(this.engine, seat) ?? null;
    // A racing bot never fires before the false-start floor, whatever its reaction time.
    const floorAt = this.races.botReadyAt(seat);
    const wait = Math.max((readyAt === null ? 0 : Math.max(0, readyAt - Date.now())) + reaction, floorAt === null ? 0 : floorAt - Date.now());
    const timer = this.later(() => {
      this.botTimers.delete(seat);
      if (this.state.status !== 'playing' || !this.botPlays(seat)) return;
      const pending = game.pending(this.engine);
      const waited = pending.includes(seat);
      if (!waited && !this.interrupters(pending).includes(seat)) return;
      const view = game.view(this.engine, seat);
      const intent = waited || !game.botInterrupt ? game.bot(view, this.botRng, this.botLevel) : game.botInterrupt(view, this.botRng);
      if (!intent) return; // the interrupt does not pay now
      metrics.intents.inc({ game: game.id });
      this.settleBefore(seat, intent.type);
      this.play(seat, intent, 'bot');
    }, wait);
    this.botTimers.set(seat, timer);
  }

  /**
   * A real timer (the room clock only ticks with a patch interval, and this room patches on change instead),
   * reporting errors like Colyseus' own timers do.
   */
  private later(fn: () => void, ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      try {
        fn();
      } catch (error) {
        this.onUncaughtException(error, 'setTimeout');
      }
    }, ms);
  }

  private clearTimers(): void {
    this.races.clear();
    if (this.awaitingReturn) clearTimeout(this.awaitingReturn);
    this.awaitingReturn = null;
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    if (this.countdown) clearTimeout(this.countdown);
    this.countdown = null;
    for (const t of this.botTimers.values()) clearTimeout(t);
    this.botTimers.clear();
  }

  /** One write to the process's store (persist/), when there is one. A failing store is logged once; the game goes on. */
  private persist(write: (store: TableStore) => void): void {
    const store = tableStore();
    if (!store || !this.gameId) return;
    try {
      write(store);
    } catch (err) {
      if (!this.storeFailed) this.log.error({ err }, 'could not store the table; it goes on, but would not survive a restart');
      this.storeFailed = true;
    }
  }

  private storedSeats(): StoredSeat[] {
    return this.state.seats.map((s, i) => ({ name: s.name, kind: s.kind, tokenHash: this.seatTokens.get(i) ?? null }));
  }

  private saveSeats(): void {
    this.persist((s) => s.updateSeats(this.gameId, this.storedSeats()));
  }

  /**
   * A table rebuilt after a restart (persist/restore.ts): the game replayed from its stored log, every human seat
   * dropped until its player takes it back with their seat token. Nothing runs (no countdown, no bot) until they are
   * all back or the grace period ends; then the countdown starts afresh.
   */
  private resume(stored: ResumableGame): void {
    const { game } = this.adapter;
    this.gameId = stored.id;
    this.gameSeed = stored.seed;
    stored.seats.forEach((seat, i) => {
      const s = this.state.seats[i];
      if (!s) return;
      s.kind = seat.kind === 'bot' ? 'bot' : 'human';
      s.name = seat.name;
      s.connected = false;
      if (seat.tokenHash) this.seatTokens.set(i, seat.tokenHash);
    });
    let engine = game.setup({ seats: this.state.seats.length, options: this.gameOptions }, Rng.fromSeed(this.gameSeed));
    for (const step of stored.steps) {
      let result: ApplyResult<unknown>;
      try {
        result = runStep(game, engine, step as LogStep);
      } catch (err) {
        result = { error: { code: 'STEP_FAILED', message: String(err) } } as ApplyResult<unknown>;
      }
      if (isError(result)) {
        this.log.warn({ step: this.steps.length + 1, of: stored.steps.length, error: result.error }, 'restore: the log stops at a step the engine refuses');
        break;
      }
      engine = result.state;
      this.steps.push(step as GameLog['steps'][number]);
      this.allEvents.push(...result.events);
    }
    if (this.steps.length < stored.steps.length || stored.skipped > 0) this.persist((s) => s.truncateSteps(this.gameId, this.steps.length));
    this.engine = engine;
    this.state.status = 'playing';
    this.mirror();
    const pending = this.state.status === 'playing' ? game.pending(engine) : [];
    syncArray(this.state.pending, pending);
    this.pendingBefore = new Set(pending);
    this.log.info({ steps: this.steps.length, status: this.state.status }, 'table restored: waiting for the players');
    // Kept open while nobody is connected yet.
    this.autoDispose = false;
    this.paused = true;
    this.awaitingReturn = this.later(() => this.endRestoreWait(), this.grace() * 1000);
  }

  /**
   * A player of a rebuilt table is back: once everyone is, the game goes on; the first one back does not wait more
   * than RESTORE_GATHER_MS for the others (who then miss their turns, as any dropped player, until they come back or
   * the grace period ends).
   */
  private playerBack(): void {
    if (this.state.seats.every((x) => x.kind !== 'human' || x.connected)) return this.endRestoreWait();
    if (this.paused && !this.gathering) this.gathering = this.later(() => this.goOn(), RESTORE_GATHER_MS);
  }

  private showWhilePaused(): void {
    const pending = this.state.status === 'playing' ? this.adapter.game.pending(this.engine) : [];
    syncArray(this.state.pending, pending);
    this.broadcastPatch();
  }

  /**
   * A rebuilt table whose game runs its own clock (a Saloon threat window, a "Go!"): the clock skips the time the table
   * was stopped, so each deadline has what it had left at the last step instead of running out at once. Logged (and
   * stored) as a step, so a replay or the next restore goes the same way.
   */
  private skipThePause(): boolean {
    const { game } = this.adapter;
    const last = this.steps[this.steps.length - 1];
    if (!game.shift || !last || game.deadline?.(this.engine) == null) return false;
    const now = Date.now();
    const ms = Math.max(0, now - last.at);
    if (ms === 0) return false;
    const step = { shift: ms, at: now };
    this.log.info({ ms }, 'restore: the game clock skips the pause');
    this.pendingBefore = new Set(); // (as a table going on: a fresh countdown for whoever must decide)
    this.commit(runStep(game, this.engine, step), step);
    return true;
  }

  /** A rebuilt table goes on: a fresh countdown for whoever must decide, and the bots wake. */
  private goOn(): void {
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    if (!this.paused) return;
    this.paused = false;
    // (a skipped pause is a step: its commit already restarts the countdown and wakes the bots)
    if (this.state.status === 'playing' && !this.skipThePause()) this.afterChange(new Set());
    else this.broadcastPatch();
  }

  /** Everyone is back, or the grace period is over: bots take the seats still empty, and the game goes on. */
  private endRestoreWait(): void {
    if (!this.awaitingReturn) return;
    clearTimeout(this.awaitingReturn);
    this.awaitingReturn = null;
    const taken: Seat[] = [];
    this.state.seats.forEach((s, i) => {
      if (s.kind !== 'human' || s.connected || this.state.status !== 'playing') return;
      s.kind = 'bot';
      s.sessionId = '';
      taken.push(i);
    });
    if (taken.length) {
      this.saveSeats();
      this.broadcastEvents(taken.map((seat) => ({ type: 'bot_took_seat', seat })));
    }
    this.autoDispose = true;
    if (this.paused) this.goOn();
    else if (taken.length && this.state.status === 'playing') this.afterChange(new Set());
  }

  /**
   * Tells everyone what happened, in the patch that shows it (engine core/event-batch.ts): the events join this
   * change's batch, which `onBeforePatch` writes into the state. A client still joining gets no patches until its
   * full state: it gets what happens meanwhile as an `events` message, after that state. With no patch on its way
   * in this turn of the event loop (a chat line), one is sent at its end.
   */
  private broadcastEvents(events: readonly GameEvent[]): void {
    if (events.length === 0) return;
    this.eventBatch.push(...events);
    for (const client of this.clients) {
      if (client.state === ClientState.JOINED) continue;
      const visible = eventsFor(events, client.userData?.seat ?? null);
      if (visible.length > 0) client.send('events', visible);
    }
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        if (this.state) this.broadcastPatch();
      });
    }
  }

  /** Colyseus' hook before each patch: this change's events into the state, numbered as one batch. */
  onBeforePatch(): void {
    if (this.eventBatch.length === 0) return;
    const texts = writeEventBatch(++this.batches, this.eventBatch, this.state.seats.length);
    this.eventBatch = [];
    if (texts.public !== null) this.state.events = texts.public;
    texts.seats.forEach((text, seat) => {
      if (text !== null) this.state.seatEvents[seat].events = text;
    });
  }
}

/** A zod error as one line for a BAD_OPTIONS refusal. */
function describe(error: z.ZodError, prefix?: string): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const path = [prefix, ...i.path].filter((p) => p !== undefined && p !== '').join('.');
      const keys = i.code === z.ZodIssueCode.unrecognized_keys ? ` (${i.keys.slice(0, 5).join(', ')})` : '';
      return `${path ? `${path}: ` : ''}${i.message}${keys}`;
    })
    .join('; ');
}
