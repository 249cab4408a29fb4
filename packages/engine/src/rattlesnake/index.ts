import type { Game } from '../core/game';
import { bot } from './bot';
import type { RattlesnakeIntent } from './intents';
import { apply, legalIntents, options, outcome, pending, setup, timeout } from './rules';
import type { RattlesnakeOptions, RattlesnakeState } from './state';
import { view, type RattlesnakeView } from './view';

export * from './cards';
export * from './combos';
export * from './intents';
export * from './state';
export * from './shared';
export * from './rules';
export * from './view';
export * from './bot';
export * from './synced';

export const rattlesnake: Game<RattlesnakeState, RattlesnakeView, RattlesnakeIntent, RattlesnakeOptions> = {
  id: 'rattlesnake',
  minSeats: 2,
  maxSeats: 2,
  options,
  setup,
  legalIntents,
  apply,
  timeout,
  view,
  outcome,
  pending,
  bot,
};
