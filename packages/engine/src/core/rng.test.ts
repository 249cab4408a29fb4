import { chacha20 } from '@noble/ciphers/chacha';
import fc from 'fast-check';
import { deriveSeed, isSeed, Rng, SEED_HEX_LENGTH, seedKey, type RngState, type Seed } from './rng';

const draw = (rng: Rng, n: number, bound = 1000) => Array.from({ length: n }, () => rng.int(bound));
/** Raw keystream words: int(2^32) takes exactly one word and returns it. */
const words = (rng: Rng, n: number) => draw(rng, n, 2 ** 32);

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));
/** Little-endian 32-bit words of ChaCha20 (RFC 8439: 12-byte nonce, 32-bit block counter) straight from @noble/ciphers. */
function chachaWords(key: Uint8Array, count: number, block = 0, nonce = new Uint8Array(12)): number[] {
  const bytes = chacha20(key, nonce, new Uint8Array(4 * count), undefined, block);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: count }, (_, i) => view.getUint32(4 * i, true));
}

const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex);
const anySeed: fc.Arbitrary<Seed> = fc.oneof(fc.integer(), fc.maxSafeInteger(), hexSeed);
const SEED_A = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('Rng is ChaCha20', () => {
  test('known answer: the all-zero key gives the keystream of RFC 8439, appendix A.1, test vector #1', () => {
    const rfc = '76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586';
    const expected = Array.from({ length: 16 }, (_, i) => new DataView(unhex(rfc).buffer).getUint32(4 * i, true));
    expect(expected[0]).toBe(0xade0b876);
    expect(words(Rng.fromSeed('0'.repeat(64)), 16)).toEqual(expected);
  });

  test.each([
    ['zero key', '0'.repeat(64)],
    ['counting key', SEED_A],
    ['all ones', 'f'.repeat(64)],
    ['a numeric seed (its documented key)', 42],
    ['a negative numeric seed', -7],
  ] as [string, Seed][])('%s: 200 words (across blocks) equal @noble/ciphers chacha20 on zero bytes', (_, seed) => {
    expect(words(Rng.fromSeed(seed), 200)).toEqual(chachaWords(seedKey(seed), 200));
  });

  test('fromState in the middle of the stream gives the keystream at that block and word', () => {
    const key = seedKey(SEED_A);
    for (const at of [5, 16, 31, 64, 1000, 16 * 123_456 + 7]) {
      const block = Math.floor(at / 16);
      const expected = chachaWords(key, 40 + (at % 16), block).slice(at % 16);
      expect(words(Rng.fromState({ key: SEED_A, words: at }), 40)).toEqual(expected);
    }
  });

  test("the stream ends at the cipher's last block (2^32 − 2) instead of wrapping around", () => {
    const last = (2 ** 32 - 1) * 16;
    const rng = Rng.fromState({ key: SEED_A, words: last - 1 });
    expect(rng.int(2 ** 32)).toBe(chachaWords(seedKey(SEED_A), 16, 2 ** 32 - 2)[15]);
    expect(() => rng.int(2 ** 32)).toThrow(RangeError);
    expect(() => Rng.fromState({ key: SEED_A, words: last }).int(6)).toThrow(RangeError);
    expect(() => Rng.fromState({ key: SEED_A, words: last + 1 })).toThrow(RangeError);
  });

  test('streams of many games interleaved (more than the process keeps in memory) still give each its own keystream', () => {
    const seeds = Array.from({ length: 1100 }, (_, i) => deriveSeed(i, 'interleave'));
    const states: RngState[] = seeds.map((s) => Rng.fromSeed(s).state());
    const got: number[][] = seeds.map(() => []);
    for (let round = 0; round < 3; round++) {
      seeds.forEach((_, i) => {
        const rng = Rng.fromState(states[i]!);
        got[i]!.push(...words(rng, 7));
        states[i] = rng.state();
      });
    }
    seeds.forEach((s, i) => expect(got[i]).toEqual(chachaWords(unhex(s), 21)));
  });
});

