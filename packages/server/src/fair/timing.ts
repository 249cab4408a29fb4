/**
 * Fair races: the timing policy. A racer's shot is judged by its reaction time after "Go!" (which every client shows
 * at the same instant of the server's clock, see clock.ts), not by when it reaches the server — as far as the server
 * can check the claim. Pure functions and the numbers, in one place; the model and its limits: docs/fair-races.md.
 */

export const FAIR = {
  /**
   * How much sooner than the server can check (its arrival time minus the racer's measured one-way latency) a claimed
   * reaction may be: jitter and clock error of an honest client, and all a lying client can gain.
   */
  toleranceMs: 25,
  /** The most latency one racer is forgiven in one race (lichess-style lag quota): a far racer beyond it loses time. */
  lagQuotaMs: 150,
  /** The same in a response window, where both ways are forgiven (the news came late, the answer went late). */
  windowQuotaMs: 300,
  /** A racer's cards leave this long (plus its one-way latency) before "Go!", to be shown at "Go!". */
  previewLeadMs: 150,
  /** When the send time of those cards is fixed (before "Go!"), from the latency measured then. */
  previewAimMs: 600,
  /**
   * A racer's shot that reaches the server this long after its race ended (won by a quicker shot, or its window
   * closed) and that the engine now refuses is dropped, not refused: it left before its shooter's screen showed the
   * result, which answers it. A round trip at most, on any network a race is fair on; later ones are refused.
   */
  lateShotMs: 1000,
  /**
   * The most of a server stall (its process kept from reading its sockets, fair/loop-lag.ts) that a human's shot read
   * after it is given back: the shot may have come any time during the stall. Also all a lying client can gain then.
   */
  stallMs: 250,
  /** Clock sync: RTT samples older than this are forgotten (a connection's latency changes). */
  sampleTtlMs: 60_000,
  /** Clock sync: samples kept per connection (the estimate is the lowest: the least queued one). */
  samples: 8,
} as const;

/** One shot's timing, as the server sees it. All times on the server's clock (ms). */
export interface ShotTiming {
  goAt: number;
  /** When the server read the shot. */
  arrival: number;
  /**
   * The server stalled just before it read the shot (fair/loop-lag.ts): it may have reached the server any time in the
   * last `stallMs` before `arrival`. Default 0.
   */
  stallMs?: number;
  /** The client's claimed reaction (ms from the frame that showed "Go!" to the input); undefined: no claim. */
  claimedMs?: number;
  /** The racer's measured one-way latency (RTT / 2; 0 for a bot or a racer that never synced). */
  oneWayMs: number;
  /** What is left of this racer's lag quota in this race. */
  quotaLeftMs: number;
  /** A reaction under this is a false start (the game's; 0: none). */
  falseStartMs: number;
  /**
   * "Go!" was shown at `goAt` on every screen (default). False: a response window, shown on each screen when the state
   * arrived: the claim counts from there, so the network may have taken the round trip, not one way.
   */
  scheduled?: boolean;
}

export interface TimingVerdict {
  /** The shot's time for the engine: "Go!" + the reaction accepted. */
  at: number;
  /** The reaction accepted (ms after "Go!"); under `falseStartMs` the engine calls it a false start. */
  reactionMs: number;
  /** How much of the time between the accepted moment and the arrival was forgiven (taken from the lag quota). */
  forgivenMs: number;
  /** The claim was earlier than the server could check and was moved later (the lie or the jitter beyond tolerance). */
  clamped: boolean;
}

/**
 * How far before its arrival a racer's shot may be placed: its one-way latency (both ways in a response window) plus
 * the tolerance, within its quota.
 */
export function allowanceMs(oneWayMs: number, quotaLeftMs: number, scheduled = true): number {
  return Math.max(0, Math.min((scheduled ? 1 : 2) * oneWayMs + FAIR.toleranceMs, quotaLeftMs));
}

/**
 * The accepted time of one shot. A claim under the human floor is a false start as claimed. Otherwise the shot is
 * placed at "Go!" + the claim (in a response window, the claim counts from when the window showed on the player's
 * screen: reactions are compared, wherever the players sit), but never earlier than arrival − allowance (the claim cannot beat what the network allows), and never after its
 * arrival. After a stall of the server, "arrival" is its earliest possible time for the first bound, and when the
 * server read it for the second. No claim: when the server read it.
 */
export function judgeTiming(t: ShotTiming): TimingVerdict {
  const allowance = allowanceMs(t.oneWayMs, t.quotaLeftMs, t.scheduled !== false);
  const earliest = t.arrival - (t.stallMs ?? 0) - allowance;
  const claim = t.claimedMs === undefined ? t.arrival : t.goAt + t.claimedMs;
  if (t.claimedMs !== undefined && t.claimedMs < t.falseStartMs) {
    // A false start as claimed (the engine misfires it); its lock-out runs from when it can have been fired.
    const at = Math.max(t.goAt, Math.min(t.arrival, Math.max(claim, earliest)));
    return { at, reactionMs: t.claimedMs, forgivenMs: t.arrival - at, clamped: false };
  }
  const at = Math.min(t.arrival, Math.max(claim, earliest));
  return { at, reactionMs: at - t.goAt, forgivenMs: t.arrival - at, clamped: claim < earliest };
}

/**
 * How long after a shot's accepted time the race must wait before judging it: the largest allowance of any racer, so a
 * quicker shot from a far racer, still on its way, is not beaten by a slower one from a near racer.
 */
export function collectionWindowMs(allowances: readonly number[]): number {
  return allowances.reduce((m, a) => Math.max(m, a), 0);
}
