import { keepSeat, keptSeat } from './kept-seats';
import { Client, type Room } from 'colyseus.js';
import {
  ClockSync,
  DEVICE_PATTERN,
  onTableEvents,
  type ClientMessages,
  type ClientMessageType,
  type CreateOptions,
  type GameLog,
  type JoinOptions,
  type ServerMessages,
  type ServerMessageType,
} from '@tumbleweed/engine';
import { localNow } from './clock';
import type { ServerEvent } from './games/types';
import { isGone } from './net-errors';
import { current, LOG_KEY, setCurrent, store, type StoredSession } from './session-store';
import type { TableStateLike } from './state';

/** The server serves this page, so it lives on the same origin; `vite dev` points at a separately started server. */
function endpoint(): string {
  const secure = location.protocol === 'https:';
  const configured = import.meta.env.VITE_SERVER_URL as string | undefined;
  if (configured) return configured;
  if (import.meta.env.DEV) return `${secure ? 'wss' : 'ws'}://${location.hostname}:2567`;
  return `${secure ? 'wss' : 'ws'}://${location.host}`;
}

/**
 * How long a matchmaking request (create, join, reconnect: an HTTP request before the WebSocket) may go unanswered.
 * Without a limit a request sent over a connection that died without a word (the browser keeps idle ones open for
 * minutes and sends the next request over one) waited for good: the page said "Reconnecting…" forever. Reconnecting
 * tries again sooner (RETRY_REQUEST_MS): each try may meet another dead idle connection, each given up closes it.
 */
const REQUEST_TIMEOUT_MS = 10_000;
const RETRY_REQUEST_MS = 3000;

/**
 * Chromium keeps up to six idle HTTP connections to a server (HTTP/1.1) and sends the next request over one of them.
 * After a network that died without a word, those it kept are dead too: each reconnection request sent over one waited
 * RETRY_REQUEST_MS for nothing, and each attempt met another (a table back 24 s after an outage that began as the cards
 * were dealt; 7–10 s with them cleared). So before each attempt after a drop the page asks its server six small things
 * at once (`/healthz`): they take every idle connection the browser holds, the dead ones given up together after
 * CLEAR_MS (a request given up closes its connection), and the reconnection goes over a connection just opened.
 */
const CLEAR_MS = 1500;
const CLEARING_REQUESTS = 6;
async function clearDeadConnections(): Promise<void> {
  const url = `${endpoint().replace(/^ws/, 'http').replace(/\/$/, '')}/healthz`;
  await Promise.all(
    Array.from({ length: CLEARING_REQUESTS }, async () => {
      const ctl = new AbortController();
      const timer = window.setTimeout(() => ctl.abort(), CLEAR_MS);
      try {
        await fetch(url, { cache: 'no-store', mode: 'no-cors', signal: ctl.signal });
      } catch {
        // a dead connection given up, or no network yet: the attempt tells
      } finally {
        window.clearTimeout(timer);
      }
    }),
  );
}

const clients = new Map<number, Client>();
/** The colyseus.js client whose requests give up after `timeoutMs`. */
export function colyseus(timeoutMs = REQUEST_TIMEOUT_MS): Client {
  let c = clients.get(timeoutMs);
  if (!c) {
    c = new Client(endpoint());
    // (colyseus.js passes its request options to httpie, whose XMLHttpRequest takes `timeout`; no setting of its own)
    const http = c.http as unknown as { getOptions(o: object): object };
    const options = http.getOptions.bind(http);
    http.getOptions = (o) => ({ ...options(o), timeout: timeoutMs });
    clients.set(timeoutMs, c);
  }
  return c;
}

export type TableRoom = Room<TableStateLike>;

/** Sends a table a message of the protocol (engine protocol/messages.ts): the payload is typed by its name. */
export function sendTo<K extends ClientMessageType>(room: TableRoom, type: K, payload: ClientMessages[K]): void {
  room.send(type, payload);
}

/** Listens to one server message of the protocol (engine protocol/messages.ts): the handler gets its typed payload. */
function onServer<K extends ServerMessageType>(room: TableRoom, type: K, fn: (payload: ServerMessages[K]) => void): void {
  room.onMessage(type, fn);
}

export type RoomMessage =
  | { kind: 'events'; payload: ServerMessages['events'] }
  /** The table's story so far came in `history`: a page that had none now has it (the session's history). */
  | { kind: 'history' }
  | { kind: 'error'; payload: ServerMessages['error'] }
  /** The replay log (answer to `table {action:'log'}`). */
  | { kind: 'log'; payload: ServerMessages['log'] }
  /** The connection closed; `code` 4000 = consented (left or kicked). */
  | { kind: 'left'; code: number }
  /** A race's cards, sent a moment before "Go!", to be shown at `goAt` (server clock). */
  | { kind: 'race'; payload: ServerMessages['race'] };

