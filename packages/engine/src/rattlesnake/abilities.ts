/**
 * What each action card's ability does once it is allowed (not covered): a table keyed by ability, so a new ability
 * without its effect does not compile. Reload, Scout (its put-back is the window's), Switch Up, Quick Draw, Focus,
 * Distract, Disarm, Double Tap, Dodge 'n' Shoot; Take Cover does its work as an answer (window.ts), not here.
 */
import type { RattlesnakeEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { baseValue, isHit, MAX_VALUE, MIN_VALUE, type Ability } from './cards';
import { discardCommitted, settle } from './attack';
import { discardHand, draw, removeFrom, takeTop } from './deck';
import { takeHits } from './hits';
import { QUICK_DRAW_AGAIN, QUICK_DRAW_REFILL, RELOAD_DRAW, SCOUT_DRAW, SWITCH_UP_DRAW } from './numbers';
import { attack as ownAttack, committed as ownCommitted, pile, table } from './own';
import { other } from './shared';
import type { RattlesnakeState, UsedAbility } from './state';

type Attack = NonNullable<RattlesnakeState['attack']>;
type Effect = (state: RattlesnakeState, used: UsedAbility, rng: Rng, events: RattlesnakeEmitted[]) => void;

const EFFECTS: Record<Ability, Effect | null> = {
  reload: (state, used, rng, events) => {
    discardHand(state, used.seat, events);
    draw(state, used.seat, RELOAD_DRAW, rng, events);
  },
  scout: (state, used, rng, events) => {
    const drawn = draw(state, used.seat, SCOUT_DRAW, rng, events);
    // Decision: with fewer than 2 cards drawn (deck and discard ran out) you keep what you drew.
    if (drawn.length === SCOUT_DRAW) state.scout = { seat: used.seat, drawn };
  },
  'switch-up': (state, used, rng, events) => {
    if (used.mode === 'swap') {
      removeFrom(table(state, 'graveyard'), used.take as string);
      pile(state, used.seat, 'hand').push(used.take as string);
      events.push({ type: 'switched', seat: used.seat, cardId: used.take as string });
    } else draw(state, used.seat, SWITCH_UP_DRAW, rng, events);
  },
  'quick-draw': (state, used, rng, events) => {
    if (used.mode === 'refill') {
      discardHand(state, used.seat, events);
      draw(state, used.seat, QUICK_DRAW_REFILL, rng, events);
    } else {
      draw(state, used.seat, QUICK_DRAW_AGAIN, rng, events);
      state.attacksLeft += 1;
    }
  },
  focus: changeValue,
  distract: changeValue,
  disarm: (state, used, rng, events) => {
    const seat = used.seat;
    const committed = ownCommitted(state, other(seat)) as string[];
    const lost = rng.pick(committed); // disarm is legal only against committed cards
    removeFrom(committed, lost);
    pile(state, other(seat), 'discard').push(lost);
    delete ownAttack(state).values[lost];
    events.push({ type: 'disarmed', seat: other(seat), cardId: lost });
  },
  // "O Defensor adiciona um Hit adicional ao seu monte": into the deck. Decision: shuffled in.
  'double-tap': (state, _used, rng, events) => {
    takeHits(state, (state.attack as Attack).defender, 1, events, { deck: rng });
  },
  'dodge-n-shoot': (state, _used, rng, events) => dodgeNShoot(state, rng, events),
  // Take Cover cancels another card as it is used (window.ts); it has no effect of its own.
  'take-cover': null,
};

/** The ability's effect, once allowed. */
export function resolveAbility(state: RattlesnakeState, used: UsedAbility, rng: Rng, events: RattlesnakeEmitted[]): void {
  EFFECTS[used.ability as Ability]?.(state, used, rng, events);
}

/** Focus sets a revealed card to a value; Distract moves it by one (within 1–5). */
function changeValue(state: RattlesnakeState, used: UsedAbility, _rng: Rng, events: RattlesnakeEmitted[]): void {
  const a = ownAttack(state);
  const target = used.target as string;
  const current = a.values[target] ?? (baseValue(target) as number);
  const value = used.ability === 'focus' ? (used.value as number) : Math.min(MAX_VALUE, Math.max(MIN_VALUE, current + (used.delta as number)));
  a.values[target] = value;
  events.push({ type: 'value_changed', cardId: target, from: current, value });
}

/**
 * Dodge 'n' Shoot: the revealed cards are discarded; each side turns over its top card, higher value wins, a Hit
 * cannot win, equal values turn again. Decision: turned cards are set aside until the duel is over (so they are not
 * reshuffled back); a side with no card left cannot win; when neither side can turn a card, the defender wins.
 */
function dodgeNShoot(state: RattlesnakeState, rng: Rng, events: RattlesnakeEmitted[]): void {
  const attack = state.attack as Attack;
  discardCommitted(state);
  const aside: [string[], string[]] = [[], []];
  let won = false;
  for (;;) {
    const a = takeTop(state, attack.attacker, rng, events);
    const d = takeTop(state, attack.defender, rng, events);
    if (a) aside[0].push(a);
    if (d) aside[1].push(d);
    events.push({ type: 'dodge_flip', attacker: a, defender: d });
    const av = a && !isHit(a) ? baseValue(a) : null;
    const dv = d && !isHit(d) ? baseValue(d) : null;
    if (av !== null && (dv === null || av > dv)) {
      won = true;
      break;
    }
    if (dv !== null && (av === null || dv > av)) break;
    if (a === null && d === null) break;
  }
  pile(state, attack.attacker, 'discard').push(...aside[0]);
  pile(state, attack.defender, 'discard').push(...aside[1]);
  settle(state, won, null, null, true, events);
}
