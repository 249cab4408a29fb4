/**
 * Issue 11, hostile clients: the machinery shared by tests/adversarial/{duel,rattlesnake,saloon}.test.ts.
 *
 * A real server runs in this process (`startServer`). One table per game, with:
 *  - a hostile HOST in seat 0 and (when the game has room) a hostile GUEST in seat 1: both send junk, out-of-turn and
 *    foreign-seat intents and table actions, and ALSO make their seat's real move now and then (the engine's bot,
 *    from the seat's own view), so the game goes on to its end;
 *  - the other seats are bots;
 *  - a hostile SPECTATOR, sending everything;
 *  - throwaway spectators, one per garbage frame (undecodable msgpack, oversized, unknown protocol byte), since a
 *    garbage frame may close its connection.
 *
 * Every message a connection sends gets the next index. Replies of one connection come in order, so each `error`
 * (or `log`) received is matched with the oldest message not yet answered. A message the engine ACCEPTED has no
 * reply of its own (everyone gets the events and the patch): a probe in the room (`play`, wrapped) records the
 * index of each message whose intent the engine took, read from a counter kept by a wrapper of the room's
 * `_onMessage`. So every message is accounted for exactly once: refused (an error with a string code, matching what
 * the message deserved), accepted (legal intents only), or its connection closed with a close code.
 *
 * Deterministic: one seed drives every choice (a small PRNG; fast-check samples for the shapeless junk); what the
 * live game looks like when a message is made still depends on timing. The seed is printed with any failure;
 * ADVERSARIAL_SEED=<n> (or =random) reruns with another, ADVERSARIAL_REPORT=1 prints what each run saw.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import { pack, Packr, unpack } from '@colyseus/msgpackr';
import type { Room } from 'colyseus.js';
import { onTableEvents, Rng, replayGame, type Game, type GameEvent, type ReplayFrame } from '@tumbleweed/engine';
import type { z } from 'zod';
import { MAX_MESSAGE_BYTES } from '../../packages/server/src/app';
import { CHAT_PHRASES, settings, TableRoom, type GameLog } from '../../packages/server/src/table-room';
import { seatOf, startServer } from '../../packages/server/src/testing/harness';

export type TestServer = Awaited<ReturnType<typeof startServer>>;
export { startServer };

/* ------------------------------------------------------------------------------------------------------------ */
/* Determinism                                                                                                   */
/* ------------------------------------------------------------------------------------------------------------ */

/** mulberry32: small, fast, seeded. */
export class Prng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The run's seed: ADVERSARIAL_SEED when set (a number, or "random"), else the file's default. */
export function seedFor(fallback: number): number {
  const env = process.env.ADVERSARIAL_SEED;
  if (!env) return fallback;
  if (env === 'random') return Math.floor(Math.random() * 2 ** 31);
  const n = Number(env);
  if (!Number.isSafeInteger(n)) throw new Error(`ADVERSARIAL_SEED must be a whole number or "random", got ${env}`);
  return n;
}

/** Runs `fn`; a failure names the seed to rerun it with. */
export async function withSeed<T>(seed: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    err.message = `[adversarial seed ${seed}: rerun with ADVERSARIAL_SEED=${seed}]\n${err.message}`;
    throw err;
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Wire                                                                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tick = () => new Promise((r) => setImmediate(r));

/** The Colyseus protocol bytes the room understands (see @colyseus/core Protocol). */
const ROOM_DATA = 13;
const ROOM_DATA_BYTES = 17;
const LEAVE_ROOM = 12;
/** Colyseus' ClientState.LEAVING: the room ignores what such a client still sends. */
const CLIENT_LEAVING = 3;

/** A message type as colyseus.js encodes it (a msgpack string or number). */
function encodeType(type: string | number): Buffer {
  return Buffer.from(pack(type) as Uint8Array);
}

/** A ROOM_DATA frame exactly as a client would send it. */
export function dataFrame(type: string | number, body?: unknown): Buffer {
  const head = Buffer.concat([Buffer.from([ROOM_DATA]), encodeType(type)]);
  return body === undefined ? head : Buffer.concat([head, Buffer.from(pack(body) as Uint8Array)]);
}

/** How a message leaves the client. */
export type Wire =
  { via: 'send'; type: string | number; body?: unknown } | { via: 'bytes'; type: string | number; bytes: Uint8Array } | { via: 'raw'; frame: Buffer };

/**
 * What a message deserves. `codes`: refused with one of these codes (or, with `log`, answered by the game log).
 * 'engine': a well-formed intent from a seated player: the engine takes it or refuses it with a code.
 * 'refused': a well-formed intent its sender may never play: the engine refuses it, with any code.
 */
export type Expect = { codes: readonly string[]; log?: boolean } | 'engine' | 'refused';

export interface Hostile {
  what: string;
  wire: Wire;
  expect: Expect;
}

/** What the client's packer and the server's unpacker make of a body: the value the room's handler receives. */
const clientPackr = new Packr();
export function roundTrip(body: unknown): { ok: true; value: unknown; size: number } | { ok: false } {
  try {
    const bytes = clientPackr.pack(body);
    return { ok: true, value: unpack(bytes), size: bytes.length };
  } catch {
    return { ok: false };
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Junk                                                                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

/** Message types that are neither "intent" nor "table". */
export const UNKNOWN_TYPES: readonly (string | number)[] = [
  '*',
  '__no_message_handler',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'welcome',
  'error',
  'events',
  'log',
  'Intent',
  'INTENT',
  'intent ',
  ' table',
  'table\u0000',
  'intent\u200b',
  '',
  'x'.repeat(33),
  'y'.repeat(2000),
  '🤠',
  '\ud800',
  '../intent',
  'intent.type',
  0,
  1,
  13,
  -1,
  255,
  65535,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1.5,
  -0.25,
  3.4e38,
];

function nested(depth: number, leaf: unknown, wrap: 'array' | 'object'): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = wrap === 'array' ? [v] : { a: v };
  return v;
}

/** Bodies that are no message of ours at all. Every one is something the client's packer can encode. */
export const GENERIC_JUNK: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  NaN,
  Infinity,
  -Infinity,
  -0,
  2 ** 53,
  2 ** 64,
  1e308,
  Number.MIN_VALUE,
  -(2 ** 63),
  '',
  'intent',
  'commit',
  'start',
  '\u0000',
  '\ud83e',
  '🤠'.repeat(300),
  'x'.repeat(3000),
  [],
  [1, 2, 3],
  ['intent'],
  [{ type: 'commit' }],
  {},
  { type: null },
  { type: 1 },
  { type: ['commit'] },
  { type: { toString: 1 } },
  { toString: 1, valueOf: 1 },
  { toString: 1, valueOf: 1, type: 'commit' },
  { type: { toString: 1, valueOf: 1 } },
  JSON.parse('{"__proto__":{"polluted":"yes","type":"commit"},"type":"commit"}'),
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  { constructor: { prototype: { polluted: 'yes' } }, type: 'commit' },
  { prototype: { polluted: 'yes' } },
  nested(1500, 1, 'array'),
  nested(300, 'x', 'object'),
  nested(40, { type: 'commit' }, 'object'),
  Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])),
  new Array(1500).fill(0),
  new Uint8Array([1, 2, 3]),
  new Float64Array([NaN, Infinity]),
  new Date(0),
  new Date(NaN),
  new Map([['type', 'commit']]),
  new Set(['commit']),
  BigInt(2) ** BigInt(62),
  -(BigInt(2) ** BigInt(62)),
  Object.assign(Object.create(null), { type: 'commit', card: 'pistol' }),
];

