/**
 * Finished games the server keeps (issue 14, KEEP_GAMES_DAYS): a player opens one again by its link,
 * `#/replay/<game id>`, on the device they played it on. The server serves a kept game only to its players: the
 * request carries the seat token this device held at the end (`GET /api/games/:id/log`, `Authorization: Bearer`).
 * The tokens are remembered here, per game id, for as long as the server may keep the game.
 */
import { readShelf, writeShelf } from './shelf';

const KEY = 'tumbleweed.keptGames';
/** Longer than the server's default (30 days): the server's own limit decides; a token is forgotten after this. */
const REMEMBER_MS = 45 * 24 * 3600 * 1000;
/** The most games remembered on one device (the oldest go first). */
const MAX_GAMES = 100;

/** This device played game `id` with seat token `token`: its link will open it. */
export function rememberGame(id: string, token: string, now = Date.now()): void {
  // (private mode or a full storage: the link opens nothing on this device later; the download still works)
  writeShelf(KEY, { ...readShelf(KEY), [id]: { token, at: now } }, now, REMEMBER_MS, MAX_GAMES);
}

/** The link that opens a kept game's replay. */
export const keptLink = (id: string): string => `${location.origin}${location.pathname}#/replay/${encodeURIComponent(id)}`;

export type KeptAnswer = { log: unknown } | { error: 'NOT_YOURS' | 'GONE' | 'OFFLINE' };

/** Fetches a kept game's log with this device's token for it. */
export async function fetchKept(id: string): Promise<KeptAnswer> {
  const token = readShelf(KEY)[id]?.token;
  if (!token) return { error: 'NOT_YOURS' };
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}/log`, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status === 404) return { error: 'GONE' };
    if (!res.ok) return { error: 'OFFLINE' };
    return { log: await res.json() };
  } catch {
    return { error: 'OFFLINE' };
  }
}
