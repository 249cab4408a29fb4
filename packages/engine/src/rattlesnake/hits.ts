/**
 * Hits and the end of the game: a Hit taken moves from in front of a player into its discard pile (or, for Double
 * Tap, shuffled into its deck) and resets the stalemate count; the last Hit taken ends the game, won by the other
 * player.
 */
import type { Outcome, Seat } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { pile, player, playerOf } from './own';
import { other } from './shared';
import type { RattlesnakeState } from './state';

/**
 * Moves n Hits from in front of the seat into its discard pile (or, for Double Tap, shuffled into its deck); ends the
 * game at 0. Returns false if the game ended.
 */
export function takeHits(state: RattlesnakeState, seat: Seat, n: number, events: RattlesnakeEmitted[], into: { deck: Rng } | null = null): boolean {
  for (let i = 0; i < n && playerOf(state, seat).hits.length > 0; i++) {
    const hits = pile(state, seat, 'hits');
    const hit = hits.pop() as string;
    state.quiet = 0;
    if (into) {
      const p = player(state, seat);
      p.deck = into.deck.shuffle([...p.deck, hit]);
      p.knownTop = null;
      events.push({ type: 'hit_taken', seat, cardId: hit, left: hits.length, into: 'deck' });
    } else {
      pile(state, seat, 'discard').push(hit);
      events.push({ type: 'hit_taken', seat, cardId: hit, left: hits.length });
    }
  }
  if (playerOf(state, seat).hits.length === 0) {
    state.step = { kind: 'over' };
    state.winner = other(seat);
    state.response = null;
    state.scout = null;
    events.push({ type: 'game_won', seat: other(seat) });
    return false;
  }
  return true;
}

export function outcome(state: RattlesnakeState): Outcome | null {
  if (state.step.kind !== 'over' || state.winner === null) return null;
  return { winners: [state.winner], scores: state.players.map((p) => p.hits.length) };
}
