import { applyFlat, flatEntries, flatten, GONE, hasFlat, unflatten } from './flat';

const roundTrips: [string, unknown][] = [
  ['null', null],
  ['a number', 42],
  ['a string with slashes', 'a/b~c'],
  ['an empty object', {}],
  ['an empty array', []],
  ['a hand of card codes', { hand: ['r3', 'b5'] }],
  ['null members', { winner: null, saloon: ['r1', null, 'b2'], attack: null }],
  ['empty members', { hand: [], pending: [], scout: {}, nested: { deeper: [] } }],
  [
    'nested arrays of objects',
    {
      players: [
        {
          hits: ['h1'],
          revealed: [
            { id: 'r3', value: 4 },
            { id: 'x', value: null },
          ],
        },
        { hits: [], revealed: null },
      ],
    },
  ],
  [
    'arrays of arrays',
    {
      opening: {
        reveals: [
          ['r1', 'b2'],
          ['r3', 'b4'],
        ],
        first: 1,
      },
    },
  ],
  ['mixed arrays', [1, { a: [2, 3] }, [], 'x', null]],
  ["keys with '/' and '~'", { 'a/b': 1, '~c': { 'd~1/e': [{ '/': true }] }, '': 'empty key', '~0': 'not an escape' }],
  ['booleans and negative numbers', { bought: false, revealed: true, delta: -1, until: 1733100000123.5 }],
];

