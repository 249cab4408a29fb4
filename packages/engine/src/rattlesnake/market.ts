/**
 * The saloon's market: buying a face-up action card (paid by discarding cards from your hand), and the slot refilled
 * from the saloon's piles — an event card drawn there takes effect (Snakebite: whoever has 2 Hits or more takes one).
 */
import type { Seat } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import { eventOf } from './cards';
import { removeFrom } from './deck';
import { takeHits } from './hits';
import type { BuyIntent } from './intents';
import { pile, playerOf, table } from './own';
import { other } from './shared';
import type { RattlesnakeState } from './state';

export function buy(state: RattlesnakeState, seat: Seat, intent: BuyIntent, events: RattlesnakeEmitted[]): void {
  const hand = pile(state, seat, 'hand');
  for (const c of intent.discard) removeFrom(hand, c);
  pile(state, seat, 'discard').push(...intent.discard);
  const saloon = table(state, 'saloon');
  const slot = saloon.indexOf(intent.cardId);
  saloon[slot] = null;
  hand.push(intent.cardId);
  state.bought = true;
  events.push({ type: 'bought', seat, cardId: intent.cardId, slot, discarded: [...intent.discard] });
  refillSlot(state, slot, events);
}

function refillSlot(state: RattlesnakeState, slot: number, events: RattlesnakeEmitted[]): void {
  const next = state.saloonDeck.length === 0 ? undefined : table(state, 'saloonDeck').shift();
  if (next === undefined) {
    events.push({ type: 'saloon_slot_empty', slot });
    return;
  }
  table(state, 'saloon')[slot] = next;
  const ev = eventOf(next);
  events.push({ type: 'saloon_refilled', slot, cardId: next, event: ev });
  if (ev === 'snakebite') {
    for (const s of [state.active, other(state.active)]) {
      if (playerOf(state, s).hits.length >= 2) takeHits(state, s, 1, events);
    }
  }
}
