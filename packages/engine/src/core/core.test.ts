import fc from 'fast-check';
import { CODE_ALPHABET, CODE_LENGTH, makeCode, normalizeCode } from './code';
import { eventsFor, fail, isError, type GameEvent } from './game';
import { Rng } from './rng';

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
    const e = fail('NOT_NOW', 'no');
    expect(e).toEqual({ error: { code: 'NOT_NOW', message: 'no' } });
    expect(isError(e)).toBe(true);
    expect(isError({ state: 1, events: [] })).toBe(false);
  });
});
