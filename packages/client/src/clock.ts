/** Server deadlines on this machine's clock, which may be set wrong; the server's clock here (fair races). */

/** How far a deadline may look already past (or further away than expected) before this clock is distrusted. */
const SKEW_MS = 2000;

/**
 * When `until` (a server-clock deadline expected at most `maxMs` away) ends on this clock: `until` itself when it is
 * plausible, else `fallbackMs` from now (a clock set wrong), or null when there is no fallback.
 */
export function localEnd(until: number, maxMs: number, fallbackMs: number | null, now = Date.now()): number | null {
  const remaining = until - now;
  if (remaining <= maxMs + SKEW_MS && remaining > -SKEW_MS) return until;
  return fallbackMs === null ? null : now + fallbackMs;
}

/** Whole seconds from now until `end` (0 once past). */
export const secondsUntil = (end: number): number => Math.max(0, Math.ceil((end - Date.now()) / 1000));

/** This machine's clock for syncing (ms): monotonic, unlike Date.now(), which jumps when the system clock is set. */
export const localNow = (): number => (typeof performance !== 'undefined' ? performance.timeOrigin + performance.now() : Date.now());
