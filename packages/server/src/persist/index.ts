import { randomBytes } from 'node:crypto';
import type { ResumableGame, TableStore } from './store';

export * from './store';

/** The process's store, when persistence is on (DATA_DIR); tables write nothing when null (in-process tests). */
let active: TableStore | null = null;

export function useStore(store: TableStore | null): void {
  active = store;
}

export function tableStore(): TableStore | null {
  return active;
}

/**
 * Games waiting to be rebuilt, by a one-time 256-bit key passed as the create option `restore`: only this process
 * (restore.ts) knows the keys, and each is taken once, so no client can create a table that claims to be restored.
 */
const restores = new Map<string, ResumableGame>();

export function offerRestore(game: ResumableGame): string {
  const key = randomBytes(32).toString('hex');
  restores.set(key, game);
  return key;
}

/** The game to rebuild when `raw` carries a key offered above (taken, so it works once). */
export function takeRestore(raw: unknown): ResumableGame | null {
  if (typeof raw !== 'object' || raw === null || !('restore' in raw)) return null;
  const key = (raw as { restore: unknown }).restore;
  if (typeof key !== 'string') return null;
  const game = restores.get(key) ?? null;
  restores.delete(key);
  return game;
}
