/**
 * The load clients keep to the server's flood limit (flood.ts: a token bucket per connection, burst 30, 15 messages
 * per second; a message past it is refused RATE_LIMITED). A seat can otherwise outpace it: in Duel each seat sends
 * one intent per round and a round ends as soon as both seats have, so at `--think 20-40` a client sent about 21
 * intents/s on average (loadtest.test.ts's two-process run: 83 per client in 4 s, where the bucket allows 30 + 4 × 15
 * = 90), and some runs counted RATE_LIMITED refusals. No player sends 15 intents a second: those refusals measured
 * the load generator, not the server. So each client holds an intent back until its own copy of the bucket has a
 * token, and the run counts how many it held (the report's "intents held back").
 *
 * The copy has the server's rate and half its burst: the server takes its tokens when a message is handled, and
 * messages sent apart may be handled together (an event loop that stalled meanwhile); half the burst (15 messages,
 * 1 s at the sustained rate) absorbs that.
 */
import type { FloodLimits } from '../flood';

export class Pacer {
  private tokens: number;
  private last: number | null = null;
  private readonly burst: number;
  private readonly perSecond: number;

  constructor(server: Pick<FloodLimits, 'burst' | 'perSecond'>) {
    this.burst = Math.max(1, Math.floor(server.burst / 2));
    this.perSecond = server.perSecond;
    this.tokens = this.burst;
  }

  private refill(now: number): void {
    if (this.last !== null) this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }

  /** How long (ms) a message must wait at `now` to find a token: 0 for at once. */
  wait(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }

  /** A message sent at `now` (after `wait` said 0). */
  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }
}
