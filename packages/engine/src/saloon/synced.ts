import type { Seat } from '../core/game';
import { flatten, hasFlat, unflatten, type Flat, type FlatLike } from '../core/flat';
import { CARDS, WIND_EVENTS } from './cards';
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
 * In the public piles (the public cards, the discard), each card is its index among the deck's cards and the wind
 * events (`37` rather than `"blue-head-3"`), as a Duel does: three of every four bytes of an entry were the quoted
 * name. An id not in the list (none is) would travel as itself. A hand keeps its names: a card nobody has seen then
 * travels only by its name, which the server's tests search for, byte for byte, in what every other client received
 * (saloon-specials.test.ts); a number could not be told from any other.
 */
type CardCode = number | string;
const CODES: readonly string[] = [...CARDS.map((c) => c.id), ...WIND_EVENTS];
const INDEX = new Map(CODES.map((id, i) => [id, i]));
const code = (id: string): CardCode => INDEX.get(id) ?? id;
function card(c: CardCode): string {
  if (typeof c === 'string') return c;
  const id = CODES[c];
  if (id === undefined) throw new Error(`saloon: no card ${c}`);
  return id;
}

/**
 * Below the top level, only the players are split further: the phase's and the window's lists (shots, lock-outs,
 * who may act), the last reveal and the last duel come and go with the phase, so each is one entry rather than a
 * path per member (measured: 10–15% fewer patch bytes a game). Piles (the discard) stay one entry per card.
 */
const whole = (path: string): boolean => !path.startsWith('/players/') && path.split('/').length >= 3;

/** What the server puts in the public map: the spectator's view. */
export function publicPart(spectatorView: SaloonView): Flat {
  const v = spectatorView;
  return flatten({ ...v, public: v.public.map(code), discard: v.discard.map(code) }, whole);
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
  const coded = unflatten(pub) as Omit<SaloonView, 'public' | 'discard'> & Record<'public' | 'discard', CardCode[]>;
  const v: SaloonView = { ...coded, public: coded.public.map(card), discard: coded.discard.map(card) };
  if (seat === null || !hasFlat(secret)) return v;
  const s = unflatten(secret) as SeatSecret;
  return { ...v, seat, hand: s.hand };
}
