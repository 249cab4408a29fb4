import { eventsFor, isError, type GameEvent, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { allCards, baseValue, hitIds, type EventKind } from './cards';
import { attackerWins, bestCombo, compareCombos, decidingRule, describeCombo, type Combo, type DecidingRule } from './combos';
import type { RattlesnakeIntent } from './intents';
import { apply, legalIntents, locations, outcome, pending, setup, STALEMATE_TURNS, timeout } from './rules';
import { other } from './shared';
import type { RattlesnakePlayer, RattlesnakeState } from './state';
import { view } from './view';
import { rattlesnake } from './index';

/* ---------- helpers ---------- */

function fresh(seed = 1): RattlesnakeState {
  return setup({ seats: 2, options: {} }, Rng.fromSeed(seed));
}

type PlayerSpec = Partial<Pick<RattlesnakePlayer, 'deck' | 'hand' | 'discard' | 'hits'>>;

/** A state built as a literal: seat 0 active in its main step unless told otherwise. Unlisted zones are empty. */
function craft(p0: PlayerSpec, p1: PlayerSpec, extra: Partial<RattlesnakeState> = {}): RattlesnakeState {
  const player = (s: Seat, p: PlayerSpec): RattlesnakePlayer => ({
    deck: [...(p.deck ?? [])],
    hand: [...(p.hand ?? [])],
    discard: [...(p.discard ?? [])],
    hits: [...(p.hits ?? hitIds(s))],
    committed: null,
  });
  return {
    options: {},
    players: [player(0, p0), player(1, p1)],
    saloon: ['s-focus-1', 's-scout-1', 's-disarm-1', 's-distract-1', 's-double-tap-1'],
    saloonDeck: ['s-take-cover-1', 's-reload-1'],
    box: [],
    graveyard: [],
    active: 0,
    turn: 1,
    bought: false,
    attacksLeft: 1,
    step: { kind: 'main' },
    attack: null,
    response: null,
    scout: null,
    opening: { reveals: [], first: 0 },
    lastShowdown: null,
    winner: null,
    rng: Rng.fromSeed(5).state(),
    ...extra,
  };
}

type Move = [Seat, RattlesnakeIntent];

function run(state: RattlesnakeState, moves: Move[]): { state: RattlesnakeState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const [seat, intent] of moves) {
    const r = apply(state, seat, intent);
    if (isError(r)) throw new Error(`seat ${seat} ${JSON.stringify(intent)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

function errorOf(state: RattlesnakeState, seat: Seat, intent: unknown): string | null {
  const r = apply(state, seat, intent as RattlesnakeIntent);
  return isError(r) ? r.error.code : null;
}

const PASS: RattlesnakeIntent = { type: 'pass' };
const ALLOW: RattlesnakeIntent = { type: 'allow' };
const commit = (...cards: string[]): RattlesnakeIntent => ({ type: 'commit', cards });
const use = (cardId: string, rest: Partial<Extract<RattlesnakeIntent, { type: 'ability' }>> = {}): RattlesnakeIntent => ({ type: 'ability', cardId, ...rest });

/** Seat 0 attacks with `att`, seat 1 defends with `def`; stops in the ability window. */
function toWindow(att: string[], def: string[], p0: PlayerSpec = {}, p1: PlayerSpec = {}, extra: Partial<RattlesnakeState> = {}) {
  const s = craft({ ...p0, hand: [...att, ...(p0.hand ?? [])] }, { ...p1, hand: [...def, ...(p1.hand ?? [])] }, extra);
  return run(s, [
    [0, { type: 'attack' }],
    [0, commit(...att)],
    [1, commit(...def)],
  ]);
}

function withEvents(...events: EventKind[]): Partial<RattlesnakeState> {
  return { saloon: [...events.map((e) => `e-${e}`), 's-focus-1', 's-scout-1', 's-disarm-1', 's-distract-1'].slice(0, 5) };
}

/* ---------- combos ---------- */

function combo(values: number[]): Combo | null {
  return bestCombo(
    values.map((value, i) => ({ id: `c${i}`, value })),
    false,
  );
}

describe('combos', () => {
  test.each([
    [[4], 'Single 4'],
    [[3, 5, 1], 'Single 5'],
    [[3, 3], 'Set of two 3s'],
    [[4, 4, 4, 1], 'Set of three 4s'],
    [[2, 3, 4], 'Run of 2 to 4'],
    [[1, 2, 2, 3], 'Run of 1 to 3'],
    [[1, 2, 4, 5, 5], 'Set of two 5s'],
    [[1, 2, 3, 5, 5], 'Run of 1 to 3'],
    [[], 'No combo'],
  ])('strongest of %j is %s', (values, name) => {
    expect(describeCombo(combo(values))).toBe(name);
  });

  test('under Sandstorm a run of the same size beats a set in choosing the strongest', () => {
    const c = bestCombo(
      [
        { id: 'a', value: 5 },
        { id: 'b', value: 5 },
        { id: 'c', value: 1 },
        { id: 'd', value: 2 },
      ],
      true,
    );
    expect(describeCombo(c)).toBe('Run of 1 to 2');
  });

  // attacker, defender, sandstorm, deadeye, attacker wins?, the rule that decided it (read back from the outcome)
  test.each<[number[], number[], boolean, boolean, boolean, DecidingRule | null, string]>([
    [[3, 3], [5], false, false, true, 'size', 'more cards beats a higher single'],
    [[1, 2, 3], [5, 5], false, false, true, 'size', 'run of three beats set of two'],
    [[5, 5], [1, 2, 3], false, false, false, 'size', 'more cards for the defender'],
    [[2, 2], [4, 5], false, false, true, 'setOverRun', 'set beats run of the same size'],
    [[4, 5], [2, 2], false, false, false, 'setOverRun', 'run loses to set of the same size'],
    [[2, 2], [4, 5], true, false, false, 'runOverSet', 'Sandstorm: run beats set'],
    [[4, 5], [2, 2], true, false, true, 'runOverSet', 'Sandstorm: run beats set (attacker)'],
    [[4, 4], [3, 3], false, false, true, 'higher', 'higher set'],
    [[2, 3, 4], [3, 4, 5], false, false, false, 'higher', 'higher run'],
    [[5], [4], false, false, true, 'higher', 'higher single'],
    [[4], [4], false, false, false, 'tie', 'full tie goes to the defender'],
    [[4], [4], false, true, true, 'tieDeadeye', 'Deadeye: full tie goes to the attacker'],
    [[3, 4], [3, 4], true, true, true, 'tieDeadeye', 'Deadeye with Sandstorm'],
    [[], [], false, false, false, null, 'two empties: defender'],
    [[], [], false, true, false, null, 'two empties: defender even under Deadeye'],
    [[1], [], false, false, true, null, 'any combo beats no combo'],
    [[], [1], false, true, false, null, 'no combo loses'],
  ])('%j vs %j (sandstorm %s, deadeye %s) → attacker wins %s, decided by %s: %s', (a, d, sandstorm, deadeye, expected, rule) => {
    const ca = bestCombo(
      a.map((value, i) => ({ id: `a${i}`, value })),
      sandstorm,
    );
    const cd = bestCombo(
      d.map((value, i) => ({ id: `d${i}`, value })),
      sandstorm,
    );
    expect(attackerWins(ca, cd, { sandstorm, deadeye })).toBe(expected);
    expect(decidingRule(ca, cd, expected)).toBe(rule);
  });

  test('comparison is antisymmetric', () => {
    const a = combo([2, 2]) as Combo;
    const b = combo([3, 4]) as Combo;
    expect(Math.sign(compareCombos(a, b, false))).toBe(-Math.sign(compareCombos(b, a, false)));
  });
});

/* ---------- setup ---------- */

describe('setup', () => {
  test.each([1, 2, 3, 42, 99])('seed %i: every card placed once, saloon and hands as the rulebook says', (seed) => {
    const s = fresh(seed);
    expect([...locations(s).keys()].sort()).toEqual(allCards().sort());
    expect(s.saloon).toHaveLength(5);
    expect(s.saloon.every((c) => c !== null && c.startsWith('s-'))).toBe(true);
    expect(s.saloonDeck).toHaveLength(13);
    expect(s.saloonDeck[12]).toBe('e-high-noon');
    expect(s.saloonDeck.slice(0, 6).filter((c) => c.startsWith('e-'))).toHaveLength(2);
    expect(s.saloonDeck.slice(6, 12).filter((c) => c.startsWith('e-'))).toHaveLength(2);
    expect(s.box).toHaveLength(3);
    expect(s.players.map((p) => p.hand.length)).toEqual([5, 5]);
    expect(s.players.map((p) => p.hits.length)).toEqual([4, 4]);
    const [a, b] = s.opening.reveals.at(-1)!;
    expect(baseValue(a)).not.toBe(baseValue(b));
    expect((baseValue(a) as number) > (baseValue(b) as number) ? 0 : 1).toBe(s.opening.first);
    expect(s.active).toBe(s.opening.first);
    expect(pending(s)).toEqual([s.active]);
  });

  test('first player: ties reveal again, all revealed cards discarded, the higher card starts', () => {
    let found = false;
    for (let seed = 0; seed < 200 && !found; seed++) {
      const s = fresh(seed);
      if (s.opening.reveals.length < 2) continue;
      found = true;
      const [a0, b0] = s.opening.reveals[0]!;
      expect(baseValue(a0)).toBe(baseValue(b0));
      const n = s.opening.reveals.length;
      expect(s.players[0]?.discard).toEqual(s.opening.reveals.map((r) => r[0]));
      expect(s.players[1]?.discard).toEqual(s.opening.reveals.map((r) => r[1]));
      const [fa, fb] = s.opening.reveals[n - 1]!;
      const va = rattlesnake.view(s, null).opening.reveals[n - 1];
      expect(va).toEqual([fa, fb]);
    }
    expect(found).toBe(true);
  });

  test('wrong seat counts are refused', () => {
    expect(() => setup({ seats: 3, options: {} }, Rng.fromSeed(1))).toThrow();
    expect(rattlesnake.minSeats).toBe(2);
    expect(rattlesnake.maxSeats).toBe(2);
  });
});

/* ---------- turn, drawing, reshuffle ---------- */

describe('turns and drawing', () => {
  test('ending the turn passes the pistol; both players draw up to hand size', () => {
    const s = craft(
      { hand: ['p0-focus'], deck: ['p0-scout', 'p0-reload', 'p0-disarm', 'p0-distract', 'p0-switch-up'] },
      { hand: [], deck: ['p1-focus', 'p1-scout', 'p1-reload', 'p1-disarm', 'p1-distract', 'p1-switch-up'] },
    );
    const { state, events } = run(s, [[0, { type: 'endTurn' }]]);
    expect(state.active).toBe(1);
    expect(state.turn).toBe(2);
    expect(state.players[0]?.hand).toHaveLength(5);
    expect(state.players[1]?.hand).toEqual(['p1-focus', 'p1-scout', 'p1-reload', 'p1-disarm', 'p1-distract']);
    expect(eventsFor(events, 0).filter((e) => e.type === 'you_drew')).toEqual([
      { type: 'you_drew', seat: 0, cards: ['p0-scout', 'p0-reload', 'p0-disarm', 'p0-distract'] },
    ]);
    expect(eventsFor(events, 1).find((e) => e.type === 'drew' && e.seat === 0)).toEqual({ type: 'drew', seat: 0, count: 4 });
  });

  test('an empty deck is refilled by shuffling the discard pile', () => {
    const s = craft({ hand: [], deck: ['p0-focus'], discard: ['p0-scout', 'p0-reload', 'p0-disarm', 'p0-distract', 'p0-switch-up'] }, {}, { active: 1 });
    const { state, events } = run(s, [[1, { type: 'endTurn' }]]);
    expect(state.players[0]?.hand).toHaveLength(5);
    expect(state.players[0]?.hand[0]).toBe('p0-focus');
    expect(state.players[0]?.deck).toHaveLength(1);
    expect(state.players[0]?.discard).toEqual([]);
    expect(events).toContainEqual({ type: 'reshuffled', seat: 0, count: 5 });
  });

  test('with deck and discard both empty, drawing stops', () => {
    const s = craft({ hand: [], deck: ['p0-focus'] }, {}, { active: 1 });
    const { state } = run(s, [[1, { type: 'endTurn' }]]);
    expect(state.players[0]?.hand).toEqual(['p0-focus']);
  });
});

/* ---------- buying and events ---------- */

describe('buying', () => {
  const hand = ['p0-focus', 'p0-reload', 'hit-0-4', 'p0-disarm'];
  test('discard 2 cards (Hits allowed), take the card, refill the slot', () => {
    const s = craft({ hand, hits: hitIds(0).slice(0, 3) }, {});
    const { state, events } = run(s, [[0, { type: 'buy', cardId: 's-disarm-1', discard: ['hit-0-4', 'p0-reload'] }]]);
    expect(state.players[0]?.hand).toEqual(['p0-focus', 'p0-disarm', 's-disarm-1']);
    expect(state.players[0]?.discard).toEqual(['hit-0-4', 'p0-reload']);
    expect(state.saloon[2]).toBe('s-take-cover-1');
    expect(events).toContainEqual({ type: 'saloon_refilled', slot: 2, cardId: 's-take-cover-1', event: null });
    expect(state.bought).toBe(true);
    expect(errorOf(state, 0, { type: 'buy', cardId: 's-focus-1', discard: ['p0-focus', 'p0-disarm'] })).toBe('NOT_NOW');
  });

  test.each<[unknown, string]>([
    [{ type: 'buy', cardId: 's-disarm-1', discard: ['p0-focus'] }, 'CANNOT_AFFORD'],
    [{ type: 'buy', cardId: 's-disarm-1', discard: ['p0-focus', 'p1-focus'] }, 'ILLEGAL_CARD'],
    [{ type: 'buy', cardId: 's-disarm-1', discard: ['p0-focus', 'p0-focus'] }, 'ILLEGAL_CARD'],
    [{ type: 'buy', cardId: 's-take-cover-1', discard: ['p0-focus', 'p0-reload'] }, 'BAD_TARGET'],
    [{ type: 'buy', cardId: 'e-deadeye', discard: ['p0-focus', 'p0-reload'] }, 'BAD_TARGET'],
  ])('%j → %s', (intent, code) => {
    const s = craft({ hand, hits: hitIds(0).slice(0, 3) }, {}, { saloon: ['e-deadeye', 's-scout-1', 's-disarm-1', 's-distract-1', 's-double-tap-1'] });
    expect(errorOf(s, 0, intent)).toBe(code);
  });

  test('an empty saloon deck leaves the slot empty', () => {
    const s = craft({ hand }, {}, { saloonDeck: [] });
    const { state } = run(s, [[0, { type: 'buy', cardId: 's-focus-1', discard: ['p0-focus', 'p0-reload'] }]]);
    expect(state.saloon[0]).toBeNull();
  });

  test('Last Call: buying costs 1 card', () => {
    const s = craft({ hand }, {}, withEvents('last-call'));
    expect(errorOf(s, 0, { type: 'buy', cardId: 's-scout-1', discard: ['p0-focus', 'p0-reload'] })).toBe('CANNOT_AFFORD');
    const { state } = run(s, [[0, { type: 'buy', cardId: 's-scout-1', discard: ['p0-reload'] }]]);
    expect(state.players[0]?.hand).toContain('s-scout-1');
    expect(view(state, 0).buyCost).toBe(1);
  });

  test('Locked & Loaded enters: hand size 6 from the next draw, for both, and it cannot be bought', () => {
    const s = craft(
      { hand, deck: ['p0-scout', 'p0-switch-up', 'p0-take-cover', 'p0-quick-draw'] },
      { hand: [], deck: ['p1-focus', 'p1-scout', 'p1-reload', 'p1-disarm', 'p1-distract', 'p1-switch-up'] },
      { saloonDeck: ['e-locked-and-loaded'] },
    );
    const { state, events } = run(s, [
      [0, { type: 'buy', cardId: 's-focus-1', discard: ['p0-focus', 'p0-reload'] }],
      [0, { type: 'endTurn' }],
    ]);
    expect(events).toContainEqual({ type: 'saloon_refilled', slot: 0, cardId: 'e-locked-and-loaded', event: 'locked-and-loaded' });
    expect(state.saloon[0]).toBe('e-locked-and-loaded');
    expect(state.players[0]?.hand).toHaveLength(6);
    expect(state.players[1]?.hand).toHaveLength(6);
    expect(view(state, 1).events).toEqual(['locked-and-loaded']);
    expect(legalIntents(state, 1).some((i) => i.type === 'buy' && i.cardId === 'e-locked-and-loaded')).toBe(false);
  });

  test('Snakebite resolves once as it enters: each player with 2+ Hits in front takes 1', () => {
    const s = craft({ hand }, { hits: ['hit-1-1'] }, { saloonDeck: ['e-snakebite', 's-reload-1'] });
    const { state, events } = run(s, [[0, { type: 'buy', cardId: 's-focus-1', discard: ['p0-focus', 'p0-reload'] }]]);
    expect(state.players[0]?.hits).toHaveLength(3);
    expect(state.players[0]?.discard).toContain('hit-0-4');
    expect(state.players[1]?.hits).toEqual(['hit-1-1']);
    expect(events.filter((e) => e.type === 'hit_taken')).toEqual([{ type: 'hit_taken', seat: 0, cardId: 'hit-0-4', left: 3 }]);
    // later turns do not bite again
    const later = run(state, [
      [0, { type: 'endTurn' }],
      [1, { type: 'endTurn' }],
    ]).state;
    expect(later.players[0]?.hits).toHaveLength(3);
  });

  test('High Noon: a successful attack inflicts 2 Hits', () => {
    const { state } = toWindow(['p0-disarm'], ['p1-focus'], {}, {}, withEvents('high-noon'));
    const after = run(state, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(after.players[1]?.hits).toEqual(['hit-1-1', 'hit-1-2']);
    expect(after.lastShowdown?.hits).toBe(2);
  });

  test('Sandstorm and Deadeye change real reveals', () => {
    const sand = run(toWindow(['p0-switch-up', 'p0-disarm'], ['s-focus-1', 's-focus-2'], {}, {}, withEvents('sandstorm')).state, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(sand.lastShowdown?.attackerWon).toBe(true);
    const dead = run(toWindow(['p0-disarm'], ['p1-disarm'], {}, {}, withEvents('deadeye')).state, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(dead.lastShowdown?.attackerWon).toBe(true);
    const plain = run(toWindow(['p0-disarm'], ['p1-disarm']).state, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(plain.lastShowdown?.attackerWon).toBe(false);
  });
});

/* ---------- attacks ---------- */

describe('attacks', () => {
  test('commitments are secret until the reveal: the defender sees only the count', () => {
    const s = craft({ hand: ['p0-disarm', 'p0-double-tap', 'hit-0-4'] }, { hand: ['p1-focus'] });
    const { state, events } = run(s, [
      [0, { type: 'attack' }],
      [0, commit('p0-disarm', 'hit-0-4')],
    ]);
    const v1 = view(state, 1);
    expect(v1.players[0]?.committedCount).toBe(2);
    expect(JSON.stringify(v1)).not.toContain('p0-disarm');
    expect(JSON.stringify(eventsFor(events, 1))).not.toContain('p0-disarm');
    expect(view(state, 0).myCommit).toEqual(['p0-disarm', 'hit-0-4']);
    expect(pending(state)).toEqual([1]);
  });

  test('successful attack: 1 Hit from in front of the defender into their discard; played cards discarded', () => {
    const { state: w } = toWindow(['p0-disarm', 'p0-double-tap'], ['p1-focus', 'hit-1-4'], { hand: ['p0-scout'] }, { hits: hitIds(1).slice(0, 3) });
    expect(view(w, 1).players[0]?.revealed).toEqual([
      { id: 'p0-disarm', value: 5 },
      { id: 'p0-double-tap', value: 5 },
    ]);
    const { state, events } = run(w, [
      [0, PASS],
      [1, PASS],
    ]);
    expect(state.players[1]?.hits).toEqual(['hit-1-1', 'hit-1-2']);
    expect(state.players[1]?.discard).toEqual(['hit-1-3', 'p1-focus', 'hit-1-4']);
    expect(state.players[0]?.discard).toEqual(['p0-disarm', 'p0-double-tap']);
    expect(events).toContainEqual(expect.objectContaining({ type: 'attack_resolved', attackerWon: true, hits: 1 }));
    expect(state.step).toEqual({ kind: 'after', success: true });
    const back = run(state, [[0, PASS]]).state;
    expect(back.step).toEqual({ kind: 'main' });
    expect(errorOf(back, 0, { type: 'attack' })).toBe('NOT_NOW');
  });

  test('failed attack: no Hit; Double Tap is not offered afterwards', () => {
    const { state: w } = toWindow(['p0-focus'], ['p1-disarm'], { hand: ['p0-double-tap'] });
    const { state } = run(w, [
      [0, PASS],
      [1, PASS],
    ]);
    expect(state.players[1]?.hits).toHaveLength(4);
    expect(state.step).toEqual({ kind: 'after', success: false });
    expect(legalIntents(state, 0)).toEqual([PASS]);
  });

  test('the attacker must commit at least one card; the defender may commit none', () => {
    const s = run(craft({ hand: ['p0-focus'] }, { hand: ['p1-focus'] }), [[0, { type: 'attack' }]]).state;
    expect(errorOf(s, 0, commit())).toBe('ILLEGAL_CARD');
    expect(errorOf(s, 1, commit())).toBe('NOT_YOUR_TURN');
    const s2 = run(s, [
      [0, commit('p0-focus')],
      [1, commit()],
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(s2.lastShowdown?.attackerWon).toBe(true);
  });

  test('a one-card attack against no defence hits; two empties (Hits only) go to the defender', () => {
    const { state } = toWindow(['hit-0-4'], [], { hits: hitIds(0).slice(0, 3) });
    const done = run(state, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(done.lastShowdown?.attackerWon).toBe(false);
  });

  test('the window alternates from the attacker until both pass in a row', () => {
    const { state: w } = toWindow(['p0-disarm'], ['p1-focus'], { hand: ['p0-focus'] }, { hand: ['p1-distract'] });
    expect(pending(w)).toEqual([0]);
    let s = run(w, [[0, PASS]]).state;
    expect(pending(s)).toEqual([1]);
    s = run(s, [
      [1, use('p1-distract', { target: 'p0-disarm', delta: -1 })],
      [0, ALLOW],
    ]).state;
    expect(s.step).toEqual({ kind: 'window', turn: 0, passes: 0 });
    s = run(s, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(s.lastShowdown?.attackerWon).toBe(true); // 4 beats 1
  });

  test('one attack per turn; Quick Draw after an attack: draw 1 and attack again', () => {
    const { state: w } = toWindow(['p0-disarm'], [], { hand: ['p0-quick-draw'], deck: ['p0-focus'] });
    let s = run(w, [
      [0, PASS],
      [1, PASS],
    ]).state;
    s = run(s, [
      [0, use('p0-quick-draw', { mode: 'again' })],
      [1, ALLOW],
    ]).state;
    expect(s.step).toEqual({ kind: 'main' });
    expect(s.players[0]?.hand).toEqual(['p0-focus']);
    expect(s.attacksLeft).toBe(1);
    expect(s.graveyard).toEqual(['p0-quick-draw']);
    s = run(s, [
      [0, { type: 'attack' }],
      [0, commit('p0-focus')],
      [1, commit()],
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(s.players[1]?.hits).toHaveLength(2);
  });

  test('Double Tap to zero Hits ends the game at once', () => {
    const { state: w } = toWindow(['p0-disarm'], [], { hand: ['p0-double-tap', 's-double-tap-1'] }, { hits: ['hit-1-1', 'hit-1-2', 'hit-1-3'] });
    let s = run(w, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(s.players[1]?.hits).toHaveLength(2);
    s = run(s, [
      [0, use('p0-double-tap')],
      [1, ALLOW],
    ]).state;
    expect(s.players[1]?.hits).toHaveLength(1);
    expect(s.step.kind).toBe('after');
    const end = run(s, [
      [0, use('s-double-tap-1')],
      [1, ALLOW],
    ]);
    expect(end.state.step).toEqual({ kind: 'over' });
    expect(outcome(end.state)).toEqual({ winners: [0], scores: [4, 0] });
    expect(end.events).toContainEqual({ type: 'game_won', seat: 0 });
    expect(pending(end.state)).toEqual([]);
    expect(errorOf(end.state, 0, PASS)).toBe('GAME_OVER');
  });
});

describe('Double Tap and stalemates', () => {
  test("Double Tap's extra Hit goes into the defender's deck (\"ao seu monte\"), shuffled in; the attack's own Hit into the discard pile", () => {
    const { state: w } = toWindow(['p0-disarm'], [], { hand: ['p0-double-tap'] }, { deck: ['p1-focus', 'p1-scout', 'p1-reload'] });
    let s = run(w, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(s.players[1]?.discard).toEqual(['hit-1-4']);
    const r = run(s, [
      [0, use('p0-double-tap')],
      [1, ALLOW],
    ]);
    s = r.state;
    expect(s.players[1]?.hits).toEqual(['hit-1-1', 'hit-1-2']);
    expect(s.players[1]?.discard).toEqual(['hit-1-4']);
    expect([...s.players[1]!.deck].sort()).toEqual(['hit-1-3', 'p1-focus', 'p1-reload', 'p1-scout']);
    expect(r.events).toContainEqual({ type: 'hit_taken', seat: 1, cardId: 'hit-1-3', left: 2, into: 'deck' });
    expect(view(s, 0).players[1]?.deckCount).toBe(4);
  });

  test(`every game ends: after ${STALEMATE_TURNS} turns in a row without a Hit, the player starting the next turn takes one`, () => {
    let s = fresh(3);
    const stalemates: Seat[] = [];
    let turns = 0;
    while (s.step.kind !== 'over' && turns < 1000) {
      const r = run(s, [[s.active, { type: 'endTurn' }]]);
      for (const e of r.events) if (e.type === 'stalemate') stalemates.push(e.seat as Seat);
      s = r.state;
      turns++;
    }
    // Two players who never attack: 4 + 3 Hits, one every STALEMATE_TURNS turns, taken in turn by each side.
    expect(s.step).toEqual({ kind: 'over' });
    expect(turns).toBe(7 * STALEMATE_TURNS);
    expect(stalemates).toEqual([1, 0, 1, 0, 1, 0, 1].map((k) => (fresh(3).active + k) % 2));
    expect(s.winner).toBe(stalemates[0] === 0 ? 1 : 0);
  });

  test('the count of turns without a Hit is public and starts again at any Hit', () => {
    let s = fresh(3);
    for (let i = 0; i < STALEMATE_TURNS - 1; i++) s = run(s, [[s.active, { type: 'endTurn' }]]).state;
    expect(view(s, null).quiet).toBe(STALEMATE_TURNS - 1);
    const a = s.active;
    const hit = craft({ hand: ['p0-disarm'] }, {}, { quiet: STALEMATE_TURNS - 1 });
    const after = run(hit, [
      [0, { type: 'attack' }],
      [0, commit('p0-disarm')],
      [1, commit()],
      [0, PASS],
      [1, PASS],
      [0, PASS],
      [0, { type: 'endTurn' }],
    ]);
    expect(after.state.quiet).toBe(1);
    expect(after.events.some((e) => e.type === 'stalemate')).toBe(false);
    const quiet = run(s, [[a, { type: 'endTurn' }]]);
    expect(quiet.events).toContainEqual({ type: 'stalemate', seat: other(a), turns: STALEMATE_TURNS });
    expect(quiet.state.players[other(a)]?.hits).toHaveLength(3);
    expect(quiet.state.quiet).toBe(0);
  });
});

/* ---------- abilities ---------- */

describe('abilities', () => {
  test('Reload: discard your hand, draw 3', () => {
    const s = craft({ hand: ['p0-reload', 'p0-focus', 'hit-0-4'], deck: ['p0-scout', 'p0-disarm', 'p0-distract', 'p0-switch-up'] }, {});
    const { state } = run(s, [
      [0, use('p0-reload')],
      [1, ALLOW],
    ]);
    expect(state.players[0]?.hand).toEqual(['p0-scout', 'p0-disarm', 'p0-distract']);
    expect(state.players[0]?.discard).toEqual(['p0-focus', 'hit-0-4']);
    expect(state.graveyard).toEqual(['p0-reload']);
  });

  test('Scout: draw 2, put 1 back on top (a private choice)', () => {
    const s = craft({ hand: ['p0-scout'], deck: ['p0-focus', 'p0-disarm', 'p0-distract'] }, {});
    let r = run(s, [
      [0, use('p0-scout')],
      [1, ALLOW],
    ]);
    expect(pending(r.state)).toEqual([0]);
    expect(legalIntents(r.state, 0)).toEqual([
      { type: 'putBack', cardId: 'p0-focus' },
      { type: 'putBack', cardId: 'p0-disarm' },
    ]);
    expect(view(r.state, 1).scout).toEqual({ seat: 0, drawn: [] });
    r = run(r.state, [[0, { type: 'putBack', cardId: 'p0-focus' }]]);
    expect(r.state.players[0]?.hand).toEqual(['p0-disarm']);
    expect(r.state.players[0]?.deck).toEqual(['p0-focus', 'p0-distract']);
    expect(JSON.stringify(eventsFor(r.events, 1))).not.toContain('p0-focus');
  });

  test('Switch Up: swap for a graveyard card, or draw 2', () => {
    const s = craft({ hand: ['p0-switch-up'], deck: ['p0-focus', 'p0-disarm'] }, {}, { graveyard: ['p1-double-tap'] });
    const swap = run(s, [
      [0, use('p0-switch-up', { mode: 'swap', take: 'p1-double-tap' })],
      [1, ALLOW],
    ]).state;
    expect(swap.players[0]?.hand).toEqual(['p1-double-tap']);
    expect(swap.graveyard).toEqual(['p0-switch-up']);
    const drew = run(s, [
      [0, use('p0-switch-up', { mode: 'draw' })],
      [1, ALLOW],
    ]).state;
    expect(drew.players[0]?.hand).toEqual(['p0-focus', 'p0-disarm']);
    expect(errorOf(s, 0, use('p0-switch-up', { mode: 'swap', take: 'p0-focus' }))).toBe('BAD_TARGET');
  });

  test('Quick Draw outside an attack: discard your hand, draw 6', () => {
    const s = craft(
      { hand: ['p0-quick-draw', 'hit-0-4'], deck: ['p0-focus', 'p0-disarm', 'p0-distract', 'p0-scout', 'p0-reload', 'p0-switch-up', 'p0-double-tap'] },
      {},
    );
    const { state } = run(s, [
      [0, use('p0-quick-draw', { mode: 'refill' })],
      [1, ALLOW],
    ]);
    expect(state.players[0]?.hand).toHaveLength(6);
    expect(state.players[0]?.discard).toEqual(['hit-0-4']);
    expect(errorOf(s, 0, use('p0-quick-draw', { mode: 'again' }))).toBe('BAD_TARGET');
  });

  test('Focus: set one of your revealed cards to any value', () => {
    const { state: w } = toWindow(['p0-reload'], ['p1-scout'], { hand: ['p0-focus'] });
    expect(errorOf(w, 0, use('p0-focus', { target: 'p1-scout', value: 1 }))).toBe('BAD_TARGET');
    expect(errorOf(w, 0, use('p0-focus', { target: 'p0-reload', value: 6 }))).toBe('BAD_TARGET');
    const s = run(w, [
      [0, use('p0-focus', { target: 'p0-reload', value: 5 })],
      [1, ALLOW],
      [1, PASS],
      [0, PASS],
    ]).state;
    expect(s.lastShowdown?.attackerWon).toBe(true);
  });

  test('Distract: ±1 to any revealed card, values stay within 1–5', () => {
    const { state: w } = toWindow(['p0-disarm'], ['p1-focus'], { hand: ['p0-distract'] });
    expect(errorOf(w, 0, use('p0-distract', { target: 'p0-disarm', delta: 1 }))).toBe('BAD_TARGET');
    expect(errorOf(w, 0, use('p0-distract', { target: 'p1-focus', delta: -1 }))).toBe('BAD_TARGET');
    const s = run(w, [
      [0, use('p0-distract', { target: 'p1-focus', delta: 1 })],
      [1, ALLOW],
    ]).state;
    expect(view(s, 0).players[1]?.revealed).toEqual([{ id: 'p1-focus', value: 2 }]);
  });

  test('Disarm: a random card of the opponent’s revealed cards is discarded', () => {
    const { state: w } = toWindow(['p0-focus'], ['p1-disarm', 'p1-double-tap'], { hand: ['p0-disarm'] });
    const { state, events } = run(w, [
      [0, use('p0-disarm')],
      [1, ALLOW],
    ]);
    const lost = events.find((e) => e.type === 'disarmed') as GameEvent;
    expect(['p1-disarm', 'p1-double-tap']).toContain(lost.cardId);
    expect(state.players[1]?.committed).toHaveLength(1);
    expect(state.players[1]?.discard).toEqual([lost.cardId]);
  });

  test('Disarm needs a revealed opponent card', () => {
    const { state: w } = toWindow(['p0-focus'], [], { hand: ['p0-disarm'] });
    expect(errorOf(w, 0, use('p0-disarm'))).toBe('NOT_NOW');
  });

  test('abilities outside their window are refused', () => {
    const s = craft({ hand: ['p0-focus', 'p0-double-tap', 'p0-take-cover', 'p0-scout'] }, { hand: ['p1-scout'] });
    expect(errorOf(s, 0, use('p0-focus', { target: 'p0-focus', value: 2 }))).toBe('NOT_NOW');
    expect(errorOf(s, 0, use('p0-double-tap'))).toBe('NOT_NOW');
    expect(errorOf(s, 0, use('p0-take-cover'))).toBe('NOT_NOW');
    expect(errorOf(s, 1, use('p1-scout'))).toBe('NOT_YOUR_TURN');
    const atk = run(s, [[0, { type: 'attack' }]]).state;
    expect(errorOf(atk, 0, use('p0-scout'))).toBe('NOT_NOW');
  });

  test('the defender may Scout before committing', () => {
    const s = run(craft({ hand: ['p0-focus'] }, { hand: ['p1-scout'], deck: ['p1-disarm', 'p1-double-tap'] }), [
      [0, { type: 'attack' }],
      [0, commit('p0-focus')],
    ]).state;
    const r = run(s, [
      [1, use('p1-scout')],
      [0, ALLOW],
      [1, { type: 'putBack', cardId: 'p1-disarm' }],
    ]).state;
    expect(pending(r)).toEqual([1]);
    expect(r.step.kind).toBe('defenderCommit');
    expect(r.players[1]?.hand).toEqual(['p1-double-tap']);
  });

  test("the card put back with Scout stays in its owner's view (after a reconnect too), and nobody else's, until it leaves the top", () => {
    const s = craft(
      { hand: ['p0-scout'], deck: ['p0-disarm', 'p0-focus', 'p0-reload'] },
      { deck: ['p1-focus', 'p1-reload', 'p1-scout', 'p1-disarm', 'p1-distract'] },
    );
    const put = run(s, [
      [0, use('p0-scout')],
      [1, ALLOW],
      [0, { type: 'putBack', cardId: 'p0-disarm' }],
    ]).state;
    // A reconnecting client gets only the view: it must say what it put back.
    expect(view(put, 0).myDeckTop).toBe('p0-disarm');
    expect(view(put, 1).myDeckTop).toBeNull();
    expect(view(put, null).myDeckTop).toBeNull();
    expect(JSON.stringify(view(put, 1))).not.toContain('p0-disarm');
    // Drawn at the next turn's refill: no longer on top.
    const next = run(put, [[0, { type: 'endTurn' }]]).state;
    expect(next.players[0]?.hand).toContain('p0-disarm');
    expect(view(next, 0).myDeckTop).toBeNull();
  });

  test("the defender's hand abilities before committing are the same as the active player's between attacks: Quick Draw's \"draw 6\" too", () => {
    const deck = ['p1-disarm', 'p1-double-tap', 'p1-focus', 'p1-reload', 'p1-distract', 'p1-switch-up'];
    const s = run(craft({ hand: ['p0-focus'] }, { hand: ['p1-quick-draw', 'hit-1-4'], deck }), [
      [0, { type: 'attack' }],
      [0, commit('p0-focus')],
    ]).state;
    const abilities = (seat: Seat, st: RattlesnakeState) => legalIntents(st, seat).filter((i) => i.type === 'ability');
    expect(abilities(1, s)).toEqual([{ type: 'ability', cardId: 'p1-quick-draw', mode: 'refill' }]);
    const main = craft({ hand: ['p0-quick-draw', 'hit-0-4'] }, {});
    expect(abilities(0, main)).toEqual([{ type: 'ability', cardId: 'p0-quick-draw', mode: 'refill' }]);
    const r = run(s, [
      [1, use('p1-quick-draw', { mode: 'refill' })],
      [0, ALLOW],
    ]).state;
    expect(r.step.kind).toBe('defenderCommit');
    expect(r.players[1]?.hand).toEqual(deck);
  });
});

describe('Take Cover', () => {
  test('cancels an ability as it is used; both cards go to the graveyard', () => {
    const s = craft({ hand: ['p0-reload', 'p0-focus'], deck: ['p0-disarm'] }, { hand: ['p1-take-cover'] });
    const { state, events } = run(s, [
      [0, use('p0-reload')],
      [1, { type: 'cover', cardId: 'p1-take-cover' }],
    ]);
    expect(state.players[0]?.hand).toEqual(['p0-focus']);
    expect(state.graveyard).toEqual(['p0-reload', 'p1-take-cover']);
    expect(events).toContainEqual({ type: 'covered', seat: 1, cardId: 'p1-take-cover', cancelled: 'p0-reload' });
  });

  test('every ability opens a response window, even without a Take Cover in hand (no leak)', () => {
    const s = craft({ hand: ['p0-reload'] }, { hand: [] });
    const r = run(s, [[0, use('p0-reload')]]).state;
    expect(pending(r)).toEqual([1]);
    expect(legalIntents(r, 1)).toEqual([ALLOW]);
    expect(errorOf(r, 0, { type: 'endTurn' })).toBe('NOT_YOUR_TURN');
  });

  test('Take Cover chain in the window: each side cancels the other once, then a Distract goes through', () => {
    const { state: w } = toWindow(['p0-scout'], ['p1-scout'], { hand: ['p0-focus', 'p0-take-cover', 'p0-distract'] }, { hand: ['p1-take-cover', 'p1-focus'] });
    const s = run(w, [
      [0, use('p0-focus', { target: 'p0-scout', value: 5 })],
      [1, { type: 'cover', cardId: 'p1-take-cover' }],
      [1, use('p1-focus', { target: 'p1-scout', value: 5 })],
      [0, { type: 'cover', cardId: 'p0-take-cover' }],
      [0, use('p0-distract', { target: 'p0-scout', delta: 1 })],
      [1, ALLOW],
      [1, PASS],
      [0, PASS],
    ]).state;
    expect(s.graveyard).toEqual(['p0-focus', 'p1-take-cover', 'p1-focus', 'p0-take-cover', 'p0-distract']);
    expect(s.lastShowdown?.attackerWon).toBe(true); // 3 vs 2
  });

  test('Take Cover cannot be used as an ability, and cancelling a Double Tap saves the Hit', () => {
    const { state: w } = toWindow(['p0-disarm'], [], { hand: ['p0-double-tap'] }, { hand: ['p1-take-cover'] });
    let s = run(w, [
      [0, PASS],
      [1, PASS],
    ]).state;
    expect(errorOf(s, 1, use('p1-take-cover'))).toBe('NOT_YOUR_TURN');
    s = run(s, [
      [0, use('p0-double-tap')],
      [1, { type: 'cover', cardId: 'p1-take-cover' }],
    ]).state;
    expect(s.players[1]?.hits).toHaveLength(3);
  });
});

describe("Dodge 'n' Shoot", () => {
  function dodge(p0deck: string[], p1deck: string[], p0discard: string[] = [], p1discard: string[] = []) {
    const { state: w } = toWindow(
      ['p0-disarm'],
      ['p1-disarm'],
      { hand: ['p0-dodge-n-shoot'], deck: p0deck, discard: p0discard },
      { deck: p1deck, discard: p1discard },
    );
    return run(w, [
      [0, use('p0-dodge-n-shoot')],
      [1, ALLOW],
    ]);
  }

  test('higher top card wins; revealed cards are discarded; attacker still needs to win', () => {
    const { state, events } = dodge(['p0-distract'], ['p1-scout']);
    expect(state.lastShowdown).toMatchObject({ dodge: true, attackerWon: true, hits: 1 });
    expect(events.filter((e) => e.type === 'dodge_flip')).toEqual([{ type: 'dodge_flip', attacker: 'p0-distract', defender: 'p1-scout' }]);
    expect(state.players[0]?.discard).toEqual(['p0-disarm', 'p0-distract']);
    expect(state.step).toEqual({ kind: 'after', success: true });
    expect(dodge(['p0-scout'], ['p1-distract']).state.lastShowdown?.attackerWon).toBe(false);
  });

  test('ties turn again', () => {
    const { state, events } = dodge(['p0-scout', 'p0-focus'], ['s-scout-1', 'p1-disarm']);
    expect(events.filter((e) => e.type === 'dodge_flip')).toHaveLength(2);
    expect(state.lastShowdown?.attackerWon).toBe(false);
  });

  test('a Hit cannot win: Hit vs any card loses, Hit vs Hit turns again', () => {
    expect(dodge(['hit-0-4'], ['p1-focus'], [], []).state.lastShowdown?.attackerWon).toBe(false);
    const r = dodge(['hit-0-4', 'p0-focus'], ['hit-1-4', 'hit-1-3']);
    expect(r.events.filter((e) => e.type === 'dodge_flip')).toHaveLength(2);
    expect(r.state.lastShowdown?.attackerWon).toBe(true);
  });

  test('a player out of cards cannot win; the discard pile is reshuffled first', () => {
    const r = dodge([], [], ['p0-focus'], []);
    expect(r.events).toContainEqual({ type: 'reshuffled', seat: 0, count: 2 }); // the discarded Disarm and the Focus
    expect(r.state.lastShowdown?.attackerWon).toBe(true);
  });

  test('when neither side has a card left to turn, the defender wins', () => {
    const s = craft({ hand: ['p0-dodge-n-shoot', 'hit-0-4'], hits: hitIds(0).slice(0, 3) }, {});
    const r = run(s, [
      [0, { type: 'attack' }],
      [0, commit('hit-0-4')],
      [1, commit()],
      [0, use('p0-dodge-n-shoot')],
      [1, ALLOW],
    ]);
    // the only card is the attacker's Hit, reshuffled and turned: a Hit cannot win, then nothing is left.
    expect(r.state.lastShowdown).toMatchObject({ dodge: true, attackerWon: false });
    expect(r.state.players[0]?.discard).toEqual(['hit-0-4']);
  });
});

/* ---------- errors and timeouts ---------- */

describe('errors', () => {
  const s = craft({ hand: ['p0-focus'] }, { hand: ['p1-focus'] });
  test.each<[Seat, unknown, string]>([
    [1, { type: 'endTurn' }, 'NOT_YOUR_TURN'],
    [0, { type: 'dance' }, 'UNKNOWN_INTENT'],
    [0, null, 'UNKNOWN_INTENT'],
    [5, { type: 'endTurn' }, 'NOT_SEATED'],
    [0, PASS, 'NOT_NOW'],
    [0, { type: 'commit', cards: ['p0-focus'] }, 'NOT_NOW'],
    [0, { type: 'cover', cardId: 'p0-focus' }, 'NOT_NOW'],
    [0, use('p1-focus'), 'NOT_NOW'],
  ])('seat %i %j → %s', (seat, intent, code) => {
    expect(errorOf(s, seat, intent)).toBe(code);
  });

  test('an ability card not in hand', () => {
    const t = craft({ hand: ['p0-reload'] }, {});
    expect(errorOf(t, 0, use('s-reload-1'))).toBe('ILLEGAL_CARD');
  });

  test('a legal intent is recognised whatever the order of its cards and with absent fields sent as undefined; an extra field or a value of another type is not it', () => {
    const hand = ['p0-focus', 'p0-reload', 'hit-0-4', 'p0-disarm'];
    const s = craft({ hand, hits: hitIds(0).slice(0, 3) }, {});
    const buy = { type: 'buy', cardId: 's-disarm-1', discard: ['p0-reload', 'hit-0-4'] };
    expect(errorOf(s, 0, buy)).toBeNull();
    expect(errorOf(s, 0, { ...buy, discard: ['hit-0-4', 'p0-reload'], target: undefined })).toBeNull();
    expect(errorOf(s, 0, { ...buy, extra: 1 })).toBe('BAD_TARGET');
    expect(errorOf(s, 0, { type: 'endTurn', mode: undefined })).toBeNull();
    expect(errorOf(s, 0, { type: 'endTurn', mode: 'draw' })).toBe('ILLEGAL_CARD');
    const focus = craft(
      { hand: ['p0-focus'] },
      { hand: ['p1-disarm'] },
      {
        step: { kind: 'window', turn: 0, passes: 0 },
        attack: { attacker: 0, defender: 1, revealed: true, values: {} },
      },
    );
    focus.players[0]!.committed = ['p0-reload'];
    focus.players[1]!.committed = [];
    const target = { type: 'ability', cardId: 'p0-focus', target: 'p0-reload', value: 5 };
    expect(legalIntents(focus, 0)).toContainEqual(target);
    expect(errorOf(focus, 0, target)).toBeNull();
    expect(errorOf(focus, 0, { ...target, value: '5' })).toBe('BAD_TARGET');
  });
});

describe('timeouts', () => {
  test.each<[string, (s: RattlesnakeState) => RattlesnakeState, (s: RattlesnakeState) => void]>([
    ['main → end the turn', (s) => s, (t) => expect(t.active).toBe(1)],
    [
      'attacker not committed → attack ends',
      (s) => run(s, [[0, { type: 'attack' }]]).state,
      (t) => expect([t.step, t.attacksLeft, t.players[0]!.hand]).toEqual([{ kind: 'main' }, 0, ['p0-disarm', 'p0-scout']]),
    ],
    [
      'defender → commits nothing',
      (s) =>
        run(s, [
          [0, { type: 'attack' }],
          [0, commit('p0-disarm')],
        ]).state,
      (t) => expect(t.step).toEqual({ kind: 'window', turn: 0, passes: 0 }),
    ],
    [
      'window → pass',
      (s) =>
        run(s, [
          [0, { type: 'attack' }],
          [0, commit('p0-disarm')],
          [1, commit()],
        ]).state,
      (t) => expect(t.step).toEqual({ kind: 'window', turn: 1, passes: 1 }),
    ],
    ['response → allow', (s) => run(s, [[0, use('p0-scout')]]).state, (t) => expect(t.scout?.seat).toBe(0)],
    [
      'scout → put back the last drawn',
      (s) =>
        run(s, [
          [0, use('p0-scout')],
          [1, ALLOW],
        ]).state,
      (t) => expect(t.players[0]?.deck[0]).toBe('p0-reload'),
    ],
  ])('%s', (_name, prepare, expectation) => {
    const s = prepare(craft({ hand: ['p0-disarm', 'p0-scout'], deck: ['p0-focus', 'p0-reload'] }, { hand: ['p1-take-cover'] }));
    const r = timeout(s);
    if (isError(r)) throw new Error(r.error.code);
    expect(r.events[0]).toEqual({ type: 'timed_out', seat: pending(s)[0] });
    expectation(r.state);
  });

  test('nothing pending after the game ends', () => {
    const r = timeout(craft({}, {}, { step: { kind: 'over' }, winner: 0 }));
    expect(isError(r) && r.error.code).toBe('NOTHING_PENDING');
  });
});
