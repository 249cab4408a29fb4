import * as Duel from '../duel';
import { duel } from '../duel';
import { rattlesnake } from '../rattlesnake';
import { saloon } from '../saloon';
import { playGame as playSaloon } from '../saloon/sim';
import { Saloon } from '../index';
import { eventsFor, isError, type Game, type GameEvent, type Intent, type Seat } from './game';
import { hasSecret, type FlatBoardLike } from './flat-board';
import { readGameLog, replay, syncedBoardFor, viewFromSyncedBoard, type GameLogFile, type LogStep } from './replay';
import { deriveSeed, Rng, type Seed } from './rng';

/**
 * A bot-only game driven like the server drives it (setup from the seed's generator, bots on a second generator,
 * the clock passed as `now`, now and then a countdown running out), recorded as the server's GameLog.
 */

function botGame(game: Game<any, any, any, any>, seats: number, seed: Seed, options: unknown, timeoutEvery = 0): GameLogFile {
  const opts = game.options(options as never);
  let state = game.setup({ seats, options: opts }, Rng.fromSeed(seed));
  const bots = Rng.fromSeed(deriveSeed(seed, 'bots'));
  const steps: LogStep[] = [];
  const events: GameEvent[] = [];
  let now = 1_700_000_000_000;
  while (game.outcome(state) === null && steps.length < 5000) {
    now += 700;
    const seat: Seat | undefined = game.pending(state)[0];
    const timeout = seat === undefined || (timeoutEvery > 0 && (steps.length + 1) % timeoutEvery === 0);
    const intent = timeout ? null : (game.bot(game.view(state, seat), bots) as Intent);
    const r = intent === null ? game.timeout(state, now) : game.apply(state, seat as Seat, intent, now);
    if (isError(r)) throw new Error(r.error.message);
    steps.push(intent === null ? { timeout: true, at: now } : { seat: seat as Seat, intent, at: now });
    state = r.state;
    events.push(...r.events);
  }
  return {
    game: game.id,
    code: 'ABCDE',
    seed,
    options: opts,
    seats: Array.from({ length: seats }, (_, i) => ({ name: `Bot ${i}`, kind: 'bot' })),
    steps,
    events,
    outcome: game.outcome(state),
  };
}
const flat = (frames: { events: GameEvent[] }[]) => frames.flatMap((f) => f.events);

test('a bot Duel replays to the same outcome and the same events, step by step', () => {
  const log = JSON.parse(JSON.stringify(botGame(duel, 3, 42, { target: 3 }, 7))) as GameLogFile;
  expect(log.outcome).not.toBeNull();
  expect(log.steps.some((s) => 'timeout' in s)).toBe(true);
  const read = readGameLog(log);
  if ('error' in read) throw new Error(read.error.message);
  const r = replay(read.log);
  expect(r.error).toBeNull();
  expect(r.frames).toHaveLength(log.steps.length + 1);
  expect(r.frames[0]?.step).toBeNull();
  expect(r.outcome).toEqual(log.outcome);
  expect(flat(r.frames)).toEqual(log.events);
  // Replaying twice gives equal states (pure, deterministic).
  expect(replay(read.log).frames.map((f) => f.state)).toEqual(r.frames.map((f) => f.state));
});

test('a game dealt from a 256-bit hex seed (as on a real table) replays exactly; one changed hex digit deals another game', () => {
  const seed = 'c0ffee'.repeat(10) + 'f00d';
  const log = JSON.parse(JSON.stringify(botGame(duel, 4, seed, { target: 3 }, 5))) as GameLogFile;
  expect(log.seed).toBe(seed);
  const read = readGameLog(log);
  if ('error' in read) throw new Error(read.error.message);
  const r = replay(read.log);
  expect(r.error).toBeNull();
  expect(r.outcome).toEqual(log.outcome);
  expect(flat(r.frames)).toEqual(log.events);
  const other = replay({ ...log, seed: '1' + seed.slice(1) });
  expect(other.frames[0]?.state).not.toEqual(r.frames[0]!.state);
});

test('a bot Rattlesnake game replays to the same outcome and events', () => {
  const log = botGame(rattlesnake, 2, 7, {}, 13);
  expect(log.outcome).not.toBeNull();
  const r = replay(JSON.parse(JSON.stringify(log)));
  expect(r.error).toBeNull();
  expect(r.outcome).toEqual(log.outcome);
  expect(flat(r.frames)).toEqual(log.events);
});

test('a real-time Saloon Showdown game (clock passed as `at`) replays to the same end', () => {
  const events: GameEvent[] = [];
  const sim = playSaloon(11, { seats: 3, onStep: (_s, _step, ev) => events.push(...ev) });
  expect(sim.outcome).not.toBeNull();
  const steps: LogStep[] = sim.steps.map((s) => (s.kind === 'apply' ? { seat: s.seat, intent: s.intent, at: s.now } : { timeout: true, at: s.now }));
  const opts = Saloon.options(undefined);
  const r = replay({ game: 'saloon', seed: 11, options: opts, seats: 3, steps: JSON.parse(JSON.stringify(steps)) });
  expect(r.error).toBeNull();
  expect(r.outcome).toEqual(sim.outcome);
  expect(flat(r.frames)).toEqual(events);
});

/** A log's deep copy whose steps a test may edit. */
const editable = (log: GameLogFile): Omit<GameLogFile, 'steps'> & { steps: GameLogFile['steps'][number][] } => JSON.parse(JSON.stringify(log));

