import { matchMaker, type Presence } from '@colyseus/core';
import { CODES_KEY } from '../codes';
import { logger } from '../log';
import { offerRestore, type ResumableGame, type TableStore } from './index';

/**
 * On start: every game this process's store says is still being played gets its table back, under the same code,
 * in this process (before it listens, so a client that retries finds its table at once). A table that cannot be
 * rebuilt is logged and marked abandoned, never a crash.
 */
export async function restoreTables(store: TableStore, roomNames: readonly string[]): Promise<{ restored: number; failed: number }> {
  const log = logger.child({ part: 'restore' });
  let restored = 0;
  let failed = 0;
  let games;
  try {
    games = store.unfinished();
  } catch (err) {
    log.error({ err }, 'could not read the unfinished games; starting without them');
    return { restored, failed };
  }
  for (const game of games) {
    const where = { table: game.code, game: game.room, id: game.id };
    if (game.skipped < 0 || !roomNames.includes(game.room)) {
      log.warn(where, 'unreadable game record skipped');
      failed++;
      store.finish(game.id, 'abandoned', null);
      continue;
    }
    if (game.skipped > 0)
      log.warn({ ...where, kept: game.steps.length, skipped: game.skipped }, 'unreadable step records skipped (a write cut off by the crash?)');
    if (await rebuildTable(game)) restored++;
    else {
      failed++;
      store.finish(game.id, 'abandoned', null);
    }
  }
  if (games.length) log.info({ restored, failed }, 'tables restored');
  return { restored, failed };
}

/**
 * Rebuilds one stored game's table in this process, under its code (the room replays the log: table-room.ts
 * `resume`). False, with a log line, when it cannot be rebuilt. A restart (above) and a takeover (redis.ts) both
 * come here.
 */
export async function rebuildTable(game: ResumableGame): Promise<boolean> {
  try {
    await matchMaker.handleCreateRoom(game.room, { restore: offerRestore(game) });
    return true;
  } catch (err) {
    logger.child({ part: 'restore' }).error({ table: game.code, game: game.room, id: game.id, err }, 'could not restore table');
    return false;
  }
}

/**
 * Claims again the code a restored table had. The claim is this process's own: a table of this store was playing
 * under it when the process died (its claim was never released) or stopped (a shutdown keeps the claims of the
 * games it will resume), so it is set back to one claim, whatever a crash left. A table taken over from a dead
 * process (redis.ts) takes that process's claim over the same way: its lease says it is this process's now.
 */
export async function claimSameCode(presence: Presence, code: string): Promise<string> {
  await presence.hset(CODES_KEY, code, '1');
  return code;
}
