/**
 * Copy on write for a step. `apply` hands the rules a shallow copy of the state: the new state shares every card list
 * and the attack with the state it was made from (which was handed out already and must never change). A rule that
 * changes one of them in place asks for it here first: the first time in a step, it is copied into the new state;
 * after that, or when the state is the caller's own (setup, the search bot's playouts in place), it is returned as it
 * is. Fields the rules only ever replace whole (the step, the pending ability, Scout, the last showdown, the options,
 * the opening, the generator's state) and plain values need nothing: assigning them never touches the old state.
 *
 * `steps.base` is the state the step started from while `apply` runs it (null otherwise; core/step-base.ts): a list
 * is shared exactly when it is the very same array as the base's.
 */
import type { Seat } from '../core/game';
import { StepBase } from '../core/step-base';
import type { AttackInfo, RattlesnakePlayer, RattlesnakeState } from './state';

const steps = new StepBase<RattlesnakeState>();

/** Runs `step` on `next`, a shallow copy of `from` made by `stepCopy`, with copy on write against `from`. */
export const writing = <T>(from: RattlesnakeState, step: () => T): T => steps.writing(from, step);

/** Runs `step` on a state the caller owns (no copy is ever made). */
export const inPlace = <T>(step: () => T): T => steps.inPlace(step);

/**
 * The state's top level and its list of players copied; everything below them shared with `state`. Written out field
 * by field (several times quicker than a spread of 19 fields; `Required` makes a field added to the state without
 * being added here a compile error), in the state's own key order; a saved state from before the stalemate count
 * (no `quiet`) is spread, so the count joins at the end as it always did.
 */
export function stepCopy(s: RattlesnakeState): RattlesnakeState {
  if (s.quiet === undefined) return { ...s, players: s.players.slice() };
  const copy: Required<RattlesnakeState> = {
    options: s.options,
    players: s.players.slice(),
    saloon: s.saloon,
    saloonDeck: s.saloonDeck,
    box: s.box,
    graveyard: s.graveyard,
    active: s.active,
    turn: s.turn,
    bought: s.bought,
    attacksLeft: s.attacksLeft,
    step: s.step,
    attack: s.attack,
    response: s.response,
    scout: s.scout,
    opening: s.opening,
    lastShowdown: s.lastShowdown,
    winner: s.winner,
    quiet: s.quiet,
    rng: s.rng,
  };
  return copy;
}

/** A player's record copied, its card lists shared; the Scout field only when the record has it, as before. */
function copyPlayer(p: RattlesnakePlayer): RattlesnakePlayer {
  if (p.knownTop === undefined) return { deck: p.deck, hand: p.hand, discard: p.discard, hits: p.hits, committed: p.committed };
  return { deck: p.deck, hand: p.hand, discard: p.discard, hits: p.hits, committed: p.committed, knownTop: p.knownTop };
}

/**
 * The seat's player record, to read only (to change it: `player`). Seats are 0 and 1: `check` turns any other seat
 * away before a rule runs, and the rules only name the seats the state holds.
 */
export function playerOf(state: Pick<RattlesnakeState, 'players'>, seat: Seat): RattlesnakePlayer {
  // Read here rather than through core/at: this runs on every rule, and a read site that only ever sees Rattlesnake
  // players stays as fast as the bare index it replaced.
  const p = state.players[seat];
  if (p === undefined) throw new Error(`engine invariant broken: Rattlesnake seats are 0 and 1 (seat ${seat})`);
  return p;
}

/** The seat's player record, its own to change (its card lists may still be shared: see `pile`). */
export function player(state: RattlesnakeState, seat: Seat): RattlesnakePlayer {
  const base = steps.base;
  const p = playerOf(state, seat);
  if (base !== null && p === base.players[seat]) return (state.players[seat] = copyPlayer(p));
  return p;
}

type Pile = 'deck' | 'hand' | 'discard' | 'hits';

/** One of the seat's card lists, its own to change. */
export function pile(state: RattlesnakeState, seat: Seat, key: Pile): string[] {
  const base = steps.base;
  const p = player(state, seat);
  const list = p[key];
  if (base !== null && list === base.players[seat]?.[key]) return (p[key] = list.slice());
  return list;
}

/** The seat's committed cards (when it has committed), its own to change. */
export function committed(state: RattlesnakeState, seat: Seat): string[] | null {
  const base = steps.base;
  const p = player(state, seat);
  const list = p.committed;
  if (list && base !== null && list === base.players[seat]?.committed) return (p.committed = list.slice());
  return list;
}

type TableList = 'saloon' | 'saloonDeck' | 'graveyard';

/** One of the table's card lists (the saloon's slots, its deck, the graveyard), its own to change. */
export function table<K extends TableList>(state: RattlesnakeState, key: K): RattlesnakeState[K] {
  const base = steps.base;
  const list = state[key];
  if (base !== null && list === base[key]) return (state[key] = list.slice() as RattlesnakeState[K]);
  return list;
}

/** The attack (there is one), with its changed values, its own to change. */
export function attack(state: RattlesnakeState): AttackInfo {
  const base = steps.base;
  const a = state.attack as AttackInfo;
  if (base !== null && a === base.attack) {
    return (state.attack = { ...a, values: { ...a.values } });
  }
  return a;
}
