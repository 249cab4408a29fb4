import type { Seat } from '../core/game';
import { flatten, hasFlat, unflatten, type Flat, type FlatLike } from '../core/flat';
import type { SaloonView } from './view';

/**
 * How the server syncs a Saloon Showdown table, exactly like Rattlesnake: the spectator's view as one public flat map
 * (path → JSON text, see core/flat.ts), and per seat one private flat map (only that seat receives it) with what the
 * seat alone may know — its hand, which is empty for a duelist until "Go!". The server keeps Schema maps in step with
 * these entries, so a change sends only what it touched. The split below is the whole secret boundary, next to its
 * inverse.
 */
export interface SeatSecret {
  hand: string[];
}

/**
 * Below the top level, only the players are split further: the phase's and the window's lists (shots, lock-outs,
 * who may act), the last reveal and the last duel come and go with the phase, so each is one entry rather than a
 * path per member (measured: 10–15% fewer patch bytes a game). Piles (the discard) stay one entry per card.
 */
const whole = (path: string): boolean => !path.startsWith('/players/') && path.split('/').length >= 3;

/** What the server puts in the public map: the spectator's view. */
export function publicPart(spectatorView: SaloonView): Flat {
  return flatten(spectatorView, whole);
}

/** What the server puts in a seat's private map, from that seat's own view. */
export function secretPart(seatView: SaloonView): Flat {
  const secret: SeatSecret = { hand: seatView.hand };
  return flatten(secret);
}

/**
 * A client's view back from the two maps it received (a Map-like as colyseus.js decodes it, or a plain object as a
 * replay gives it); `secret` is absent or empty for a spectator. Throws when the public map holds no view yet.
 */
export function viewFromSynced(pub: FlatLike, secret: FlatLike | null | undefined, seat: Seat | null): SaloonView {
  if (!hasFlat(pub)) throw new Error('saloon: no board synced yet');
  const v = unflatten(pub) as SaloonView;
  if (seat === null || !hasFlat(secret)) return v;
  const s = unflatten(secret) as SeatSecret;
  return { ...v, seat, hand: s.hand };
}