/** Clock sync: pings when joining (CLOCK_BURST_GAP_MS apart), then one every CLOCK_EVERY_MS. */
const CLOCK_BURST = 6;
const CLOCK_BURST_GAP_MS = 120;
const CLOCK_EVERY_MS = 1000;
/**
 * A connection that dies without a word (Wi-Fi left for mobile data, a router that forgets it, a laptop waking up) is
 * never closed, and the browser sends no pings of its own: the page would show a live table that no longer moves. The
 * server answers every clock ping at once, so this long without an answer while the page runs is a dead connection.
 */
const SILENT_MS = 5000;
/** A ping this much later than asked: the page was asleep (a hidden tab's slowed timers, a frozen phone page). */
const LATE_MS = 1500;

/** Colyseus close code of a consented leave (our own `leave()`, or a kick). */
export const CONSENTED = 4000;
/** The server closed this connection because the seat is now played from another window or device. */
export const SEAT_TAKEN = 4010;
/** The server cut this connection for sending too many messages. */
export const FLOODED = 4029;
/** This page gave up on a connection that went quiet (SILENT_MS): it reconnects as after any drop. */
export const SILENT = 4408;

const DEVICE_KEY = 'tumbleweed.device';
/**
 * A random id this browser keeps (localStorage) and sends with every create/join: how a table knows a kicked player
 * who tries to come back. It names no person and is not sent anywhere else.
 */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id || !DEVICE_PATTERN.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return undefined; // storage blocked: the table cannot bar this browser after a kick
  }
}

const MAX_HISTORY = 400;
function loadHistory(code: string): ServerEvent[] {
  try {
    const raw = sessionStorage.getItem(LOG_KEY);
    const kept = raw ? (JSON.parse(raw) as { code?: unknown; events?: unknown }) : null;
    return kept && kept.code === code && Array.isArray(kept.events) ? (kept.events as ServerEvent[]) : [];
  } catch {
    return [];
  }
}
// A reload or a closed tab: keep the latest lines right now (the timer may not have run yet).
window.addEventListener('pagehide', () => {
  current()?.save();
  current()?.keepHistory();
});

/**
 * The one table this tab sits at (or watches). Message handlers are registered the moment the join resolves
 * and messages are kept until the table page listens, so nothing sent right after joining is lost.
 * After a drop, `recover()` attaches a new room to the same session (`room` changes; `onRoom` listeners hear it).
 */
export class Session {
  readonly code: string;
  room!: TableRoom;
  seatToken = '';
  private backlog: RoomMessage[] = [];
  private listener: ((m: RoomMessage) => void) | null = null;
  private roomListeners = new Set<(room: TableRoom) => void>();
  /**
   * The events of the current game as they arrived (the last MAX_HISTORY): the table page redraws its log from them
   * after a language switch, and after a reload (kept in `sessionStorage` with the seat, see `keepHistory`).
   */
  readonly history: ServerEvent[];
  /** The finished game's log once the server sent it (it sends it once per connection); null again at a rematch. */
  gameLog: GameLog | null = null;

  constructor(
    room: TableRoom,
    readonly game: string,
    readonly name: string | undefined,
    readonly spectate: boolean,
    seatToken = '',
    restoreHistory = false,
  ) {
    this.code = room.roomId;
    this.seatToken = seatToken;
    this.history = restoreHistory ? loadHistory(this.code) : [];
    this.attach(room);
  }

  /** The connection whose messages count: `room` until it drops or goes quiet (then null until the next `attach`). */
  private live: TableRoom | null = null;

  /** How many connections this session has had: a number that moves at each reconnection. */
  links = 0;

