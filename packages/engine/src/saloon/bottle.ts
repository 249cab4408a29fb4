/**
 * The Bottle's second use, "Crash!": a player holding three cards of the threatening gun's colour hits the
 * threatener, which stops the threat (or the duel it became: the duelists keep the swapped hands); the hitter shows
 * the cards, draws a fresh hand and collects $20 from the bank. In a Mexican Standoff's chain the hit sends a gun
 * holder out instead (standoff.ts). Its first use, a shot in a duel or Truel, is judged with the shot.
 */
import type { Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { bulletsOf } from './cards';
import { discardCards, drawUpTo } from './deck';
import { bankPays } from './economy';
import { BOTTLE_REWARD } from './numbers';
import { standoffCrash } from './standoff';
import type { Phase, SaloonState } from './state';
import { finishThreat } from './turn';
import { playerOf } from './own';

export function crash(state: SaloonState, seat: Seat, rng: Rng, events: SaloonEmitted[]): void {
  if (state.phase.kind === 'standoff') {
    standoffCrash(state, seat, rng, events);
    return;
  }
  const ph = state.phase as Extract<Phase, { kind: 'threat' | 'duel' }>;
  const cards = [...playerOf(state, seat).hand];
  state.lastReveal = { kind: 'bottle', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount: BOTTLE_REWARD };
  events.push({ type: 'crashed', seat, target: ph.threatener, gun: ph.gun, cards, stopped: ph.kind });
  if (ph.kind === 'duel') {
    state.lastDuel = { threatener: ph.threatener, target: ph.target, winner: null, result: 'stopped', shots: ph.shots };
    // The duelists keep the hands they now hold (swapped); before "Go!" they see them from now on.
    if (!ph.go) for (const s of [ph.threatener, ph.target]) events.push({ type: 'duel_hand', to: [s], seat: s, cards: [...playerOf(state, s).hand] });
  }
  discardCards(state, seat, cards, 'bottle', events);
  drawUpTo(state, seat, rng, events);
  bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  finishThreat(state, rng, events);
}
