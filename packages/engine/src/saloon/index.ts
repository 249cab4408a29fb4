import type { Game } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import { bot, botInterrupt } from './bot';
import type { SaloonIntent } from './intents';
import {
  apply,
  botReadyAt,
  botReadyAtView,
  deadline,
  interrupters,
  legalIntents,
  options,
  outcome,
  pending,
  race,
  racePreview,
  setup,
  shift,
  timeout,
} from './rules';
import type { SaloonOptions, SaloonState } from './state';
import { view, type SaloonView } from './view';
import { SEAT_RANGE } from './numbers';

export * from './cards';
export * from './majority';
export * from './intents';
export * from './state';
export * from './shared';
export * from './rules';
export * from './view';
export * from './bot';
export * from './synced';

export const saloon: Game<SaloonState, SaloonView, SaloonIntent, SaloonOptions, SaloonEmitted> = {
  id: 'saloon',
  minSeats: SEAT_RANGE.min,
  maxSeats: SEAT_RANGE.max,
  options,
  setup,
  legalIntents,
  apply,
  timeout,
  deadline,
  shift,
  view,
  outcome,
  pending,
  bot,
  // Interrupts (the Bottle, "I don't think so!", races): who may act without being waited for, and the bots' part.
  interrupters,
  botInterrupt,
  botReadyAt,
  botReadyAtView,
  // Reflex races: judged by reaction time on the server (docs/fair-races.md).
  race,
  racePreview,
};
