import { saloon, Saloon, saloonIntentFromWire, saloonIntentSchema, saloonOptionsSchema } from '@tumbleweed/engine';
import { jsonBoardAdapter } from './json-board';

export const saloonAdapter = {
  ...jsonBoardAdapter({
    // The interrupt hooks (Bottle, "I don't think so!"), so the room wakes bots that may interrupt, and a misfired
    // bot waits out its lock-out. (They belong on the engine's `saloon` object; spread in here until it has them.)
    game: saloon,
    publicPart: Saloon.publicPart,
    secretPart: Saloon.secretPart,
    intentSchema: saloonIntentSchema.transform(saloonIntentFromWire),
    optionsSchema: saloonOptionsSchema,
    defaultTurnSeconds: 30,
    // Duels, races and interrupts: bots react like people, at the table's level (log-normal, never under 250 ms; see
    // the engine's botReactionMs). None when the table's bot delay is 0, in tests.
    botDelayMs: (rng, base, level) => (base === 0 ? 0 : Saloon.botReactionMs(rng, level)),
  }),
  /** A table chooses how quick its bots are: `options.botLevel` easy / normal / hard. */
  botLevels: true,
};
