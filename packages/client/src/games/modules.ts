import { duelModule } from './duel';
import { rattlesnakeModule } from './rattlesnake';
import { saloonModule } from './saloon';
import type { GameModule } from './types';

/** Every game's table code: its scene and action bar, its log words. The table and the replay viewer import this, the lobby never. */
const MODULES: readonly GameModule[] = [duelModule, rattlesnakeModule, saloonModule];

export function gameModule(id: string): GameModule | undefined {
  return MODULES.find((g) => g.info.id === id);
}
