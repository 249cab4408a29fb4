import { chacha20 } from '@noble/ciphers/chacha';

/**
 * The engine's only source of randomness: the ChaCha20 keystream (RFC 8439, from @noble/ciphers) under a 256-bit key,
 * all-zero nonce, block counter from 0, read as little-endian 32-bit words. Without the key, the words drawn so far
 * (a player's own hand, every card shown) tell nothing about the ones to come; with it, the stream is reproducible
 * byte for byte, so a game replays from its seed.
 *
 * Seeds:
 *  - a production seed is 64 lowercase hex characters (256 bits, `crypto.randomBytes(32)` on the server): the key
 *    is those 32 bytes;
 *  - a whole number (any safe integer, negatives included; tests and `ALLOW_TEST_SEED` only) is put into the key as
 *    bytes 0–7 = |n| little-endian, byte 8 = 1 if n < 0 else 0, bytes 9–31 = the ASCII text "tumbleweed numeric seed".
 *    Such a seed has at most 54 bits and is public in tests: never use one where a deal must stay secret.
 * Anything else (upper-case or short hex, a fraction, NaN, an unsafe integer) is a RangeError.
 */
export type Seed = string | number;

/** A production seed's length in hex characters (256 bits). */
export const SEED_HEX_LENGTH = 64;

/**
 * Serializable state of the generator; lives inside a game's state so that a game replays byte for byte.
 * `key`: the ChaCha20 key as 64 lowercase hex characters; `words`: how many 32-bit keystream words were drawn so far
 * (block `floor(words / 16)`, word `words % 16` of it comes next). Whoever holds it can predict every later draw, so it
 * is as secret as the hidden cards: it never leaves the server until the game's log is published.
 */
export interface RngState {
  readonly key: string;
  readonly words: number;
}

const WORDS_PER_BLOCK = 16;
const BLOCK_BYTES = 64;
/** @noble/ciphers refuses a block counter of 2^32 − 1 or more: the stream has 2^32 − 1 blocks. */
const MAX_BLOCKS = 2 ** 32 - 1;
const MAX_WORDS = MAX_BLOCKS * WORDS_PER_BLOCK;
/** Blocks made per ChaCha20 call: one call costs about as much as its first block. */
const BATCH_BLOCKS = 4;
const ZERO_NONCE = new Uint8Array(12);
/** The plaintext: ChaCha20 of zeros is the keystream itself. Never written to. */
const ZEROS = new Uint8Array(BATCH_BLOCKS * BLOCK_BYTES);
const NUMERIC_TAG = 'tumbleweed numeric seed'; // 23 bytes: fills the key after the 9 bytes of the number

function nibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  if (c >= 97 && c <= 102) return c - 87; // a-f
  return -1;
}

/** 64 lowercase hex characters → 32 bytes, or null for anything else. */
function hexKey(hex: unknown): Uint8Array | null {
  if (typeof hex !== 'string' || hex.length !== SEED_HEX_LENGTH) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const hi = nibble(hex.charCodeAt(2 * i));
    const lo = nibble(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) return null;
    out[i] = (hi << 4) | lo;
  }
  return out;
}

function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += (b < 16 ? '0' : '') + b.toString(16);
  return s;
}

function numericKey(n: number): Uint8Array {
  const key = new Uint8Array(32);
  const abs = Math.abs(n); // -0 is 0
  const lo = abs % 2 ** 32;
  const hi = Math.floor(abs / 2 ** 32);
  for (let i = 0; i < 4; i++) {
    key[i] = (lo >>> (8 * i)) & 0xff;
    key[4 + i] = (hi >>> (8 * i)) & 0xff;
  }
  key[8] = n < 0 ? 1 : 0;
  for (let i = 0; i < NUMERIC_TAG.length; i++) key[9 + i] = NUMERIC_TAG.charCodeAt(i);
  return key;
}

/** A seed `Rng.fromSeed` accepts: 64 lowercase hex characters, or a safe integer. */
export function isSeed(x: unknown): x is Seed {
  return typeof x === 'string' ? hexKey(x) !== null : Number.isSafeInteger(x);
}

/** The 32-byte ChaCha20 key of a seed (see `Seed`); RangeError for anything that is not a seed. */
export function seedKey(seed: Seed): Uint8Array {
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) return numericKey(seed);
  const key = hexKey(seed);
  if (key === null) {
    const shown = typeof seed === 'string' ? `a string of ${seed.length} characters` : String(seed);
    throw new RangeError(`a seed is ${SEED_HEX_LENGTH} lowercase hex characters or a safe integer, got ${shown}`);
  }
  return key;
}

/**
 * An independent seed for another stream of the same game (the bots' own choices in a simulation or at a test table):
 * the first 32 bytes of ChaCha20 under the seed's key with the nonce `label` (1–12 printable ASCII characters,
 * zero-padded; never the all-zero nonce of the game's own stream). Same seed and label, same result.
 */
export function deriveSeed(seed: Seed, label: string): string {
  if (!/^[\x21-\x7e]{1,12}$/.test(label)) throw new RangeError(`deriveSeed needs a label of 1–12 printable ASCII characters, got ${JSON.stringify(label)}`);
  const nonce = new Uint8Array(12);
  for (let i = 0; i < label.length; i++) nonce[i] = label.charCodeAt(i);
  return toHex(chacha20(seedKey(seed), nonce, new Uint8Array(32)));
}

