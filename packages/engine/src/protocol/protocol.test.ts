/**
 * The protocol's intent schemas against the engine's own intents: over seeded bot games of each game, every intent
 * the engine lists as legal for a seat passes its game's schema (a legal move is never refused as BAD_MESSAGE), and
 * a table of malformed intents is refused by it (chessops-style: the input, the verdict).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { isError, type Game, type Intent } from '../core/game';
import { Rng } from '../core/rng';
import { duel } from '../duel';
import { rattlesnake, INTENT_TYPES as RATTLESNAKE_INTENTS } from '../rattlesnake';
import { saloon, INTENT_TYPES as SALOON_INTENTS } from '../saloon';
import { ERROR_CODES } from './errors';
import { duelIntentSchema, rattlesnakeIntentSchema, saloonIntentFromWire, saloonIntentSchema } from './intents';
import { clockPingSchema, createOptionsSchema, joinOptionsSchema, tableActionSchema } from './table';

type AnyGame = Game<unknown, unknown, Intent, unknown>;

/** Saloon's bot games never hold three Wanted or three Desperado cards in these seeds: the table below has them. */
const SALOON_INTENTS_IN_BOT_GAMES = SALOON_INTENTS.filter((t) => t !== 'wanted' && t !== 'desperado');

/**
 * One seeded bot game, at most `maxSteps` steps of 5 s each (the first pending seat's bot plays; the countdown runs
 * out when none can): the state before each step with the time it was reached, and how many steps were taken.
 */
function botGame(game: AnyGame, seats: number, seed: number, maxSteps: number): { moments: { state: unknown; now: number }[]; steps: number } {
  const moments: { state: unknown; now: number }[] = [];
  let steps = 0;
  let state = game.setup({ seats, options: game.options({}) as unknown }, Rng.fromSeed(seed));
  const bots = Rng.fromSeed(seed + 1000);
  let now = 1_700_000_000_000;
  for (let step = 0; game.outcome(state) === null && step < maxSteps; step++) {
    moments.push({ state, now });
    now += 5_000;
    const seat = game.pending(state)[0];
    let r = seat === undefined ? game.timeout(state, now) : game.apply(state, seat, game.bot(game.view(state, seat), bots), now);
    if (isError(r)) r = game.timeout(state, now);
    if (isError(r)) break;
    state = r.state;
    steps++;
  }
  return { moments, steps };
}

/** Plays `games` seeded bot games; returns every legal intent seen (each seat, each step) and how many steps ran. */
function legalIntentsOf(game: AnyGame, seats: number, games: number): { intents: Intent[]; steps: number } {
  const intents: Intent[] = [];
  let steps = 0;
  for (let seed = 1; seed <= games; seed++) {
    const played = botGame(game, seats, seed, 300);
    for (const { state } of played.moments) for (let seat = 0; seat < seats; seat++) intents.push(...game.legalIntents(state, seat));
    steps += played.steps;
  }
  return { intents, steps };
}

describe.each([
  ['duel', duel as unknown as AnyGame, 3, duelIntentSchema as z.ZodTypeAny, ['commit']],
  ['rattlesnake', rattlesnake as unknown as AnyGame, 2, rattlesnakeIntentSchema as z.ZodTypeAny, RATTLESNAKE_INTENTS],
  ['saloon', saloon as unknown as AnyGame, 4, saloonIntentSchema as z.ZodTypeAny, SALOON_INTENTS_IN_BOT_GAMES],
] as const)('%s', (_id, game, seats, schema, types) => {
  test('every intent the engine lists as legal passes the protocol schema, unchanged', () => {
    const { intents, steps } = legalIntentsOf(game, seats, 4);
    expect(steps).toBeGreaterThan(20);
    expect([...new Set(intents.map((i) => i.type))].sort()).toEqual([...types].sort());
    const refused = intents.filter((i) => !schema.safeParse(i).success);
    expect(refused.slice(0, 3)).toEqual([]);
    // What the server hands the engine is the intent the client sent (zod's copy, same fields).
    for (const i of intents.slice(0, 200)) expect(schema.parse(i)).toEqual(i);
  });
});

