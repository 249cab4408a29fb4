/** The seats a device keeps by table code (kept-seats.ts): the latest token, for a day, 20 tables at most, forgotten on leaving. */
import { forgetSeat, keepSeat, keptSeat } from './kept-seats';

const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});
const HOUR = 3600_000;

beforeEach(() => store.clear());

test('the latest token the table gave, until the player leaves', () => {
  keepSeat('K7QMZ', 'first', 0);
  keepSeat('K7QMZ', 'second', HOUR);
  keepSeat('AB2CD', 'other', HOUR);
  expect([keptSeat('K7QMZ', HOUR), keptSeat('AB2CD', HOUR), keptSeat('ZZZZZ', HOUR)]).toEqual(['second', 'other', undefined]);
  forgetSeat('K7QMZ', HOUR);
  expect([keptSeat('K7QMZ', HOUR), keptSeat('AB2CD', HOUR)]).toEqual([undefined, 'other']);
});

test('a day at most: a code taken by a later table has no old token', () => {
  keepSeat('K7QMZ', 'old', 0);
  expect(keptSeat('K7QMZ', 23 * HOUR)).toBe('old');
  expect(keptSeat('K7QMZ', 25 * HOUR)).toBeUndefined();
});

test('the 20 latest tables, the oldest forgotten first', () => {
  for (let i = 0; i < 25; i++) keepSeat(`T${i}`, `token ${i}`, i * 1000);
  expect(keptSeat('T4', 30_000)).toBeUndefined();
  expect(keptSeat('T5', 30_000)).toBe('token 5');
  expect(keptSeat('T24', 30_000)).toBe('token 24');
});

test('storage off or spoiled: nothing kept, nothing thrown', () => {
  store.set('tumbleweed.seats', 'not json');
  expect(keptSeat('K7QMZ')).toBeUndefined();
  keepSeat('K7QMZ', 't');
  expect(keptSeat('K7QMZ')).toBe('t');
});
