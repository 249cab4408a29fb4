/**
 * A JSON value as a flat map, path → JSON text, so a synced board can travel as a Schema map of strings and a change
 * re-sends only the entries it touched (issue 16: Schema deltas, not the whole view as one string).
 *
 * - Paths are JSON pointers (RFC 6901): '' is the value itself, '/players/0/hits' a nested field; a '~' in a key is
 *   written '~0' and a '/' is written '~1'.
 * - Every object and array (empty or not) has an entry of its own, '{}' or '[]', so the shape comes back exactly;
 *   its members follow as entries of their own, down to primitives: a card put on a discard pile is one new entry,
 *   not the whole pile again (measured: a Saloon game's discard pile re-sent whole was 40% of its patch bytes).
 * - Except a container the caller names with `whole(path)`: it is one leaf, its whole JSON text. For what appears
 *   and vanishes as one (a revealed commitment), one entry costs less than a path per member (the path travels with
 *   every new entry).
 * - `undefined` object fields are left out and `undefined` array items are null, as JSON.stringify does.
 *
 * - A path that vanishes is not deleted from a synced map but set to GONE (''), which is never JSON; readers skip
 *   it. A path back later (a phase's field, the attack of the next turn, a card on a pile that was shuffled away)
 *   then costs its value only, not its path again: measured, a quarter fewer patch bytes a game. A map holds at most
 *   the paths its game ever uses.
 *
 * Pure: no clock, no randomness. The server keeps a Schema `MapSchema<string>` in step with `applyFlat`; a client
 * (colyseus.js decodes it as a Map-like object) or a replay (a plain object) reads it back with `unflatten`.
 */

/** The flat entries of a value: path → JSON text. */
export type Flat = Map<string, string>;

/**
 * What `unflatten` reads: a Map-like (a `Map`, or a MapSchema as colyseus.js decodes it: `forEach(value, key)`) or a
 * plain object of path → JSON text (a replayed board). Every path is '' or starts with '/', so a plain object never
 * has a `forEach` of its own.
 */
export type FlatLike = { forEach(cb: (value: string, key: string) => void): void } | Readonly<Record<string, string>>;

/** What `applyFlat` writes to: a `Map`, or a Schema `MapSchema<string>`. */
export interface FlatTarget {
  get(key: string): string | undefined;
  set(key: string, value: string): unknown;
  keys(): Iterable<string>;
}

/** The value of a path that is no longer there (see above): never JSON text. */
export const GONE = '';

const escapeKey = (key: string): string => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);
const unescapeKey = (seg: string): string => seg.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The flat entries of a JSON value (objects, arrays, strings, finite numbers, booleans, null); `whole(path)` names
 * the containers kept as one leaf.
 */
export function flatten(value: unknown, whole?: (path: string) => boolean): Flat {
  const out: Flat = new Map();
  // (loops rather than forEach and Object.entries: the server flattens every view at every change)
  const walk = (path: string, v: unknown): void => {
    if (v !== null && typeof v === 'object') {
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return walk(path, JSON.parse(JSON.stringify(v)));
      if (whole?.(path)) {
        out.set(path, JSON.stringify(v));
        return;
      }
      if (Array.isArray(v)) {
        out.set(path, '[]');
        for (let i = 0; i < v.length; i++) walk(`${path}/${i}`, v[i] === undefined ? null : v[i]);
        return;
      }
      out.set(path, '{}');
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const item = o[k];
        if (item !== undefined) walk(`${path}/${escapeKey(k)}`, item);
      }
      return;
    }
    out.set(
      path,
      typeof v === 'string' ? JSON.stringify(v) : v === undefined || v === null || (typeof v === 'number' && !Number.isFinite(v)) ? 'null' : String(v),
    );
  };
  walk('', value);
  return out;
}

