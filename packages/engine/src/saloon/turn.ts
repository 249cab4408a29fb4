/**
 * A turn: the quiet actions of the player whose turn it is (Draw, then Discard; Cash Loot; Wanted Alive as a Cash
 * Loot action) and how a turn ends — the dealer's public cards replaced, an empty Bounty reset from the bank, the
 * game over if its end was due after this player, else the next player's turn. A threat's end (`finishThreat`)
 * ends the threatener's turn, except during Showdown at Noon, when nobody's turn ends.
 */
import type { Outcome, Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { COLOURS } from './cards';
import { discardCards, drawCards, drawUpTo, takeTop } from './deck';
import { playerOf, table } from './own';
import { bankPays, claimBounty } from './economy';
import { outcome } from './end';
import type { CashLootIntent, DiscardIntent, DrawIntent, WantedIntent } from './intents';
import { BOOTY_VALUE, BOUNTY_RESET } from './numbers';
import { PUBLIC_CARDS } from './shared';
import type { SaloonState } from './state';
import { at } from '../core/at';

export function endTurn(state: SaloonState, rng: Rng, events: SaloonEmitted[]): void {
  const a = state.active;
  if (state.dealer === a) {
    const old = state.public;
    state.public = [];
    table(state, 'discard').push(...old);
    for (let i = 0; i < PUBLIC_CARDS; i++) table(state, 'public').push(takeTop(state, rng, events));
    events.push({ type: 'public_replaced', seat: a, discarded: old, cards: [...state.public] });
  }
  if (playerOf(state, a).bounty === 0) bankPays(state, a, BOUNTY_RESET, 'bounty', 'bounty_reset', events);
  events.push({ type: 'turn_ended', seat: a });
  if (state.endAfter === a) {
    state.phase = { kind: 'over' };
    const o = outcome(state) as Outcome;
    events.push({ type: 'game_over', winners: o.winners, scores: o.scores });
    return;
  }
  state.active = (a + 1) % state.players.length;
  state.turn += 1;
  state.phase = { kind: 'turn' };
  events.push({ type: 'turn_started', seat: state.active, turn: state.turn });
}

/** The threat (and any duel) is over: the gun goes back on the table and the threatener's turn ends. */
export function finishThreat(state: SaloonState, rng: Rng, events: SaloonEmitted[]): void {
  for (const c of COLOURS) state.guns[c] = null;
  if ((state.phase.kind === 'duel' || state.phase.kind === 'standoff') && state.phase.wind) {
    // Showdown at Noon: nobody's turn ends; the turn that was starting goes on (after any other waiting event).
    state.phase = { kind: 'turn' };
    return;
  }
  endTurn(state, rng, events);
}

/** Draw the top of the deck, or a public card (replaced at once; the drawer takes the dealer token). */
export function draw(state: SaloonState, seat: Seat, intent: DrawIntent, rng: Rng, events: SaloonEmitted[]): void {
  if (intent.from === 'deck') drawCards(state, seat, 1, rng, events);
  else {
    const index = intent.from;
    const taken = at(state.public, index, 'check lets only a public card through');
    playerOf(state, seat).hand.push(taken);
    const card = takeTop(state, rng, events, seat);
    table(state, 'public')[index] = card;
    events.push({ type: 'drew_public', seat, index, card: taken, replacement: card });
    if (state.dealer !== seat) {
      state.dealer = seat;
      events.push({ type: 'dealer_moved', seat });
    }
  }
  state.phase = { kind: 'discard' };
}

/** After a Draw: the one card thrown away ends the turn. */
export function discard(state: SaloonState, seat: Seat, intent: DiscardIntent, rng: Rng, events: SaloonEmitted[]): void {
  discardCards(state, seat, intent.cards, 'draw', events);
  endTurn(state, rng, events);
}

/** Cash Loot: Booty cards for $10 each from the bank, then draw back to 3. */
export function cashLoot(state: SaloonState, seat: Seat, intent: CashLootIntent, rng: Rng, events: SaloonEmitted[]): void {
  discardCards(state, seat, intent.cards, 'cash_loot', events);
  events.push({ type: 'cashed_loot', seat, cards: [...intent.cards] });
  bankPays(state, seat, BOOTY_VALUE * intent.cards.length, 'loot', 'cash_loot', events);
  drawUpTo(state, seat, rng, events);
  endTurn(state, rng, events);
}

/** Wanted Alive as a Cash Loot action: three Wanted Alive cards take another player's whole Bounty. */
export function wanted(state: SaloonState, seat: Seat, intent: WantedIntent, rng: Rng, events: SaloonEmitted[]): void {
  discardCards(state, seat, intent.cards, 'wanted', events);
  events.push({ type: 'wanted_alive', seat, target: intent.target, cards: [...intent.cards], answer: false });
  claimBounty(state, seat, intent.target, 'wanted', events);
  drawUpTo(state, seat, rng, events);
  endTurn(state, rng, events);
}
