/**
 * Time for one table: every countdown, bot turn, restore wait and race timer goes through an injected `Clock`, so a
 * test can run a table on a manual clock it advances instead of waiting for real time. `TableClock` owns the table's
 * named timers (the decision countdown, one timer per bot seat, the restore and gathering waits) and the AFK misses.
 */
import type { Seat } from '@tumbleweed/engine';
import { processLoopLag } from '../fair/loop-lag';

/** An opaque timer handle, given back to `clearTimeout`. */
export type TimerHandle = unknown;

/** What a table reads the time from and schedules on. The real one is `realClock`. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /**
   * How long a message read now may have waited unread, its process stalled (fair/loop-lag.ts); asking keeps the
   * measure running. Absent (a test's clock): 0.
   */
  lagMs?(): number;
}

/** The process's clock: Date.now() and Node's timers. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  lagMs: () => processLoopLag.lagMs(),
};

/**
 * A clock that only moves when told (tests): `advance(ms)` runs every timer due by then, in time order, each at its
 * own time (`now()` reads its due time while it runs). A timer due now (0 ms: a bot with no delay) runs on its own,
 * soon after, as a real one would; anything later waits for `advance`. Starts at the real time, so deadlines look
 * like real ones.
 */
export class ManualClock implements Clock {
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  private flushing = false;

  constructor(private time = Date.now()) {}

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    if (ms <= 0 && !this.flushing) {
      this.flushing = true;
      setImmediate(() => {
        this.flushing = false;
        this.advance(0);
      });
    }
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  /** When the next timer is due (ms since the epoch), or null when none waits. */
  get nextAt(): number | null {
    let next: number | null = null;
    for (const t of this.timers.values()) if (next === null || t.at < next) next = t.at;
    return next;
  }

  /** Moves the time on by `ms`, running each timer that falls due on the way (also those they set). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | null = null;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].fn();
    }
    this.time = end;
  }
}

/**
 * Real time that a test can make jump ahead (`jump(ms)`): every timer due by then runs at once, in time order, each
 * at its own time, and the clock stays that far ahead of the real one. For tables whose players answer in real time
 * (races judged by arrival) but whose waits (a threat window, the pause before "Go!") are not what a test is about.
 */
export class JumpClock implements Clock {
  private offset = 0;
  private timers = new Map<number, { at: number; fn: () => void; real: NodeJS.Timeout }>();
  private nextId = 1;

  now(): number {
    return Date.now() + this.offset;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    const at = this.now() + Math.max(0, ms);
    this.timers.set(id, { at, fn, real: this.arm(id, at) });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    const t = this.timers.get(handle as number);
    if (t) clearTimeout(t.real);
    this.timers.delete(handle as number);
  }

  /** Moves the time on by `ms` at once, running each timer that falls due on the way (also those they set). */
  jump(ms: number): void {
    const end = this.now() + Math.max(0, ms);
    for (;;) {
      let next: [number, { at: number; fn: () => void; real: NodeJS.Timeout }] | null = null;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      clearTimeout(next[1].real);
      this.timers.delete(next[0]);
      this.offset = Math.max(this.now(), next[1].at) - Date.now();
      next[1].fn();
    }
    this.offset = end - Date.now();
    for (const [id, t] of this.timers) {
      clearTimeout(t.real);
      t.real = this.arm(id, t.at);
    }
  }

  private arm(id: number, at: number): NodeJS.Timeout {
    return setTimeout(() => this.fire(id), Math.max(0, at - this.now()));
  }

  private fire(id: number): void {
    const t = this.timers.get(id);
    if (!t) return;
    if (t.at > this.now()) {
      t.real = this.arm(id, t.at); // (a real timer may fire a millisecond early)
      return;
    }
    this.timers.delete(id);
    t.fn();
  }
}

/** Missed decisions in a row after which a bot plays for an absent-minded human. */
export const AWAY_AFTER_MISSES = 2;

/** The timers one table runs, on its `Clock`. Errors thrown by a timer go to `onError` (as Colyseus' own timers do). */
export class TableClock {
  private countdown: TimerHandle | null = null;
  private bots = new Map<Seat, TimerHandle>();
  private restoreWait: TimerHandle | null = null;
  private gatherWait: TimerHandle | null = null;
  /** Countdowns that ran out on a seat in a row. */
  private misses = new Map<Seat, number>();

  constructor(
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  now(): number {
    return this.clock.now();
  }

  /** How long a message read now may have waited unread (`Clock.lagMs`). */
  lagMs(): number {
    return this.clock.lagMs?.() ?? 0;
  }

  /** A one-off timer on the table's clock. */
  later(fn: () => void, ms: number): TimerHandle {
    return this.clock.setTimeout(() => {
      try {
        fn();
      } catch (error) {
        this.onError(error);
      }
    }, ms);
  }

  cancel(handle: TimerHandle | null): void {
    if (handle !== null) this.clock.clearTimeout(handle);
  }

  /** A decision countdown (the table's or the game's own deadline) is running. */
  get counting(): boolean {
    return this.countdown !== null;
  }

  /** Runs `fn` at `deadline` (ms since the epoch), replacing any running countdown. */
  countTo(deadline: number, fn: () => void): void {
    this.stopCountdown();
    this.countdown = this.later(
      () => {
        this.countdown = null;
        fn();
      },
      Math.max(0, deadline - this.now()),
    );
  }

  stopCountdown(): void {
    this.cancel(this.countdown);
    this.countdown = null;
  }

  /** A bot seat's turn is already scheduled. */
  botWaiting(seat: Seat): boolean {
    return this.bots.has(seat);
  }

  /** Runs a bot's decision for `seat` after `ms` (one at a time per seat). */
  botTurn(seat: Seat, ms: number, fn: () => void): void {
    if (this.bots.has(seat)) return;
    this.bots.set(
      seat,
      this.later(() => {
        this.bots.delete(seat);
        fn();
      }, ms),
    );
  }

  /** One more countdown ran out on `seat`: true when that makes AWAY_AFTER_MISSES in a row. */
  miss(seat: Seat): boolean {
    const n = (this.misses.get(seat) ?? 0) + 1;
    this.misses.set(seat, n);
    return n >= AWAY_AFTER_MISSES;
  }

  /** The seat's player acted (or a new game starts, with no seat): its misses start again from zero. */
  acted(seat?: Seat): void {
    if (seat === undefined) this.misses.clear();
    else this.misses.delete(seat);
  }

  /** A rebuilt table waits for its players (until `endRestoreWait`, or `ms`, when `fn` runs). */
  awaitReturn(ms: number, fn: () => void): void {
    this.cancel(this.restoreWait);
    this.restoreWait = this.later(fn, ms);
  }

  get awaitingReturn(): boolean {
    return this.restoreWait !== null;
  }

  /** Ends the restore wait: true when there was one. */
  endRestoreWait(): boolean {
    if (this.restoreWait === null) return false;
    this.cancel(this.restoreWait);
    this.restoreWait = null;
    return true;
  }

  /** The first player back gives the others `ms` more (once). */
  gather(ms: number, fn: () => void): void {
    if (this.gatherWait !== null) return;
    this.gatherWait = this.later(() => {
      this.gatherWait = null;
      fn();
    }, ms);
  }

  stopGathering(): void {
    this.cancel(this.gatherWait);
    this.gatherWait = null;
  }

  /** Every timer of the table stops (dispose, shutdown). */
  clear(): void {
    this.endRestoreWait();
    this.stopGathering();
    this.stopCountdown();
    for (const t of this.bots.values()) this.cancel(t);
    this.bots.clear();
  }
}
