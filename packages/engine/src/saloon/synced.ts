import type { Seat } from '../core/game';
import { flatten, hasFlat, unflatten, type Flat, type FlatLike } from '../core/flat';
import { cardCode, cardFromCode } from './cards';
import { pendingOf } from './shared';
import type { Reveal } from './state';
import { windowOf, type SaloonView } from './view';

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
 * In the public piles (the public cards, the discard) and the hands a reveal showed, each card is its index in
 * CARD_CODES, the deck's cards and the wind events (`37` rather than `"blue-head-3"`), as a Duel does: three of every
 * four bytes of an entry were the quoted name. An id not in the list (none is) would travel as itself. A hand keeps
 * its names: a card nobody has seen then travels only by its name, which the server's tests search for, byte for
 * byte, in what every other client received (saloon-specials.test.ts); a number could not be told from any other.
 */
type CardCode = number | string;
const code = cardCode;
function card(c: CardCode): string {
  const id = cardFromCode(c);
  if (id === undefined) throw new Error(`saloon: no card ${c}`);
  return id;
}

/**
 * Below the top level, only the players are split further: the phase's and the window's lists (shots, lock-outs,
 * who may act), the last reveal and the last duel come and go with the phase, so each is one entry rather than a
 * path per member (measured: 10–15% fewer patch bytes a game). Piles (the discard) stay one entry per card.
 */
const whole = (path: string): boolean => !path.startsWith('/players/') && path.split('/').length >= 3;

/**
 * What the server puts in the public map: the spectator's view, less what the rest of it decides (the seats the
 * game waits for and the window now open follow from the phase, the guns and the table: `pendingOf`, `windowOf`,
 * as `view` computes them), which `viewFromSynced` computes again. Measured over 20 two-seat bot games: the window
 * was a fifth of the board's bytes (1,036 of 5,106 a game), the pending seats 121 more.
 */
export function publicPart(spectatorView: SaloonView): Flat {
  const { window: _window, pending: _pending, ...v } = spectatorView;
  const r = v.lastReveal;
  const lastReveal = r && { ...r, hands: r.hands.map((h) => ({ ...h, cards: h.cards.map(code) })) };
  return flatten({ ...v, public: v.public.map(code), discard: v.discard.map(code), lastReveal }, whole);
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
  type CodedReveal = Omit<Reveal, 'hands'> & { hands: (Omit<Reveal['hands'][number], 'cards'> & { cards: CardCode[] })[] };
  const c = unflatten(pub) as Omit<SaloonView, 'public' | 'discard' | 'pending' | 'window' | 'lastReveal'> &
    Record<'public' | 'discard', CardCode[]> & { lastReveal: CodedReveal | null };
  const r = c.lastReveal;
  // (every field named, in `view`'s order: a view read back is the view, key for key)
  const v: SaloonView = {
    seat: c.seat,
    options: c.options,
    simplified: c.simplified,
    turn: c.turn,
    active: c.active,
    dealer: c.dealer,
    phase: c.phase,
    pending: pendingOf(c.phase, c.active),
    players: c.players,
    hand: c.hand,
    public: c.public.map(card),
    deckCount: c.deckCount,
    discard: c.discard.map(card),
    guns: c.guns,
    lastReveal: r && { ...r, hands: r.hands.map((h) => ({ ...h, cards: h.cards.map(card) })) },
    lastDuel: c.lastDuel,
    endAfter: c.endAfter,
    wind: c.wind,
    window: windowOf(c.phase, c.players.length, c.guns, c.simplified),
  };
  if (seat === null || !hasFlat(secret)) return v;
  const s = unflatten(secret) as SeatSecret;
  return { ...v, seat, hand: s.hand };
}
