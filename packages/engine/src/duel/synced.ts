import type { Seat } from '../core/game';
import { flatten, hasFlat, unflatten, type Flat, type FlatLike } from '../core/flat';
import { thinByView } from '../core/flat-board';
import { CARDS, type Card } from './cards';
import type { Reveal } from './state';
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
  /** How many of each card the hand holds (a hand is always in CARDS order, see sortHand): one entry changes a play. */
  hand: Record<Card, number>;
  /** The face-down card and its target, null when none: two entries that stay, so a reveal clears two values. */
  card: Card | null;
  target: Seat | null;
}

/**
 * The public map is the spectator's view with each card as its index in CARDS (a one-digit entry rather than a
 * quoted word), and the last reveal one entry per field: it is there from the first reveal on, so a reveal sends
 * only the values that changed (measured over 20 two-seat bot games, with the hand as counts and the face-down card
 * as two entries: 73 bytes a patch, against 164 with the reveal, the hand and the card each one entry of JSON).
 */
type CardCode = number;
type PublicView = Omit<DuelView, 'players' | 'lastReveal' | 'shootout'> & {
  players: (Omit<DuelView['players'][number], 'aside'> & { aside: CardCode[] })[];
  lastReveal: (Omit<Reveal, 'plays'> & { plays: (Omit<Reveal['plays'][number], 'card'> & { card: CardCode })[] }) | null;
};
const code = (card: Card): CardCode => CARDS.indexOf(card);
const card = (c: CardCode): Card => {
  const name = CARDS[c];
  if (name === undefined) throw new Error(`duel: no card ${c}`);
  return name;
};

/**
 * Every living seat places its card at once: another seat's card going down changes the public map while mine is on
 * its way. So a client's key for "my intent arrived" is my own part's revision (core/flat-board.ts flatBoardKey),
 * which the server moves with every intent of mine it accepts (json-board.ts), even when my part looks the same after
 * it (my card ended the round, and the next one dealt me the same hand).
 */
export const ownPartKey = true;

/**
 * The shootout being played follows from the last reveal: the one after it in the same round, the first (1) of a new
 * round, or the last one itself once the game is over. It does not travel (it moved with every reveal, next to the
 * last reveal's own); `duel/synced.test.ts` checks it comes back right in every state of random games.
 */
function shootoutOf(v: Pick<DuelView, 'round' | 'phase'> & { lastReveal: Pick<Reveal, 'round' | 'shootout'> | null }): number {
  const r = v.lastReveal;
  if (!r || r.round !== v.round) return 1;
  return v.phase === 'over' ? r.shootout : r.shootout + 1;
}

/** What the server puts in the public map: the spectator's view (less its shootout, see shootoutOf). */
export function publicPart(spectatorView: DuelView): Flat {
  const r = spectatorView.lastReveal;
  const { shootout: _shootout, ...rest } = spectatorView;
  const coded: PublicView = {
    ...rest,
    players: spectatorView.players.map((p) => ({ ...p, aside: p.aside.map(code) })),
    lastReveal: r ? { ...r, plays: r.plays.map((p) => ({ ...p, card: code(p.card) })) } : null,
  };
  return flatten(coded);
}

/** What the server puts in a seat's private map, from that seat's own view. */
export function secretPart(seatView: DuelView): Flat {
  const hand = Object.fromEntries(CARDS.map((c) => [c, 0])) as Record<Card, number>;
  for (const c of seatView.hand) hand[c]++;
  const commit = seatView.commit;
  const secret: SeatSecret = { hand, card: commit?.card ?? null, target: commit?.target ?? null };
  return flatten(secret);
}

/**
 * A client's view back from the two maps it received (a Map-like as colyseus.js decodes it, or a plain object as a
 * replay gives it); `secret` is absent or empty for a spectator. Throws when the public map holds no view yet.
 */
export function viewFromSynced(pub: FlatLike, secret: FlatLike | null | undefined, seat: Seat | null): DuelView {
  if (!hasFlat(pub)) throw new Error('duel: no board synced yet');
  const c = unflatten(pub) as PublicView;
  const r = c.lastReveal;
  // (every field named, in `view`'s order: a view read back is the view, key for key)
  const v: DuelView = {
    seat: c.seat,
    target: c.target,
    round: c.round,
    shootout: shootoutOf(c),
    phase: c.phase,
    players: c.players.map((p) => ({ ...p, aside: p.aside.map(card) })),
    hand: c.hand,
    commit: c.commit,
    lastReveal: r ? { ...r, plays: r.plays.map((p) => ({ ...p, card: card(p.card) })) } : null,
    winner: c.winner,
  };
  if (seat === null || !hasFlat(secret)) return v;
  const s = unflatten(secret) as SeatSecret;
  return {
    ...v,
    seat,
    hand: CARDS.flatMap((c) => Array.from({ length: s.hand[c] ?? 0 }, () => c)),
    commit: s.card === null ? null : { card: s.card, target: s.target },
  };
}

/**
 * Events sent thin (core/flat-board.ts `FlatSplit.thinEvent` and `thinByView`): `revealed` repeats the board's last reveal, and a seat's
 * `you_committed` its face-down card (or, when that card ended the shootout, its play in the last reveal). On the wire
 * they are `{ type }` alone, filled in from the view the same patch brings: half a Duel's event bytes.
 */
/** A seat's card and target as its own view shows them after the change: face down, else in the last reveal. */
function placedBy(view: DuelView, seat: Seat): { card: Card; target: Seat | null } | null {
  if (view.commit) return view.commit;
  const play = view.lastReveal?.plays.find((p) => p.seat === seat);
  return play ? { card: play.card, target: play.target } : null;
}

/** The fields a thin event gets back from a view, or null when the view has none for it. */
function fieldsFrom(type: string, view: DuelView): Record<string, unknown> | null {
  if (type === 'revealed') return view.lastReveal ? { ...view.lastReveal } : null;
  const placed = type === 'you_committed' && view.seat !== null ? placedBy(view, view.seat) : null;
  return placed ? { seat: view.seat, card: placed.card, target: placed.target } : null;
}

export const { thinEvent, fillEvent } = thinByView<DuelView>(['you_committed'], ['revealed'], fieldsFrom);
