/** Keys that reach an object's prototype machinery when copied; never legitimate in a client's options. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * True when `value` (parsed JSON from a client) has an own key `__proto__`, `constructor` or `prototype` at any
 * depth. zod drops a `__proto__` key silently instead of refusing it, so this runs before any schema.
 */
export function hasUnsafeKey(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) return true;
    if (hasUnsafeKey((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
