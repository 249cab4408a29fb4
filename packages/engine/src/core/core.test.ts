import fc from 'fast-check';
import { CODE_ALPHABET, CODE_LENGTH, makeCode, normalizeCode } from './code';
import { eventsFor, fail, isError, type GameEvent } from './game';
import { Rng } from './rng';

const draw = (rng: Rng, n: number, bound = 1000) => Array.from({ length: n }, () => rng.int(bound));

describe('Rng', () => {
  test('the same seed gives the same sequence', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(draw(Rng.fromSeed(seed), 50)).toEqual(draw(Rng.fromSeed(seed), 50));
      }),
      { numRuns: 200 },
    );
  });

  test('different seeds give different sequences', () => {
    const seqs = new Set(Array.from({ length: 100 }, (_, seed) => draw(Rng.fromSeed(seed), 20).join(',')));
    expect(seqs.size).toBe(100);
  });

  test('fromState continues exactly where the generator was, also after a JSON round trip', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(100), (seed, skip) => {
        const rng = Rng.fromSeed(seed);
        draw(rng, skip);
        const saved = JSON.parse(JSON.stringify(rng.state()));
        const expected = draw(rng, 30);
        expect(draw(Rng.fromState(saved), 30)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  test('state() is a snapshot: drawing afterwards does not change it', () => {
    const rng = Rng.fromSeed(5);
    const s = rng.state();
    const copy = [...s];
    draw(rng, 10);
    expect(s).toEqual(copy);
  });

  test('int(n) stays in [0, n) and reaches every value', () => {
    const rng = Rng.fromSeed(9);
    for (const n of [1, 2, 6, 32]) {
      const seen = new Set(draw(rng, 50 * n, n));
      expect([...seen].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
    }
  });

  test.each([0, -1, 1.5, NaN])('int(%p) throws a RangeError', (n) => {
    expect(() => Rng.fromSeed(1).int(n)).toThrow(RangeError);
  });

  test('pick returns an element; on an empty list it throws', () => {
    const rng = Rng.fromSeed(2);
    for (let i = 0; i < 100; i++) expect(['a', 'b', 'c']).toContain(rng.pick(['a', 'b', 'c']));
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  test('shuffle is a permutation and leaves its input alone', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 }), (seed, items) => {
        const before = [...items];
        const out = Rng.fromSeed(seed).shuffle(items);
        expect(items).toEqual(before);
        expect([...out].sort()).toEqual([...items].sort());
      }),
      { numRuns: 300 },
    );
  });

  test('shuffle is uniform: each of the 6 orders of 3 items comes up about equally', () => {
    const rng = Rng.fromSeed(12345);
    const counts = new Map<string, number>();
    const N = 6000;
    for (let i = 0; i < N; i++) {
      const key = rng.shuffle(['a', 'b', 'c']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Expected 1000 each, σ ≈ 29; a biased shuffle (e.g. j in [0, n)) is off by far more.
    for (const c of counts.values()) expect(Math.abs(c - N / 6)).toBeLessThan(150);
  });
});

describe('table codes', () => {
  const valid: [string, string][] = [
    ['ABCDE', 'ABCDE'],
    ['abcde', 'ABCDE'],
    ['aB-cD-e', 'ABCDE'],
    [' ab cd e ', 'ABCDE'],
    ['ab_cd.e', 'ABCDE'],
    ['xyz29', 'XYZ29'],
    ['lllll', 'LLLLL'],
  ];
  test.each(valid)('normalizeCode(%j) → %j', (input, code) => {
    expect(normalizeCode(input)).toBe(code);
  });

  const invalid = ['ABCD0', 'ABCDO', 'ABCD1', 'ABCDI', 'abcdi', 'ABCD', 'ABCDEF', '', '-----', 'ABC!E', 'ÄBCDE'];
  test.each(invalid)('normalizeCode(%j) → null', (input) => {
    expect(normalizeCode(input)).toBeNull();
  });

  test('the alphabet has 32 distinct characters and no look-alikes', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET.length).toBe(32);
    for (const ch of '0O1I') expect(CODE_ALPHABET).not.toContain(ch);
    expect(CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  test('makeCode draws CODE_LENGTH characters from the alphabet', () => {
    const asked: number[] = [];
    expect(makeCode((n) => (asked.push(n), 0))).toBe('AAAAA');
    expect(asked).toEqual(Array(CODE_LENGTH).fill(CODE_ALPHABET.length));
    expect(makeCode((n) => n - 1)).toBe('99999');
    let i = 0;
    expect(makeCode(() => i++)).toBe(CODE_ALPHABET.slice(0, CODE_LENGTH));
  });

  test('every made code is its own normal form', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = Rng.fromSeed(seed);
        const code = makeCode((n) => rng.int(n));
        expect(code).toHaveLength(CODE_LENGTH);
        expect(normalizeCode(code)).toBe(code);
        expect(normalizeCode(code.toLowerCase().split('').join(' '))).toBe(code);
      }),
      { numRuns: 200 },
    );
  });
});

describe('eventsFor', () => {
  const events: GameEvent[] = [
    { type: 'committed', seat: 0 },
    { type: 'you_committed', to: [0], seat: 0, card: 'rifle' },
    { type: 'whisper', to: [1, 2], text: 'psst' },
    { type: 'revealed', hit: [] },
  ];

  test('a seat gets public events and those addressed to it, without the `to` field', () => {
    expect(eventsFor(events, 0)).toEqual([
      { type: 'committed', seat: 0 },
      { type: 'you_committed', seat: 0, card: 'rifle' },
      { type: 'revealed', hit: [] },
    ]);
    expect(eventsFor(events, 2)).toEqual([
      { type: 'committed', seat: 0 },
      { type: 'whisper', text: 'psst' },
      { type: 'revealed', hit: [] },
    ]);
  });

  test('a spectator gets only public events', () => {
    expect(eventsFor(events, null)).toEqual([
      { type: 'committed', seat: 0 },
      { type: 'revealed', hit: [] },
    ]);
  });

  test('fail / isError', () => {
    const e = fail('NOPE', 'no');
    expect(e).toEqual({ error: { code: 'NOPE', message: 'no' } });
    expect(isError(e)).toBe(true);
    expect(isError({ state: 1, events: [] })).toBe(false);
  });
});
