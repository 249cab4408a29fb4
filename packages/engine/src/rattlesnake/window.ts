/**
 * The ability window: an action card used from the hand goes to the graveyard and waits for the opponent's answer —
 * allow it (its effect happens, abilities.ts) or Take Cover (cancelled; both cards stay in the graveyard). Then play
 * goes back to the window, the other player's turn to act, or, for a Quick Draw after the attack, the attack ends.
 * A resolved Scout waits for its user to put one drawn card back on top of the deck.
 */
import type { Seat } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { resolveAbility } from './abilities';
import { finishAttack } from './attack';
import { abilityOf } from './cards';
import { removeFrom } from './deck';
import type { AbilityIntent, AllowIntent, CoverIntent, PutBackIntent } from './intents';
import { pile, player, table } from './own';
import { other } from './shared';
import type { RattlesnakeState, UsedAbility } from './state';

export function useAbility(state: RattlesnakeState, seat: Seat, intent: AbilityIntent, events: RattlesnakeEmitted[]): void {
  removeFrom(pile(state, seat, 'hand'), intent.cardId);
  table(state, 'graveyard').push(intent.cardId);
  const ability = abilityOf(intent.cardId);
  if (ability === null) throw new Error(`Rattlesnake invariant broken: ${intent.cardId} is not an action card (checked before)`);
  const used: UsedAbility = { seat, cardId: intent.cardId, ability };
  if (intent.target !== undefined) used.target = intent.target;
  if (intent.value !== undefined) used.value = intent.value;
  if (intent.delta !== undefined) used.delta = intent.delta;
  if (intent.mode !== undefined) used.mode = intent.mode;
  if (intent.take !== undefined) used.take = intent.take;
  state.response = used;
  events.push({ type: 'ability_used', ...used });
}

/** The opponent's answer to an ability: allow it (it happens) or cover it (Take Cover cancels it). */
export function respond(state: RattlesnakeState, seat: Seat, intent: AllowIntent | CoverIntent, rng: Rng, events: RattlesnakeEmitted[]): void {
  const used = state.response as UsedAbility;
  state.response = null;
  if (intent.type === 'cover') {
    removeFrom(pile(state, seat, 'hand'), intent.cardId);
    table(state, 'graveyard').push(intent.cardId);
    events.push({ type: 'covered', seat, cardId: intent.cardId, cancelled: used.cardId });
  } else {
    events.push({ type: 'allowed', seat, cardId: used.cardId });
    resolveAbility(state, used, rng, events);
  }
  if (state.step.kind !== 'over') afterAbility(state, used, intent.type === 'cover');
}

/** Where play goes once an ability was answered (resolved or cancelled). */
function afterAbility(state: RattlesnakeState, used: UsedAbility, cancelled: boolean): void {
  const step = state.step;
  if (step.kind === 'window') {
    state.step = { kind: 'window', turn: other(used.seat), passes: 0 };
  } else if (step.kind === 'after' && used.ability === 'quick-draw') {
    finishAttack(state);
  }
  void cancelled;
}

/** Scout's second half: one of the two drawn cards goes back on top of the deck (its owner knows it is there). */
export function putBack(state: RattlesnakeState, seat: Seat, intent: PutBackIntent, events: RattlesnakeEmitted[]): void {
  const scout = state.scout as { seat: Seat; drawn: string[] };
  state.scout = null;
  removeFrom(pile(state, seat, 'hand'), intent.cardId);
  pile(state, seat, 'deck').unshift(intent.cardId);
  player(state, seat).knownTop = intent.cardId;
  events.push({ type: 'put_back', seat });
  events.push({ type: 'you_put_back', to: [seat], seat, cardId: intent.cardId, kept: scout.drawn.filter((c) => c !== intent.cardId) });
}
