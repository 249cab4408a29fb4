/**
 * How the game ends: $130 Loot or a third Wound triggers the end, which comes at the end of the turn of the player
 * to that one's right; then the highest score wins (Loot + Bounty − $10 a Wound), ties broken by Bounty, still tied
 * shared. Called by every money move and every Wound.
 */
import type { Outcome, Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import { END_LOOT, END_WOUNDS } from './numbers';
import { scoreOf } from './shared';
import type { SaloonPlayer, SaloonState } from './state';
import { playerOf } from './own';
import { at } from '../core/at';

/** $130 Loot or a third Wound: the game will end at the end of the turn of the player to this one's right. */
export function checkEnd(state: SaloonState, seat: Seat, events: SaloonEmitted[]): void {
  if (state.endAfter !== null) return;
  const p = playerOf(state, seat);
  const reason = p.loot >= END_LOOT ? 'loot' : p.wounds >= END_WOUNDS ? 'wounds' : null;
  if (!reason) return;
  const n = state.players.length;
  state.endAfter = (seat - 1 + n) % n;
  events.push({ type: 'end_triggered', seat, reason, endAfter: state.endAfter });
}

/** Highest score; ties broken by Bounty; still tied → shared. */
export function winnersOf(players: readonly SaloonPlayer[]): Seat[] {
  const scores = players.map(scoreOf);
  const best = Math.max(...scores);
  const top = players.map((_, s) => s).filter((s) => scores[s] === best);
  const bountyOf = (s: Seat) => at(players, s, 'the best scores are seats of players').bounty;
  const bestBounty = Math.max(...top.map(bountyOf));
  return top.filter((s) => bountyOf(s) === bestBounty);
}

export function outcome(state: SaloonState): Outcome | null {
  if (state.phase.kind !== 'over') return null;
  return { winners: winnersOf(state.players), scores: state.players.map(scoreOf) };
}
