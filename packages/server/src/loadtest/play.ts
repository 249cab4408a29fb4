/**
 * How a load client plays its seat, the same in both jobs of worker.ts (our server's `game`, and the boardgame.io
 * baseline's `bgio`, bgio-client.ts): the think time, the retries after a refusal, when a table counts as stalled,
 * and how fast the first tables are created.
 */

/** A refused intent is tried again this many times for one key (as the network bot does), each later by RETRY_MS × the refusals. */
export const RETRIES = 2;
export const RETRY_MS = 1000;
/** A table where no client has seen a state change for this long is left (and counted as STALLED). */
export const STALL_MS = 30_000;
/** The first tables are created over this long, not all at once. */
export const RAMP_MS = 1000;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** A think time drawn uniformly from the --think range, ms. */
export const thinkMs = ([low, high]: [number, number]) => low + Math.random() * (high - low);
export const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
