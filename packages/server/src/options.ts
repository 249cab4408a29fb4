/** Keys that reach an object's prototype machinery when copied; never legitimate in a client's options. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype', 'hasOwnProperty']);
/** Deepest nesting a client's options may have (ours nest two levels). */
export const MAX_OPTIONS_DEPTH = 8;

/**
 * Why `value` (parsed JSON from a client) is refused as options, or null: an own key anywhere that could reach a
 * prototype once copied, or deep nesting. zod drops a `__proto__` key silently instead of refusing it, so this runs
 * before any schema: in the HTTP guard for matchmaking bodies, and in the room for whatever reaches it.
 */
export function unsafeOptions(value: unknown, depth = 0): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_OPTIONS_DEPTH) return `Options may not nest deeper than ${MAX_OPTIONS_DEPTH} levels.`;
  for (const k of Object.keys(value)) {
    if (UNSAFE_KEYS.has(k)) return `Options may not have a "${k}" key.`;
    const inner = unsafeOptions((value as Record<string, unknown>)[k], depth + 1);
    if (inner) return inner;
  }
  return null;
}