/**
 * What this process knows of a key: its bytes, and the last keystream blocks made with it (as words, never changed
 * once made). Games re-create their generator from its state in every apply, mostly within the same block; this
 * saves decoding the key and running ChaCha20 again. Up to 1,024 streams (a few hundred bytes each); the oldest goes first.
 */
interface Stream {
  key: Uint8Array;
  /** Index of `words[0]` in the stream, a multiple of 16. */
  start: number;
  words: readonly number[];
}
const streams = new Map<string, Stream>();
const MAX_STREAMS = 1024;
/** Where ChaCha20 writes: one buffer for the whole process (a fresh one per call would cost more than the cipher). */
const scratch = new Uint8Array(BATCH_BLOCKS * BLOCK_BYTES);

function remember(hex: string, stream: Stream): Stream {
  if (!streams.has(hex) && streams.size >= MAX_STREAMS) streams.delete(streams.keys().next().value as string);
  streams.set(hex, stream);
  return stream;
}

/** The keystream from word `at` on (at least that one word), made `BATCH_BLOCKS` blocks at a time. */
function blocksAt(hex: string, key: Uint8Array, at: number): Stream {
  const known = streams.get(hex);
  if (known && at >= known.start && at < known.start + known.words.length) return known;
  const block = Math.floor(at / WORDS_PER_BLOCK);
  const count = Math.min(BATCH_BLOCKS, MAX_BLOCKS - block);
  if (count <= 0) throw new RangeError('Rng: the keystream is used up');
  const bytes = count * BLOCK_BYTES;
  chacha20(key, ZERO_NONCE, ZEROS.subarray(0, bytes), scratch, block);
  const words: number[] = new Array(bytes / 4);
  // p + 3 < bytes ≤ scratch.length: every read below is inside the block just written.
  for (let i = 0, p = 0; p < bytes; i++, p += 4) words[i] = (scratch[p]! | (scratch[p + 1]! << 8) | (scratch[p + 2]! << 16) | (scratch[p + 3]! << 24)) >>> 0;
  return remember(hex, { key, start: block * WORDS_PER_BLOCK, words });
}

/**
 * Games keep `rng.state()` in their own state and re-create the generator with `Rng.fromState` when a rule needs
 * chance (a shuffle, a timed-out random card). Keystream blocks are made when first needed, a few at a time.
 */
export class Rng {
  /** Keystream words from word `bufStart` on. */
  private buf: readonly number[] = [];
  private bufStart = 0;

  private constructor(
    private readonly keyHex: string,
    private readonly key: Uint8Array,
    private words: number,
  ) {}

  static fromSeed(seed: Seed): Rng {
    const key = seedKey(seed);
    return new Rng(typeof seed === 'string' ? seed : toHex(key), key, 0);
  }

  static fromState(state: RngState): Rng {
    const hex = (state as { key?: unknown } | null)?.key;
    const words = (state as { words?: unknown } | null)?.words;
    if (typeof words !== 'number' || !Number.isSafeInteger(words) || words < 0 || words > MAX_WORDS) {
      throw new RangeError('Rng.fromState: not a generator state');
    }
    const known = typeof hex === 'string' ? streams.get(hex) : undefined;
    if (known) return new Rng(hex as string, known.key, words);
    const key = hexKey(hex);
    if (key === null) throw new RangeError('Rng.fromState: not a generator state');
    return new Rng(hex as string, key, words);
  }

  /** A snapshot: drawing afterwards does not change it. Plain JSON. */
  state(): RngState {
    return { key: this.keyHex, words: this.words };
  }

  /**
   * `state()`, or `before` itself when it is this generator's state already (nothing drawn since): a step that drew
   * nothing keeps its state's snapshot instead of making an equal one.
   */
  stateSince(before: RngState): RngState {
    return before.words === this.words && before.key === this.keyHex ? before : this.state();
  }

  /** The next 32-bit word of the keystream, as an unsigned number. */
  private word(): number {
    let i = this.words - this.bufStart;
    if (i >= this.buf.length) {
      const s = blocksAt(this.keyHex, this.key, this.words);
      this.buf = s.words;
      this.bufStart = s.start;
      i = this.words - s.start;
    }
    this.words++;
    return this.buf[i]!; // i < buf.length: refilled just above when it was not
  }

  /**
   * Uniform integer in [0, n), n ≤ 2^32: 32-bit words are drawn until one falls below the largest multiple of n
   * (rejection sampling, so no modulo bias), and that word mod n is returned. int(1) is 0 and draws nothing.
   */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`Rng.int needs a whole number from 1 to 2^32, got ${n}`);
    if (n === 1) return 0;
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = this.word();
      if (w < limit) return w % n;
    }
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick on an empty list');
    return items[this.int(items.length)] as T; // int(n) < n = items.length
  }

  /** Fisher–Yates; returns a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = out[i] as T; // j ≤ i < out.length
      out[i] = out[j] as T;
      out[j] = t;
    }
    return out;
  }
}
