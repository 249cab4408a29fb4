import { rattlesnake, Rattlesnake } from '@tumbleweed/engine';
import { z } from 'zod';
import { jsonBoardAdapter } from './json-board';

const cardId = z.string().min(1).max(40);
export const rattlesnakeIntentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('buy'), cardId, discard: z.array(cardId).max(2) }),
  z.object({ type: z.literal('attack') }),
  z.object({ type: z.literal('commit'), cards: z.array(cardId).max(10) }),
  z.object({
    type: z.literal('ability'),
    cardId,
    target: cardId.optional(),
    value: z.number().int().min(1).max(5).optional(),
    delta: z.union([z.literal(1), z.literal(-1)]).optional(),
    mode: z.enum(['swap', 'draw', 'again', 'refill']).optional(),
    take: cardId.optional(),
  }),
  z.object({ type: z.literal('putBack'), cardId }),
  z.object({ type: z.literal('cover'), cardId }),
  z.object({ type: z.literal('allow') }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('endTurn') }),
]);

export const rattlesnakeAdapter = {
  ...jsonBoardAdapter({
    game: rattlesnake,
    publicPart: Rattlesnake.publicPart,
    secretPart: Rattlesnake.secretPart,
    intentSchema: rattlesnakeIntentSchema as z.ZodType<Rattlesnake.RattlesnakeIntent, z.ZodTypeDef, unknown>,
    optionsSchema: z.object({}).strict(),
    defaultTurnSeconds: 45,
  }),
  /** A table chooses how well its bots play: `options.botLevel` easy / normal / hard (the engine's search bot). */
  botLevels: true,
};
