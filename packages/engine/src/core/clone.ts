/**
 * A deep copy of a game state. States are plain data (objects, arrays, strings, numbers, booleans, null; no Map, Set,
 * Date or class instance: a test checks it), so a walk over own keys copies them exactly, several times faster than
 * `structuredClone`, which serializes for any value the platform knows. `apply` copies the state once per step.
 */
export function cloneState<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  return (Array.isArray(value) ? cloneArray(value) : cloneObject(value as Record<string, unknown>)) as T;
}

/**
 * The copy `apply` makes of a state: a deep copy, except the fields in `shared`, which the new state takes as they are.
 * Only for fields the rules never change in place — they replace them whole (a last duel, a last reveal) or never
 * touch them after setup (the options) — so a state handed out is never changed by a later step (a test plays games
 * on deep-frozen states). Keys keep their order.
 */
export function cloneSharing<T extends object>(state: T, shared: ReadonlySet<string>): T {
  const src = state as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in src) {
    if (!Object.prototype.hasOwnProperty.call(src, key)) continue;
    const v = src[key];
    out[key] = shared.has(key) || v === null || typeof v !== 'object' ? v : Array.isArray(v) ? cloneArray(v) : cloneObject(v as Record<string, unknown>);
  }
  return out as T;
}

/** Most arrays in a state are card ids: `slice` copies them at once, then only object elements are walked. */
function cloneArray(value: readonly unknown[]): unknown[] {
  const out = value.slice();
  for (let i = 0, n = out.length; i < n; i++) {
    const v = out[i];
    if (v !== null && typeof v === 'object') out[i] = Array.isArray(v) ? cloneArray(v) : cloneObject(v as Record<string, unknown>);
  }
  return out;
}

function cloneObject(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const v = value[key];
    out[key] = v !== null && typeof v === 'object' ? (Array.isArray(v) ? cloneArray(v) : cloneObject(v as Record<string, unknown>)) : v;
  }
  return out;
}

/** Where `value` is not plain data (a Map, a Set, a Date, a class instance, a function…): a path, or null when it is. */
export function notPlainData(value: unknown, path = 'state'): string | null {
  if (value === null || value === undefined) return null;
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return null;
  if (t !== 'object') return `${path} is a ${t}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = notPlainData(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return `${path} is a ${proto?.constructor?.name ?? 'non-plain object'}`;
  for (const key of Object.keys(value as object)) {
    const bad = notPlainData((value as Record<string, unknown>)[key], `${path}.${key}`);
    if (bad) return bad;
  }
  return null;
}
