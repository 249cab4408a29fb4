import { saloon, Saloon } from '@tumbleweed/engine';
import { z } from 'zod';
import { jsonBoardAdapter } from './json-board';

const colour = z.enum(['red', 'blue', 'green', 'yellow']);
const cardId = z.string().min(1).max(40);
export const saloonIntentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw'), from: z.union([z.literal('deck'), z.number().int().min(0).max(3)]) }),
  z.object({ type: z.literal('discard'), cards: z.array(cardId).max(6) }),
  z.object({ type: z.literal('cashLoot'), cards: z.array(cardId).max(6) }),
  z.object({ type: z.literal('threaten'), gun: colour, target: z.number().int().min(0).max(5) }),
  z.object({ type: z.literal('answer'), call: z.enum(['bluffing', 'duel']) }),
  z.object({
    type: z.literal('shoot'),
    gun: z.union([colour, z.literal('bottle')]),
    area: z.enum(['head', 'chest', 'arm', 'leg']),
    noise: z.enum(['bang', 'boom', 'blam', 'crash']).optional(),
  }),
  z.object({ type: z.literal('crash') }),
]);

export const saloonAdapter = jsonBoardAdapter({
  game: saloon,
  publicPart: Saloon.publicPart,
  secretPart: Saloon.secretPart,
  intentSchema: saloonIntentSchema as z.ZodType<Saloon.SaloonIntent, z.ZodTypeDef, unknown>,
  optionsSchema: z
    .object({ threatSeconds: z.number().int().optional(), simplified: z.boolean().optional(), russianRoulette: z.boolean().optional() })
    .strict(),
  defaultTurnSeconds: 30,
  // Duels are a reflex race: bots react like people, 600–1,200 ms (none when the table's bot delay is 0, in tests).
  botDelayMs: (rng, base) => (base === 0 ? 0 : Saloon.BOT_REACTION_MS[0] + rng.int(Saloon.BOT_REACTION_MS[1] - Saloon.BOT_REACTION_MS[0] + 1)),
});
