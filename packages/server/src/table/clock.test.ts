/** The table's time: what runs when on a manual clock, a jumping clock, and the table's own timers. */
import { AWAY_AFTER_MISSES, JumpClock, ManualClock, TableClock } from './clock';

test('a manual clock runs each timer at its own time, in time order, timers they set included, and nothing before its time', () => {
  const clock = new ManualClock(1_000);
  const ran: [string, number][] = [];
  clock.setTimeout(() => ran.push(['b', clock.now()]), 300);
  clock.setTimeout(() => {
    ran.push(['a', clock.now()]);
    clock.setTimeout(() => ran.push(['a2', clock.now()]), 150); // due at 1,250: before b
  }, 100);
  const never = clock.setTimeout(() => ran.push(['cancelled', clock.now()]), 200);
  clock.clearTimeout(never);
  clock.advance(99);
  expect(ran).toEqual([]);
  clock.advance(201); // to 1,300: three timers fall due, set in another order than their times
  expect(ran).toEqual([
    ['a', 1_100],
    ['a2', 1_250],
    ['b', 1_300],
  ]);
  expect(clock.now()).toBe(1_300);
});

test('a manual clock runs a timer due now on its own, soon after, never inside the call that set it', async () => {
  const clock = new ManualClock(0);
  let ran = false;
  clock.setTimeout(() => (ran = true), 0);
  expect(ran).toBe(false);
  await new Promise((r) => setImmediate(r));
  expect(ran).toBe(true);
  expect(clock.now()).toBe(0);
});

test('a jumping clock runs what falls due in the jump at its own time and leaves the rest to real time', async () => {
  const clock = new JumpClock();
  const start = clock.now();
  const ran: [string, number][] = [];
  clock.setTimeout(() => ran.push(['window', clock.now() - start]), 5_000);
  clock.setTimeout(() => ran.push(['go', clock.now() - start]), 6_500);
  clock.setTimeout(() => ran.push(['later', clock.now() - start]), 6_520);
  clock.jump(6_500);
  expect(ran.map(([name]) => name)).toEqual(['window', 'go']);
  expect(ran[0][1]).toBeGreaterThanOrEqual(5_000);
  expect(ran[0][1]).toBeLessThan(5_050);
  expect(ran[1][1]).toBeGreaterThanOrEqual(6_500);
  expect(clock.now() - start).toBeGreaterThanOrEqual(6_500);
  await new Promise((r) => setTimeout(r, 80)); // the last one in real time: 20 ms after the jump
  expect(ran.map(([name]) => name)).toEqual(['window', 'go', 'later']);
});

test('a table clock counts missed countdowns per seat: away after AWAY_AFTER_MISSES in a row, back to zero when the seat acts', () => {
  const clock = new TableClock(new ManualClock(0), (error) => {
    throw error;
  });
  for (let i = 1; i < AWAY_AFTER_MISSES; i++) expect(clock.miss(1)).toBe(false);
  clock.acted(1);
  for (let i = 1; i < AWAY_AFTER_MISSES; i++) expect(clock.miss(1)).toBe(false);
  expect(clock.miss(0)).toBe(false); // another seat's misses are its own
  expect(clock.miss(1)).toBe(true);
});

test("a table clock's countdown is replaced by a new one, stops when told, and reports a timer's error instead of throwing it", () => {
  const manual = new ManualClock(0);
  const errors: unknown[] = [];
  const clock = new TableClock(manual, (error) => errors.push(error));
  const ran: string[] = [];
  clock.countTo(1_000, () => ran.push('first'));
  clock.countTo(2_000, () => ran.push('second'));
  expect(clock.counting).toBe(true);
  manual.advance(1_500);
  expect(ran).toEqual([]);
  manual.advance(500);
  expect(ran).toEqual(['second']);
  expect(clock.counting).toBe(false);
  clock.countTo(3_000, () => ran.push('stopped'));
  clock.stopCountdown();
  clock.botTurn(1, 10, () => {
    throw new Error('bot');
  });
  manual.advance(5_000);
  expect(ran).toEqual(['second']);
  expect(errors).toEqual([new Error('bot')]);
});
