/**
 * The cards' moves: drawing the top card (an empty deck is refilled from the discard pile; a Wind event card drawn
 * is set aside to happen at the next safe moment), drawing into a hand, discarding from a hand, fresh hands after a
 * duel, and `locations`, where every card is (the conservation property's witness). No money and no turns here.
 */
import type { Seat } from '../core/game';
import type { DiscardReason, SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { isWindEvent } from './cards';
import { playerOf, table } from './own';
import { HAND_SIZE } from './shared';
import type { SaloonState } from './state';

/** The top card; an empty deck is refilled by shuffling the discard pile. */
export function takeTop(state: SaloonState, rng: Rng, events: SaloonEmitted[], by: Seat = state.active): string {
  for (;;) {
    if (state.deck.length === 0) {
      if (state.discard.length === 0) throw new Error('Saloon invariant broken: no card left to draw');
      state.deck = rng.shuffle(state.discard);
      state.discard = [];
      events.push({ type: 'reshuffled', count: state.deck.length });
    }
    const top = table(state, 'deck').shift() as string;
    if (!state.wind || !isWindEvent(top)) return top;
    // An event stops play: it waits for the next safe moment (or, drawn while one resolves, to be shuffled back).
    if (state.wind.resolving) state.wind.held.push(top);
    else state.wind.queue.push({ card: top, by });
    events.push({ type: 'wind_drawn', card: top, seat: by, held: state.wind.resolving });
  }
}

export function drawCards(state: SaloonState, seat: Seat, n: number, rng: Rng, events: SaloonEmitted[]): void {
  if (n <= 0) return;
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) drawn.push(takeTop(state, rng, events, seat));
  playerOf(state, seat).hand.push(...drawn);
  events.push({ type: 'drew', seat, count: n });
  events.push({ type: 'you_drew', to: [seat], seat, cards: drawn });
}

export function drawUpTo(state: SaloonState, seat: Seat, rng: Rng, events: SaloonEmitted[]): void {
  drawCards(state, seat, HAND_SIZE - playerOf(state, seat).hand.length, rng, events);
}

export function discardCards(state: SaloonState, seat: Seat, cards: readonly string[], reason: DiscardReason, events: SaloonEmitted[]): void {
  const hand = playerOf(state, seat).hand;
  for (const id of cards) {
    const i = hand.indexOf(id);
    if (i < 0) throw new Error(`Saloon invariant broken: ${id} is not in seat ${seat}'s hand`);
    hand.splice(i, 1);
  }
  table(state, 'discard').push(...cards);
  events.push({ type: 'discarded', seat, cards: [...cards], reason });
}

/** Both duelists (or bluffers) throw their hands away and draw 3, the threatener first. */
export function freshHands(state: SaloonState, seats: readonly Seat[], reason: DiscardReason, rng: Rng, events: SaloonEmitted[]): void {
  for (const s of seats) discardCards(state, s, [...playerOf(state, s).hand], reason, events);
  for (const s of seats) drawUpTo(state, s, rng, events);
}

/** Where every card is (for the conservation property). */
export function locations(state: SaloonState): Map<string, string> {
  const out = new Map<string, string>();
  const put = (id: string, where: string) => {
    if (out.has(id)) throw new Error(`Saloon invariant broken: ${id} is in ${out.get(id)} and ${where}`);
    out.set(id, where);
  };
  state.deck.forEach((id) => put(id, 'deck'));
  state.discard.forEach((id) => put(id, 'discard'));
  state.public.forEach((id) => put(id, 'public'));
  state.players.forEach((p, s) => p.hand.forEach((id) => put(id, `hand ${s}`)));
  if (state.phase.kind === 'standoff' || state.phase.kind === 'turkey') state.phase.flipped.forEach((id) => put(id, 'flipped'));
  if (state.wind) {
    state.wind.queue.forEach((q) => put(q.card, 'wind queue'));
    state.wind.held.forEach((id) => put(id, 'wind held'));
    state.wind.done.forEach((id) => put(id, 'wind done'));
  }
  return out;
}
