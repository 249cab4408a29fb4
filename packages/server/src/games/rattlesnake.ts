import { rattlesnake, Rattlesnake, rattlesnakeIntentSchema, rattlesnakeOptionsSchema } from '@tumbleweed/engine';
import { jsonBoardAdapter } from './json-board';

export const rattlesnakeAdapter = {
  ...jsonBoardAdapter({
    game: rattlesnake,
    publicPart: Rattlesnake.publicPart,
    secretPart: Rattlesnake.secretPart,
    intentSchema: rattlesnakeIntentSchema,
    optionsSchema: rattlesnakeOptionsSchema,
    defaultTurnSeconds: 45,
  }),
  /** A table chooses how well its bots play: `options.botLevel` easy / normal / hard (the engine's search bot). */
  botLevels: true,
};
