import { MemoryTrimmer, collectInSteps, fullCollection } from './memory';

/** The trimmer's rule, on a clock the test moves: collect once the tables fell low and stayed low. */
function run(counts: number[], stepMs = 5_000, options = { quietMs: 20_000, fraction: 0.25, minPeak: 8 }): number[] {
  let now = 0;
  let i = 0;
  const collectedAt: number[] = [];
  const trimmer = new MemoryTrimmer({ tables: () => counts[i]!, collect: () => collectedAt.push(i), now: () => now }, options);
  for (i = 0; i < counts.length; i++, now += stepMs) trimmer.tick();
  return collectedAt;
}

describe('memory trimmer', () => {
  it.each([
    ['100 tables close, then quiet for 20 s: one collection', [100, 100, 0, 0, 0, 0, 0, 0, 0], [6]],
    ['a busy server is never paused', [100, 90, 80, 100, 95, 60, 40, 30, 30, 30], []],
    ['falls to a quarter and stays: collects with tables still open', [40, 40, 10, 10, 10, 10, 10], [6]],
    ['tables come back before the quiet ends: no collection', [100, 0, 0, 0, 100, 0, 0, 0], []],
    ['a few tables are not worth it', [5, 5, 0, 0, 0, 0, 0, 0, 0], []],
    ['after a trim the peak starts again: a second wave of tables trims again', [100, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0, 0, 0], [5, 11]],
  ])('%s', (_name, counts, expected) => {
    expect(run(counts)).toEqual(expected);
  });

  it('gives the heap back: full collections shrink what garbage grew', async () => {
    const gc = fullCollection();
    gc();
    const before = process.memoryUsage().heapTotal;
    let garbage: number[][] | null = Array.from({ length: 60 }, () => Array.from({ length: 100_000 }, (_, k) => k));
    expect(process.memoryUsage().heapTotal).toBeGreaterThan(before + 20 * 2 ** 20);
    garbage = null;
    collectInSteps(gc);
    await new Promise((r) => setImmediate(() => setImmediate(() => setImmediate(r))));
    expect(garbage).toBeNull();
    expect(process.memoryUsage().heapTotal).toBeLessThan(before + 10 * 2 ** 20);
  });
});
