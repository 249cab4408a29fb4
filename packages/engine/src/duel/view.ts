import type { Seat } from '../core/game';
import { FULL_HAND, without, type Card } from './cards';
import { legalCommits, waiting, type DuelIntent } from './rules';
import type { Commit, DuelState, Reveal } from './state';
import { cloneState } from '../core/clone';

export interface DuelPlayerView {
  money: number;
  alive: boolean;
  handCount: number;
  /** Played this round, face up. */
  aside: Card[];
  /** Placed a face-down card for this shootout. */
  committed: boolean;
}

/** What one seat (or a spectator, `seat: null`) may know. Nothing here is secret from that recipient. */
export interface DuelView {
  seat: Seat | null;
  target: number;
  round: number;
  shootout: number;
  phase: DuelState['phase'];
  players: DuelPlayerView[];
  /** Own hand; empty for a spectator. */
  hand: Card[];
  /** Own face-down card until the reveal; null for a spectator or before committing. */
  commit: Commit | null;
  lastReveal: Reveal | null;
  winner: Seat | null;
}

export function view(state: DuelState, seat: Seat | null): DuelView {
  const me = seat === null ? null : state.players[seat];
  return {
    seat,
    target: state.options.target,
    round: state.round,
    shootout: state.shootout,
    phase: state.phase,
    players: state.players.map((p) => ({
      money: p.money,
      alive: p.alive,
      handCount: p.hand.length,
      aside: [...p.aside],
      committed: p.commit !== null,
    })),
    hand: me ? [...me.hand] : [],
    commit: me?.commit ? { ...me.commit } : null,
    lastReveal: state.lastReveal ? cloneState(state.lastReveal) : null,
    winner: state.winner,
  };
}

/** Seats still to decide, from a view (the same rule as `pending(state)`). */
export function pendingFromView(v: Pick<DuelView, 'phase' | 'players'>): Seat[] {
  return waiting(v.phase, v.players);
}

/** The legal intents of the viewing seat, from its view alone: clients and bots use this, not a copy of the rules. */
export function legalFromView(v: DuelView): DuelIntent[] {
  if (v.seat === null || !pendingFromView(v).includes(v.seat)) return [];
  const opponents = v.players.flatMap((p, s) => (s !== v.seat && p.alive ? [s] : []));
  return legalCommits(v.hand, opponents);
}

/**
 * Cards a player may still hold (face-down card included): everyone starts a round with the same six,
 * and played cards are public, so this is exact as a multiset.
 */
export function cardsLeft(p: Pick<DuelPlayerView, 'aside'>): Card[] {
  return without(FULL_HAND, p.aside);
}
