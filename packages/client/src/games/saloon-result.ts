/**
 * The moment a Saloon race ends: who won and the winning shot, over the felt for a few seconds. The state has moved on
 * by then (the loser's Wound, the hands discarded, the next turn), so without it the race's panel was gone 200 ms after
 * the winning shot, the outcome left to the felt's small "Last duel: …" line and the log. Told as a FeltMoment (moment.ts).
 */
import type { Saloon } from '@tumbleweed/engine';
import { FeltMoment } from './moment';

/** How long the moment stays, unless the player taps or presses a key first. */
export const RACE_RESULT_MS = 3000;

/** What the moment needs of a view: is a race on (one that leaves a record: a duel, a Truel, a Standoff), is the game over. */
export interface RaceMoment {
  racing: boolean;
  over: boolean;
  record: Saloon.DuelRecord | null;
}

/**
 * Whether a race has just ended here: one on in the view before (`racingBefore`; undefined before a page's first view)
 * and over in this one, with its record, the game not over (the end screen tells that race). Told by the race's end,
 * not by a new record: two duels nobody won between the same two seats leave equal records.
 */
export const raceJustEnded = (racingBefore: boolean | undefined, now: RaceMoment): boolean =>
  racingBefore === true && !now.racing && !now.over && now.record !== null;

export class RaceResult {
  private readonly moment: FeltMoment;
  /** Whether the last view had a race on; undefined before the first view (a page opened later shows nothing). */
  private racing: boolean | undefined = undefined;

  /** `host`: the felt's element. */
  constructor(host: HTMLElement) {
    this.moment = new FeltMoment(host, 'race-result');
  }

  /** Called with each view: a race that just ended here (raceJustEnded) shows its record's `words` for RACE_RESULT_MS. */
  update(now: RaceMoment, words: (d: Saloon.DuelRecord) => string[]): void {
    const before = this.racing;
    this.racing = now.racing;
    if (!raceJustEnded(before, now) || !now.record) return; // (the record's check again: for the type)
    const [headline = '', ...lines] = words(now.record);
    this.moment.show(headline, lines, RACE_RESULT_MS);
  }

  /** A race that keeps no record ended here (the Turkey): its words, told as the others'. */
  tell(headline: string, lines: readonly string[]): void {
    this.moment.show(headline, lines, RACE_RESULT_MS);
  }

  /** A new race begins: the last one's moment goes. */
  hide(): void {
    this.moment.hide();
  }

  /** The table page goes. */
  dispose(): void {
    this.moment.dispose();
  }
}
