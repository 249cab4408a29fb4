/**
 * The attack: declared by the active player, both sides commit cards face down (attacker first), the reveal opens
 * the ability window (players alternate; two passes in a row close it), then the showdown — the best combos of the
 * revealed cards (values as Focus and Distract changed them, the events in play), Hits to a beaten defender (two at
 * High Noon), the played cards to the discard piles — and the attacker's step after it, which a pass ends.
 */
import type { Seat } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import { cloneState } from '../core/clone';
import { attackerWins, bestCombo, type Combo } from './combos';
import { removeFrom } from './deck';
import { takeHits } from './hits';
import type { CommitIntent } from './intents';
import { attack as ownAttack, pile, player, playerOf } from './own';
import { hasEvent, other } from './shared';
import type { RattlesnakeState } from './state';
import { revealedOf } from './view';

type Attack = NonNullable<RattlesnakeState['attack']>;

export function declareAttack(state: RattlesnakeState, seat: Seat, events: RattlesnakeEmitted[]): void {
  state.attacksLeft -= 1;
  state.attack = { attacker: seat, defender: other(seat), revealed: false, values: {} };
  state.step = { kind: 'attackerCommit' };
  events.push({ type: 'attack_declared', seat });
}

/** Cards committed face down: the attacker's, then the defender's, which reveals both. */
export function commit(state: RattlesnakeState, seat: Seat, intent: CommitIntent, events: RattlesnakeEmitted[]): void {
  const hand = pile(state, seat, 'hand');
  for (const c of intent.cards) removeFrom(hand, c);
  player(state, seat).committed = [...intent.cards];
  events.push({ type: 'committed', seat, count: intent.cards.length });
  events.push({ type: 'you_committed', to: [seat], seat, cards: [...intent.cards] });
  if (state.step.kind === 'attackerCommit') {
    state.step = { kind: 'defenderCommit' };
    return;
  }
  reveal(state, events);
}

/** A pass: in the window, the second in a row resolves the attack; after the attack, it ends it. */
export function pass(state: RattlesnakeState, seat: Seat, events: RattlesnakeEmitted[]): void {
  events.push({ type: 'passed', seat });
  if (state.step.kind === 'window') {
    const passes = state.step.passes + 1;
    if (passes >= 2) resolveAttack(state, events);
    else state.step = { kind: 'window', turn: other(seat), passes };
  } else if (state.step.kind === 'after') {
    finishAttack(state);
  }
}

function reveal(state: RattlesnakeState, events: RattlesnakeEmitted[]): void {
  const attack = ownAttack(state);
  attack.revealed = true;
  events.push({
    type: 'revealed',
    attacker: [...(playerOf(state, attack.attacker).committed ?? [])],
    defender: [...(playerOf(state, attack.defender).committed ?? [])],
  });
  state.step = { kind: 'window', turn: attack.attacker, passes: 0 };
}

/** The strongest combo of a seat's revealed cards, values as changed by Focus / Distract. */
export function comboOf(state: RattlesnakeState, seat: Seat): Combo | null {
  const committed = playerOf(state, seat).committed ?? [];
  const valued = revealedOf(state, committed).flatMap((r) => (r.value === null ? [] : [{ id: r.id, value: r.value }]));
  return bestCombo(valued, hasEvent(state.saloon, 'sandstorm'));
}

export function discardCommitted(state: RattlesnakeState): void {
  for (let seat = 0; seat < state.players.length; seat++) {
    const p = playerOf(state, seat);
    if (p.committed) pile(state, seat, 'discard').push(...p.committed);
    if (p.committed !== null) player(state, seat).committed = null;
  }
  if (state.attack) ownAttack(state).values = {};
}

function resolveAttack(state: RattlesnakeState, events: RattlesnakeEmitted[]): void {
  const attack = state.attack as Attack;
  const attackerCombo = comboOf(state, attack.attacker);
  const defenderCombo = comboOf(state, attack.defender);
  const won = attackerWins(attackerCombo, defenderCombo, {
    sandstorm: hasEvent(state.saloon, 'sandstorm'),
    deadeye: hasEvent(state.saloon, 'deadeye'),
  });
  settle(state, won, attackerCombo, defenderCombo, false, events);
}

/** Hits for a resolved attack, played cards to the discard piles, then the attacker's post-attack step. */
export function settle(
  state: RattlesnakeState,
  won: boolean,
  attackerCombo: Combo | null,
  defenderCombo: Combo | null,
  dodge: boolean,
  events: RattlesnakeEmitted[],
): void {
  const attack = state.attack as Attack;
  const hits = won ? 1 + (hasEvent(state.saloon, 'high-noon') ? 1 : 0) : 0;
  state.lastShowdown = { attacker: attack.attacker, defender: attack.defender, attackerCombo, defenderCombo, dodge, attackerWon: won, hits };
  events.push({ type: 'attack_resolved', ...cloneState(state.lastShowdown) });
  const goesOn = !won || takeHits(state, attack.defender, hits, events);
  discardCommitted(state);
  ownAttack(state).revealed = false;
  if (goesOn) state.step = { kind: 'after', success: won };
}

export function finishAttack(state: RattlesnakeState): void {
  state.attack = null;
  state.step = { kind: 'main' };
}
