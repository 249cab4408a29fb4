/**
 * A table rebuilt after a restart (persist/restore.ts): the game replayed from its stored log, every human seat
 * dropped until its player takes it back with their seat token. Nothing runs (no countdown, no bot) until they are
 * all back or the grace period ends; the first one back waits at most RESTORE_GATHER_MS for the others. Then the
 * game's own clock skips the pause, and the countdown starts afresh.
 */
import { runStep, type GameEvent, type Seat, type TableEvent } from '@tumbleweed/engine';
import type { Logger } from 'pino';
import type { AnyAdapter } from '../game-adapter';
import type { ResumableGame } from '../persist';
import { syncArray, type TableState } from '../table-state';
import type { TableClock } from './clock';
import type { GameDriver } from './driver';
import type { Seats } from './seats';
import type { Turns } from './turns';

/** After a restart, how long the first player back waits for the others before the game goes on. */
export const RESTORE_GATHER_MS = 10_000;

/** What the restore wait needs from its room. */
export interface RestoreHost {
  readonly state: TableState;
  readonly adapter: AnyAdapter;
  readonly log: Logger;
  /** The reconnection grace period (seconds). */
  grace(): number;
  /** A table nobody is connected to stays open while it waits for its players. */
  keepOpen(open: boolean): void;
  events(events: TableEvent[]): void;
  /** The story a newcomer is told (table/events.ts `history`), rebuilt from the replayed game. */
  retell(events: readonly GameEvent[]): void;
  patch(): void;
  saveSeats(): void;
}

export class RestoreWait {
  constructor(
    private readonly host: RestoreHost,
    private readonly driver: GameDriver,
    private readonly seats: Seats,
    private readonly clock: TableClock,
    private readonly turns: Turns,
  ) {}

  /** Rebuilds the table from a stored game, paused until its players are back (or the grace period ends). */
  resume(stored: ResumableGame): void {
    const { state } = this.host;
    this.seats.restore(stored.seats);
    this.driver.replay(stored);
    this.host.retell([{ type: 'game_started', seats: state.seats.length } satisfies TableEvent, ...this.driver.gameEvents]);
    state.status = 'playing';
    this.driver.mirror();
    const pending = this.driver.pending();
    syncArray(state.pending, pending);
    this.turns.pendingBefore = new Set(pending);
    this.host.log.info({ steps: this.driver.steps.length, status: state.status }, 'table restored: waiting for the players');
    // Kept open while nobody is connected yet.
    this.host.keepOpen(true);
    this.turns.paused = true;
    this.clock.awaitReturn(this.host.grace() * 1000, () => this.end());
  }

  /**
   * A player of a rebuilt table is back: once everyone is, the game goes on; the first one back does not wait more
   * than RESTORE_GATHER_MS for the others (who then miss their turns, as any dropped player, until they come back or
   * the grace period ends).
   */
  playerBack(): void {
    if (!this.clock.awaitingReturn) return;
    if (this.host.state.seats.every((x) => x.kind !== 'human' || x.connected)) return this.end();
    if (this.turns.paused) this.clock.gather(RESTORE_GATHER_MS, () => this.goOn());
  }

  /**
   * A rebuilt table whose game runs its own clock (a Saloon threat window, a "Go!"): the clock skips the time the table
   * was stopped, so each deadline has what it had left at the last step instead of running out at once. Logged (and
   * stored) as a step, so a replay or the next restore goes the same way.
   */
  private skipThePause(): boolean {
    const { game } = this.host.adapter;
    const engine = this.driver.engine;
    const last = this.driver.steps[this.driver.steps.length - 1];
    if (!game.shift || !last || game.deadline?.(engine) == null) return false;
    const now = this.clock.now();
    const ms = Math.max(0, now - last.at);
    if (ms === 0) return false;
    const step = { shift: ms, at: now };
    this.host.log.info({ ms }, 'restore: the game clock skips the pause');
    this.turns.pendingBefore = new Set(); // (as a table going on: a fresh countdown for whoever must decide)
    this.turns.commit(runStep(game, engine, step), step);
    return true;
  }

  /** A rebuilt table goes on: a fresh countdown for whoever must decide, and the bots wake. */
  private goOn(): void {
    this.clock.stopGathering();
    if (!this.turns.paused) return;
    this.turns.paused = false;
    // (a skipped pause is a step: its commit already restarts the countdown and wakes the bots)
    if (this.host.state.status === 'playing' && !this.skipThePause()) this.turns.afterChange();
    else this.host.patch();
  }

  /** Everyone is back, or the grace period is over: bots take the seats still empty, and the game goes on. */
  private end(): void {
    if (!this.clock.endRestoreWait()) return;
    const { state } = this.host;
    const taken: Seat[] = [];
    state.seats.forEach((s, i) => {
      if (s.kind !== 'human' || s.connected || state.status !== 'playing') return;
      s.kind = 'bot';
      s.sessionId = '';
      taken.push(i);
    });
    if (taken.length) {
      this.host.saveSeats();
      this.host.events(taken.map((seat) => ({ type: 'bot_took_seat', seat })));
    }
    this.host.keepOpen(false);
    if (this.turns.paused) this.goOn();
    else if (taken.length && state.status === 'playing') this.turns.afterChange();
  }
}
