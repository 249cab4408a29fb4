import type { Seat } from '../core/game';
import type { RattlesnakeView } from './view';

/**
 * How the server syncs a Rattlesnake table: the spectator's view as one public JSON string, and per seat one
 * private JSON string (only that seat receives it) with what the seat alone may know. Rattlesnake's view is deep
 * and changes shape with the step of a turn, so it travels as JSON inside the Schema rather than field by field;
 * the split below is the whole secret boundary, kept next to its inverse.
 */
export interface SeatSecret {
  hand: string[];
  myCommit: string[] | null;
  /** The two cards a Scout drew, for its user only. */
  scoutDrawn: string[];
  /** The card put back on top of the deck with Scout, while it is there. */
  deckTop?: string | null;
}

/** What the server puts in the public field: the spectator's view. */
export function publicPart(spectatorView: RattlesnakeView): string {
  return JSON.stringify(spectatorView);
}

/** What the server puts in a seat's private field, from that seat's own view. */
export function secretPart(seatView: RattlesnakeView): string {
  const secret: SeatSecret = { hand: seatView.hand, myCommit: seatView.myCommit, scoutDrawn: seatView.scout?.drawn ?? [], deckTop: seatView.myDeckTop };
  return JSON.stringify(secret);
}

/** A client's view back from the two strings it received (`secret` is '' for a spectator). */
export function viewFromSynced(publicJson: string, secretJson: string, seat: Seat | null): RattlesnakeView {
  const v = JSON.parse(publicJson) as RattlesnakeView;
  if (seat === null || !secretJson) return v;
  const s = JSON.parse(secretJson) as SeatSecret;
  return {
    ...v,
    seat,
    hand: s.hand,
    myCommit: s.myCommit,
    myDeckTop: s.deckTop ?? null,
    scout: v.scout && v.scout.seat === seat ? { ...v.scout, drawn: s.scoutDrawn } : v.scout,
  };
}
