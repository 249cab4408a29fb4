/**
 * Flood control for one connection: a token bucket. Each message takes a token; tokens come back at `perSecond`
 * up to `burst`. A message that finds the bucket empty is refused (RATE_LIMITED) and counts as a strike; at
 * `strikes` strikes in one flood the connection is cut. The strikes are forgiven once the bucket is full again
 * (the client went quiet long enough to refill it).
 *
 * Synchronous on purpose: it runs on every message before Colyseus decodes it, and the order in which intents
 * arrive decides races, so it must not defer a message to a promise.
 */
export interface FloodLimits {
  /** Messages a client may send at once. */
  burst: number;
  /** Tokens refilled per second: the sustained rate. */
  perSecond: number;
  /** Refused messages in one flood before the connection is closed. */
  strikes: number;
}

/** Close code for a connection cut for flooding (application range 4000–4999). */
export const FLOOD_CLOSE_CODE = 4029;

export type FloodVerdict = 'ok' | 'limited' | 'cut';

export class MessageBucket {
  private tokens: number;
  private last: number | null = null;
  private strikes = 0;

  constructor(private readonly limits: FloodLimits) {
    this.tokens = limits.burst;
  }

  /** Takes a token for a message arriving at `now` (ms). */
  take(now: number): FloodVerdict {
    const { burst, perSecond, strikes } = this.limits;
    if (this.last !== null) this.tokens = Math.min(burst, this.tokens + ((now - this.last) / 1000) * perSecond);
    this.last = now;
    if (this.tokens >= burst) this.strikes = 0;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    this.strikes += 1;
    return this.strikes >= strikes ? 'cut' : 'limited';
  }
}
