/**
 * How a load client plays its seat, the same in both jobs of worker.ts (our server's `game`, and the boardgame.io
 * baseline's `bgio`, bgio-client.ts): the think time, the retries after a refusal, when a table counts as stalled,
 * and how fast the first tables are created.
 */
import { performance } from 'node:perf_hooks';
import type { BgioResult } from './protocol';

/** A refused intent is tried again this many times for one key (as the network bot does), each later by RETRY_MS × the refusals. */
export const RETRIES = 2;
export const RETRY_MS = 1000;
/** A table where no client has seen a state change for this long is left (and counted as STALLED). */
export const STALL_MS = 30_000;
/** The first tables are created over this long, not all at once. */
export const RAMP_MS = 1000;

/** What both jobs count over a run (GameResult's and BgioResult's common part), all at zero. */
export function newTally(): Omit<BgioResult, 'type'> {
  return { moves: 0, latencies: [], joins: [], held: 0, games: 0, tablesStarted: 0, perClientGame: [], errors: {}, disconnects: {}, cpuMs: 0, wallMs: 0 };
}

/** The end of a run: `stopped` resolves at `until` (epoch ms), and `over()` is true from then on. */
export function runEnd(until: number): { stopped: Promise<void>; over: () => boolean } {
  let over = false;
  const stopped = new Promise<void>((resolve) =>
    setTimeout(
      () => {
        over = true;
        resolve();
      },
      Math.max(0, until - Date.now()),
    ),
  );
  return { stopped, over: () => over };
}

/**
 * One table's end, as both jobs watch it: over when every seat's client has seen the game end, broken when a client
 * lost its connection, or left when no client has seen a change for STALL_MS (counted as STALLED).
 */
export class TableWatch {
  private lastChange = Date.now();
  private overSeen = 0;
  private finish!: (why: 'over' | 'broken') => void;
  private readonly ended = new Promise<'over' | 'broken'>((r) => (this.finish = r));

  constructor(private readonly seats: number) {}

  /** A client saw the state change. */
  changed(): void {
    this.lastChange = Date.now();
  }

  /** A seat's client saw the game end. */
  seatSawOver(): void {
    if (++this.overSeen === this.seats) this.finish('over');
  }

  /** A client's connection closed before the table was left. */
  broken(): void {
    this.finish('broken');
  }

  /** Waits until the table is over or broken, or the run stops (`stopped`); a stall is counted in `errors`. */
  async end(stopped: Promise<void>, errors: Record<string, number>): Promise<'over' | 'broken' | 'stopped'> {
    const watchdog = setInterval(() => {
      if (Date.now() - this.lastChange > STALL_MS) {
        bump(errors, 'STALLED');
        this.finish('broken');
      }
    }, 1000);
    try {
      return await Promise.race([this.ended, stopped.then(() => 'stopped' as const)]);
    } finally {
      clearInterval(watchdog);
    }
  }
}

/**
 * Keeps `tables` tables playing (a new one in a slot when its table is done) until the run is over, the first ones
 * started over RAMP_MS rather than in one instant; then sets the tally's own CPU and wall time since `cpu0`/`t0`.
 */
export async function keepPlaying(
  tables: number,
  over: () => boolean,
  playTable: (slot: number) => Promise<void>,
  tally: { cpuMs: number; wallMs: number },
  cpu0: NodeJS.CpuUsage,
  t0: number,
): Promise<void> {
  await Promise.all(
    Array.from({ length: tables }, async (_, slot) => {
      await sleep((slot / tables) * RAMP_MS);
      while (!over()) await playTable(slot);
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  tally.cpuMs = (cpu.user + cpu.system) / 1000;
  tally.wallMs = performance.now() - t0;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** A think time drawn uniformly from the --think range, ms. */
export const thinkMs = ([low, high]: [number, number]) => low + Math.random() * (high - low);
export const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
