/**
 * Clock sync, shared by the web client and test players (pure: the caller reads its clock and passes the times).
 */

/**
 * The server's clock on this machine, NTP-style. The client sends `clock {c}` (its local time); the server answers
 * `clock {c, s}` with its own. With the answer's arrival `r`, the round trip is `r − c` and, assuming the two ways
 * take as long, the server's clock read `s` at `c + rtt/2`: offset = s + rtt/2 − r. The sample with the lowest round
 * trip (the least queued) among the recent ones wins: its error is at most half its round trip's asymmetry.
 */
export class ClockSync {
  /** Samples kept (the newest). */
  static readonly KEEP = 8;
  private samples: { rtt: number; offset: number }[] = [];

  /** An answer from the server received at `receivedAt` (local clock); false when it is not a usable sample. */
  sample(message: unknown, receivedAt: number): boolean {
    const m = message as { c?: unknown; s?: unknown } | null;
    if (!m || typeof m.c !== 'number' || typeof m.s !== 'number' || !Number.isFinite(m.c) || !Number.isFinite(m.s)) return false;
    const rtt = receivedAt - m.c;
    if (rtt < 0 || rtt > 10_000) return false;
    this.samples.push({ rtt, offset: m.s + rtt / 2 - receivedAt });
    if (this.samples.length > ClockSync.KEEP) this.samples.shift();
    return true;
  }

  /** The best sample: the lowest round trip. */
  private best(): { rtt: number; offset: number } | null {
    return this.samples.reduce<{ rtt: number; offset: number } | null>((b, x) => (!b || x.rtt < b.rtt ? x : b), null);
  }

  /** Whether any answer came back yet. */
  get synced(): boolean {
    return this.samples.length > 0;
  }

  /** The round trip of the best sample (ms), or null before any. */
  get rttMs(): number | null {
    return this.best()?.rtt ?? null;
  }

  /** Server clock − local clock (ms) at local time `local`; before any sample, this machine's wall clock is taken for the server's. */
  offset(local: number): number {
    const b = this.best();
    return b ? b.offset : Date.now() - local;
  }

  /** The server's clock now (ms). */
  serverNow(local: number): number {
    return local + this.offset(local);
  }
}
