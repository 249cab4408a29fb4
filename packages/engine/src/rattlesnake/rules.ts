/**
 * Rattlesnake's rules, the entry point: `apply` (check, then perform on a copy made on write, own.ts), `applyInPlace` for the search bot's
 * playouts, the table of what each intent does, and `timeout` (the default for the pending decision). Each concept
 * lives in its own file — numbers.ts, setup.ts, deck.ts (a player's own pile), hits.ts (Hits and the end),
 * turn.ts (a turn's end, the stalemate rule), market.ts (buying, the saloon's events), attack.ts (commit, reveal,
 * the showdown), window.ts (an ability used and answered, Scout's put-back), abilities.ts (each ability's effect,
 * keyed by ability) and checks.ts (legality, `pending`). This file re-exports what the engine and its users import.
 */
import { fail, type ApplyResult, type Seat } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import { Rng } from '../core/rng';
import { commit, declareAttack, finishAttack, pass } from './attack';
import { check } from './checks';
import { ERRORS, type RattlesnakeIntent } from './intents';
import { buy } from './market';
import { inPlace, stepCopy, writing } from './own';
import { pendingOf } from './shared';
import type { RattlesnakeState } from './state';
import { endTurn } from './turn';
import { putBack, respond, useAbility } from './window';
import { at } from '../core/at';

export * from './numbers';
export { options, setup } from './setup';
export { draw, locations } from './deck';
export { outcome } from './hits';
export { comboOf } from './attack';
export { pending, legalIntents } from './checks';

type IntentType = RattlesnakeIntent['type'];
type Perform<K extends IntentType> = (
  state: RattlesnakeState,
  seat: Seat,
  intent: Extract<RattlesnakeIntent, { type: K }>,
  rng: Rng,
  events: RattlesnakeEmitted[],
) => void;

/** What each intent does, once legal: a new intent type without its effect does not compile. */
const PERFORM: { [K in IntentType]: Perform<K> } = {
  endTurn: (state, _seat, _intent, rng, events) => endTurn(state, rng, events),
  buy: (state, seat, intent, _rng, events) => buy(state, seat, intent, events),
  attack: (state, seat, _intent, _rng, events) => declareAttack(state, seat, events),
  commit: (state, seat, intent, _rng, events) => commit(state, seat, intent, events),
  pass: (state, seat, _intent, _rng, events) => pass(state, seat, events),
  ability: (state, seat, intent, _rng, events) => useAbility(state, seat, intent, events),
  allow: respond,
  cover: respond,
  putBack: (state, seat, intent, _rng, events) => putBack(state, seat, intent, events),
};

function perform(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent, rng: Rng, events: RattlesnakeEmitted[]): void {
  (PERFORM[intent.type] as Perform<IntentType>)(state, seat, intent, rng, events);
}

export function apply(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent): ApplyResult<RattlesnakeState, RattlesnakeEmitted> {
  const bad = check(state, seat, intent);
  if (bad) return { error: bad };
  const next = stepCopy(state);
  const rng = Rng.fromState(next.rng);
  const events: RattlesnakeEmitted[] = [];
  writing(state, () => perform(next, seat, intent, rng, events));
  next.rng = rng.stateSince(state.rng);
  return { state: next, events };
}

/**
 * For the search bot's playouts only (search.ts): plays an intent taken from `legalFromView` straight onto `state`,
 * IN PLACE — no legality check, no copy. The caller owns the state and never reads the old one again.
 */
export function applyInPlace(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent): void {
  const rng = Rng.fromState(state.rng);
  inPlace(() => perform(state, seat, intent, rng, []));
  state.rng = rng.state();
}

/** The default for the pending decision: allow; keep the first Scout card; end the turn; cancel an uncommitted attack; commit nothing; pass. */
export function timeout(state: RattlesnakeState): ApplyResult<RattlesnakeState, RattlesnakeEmitted> {
  const [seat] = pendingOf(state);
  if (seat === undefined) return fail(ERRORS.NOTHING_PENDING, 'No decision is pending.');
  const events: RattlesnakeEmitted[] = [{ type: 'timed_out', seat }];
  let intent: RattlesnakeIntent;
  if (state.response) intent = { type: 'allow' };
  else if (state.scout) intent = { type: 'putBack', cardId: at(state.scout.drawn, state.scout.drawn.length - 1, 'a Scout step holds the 2 cards drawn') };
  else {
    switch (state.step.kind) {
      case 'main':
        intent = { type: 'endTurn' };
        break;
      case 'attackerCommit': {
        const next = stepCopy(state);
        finishAttack(next);
        events.push({ type: 'attack_abandoned', seat });
        return { state: next, events };
      }
      case 'defenderCommit':
        intent = { type: 'commit', cards: [] };
        break;
      default:
        intent = { type: 'pass' };
    }
  }
  const r = apply(state, seat, intent);
  if ('error' in r) throw new Error(`Rattlesnake timeout default refused: ${r.error.code}`);
  return { state: r.state, events: [...events, ...r.events] };
}