describe('seeds', () => {
  const accepted: [string, Seed][] = [
    ['64 zeros', '0'.repeat(64)],
    ['64 hex digits', SEED_A],
    ['0', 0],
    ['1', 1],
    ['-1', -1],
    ['2^31', 2 ** 31],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER],
    ['the smallest safe integer', Number.MIN_SAFE_INTEGER],
  ];
  test.each(accepted)('accepts %s', (_, seed) => {
    expect(isSeed(seed)).toBe(true);
    expect(() => Rng.fromSeed(seed)).not.toThrow();
    expect(seedKey(seed)).toHaveLength(32);
  });

  const refused: [string, unknown][] = [
    ['the empty string', ''],
    ['63 hex digits', SEED_A.slice(1)],
    ['65 hex digits', SEED_A + '0'],
    ['upper-case hex', SEED_A.toUpperCase()],
    ['a non-hex character', 'g' + SEED_A.slice(1)],
    ['a space', ' ' + SEED_A.slice(1)],
    ['a 0x prefix', '0x' + SEED_A.slice(2)],
    ['a number as a string', '42'],
    ['a fraction', 1.5],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['2^53 (not safe)', 2 ** 53],
    ['-(2^53)', -(2 ** 53)],
    ['a bigint', BigInt(1)],
    ['null', null],
    ['undefined', undefined],
    ['an array of bytes', Array.from(unhex(SEED_A))],
    ['bytes', unhex(SEED_A)],
    ['an object', { seed: 1 }],
  ];
  test.each(refused)('refuses %s with a RangeError', (_, seed) => {
    expect(isSeed(seed)).toBe(false);
    expect(() => Rng.fromSeed(seed as Seed)).toThrow(RangeError);
    expect(() => seedKey(seed as Seed)).toThrow(RangeError);
  });

  test('SEED_HEX_LENGTH is 64: 256 bits', () => {
    expect(SEED_HEX_LENGTH).toBe(64);
  });

  test('a hex seed is the key itself', () => {
    expect(hex(seedKey(SEED_A))).toBe(SEED_A);
    expect(Rng.fromSeed(SEED_A).state()).toEqual({ key: SEED_A, words: 0 });
  });

  test.each([
    [0, '0000000000000000' + '00'],
    [1, '0100000000000000' + '00'],
    [-1, '0100000000000000' + '01'],
    [0x0102030405, '0504030201000000' + '00'],
    [Number.MAX_SAFE_INTEGER, 'ffffffffffff1f00' + '00'],
    [Number.MIN_SAFE_INTEGER, 'ffffffffffff1f00' + '01'],
  ])('numeric seed %p: |n| little-endian, then the sign, then "tumbleweed numeric seed"', (n, head) => {
    const tag = hex(new TextEncoder().encode('tumbleweed numeric seed'));
    expect(hex(seedKey(n))).toBe(head + tag);
    expect(words(Rng.fromSeed(n), 20)).toEqual(words(Rng.fromSeed(head + tag), 20));
  });

  test('-0 is 0; n and -n differ', () => {
    expect(words(Rng.fromSeed(-0), 20)).toEqual(words(Rng.fromSeed(0), 20));
    expect(words(Rng.fromSeed(-5), 20)).not.toEqual(words(Rng.fromSeed(5), 20));
  });

  test('the same seed gives the same stream', () => {
    fc.assert(
      fc.property(anySeed, (seed) => {
        expect(draw(Rng.fromSeed(seed), 50)).toEqual(draw(Rng.fromSeed(seed), 50));
      }),
      { numRuns: 200 },
    );
  });

  test('different seeds give different streams', () => {
    const seeds: Seed[] = [...Array.from({ length: 100 }, (_, i) => i), ...Array.from({ length: 100 }, (_, i) => -i - 1)];
    for (let i = 0; i < 100; i++) seeds.push(deriveSeed(i, 'distinct'));
    const seqs = new Set(seeds.map((seed) => draw(Rng.fromSeed(seed), 20).join(',')));
    expect(seqs.size).toBe(seeds.length);
  });
});