  /** Makes `room` this session's connection (first join, or after a reconnection). */
  attach(room: TableRoom): void {
    this.room = room;
    this.live = room;
    this.links += 1;
    const mine =
      <P>(fn: (payload: P) => void) =>
      (payload: P) => {
        if (this.live === room) fn(payload);
      };
    // A change's events ride in its patch (engine core/event-batch.ts), delivered before the page sees the state;
    // those of the moments this client was still joining come as an `events` message.
    onTableEvents(
      room,
      mine((payload) => this.deliver({ kind: 'events', payload })),
    );
    onServer(
      room,
      'history',
      mine((payload) => {
        // A page with a log of its own (a reload, a reconnection) keeps it; a new one (a TV, a second device, a
        // friend who comes to watch) starts from the table's story.
        if (this.history.length > 0 || !Array.isArray(payload)) return;
        this.remember(...(payload.filter((e) => typeof e?.type === 'string') as ServerEvent[]));
        this.deliver({ kind: 'history' });
      }),
    );
    onServer(
      room,
      'error',
      mine((payload) => this.deliver({ kind: 'error', payload })),
    );
    onServer(
      room,
      'log',
      mine((payload) => this.deliver({ kind: 'log', payload })),
    );
    onServer(
      room,
      'race',
      mine((payload) => this.deliver({ kind: 'race', payload })),
    );
    onServer(
      room,
      'clock',
      mine((payload) => {
        this.unanswered = null;
        this.clock.sample(payload, localNow());
      }),
    );
    onServer(
      room,
      'welcome',
      mine((payload) => {
        // (checked all the same: a page may outlive a server update)
        const token = (payload as { token?: unknown } | null)?.token;
        if (typeof token === 'string') {
          this.seatToken = token;
          this.save();
          // (and for this device: a new tab opened at the table's link takes the seat back too)
          keepSeat(this.code, token);
        }
      }),
    );
    room.onLeave((code) => {
      if (this.live !== room) return; // (one given up on already: SILENT)
      window.clearTimeout(this.pinger);
      this.live = null;
      this.deliver({ kind: 'left', code });
    });
    this.syncClock(room);
    this.save();
    for (const fn of this.roomListeners) fn(room);
  }

  /** The server's clock here (fair races: "Go!" shows at the same server instant on every screen). */
  readonly clock = new ClockSync();
  private pinger = 0;

  /**
   * Clock pings on `room`: a quick few at first (the lowest round trip wins), then one every few seconds, so the
   * offset follows a changing connection. The server answers each and measures this connection's round trip.
   */
  private syncClock(room: TableRoom): void {
    window.clearTimeout(this.pinger);
    this.unanswered = null;
    let sent = 0;
    let last = 0;
    const ping = () => {
      if (this.live !== room) return;
      const now = localNow();
      // (a page that slept has its answers queued behind it, and a hidden one pings slowly: it starts counting again)
      const slept = last > 0 && now - last > (sent < CLOCK_BURST ? CLOCK_BURST_GAP_MS : CLOCK_EVERY_MS) + LATE_MS;
      last = now;
      if (slept || document.visibilityState === 'hidden') this.unanswered = null;
      else if (this.unanswered !== null && now - this.unanswered > SILENT_MS) return this.quiet(room);
      try {
        sendTo(room, 'clock', { c: now });
      } catch {
        return; // closed
      }
      this.unanswered ??= now;
      sent += 1;
      this.pinger = window.setTimeout(ping, sent < CLOCK_BURST ? CLOCK_BURST_GAP_MS : CLOCK_EVERY_MS);
    };
    ping();
  }

  /** When (localNow) the oldest clock ping still unanswered was sent; null once an answer came. */
  private unanswered: number | null = null;

  /**
   * `room` went quiet: a dead connection nobody closed. The page lets it go (its close may never complete: nothing
   * reaches the server any more, which drops the seat's connection by its own pings) and reconnects as after any drop.
   */
  private quiet(room: TableRoom): void {
    this.live = null;
    window.clearTimeout(this.pinger);
    try {
      room.connection.close(SILENT);
    } catch {
      // closed already
    }
    this.deliver({ kind: 'left', code: SILENT });
  }

  /** The server's clock now (ms). */
  serverNow(): number {
    return this.clock.serverNow(localNow());
  }

  /** Until the table's state says (after a reload: the stored value). */
  graceSeconds: number | undefined = undefined;

  save(): void {
    store(this.stored());
  }

  private deliver(m: RoomMessage): void {
    if (this.listener) this.listener(m);
    else this.backlog.push(m);
  }

  listen(fn: (m: RoomMessage) => void): () => void {
    this.listener = fn;
    for (const m of this.backlog.splice(0)) fn(m);
    return () => {
      if (this.listener === fn) this.listener = null;
    };
  }

  /** Called with each new room after a reconnection. */
  onRoom(fn: (room: TableRoom) => void): () => void {
    this.roomListeners.add(fn);
    return () => this.roomListeners.delete(fn);
  }

  /** After an unexpected drop: reconnect with back-off (see `recoverRoom`) and carry on with the new room. */
  async recover(onTry?: (attempt: number) => void): Promise<void> {
    this.attach(await recoverRoom(this.stored(), onTry, true));
  }

  /** Adds events to the history (dropping the oldest past MAX_HISTORY) and keeps it for a reload, at most once a second. */
  remember(...events: ServerEvent[]): void {
    this.history.push(...events);
    if (this.history.length > MAX_HISTORY) this.history.splice(0, this.history.length - MAX_HISTORY);
    if (!this.keepTimer) this.keepTimer = window.setTimeout(() => this.keepHistory(), 1000);
  }

