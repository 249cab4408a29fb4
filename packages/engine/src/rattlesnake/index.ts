import type { Game } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import { botAt } from './levels';
import { SEATS } from './numbers';
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
export * from './determinize';
export { searchRattlesnake, candidatesOf, RATTLESNAKE_SEARCH } from './search';
export { easyBot as easyRattlesnakeBot, botAt as rattlesnakeBotAt } from './levels';

export const rattlesnake: Game<RattlesnakeState, RattlesnakeView, RattlesnakeIntent, RattlesnakeOptions, RattlesnakeEmitted> = {
  id: 'rattlesnake',
  minSeats: SEATS,
  maxSeats: SEATS,
  options,
  setup,
  legalIntents,
  apply,
  timeout,
  view,
  outcome,
  pending,
  bot: (v, rng, level) => botAt(level)(v, rng),
};
