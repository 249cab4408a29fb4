/**
 * The protocol's intent schemas against the engine's own intents: over seeded bot games of each game, every intent
 * the engine lists as legal for a seat passes its game's schema (a legal move is never refused as BAD_MESSAGE), and
 * a table of malformed intents is refused by it (chessops-style: the input, the verdict).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { eventsFor, isError, type Game, type GameEvent, type Intent } from '../core/game';
import { Rng } from '../core/rng';
import { duel } from '../duel';
import { rattlesnake, INTENT_TYPES as RATTLESNAKE_INTENTS } from '../rattlesnake';
import { saloon, INTENT_TYPES as SALOON_INTENTS } from '../saloon';
import { ERROR_CODES } from './errors';
import { eventCodec } from './event-codec';
import { duelEventSchema, rattlesnakeEventSchema, saloonEventSchema, tableEventSchema, type DuelEvent, type Emitted } from './events';
import { duelIntentSchema, rattlesnakeIntentSchema, saloonIntentFromWire, saloonIntentSchema } from './intents';
import type { Same } from './same';
import { clockPingSchema, createOptionsSchema, joinOptionsSchema, tableActionSchema } from './table';

type AnyGame = Game<unknown, unknown, Intent, unknown>;

/** Saloon's bot games never hold three Wanted or three Desperado cards in these seeds: the table below has them. */
const SALOON_INTENTS_IN_BOT_GAMES = SALOON_INTENTS.filter((t) => t !== 'wanted' && t !== 'desperado');

/**
 * One seeded bot game, at most `maxSteps` steps of 5 s each (the first pending seat's bot plays; the countdown runs
 * out when none can): the state before each step with the time it was reached, how many steps were taken, and every
 * event the steps emitted (`to` and all). With `interrupts`, a seat that may interrupt (a Bottle hit, "I don't think
 * so!") makes its bot's interrupt every other step, before the pending seat's move; with `timeouts`, every fifth step
 * the countdown runs out instead of the pending seat's move.
 */
