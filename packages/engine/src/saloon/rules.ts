/**
 * Saloon Showdown's rules, the entry point: `apply` (catch up on passed deadlines, check, perform, let any waiting
 * Wind event happen) and the table of what each intent does. Each concept lives in its own file — numbers.ts (every
 * number), setup.ts, deck.ts (cards' moves), economy.ts (money), end.ts (the end and the winners), turn.ts (the
 * turn's actions and its end), threat.ts (threats and answers), duel.ts, truel.ts, standoff.ts, bottle.ts ("Crash!"),
 * wind.ts (What the Wind Brings, the Turkey), shot.ts (a shot in any race), clock.ts (deadlines, `timeout`, `shift`),
 * checks.ts (the checks, keyed by intent type; `pending`, `interrupters`, `legalIntents`) and races.ts (the timing
 * policy's view of the races). This file re-exports what the rest of the engine and its users import.
 */
import type { ApplyResult, Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import { Rng } from '../core/rng';
import { crash } from './bottle';
import { check, err } from './checks';
import { catchUp } from './clock';
import { duelShot } from './duel';
import { ERRORS, type SaloonIntent, type ShootIntent } from './intents';
import { writing } from './own';
import { copyForStep } from './shared';
import { joinStandoff, standoffShot } from './standoff';
import type { SaloonState } from './state';
import { answer, threaten } from './threat';
import { nothingToLose, truelShot } from './truel';
import { cashLoot, discard, draw, wanted } from './turn';
import { resolveWind, turkeyShot } from './wind';

export * from './numbers';
export { options, setup } from './setup';
export { winnersOf, outcome } from './end';
export { locations } from './deck';
export { shift, deadline, timeout } from './clock';
export { pending, interrupters, legalIntents } from './checks';
export { botReadyAt, race, racePreview, viewAtGo, botReadyAtView } from './races';

type IntentType = SaloonIntent['type'];
type Perform<K extends IntentType> = (
  state: SaloonState,
  seat: Seat,
  intent: Extract<SaloonIntent, { type: K }>,
  now: number,
  rng: Rng,
  events: SaloonEmitted[],
) => void;

/** What each intent does, once checked: a new intent type without its effect does not compile. */
const PERFORM: { [K in IntentType]: Perform<K> } = {
  draw: (state, seat, intent, _now, rng, events) => draw(state, seat, intent, rng, events),
  discard: (state, seat, intent, _now, rng, events) => discard(state, seat, intent, rng, events),
  cashLoot: (state, seat, intent, _now, rng, events) => cashLoot(state, seat, intent, rng, events),
  threaten: (state, seat, intent, now, _rng, events) => threaten(state, seat, intent, now, events),
  wanted: (state, seat, intent, _now, rng, events) => wanted(state, seat, intent, rng, events),
  standoff: (state, seat, intent, now, rng, events) => joinStandoff(state, seat, intent.card, intent.gun, now, rng, events),
  desperado: (state, seat, intent, now, _rng, events) => nothingToLose(state, seat, intent, now, events),
  answer,
  shoot,
  crash: (state, seat, _intent, _now, rng, events) => crash(state, seat, rng, events),
};

export function apply(state: SaloonState, seat: Seat, intent: SaloonIntent, now?: number): ApplyResult<SaloonState, SaloonEmitted> {
  if (state.phase.kind === 'over') return { error: err(ERRORS.GAME_OVER, 'The game is over.') };
  const t = Math.max(state.clock, now ?? state.clock);
  const next = copyForStep(state);
  return writing(state, () => {
    const rng = Rng.fromState(next.rng);
    const events: SaloonEmitted[] = [];
    catchUp(next, t, rng, events);
    const bad = check(next, seat, intent, t);
    if (bad) return { error: bad };
    (PERFORM[intent.type] as Perform<IntentType>)(next, seat, intent, t, rng, events);
    resolveWind(next, t, rng, events);
    next.clock = t;
    next.rng = rng.stateSince(state.rng);
    return { state: next, events };
  });
}

/** A shot goes to the race running: the Turkey, a Standoff, a Truel or a duel. */
function shoot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: SaloonEmitted[]): void {
  if (state.phase.kind === 'turkey') turkeyShot(state, seat, shot, now, rng, events);
  else if (state.phase.kind === 'standoff') standoffShot(state, seat, shot, now, rng, events);
  else if (state.phase.kind === 'truel') truelShot(state, seat, shot, now, rng, events);
  else duelShot(state, seat, shot, now, rng, events);
}
