import type { Seat } from '../core/game';
import { BIG_HAND_SIZE, eventId, eventOf, HAND_SIZE, type EventKind } from './cards';
import type { RattlesnakeState } from './state';

/** Rules that both the state and the view need, kept in one place. */
export function activeEvents(saloon: readonly (string | null)[]): EventKind[] {
  const out: EventKind[] = [];
  for (const id of saloon) {
    const e = id === null ? null : eventOf(id);
    if (e) out.push(e);
  }
  return out;
}

/** Each event's card id (`e-{event}`): the one card that puts it in play. */
const EVENT_CARD: Record<EventKind, string> = {
  'high-noon': eventId('high-noon'),
  'locked-and-loaded': eventId('locked-and-loaded'),
  snakebite: eventId('snakebite'),
  'last-call': eventId('last-call'),
  sandstorm: eventId('sandstorm'),
  deadeye: eventId('deadeye'),
};

/** Whether the event is in play: its card lies in the saloon. */
export function hasEvent(saloon: readonly (string | null)[], e: EventKind): boolean {
  return saloon.includes(EVENT_CARD[e]);
}

export function handSize(saloon: readonly (string | null)[]): number {
  return hasEvent(saloon, 'locked-and-loaded') ? BIG_HAND_SIZE : HAND_SIZE;
}

export function buyCost(saloon: readonly (string | null)[]): number {
  return hasEvent(saloon, 'last-call') ? 1 : 2;
}

export function other(seat: Seat): Seat {
  return 1 - seat;
}

/** Whose decision the game waits for. */
export function pendingOf(state: Pick<RattlesnakeState, 'step' | 'response' | 'scout' | 'active' | 'attack'>): Seat[] {
  if (state.step.kind === 'over') return [];
  if (state.response) return [other(state.response.seat)];
  if (state.scout) return [state.scout.seat];
  switch (state.step.kind) {
    case 'main':
      return [state.active];
    case 'attackerCommit':
    case 'after':
      return [state.attack ? state.attack.attacker : state.active];
    case 'defenderCommit':
      return [state.attack ? state.attack.defender : other(state.active)];
    case 'window':
      return [state.step.turn];
  }
}
