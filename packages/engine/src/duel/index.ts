import type { Game } from '../core/game';
import { bot } from './bot';
import { apply, legalIntents, options, outcome, pending, setup, timeout, type DuelIntent } from './rules';
import type { DuelOptions, DuelState } from './state';
import { view, type DuelView } from './view';

export * from './cards';
export * from './state';
export * from './rules';
export * from './view';
export * from './bot';
export * from './synced';

export const duel: Game<DuelState, DuelView, DuelIntent, DuelOptions> = {
  id: 'duel',
  minSeats: 2,
  maxSeats: 6,
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
