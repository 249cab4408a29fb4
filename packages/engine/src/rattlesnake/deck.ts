/**
 * The cards' moves in a player's own pile: drawing (an empty deck is refilled by shuffling the discard pile; whatever
 * was known on top leaves it), drawing up to the hand size, discarding a whole hand, taking a card out of a list, and
 * `locations`, where every card is (the conservation property's witness).
 */
import type { Seat } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { pile, player, playerOf } from './own';
import { handSize } from './shared';
import type { RattlesnakeState } from './state';

/** Draws up to n cards, reshuffling the discard pile into an empty deck; stops when both are empty. */
export function draw(state: RattlesnakeState, seat: Seat, n: number, rng: Rng, events: RattlesnakeEmitted[]): string[] {
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = takeTop(state, seat, rng, events);
    if (c === null) break;
    pile(state, seat, 'hand').push(c);
    drawn.push(c);
  }
  if (drawn.length > 0) {
    events.push({ type: 'drew', seat, count: drawn.length });
    events.push({ type: 'you_drew', to: [seat], seat, cards: [...drawn] });
  }
  return drawn;
}

/** The top card of a player's deck (refilled from the discard pile if empty), removed; null when both are empty. */
export function takeTop(state: RattlesnakeState, seat: Seat, rng: Rng, events: RattlesnakeEmitted[]): string | null {
  const seen = playerOf(state, seat);
  if (seen.deck.length === 0 && seen.discard.length === 0) return null;
  const p = player(state, seat);
  if (p.deck.length === 0) {
    p.deck = rng.shuffle(p.discard);
    p.discard = [];
    events.push({ type: 'reshuffled', seat, count: p.deck.length });
  }
  p.knownTop = null; // whatever was known on top leaves it now
  return pile(state, seat, 'deck').shift() ?? null;
}

export function drawUpTo(state: RattlesnakeState, seat: Seat, rng: Rng, events: RattlesnakeEmitted[]): void {
  const need = handSize(state.saloon) - playerOf(state, seat).hand.length;
  if (need > 0) draw(state, seat, need, rng, events);
}

export function discardHand(state: RattlesnakeState, seat: Seat, events: RattlesnakeEmitted[]): void {
  const p = player(state, seat);
  const cards = p.hand;
  p.hand = [];
  pile(state, seat, 'discard').push(...cards);
  events.push({ type: 'discarded_hand', seat, cards: [...cards] });
}

export function removeFrom(list: string[], id: string): void {
  const i = list.indexOf(id);
  if (i < 0) throw new Error(`Rattlesnake invariant broken: ${id} is not where it should be`);
  list.splice(i, 1);
}

/** Every card's location, for conservation checks (debug/test helper). */
export function locations(state: RattlesnakeState): Map<string, string> {
  const out = new Map<string, string>();
  const put = (ids: readonly (string | null)[], where: string) => {
    for (const id of ids) {
      if (id === null) continue;
      if (out.has(id)) throw new Error(`${id} is in both ${out.get(id)} and ${where}`);
      out.set(id, where);
    }
  };
  state.players.forEach((p, s) => {
    put(p.deck, `deck${s}`);
    put(p.hand, `hand${s}`);
    put(p.discard, `discard${s}`);
    put(p.hits, `hits${s}`);
    put(p.committed ?? [], `committed${s}`);
  });
  put(state.saloon, 'saloon');
  put(state.saloonDeck, 'saloonDeck');
  put(state.box, 'box');
  put(state.graveyard, 'graveyard');
  return out;
}
