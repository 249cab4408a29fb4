/**
 * A turn's end: the other player's turn starts (one attack, no buy yet), the stalemate rule (after STALEMATE_TURNS
 * turns in a row without a Hit, the player starting the next turn takes one), and both hands drawn back up.
 */
import type { RattlesnakeEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { drawUpTo } from './deck';
import { takeHits } from './hits';
import { STALEMATE_TURNS } from './numbers';
import { other } from './shared';
import type { RattlesnakeState } from './state';

export function endTurn(state: RattlesnakeState, rng: Rng, events: RattlesnakeEmitted[]): void {
  events.push({ type: 'turn_ended', seat: state.active });
  state.active = other(state.active);
  state.turn += 1;
  state.bought = false;
  state.attacksLeft = 1;
  state.step = { kind: 'main' };
  state.attack = null;
  events.push({ type: 'turn_started', seat: state.active, turn: state.turn });
  state.quiet = (state.quiet ?? 0) + 1;
  if (state.quiet >= STALEMATE_TURNS) {
    events.push({ type: 'stalemate', seat: state.active, turns: state.quiet });
    if (!takeHits(state, state.active, 1, events)) return;
  }
  drawUpTo(state, state.active, rng, events);
  drawUpTo(state, other(state.active), rng, events);
}