test('a tampered step is reported with its number, not thrown; the frames before it remain', () => {
  const log = botGame(duel, 2, 5, {});
  const tampered = editable(log);
  const i = tampered.steps.findIndex((s) => !('timeout' in s));
  const step = tampered.steps[i] as { seat: number; intent: Intent; at: number };
  tampered.steps[i] = { ...step, intent: { type: 'commit', card: 'cannon', target: null } as Intent };
  const r = replay(tampered);
  expect(r.error).toMatchObject({ step: i + 1 });
  expect(r.frames).toHaveLength(i + 1);

  // A seat out of range, an intent the engine does not expect, a seat playing twice.
  const other = editable(log);
  other.steps[i] = { ...step, seat: 9 };
  expect(replay(other).error).toMatchObject({ step: i + 1, code: 'BAD_SEAT' });
  const junk = editable(log);
  junk.steps[i] = { ...step, intent: { type: 'commit', card: { nested: [1, 2] } } as unknown as Intent };
  expect(() => replay(junk)).not.toThrow();
  expect(replay(junk).error?.step).toBe(i + 1);
  const twice = editable(log);
  twice.steps.splice(i, 0, step);
  expect(replay(twice).error).not.toBeNull();

  // Another seed deals other cards: the recorded plays stop fitting, or tell another story.
  const snake = botGame(rattlesnake, 2, 9, {});
  const reseeded = replay({ ...snake, seed: 10 });
  expect(reseeded.error !== null || JSON.stringify(flat(reseeded.frames)) !== JSON.stringify(snake.events)).toBe(true);
});

test('readGameLog tells a game log from any other JSON', () => {
  const log = botGame(duel, 2, 3, {});
  expect('log' in readGameLog(JSON.parse(JSON.stringify(log)))).toBe(true);
  const hexSeed = 'ab'.repeat(32);
  expect('log' in readGameLog({ ...log, seed: hexSeed })).toBe(true);
  expect('log' in readGameLog({ ...log, seed: -3 })).toBe(true);
  const badSeeds = ['x', hexSeed.toUpperCase(), hexSeed.slice(1), hexSeed + '0', '42', 1.5, 2 ** 53, null, [1, 2]];
  for (const seed of badSeeds) expect(readGameLog({ ...log, seed })).toEqual({ error: expect.objectContaining({ code: 'NOT_A_LOG' }) });
  const { seed: _seed, ...noSeed } = log;
  expect(readGameLog(noSeed)).toEqual({ error: expect.objectContaining({ code: 'NOT_A_LOG' }) });
  for (const junk of [
    null,
    3,
    'x',
    [],
    {},
    { name: 'package', version: '1.0.0' },
    { ...log, seed: 'x' },
    { ...log, steps: [{ at: 1 }] },
    { ...log, seats: 2 },
  ]) {
    expect(readGameLog(junk)).toEqual({ error: expect.objectContaining({ code: 'NOT_A_LOG' }) });
  }
  expect(readGameLog({ ...log, game: 'poker' })).toEqual({ error: expect.objectContaining({ code: 'UNKNOWN_GAME' }) });
  expect(replay({ ...log, seats: 9 }).error).toMatchObject({ step: 0, code: 'BAD_SEATS' });
});

test('the synced board of a replayed state: the wire shape, other seats’ secrets left out', () => {
  const log = botGame(duel, 3, 8, {});
  const r = replay(log);
  const mid = r.frames[3]!.state as Duel.DuelState;
  const spectator = syncedBoardFor('duel', mid, -1) as FlatBoardLike;
  expect([0, 1, 2].map((seat) => hasSecret(spectator, seat))).toEqual([false, false, false]);
  const seat1 = syncedBoardFor('duel', mid, 1) as FlatBoardLike;
  expect([0, 1, 2].map((seat) => hasSecret(seat1, seat))).toEqual([false, true, false]);
  expect(viewFromSyncedBoard('duel', seat1, 1)).toEqual(duel.view(mid, 1));
  expect(viewFromSyncedBoard('duel', spectator, -1)).toEqual(duel.view(mid, null));

  const rs = replay(botGame(rattlesnake, 2, 4, {}));
  const st = rs.frames[5]!.state;
  const board = syncedBoardFor('rattlesnake', st, 0) as FlatBoardLike;
  expect(board.players![1]).toEqual({});
  expect(hasSecret(board, 0)).toBe(true);
  // Read back as the live client reads its Schema: the replayed seat sees exactly its own view, a spectator the public one.
  expect(viewFromSyncedBoard('rattlesnake', board, 0)).toEqual(rattlesnake.view(st as never, 0));
  expect(viewFromSyncedBoard('rattlesnake', syncedBoardFor('rattlesnake', st, -1), -1)).toEqual(rattlesnake.view(st as never, null));
  expect(viewFromSyncedBoard('rattlesnake', board, 1)).toMatchObject({ seat: null, hand: [] }); // seat 1's part is not there
  const sim = playSaloon(11, { seats: 3 });
  const steps: LogStep[] = sim.steps.map((s) => (s.kind === 'apply' ? { seat: s.seat, intent: s.intent, at: s.now } : { timeout: true, at: s.now }));
  const sal = replay({ game: 'saloon', seed: 11, options: Saloon.options(undefined), seats: 3, steps });
  const ss = sal.frames[Math.floor(sal.frames.length / 2)]!.state;
  expect(viewFromSyncedBoard('saloon', syncedBoardFor('saloon', ss, 2), 2)).toEqual(saloon.view(ss as never, 2));
  expect(viewFromSyncedBoard('saloon', null, 2)).toBeNull();
  // Every event a seat may see is among the replayed events.
  expect(eventsFor(rs.frames[5]!.events, 0).length).toBeGreaterThanOrEqual(eventsFor(rs.frames[5]!.events, null).length);
});
