import type { GameEvent, Seat } from './game';
import { flatEntries, hasFlat, type Flat, type FlatLike } from './flat';

/**
 * A board synced as flat maps (every game: Duel, Rattlesnake, Saloon Showdown; see flat.ts), as a client holds it: `pub` the spectator's
 * view, and per seat `secret` what only that seat may know (absent for the other seats: the server sends it to its
 * seat alone). `rev` counts the changes of `pub` (a Duel's stays 0: see `ownPartKey`), a seat's `rev` the changes of
 * its `secret` and the intents of that seat the server accepted: a client waits for them to move before it sends a
 * second intent. Live it is the Schema colyseus.js decodes (Map-like maps); in a replay, plain objects (`flatBoard`).
 */
export interface FlatBoardLike {
  /**
   * Which life of the table the board is of: new each time its room is made, so a table rebuilt after a restart, whose
   * revisions count afresh from 0, never shows a client the key it had before (flatBoardKey). One life in a replay.
   */
  life?: string;
  rev?: number;
  pub?: FlatLike;
  players?: ArrayLike<{ rev?: number; secret?: FlatLike } | undefined>;
}

/** The two halves of one game's synced view, and its inverse (each game's `synced.ts`). */
export interface FlatSplit<V> {
  publicPart(spectatorView: V): Flat;
  secretPart(seatView: V): Flat;
  viewFromSynced(pub: FlatLike, secret: FlatLike | null | undefined, seat: Seat | null): V;
  /**
   * Seats decide at once (Duel): another seat's move changes the public map while my intent is on its way, and my view
   * still asks me to play. My intent shows in my own part (my hand, my card face down), so a seat's key is its own
   * part's revision alone (see flatBoardKey).
   */
  readonly ownPartKey?: boolean;
  /**
   * Events sent thin (issue 16): an event whose fields the recipient's view after the change shows already travels
   * without them (Duel's `revealed` repeats the board's last reveal). `thinEvent` is the server's side: given the views
   * after the change (`viewOf(null)` the spectator's, `viewOf(seat)` a seat's), it returns the event to write, thin
   * only when `fillEvent` on that view gives back exactly the event; `to` stays as it was. `fillEvent` is the client's
   * side, with the view the same patch brings (read only for a thin event); it returns an event that is not thin
   * unchanged.
   */
  thinEvent?(e: GameEvent, viewOf: (seat: Seat | null) => V): GameEvent;
  fillEvent?(e: GameEvent, view: () => V | null): GameEvent;
}

/**
 * Whether two JSON-like values would be sent as the same JSON, whatever their key order (a field set to undefined is
 * no field). Walks both once, where comparing their JSON texts built and sorted every object (about 2% of the server's
 * CPU per Duel move at saturation; docs/performance.md).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let fields = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k) || x[k] === undefined) continue;
    if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
    fields += 1;
  }
  for (const k in y) if (Object.hasOwn(y, k) && y[k] !== undefined) fields -= 1;
  return fields === 0;
}

/**
 * A game's `thinEvent`/`fillEvent` from one function: `fieldsFrom(type, view)`, the fields (all but `type`) an event of
 * that type would have if the view showed it, or null when it does not. `own` types are read from the view of the one
 * seat they are addressed to (`to`); the others from the spectator's. The server sends an event thin only when those
 * fields are exactly the event's; a client fills an event that holds its `type` alone.
 */
export function thinByView<V>(
  own: readonly string[],
  shared: readonly string[],
  fieldsFrom: (type: string, view: V) => Record<string, unknown> | null,
): Required<Pick<FlatSplit<V>, 'thinEvent' | 'fillEvent'>> {
  return {
    thinEvent(e, viewOf) {
      const mine = own.includes(e.type);
      if (!mine && !shared.includes(e.type)) return e;
      if (mine && e.to?.length !== 1) return e;
      const { type, to, ...fields } = e;
      const filled = fieldsFrom(type, viewOf(mine ? to![0]! : null));
      if (!filled || !sameJson(filled, fields)) return e;
      return to ? { type, to } : { type };
    },
    fillEvent(e, viewOf) {
      if (Object.keys(e).length !== 1 || (!own.includes(e.type) && !shared.includes(e.type))) return e;
      const view = viewOf();
      const filled = view ? fieldsFrom(e.type, view) : null;
      return filled ? { type: e.type, ...filled } : e;
    },
  };
}

/** A seat's private map (undefined for a seat this client is not). */
export const seatSecretOf = (board: FlatBoardLike | null | undefined, seat: number): FlatLike | undefined =>
  seat >= 0 ? board?.players?.[seat]?.secret : undefined;

/** True when a seat's private map arrived and holds something: for a client, whether another seat's secret leaked. */
export const hasSecret = (board: FlatBoardLike | null | undefined, seat: number): boolean => flatEntries(seatSecretOf(board, seat)).length > 0;

/**
 * The view of `seat` (null or negative: a spectator) from a synced flat board, or null before the first sync (or
 * before a seat's own part arrived, when `needSecret`).
 */
export function flatBoardView<V>(
  split: Pick<FlatSplit<V>, 'viewFromSynced'>,
  board: FlatBoardLike | null | undefined,
  seat: number | null,
  needSecret = false,
): V | null {
  if (!board || !hasFlat(board.pub)) return null;
  const me = seat !== null && seat >= 0 ? seat : null;
  const secret = me === null ? undefined : seatSecretOf(board, me);
  if (me !== null && needSecret && !hasFlat(secret)) return null;
  return split.viewFromSynced(board.pub as FlatLike, secret, me);
}

/**
 * A key that changes whenever what `seat` receives of the board changes (its revisions, in the board's life): one
 * intent per key. With `ownPartOnly` (a game whose split says `ownPartKey`), only when the seat's own part changes.
 * The same key after a reconnection: the same table, as it stood when the intent was sent (it never arrived).
 */
export function flatBoardKey(board: FlatBoardLike | null | undefined, seat: number | null, ownPartOnly = false): string {
  const mine = seat !== null && seat >= 0 ? board?.players?.[seat]?.rev : undefined;
  const life = board?.life ?? '';
  if (ownPartOnly && mine !== undefined) return `${life}.own.${mine}`;
  return `${life}.${board?.rev ?? -1}.${mine ?? -1}`;
}

/** The board a client at `viewer` (-1: a spectator) receives, as plain objects, from the views of a state. */
export function flatBoard<V>(
  split: FlatSplit<V>,
  spectatorView: V,
  seatViews: readonly (V | null)[],
): Required<FlatBoardLike> & { pub: Record<string, string> } {
  return {
    life: '',
    rev: 0,
    pub: Object.fromEntries(split.publicPart(spectatorView)),
    players: seatViews.map((v) => (v === null ? {} : { rev: 0, secret: Object.fromEntries(split.secretPart(v)) })),
  };
}
