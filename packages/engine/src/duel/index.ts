import type { Game } from '../core/game';
import type { DuelEmitted } from '../protocol/events';
import { botAt } from './levels';
import { apply, legalIntents, options, outcome, pending, setup, timeout, type DuelIntent } from './rules';
import { SEAT_RANGE, type DuelOptions, type DuelState } from './state';
import { view, type DuelView } from './view';

export * from './cards';
export * from './state';
export * from './rules';
export * from './view';
export * from './bot';
export * from './synced';
export * from './search';
export * from './levels';

export const duel: Game<DuelState, DuelView, DuelIntent, DuelOptions, DuelEmitted> = {
  id: 'duel',
  minSeats: SEAT_RANGE.min,
  maxSeats: SEAT_RANGE.max,
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
