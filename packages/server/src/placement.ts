/**
 * Which server process a new table goes to, when several share a Redis (Colyseus' `selectProcessIdToCreateRoom`).
 *
 * Colyseus' own choice is the process with the fewest rooms, counting its own rooms as they are now and the others' as
 * they last wrote them to Redis (at most once a second). Tables created in the same moment (a class, a club night, the
 * load harness) read counts that lag behind, each process a different way, and most of them went to one process:
 * `tests/scale/scale.test.ts` saw 2 and 8 of 10, and a CI run of the load harness finished no game on one of its two.
 *
 * Here every process reads the same written counts, its own included, and the processes not well ahead of the least
 * loaded take turns, by a counter every process increments atomically in Redis: a burst alternates between them, and a
 * process far ahead (a new process beside busy ones: the busy ones) is passed over until the others catch up.
 */
import type { Presence } from '@colyseus/core';

/** Colyseus' own hash of room counts (its Stats module): process id → "rooms,clients", written at most once a second. */
const COUNTS_KEY = 'roomcount';
const TURN_KEY = 'tumbleweed:placement';

/** How many rooms more than the least loaded process a process may have and still take its turn. */
export function slack(least: number): number {
  return Math.max(2, Math.ceil(least / 10));
}

/** `fallback`: this process, when no count is written yet (the first table of all). */
export function placeTables(presence: Presence, fallback: () => string): () => Promise<string> {
  return async () => {
    const written = await presence.hgetall(COUNTS_KEY);
    const counts = Object.entries(written ?? {}).map(([processId, value]) => ({ processId, rooms: Number(String(value).split(',')[0]) || 0 }));
    if (counts.length < 2) return counts[0]?.processId ?? fallback();
    const least = Math.min(...counts.map((c) => c.rooms));
    // Sorted: every process must read the same list for the shared counter to take turns.
    const near = counts
      .filter((c) => c.rooms <= least + slack(least))
      .map((c) => c.processId)
      .sort();
    const turn = await presence.incr(TURN_KEY);
    return near[turn % near.length];
  };
}
