import type { BOT_LEVELS } from '../protocol/constants';
import type { ErrorCode } from '../protocol/errors';
import type { Rng } from './rng';

/** A seat index, 0-based, in table order (clockwise). */
export type Seat = number;

/** What every intent looks like on the wire: `{ type, ...fields }`. */
export interface Intent {
  type: string;
}

/**
 * A named event. `to` limits who may see it (seat numbers); absent means everyone, spectators included.
 * Engines emit a public and a private event side by side where one audience may know more than another.
 * This is any event, as code that handles every game's (the server's driver, the event batches) sees it; each game's
 * own are typed in protocol/events.ts (`Emitted<DuelEvent>` etc.), and are GameEvents too.
 */
export interface GameEvent {
  type: string;
  to?: readonly Seat[];
  [field: string]: unknown;
}

export interface EngineError {
  /** Stable, machine-readable (e.g. `NOT_YOUR_TURN`, `ILLEGAL_CARD`): one of protocol/errors.ts. Clients translate it. */
  code: ErrorCode;
  message: string;
}

/** A step's result: the next state and the events it emitted (`E`: the game's own, protocol/events.ts), or a refusal. */
export type ApplyResult<S, E extends GameEvent = GameEvent> = { state: S; events: E[] } | { error: EngineError };

export function isError<S, E extends GameEvent>(r: ApplyResult<S, E>): r is { error: EngineError } {
  return 'error' in r;
}

export function fail(code: ErrorCode, message: string): { error: EngineError } {
  return { error: { code, message } };
}

export interface Outcome {
  /** Seats that won (one for the games we ship). */
  winners: Seat[];
  /** Per-seat final score in the game's own unit (money for Duel). */
  scores: number[];
}

/** How well a table's bots play (or, in Saloon Showdown, how quick they are): the table option `botLevel`. */
export type BotLevel = (typeof BOT_LEVELS)[number];

export interface SetupConfig<O> {
  seats: number;
  options: O;
}

/**
 * A game, as a typed object. The server knows games only through this interface.
 *  S: full (secret) state, V: what one seat (or a spectator, seat null) may see, I: intents, O: table options,
 *  E: the events its rules emit (protocol/events.ts; any GameEvent where the game does not matter).
 */
export interface Game<S, V, I extends Intent, O, E extends GameEvent = GameEvent> {
  id: string;
  minSeats: number;
  maxSeats: number;
  /** Fills in defaults and checks ranges; returns an error for a value out of range. */
  options(input: Partial<O> | undefined): O | { error: EngineError };
  setup(config: SetupConfig<O>, rng: Rng): S;
  legalIntents(state: S, seat: Seat): I[];
  /**
   * `now` (ms, the server's clock) is injected for games whose rules depend on time (a reflex race, a lock-out);
   * turn-based games ignore it. The engine never reads a clock itself.
   */
  apply(state: S, seat: Seat, intent: I, now?: number): ApplyResult<S, E>;
  /** The game's default for every pending decision when its countdown runs out. */
  timeout(state: S, now?: number): ApplyResult<S, E>;
  /**
   * For games with their own clock (a threat window, a "Go!" signal): the time (ms, same clock as `now`) at which
   * `timeout` must be called next, or null. Games without it use the table's per-decision countdown.
   */
  deadline?(state: S): number | null;
  /**
   * The table was paused for `ms` (its server stopped, and a process resumed it from the log): the game's own clock
   * moves on by as much, so a threat window, a "Go!" or a lock-out keeps the time it had left. Logged as a step
   * (`{ shift, at }`) so a replay goes the same way. Games without their own clock leave it out.
   */
  shift?(state: S, ms: number): S;
  view(state: S, seat: Seat | null): V;
  outcome(state: S): Outcome | null;
  /** Seats whose decision the game is waiting for. */
  pending(state: S): Seat[];
  /**
   * A bot picks an intent from what its seat may see; randomness comes from the injected generator. `level` is the
   * table's `botLevel` for games whose bots play at several strengths (absent: the game's normal bot).
   */
  bot(view: V, rng: Rng, level?: BotLevel): I;
  /**
   * Real-time games with interrupts (a Bottle hit, "I don't think so!"): seats that may act now although the game
   * does not wait for them (never in `pending`). The server wakes these seats' bots too, with the same reaction
   * time as any bot decision. Server-side only: it tells who holds what, so it is never sent to anyone.
   */
  interrupters?(state: S): Seat[];
  /**
   * The interrupt a bot makes from its view (a seat in `interrupters`), or null when it does not pay: the bot lets
   * the moment pass. Games without it use `bot`.
   */
  botInterrupt?(view: V, rng: Rng): I | null;
  /**
   * The earliest time (ms, the `now` clock) a seat's bot may act usefully (e.g. the end of a misfire lock-out), or
   * null for at once. The server adds the bot's reaction time after it.
   */
  botReadyAt?(state: S, seat: Seat): number | null;
  /**
   * `botReadyAt` from the seat's own view, for a bot that has nothing else (the network bot, `bot-cli.ts`): the end of
   * a lock-out the view shows (ms, the server's clock), or null for at once. Without it such a bot learns of a
   * lock-out only from a refusal.
   */
  botReadyAtView?(view: V): number | null;
  /**
   * Reflex races (a duel's "Go!"): the race running or about to start now — when it starts (`goAt`, same clock as
   * `now`), who races, and the human floor under which a reaction is a false start — or null. The server's timing
   * policy uses it to judge each racer's shot by its reaction time rather than by its arrival (see docs/fair-races.md).
   */
  race?(state: S): Race | null;
  /**
   * What `seat` will read at "Go!" of the race about to start (its hand, or the cards to be flipped), so the server
   * can send it a moment before "Go!", to be shown exactly at `goAt`; null when there is nothing to send (not a
   * racer, or no race is getting ready).
   */
  racePreview?(state: S, seat: Seat): { goAt: number; cards: string[] } | null;
}

/**
 * A reflex race, as the server's timing policy sees it: a "Go!" (scheduled: every screen shows it at `goAt` by its
 * synced clock) or a response window (not scheduled: each screen shows it when the state arrives, its player's
 * one-way latency after `goAt`), where the first to act wins something (a gun, the threat's outcome).
 */
export interface Race {
  /** "Go!", or when the window opened (ms, the `now` clock). */
  goAt: number;
  /** Who races (may act in it). */
  seats: Seat[];
  /** A reaction under this many ms after "Go!" is a false start (no human is that quick); 0: no such rule. */
  falseStartMs: number;
  /** Whether "Go!" has been given yet. */
  go: boolean;
  /** Every screen shows "Go!" at `goAt` (the racers' cards were sent ahead); false: a window shown on arrival. */
  scheduled: boolean;
  /** The intent types judged by reaction time in it. */
  intents: readonly string[];
}

/** The events a recipient may see: a seat, or `null` for a spectator. The `to` field is dropped. */
export function eventsFor<E extends GameEvent>(events: readonly E[], seat: Seat | null): E[] {
  const out: E[] = [];
  for (const e of events) {
    if (e.to && (seat === null || !e.to.includes(seat))) continue;
    const { to: _to, ...rest } = e;
    out.push(rest as unknown as E);
  }
  return out;
}
