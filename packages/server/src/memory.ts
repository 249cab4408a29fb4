import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Gives memory back to the machine after the tables close (issue 16).
 *
 * Under load V8 grows its heap (the young generation to its largest, old space by pages). When the tables close,
 * nothing allocates any more, so nothing collects: measured, a server that peaked at 100 tables kept all of it (RSS
 * 150–170 MiB for an idle 91) a minute later. A few full collections then bring it back to idle (`npm run loadtest --
 * --tables 100 --settle 60`, docs/performance.md). The trimmer runs them once the tables of this process have fallen
 * to a quarter of their peak, or to none, and stayed there for a while: never while the server is busy (each
 * collection pauses the event loop for tens of ms).
 */
export interface TrimOptions {
  /** How long the table count must stay low before collecting (ms). */
  quietMs: number;
  /** "Low": at most this fraction of the peak since the last trim. */
  fraction: number;
  /** Peaks below this many tables are not worth a trim (a few tables hold little memory). */
  minPeak: number;
}

export const TRIM_DEFAULTS: TrimOptions = { quietMs: 20_000, fraction: 0.25, minPeak: 8 };

export class MemoryTrimmer {
  private peak = 0;
  private lowSince: number | null = null;

  constructor(
    private readonly deps: { tables(): number; collect(): void; now(): number },
    private readonly options: TrimOptions = TRIM_DEFAULTS,
  ) {}

  /** Called every few seconds: true when it collected this time. */
  tick(): boolean {
    const tables = this.deps.tables();
    const now = this.deps.now();
    this.peak = Math.max(this.peak, tables);
    if (this.peak < this.options.minPeak || tables > this.peak * this.options.fraction) {
      this.lowSince = null;
      return false;
    }
    this.lowSince ??= now;
    if (now - this.lowSince < this.options.quietMs) return false;
    this.deps.collect();
    this.peak = tables;
    this.lowSince = null;
    return true;
  }
}

/** V8's full collection (what `node --expose-gc` exposes as `gc`), without having to start node with that flag. */
export function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Three full collections a tick apart: measured, the first leaves the heap's pages in place and the next two give
 * them back (100 tables: heap 45 → 23 → 22 MiB; RSS 149 → 117 → 93 MiB, idle 91).
 */
export function collectInSteps(gc: () => void, times = 3): void {
  gc();
  if (times > 1) setImmediate(() => collectInSteps(gc, times - 1));
}

/** Starts the trimmer for this process's tables; returns how to stop it. */
export function startMemoryTrimmer(tables: () => number, everyMs = 5_000): () => void {
  const gc = fullCollection();
  const trimmer = new MemoryTrimmer({ tables, collect: () => collectInSteps(gc), now: () => Date.now() });
  const timer = setInterval(() => trimmer.tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
