import type { Seat } from '../core/game';
import { flatten, hasFlat, unflatten, type Flat, type FlatLike } from '../core/flat';
import type { Card } from './cards';
import type { Commit } from './state';
import type { DuelView } from './view';

/**
 * How the server syncs a Duel table, like every other game: the spectator's view as one public flat map (path → JSON
 * text, see core/flat.ts), and per seat one private flat map (only that seat receives it) with what the seat alone
 * may know — its hand, and its face-down card and target until the reveal. Whether a seat has placed its card
 * (`committed`), the money, the cards played face up and the last reveal are public. The server keeps Schema maps in
 * step with these entries, so a shootout sends only what it changed. The split below is the whole secret boundary,
 * kept next to its inverse.
 */
export interface SeatSecret {
  hand: Card[];
  commit: Commit | null;
}

/**
 * A reveal appears as one, every shootout, and a face-down card with its target: one entry each rather than a path
 * per member (the path travels with every new entry). A hand loses a card from anywhere in it each shootout, which
 * would shift every later entry: one entry too.
 */
const wholePublic = (path: string): boolean => path === '/lastReveal';
const wholeSecret = (path: string): boolean => path === '/hand' || path === '/commit';

/**
 * Every living seat places its card at once: another seat's card going down changes the public map while mine is on
 * its way. Mine shows in my own part (my card face down, then my hand), so a client's key for "my intent arrived" is
 * my own part's revision (core/flat-board.ts flatBoardKey).
 */
export const ownPartKey = true;

/** What the server puts in the public map: the spectator's view. */
export function publicPart(spectatorView: DuelView): Flat {
  return flatten(spectatorView, wholePublic);
}

/** What the server puts in a seat's private map, from that seat's own view. */
export function secretPart(seatView: DuelView): Flat {
  const secret: SeatSecret = { hand: seatView.hand, commit: seatView.commit };
  return flatten(secret, wholeSecret);
}

/**
 * A client's view back from the two maps it received (a Map-like as colyseus.js decodes it, or a plain object as a
 * replay gives it); `secret` is absent or empty for a spectator. Throws when the public map holds no view yet.
 */
export function viewFromSynced(pub: FlatLike, secret: FlatLike | null | undefined, seat: Seat | null): DuelView {
  if (!hasFlat(pub)) throw new Error('duel: no board synced yet');
  const v = unflatten(pub) as DuelView;
  if (seat === null || !hasFlat(secret)) return v;
  const s = unflatten(secret) as SeatSecret;
  return { ...v, seat, hand: s.hand, commit: s.commit };
}
