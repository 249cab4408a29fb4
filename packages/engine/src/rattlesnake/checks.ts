/**
 * Who may do what now: an intent is legal when it is one of the seat's legal intents (defined through the seat's own
 * view, as the client offers them); an illegal one gets the most specific error we can give — not your decision,
 * not possible now, a card not in your hand, then a reason per intent type (a table keyed by intent type, so a new
 * intent type without one does not compile). Also `pending`, the seat the game waits for.
 */
import type { EngineError, Seat } from '../core/game';
import { abilityOf } from './cards';
import { ERRORS, INTENT_TYPES, intentKey, type AbilityIntent, type BuyIntent, type RattlesnakeIntent } from './intents';
import { buyCost, pendingOf } from './shared';
import type { RattlesnakeState } from './state';
import { legalFromView, revealedOf, type LegalInput } from './view';

type IntentType = RattlesnakeIntent['type'];
type WhyNot<K extends IntentType> = (
  state: RattlesnakeState,
  intent: Extract<RattlesnakeIntent, { type: K }>,
  legal: readonly RattlesnakeIntent[],
) => EngineError;

export function err(code: string, message: string): EngineError {
  return { code, message };
}

export function pending(state: RattlesnakeState): Seat[] {
  return pendingOf(state);
}

/**
 * Defined through the seat's own view, so `legalFromView(view(s, seat))` is this by construction: the fields
 * `legalFromView` reads are taken as `view` computes them, without copying the rest of the board (a property test
 * checks both agree).
 */
export function legalIntents(state: RattlesnakeState, seat: Seat): RattlesnakeIntent[] {
  if (seat !== 0 && seat !== 1) return [];
  const pending = pendingOf(state);
  if (!pending.includes(seat)) return [];
  const revealed = state.attack?.revealed === true;
  const input: LegalInput = {
    seat,
    pending,
    step: state.step,
    attacksLeft: state.attacksLeft,
    bought: state.bought,
    buyCost: buyCost(state.saloon),
    saloon: state.saloon,
    graveyard: state.graveyard,
    hand: state.players[seat].hand,
    response: state.response,
    scout: state.scout ? { drawn: state.scout.seat === seat ? state.scout.drawn : [] } : null,
    players: state.step.kind === 'window' ? state.players.map((p) => ({ revealed: revealed && p.committed ? revealedOf(state, p.committed) : null })) : [],
  };
  return legalFromView(input);
}

/**
 * Same intent? What `intentKey` says (card lists in any order, absent = undefined), with cheap necessary conditions
 * first (same type, same card id, card lists of the same length holding the same cards), so a long list of legal
 * intents is searched without serializing each.
 */
function sameIntent(legal: RattlesnakeIntent, intent: RattlesnakeIntent, key: () => string): boolean {
  if (legal.type !== intent.type) return false;
  const l = legal as unknown as Record<string, unknown>;
  const i = intent as unknown as Record<string, unknown>;
  // `surely`: every field identical (card lists as the same strings in any order) — then the keys are equal.
  let surely = true;
  let fields = 0;
  for (const k in l) {
    const lv = l[k];
    if (lv === undefined) continue;
    fields++;
    const iv = i[k];
    if (typeof lv === 'string') {
      if (iv !== lv) return false;
    } else if (Array.isArray(lv)) {
      if (!Array.isArray(iv) || iv.length !== lv.length) return false;
      for (const c of lv) if (!iv.some((x) => String(x) === c)) return false;
      if (surely) surely = iv.every((x) => typeof x === 'string') && sortedEqual(lv as string[], iv as string[]);
    } else if (surely) surely = typeof lv === 'number' && iv === lv;
  }
  if (surely) {
    let intentFields = 0;
    for (const k in i) if (i[k] !== undefined) intentFields++;
    if (intentFields === fields) return true;
  }
  return intentKey(legal) === key();
}

function sortedEqual(a: readonly string[], b: readonly string[]): boolean {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, n) => c === y[n]);
}

/** A specific error for an intent that is not legal now, or null when it is. */
export function check(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent): EngineError | null {
  if (state.step.kind === 'over') return err(ERRORS.GAME_OVER, 'The game is over.');
  if (seat !== 0 && seat !== 1) return err(ERRORS.NOT_SEATED, 'That seat is not at this table.');
  if (!intent || typeof intent !== 'object' || !INTENT_TYPES.includes(intent.type)) {
    return err(ERRORS.UNKNOWN_INTENT, `Rattlesnake takes ${INTENT_TYPES.join(', ')}.`);
  }
  if (!pendingOf(state).includes(seat)) return err(ERRORS.NOT_YOUR_TURN, 'It is not your decision.');
  const legal = legalIntents(state, seat);
  let key: string | null = null;
  const keyOf = () => (key ??= intentKey(intent));
  if (legal.some((l) => sameIntent(l, intent, keyOf))) return null;
  // Not legal: say why, as precisely as we can.
  const hand = state.players[seat].hand;
  const cards = cardFields(intent);
  if (!legal.some((l) => l.type === intent.type)) return err(ERRORS.NOT_NOW, `"${intent.type}" is not possible now.`);
  for (const c of cards) if (!hand.includes(c as string)) return err(ERRORS.ILLEGAL_CARD, `${String(c)} is not in your hand.`);
  if (new Set(cards).size !== cards.length) return err(ERRORS.ILLEGAL_CARD, 'The same card twice.');
  return (WHY_NOT[intent.type] as WhyNot<IntentType>)(state, intent, legal);
}

function cardFields(intent: RattlesnakeIntent): unknown[] {
  switch (intent.type) {
    case 'buy':
      return Array.isArray(intent.discard) ? intent.discard : [undefined];
    case 'commit':
      return Array.isArray(intent.cards) ? intent.cards : [undefined];
    case 'ability':
    case 'cover':
      return [intent.cardId];
    default:
      return [];
  }
}

function badBuy(state: RattlesnakeState, intent: BuyIntent): EngineError {
  if (!Array.isArray(intent.discard) || intent.discard.length !== buyCost(state.saloon)) {
    return err(ERRORS.CANNOT_AFFORD, `Buying costs ${buyCost(state.saloon)} discarded card(s).`);
  }
  return err(ERRORS.BAD_TARGET, 'That card cannot be bought.');
}

function badAbility(_state: RattlesnakeState, intent: AbilityIntent, legal: readonly RattlesnakeIntent[]): EngineError {
  const ability = abilityOf(intent.cardId);
  if (!legal.some((l) => l.type === 'ability' && abilityOf(l.cardId) === ability)) {
    return err(ERRORS.NOT_NOW, `${ability ?? 'That card'} cannot be used now.`);
  }
  return err(ERRORS.BAD_TARGET, 'Bad target, value or mode for that ability.');
}

const badCards = (): EngineError => err(ERRORS.ILLEGAL_CARD, 'Those cards cannot be played like that.');

/** Why a legal-typed intent was still refused, by its type. */
const WHY_NOT: { [K in IntentType]: WhyNot<K> } = {
  buy: badBuy,
  ability: badAbility,
  putBack: () => err(ERRORS.ILLEGAL_CARD, 'Put back one of the two cards you drew.'),
  attack: badCards,
  commit: badCards,
  cover: badCards,
  allow: badCards,
  pass: badCards,
  endTurn: badCards,
};