/** Calls `each` for every entry of a flat map, whichever way it arrived (see FlatLike), but the GONE ones. */
function forEachEntry(flat: FlatLike | null | undefined, each: (path: string, json: string) => void): void {
  if (!flat) return;
  if (typeof flat.forEach === 'function') {
    (flat as Exclude<FlatLike, Readonly<Record<string, string>>>).forEach((json, path) => {
      if (json !== GONE) each(path, json);
    });
  } else for (const [path, json] of Object.entries(flat)) if (json !== GONE) each(path, json as string);
}

/** The entries of a flat map, whichever way it arrived (see FlatLike), without the GONE ones. */
export function flatEntries(flat: FlatLike | null | undefined): [string, string][] {
  const out: [string, string][] = [];
  forEachEntry(flat, (path, json) => out.push([path, json]));
  return out;
}

/** True when a flat map holds a value (its root entry ''): a board synced at least once. */
export function hasFlat(flat: FlatLike | null | undefined): boolean {
  if (!flat) return false;
  if (typeof flat.forEach === 'function') {
    const get = (flat as { get?: (key: string) => unknown }).get;
    if (typeof get === 'function') {
      const root = get.call(flat, '');
      return root !== undefined && root !== GONE;
    }
    return flatEntries(flat).some(([k]) => k === '');
  }
  return Object.prototype.hasOwnProperty.call(flat, '') && (flat as Record<string, string>)[''] !== GONE;
}

/** A value's JSON text parsed; the empty containers every object and array has an entry for, without the parser. */
const parseJson = (json: string): unknown => {
  switch (json) {
    case '{}':
      return {};
    case '[]':
      return [];
    case 'true':
      return true;
    case 'false':
      return false;
    case 'null':
      return null;
  }
  return JSON.parse(json);
};

/**
 * The value back from its flat entries, in any order. Undefined for no entries; throws on entries that do not fit
 * together (a member without its container, a path that does not start with '/').
 *
 * Every client reads its whole board back with it at each change (the load generator's clients spent a quarter of
 * their CPU here), so it walks each path once: entries grouped by depth (the number of '/' in the path), containers
 * kept by path for their members, keys unescaped only when they hold a '~'.
 */
export function unflatten(flat: FlatLike | null | undefined): unknown {
  const byDepth: [string, string][][] = [];
  let entries = 0;
  forEachEntry(flat, (path, json) => {
    if (path !== '' && path.charCodeAt(0) !== 47) throw new Error(`flat: bad path "${path}"`);
    let depth = 0;
    for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) depth++;
    (byDepth[depth] ??= []).push([path, json]);
    entries++;
  });
  if (entries === 0) return undefined;
  const containers = new Map<string, unknown>();
  let root: unknown;
  let hasRoot = false;
  for (const level of byDepth) {
    if (!level) continue;
    for (const [path, json] of level) {
      const value = parseJson(json);
      if (path === '') {
        root = value;
        hasRoot = true;
      } else {
        const cut = path.lastIndexOf('/');
        const parent = containers.get(path.slice(0, cut));
        if (parent === null || typeof parent !== 'object') throw new Error(`flat: "${path}" has no container`);
        const raw = path.slice(cut + 1);
        const key = raw.includes('~') ? unescapeKey(raw) : raw;
        if (Array.isArray(parent)) parent[Number(key)] = value;
        else (parent as Record<string, unknown>)[key] = value;
      }
      if (value !== null && typeof value === 'object') containers.set(path, value);
    }
  }
  if (!hasRoot) throw new Error('flat: no root entry');
  return root;
}

/**
 * Brings `target` to `next` as its readers see it: sets the entries that are new or changed, sets the ones that
 * vanished to GONE, and leaves the rest alone (so a Schema map sends only what changed). Returns whether anything
 * changed.
 */
export function applyFlat(target: FlatTarget, next: Flat): boolean {
  let changed = false;
  for (const [key, value] of next) {
    if (target.get(key) !== value) {
      target.set(key, value);
      changed = true;
    }
  }
  // The paths no longer there, collected first (a Schema map is not written while it is iterated).
  const gone: string[] = [];
  for (const key of target.keys()) if (!next.has(key) && target.get(key) !== GONE) gone.push(key);
  for (const key of gone) target.set(key, GONE);
  return changed || gone.length > 0;
}
