import type { RngState } from '../core/rng';
import type { Seat } from '../core/game';
import type { Card } from './cards';

export interface DuelOptions {
  /** Money that wins the game: $3–$10, $5 by default. */
  target: number;
}

export const DEFAULT_OPTIONS: DuelOptions = { target: 5 };
export const TARGET_RANGE = { min: 3, max: 10 } as const;
export const SEAT_RANGE = { min: 2, max: 6 } as const;
/**
 * How long a reveal stays on the table, readable, before anyone's next card is shown (issue 12): the client holds
 * the revealed round on screen this long, and the server's bots wait at least this long before placing their next card.
 */
export const REVEAL_HOLD_MS = 1500;

export interface Commit {
  card: Card;
  /** The living opponent aimed at; only for a pistol or a rifle. */
  target: Seat | null;
}

export interface DuelPlayer {
  money: number;
  /** Heart showing (true) or grave (false), for the current round. */
  alive: boolean;
  hand: Card[];
  /** Cards played this round, face up. */
  aside: Card[];
  /** Face-down choice for the current shootout, secret until every living player has committed. */
  commit: Commit | null;
}

export interface Play {
  seat: Seat;
  card: Card;
  target: Seat | null;
}

/** What happened at the last reveal, public once revealed. */
export interface Reveal {
  round: number;
  shootout: number;
  plays: Play[];
  hit: Seat[];
  reloaded: Seat[];
}

export interface DuelState {
  options: DuelOptions;
  players: DuelPlayer[];
  round: number;
  shootout: number;
  phase: 'shootout' | 'over';
  lastReveal: Reveal | null;
  winner: Seat | null;
  rng: RngState;
}