describe('deriveSeed', () => {
  test("is the first 32 bytes of ChaCha20 under the seed's key with the label as nonce", () => {
    const nonce = new Uint8Array(12);
    nonce.set(new TextEncoder().encode('players'));
    expect(deriveSeed(SEED_A, 'players')).toBe(hex(chacha20(seedKey(SEED_A), nonce, new Uint8Array(32))));
  });

  test('is a seed of its own: deterministic, one per label, unlike the parent stream', () => {
    fc.assert(
      fc.property(anySeed, (seed) => {
        const a = deriveSeed(seed, 'players');
        expect(isSeed(a)).toBe(true);
        expect(deriveSeed(seed, 'players')).toBe(a);
        expect(deriveSeed(seed, 'bots')).not.toBe(a);
        // Not the game's own keystream (nonce 0): a player's stream tells nothing of the deal.
        expect(a).not.toBe(hex(chacha20(seedKey(seed), new Uint8Array(12), new Uint8Array(32))));
        expect(a).not.toBe(hex(seedKey(seed)));
      }),
      { numRuns: 100 },
    );
  });

  test.each(['', 'thirteen-long', 'with space', 'tab\t', 'café'])('refuses the label %j', (label) => {
    expect(() => deriveSeed(1, label)).toThrow(RangeError);
  });
});

