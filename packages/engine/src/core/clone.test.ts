import { deriveSeed, Rng } from './rng';
import { cloneSharing, cloneState, notPlainData } from './clone';
import { isError } from './game';
import { duel } from '../duel';
import { playGame as playRattlesnake } from '../rattlesnake/sim';
import { playGame as playSaloon } from '../saloon/sim';

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value as object)) deepFreeze(v);
}

/** Every state a game goes through is plain data, so `cloneState` copies it exactly (and apart from the original). */
function copiesExactly(state: unknown): void {
  expect(notPlainData(state)).toBeNull();
  const copy = cloneState(state);
  expect(copy).toEqual(state);
  expect(copy).not.toBe(state);
}

describe('cloneState', () => {
  test('copies nested plain data apart from the original', () => {
    const s = { a: [1, { b: 'x', c: [true, null] }], d: { e: 2 }, u: undefined };
    const c = cloneState(s);
    expect(c).toStrictEqual(s);
    (c.a[1] as { c: unknown[] }).c.push(3);
    c.d.e = 5;
    expect(s).toStrictEqual({ a: [1, { b: 'x', c: [true, null] }], d: { e: 2 }, u: undefined });
  });

  test('notPlainData names what cloneState could not copy', () => {
    expect(notPlainData({ a: [1, new Map()] })).toBe('state.a[1] is a Map');
    expect(notPlainData({ when: new Date(0) })).toBe('state.when is a Date');
    expect(notPlainData({ f: () => 1 })).toBe('state.f is a function');
    expect(notPlainData({ a: [1, 'x', { b: null }] })).toBeNull();
  });

  test('cloneSharing copies all but the shared fields, in the same key order', () => {
    const s = { a: [1, { b: 2 }], last: { c: [3] }, n: null, d: { e: 'x' } };
    const c = cloneSharing(s, new Set(['last']));
    expect(JSON.stringify(c)).toBe(JSON.stringify(s));
    expect(c.last).toBe(s.last);
    expect(c.a).not.toBe(s.a);
    expect(c.a[1]).not.toBe(s.a[1]);
    expect(c.d).not.toBe(s.d);
  });

  test('no step changes a state handed out before it: Rattlesnake and Saloon Showdown games played on deep-frozen states', () => {
    // apply/timeout share the fields the rules only ever replace, and Rattlesnake's card lists, players and attack
    // until a rule changes them (rattlesnake/own.ts); a rule changing a shared one in place would throw here.
    // Enough Rattlesnake games that Focus, Distract and Disarm change revealed values (attack.values) in place.
    for (let seed = 0; seed < 40; seed++) {
      const r = playRattlesnake(seed, [seed % 4 ? 'random' : 'bot', seed % 5 ? 'random' : 'greedy'], 5000, seed % 3 ? 0 : 80, (s) => deepFreeze(s));
      expect(r.winner).not.toBeNull();
    }
    // Saloon shares its deck, discard pile and public cards until a rule changes one (saloon/own.ts): 2 to 5 seats,
    // bots and random players, with and without the Wind and Russian Roulette, countdowns running out.
    for (let seed = 3; seed < 23; seed++) {
      const seats = 2 + (seed % 4);
      const players = seed % 3 === 0 ? undefined : Array.from({ length: seats }, (_, i) => ((seed + i) % 2 ? 'random' : 'bot'));
      const g = playSaloon(seed, {
        seats,
        players: players as never,
        options: { wind: seed % 2 === 1, russianRoulette: seed % 5 === 0 },
        idleRate: (seed % 3) * 60,
        onStep: (state) => deepFreeze(state),
      });
      expect(g.outcome).not.toBeNull();
    }
  });

  test('every state of a Duel, a Rattlesnake and a Saloon Showdown game is plain data', () => {
    let duelState = duel.setup({ seats: 4, options: { target: 3 } as never }, Rng.fromSeed(7));
    const rng = Rng.fromSeed(deriveSeed(7, 'players'));
    copiesExactly(duelState);
    for (let steps = 0; duel.outcome(duelState) === null && steps < 2000; steps++) {
      const seat = duel.pending(duelState)[0]!;
      const r = duel.apply(duelState, seat, rng.pick(duel.legalIntents(duelState, seat)), 0);
      if (isError(r)) throw new Error(r.error.message);
      duelState = r.state;
      copiesExactly(duelState);
    }
    playRattlesnake(11, ['random', 'bot'], 5000, 0, (s) => copiesExactly(s));
    playSaloon(13, { seats: 4, onStep: (state) => copiesExactly(state) });
  });
});