/** [schema, input, passes?]: malformed inputs a hostile client might send, and well-formed ones beside them. */
const TABLE: [string, z.ZodTypeAny, unknown, boolean][] = [
  ['duel', duelIntentSchema, { type: 'commit', card: 'pistol', target: 1 }, true],
  ['duel', duelIntentSchema, { type: 'commit', card: 'barricade', target: null }, true],
  ['duel', duelIntentSchema, { type: 'commit', card: 'bazooka' }, false],
  ['duel', duelIntentSchema, { type: 'commit', card: 'pistol', target: 6 }, false],
  ['duel', duelIntentSchema, { type: 'commit', card: 'pistol', target: 1.5 }, false],
  ['duel', duelIntentSchema, { type: 'shoot', card: 'pistol' }, false],
  ['duel', duelIntentSchema, null, false],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'buy', cardId: 'x', discard: ['a', 'b'] }, true],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'buy', cardId: 'x', discard: ['a', 'b', 'c'] }, false],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'buy', cardId: '', discard: [] }, false],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'ability', cardId: 'focus', target: 'y', value: 6 }, false],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'ability', cardId: 'distract', target: 'y', delta: 2 }, false],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'ability', cardId: 'switch', mode: 'steal' }, false],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'commit', cards: 'abc' }, false],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'endTurn' }, true],
  ['rattlesnake', rattlesnakeIntentSchema, { type: 'surrender' }, false],
  ['saloon', saloonIntentSchema, { type: 'draw', from: 'deck' }, true],
  ['saloon', saloonIntentSchema, { type: 'draw', from: 4 }, false],
  ['saloon', saloonIntentSchema, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' }, true],
  ['saloon', saloonIntentSchema, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang', reactionMs: 200 }, false],
  ['saloon', saloonIntentSchema, { type: 'threaten', gun: 'red', target: 9 }, false],
  ['saloon', saloonIntentSchema, { type: 'discard', cards: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, false],
  ['saloon', saloonIntentSchema, { type: 'draw', from: 'deck', extra: 1 }, false],
  ['saloon', saloonIntentSchema, { type: 'fold' }, false],
  ['saloon', saloonIntentSchema, { type: 'wanted', cards: ['w1', 'w2', 'w3'], target: 2 }, true],
  ['saloon', saloonIntentSchema, { type: 'desperado', guns: ['red', 'blue'], targets: [1, 2] }, true],
  ['saloon', saloonIntentSchema, { type: 'desperado', guns: ['red', 'blue', 'green', 'yellow', 'red'], targets: [1, 2] }, false],
  ['table', tableActionSchema, { action: 'kick', seat: 1 }, true],
  ['table', tableActionSchema, { action: 'kick' }, false],
  ['table', tableActionSchema, { action: 'chat', phrase: 'howdy' }, true],
  ['table', tableActionSchema, { action: 'chat', phrase: 'free text' }, false],
  ['table', tableActionSchema, { action: 'removeBot', seat: -1 }, false],
  ['table', tableActionSchema, { action: 'explode' }, false],
  ['clock', clockPingSchema, { c: 123.5 }, true],
  ['clock', clockPingSchema, { c: 'now' }, false],
  ['clock', clockPingSchema, { c: 1, s: 2 }, false],
  ['create', createOptionsSchema, { seats: 3, bots: 2, options: { turnSeconds: 20 }, name: 'Jane', device: 'abcdefgh' }, true],
  ['create', createOptionsSchema, { seats: 3, color: 'red' }, false],
  ['create', createOptionsSchema, { seats: 3, device: 'short' }, false],
  ['create', createOptionsSchema, { seats: 3, name: 'x'.repeat(201) }, false],
  ['join', joinOptionsSchema, { name: 'Jane', spectate: true }, true],
  ['join', joinOptionsSchema, { rejoin: 'y'.repeat(65) }, false],
];

const CASES = TABLE.map(([what, schema, input, passes]) => ({ what, schema, input, shown: JSON.stringify(input), passes }));
test.each(CASES)('$what: $shown passes: $passes', ({ schema, input, passes }) => {
  expect(schema.safeParse(input).success).toBe(passes);
});

/**
 * Saloon's schema is an envelope wider than the engine's intent types (saloonIntentFromWire hands it over as one): any
 * envelope it takes, at any moment of a game, must get a result or a refusal with one of our codes from the engine —
 * never an exception (the server would answer SERVER_ERROR) — and a refusal must leave the state as it was.
 */
describe('saloon: whatever envelope the schema takes, the engine answers with a result or a coded refusal', () => {
  const colour = fc.constantFrom('red', 'blue', 'green', 'yellow', 'bottle', 'pink', '');
  const envelope = fc.record(
    {
      type: fc.constantFrom(...SALOON_INTENTS),
      from: fc.oneof(fc.constant('deck' as const), fc.integer({ min: 0, max: 3 })),
      card: fc.string({ minLength: 1, maxLength: 8 }),
      cards: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 6 }),
      target: fc.integer({ min: 0, max: 5 }),
      targets: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 5 }),
      gun: colour,
      guns: fc.array(colour, { maxLength: 4 }),
      area: fc.constantFrom('head', 'chest', 'arm', 'leg', 'foot'),
      noise: fc.constantFrom('bang', 'boom', 'blam', 'crash', 'pow'),
      call: fc.constantFrom('bluffing', 'duel', 'law', 'wanted', 'escape', 'desperado', 'maybe'),
    },
    { requiredKeys: ['type'] },
  );

  /** States along seeded 4-seat bot games, each with the time it was reached. */
  const moments = [1, 2, 3].flatMap((seed) => botGame(saloon as unknown as AnyGame, 4, seed, 120).moments);

  test('never throws; refusals carry a known code and change nothing', () => {
    expect(moments.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.nat(moments.length - 1), fc.integer({ min: 0, max: 3 }), envelope, (m, seat, raw) => {
        const parsed = saloonIntentSchema.safeParse(raw);
        fc.pre(parsed.success);
        if (!parsed.success) return;
        const { state, now } = moments[m];
        const before = JSON.stringify(state);
        const r = saloon.apply(state as never, seat, saloonIntentFromWire(parsed.data), now + 1_000);
        if (isError(r)) {
          expect(ERROR_CODES).toContain(r.error.code);
          expect(JSON.stringify(state)).toBe(before);
        }
      }),
      { numRuns: 3000, seed: 17 },
    );
  });
});
