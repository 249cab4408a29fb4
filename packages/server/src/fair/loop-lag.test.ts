/** How long the server may have kept a shot unread: the heartbeat's arithmetic (loop-lag.ts). */
import { LOOP_LAG, LoopLag, processLoopLag } from './loop-lag';

describe('LoopLag: a stall between heartbeats', () => {
  test.each([
    // [what, ticks, read at, lag]
    ['no heartbeat yet: nothing known, 0', [], 5, 0],
    ['one tick only: 0', [0], 50, 0],
    ['a heartbeat on time, read between ticks: 0', [0, 10, 20], 29, 0],
    ['a heartbeat on time, read as the next is due: 0', [0, 10, 20], 30, 0],
    ['a stall of 110 ms after a tick, read before the heartbeat runs again: 100', [0, 10], 120, 100],
    ['a stall of 110 ms, the overdue heartbeat ran first, then the read: 90', [0, 10, 120], 121, 91],
    ['the heartbeat back on time after a stall: 0', [0, 10, 120, 130], 131, 0],
  ] as const)('%s', (_, ticks, readAt, lag) => {
    const l = new LoopLag(10);
    for (const t of ticks) l.tick(t);
    expect(l.lagMs(readAt)).toBeCloseTo(lag, 6);
  });

  test('reset forgets the ticks: a heartbeat started again does not count its idle time as a stall', () => {
    const l = new LoopLag(10);
    l.tick(0);
    l.tick(10);
    l.reset();
    l.tick(60_000);
    expect(l.lagMs(60_001)).toBe(0);
  });

  test("this process's heartbeat sees a real stall of 150 ms", async () => {
    processLoopLag.lagMs(); // starts the heartbeat
    await new Promise((r) => setTimeout(r, 20 * LOOP_LAG.periodMs)); // (two ticks at least, even on a loaded machine)
    const end = performance.now() + 150;
    while (performance.now() < end);
    expect(processLoopLag.lagMs()).toBeGreaterThanOrEqual(150 - 2 * LOOP_LAG.periodMs);
  });
});
