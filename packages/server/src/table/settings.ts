/** The tunables every table reads: from the environment (config.ts) by default; tests change them. */
import { config } from '../config';
import type { FloodLimits } from '../flood';
import { realClock, type Clock } from './clock';

export interface TableSettings {
  /** Delay before a bot acts, so people can follow; tests use 0. */
  botDelayMs: number;
  /** Seconds a dropped player has to come back before a bot takes the seat. */
  reconnectSeconds: number;
  /** Seconds the host may be away before the host's powers pass to a player who is here (seats.ts). */
  hostAwaySeconds: number;
  allowTestSeed: boolean;
  /** Flood control: every message a client sends takes a token (see flood.ts). */
  flood: FloodLimits;
  /** What the tables created from now on read the time from and schedule on (a test may set a ManualClock). */
  clock: Clock;
}

export const settings: TableSettings = {
  botDelayMs: config.botDelayMs,
  reconnectSeconds: config.reconnectSeconds,
  hostAwaySeconds: config.hostAwaySeconds,
  allowTestSeed: config.allowTestSeed,
  flood: { burst: 30, perSecond: 15, strikes: 60 },
  clock: realClock,
};
