import type { Seat } from '../core/game';
import type { SaloonView } from './view';

/**
 * How the server syncs a Saloon Showdown table, exactly like Rattlesnake: the spectator's view as one public JSON
 * string, and per seat one private JSON string (only that seat receives it) with what the seat alone may know — its
 * hand, which is empty for a duelist until "Go!". The split below is the whole secret boundary, next to its inverse.
 */
export interface SeatSecret {
  hand: string[];
}

/** What the server puts in the public field: the spectator's view. */
export function publicPart(spectatorView: SaloonView): string {
  return JSON.stringify(spectatorView);
}

/** What the server puts in a seat's private field, from that seat's own view. */
export function secretPart(seatView: SaloonView): string {
  const secret: SeatSecret = { hand: seatView.hand };
  return JSON.stringify(secret);
}

/** A client's view back from the two strings it received (`secret` is '' for a spectator). */
export function viewFromSynced(publicJson: string, secretJson: string, seat: Seat | null): SaloonView {
  const v = JSON.parse(publicJson) as SaloonView;
  if (seat === null || !secretJson) return v;
  const s = JSON.parse(secretJson) as SeatSecret;
  return { ...v, seat, hand: s.hand };
}