describe('flatten / unflatten', () => {
  test.each(roundTrips)('%s comes back exactly', (_name, value) => {
    const flat = flatten(value);
    expect(unflatten(flat)).toEqual(value);
    // As colyseus.js gives it (Map-like) and as a replay gives it (a plain object), in any order.
    expect(unflatten(new Map([...flat].reverse()))).toEqual(value);
    expect(unflatten(Object.fromEntries([...flat].reverse()))).toEqual(value);
    expect(JSON.stringify(unflatten(flat))).toBe(JSON.stringify(value));
  });

  test('every container has its own entry, down to primitives', () => {
    expect(Object.fromEntries(flatten({ hand: ['r3', 'b5'], players: [{ hits: [] }], scout: null, e: {} }))).toEqual({
      '': '{}',
      '/hand': '[]',
      '/hand/0': '"r3"',
      '/hand/1': '"b5"',
      '/players': '[]',
      '/players/0': '{}',
      '/players/0/hits': '[]',
      '/scout': 'null',
      '/e': '{}',
    });
  });

  test('a container named by `whole` is one leaf, and comes back the same', () => {
    const value = { players: [{ revealed: [{ id: 'r3', value: 4 }], hits: ['h1'] }], hand: ['r3'] };
    const whole = (path: string) => /^\/players\/\d+\/revealed$/.test(path);
    const flat = flatten(value, whole);
    expect(flat.get('/players/0/revealed')).toBe('[{"id":"r3","value":4}]');
    expect([...flat.keys()].filter((k) => k.startsWith('/players/0/revealed/'))).toEqual([]);
    expect(flat.get('/players/0/hits/0')).toBe('"h1"');
    expect(unflatten(flat)).toEqual(value);
    expect(unflatten(flatten({ a: { b: 1 } }, (p) => p === ''))).toEqual({ a: { b: 1 } });
  });

  test("'/' and '~' in keys are escaped as in a JSON pointer", () => {
    expect([...flatten({ 'a/b': 1, '~': 2 }).keys()]).toEqual(['', '/a~1b', '/~0']);
  });

  test('undefined fields are left out, as JSON does', () => {
    const value = { a: undefined, b: [undefined, { c: 1 }], d: 1 };
    expect(unflatten(flatten(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(flatten(value).has('/a')).toBe(false);
  });

  test('no entries: no value; a member without its container is refused', () => {
    expect(unflatten(new Map())).toBeUndefined();
    expect(unflatten({})).toBeUndefined();
    expect(unflatten(null)).toBeUndefined();
    expect(() => unflatten({ '': '{}', '/a/b': '1' })).toThrow(/no container/);
    expect(() => unflatten({ '/a': '1' })).toThrow();
    expect(() => unflatten({ x: '1' })).toThrow(/bad path/);
  });

  test('hasFlat: a synced value, whichever way it arrived', () => {
    expect(hasFlat(flatten({ a: 1 }))).toBe(true);
    expect(hasFlat(Object.fromEntries(flatten([])))).toBe(true);
    expect(hasFlat(new Map())).toBe(false);
    expect(hasFlat({})).toBe(false);
    expect(hasFlat(undefined)).toBe(false);
    expect(flatEntries({ forEach: (cb: (v: string, k: string) => void) => cb('1', '') })).toEqual([['', '1']]);
  });
});

describe('applyFlat: a diff applied to the old map gives exactly the new value', () => {
  const steps: [string, unknown, unknown][] = [
    ['a card drawn', { hand: ['r3'], deckCount: 10 }, { hand: ['r3', 'b5'], deckCount: 9 }],
    ['an attack starts', { attack: null, turn: 3 }, { attack: { attacker: 0, defender: 1, revealed: false }, turn: 3 }],
    ['an attack ends', { attack: { attacker: 0, defender: 1, revealed: [{ id: 'a', value: 1 }] }, turn: 3 }, { attack: null, turn: 4 }],
    ['an array of objects shrinks', { rows: [{ a: 1 }, { a: 2 }, { a: 3 }] }, { rows: [{ a: 1 }] }],
    ['an array of objects becomes primitives', { rows: [{ a: 1 }] }, { rows: [1, 2] }],
    ['the root changes kind', { a: 1 }, [1, { b: 2 }]],
    ['nothing changes', { a: [1], b: { c: null } }, { a: [1], b: { c: null } }],
  ];

  test.each(steps)('%s', (_name, before, after) => {
    const target = new Map(flatten(before));
    const sets: string[] = [];
    const spy = { get: (k: string) => target.get(k), set: (k: string, v: string) => (sets.push(k), target.set(k, v)), keys: () => target.keys() };
    const changed = applyFlat(spy, flatten(after));
    expect(unflatten(target)).toEqual(after);
    expect(new Map(flatEntries(target))).toEqual(flatten(after));
    expect(changed).toBe(JSON.stringify(before) !== JSON.stringify(after));
    // Only what changed is written: an unchanged entry is never set again.
    const old = flatten(before);
    for (const k of sets) expect(old.get(k)).not.toBe(flatten(after).get(k));
  });

  test('a path that vanishes is set to GONE, never deleted, and comes back as a plain set', () => {
    const target = new Map<string, string>();
    const seen = new Set<string>();
    const states = [{ attack: null }, { attack: { attacker: 0, hits: ['a'] } }, { attack: null }, { attack: { attacker: 1, hits: [] } }, {}];
    for (const value of states) {
      applyFlat(target, flatten(value));
      expect(unflatten(target)).toEqual(value);
      for (const k of seen) expect(target.has(k)).toBe(true);
      for (const k of target.keys()) seen.add(k);
    }
    expect(target.get('/attack/hits/0')).toBe(GONE);
    expect(target.get('/attack')).toBe(GONE);
    expect(hasFlat(new Map([['', GONE]]))).toBe(false);
    expect(hasFlat({ '': GONE })).toBe(false);
  });

  test('a card put on a pile writes one entry, not the pile', () => {
    const target = new Map(flatten({ discard: ['a', 'b', 'c'] }));
    const sets: string[] = [];
    applyFlat(
      { get: (k) => target.get(k), set: (k, v) => (sets.push(k), target.set(k, v)), keys: () => target.keys() },
      flatten({ discard: ['a', 'b', 'c', 'd'] }),
    );
    expect(sets).toEqual(['/discard/3']);
  });

  test('a move touching one field writes one entry', () => {
    const before = {
      players: [
        { hits: ['h1'], deckCount: 12 },
        { hits: [], deckCount: 12 },
      ],
      turn: 5,
    };
    const after = {
      players: [
        { hits: ['h1'], deckCount: 11 },
        { hits: [], deckCount: 12 },
      ],
      turn: 5,
    };
    const target = new Map(flatten(before));
    const sets: string[] = [];
    applyFlat({ get: (k) => target.get(k), set: (k, v) => (sets.push(k), target.set(k, v)), keys: () => target.keys() }, flatten(after));
    expect(sets).toEqual(['/players/0/deckCount']);
  });
});
