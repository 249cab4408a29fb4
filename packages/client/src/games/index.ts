import { duelInfo } from './duel-info';
import { rattlesnakeInfo } from './rattlesnake-info';
import { saloonInfo } from './saloon-info';
import type { GameInfo } from './types';

/**
 * Every game the lobby lists, in order: what the lobby, the rules page and a table's header need (words, seats,
 * options, bot levels). A game's table code is in modules.ts, which only the table and the replay viewer load.
 */
export const GAMES: GameInfo[] = [duelInfo, rattlesnakeInfo, saloonInfo];

export function gameById(id: string): GameInfo | undefined {
  return GAMES.find((g) => g.id === id);
}

export type { GameInfo, GameModule, GameUi, ServerEvent, TableContext } from './types';
