import type { Seat } from '../core/game';
import { flatten, hasFlat, unflatten, type Flat, type FlatLike } from '../core/flat';
import { thinByView } from '../core/flat-board';
import type { RattlesnakeView } from './view';

/**
 * How the server syncs a Rattlesnake table: the spectator's view as one public flat map (path → JSON text, see
 * core/flat.ts), and per seat one private flat map (only that seat receives it) with what the seat alone may know.
 * The server keeps Schema maps in step with these entries, so a move sends only the entries it changed. The split
 * below is the whole secret boundary, kept next to its inverse.
 */
export interface SeatSecret {
  hand: string[];
  myCommit: string[] | null;
  /** The two cards a Scout drew, for its user only. */
  scoutDrawn: string[];
  /** The card put back on top of the deck with Scout, while it is there. */
  deckTop?: string | null;
}

/**
 * A player's revealed commitment appears and vanishes as one, with every attack: kept as one entry rather than a
 * path per card and field (measured: a quarter fewer patch bytes a game).
 */
const whole = (path: string): boolean => /^\/players\/\d+\/revealed$/.test(path);

/** What the server puts in the public map: the spectator's view. */
export function publicPart(spectatorView: RattlesnakeView): Flat {
  return flatten(spectatorView, whole);
}

/** What the server puts in a seat's private map, from that seat's own view. */
export function secretPart(seatView: RattlesnakeView): Flat {
  const secret: SeatSecret = { hand: seatView.hand, myCommit: seatView.myCommit, scoutDrawn: seatView.scout?.drawn ?? [], deckTop: seatView.myDeckTop };
  return flatten(secret);
}

/**
 * A client's view back from the two maps it received (a Map-like as colyseus.js decodes it, or a plain object as a
 * replay gives it); `secret` is absent or empty for a spectator. Throws when the public map holds no view yet.
 */
export function viewFromSynced(pub: FlatLike, secret: FlatLike | null | undefined, seat: Seat | null): RattlesnakeView {
  if (!hasFlat(pub)) throw new Error('rattlesnake: no board synced yet');
  const v = unflatten(pub) as RattlesnakeView;
  if (seat === null || !hasFlat(secret)) return v;
  const s = unflatten(secret) as SeatSecret;
  return {
    ...v,
    seat,
    hand: s.hand,
    myCommit: s.myCommit,
    myDeckTop: s.deckTop ?? null,
    scout: v.scout && v.scout.seat === seat ? { ...v.scout, drawn: s.scoutDrawn } : v.scout,
  };
}

/**
 * Events sent thin (core/flat-board.ts `FlatSplit.thinEvent` and `thinByView`, as in Duel): `attack_resolved` repeats the board's last
 * showdown, `revealed` the two revealed commitments, and a seat's `you_committed` its own committed cards. On the wire
 * they are `{ type }` alone, filled in from the view the same patch brings, and only when that view gives back
 * exactly the event.
 */
const ids = (view: RattlesnakeView, seat: Seat): string[] | null => view.players[seat]?.revealed?.map((r) => r.id) ?? null;

/** The fields a thin event gets back from a view, or null when the view has none for it. */
function fieldsFrom(type: string, view: RattlesnakeView): Record<string, unknown> | null {
  if (type === 'attack_resolved') return view.lastShowdown ? { ...view.lastShowdown } : null;
  if (type === 'revealed') {
    const a = view.attack;
    const attacker = a?.revealed ? ids(view, a.attacker) : null;
    const defender = a?.revealed ? ids(view, a.defender) : null;
    return attacker && defender ? { attacker, defender } : null;
  }
  if (type === 'you_committed') return view.seat !== null && view.myCommit ? { seat: view.seat, cards: [...view.myCommit] } : null;
  return null;
}

export const { thinEvent, fillEvent } = thinByView<RattlesnakeView>(['you_committed'], ['attack_resolved', 'revealed'], fieldsFrom);