describe('RngState', () => {
  test('is plain JSON: { key: 64 hex, words: words drawn so far }', () => {
    const rng = Rng.fromSeed(5);
    expect(rng.state()).toEqual({ key: hex(seedKey(5)), words: 0 });
    words(rng, 37);
    const s = rng.state();
    expect(s).toEqual({ key: hex(seedKey(5)), words: 37 });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(structuredClone(s)).toEqual(s);
  });

  test('int(1) draws nothing; every other int(n) draws one word or more (rejections)', () => {
    const rng = Rng.fromSeed(5);
    rng.int(1);
    expect(rng.state().words).toBe(0);
    rng.int(6);
    expect(rng.state().words).toBeGreaterThanOrEqual(1);
  });

  test('state() is a snapshot: drawing afterwards does not change it', () => {
    const rng = Rng.fromSeed(5);
    const s = rng.state();
    const copy = { ...s };
    draw(rng, 10);
    expect(s).toEqual(copy);
  });

  test('stateSince keeps the snapshot it was made from while nothing is drawn, and gives the new state once something is', () => {
    const before = Rng.fromSeed(5).state();
    const rng = Rng.fromState(before);
    expect(rng.stateSince(before)).toBe(before);
    rng.int(1); // draws nothing
    expect(rng.stateSince(before)).toBe(before);
    rng.int(6);
    const after = rng.stateSince(before);
    expect(after).not.toBe(before);
    expect(after).toEqual(rng.state());
    expect(after.words).toBe(before.words + 1);
    // Another stream's snapshot at the same count is not this one's.
    const other = Rng.fromSeed(6);
    expect(other.stateSince(before)).toEqual(Rng.fromSeed(6).state());
    expect(other.stateSince(before)).not.toBe(before);
  });

  test.each([0, 1, 15, 16, 17, 63, 64, 65, 100, 1000])('fromState after %p words continues exactly, also after a JSON round trip', (skip) => {
    const rng = Rng.fromSeed(SEED_A);
    words(rng, skip);
    const saved = JSON.parse(JSON.stringify(rng.state())) as RngState;
    const expected = draw(rng, 100, 52);
    expect(draw(Rng.fromState(saved), 100, 52)).toEqual(expected);
  });

  test('fromState continues exactly wherever it is taken (any seed, any bounds)', () => {
    fc.assert(
      fc.property(anySeed, fc.array(fc.integer({ min: 1, max: 2 ** 32 }), { maxLength: 120 }), fc.integer({ min: 1, max: 2 ** 32 }), (seed, before, bound) => {
        const rng = Rng.fromSeed(seed);
        for (const n of before) rng.int(n);
        const saved = JSON.parse(JSON.stringify(rng.state())) as RngState;
        const expected = draw(rng, 30, bound);
        expect(draw(Rng.fromState(saved), 30, bound)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  const broken: [string, unknown][] = [
    ['null', null],
    ['{}', {}],
    ['the old xoroshiro state (an array of numbers)', [1, 2, 3, 4]],
    ['a short key', { key: 'abc', words: 0 }],
    ['an upper-case key', { key: SEED_A.toUpperCase(), words: 0 }],
    ['no words', { key: SEED_A }],
    ['negative words', { key: SEED_A, words: -1 }],
    ['fractional words', { key: SEED_A, words: 1.5 }],
    ['words as a string', { key: SEED_A, words: '3' }],
    ['a numeric key', { key: 42, words: 0 }],
  ];
  test.each(broken)('fromState refuses %s with a RangeError', (_, state) => {
    expect(() => Rng.fromState(state as RngState)).toThrow(RangeError);
  });
});

/** Wilson–Hilferty: the chi-square value that `df` degrees of freedom exceed with probability 0.001 (z = 3.09). */
const chiSquare999 = (df: number) => df * (1 - 2 / (9 * df) + 3.09 * Math.sqrt(2 / (9 * df))) ** 3;

describe('int, pick, shuffle', () => {
  test.each([1, 2, 3, 6, 7, 52, 1000, 2 ** 31 + 1, 3 * 2 ** 30, 2 ** 32])('int(%p) gives whole numbers in [0, n)', (n) => {
    const rng = Rng.fromSeed(9);
    for (let i = 0; i < 2000; i++) {
      const x = rng.int(n);
      expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
    }
  });

  test.each([2, 3, 6, 7, 10, 52, 100, 1000])('int(%p) is uniform: chi-square of 200·n draws below its 0.1%% critical value', (n) => {
    // A fixed seed: deterministic, it cannot flake. A modulo-biased or otherwise skewed draw fails by far.
    const rng = Rng.fromSeed(`${'ab'.repeat(31)}${n.toString(16).padStart(2, '0').slice(-2)}`);
    const N = 200 * n;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < N; i++) counts[rng.int(n)]!++;
    const expected = N / n;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(chiSquare999(n - 1));
  });

  test.each([3, 6, 7, 52, 2 ** 31 + 1, 3 * 2 ** 30, 2 ** 32 - 1])(
    'int(%p) is rejection sampling: words ≥ the largest multiple of n are skipped, the rest taken mod n',
    (n) => {
      const limit = 2 ** 32 - (2 ** 32 % n);
      const raw = words(Rng.fromSeed(SEED_A), 3000);
      const taken = raw.map((w, i) => [w, i] as const).filter(([w]) => w < limit);
      const rng = Rng.fromSeed(SEED_A);
      expect(draw(rng, taken.length, n)).toEqual(taken.map(([w]) => w % n));
      // It stops right after the last word it took: a skipped word is consumed, nothing more.
      expect(rng.state().words).toBe(taken.at(-1)![1] + 1);
    },
  );

  test('no modulo bias where it would show: n = 3·2^30 gives values below 2^30 a third of the time (plain modulo: half)', () => {
    const rng = Rng.fromSeed(77);
    const N = 6000;
    const low = draw(rng, N, 3 * 2 ** 30).filter((x) => x < 2 ** 30).length / N;
    expect(Math.abs(low - 1 / 3)).toBeLessThan(0.03);
  });

  test.each([0, -1, 1.5, NaN, Infinity, 2 ** 32 + 1])('int(%p) throws a RangeError', (n) => {
    expect(() => Rng.fromSeed(1).int(n)).toThrow(RangeError);
  });

  test('pick returns an element; on an empty list it throws', () => {
    const rng = Rng.fromSeed(2);
    for (let i = 0; i < 100; i++) expect(['a', 'b', 'c']).toContain(rng.pick(['a', 'b', 'c']));
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  test('shuffle is Fisher–Yates: from the last place down, swap with int(i + 1)', () => {
    const items = Array.from({ length: 60 }, (_, i) => i);
    const out = Rng.fromSeed(SEED_A).shuffle(items);
    const rng = Rng.fromSeed(SEED_A);
    const expected = [...items];
    for (let i = expected.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    expect(out).toEqual(expected);
  });

  test('shuffle is a permutation and leaves its input alone', () => {
    fc.assert(
      fc.property(anySeed, fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 }), (seed, items) => {
        const before = [...items];
        const out = Rng.fromSeed(seed).shuffle(items);
        expect(items).toEqual(before);
        expect([...out].sort()).toEqual([...items].sort());
      }),
      { numRuns: 300 },
    );
  });

  test('shuffle is uniform: the 24 orders of 4 items pass a chi-square test', () => {
    const rng = Rng.fromSeed(12345);
    const counts = new Map<string, number>();
    const N = 24_000;
    for (let i = 0; i < N; i++) {
      const key = rng.shuffle(['a', 'b', 'c', 'd']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - N / 24) ** 2 / (N / 24), 0);
    expect(chi).toBeLessThan(chiSquare999(23));
  });
});
