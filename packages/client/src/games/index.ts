import { duelModule } from './duel';
import { rattlesnakeModule } from './rattlesnake';
import { saloonModule } from './saloon';
import type { GameModule } from './types';

/** Every game the lobby lists, in order. Later games replace their `comingSoon` entry with a real module. */
export const GAMES: GameModule[] = [duelModule, rattlesnakeModule, saloonModule];

export function gameById(id: string): GameModule | undefined {
  return GAMES.find((g) => g.id === id);
}

export type { GameModule, GameUi, ServerEvent, TableContext } from './types';