  /** A rematch: the log starts again. */
  forgetHistory(): void {
    this.history.length = 0;
    this.keepHistory();
  }

  private keepTimer = 0;
  keepHistory(): void {
    window.clearTimeout(this.keepTimer);
    this.keepTimer = 0;
    if (current() !== this) return;
    try {
      sessionStorage.setItem(LOG_KEY, JSON.stringify({ code: this.code, events: this.history }));
    } catch {
      // storage full or off: the log starts again after a reload
    }
  }

  stored(): StoredSession {
    const grace = this.room.state?.graceSeconds;
    return {
      code: this.code,
      game: this.game,
      reconnectionToken: this.room.reconnectionToken,
      seatToken: this.seatToken,
      name: this.name,
      spectate: this.spectate,
      graceSeconds: grace || this.graceSeconds,
    };
  }
}

export interface CreateRequest {
  game: string;
  name?: string;
  seats: number;
  bots: number;
  options: Record<string, unknown>;
}

export async function createTable(req: CreateRequest): Promise<Session> {
  const options: CreateOptions = { name: req.name, seats: req.seats, bots: req.bots, options: req.options, device: deviceId() };
  const room = await colyseus().create<TableStateLike>(req.game, options);
  return setCurrent(new Session(room, req.game, req.name, req.bots === req.seats));
}

export async function joinTable(code: string, name: string | undefined, spectate: boolean): Promise<Session> {
  // A seat this device sits at (its tab closed, say): the table gives it back if nobody is connected at it.
  const rejoin = spectate ? undefined : keptSeat(code);
  const options: JoinOptions = spectate ? { name, spectate: true, device: deviceId() } : { name, device: deviceId(), ...(rejoin ? { rejoin } : {}) };
  const room = await colyseus().joinById<TableStateLike>(code, options);
  return setCurrent(new Session(room, room.name, name, spectate));
}

/** A page load at `#/table/CODE` with a stored session for that code: take the seat back silently. */
export async function resumeTable(stored: StoredSession, onTry?: (attempt: number) => void): Promise<Session> {
  const room = await recoverRoom(stored, onTry);
  const session = setCurrent(new Session(room, stored.game || room.name, stored.name, stored.spectate, stored.seatToken, true));
  session.graceSeconds = stored.graceSeconds;
  return session;
}

/** The server keeps a dropped seat this long unless the table says otherwise (RECONNECT_SECONDS' default). */
export const GRACE_MS = 60_000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

/**
 * Gets a connection to the stored table back: `reconnect(token)` with back-off for up to the grace period; from
 * the second try on, also `joinById(code, { rejoin: seatToken })` (the bot hands the seat back). A spectator just
 * watches again. Gives up early when the table no longer exists.
 * `afterDrop`: the connection dropped under a live page, whose idle HTTP connections may have died with it (see
 * `clearDeadConnections`); a page just loaded has none.
 */
export async function recoverRoom(stored: StoredSession, onTry?: (attempt: number) => void, afterDrop = false): Promise<TableRoom> {
  const started = Date.now();
  let last: unknown = null;
  for (let attempt = 0; ; attempt++) {
    onTry?.(attempt);
    if (afterDrop) await clearDeadConnections();
    if (stored.spectate) {
      try {
        const room = await colyseus(RETRY_REQUEST_MS).joinById<TableStateLike>(stored.code, {
          name: stored.name,
          spectate: true,
          device: deviceId(),
        } satisfies JoinOptions);
        return room;
      } catch (err) {
        last = err;
        if (isGone(err)) throw err;
      }
    } else {
      try {
        return await colyseus(RETRY_REQUEST_MS).reconnect<TableStateLike>(stored.reconnectionToken);
      } catch (err) {
        last = err;
        if (isGone(err)) throw err;
        // EXPIRED: the room does not (or not yet) wait for this connection; try again, then the seat token
      }
      if (attempt > 0 && stored.seatToken) {
        try {
          const room = await colyseus(RETRY_REQUEST_MS).joinById<TableStateLike>(stored.code, {
            name: stored.name,
            rejoin: stored.seatToken,
            // (this page's own seat: taken over from its old connection if the server still counts that one live)
            resume: true,
            device: deviceId(),
          } satisfies JoinOptions);
          return room;
        } catch (err) {
          last = err;
          if (isGone(err)) throw err;
        }
      }
    }
    if (Date.now() - started > (stored.graceSeconds ? stored.graceSeconds * 1000 : GRACE_MS)) throw last ?? new Error('Could not reconnect');
    await sleep(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
  }
}
