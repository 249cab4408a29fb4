import { saloon, Saloon } from '@tumbleweed/engine';
import { z } from 'zod';
import { jsonBoardAdapter } from './json-board';

const cardId = z.string().min(1).max(40);
const seat = z.number().int().min(0).max(5);
/**
 * The envelope of a Saloon intent: a known `type` and well-typed, bounded fields. Which fields an intent needs and
 * what values are legal is the engine's to say (it refuses anything else with a code), so this stays one schema as
 * the specials add intents.
 */
export const saloonIntentSchema = z
  .object({
    type: z.enum(Saloon.INTENT_TYPES as unknown as [string, ...string[]]),
    from: z.union([z.literal('deck'), z.number().int().min(0).max(3)]).optional(),
    card: cardId.optional(),
    cards: z.array(cardId).max(6).optional(),
    target: seat.optional(),
    targets: z.array(seat).max(5).optional(),
    gun: z.string().max(10).optional(),
    guns: z.array(z.string().max(10)).max(4).optional(),
    area: z.string().max(10).optional(),
    noise: z.string().max(10).optional(),
    call: z.string().max(12).optional(),
  })
  .strict();

export const saloonAdapter = {
  ...jsonBoardAdapter({
    // The interrupt hooks (Bottle, "I don't think so!"), so the room wakes bots that may interrupt, and a misfired
    // bot waits out its lock-out. (They belong on the engine's `saloon` object; spread in here until it has them.)
    game: saloon,
    publicPart: Saloon.publicPart,
    secretPart: Saloon.secretPart,
    intentSchema: saloonIntentSchema as z.ZodType<Saloon.SaloonIntent, z.ZodTypeDef, unknown>,
    optionsSchema: z
      .object({
        threatSeconds: z.number().int().optional(),
        simplified: z.boolean().optional(),
        russianRoulette: z.boolean().optional(),
        wind: z.boolean().optional(),
      })
      .strict(),
    defaultTurnSeconds: 30,
    // Duels, races and interrupts: bots react like people, at the table's level (log-normal, never under 250 ms; see
    // the engine's botReactionMs). None when the table's bot delay is 0, in tests.
    botDelayMs: (rng, base, level) => (base === 0 ? 0 : Saloon.botReactionMs(rng, level)),
  }),
  /** A table chooses how quick its bots are: `options.botLevel` easy / normal / hard. */
  botLevels: true,
};
