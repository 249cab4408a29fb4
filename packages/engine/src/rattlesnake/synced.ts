import type { GameEvent, Seat } from '../core/game';
import { flatten, hasFlat, unflatten, type Flat, type FlatLike } from '../core/flat';
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
 * Events sent thin (core/flat-board.ts `FlatSplit.thinEvent`, as in Duel): `attack_resolved` repeats the board's last
 * showdown, `revealed` the two revealed commitments, and a seat's `you_committed` its own committed cards. On the wire
 * they are `{ type }` alone, filled in from the view the same patch brings, and only when that view gives back
 * exactly the event.
 */
type Fields = Record<string, unknown>;
const json = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );
const ids = (view: RattlesnakeView, seat: Seat): string[] | null => view.players[seat]?.revealed?.map((r) => r.id) ?? null;

/** The fields a thin event gets back from a view, or null when the view has none for it. */
function fieldsFrom(type: string, view: RattlesnakeView): Fields | null {
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

export function thinEvent(e: GameEvent, viewOf: (seat: Seat | null) => RattlesnakeView): GameEvent {
  const own = e.type === 'you_committed';
  if (!own && e.type !== 'attack_resolved' && e.type !== 'revealed') return e;
  if (own && e.to?.length !== 1) return e;
  const view = viewOf(own ? e.to![0]! : null);
  const { type, to, ...fields } = e;
  const filled = fieldsFrom(type, view);
  if (!filled || json(filled) !== json(fields)) return e;
  return to ? { type, to } : { type };
}

export function fillEvent(e: GameEvent, viewOf: () => RattlesnakeView | null): GameEvent {
  if (Object.keys(e).length !== 1 || (e.type !== 'attack_resolved' && e.type !== 'revealed' && e.type !== 'you_committed')) return e;
  const view = viewOf();
  const filled = view ? fieldsFrom(e.type, view) : null;
  return filled ? { type: e.type, ...filled } : e;
}
