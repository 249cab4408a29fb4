import { Duel, duel, duelIntentSchema, duelOptionsSchema, type Rng } from '@tumbleweed/engine';
import { jsonBoardAdapter } from './json-board';

/** A base delay (BOT_DELAY_MS, 700 by default) under this is a test's quick bots: they skip the reveal's hold. */
export const QUICK_BOTS_BELOW_MS = 300;

/**
 * A bot places its next card only once the reveal has been on everyone's screen for Duel.REVEAL_HOLD_MS (plus a
 * moment to "think": 200–600 ms), never sooner than the table's base delay; quick test bots (a base under
 * QUICK_BOTS_BELOW_MS) wait only their base.
 */
export function duelBotDelayMs(rng: Rng, base: number): number {
  if (base < QUICK_BOTS_BELOW_MS) return base;
  return Math.max(base, Duel.REVEAL_HOLD_MS + 200 + rng.int(401));
}

/**
 * Duel's board syncs as flat maps like every game's (json-board.ts): the engine's Duel.publicPart and secretPart are
 * the whole secret boundary (a seat's hand and face-down card reach that seat alone; `committed` is public).
 */
export const duelAdapter = {
  ...jsonBoardAdapter({
    game: duel,
    publicPart: Duel.publicPart,
    secretPart: Duel.secretPart,
    intentSchema: duelIntentSchema,
    optionsSchema: duelOptionsSchema,
    defaultTurnSeconds: 20,
    botDelayMs: duelBotDelayMs,
    ownPartKey: Duel.ownPartKey,
  }),
  /** A table chooses how well its bots play: `options.botLevel` easy / normal / hard (the engine's search bot). */
  botLevels: true,
};
