/**
 * The zod shapes of each game's intents (client → server message `intent`), written once: the server checks every
 * intent with them (`safeParse`; a refusal is BAD_MESSAGE), and compile-time assertions tie each to the engine's own
 * intent type, so a field added to one and not the other does not compile.
 */
import { z } from 'zod';
import { CARDS as DUEL_CARDS } from '../duel/cards';
import type { DuelIntent } from '../duel/rules';
import type { RattlesnakeIntent } from '../rattlesnake/intents';
import { INTENT_TYPES as SALOON_INTENT_TYPES, type SaloonIntent } from '../saloon/intents';
import type { Same, SameIntents } from './same';

const seat = z.number().int().min(0).max(5);
const cardId = z.string().min(1).max(40);

/** Duel: place a card face down, aimed at an opponent for a pistol or a rifle. */
export const duelIntentSchema = z.object({
  type: z.literal('commit'),
  card: z.enum(DUEL_CARDS),
  target: seat.nullable().optional(),
});
const duelAgrees: SameIntents<z.infer<typeof duelIntentSchema>, DuelIntent> = true;

/** Rattlesnake: one shape per intent type. */
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
const rattlesnakeAgrees: SameIntents<z.infer<typeof rattlesnakeIntentSchema>, RattlesnakeIntent> = true;

/**
 * Saloon Showdown: the envelope of an intent, a known `type` and well-typed, bounded fields. Which fields an intent
 * needs and what values are legal is the engine's to say (it refuses anything else with a code: ILLEGAL_CARD,
 * BAD_TARGET, GUN_TAKEN…), so this stays one schema as the specials add intents. Hence it is wider than
 * `SaloonIntent`: the assertions below check that it takes every intent the engine knows (same types, every field),
 * and `saloonIntentFromWire` is the one place a checked envelope is handed to the engine as a `SaloonIntent`.
 */
export const saloonIntentSchema = z
  .object({
    type: z.enum(SALOON_INTENT_TYPES as readonly SaloonIntent['type'][] as [SaloonIntent['type'], ...SaloonIntent['type'][]]),
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
/** What the Saloon schema lets through: an envelope, checked field by field by the engine. */
export type SaloonWireIntent = z.infer<typeof saloonIntentSchema>;
/** Every Saloon intent but the server's own `reactionMs` (set after the timing policy, never sent by a client). */
type SaloonClientIntent = SaloonIntent extends infer I ? (I extends SaloonIntent ? Omit<I, 'reactionMs'> : never) : never;
const saloonTakesEveryIntent: SaloonClientIntent extends SaloonWireIntent ? true : false = true;
const saloonSameTypes: Same<SaloonWireIntent['type'], SaloonIntent['type']> = true;
const saloonSameFields: Same<keyof SaloonWireIntent, Exclude<AllKeys<SaloonIntent>, 'reactionMs'>> = true;
type AllKeys<U> = U extends unknown ? keyof U : never;

/**
 * A Saloon intent the schema took, as the engine's type: the engine's `check` refuses, with a code, a field that is
 * missing or not legal for that type (the hostile-client suite tests/adversarial/saloon.test.ts sends such envelopes).
 */
export function saloonIntentFromWire(wire: SaloonWireIntent): SaloonIntent {
  return wire as SaloonIntent;
}

void [duelAgrees, rattlesnakeAgrees, saloonTakesEveryIntent, saloonSameTypes, saloonSameFields];

/** Any intent a client sends (`intent` message), of any game. */
export type ClientIntent = DuelIntent | RattlesnakeIntent | SaloonIntent;
