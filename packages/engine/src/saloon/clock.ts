/**
 * Time: when the next deadline falls (the end of a threat window or a Standoff's chain, "Go!", the end of an unwon
 * race), what happens at each — a table keyed by phase, each race's own deadline handler — and `timeout`, which the
 * room calls when a countdown runs out (a turn's default moves included). `catchUp` plays every deadline already
 * passed, in order and at its own time, before an intent is checked; `shift` moves a paused table's times on.
 */
import type { ApplyResult } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import { Rng } from '../core/rng';
import { err } from './checks';
import { discardCards, drawCards } from './deck';
import { duelDeadline } from './duel';
import { ERRORS } from './intents';
import { playerOf, writing } from './own';
import { copyForStep } from './shared';
import { standoffDeadline } from './standoff';
import type { Phase, SaloonState } from './state';
import { threatDeadline } from './threat';
import { truelDeadline } from './truel';
import { endTurn } from './turn';
import { resolveWind, turkeyDeadline } from './wind';
import { at as atIndex } from '../core/at'; // `at` here is a time

type Kind = Phase['kind'];
type AtDeadline<K extends Kind> = (state: SaloonState, ph: Extract<Phase, { kind: K }>, at: number, rng: Rng, events: SaloonEmitted[]) => void;

/** What happens at a phase's deadline; null for the phases that have none (a turn's countdown is the room's). */
const AT_DEADLINE: { [K in Kind]: AtDeadline<K> | null } = {
  turn: null,
  discard: null,
  over: null,
  threat: threatDeadline,
  duel: duelDeadline,
  truel: truelDeadline,
  standoff: standoffDeadline,
  turkey: turkeyDeadline,
};

/**
 * The table was paused for `ms` (its server stopped and a process resumed it; `Game.shift`): the phase's times and
 * the clock move on by as much, so a threat window, a "Go!", a race's end and a misfire lock-out each keep the time
 * they had left at the last step. History (shots, reveals) keeps its times.
 */
export function shift(state: SaloonState, ms: number): SaloonState {
  if (!(ms > 0)) return state;
  const next = copyForStep(state);
  const ph = next.phase as unknown as Record<string, unknown>;
  for (const key of ['until', 'startedAt', 'goAt', 'endsAt']) if (typeof ph[key] === 'number') ph[key] = (ph[key] as number) + ms;
  if (Array.isArray(ph.lockedUntil)) ph.lockedUntil = (ph.lockedUntil as number[]).map((t) => (t > 0 ? t + ms : t));
  next.clock += ms;
  return next;
}

/** When `timeout` must be called next: the end of the threat window, "Go!", or the end of an unwon duel. */
export function deadline(state: SaloonState): number | null {
  const ph = state.phase;
  if (ph.kind === 'threat') return ph.until;
  if (ph.kind === 'duel' || ph.kind === 'truel') return ph.go ? ph.endsAt : ph.goAt;
  if (ph.kind === 'standoff') return ph.stage === 'chain' ? ph.until : ph.stage === 'ready' ? ph.goAt : ph.endsAt;
  if (ph.kind === 'turkey') return ph.stage === 'ready' ? ph.goAt : ph.endsAt;
  return null;
}

/** What happens at a deadline, at time `at`. */
function runDeadline(state: SaloonState, at: number, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase;
  (AT_DEADLINE[ph.kind] as AtDeadline<Kind> | null)?.(state, ph, at, rng, events);
}

/** Every deadline passed by `now` happens first, in order, at its own time. */
export function catchUp(state: SaloonState, now: number, rng: Rng, events: SaloonEmitted[]): void {
  for (;;) {
    const d = deadline(state);
    if (d === null || d > now) return;
    runDeadline(state, d, rng, events);
  }
}

/**
 * The default when a countdown runs out. Turn: draw the top card and discard it at once. Discard: the card just
 * drawn. Threat: "Do you?". Duel: "Go!", then, 20 s later, the duel is abandoned. `now` defaults to the deadline.
 */
export function timeout(state: SaloonState, now?: number): ApplyResult<SaloonState, SaloonEmitted> {
  if (state.phase.kind === 'over') return { error: err(ERRORS.GAME_OVER, 'The game is over.') };
  const next = copyForStep(state);
  return writing(state, () => {
    const rng = Rng.fromState(next.rng);
    const events: SaloonEmitted[] = [];
    const at = Math.max(next.clock, now ?? deadline(next) ?? next.clock);
    const ph = next.phase;
    if (ph.kind === 'turn') {
      events.push({ type: 'timed_out', seat: next.active });
      drawCards(next, next.active, 1, rng, events);
      const hand = playerOf(next, next.active).hand;
      discardCards(next, next.active, [atIndex(hand, hand.length - 1, 'the hand has just drawn a card')], 'timeout', events);
      endTurn(next, rng, events);
    } else if (ph.kind === 'discard') {
      events.push({ type: 'timed_out', seat: next.active });
      const hand = playerOf(next, next.active).hand;
      discardCards(next, next.active, [atIndex(hand, hand.length - 1, 'a hand to discard from holds more than 3 cards')], 'timeout', events);
      endTurn(next, rng, events);
    } else {
      runDeadline(next, at, rng, events);
    }
    resolveWind(next, at, rng, events);
    next.clock = at;
    next.rng = rng.stateSince(state.rng);
    return { state: next, events };
  });
}
