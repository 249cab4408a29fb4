import { ClockSync } from './clock-sync';

describe('ClockSync: the server clock from ping answers', () => {
  test('a symmetric round trip gives the exact offset', () => {
    const c = new ClockSync();
    // Server is 5000 ms ahead; 40 ms each way: the answer says s = c + 40 + 5000, received at c + 80.
    expect(c.sample({ c: 1000, s: 6040 }, 1080)).toBe(true);
    expect(c.offset(2000)).toBe(5000);
    expect(c.serverNow(2000)).toBe(7000);
    expect(c.rttMs).toBe(80);
  });

  test('the sample with the lowest round trip wins (a queued answer is off by its extra delay)', () => {
    const c = new ClockSync();
    c.sample({ c: 0, s: 5240 }, 280); // 200 ms queued on the way there: its offset would be 100 ms off
    c.sample({ c: 1000, s: 6040 }, 1080);
    c.sample({ c: 2000, s: 7040 }, 2300); // 220 ms queued on the way back: -110 off
    expect(c.offset(0)).toBe(5000);
  });

  test('garbage and impossible answers are not samples; before any, the wall clock stands in', () => {
    const c = new ClockSync();
    for (const m of [null, {}, { c: 'x', s: 1 }, { c: 1, s: NaN }, { c: 5000, s: 1 }]) expect(c.sample(m, 1000)).toBe(false);
    expect(c.synced).toBe(false);
    const before = Date.now();
    expect(c.serverNow(0)).toBeGreaterThanOrEqual(before);
  });
});
