/**
 * Tokens this device keeps in localStorage by id, each with when it was kept: the seat tokens of finished games the
 * server keeps (kept.ts, by game id) and of the tables this device sits at (kept-seats.ts, by table code).
 */
export type Shelf = Record<string, { token: string; at: number }>;

/** What is kept under `key` ({} when nothing, or storage off or spoiled). */
export function readShelf(key: string): Shelf {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Shelf) : {};
  } catch {
    return {};
  }
}

/** Keeps `all` under `key`: those kept less than `rememberMs` ago, the `max` latest. */
export function writeShelf(key: string, all: Shelf, now: number, rememberMs: number, max: number): void {
  const kept = Object.entries(all)
    .filter(([, s]) => s && typeof s.token === 'string' && now - s.at < rememberMs)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, max);
  try {
    localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // (private mode or a full storage: nothing kept on this device)
  }
}
