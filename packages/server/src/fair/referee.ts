/**
 * Fair races: the shots of a race wait here a moment before the engine judges them, in the order of their accepted
 * times (timing.ts) — not of their arrival. A shot is judged once no other racer could still send an earlier one (its
 * accepted time + the collection window has passed), or at once when every racer has shot.
 */
import type { Seat } from '@tumbleweed/engine';
import { FAIR } from './timing';

export interface HeldShot<T> {
  seat: Seat;
  /** Accepted time (server clock, ms). */
  at: number;
  /** Arrival order at the server: ties go to the earlier arrival. */
  seq: number;
  payload: T;
}

export class RaceReferee<T> {
  private held: HeldShot<T>[] = [];
  private race = '';
  private forgiven = new Map<Seat, number>();

  /** The race now running (any key that changes with the race): a new one gives every racer its whole quota back. */
  enter(race: string): void {
    if (race === this.race) return;
    this.race = race;
    this.forgiven.clear();
  }

  /** What is left of `seat`'s lag quota (`quota` per race) in this race. */
  quotaLeft(seat: Seat, quota: number = FAIR.lagQuotaMs): number {
    return Math.max(0, quota - (this.forgiven.get(seat) ?? 0));
  }

  hold(shot: HeldShot<T>, forgivenMs: number): void {
    this.forgiven.set(shot.seat, (this.forgiven.get(shot.seat) ?? 0) + forgivenMs);
    this.held.push(shot);
    this.held.sort((a, b) => a.at - b.at || a.seq - b.seq);
  }

  get size(): number {
    return this.held.length;
  }

  /** The shots to judge at `now`, in order; `windowMs` = the collection window, `racers` = who races now. */
  due(now: number, windowMs: number, racers: readonly Seat[]): HeldShot<T>[] {
    if (racers.every((s) => this.held.some((h) => h.seat === s))) return this.takeAll();
    const n = this.held.findIndex((h) => h.at + windowMs > now);
    return this.held.splice(0, n < 0 ? this.held.length : n);
  }

  /** When the next held shot is due (server clock), or null. */
  nextDue(windowMs: number): number | null {
    return this.held.length ? this.held[0].at + windowMs : null;
  }

  takeAll(): HeldShot<T>[] {
    return this.held.splice(0);
  }
}
