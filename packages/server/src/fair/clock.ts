/**
 * Clock sync, the server's half. A client sends `clock {c}` (its own time) every few seconds and the server answers
 * `clock {c, s}` (its own): the client learns its offset to the server's clock. The server measures the connection's
 * round trip itself, with WebSocket ping frames (a browser answers those in its network stack: page scripts cannot
 * delay them). It keeps the lowest recent RTT: the sample least delayed by queues. A client can only make it larger
 * (a custom client delaying its pongs), and what that buys is capped by the lag quota (timing.ts).
 */
import { FAIR } from './timing';

export class RttEstimate {
  private samples: { rtt: number; at: number }[] = [];
  /** Server times of pings not answered yet (a pong counts only for a ping the server sent, once). */
  private outstanding: number[] = [];

  /** The server sent a ping at `now`. */
  sent(now: number): void {
    this.outstanding.push(now);
    if (this.outstanding.length > 4) this.outstanding.shift();
  }

  /** The pong of the ping sent at `s` arrived at `now`: one RTT sample (false for a pong of nothing the server sent). */
  echoed(s: number, now: number): boolean {
    const i = this.outstanding.indexOf(s);
    if (i < 0 || now < s) return false;
    this.outstanding.splice(i, 1);
    this.samples.push({ rtt: now - s, at: now });
    if (this.samples.length > FAIR.samples) this.samples.shift();
    return true;
  }

  /** The connection's RTT now (ms), or null before any sample. */
  rttMs(now: number): number | null {
    const fresh = this.samples.filter((x) => now - x.at <= FAIR.sampleTtlMs);
    return fresh.length ? Math.min(...fresh.map((x) => x.rtt)) : null;
  }

  /** One-way latency estimate: half the RTT (0 before any sample: nothing is forgiven). */
  oneWayMs(now: number): number {
    return (this.rttMs(now) ?? 0) / 2;
  }
}