function botGame(
  game: AnyGame,
  seats: number,
  seed: number,
  maxSteps: number,
  { options = {}, interrupts = false, timeouts = false }: { options?: object; interrupts?: boolean; timeouts?: boolean } = {},
): { moments: { state: unknown; now: number }[]; steps: number; events: GameEvent[] } {
  const moments: { state: unknown; now: number }[] = [];
  const events: GameEvent[] = [];
  let steps = 0;
  let state = game.setup({ seats, options: game.options(options) as unknown }, Rng.fromSeed(seed));
  const bots = Rng.fromSeed(seed + 1000);
  let now = 1_700_000_000_000;
  for (let step = 0; game.outcome(state) === null && step < maxSteps; step++) {
    moments.push({ state, now });
    now += 5_000;
    const interrupter = interrupts && step % 2 === 0 ? game.interrupters?.(state)[0] : undefined;
    const interrupt = interrupter === undefined ? null : (game.botInterrupt?.(game.view(state, interrupter), bots) ?? null);
    if (interrupter !== undefined && interrupt) {
      const r = game.apply(state, interrupter, interrupt, now);
      if (!isError(r)) {
        state = r.state;
        events.push(...r.events);
        now += 1_000;
      }
    }
    const seat = timeouts && step % 5 === 4 ? undefined : game.pending(state)[0];
    let r = seat === undefined ? game.timeout(state, now) : game.apply(state, seat, game.bot(game.view(state, seat), bots), now);
    if (isError(r)) r = game.timeout(state, now);
    if (isError(r)) break;
    state = r.state;
    events.push(...r.events);
    steps++;
  }
  return { moments, steps, events };
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
        const { state, now } = moments[m]!; // fc.nat(moments.length - 1)
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

/**
 * Every event the engines emit, in seeded bot games of every size each game allows (Saloon with and without What the
 * Wind Brings, Russian Roulette, bots that interrupt): as each recipient receives it (`to` dropped), it passes its
 * game's schema unchanged — the schemas describe what is on the wire, not a guess at it. The few types these walks
 * never reach (listed: a stalemate, a Reload, an empty saloon slot, an abandoned Truel, an escaped Turkey) are built
 * by the rules as typed literals, so the compiler holds them to their schema's shape.
 */
describe.each([
  ['duel', duel as unknown as AnyGame, duelEventSchema as z.ZodTypeAny, duelEventSchema.optionsMap, [{}], 3, []],
  [
    'rattlesnake',
    rattlesnake as unknown as AnyGame,
    rattlesnakeEventSchema as z.ZodTypeAny,
    rattlesnakeEventSchema.optionsMap,
    [{}],
    9,
    ['stalemate', 'discarded_hand', 'saloon_slot_empty'],
  ],
  [
    'saloon',
    saloon as unknown as AnyGame,
    saloonEventSchema as z.ZodTypeAny,
    saloonEventSchema.optionsMap,
    [{}, { wind: true, russianRoulette: true }],
    4,
    ['truel_abandoned', 'turkey_escaped'],
  ],
] as const)('%s events', (id, game, schema, types, optionSets, seeds, unreached) => {
  const played = optionSets.flatMap((options) =>
    Array.from({ length: game.maxSeats - game.minSeats + 1 }, (_, i) => game.minSeats + i).flatMap((seats) =>
      Array.from({ length: seeds }, (_, i) => i + 1).map((seed) => ({
        seats,
        ...botGame(game, seats, seed, 400, { options, interrupts: true, timeouts: seed % 3 === 0 }),
      })),
    ),
  );
  const events = played.flatMap((p) => p.events.map((e) => ({ e, seats: p.seats })));

  test('every event emitted, as a recipient receives it, passes its schema unchanged', () => {
    expect(events.length).toBeGreaterThan(500);
    const refused: unknown[] = [];
    for (const { e, seats } of events) {
      if (e.to) expect(e.to.length > 0 && e.to.every((s) => Number.isInteger(s) && s >= 0 && s < seats)).toBe(true);
      const [wire] = eventsFor([e], e.to?.[0] ?? null);
      const r = schema.safeParse(wire);
      if (!r.success) refused.push({ wire, issues: r.error.issues });
      else expect(r.data).toEqual(wire);
    }
    expect(refused.slice(0, 3)).toEqual([]);
  });

  test('every event, as its recipient receives it, goes positional in the patch and reads back exactly (at under half of the bytes: the type as a number, a public Saloon card as its index)', () => {
    const codec = eventCodec(id)!;
    let whole = 0;
    let positional = 0;
    for (const { e } of events) {
      const [wire] = eventsFor([e], e.to?.[0] ?? null);
      const text = JSON.stringify(codec.encode(wire!, !e.to));
      expect(text.startsWith(`[${codec.typeCode(e.type)},`) || text === `[${codec.typeCode(e.type)}]`).toBe(true);
      expect(codec.decode(JSON.parse(text))).toStrictEqual(wire);
      whole += JSON.stringify(wire).length;
      positional += text.length;
    }
    expect(positional / whole).toBeLessThan(0.5);
  });

  test('the walk reaches every event type its schema declares, but for those listed', () => {
    const declared = [...types.keys()].map(String);
    const seen = new Set(events.map(({ e }) => e.type));
    expect([...seen].filter((t) => !declared.includes(t))).toEqual([]);
    expect(declared.filter((t) => !seen.has(t))).toEqual(unreached);
  });
});

/** [schema, event, passes?]: events as the wire carries them, and the same with a field wrong, missing or extra. */
const EVENT_TABLE: [string, z.ZodTypeAny, unknown, boolean][] = [
  ['duel', duelEventSchema, { type: 'committed', seat: 1 }, true],
  ['duel', duelEventSchema, { type: 'committed', seat: 1, card: 'pistol' }, false],
  ['duel', duelEventSchema, { type: 'committed', seat: '1' }, false],
  ['duel', duelEventSchema, { type: 'committed' }, false],
  ['duel', duelEventSchema, { type: 'you_committed', seat: 0, card: 'rifle', target: 2 }, true],
  ['duel', duelEventSchema, { type: 'you_committed', seat: 0, card: 'rifle', target: 2, to: [0] }, false],
  ['duel', duelEventSchema, { type: 'you_committed', seat: 0, card: 'bazooka', target: null }, false],
  ['duel', duelEventSchema, { type: 'revealed', round: 1, shootout: 2, plays: [{ seat: 0, card: 'reload', target: null }], hit: [0], reloaded: [] }, true],
  ['duel', duelEventSchema, { type: 'revealed', round: 1, shootout: 2, plays: [{ seat: 0, card: 'reload' }], hit: [0], reloaded: [] }, false],
  ['duel', duelEventSchema, { type: 'round_begun', round: 2 }, false],
  ['rattlesnake', rattlesnakeEventSchema, { type: 'hit_taken', seat: 1, cardId: 'hit-3', left: 2, into: 'deck' }, true],
  ['rattlesnake', rattlesnakeEventSchema, { type: 'hit_taken', seat: 1, cardId: 'hit-3', left: 2, into: 'hand' }, false],
  ['rattlesnake', rattlesnakeEventSchema, { type: 'saloon_refilled', slot: 2, cardId: 'e-snakebite', event: 'snakebite' }, true],
  ['rattlesnake', rattlesnakeEventSchema, { type: 'saloon_refilled', slot: 2, cardId: 'e-snakebite', event: 'tornado' }, false],
  ['rattlesnake', rattlesnakeEventSchema, { type: 'ability_used', seat: 0, cardId: 'a-focus-1', ability: 'focus', target: 'x', value: 4 }, true],
  ['rattlesnake', rattlesnakeEventSchema, { type: 'ability_used', seat: 0, cardId: 'a-focus-1', ability: 'focus', delta: 2 }, false],
  ['rattlesnake', rattlesnakeEventSchema, { type: 'ability_used', seat: 0, cardId: 'a-focus-1', ability: 'teleport' }, false],
  ['saloon', saloonEventSchema, { type: 'shot', seat: 2, gun: 'bottle', area: 'head', noise: null, at: 5, correct: true, reactionMs: 310 }, true],
  ['saloon', saloonEventSchema, { type: 'shot', seat: 2, gun: 'pink', area: 'head', noise: null, at: 5, correct: true }, false],
  ['saloon', saloonEventSchema, { type: 'shot', seat: 2, gun: 'red', area: 'head', at: 5, correct: true }, false],
  ['saloon', saloonEventSchema, { type: 'shot', seat: 2, gun: 'red', area: 'foot', noise: 'bang', at: 5, correct: true }, false],
  ['saloon', saloonEventSchema, { type: 'shot', seat: 2, gun: 'red', area: 'leg', noise: 'pow', at: 5, correct: true }, false],
  ['saloon', saloonEventSchema, { type: 'go', at: 5, truel: [0, 1, 2] }, true],
  ['saloon', saloonEventSchema, { type: 'end_triggered', seat: 0, reason: 'boredom', endAfter: 3 }, false],
  ['saloon', saloonEventSchema, { type: 'bank_paid', seat: 0, amount: 20, into: 'loot', reason: 'hail' }, true],
  ['saloon', saloonEventSchema, { type: 'bank_paid', seat: 0, amount: 20, into: 'loot', reason: 'hail', extra: true }, false],
  ['saloon', saloonEventSchema, { type: 'bank_paid', seat: 0, amount: 20, into: 'loot', reason: 'gift' }, false],
  ['saloon', saloonEventSchema, { type: 'discarded', seat: 0, cards: ['red-head-1'], reason: 'turkey' }, true],
  ['saloon', saloonEventSchema, { type: 'discarded', seat: 0, cards: ['red-head-1'], reason: 'boredom' }, false],
  ['saloon', saloonEventSchema, { type: 'loot_moved', payer: 0, payee: 1, amount: 20, reason: 'duel' }, false],
  ['saloon', saloonEventSchema, { type: 'bounty_claimed', seat: 0, from: 1, amount: 20, reason: 'wanted' }, true],
  ['table', tableEventSchema, { type: 'chat', seat: null, name: 'A spectator', phrase: 'howdy' }, true],
  ['table', tableEventSchema, { type: 'chat', seat: 1, name: 'Ann', phrase: 'free text' }, false],
  ['table', tableEventSchema, { type: 'game_started', seats: 3 }, true],
  ['table', tableEventSchema, { type: 'game_started', seats: 3, rematch: true }, false],
  ['table', tableEventSchema, { type: 'player_joined', seat: 7, name: 'Ann' }, false],
  ['table', tableEventSchema, { type: 'committed', seat: 1 }, false],
];

const EVENT_CASES = EVENT_TABLE.map(([what, schema, input, passes]) => ({ what, schema, input, shown: JSON.stringify(input), passes }));
test.each(EVENT_CASES)('event $what: $shown passes: $passes', ({ schema, input, passes }) => {
  expect(schema.safeParse(input).success).toBe(passes);
});

// Compile time: what an engine emits is a GameEvent (the server's driver and the batches take it), and an emitted
// event is its wire type with `to`.
const emittedIsGameEvent: Same<Emitted<DuelEvent> extends GameEvent ? true : false, true> = true;
const committedEmitted: Emitted<DuelEvent> = { type: 'you_committed', seat: 0, card: 'pistol', target: 1, to: [0] };
// @ts-expect-error a field the schema does not declare does not compile
const misspelt: Emitted<DuelEvent> = { type: 'committed', sat: 0 };
void [emittedIsGameEvent, committedEmitted, misspelt];
