/**
 * Copy on write for the table's big card lists. A step's copy of the state (`copyForStep`) shares the deck, the
 * discard pile and the public cards with the state it was made from (handed out already: it must never change); a
 * rule that changes one of them in place asks for it here first, and the first time in a step it is copied into the
 * new state. While no step runs (setup, a state the caller owns) lists are returned as they are. Every other field is
 * copied by `copyForStep` as before.
 *
 * `steps.base` is the state the step started from while `apply`, `timeout` or `shift` runs it (null otherwise;
 * core/step-base.ts): a list is shared exactly when it is the very same array as the base's.
 */
import type { Seat } from '../core/game';
import { StepBase } from '../core/step-base';
import type { SaloonPlayer, SaloonState } from './state';

const steps = new StepBase<SaloonState>();

/** Runs a step on a copy of `from` (made by `copyForStep`), with copy on write against `from`. */
export const writing = <T>(from: SaloonState, step: () => T): T => steps.writing(from, step);

/** The fields `copyForStep` shares and the rules ask for here before changing them. */
export type TableList = 'deck' | 'discard' | 'public';

/** The deck, the discard pile or the public cards, the state's own to change. */
export function table(state: SaloonState, key: TableList): string[] {
  const base = steps.base;
  const list = state[key];
  if (base !== null && list === base[key]) return (state[key] = list.slice());
  return list;
}

/**
 * The seat's player record. A seat reaches the rules from \`check\` (which turns away any seat not at the table) or from
 * the state itself (the active seat, the seats a phase names), so it is always there.
 */
export function playerOf(state: Pick<SaloonState, 'players'>, seat: Seat): SaloonPlayer {
  // Read here rather than through core/at: this runs on every rule, and a read site that only ever sees Saloon
  // players stays as fast as the bare index it replaced.
  const p = state.players[seat];
  if (p === undefined) throw new Error(`engine invariant broken: a Saloon seat sits at the table (seat ${seat} of ${state.players.length})`);
  return p;
}
