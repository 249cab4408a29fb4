import type { BotLevel } from '../core/game';
import type { Rng } from '../core/rng';
import { bot } from './bot';
import type { RattlesnakeIntent } from './intents';
import { hardBot } from './search';
import { legalFromView, type RattlesnakeView } from './view';

/** Share of the easy bot's decisions that are a random legal intent instead of the normal bot's choice. */
export const EASY_RANDOM = 0.3;

/** The easy bot: the normal bot, but now and then any legal move (a beginner's slips). */
export function easyBot(v: RattlesnakeView, rng: Rng): RattlesnakeIntent {
  const legal = legalFromView(v);
  if (legal.length > 1 && rng.int(1000) / 1000 < EASY_RANDOM) return rng.pick(legal);
  return bot(v, rng);
}

/** The table's bot for a level (`botLevel`; absent: normal). */
export function botAt(level: BotLevel | undefined): (v: RattlesnakeView, rng: Rng) => RattlesnakeIntent {
  if (level === 'hard') return hardBot;
  if (level === 'easy') return easyBot;
  return bot;
}