/** Shapeless junk from fast-check, reproducible from the seed; only what the client's packer can encode. */
export function sampledJunk(seed: number, count: number): unknown[] {
  const anything = fc.anything({
    maxDepth: 4,
    maxKeys: 6,
    withBigInt: true,
    withDate: true,
    withTypedArray: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withUnicodeString: true,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
  });
  const weirdNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(NaN, -0, Infinity, -Infinity, 2 ** 53 + 2));
  const arb = fc.oneof(anything, weirdNumber, fc.string({ unit: 'binary', maxLength: 64 }), fc.dictionary(fc.string(), anything, { maxKeys: 5 }));
  return fc.sample(arb, { seed, numRuns: count }).filter((v) => roundTrip(v).ok);
}

/** A string that makes `frameOf(type, body(s))` exactly `bytes` long (or null when it cannot). */
export function sizedFrame(type: string, bytes: number, body: (filler: string) => unknown): Buffer | null {
  let n = Math.max(0, bytes - 64);
  for (let i = 0; i < 8; i++) {
    const frame = dataFrame(type, body('x'.repeat(n)));
    if (frame.length === bytes) return frame;
    n += bytes - frame.length;
    if (n < 0) return null;
  }
  return null;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Table actions: an independent oracle of what the room must answer                                           */
/* ------------------------------------------------------------------------------------------------------------ */

const isPlainObject = (x: unknown): x is Record<string, unknown> => {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
};
const isSeatNumber = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/** A well-formed table action (as decoded by the server), or null. */
export function tableAction(body: unknown): { action: string; seat?: number } | null {
  if (!isPlainObject(body)) return null;
  const { action } = body;
  if (action === 'start' || action === 'addBot' || action === 'rematch' || action === 'log') return { action };
  if (action === 'removeBot' || action === 'kick' || action === 'toSpectator') return isSeatNumber(body.seat) ? { action, seat: body.seat as number } : null;
  if (action === 'chat') return (CHAT_PHRASES as readonly unknown[]).includes(body.phrase) ? { action } : null;
  return null;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Games                                                                                                         */
/* ------------------------------------------------------------------------------------------------------------ */

export interface GenCtx<S> {
  state: S;
  /** The sender's seat (null: a spectator). */
  seat: number | null;
  seats: number;
  rng: Prng;
  /** Recent engine states, oldest first: legal intents of an earlier phase. */
  history: readonly S[];
}

/** What a test file tells the runner about its game. */
export interface GameKit<S> {
  id: 'duel' | 'rattlesnake' | 'saloon';

  game: Game<S, any, any, any>;
  seats: number;
  /** The last `bots` seats are bots; seat 0 is the hostile host, seat 1 (when not a bot) the hostile guest. */
  bots: number;
  options: Record<string, unknown>;
  /** The server's zod schema for this game's intents (to tell a well-formed intent from junk). */
  intentSchema: z.ZodTypeAny;
  /**
   * Pacing while the junk flows: a hostile player makes its next real move only after this many hostile messages
   * per move made so far, so the game is still running when the junk ends. (Afterwards they play at once.)
   */
  junkPerMove: number;
  /** The bots' delay while the junk flows (settings.botDelayMs; 0 afterwards), so a stretch of bot-only play lasts too. */
  junkBotDelayMs?: number;
  /** Same key for the same intent (field order, absent vs undefined, card-list order do not matter). */
  intentKey(intent: unknown): string;
  /** Ill-formed intents of this game (wrong types, out-of-range fields): each must be refused as BAD_MESSAGE. */
  malformed: readonly unknown[];
  /** `outOfTurn` and `foreign` make only intents their sender may never play, whatever the state when they arrive. */
  neverLegal?: boolean;
  /** An intent legal for another seat or in another phase, for a seat the game does not wait for now (or null). */
  outOfTurn(ctx: GenCtx<S>): unknown | null;
  /** An intent that names another seat (or its cards), or claims to come from it. */
  foreign(ctx: GenCtx<S>): unknown;
  /** What a connection at `viewer` (null: spectator) must never see on its board: other seats' secrets. */
  leaks(board: any, viewer: number | null): string[];
  /** Events only their owner may receive. */
  privateEvents: readonly string[];
  /** The game's invariants of one state (cards conserved, money in range…): on each live state seen, and on replay. */
  checkState(state: S): string[];
  /** What holds between steps and at the end (money flows, the outcome), over the replayed log. */
  checkReplay(frames: ReplayFrame<S>[], log: GameLog): string[];
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The server side: counters read by the test (never behaviour)                                                 */
/* ------------------------------------------------------------------------------------------------------------ */

/** Per connection (sessionId): how many room messages it sent that reached the room, and which the engine took. */
interface Probe {
  seen: Map<string, number>;
  accepted: Map<string, Set<number>>;
  misattributed: string[];
  uncaught: string[];
  restore(): void;
}

/**
 * Installs the counters. `_onMessage` is bound when a client joins, so this runs before the table is created.
 * `play` (one intent → engine) is wrapped on the room instance once it exists (`watchRoom`).
 */
function installProbe(): Probe {
  const probe: Probe = { seen: new Map(), accepted: new Map(), misattributed: [], uncaught: [], restore: () => undefined };
  const proto = TableRoom.prototype as any;
  const onMessage = proto._onMessage;
  const onUncaught = proto.onUncaughtException;
  if (typeof onMessage !== 'function') throw new Error('TableRoom has no _onMessage to count messages with');
  proto._onMessage = function (client: any, buffer: Buffer) {
    const kind = buffer?.[0];
    // (a client being closed has its later messages dropped unread: they are not counted)
    if ((kind === ROOM_DATA || kind === ROOM_DATA_BYTES) && client.state !== CLIENT_LEAVING)
      probe.seen.set(client.sessionId, (probe.seen.get(client.sessionId) ?? 0) + 1);
    return onMessage.call(this, client, buffer);
  };
  proto.onUncaughtException = function (error: any, method: string) {
    // A refusal in onJoin/onCreate (a ServerError the client was told about) is not a crash.
    if (error?.cause?.constructor?.name !== 'ServerError') probe.uncaught.push(`${method}: ${String(error?.stack ?? error)}`.slice(0, 500));
    return onUncaught.call(this, error, method);
  };
  probe.restore = () => {
    proto._onMessage = onMessage;
    proto.onUncaughtException = onUncaught;
  };
  return probe;
}

function watchRoom(room: any, probe: Probe): void {
  const play = room.play;
  if (typeof play !== 'function') throw new Error('TableRoom has no play() to watch intents with');
  room.play = function (seat: number, intent: unknown, by: string, from?: any, ...rest: unknown[]) {
    const before = this.engineState;
    const held = this.races?.waiting ?? 0;
    const dropped = this.races?.dropped ?? 0;
    const out = play.call(this, seat, intent, by, from, ...rest);
    // Taken: the engine moved, a race shot is held to be judged by reaction time, or one that came just after its race
    // ended is dropped (the race's outcome answers both).
    if (this.engineState !== before || (this.races?.waiting ?? 0) > held || (this.races?.dropped ?? 0) > dropped) {
      if (by === 'human' && from) {
        const idx = probe.seen.get(from.sessionId) ?? 0;
        let set = probe.accepted.get(from.sessionId);
        if (!set) probe.accepted.set(from.sessionId, (set = new Set()));
        set.add(idx);
        if (from.userData?.seat !== seat) probe.misattributed.push(`${from.sessionId} (seat ${from.userData?.seat}) moved seat ${seat}`);
      }
    }
    return out;
  };
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The client side: one hostile connection                                                                      */
/* ------------------------------------------------------------------------------------------------------------ */

const NEVER_OK = new Set(['SERVER_ERROR', 'RATE_LIMITED']);
const MAX_NOTES = 25;

class Conn {
  /** Messages sent that reach the room (ROOM_DATA / ROOM_DATA_BYTES), and of them the hostile ones. */
  sent = 0;
  hostile = 0;
  replies = 0;
  closed: number | null = null;
  /** Sent, not yet matched with a reply or an acceptance: [index, expectation, description]. */
  private queue: { idx: number; expect: Expect; what: string }[] = [];
  readonly violations: string[] = [];
  readonly codes = new Map<string, number>();
  acceptedHostile = 0;
  acceptedHonest = 0;
  /** Last honest move: the engine state it was for, and when. */
  honestFor: unknown = null;
  honestAt = 0;
  honestMoves = 0;
  lastLog: GameLog | null = null;
  /** The biggest game log received (JSON bytes). */
  logBytes = 0;
  /** The last messages sent, to say which one a closed connection was closed for. */
  private recent: { idx: number; what: string }[] = [];
  closedAfter = '';

  constructor(
    readonly label: string,
    readonly room: Room<any>,
    readonly seat: number | null,
    private readonly probe: Probe,
    /** The table's status on the server (a game log may only be sent once it is 'over'). */
    private readonly status: () => string,
  ) {
    room.onMessage('error', (e: any) => this.onReply('error', e));
    room.onMessage('log', (log: GameLog) => this.onReply('log', log));
    room.onLeave((code: number) => {
      this.closed = code;
      // the last message the room read from this connection (replies and closes come in order)
      const last = this.probe.seen.get(this.room.sessionId) ?? 0;
      const r = this.recent.find((x) => x.idx === last);
      this.closedAfter = `#${last} ${r?.what ?? '(not a room message)'}`;
    });
  }

  private accepted(): Set<number> | undefined {
    return this.probe.accepted.get(this.room.sessionId);
  }

  private note(msg: string): void {
    if (this.violations.length < MAX_NOTES) this.violations.push(`${this.label}: ${msg}`);
  }

  /** Drops from the front every message the engine took: it needs no reply. */
  private settleAccepted(): void {
    const acc = this.accepted();
    while (this.queue.length > 0 && acc?.has(this.queue[0].idx)) {
      const { idx, expect, what } = this.queue.shift()!;
      acc.delete(idx);
      if (expect !== 'engine')
        this.note(`#${idx} (${what}) was accepted by the engine but deserved ${expect === 'refused' ? 'a refusal' : JSON.stringify(expect)}`);
      else if (what.startsWith('honest')) this.acceptedHonest++;
      else this.acceptedHostile++;
    }
  }

  private onReply(kind: 'error' | 'log', payload: any): void {
    this.replies++;
    this.settleAccepted();
    const head = this.queue.shift();
    const code = kind === 'log' ? 'log' : payload?.code;
    this.codes.set(String(code), (this.codes.get(String(code)) ?? 0) + 1);
    if (kind === 'log' && this.status() !== 'over') this.note(`the game log (every hand, the seed) was sent while the table is ${this.status()}`);
    if (kind === 'log') {
      // One log is kept: a log is big, and hostile clients ask for it again and again. The server sends each
      // connection a game's log once (later asks get LOG_SENT), so the first one after the end is the one.
      if (head?.what === 'log at the end' || !this.lastLog) this.lastLog = payload;
      this.logBytes = Math.max(this.logBytes, Buffer.byteLength(JSON.stringify(payload)));
    }
    if (!head) return this.note(`a reply with nothing outstanding: ${JSON.stringify(payload).slice(0, 200)}`);
    const shown = `#${head.idx} (${head.what})`;
    if (kind === 'error') {
      if (typeof code !== 'string' || code === '' || typeof payload?.message !== 'string')
        return this.note(`${shown}: an error without a string code and message: ${JSON.stringify(payload).slice(0, 200)}`);
      if (NEVER_OK.has(code)) return this.note(`${shown}: ${code} ${payload.message}`);
      if (head.expect === 'engine' || head.expect === 'refused') {
        if (!/^[A-Z][A-Z0-9_]*$/.test(code)) this.note(`${shown}: odd code ${code}`);
      } else if (!head.expect.codes.includes(code))
        this.note(`${shown}: got ${code} (${payload.message}), expected ${head.expect.codes.join('|')}${head.expect.log ? '|log' : ''}`);
    } else if (typeof head.expect === 'string' || !head.expect.log) this.note(`${shown}: answered by the game log`);
  }

  /** Messages still waiting for their answer. */
  outstanding(): number {
    this.settleAccepted();
    return this.queue.length;
  }

  /** The first few unanswered messages, for a failure message. */
  unanswered(): string[] {
    this.settleAccepted();
    return this.queue.slice(0, 10).map((q) => `${this.label} #${q.idx} ${q.what}`);
  }

  send(h: Hostile, honest = false): boolean {
    if (this.closed !== null) return false;
    const w = h.wire;
    // Only what the client can encode, within the frame limit (bigger frames are the throwaways' business).
    if (w.via === 'send') {
      const body = 'body' in w ? w.body : undefined;
      const rt = body === undefined ? { ok: true as const, size: 0 } : roundTrip(body);
      if (!rt.ok || 1 + encodeType(w.type).length + rt.size > MAX_MESSAGE_BYTES - 16) return false;
    } else if (w.via === 'raw' && w.frame.length > MAX_MESSAGE_BYTES && !this.label.startsWith('throwaway')) return false;
    try {
      if (w.via === 'send') {
        if ('body' in w && w.body !== undefined) this.room.send(w.type as string, w.body);
        else this.room.send(w.type as string);
      } else if (w.via === 'bytes') this.room.sendBytes(w.type as string, w.bytes);
      else (this.room.connection as any).transport.ws.send(w.frame);
    } catch {
      return false; // the client could not encode it: nothing left the machine
    }
    const frameKind = w.via === 'raw' ? w.frame[0] : ROOM_DATA;
    if (frameKind === ROOM_DATA || frameKind === ROOM_DATA_BYTES) {
      this.sent++;
      this.recent.push({ idx: this.sent, what: h.what });
      if (this.recent.length > 256) this.recent.shift();
      this.queue.push({ idx: this.sent, expect: h.expect, what: h.what });
    }
    if (!honest) this.hostile++;
    return true;
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Generating hostile messages                                                                                   */
/* ------------------------------------------------------------------------------------------------------------ */

type Role = 'spectator' | 'host' | 'guest';

interface Gen<S> {
  kit: GameKit<S>;
  rng: Prng;
  junk: readonly unknown[];
  humanSeats: readonly number[];
  state: () => S;
  history: S[];
}

const TABLE_JUNK: readonly unknown[] = [
  { action: 'kick', seat: -1 },
  { action: 'kick', seat: 1.5 },
  { action: 'kick', seat: '1' },
  { action: 'kick', seat: null },
  { action: 'kick', seat: NaN },
  { action: 'kick', seat: Infinity },
  { action: 'kick' },
  { action: 'removeBot', seat: -0.5 },
  { action: 'toSpectator', seat: [1] },
  { action: 'toSpectator', seat: { valueOf: 1 } },
  { action: 'chat', phrase: 'hello' },
  { action: 'chat', phrase: 'toString' },
  { action: 'chat' },
  { action: 'chat', phrase: ['howdy'] },
  { action: 'nope' },
  { action: 'START' },
  { action: '__proto__' },
  { action: 'constructor' },
  { action: 'toString' },
  { action: null },
  { action: ['start'] },
  { action: { toString: 1, valueOf: 1 } },
  { actions: 'start' },
  { Action: 'start' },
  JSON.parse('{"__proto__":{"action":"start"}}'),
  { constructor: { action: 'start' } },
];

const HOST_ACTIONS = ['start', 'addBot', 'removeBot', 'kick', 'toSpectator'] as const;

/**
 * A table action whose answer is certain for this sender. Left out: a valid chat line (answered by a broadcast
 * `chat` event, not a reply) and a player's rematch request (once the game is over it is a real request).
 */
function tableMessage<S>(g: Gen<S>, role: Role, seat: number | null): Hostile {
  const { rng, kit } = g;
  const roll = rng.int(10);
  if (roll < 4) {
    // ill-formed: refused before anything else
    let body: unknown = rng.chance(0.5) ? rng.pick(TABLE_JUNK) : rng.pick(g.junk);
    if (tableAction(roundTripValue(body)) !== null) body = { action: 'nope' };
    return { what: `table junk ${short(body)}`, wire: { via: 'send', type: 'table', body }, expect: { codes: ['BAD_MESSAGE'] } };
  }
  if (roll < 5) {
    // the game log: refused until the game is over, then sent
    return { what: 'table log', wire: { via: 'send', type: 'table', body: { action: 'log' } }, expect: { codes: ['NOT_NOW', 'LOG_SENT'], log: true } };
  }
  if (roll < 6 && role === 'spectator') {
    return { what: 'table rematch', wire: { via: 'send', type: 'table', body: { action: 'rematch', seat: 0 } }, expect: { codes: ['NOT_NOW', 'NOT_SEATED'] } };
  }
  // a host's power, from a non-host or (for the host) one that cannot be done now
  const action = rng.pick(HOST_ACTIONS);
  const seatChoices = [0, 1, kit.seats - 1, kit.seats, kit.seats + 1, 6, 7, 99, 2 ** 31, 2 ** 53, 1e300];
  let target = rng.pick(seatChoices);
  const body: Record<string, unknown> = { action };
  if (action === 'removeBot' || action === 'kick' || action === 'toSpectator') body.seat = target;
  if (rng.chance(0.2)) Object.assign(body, { host: true, seatOf: 0, admin: 1 }); // extra keys claim nothing
  if (role !== 'host') return { what: `${action} by a non-host`, wire: { via: 'send', type: 'table', body }, expect: { codes: ['NOT_HOST'] } };
  // The host: only what must be refused (never kicking the hostile guest, which would be a real kick). Moving the
  // guest to the spectators waits for the lobby; every other seat (its own, a bot's, none) is the wrong seat.
  const otherHuman = (t: number) => g.humanSeats.includes(t) && t !== seat;
  if (action === 'kick' && otherHuman(target)) body.seat = target = kit.seats + 2;
  const codes = action === 'kick' ? ['BAD_SEAT'] : action === 'toSpectator' ? [otherHuman(target) ? 'NOT_NOW' : 'BAD_SEAT'] : ['NOT_NOW'];
  return { what: `${action} ${body.seat ?? ''} by the host during play`, wire: { via: 'send', type: 'table', body }, expect: { codes } };
}

function roundTripValue(body: unknown): unknown {
  const r = roundTrip(body);
  return r.ok ? r.value : undefined;
}

function short(x: unknown): string {
  try {
    const s = JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
    return (s ?? String(x)).slice(0, 60);
  } catch {
    return Object.prototype.toString.call(x);
  }
}

/** What an intent from this sender must get: spectators are refused first; players get GAME_OVER once it is over. */
function intentExpect<S>(g: Gen<S>, seat: number | null, body: unknown, claimedMalformed: boolean): Expect {
  if (seat === null) return { codes: ['NOT_SEATED'] };
  const decoded = roundTrip(body);
  const wellFormed = decoded.ok && g.kit.intentSchema.safeParse(decoded.value).success;
  if (claimedMalformed || !wellFormed) return { codes: ['BAD_MESSAGE', 'GAME_OVER'] };
  return 'engine';
}

function intentMessage<S>(g: Gen<S>, what: string, seat: number | null, body: unknown, malformed = false, neverLegal = false): Hostile {
  const expect = intentExpect(g, seat, body, malformed);
  return { what, wire: { via: 'send', type: 'intent', body }, expect: expect === 'engine' && neverLegal ? 'refused' : expect };
}

/** One hostile message for a sender. */
function nextHostile<S>(g: Gen<S>, role: Role, seat: number | null): Hostile {
  const { rng, kit } = g;
  const ctx: GenCtx<S> = { state: g.state(), seat, seats: kit.seats, rng, history: g.history };
  const roll = rng.int(100);
  if (roll < 10) {
    // an unknown message type, with or without a body
    // (encoded here: colyseus.js mis-encodes a type with characters outside the BMP, or a long type without a body)
    const type = rng.pick(UNKNOWN_TYPES);
    let body = rng.chance(0.8) ? rng.pick(g.junk) : undefined;
    if (body !== undefined && !roundTrip(body).ok) body = undefined;
    let frame = dataFrame(type, body);
    if (frame.length > MAX_MESSAGE_BYTES) frame = dataFrame(type);
    return { what: `type ${short(type)}`, wire: { via: 'raw', frame }, expect: { codes: ['BAD_MESSAGE'] } };
  }
  if (roll < 15) {
    // binary payloads (room.sendBytes): never a valid intent or table action
    const type = rng.pick<string | number>(['intent', 'table', 'intent', rng.pick(UNKNOWN_TYPES)]);
    const bytes = new Uint8Array(rng.int(64)).map(() => rng.int(256));
    const expect: Expect =
      type === 'intent' ? (seat === null ? { codes: ['NOT_SEATED'] } : { codes: ['BAD_MESSAGE', 'GAME_OVER'] }) : { codes: ['BAD_MESSAGE'] };
    return { what: `bytes ${short(type)}`, wire: { via: 'bytes', type, bytes }, expect };
  }
  if (roll < 18) {
    // a frame near the 4 KB limit (exactly as big as allowed, or a little less)
    const size = rng.pick([MAX_MESSAGE_BYTES, MAX_MESSAGE_BYTES - 1, MAX_MESSAGE_BYTES - 7, 4000, 3500]);
    const asIntent = rng.chance(0.6);
    const shape = rng.int(4);
    const frame = asIntent
      ? sizedFrame('intent', size, (s) => [{ type: 'commit', card: s }, { type: s }, { type: 'buy', cardId: 'x', discard: [s] }, s][shape])
      : sizedFrame('table', size, (s) => [{ action: s }, { action: 'chat', phrase: s }, { action: 'kick', seat: 99, pad: s }, [s]][shape]);
    if (!frame) throw new Error(`cannot build a ${size}-byte frame`);
    const body = unpack(frame.subarray(asIntent ? 8 : 7));
    const expect: Expect = asIntent ? intentExpect(g, seat, body, false) : tableExpectForBody(g, role, seat, body);
    return { what: `${frame.length}-byte ${asIntent ? 'intent' : 'table'}`, wire: { via: 'raw', frame }, expect };
  }
  if (roll < 20) {
    // msgpack extensions the server's decoder knows (Date, Set, RegExp, Error, typed arrays, big ints, records)
    const [what, body] = rng.pick(EXOTIC_BODIES);
    const type = rng.pick(['intent', 'table', 'nope']);
    const frame = Buffer.concat([dataFrame(type), body]);
    const expect: Expect =
      type === 'intent' ? (seat === null ? { codes: ['NOT_SEATED'] } : { codes: ['BAD_MESSAGE', 'GAME_OVER'] }) : { codes: ['BAD_MESSAGE'] };
    return { what: `${type} with msgpack ${what}`, wire: { via: 'raw', frame }, expect };
  }
  if (roll < 38) return tableMessage(g, role, seat);
  if (roll < 50) {
    const body = rng.pick(g.junk);
    return intentMessage(g, `intent junk ${short(body)}`, seat, body);
  }
  if (roll < 65) {
    const body = rng.pick(kit.malformed);
    return intentMessage(g, `malformed ${short(body)}`, seat, body, true);
  }
  if (roll < 82) {
    // out of turn: legal for another seat or phase, from a seat the game is not waiting for
    const waitsForMe = seat !== null && (kit.game.pending(ctx.state).includes(seat) || (kit.game.interrupters?.(ctx.state) ?? []).includes(seat));
    if (!waitsForMe) {
      const body = kit.outOfTurn(ctx);
      if (body) return intentMessage(g, `out of turn ${short(body)}`, seat, body, false, kit.neverLegal);
    }
  }
  const body = kit.foreign(ctx);
  return intentMessage(g, `foreign ${short(body)}`, seat, body, false, kit.neverLegal);
}

function tableExpectForBody<S>(g: Gen<S>, role: Role, seat: number | null, body: unknown): Expect {
  const a = tableAction(body);
  if (!a) return { codes: ['BAD_MESSAGE'] };
  if (a.action === 'log') return { codes: ['NOT_NOW', 'LOG_SENT'], log: true };
  if (a.action === 'rematch' || a.action === 'chat') throw new Error(`not generated: ${a.action}`);
  if (role !== 'host') return { codes: ['NOT_HOST'] };
  const otherHuman = g.humanSeats.includes(a.seat!) && a.seat !== seat;
  if (a.action === 'kick') {
    if (otherHuman) throw new Error('the host would kick the guest');
    return { codes: ['BAD_SEAT'] };
  }
  return a.action === 'toSpectator' ? { codes: [otherHuman ? 'NOT_NOW' : 'BAD_SEAT'] } : { codes: ['NOT_NOW'] };
}

/** Raw msgpack bodies using the decoder's extensions; each decodes to something no schema takes. */
const EXOTIC_BODIES: readonly [string, Buffer][] = [
  ['timestamp', Buffer.from([0xd6, 0xff, 0, 0, 0, 1])],
  ['Set', Buffer.from([0xd4, 0x73, 0x00, 0x92, 0xa6, ...Buffer.from('commit'), 0x01])],
  ['RegExp', Buffer.concat([Buffer.from([0xd4, 0x78, 0x00]), Buffer.from(pack(['(a+)+$', 'g']) as Uint8Array)])],
  ['Error', Buffer.concat([Buffer.from([0xd4, 0x65, 0x00]), Buffer.from(pack(['TypeError', 'boom']) as Uint8Array)])],
  ['Error named constructor', Buffer.concat([Buffer.from([0xd4, 0x65, 0x00]), Buffer.from(pack(['constructor', 'x']) as Uint8Array)])],
  ['Float64Array', Buffer.from([0xc7, 0x09, 0x74, 10, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f])],
  ['bigint ext', Buffer.from([0xc7, 0x03, 0x42, 0x7f, 0xff, 0xff])],
  ['int64', Buffer.from([0xd3, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])],
  ['uint64', Buffer.from([0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])],
  ['ext 0 (undefined)', Buffer.from([0xd4, 0x00, 0x00])],
  [
    'record',
    Buffer.concat([
      Buffer.from([0xd4, 0x72, 0x40]),
      Buffer.from(pack(['type', '__proto__']) as Uint8Array),
      Buffer.from([0xa6, ...Buffer.from('commit'), 0x80]),
    ]),
  ],
  [
    'cyclic structured clone',
    Buffer.concat([
      Buffer.from([
        0xd6,
        0x69,
        0,
        0,
        0,
        1,
        0x82,
        0xa4,
        ...Buffer.from('type'),
        0xa6,
        ...Buffer.from('commit'),
        0xa4,
        ...Buffer.from('self'),
        0xd6,
        0x70,
        0,
        0,
        0,
        1,
      ]),
    ]),
  ],
  ['never-used byte 0xc1', Buffer.from([0xc1])],
  ['str 32 of 3 bytes', Buffer.from([0xdb, 0, 0, 0, 3, 0x61, 0x62, 0x63])],
];

/** Frames that must close their connection (or, at worst, be answered like any message). */
export const GARBAGE_FRAMES: readonly [string, Buffer][] = [
  ['truncated map', Buffer.concat([dataFrame('intent'), Buffer.from([0x82, 0xa4])])],
  ['trailing bytes', Buffer.concat([dataFrame('intent', { type: 'commit' }), Buffer.from([0xc0, 0xc0])])],
  ['dangling structured-clone pointer', Buffer.concat([dataFrame('intent'), Buffer.from([0xd6, 0x70, 0, 0, 0, 9])])],
  ['unknown msgpack extension', Buffer.concat([dataFrame('table'), Buffer.from([0xd4, 0x05, 0x00])])],
  ['typed array of an unknown kind', Buffer.concat([dataFrame('intent'), Buffer.from([0xc7, 0x02, 0x74, 99, 0])])],
  ['RegExp with bad flags', Buffer.concat([dataFrame('intent'), Buffer.from([0xd4, 0x78, 0x00]), Buffer.from(pack(['a', 'zz']) as Uint8Array)])],
  ['Error ext named __proto__', Buffer.concat([dataFrame('intent'), Buffer.from([0xd4, 0x65, 0x00]), Buffer.from(pack(['__proto__', 'x']) as Uint8Array)])],
  ['str 32 longer than the frame', Buffer.concat([dataFrame('intent'), Buffer.from([0xdb, 0x7f, 0xff, 0xff, 0xff, 0x61])])],
  ['array 32 longer than the frame', Buffer.concat([dataFrame('table'), Buffer.from([0xdd, 0x7f, 0xff, 0xff, 0xff, 0x01])])],
  ['one byte over the limit', Buffer.concat([dataFrame('intent', 'x'.repeat(MAX_MESSAGE_BYTES)).subarray(0, MAX_MESSAGE_BYTES + 1)])],
  ['64 KB', Buffer.concat([dataFrame('intent'), Buffer.alloc(64 * 1024, 0xc0)])],
  ['leave, then junk', Buffer.from([LEAVE_ROOM, 0xff, 0xff])],
];

/**
 * Frames the room never sees as a message: Colyseus ignores a first byte that is not one of its protocol codes
 * (JOIN_ROOM again included). They get no answer and do not close the connection — see the report of issue 11;
 * the test checks the connection still works after each.
 */
export const IGNORED_FRAMES: readonly [string, Buffer][] = [
  ['empty frame', Buffer.alloc(0)],
  ['unknown protocol byte 0xff', Buffer.from([0xff, 0xa6, ...Buffer.from('intent'), 0x80])],
  ['ROOM_STATE from a client', Buffer.from([14, 0x80])],
  ['JOIN_ROOM again', Buffer.from([10, 0x01])],
  ['text frame', Buffer.from('{"type":"intent","message":{}}')],
];

/* ------------------------------------------------------------------------------------------------------------ */
/* Memory                                                                                                        */
/* ------------------------------------------------------------------------------------------------------------ */

let gcFn: (() => void) | null | undefined;
/** A real `gc()` even when jest runs without --expose-gc (the flag can be set at run time for a new context). */
function gc(): (() => void) | null {
  if (gcFn !== undefined) return gcFn;
  try {
    const g = (globalThis as any).gc;
    if (typeof g === 'function') return (gcFn = g);
    v8.setFlagsFromString('--expose-gc');
    gcFn = vm.runInNewContext('gc') as () => void;
  } catch {
    gcFn = null;
  }
  return gcFn;
}

async function settledHeap(): Promise<{ heap: number; forced: boolean }> {
  const f = gc();
  for (let i = 0; i < 3; i++) {
    f?.();
    await sleep(10);
  }
  return { heap: process.memoryUsage().heapUsed, forced: f !== null };
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The run                                                                                                       */
/* ------------------------------------------------------------------------------------------------------------ */

export interface RunOptions {
  seed: number;
  /** Hostile messages per batch (spread over the host, the guest and the spectator); the heap is read after each. */
  batch: number;
  batches: number;
  /** Messages a connection may have unanswered at once. */
  window?: number;
  /** How long to wait for the last answers of a batch. */
  settleMs?: number;
  /** How long the game may take to end once the junk stops. */
  finishMs?: number;
  /** Garbage frames, each on a throwaway connection, before the first batch (default true). */
  garbage?: boolean;
  /** Changes the room before the junk starts (the self-check: a room that loses replies). */
  tamper?: (room: any) => void;
}

export interface RunReport {
  seed: number;
  /** Hostile messages sent (throwaway frames included), and how many of them while the game was running. */
  hostile: number;
  hostileWhilePlaying: number;
  /** Honest moves the hostile players made (not counted as hostile). */
  honestMoves: number;
  perConnection: Record<string, { sent: number; hostile: number; replies: number; acceptedHostile: number; acceptedHonest: number; closed: number | null }>;
  unanswered: string[];
  violations: string[];
  codes: Record<string, number>;
  garbage: { frame: string; outcome: string }[];
  ignoredFrames: { frame: string; outcome: string }[];
  uncaught: string[];
  misattributed: string[];
  leaks: string[];
  invariants: string[];
  polluted: string[];
  roomAlive: boolean;
  status: string;
  winners: number[];
  steps: number;
  heapAfterBatch: number[];
  gcForced: boolean;
  /** The biggest game log one `table log` request brought back (JSON bytes). */
  logBytes: number;
  /** Lines the server side printed with console.error (first line of each, digits as N) and how often. */
  printed: { count: number; samples: Record<string, number> };
  ms: number;
}

const OBJECT_PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

function pollution(): string[] {
  const out: string[] = [];
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== OBJECT_PROTO_KEYS) out.push('Object.prototype has new keys');
  const probe: any = {};
  for (const k of ['polluted', 'type', 'action', 'admin', 'seat']) if (probe[k] !== undefined) out.push(`({}).${k} is ${String(probe[k])}`);
  return out;
}

/**
 * One table of `kit`'s game under attack, from the deal to the end. Returns what was seen; the test asserts on it.
 */
export async function runHostileGame<S>(server: TestServer, kit: GameKit<S>, opts: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const rng = new Prng(opts.seed);
  const window = opts.window ?? 48;
  const settleMs = opts.settleMs ?? 10_000;
  const flood = { ...settings.flood };
  // The flood limit has its own tests: here every message must reach the validators.
  settings.flood = { burst: 1e9, perSecond: 1e9, strikes: 1e9 };
  const probe = installProbe();
  // What the server's libraries print while under attack (Colyseus logs every undecodable frame, and
  // @colyseus/schema every message type that is not valid UTF-8): counted, not printed (jest keeps every line).
  const consoleError = console.error;
  const printed = { count: 0, samples: new Map<string, number>() };
  console.error = (...args: unknown[]) => {
    printed.count++;
    const line = String(args[0]).split('\n')[0].replace(/\d+/g, 'N').slice(0, 120);
    if (printed.samples.size < 20 || printed.samples.has(line)) printed.samples.set(line, (printed.samples.get(line) ?? 0) + 1);
  };
  const onRejection = (reason: unknown) => probe.uncaught.push(`unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`.slice(0, 500));
  process.on('unhandledRejection', onRejection);
  const conns: Conn[] = [];
  const leaks: string[] = [];
  const noteLeak = (s: string) => leaks.length < MAX_NOTES && leaks.push(s);
  try {
    const humanSeats = kit.seats - kit.bots >= 2 ? [0, 1] : [0];
    const hostRoom = await server.sdk.create(kit.id, {
      name: 'Hostile Host',
      seats: kit.seats,
      bots: kit.bots,
      seed: opts.seed % 2 ** 31,
      options: kit.options,
    });
    const code = hostRoom.roomId;
    const guestRoom = humanSeats.length > 1 ? await server.sdk.joinById(code, { name: 'Hostile Guest' }) : null;
    const specRoom = await server.sdk.joinById(code, { name: 'Hostile Spectator', spectate: true });
    const serverRoom = server.getRoomById(code) as any;
    watchRoom(serverRoom, probe);
    opts.tamper?.(serverRoom);
    const status = () => serverRoom.state.status as string;
    const host = new Conn('host', hostRoom, 0, probe, status);
    const guest = guestRoom ? new Conn('guest', guestRoom, 1, probe, status) : null;
    const spectator = new Conn('spectator', specRoom, null, probe, status);
    conns.push(host, ...(guest ? [guest] : []), spectator);
    const players = conns.filter((c) => c.seat !== null);

    // What each connection may see: its own secrets only; a spectator none. Checked on every patch and event.
    for (const c of conns) {
      c.room.onStateChange((st: any) => {
        if (st?.board) for (const l of kit.leaks(st.board, c.seat)) noteLeak(`${c.label}: ${l}`);
      });
      onTableEvents(c.room, (list: GameEvent[]) => {
        for (const e of Array.isArray(list) ? list : []) {
          if ('to' in e) noteLeak(`${c.label} got an event with its audience: ${e.type}`);
          if (kit.privateEvents.includes(e.type) && e.seat !== c.seat) noteLeak(`${c.label} got ${e.type} of seat ${String(e.seat)}`);
        }
      });
    }

    // (each client's state comes in its own patches: the spectator's board says nothing of whether the players' own
    // states show them seated yet, and on a loaded machine they may lag behind it)
    const start = Date.now();
    const seated = () => seatOf(hostRoom) >= 0 && (!guestRoom || seatOf(guestRoom) >= 0);
    while (serverRoom.state.status !== 'playing' || !specRoom.state?.board || !seated()) {
      if (Date.now() - start > 10_000) throw new Error('the table did not start');
      await sleep(5);
    }
    if (seatOf(hostRoom) !== 0 || (guestRoom && seatOf(guestRoom) !== 1)) throw new Error('the hostile players are not in seats 0 and 1');

    const history: S[] = [];
    const g: Gen<S> = {
      kit,
      rng,
      junk: [...GENERIC_JUNK, ...sampledJunk(opts.seed, 400)],
      humanSeats,
      state: () => serverRoom.engineState as S,
      history,
    };
    const honestRng = Rng.fromSeed(opts.seed % 2 ** 31);
    let hostileSent = 0;
    let hostileWhilePlaying = 0;
    const garbage: RunReport['garbage'] = [];
    const ignoredFrames: RunReport['ignoredFrames'] = [];
    const heapAfterBatch: number[] = [];
    let gcForced = false;

    /** Pacing: one move (by any hostile player) per `junkPerMove` hostile messages while the junk flows. */
    let moves = 0;
    const mayMove = () => hostileSent >= moves * kit.junkPerMove;
    const legalNow = (seat: number, h: Hostile) => {
      if (h.wire.via !== 'send') return false;
      const parsed = kit.intentSchema.safeParse(roundTripValue(h.wire.body));
      if (!parsed.success) return false;
      const key = kit.intentKey(parsed.data);
      return kit.game.legalIntents(serverRoom.engineState as S, seat).some((l: unknown) => kit.intentKey(l) === key);
    };

    /** A hostile player's real move, when the game waits for it (and the pacing allows). */
    const honest = (c: Conn, paced: boolean) => {
      const st = serverRoom.engineState as S;
      if (serverRoom.state.status !== 'playing' || c.seat === null || c.closed !== null) return;
      if (!kit.game.pending(st).includes(c.seat)) return;
      if (paced && !mayMove()) return;
      // once per state; again after a while if the state did not move (the move was refused: a race lost)
      if (c.honestFor === st && Date.now() - c.honestAt < 250) return;
      const ready = kit.game.botReadyAt?.(st, c.seat) ?? null;
      if (ready !== null && ready > Date.now()) return;
      const intent = kit.game.bot(kit.game.view(st, c.seat), honestRng);
      c.honestFor = st;
      c.honestAt = Date.now();
      c.honestMoves++;
      moves++;
      c.send({ what: `honest ${short(intent)}`, wire: { via: 'send', type: 'intent', body: intent }, expect: 'engine' }, true);
    };

    /** Each new engine state the table reaches: kept for out-of-phase intents, and its invariants checked live. */
    const live: string[] = [];
    const remember = () => {
      const st = serverRoom.engineState as S;
      if (history[history.length - 1] !== st) {
        history.push(st);
        if (history.length > 12) history.shift();
        for (const v of kit.checkState(st)) if (live.length < MAX_NOTES) live.push(`live state ${serverRoom.state.status}: ${v}`);
      }
    };

    /**
     * One garbage frame on its own connection, with a probe (`table log`) behind it. The outcome: "closed <code>"
     * (the frame closed the connection), "answered" (the frame and the probe got their replies), or, for a frame the
     * room never sees, "ignored" (only the probe was answered). Unexpected replies are violations as anywhere.
     */
    const throwaways: { violations: string[]; unanswered: string[] } = { violations: [], unanswered: [] };
    const throwaway = async (name: string, frame: Buffer, ignored: boolean) => {
      const room = await server.sdk.joinById(code, { name: 'Throwaway', spectate: true });
      const c = new Conn(`throwaway(${name})`, room, null, probe, status);
      c.send({ what: name, wire: { via: 'raw', frame }, expect: { codes: ['BAD_MESSAGE', 'NOT_SEATED'] } });
      hostileSent++;
      if (serverRoom.state.status === 'playing') hostileWhilePlaying++;
      c.send({ what: 'probe', wire: { via: 'send', type: 'table', body: { action: 'log' } }, expect: { codes: ['NOT_NOW', 'LOG_SENT'], log: true } }, true);
      const t0 = Date.now();
      while (c.closed === null && c.outstanding() > 0 && Date.now() - t0 < 3000) await sleep(2);
      let outcome: string;
      if (c.closed !== null) outcome = `closed ${c.closed}`;
      else if (c.outstanding() > 0) outcome = 'silent';
      else outcome = c.sent === 2 ? 'answered' : 'ignored';
      (ignored ? ignoredFrames : garbage).push({ frame: name, outcome });
      throwaways.violations.push(...c.violations);
      if (c.closed === null) {
        throwaways.unanswered.push(...c.unanswered());
        await room.leave(true).catch(() => undefined);
      }
    };

    const roles: [Conn, Role, number][] = [
      [spectator, 'spectator', 0.4],
      [host, 'host', guest ? 0.3 : 0.6],
      ...(guest ? ([[guest, 'guest', 0.3]] as [Conn, Role, number][]) : []),
    ];

    settings.botDelayMs = kit.junkBotDelayMs ?? 0;
    // The garbage frames first, each on its own connection. (Before the heap is first read: every connection a
    // colyseus.js client opens in this process keeps ~100 KB on the client side, which is not the server's.)
    if (opts.garbage !== false) {
      for (const [name, frame] of GARBAGE_FRAMES) await throwaway(name, frame, false);
      for (const [name, frame] of IGNORED_FRAMES) await throwaway(name, frame, true);
    }
    for (let b = 0; b < opts.batches; b++) {
      const quota = new Map(roles.map(([c, , share]) => [c, Math.round(opts.batch * share)]));
      const sentAt = new Map(roles.map(([c]) => [c, 0]));
      let left = opts.batch;
      let progressAt = Date.now();
      while (left > 0) {
        remember();
        // Connections full of unanswered messages send nothing more: stop, and let the report say which.
        if (Date.now() - progressAt > settleMs) break;
        for (const [c, role] of roles) {
          while (c.closed === null && c.outstanding() < window && sentAt.get(c)! < quota.get(c)! && left > 0) {
            const h = nextHostile(g, role, c.seat);
            // Pacing: a hostile intent that is legal now is a move (an extra field claiming another seat, say);
            // it goes only when a move may, and counts as one.
            const isMove = h.expect === 'engine' && c.seat !== null && legalNow(c.seat, h);
            if (isMove && !mayMove()) continue;
            if (!c.send(h)) continue;
            if (isMove) moves++;
            sentAt.set(c, sentAt.get(c)! + 1);
            progressAt = Date.now();
            left--;
            hostileSent++;
            if (serverRoom.state.status === 'playing') hostileWhilePlaying++;
            // interleave a real move now and then
            if (rng.chance(0.05)) for (const p of players) honest(p, true);
          }
        }
        for (const p of players) honest(p, true);
        if (roles.every(([c]) => c.closed !== null))
          throw new Error(`every hostile connection was closed: ${roles.map(([c]) => `${c.label} ${c.closed} after ${c.closedAfter}`).join('; ')}`);
        await tick();
      }
      // Every answer of this batch is in before the heap is read.
      const t0 = Date.now();
      while (conns.some((c) => c.closed === null && c.outstanding() > 0) && Date.now() - t0 < settleMs) await sleep(2);
      const h = await settledHeap();
      heapAfterBatch.push(h.heap);
      gcForced = h.forced;
    }

    // The junk is over: the hostile players (and the bots) play on at once until the game ends.
    settings.botDelayMs = 0;
    const finishBy = Date.now() + (opts.finishMs ?? 45_000);
    while (serverRoom.state.status !== 'over' && Date.now() < finishBy) {
      remember();
      for (const p of players) honest(p, false);
      await sleep(2);
    }
    remember();
    // The spectator asks for the log: the replay below checks the engine's invariants on every step.
    await waitUntil(() => specRoom.state?.status === 'over', 2000);
    spectator.send(
      { what: 'log at the end', wire: { via: 'send', type: 'table', body: { action: 'log' } }, expect: { codes: ['NOT_NOW', 'LOG_SENT'], log: true } },
      true,
    );
    const t1 = Date.now();
    while (conns.some((c) => c.closed === null && c.outstanding() > 0) && Date.now() - t1 < settleMs) await sleep(2);

    const invariants: string[] = [...live];
    const log = spectator.lastLog;
    const finalState = serverRoom.engineState as S;
    if (!log) invariants.push('no game log reached the spectator');
    else {
      const replayed = replayGame(kit.game, { seed: log.seed as any, options: log.options, seats: log.seats.length, steps: log.steps as any });
      if (replayed.error) invariants.push(`the log does not replay: ${replayed.error.code} ${replayed.error.message}`);
      const last = replayed.frames[replayed.frames.length - 1]?.state;
      if (JSON.stringify(last) !== JSON.stringify(finalState)) invariants.push('the replayed log does not end in the server’s state');
      replayed.frames.forEach((f, i) => {
        for (const v of kit.checkState(f.state)) if (invariants.length < MAX_NOTES) invariants.push(`replayed step ${i}: ${v}`);
      });
      invariants.push(...kit.checkReplay(replayed.frames, log));
    }

    const report: RunReport = {
      seed: opts.seed,
      hostile: hostileSent,
      hostileWhilePlaying,
      honestMoves: players.reduce((n, p) => n + p.honestMoves, 0),
      perConnection: Object.fromEntries(
        conns.map((c) => [
          c.label,
          { sent: c.sent, hostile: c.hostile, replies: c.replies, acceptedHostile: c.acceptedHostile, acceptedHonest: c.acceptedHonest, closed: c.closed },
        ]),
      ),
      unanswered: [...conns.flatMap((c) => (c.closed === null ? c.unanswered() : [])), ...throwaways.unanswered],
      violations: [...conns.flatMap((c) => c.violations), ...throwaways.violations],
      codes: {},
      garbage,
      ignoredFrames,
      uncaught: probe.uncaught,
      misattributed: probe.misattributed,
      leaks,
      invariants,
      polluted: pollution(),
      // the same room, not disposing (Colyseus' internal state 1 = created), its spectator still there
      roomAlive: server.getRoomById(code) === serverRoom && serverRoom._internalState === 1 && serverRoom.clients.length > 0,
      status: serverRoom.state.status,
      winners: Array.from(serverRoom.state.winners as number[]),
      steps: log?.steps.length ?? -1,
      heapAfterBatch,
      gcForced,
      logBytes: Math.max(...conns.map((c) => c.logBytes)),
      printed: { count: printed.count, samples: Object.fromEntries(printed.samples) },
      ms: Date.now() - started,
    };
    for (const c of conns) for (const [k, n] of c.codes) report.codes[k] = (report.codes[k] ?? 0) + n;
    for (const c of [host, guest, spectator])
      if (c && c.closed !== null) report.violations.push(`${c.label} was disconnected (${c.closed}) after: ${c.closedAfter}`);
    return report;
  } finally {
    console.error = consoleError;
    process.off('unhandledRejection', onRejection);
    settings.flood = flood;
    settings.botDelayMs = 0; // as the harness has it
    probe.restore();
    for (const c of conns) if (c.closed === null) await c.room.leave(true).catch(() => undefined);
  }
}

async function waitUntil(pred: () => boolean, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!pred() && Date.now() - t0 < ms) await sleep(5);
}

/** One line for the console when ADVERSARIAL_REPORT is set. */
export function summary(game: string, r: RunReport): string {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const heap = r.heapAfterBatch.map(mb).join(' → ');
  return [
    `${game}: seed ${r.seed}, ${r.hostile} hostile messages (${r.hostileWhilePlaying} while playing), ${r.honestMoves} real moves by the hostile players, ${r.steps} engine steps, ${r.ms} ms`,
    `  per connection: ${JSON.stringify(r.perConnection)}`,
    `  codes: ${JSON.stringify(r.codes)}`,
    `  garbage: ${r.garbage.map((x) => `${x.frame}: ${x.outcome}`).join('; ')}`,
    `  ignored frames: ${r.ignoredFrames.map((x) => `${x.frame}: ${x.outcome}`).join('; ')}`,
    `  heap after each batch (MB, gc ${r.gcForced ? 'forced' : 'not available'}): ${heap}`,
    `  biggest game log sent for one request: ${r.logBytes} bytes of JSON`,
    `  console.error lines from the server side: ${r.printed.count} ${JSON.stringify(r.printed.samples)}`,
  ].join('\n');
}

/** Heap growth allowed from the first batch of junk to the second (same size): a leak per message would show. */
export const HEAP_GROWTH_LIMIT = 4 * 1024 * 1024;

/** What every game's run must show. */
export function assertReport(r: RunReport): void {
  // the process and the table survived, and the game was played to its end
  expect(r.uncaught).toEqual([]);
  expect(r.roomAlive).toBe(true);
  expect(r.status).toBe('over');
  expect(r.winners.length).toBeGreaterThan(0);
  // enough hostile traffic, most of it while the game ran
  expect(r.hostile).toBeGreaterThanOrEqual(20_000);
  expect(r.garbage.length + r.ignoredFrames.length).toBe(GARBAGE_FRAMES.length + IGNORED_FRAMES.length);
  expect(r.hostileWhilePlaying).toBeGreaterThanOrEqual(10_000);
  // every message answered as it deserved (refused with the right code, taken by the engine, or closed)
  expect(r.unanswered).toEqual([]);
  expect(r.violations).toEqual([]);
  expect(r.misattributed).toEqual([]);
  expect(r.garbage.filter((g) => !/^(closed (4002|1009|4000)|answered)$/.test(g.outcome))).toEqual([]);
  // frames Colyseus never hands to the room (see IGNORED_FRAMES): today dropped unanswered, the connection working
  // (a probe behind them is answered); closing or answering would do too — never a connection left silent
  expect(r.ignoredFrames.filter((g) => !/^(ignored|answered|closed \d+)$/.test(g.outcome))).toEqual([]);
  // nothing secret reached anyone it does not belong to; the engine's invariants hold on every step
  expect(r.leaks).toEqual([]);
  expect(r.invariants).toEqual([]);
  expect(r.polluted).toEqual([]);
  // memory: the second batch of junk does not leave more behind than the first
  expect(r.heapAfterBatch).toHaveLength(2);
  expect(r.heapAfterBatch[1] - r.heapAfterBatch[0]).toBeLessThan(HEAP_GROWTH_LIMIT);
}

/**
 * One game's hostile-client suite: a server for the file, and the 20,000-message run from `seedBase` (or
 * ADVERSARIAL_SEED). Returns the server and the seed for a file's own extra tests.
 */
export function hostileGameSuite<S>(title: string, kit: GameKit<S>, seedBase: number, timeoutMs = 60_000): { server: () => TestServer; seed: number } {
  let server: TestServer;
  beforeAll(async () => {
    // Compressed sockets, the harder case: ws holds a message until it compresses it (see ws-copy.ts).
    server = await startServer({ wsCompression: true });
  });
  afterAll(async () => {
    await server.cleanup();
    await server.shutdown();
  });
  const seed = seedFor(seedBase);
  test(
    `${title}: 20,000 hostile messages while a real game runs to its end — every one answered, nothing leaked, invariants hold, memory flat`,
    () =>
      withSeed(seed, async () => {
        const report = await runHostileGame(server, kit, { seed, batch: 10_000, batches: 2 });
        if (process.env.ADVERSARIAL_REPORT) console.log(summary(title, report));
        assertReport(report);
      }),
    timeoutMs,
  );
  return { server: () => server, seed };
}
