/**
 * How long this process may have kept a message waiting before reading it: its event loop busy with other tables, or
 * the process not running at all (a loaded machine). A shot's arrival is read when the loop gets to it, not when its
 * bytes reached the machine; without this, a far racer whose shot came during a stall was judged by the stall too.
 * A heartbeat timer ticks every `periodMs` while someone asks; a gap between its ticks longer than two periods is a
 * stall, and a message read just after it may have waited all of it. (fair-races.md, "A server that stalls".)
 */

export const LOOP_LAG = {
  /** The heartbeat's period (ms). */
  periodMs: 10,
  /** The heartbeat stops this long after the last question (ms): a table with no race and no page costs nothing. */
  idleAfterMs: 30_000,
} as const;

/** The stall arithmetic, on the times of the heartbeat's ticks (pure: tests feed it times). */
export class LoopLag {
  private last = Number.NaN;
  private before = Number.NaN;

  constructor(private readonly periodMs: number = LOOP_LAG.periodMs) {}

  /** The heartbeat ran at `now`. */
  tick(now: number): void {
    this.before = this.last;
    this.last = now;
  }

  /** Forget the ticks (the heartbeat stopped: a gap from before it is no stall). */
  reset(): void {
    this.last = this.before = Number.NaN;
  }

  /**
   * How long a message read at `now` may have waited unread: 0 while the heartbeat keeps time. After a stall the
   * loop runs its overdue timers (this heartbeat among them) before it reads the sockets, so the stall shows between
   * the last two ticks, or between the last tick and now.
   */
  lagMs(now: number): number {
    if (Number.isNaN(this.before)) return 0;
    return Math.max(0, now - this.before - 2 * this.periodMs);
  }
}

/** The process's heartbeat: started by the first question, stopped once nobody has asked for `idleAfterMs`. */
class ProcessLoopLag {
  private lag = new LoopLag();
  private timer: NodeJS.Timeout | null = null;
  private askedAt = 0;

  /** Whether the heartbeat runs. */
  get running(): boolean {
    return this.timer !== null;
  }

  lagMs(): number {
    const now = performance.now();
    this.askedAt = now;
    if (!this.timer) {
      this.lag.reset();
      this.lag.tick(now);
      this.timer = setInterval(() => this.beat(), LOOP_LAG.periodMs);
      this.timer.unref();
    }
    return this.lag.lagMs(now);
  }

  private beat(): void {
    const now = performance.now();
    if (now - this.askedAt > LOOP_LAG.idleAfterMs && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      return;
    }
    this.lag.tick(now);
  }
}

export const processLoopLag = new ProcessLoopLag();
