/**
 * Who may do what now: an intent is legal when it is one of the seat's legal intents (defined through the seat's own
 * view, as the client offers them); an illegal one gets the most specific error we can give — not your decision,
 * not possible now, a card not in your hand, then a reason per intent type (a table keyed by intent type, so a new
 * intent type without one does not compile). Also `pending`, the seat the game waits for.
 */
import type { EngineError, Seat } from '../core/game';
import type { ErrorCode } from '../protocol/errors';
import { abilityOf, baseValue, cardInfo, MAX_VALUE, MIN_VALUE } from './cards';
import { ERRORS, INTENT_TYPES, intentKey, type AbilityIntent, type BuyIntent, type RattlesnakeIntent } from './intents';
import { buyCost, other, pendingOf } from './shared';
import type { RattlesnakeState } from './state';
import { legalFromView, revealedOf, type LegalInput } from './view';
import { playerOf } from './own';

type IntentType = RattlesnakeIntent['type'];
type WhyNot<K extends IntentType> = (
  state: RattlesnakeState,
  intent: Extract<RattlesnakeIntent, { type: K }>,
  legal: readonly RattlesnakeIntent[],
) => EngineError;

export function err(code: ErrorCode, message: string): EngineError {
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
    hand: playerOf(state, seat).hand,
    response: state.response,
    scout: state.scout ? { drawn: state.scout.seat === seat ? state.scout.drawn : [] } : null,
    players: revealed && state.step.kind === 'window' && readsRevealed(playerOf(state, seat).hand) ? revealedPlayers(state) : NONE_REVEALED,
  };
  return legalFromView(input);
}

/** What `legalFromView` reads of the players when no card in hand looks at the revealed cards: nothing revealed. */
const NONE_REVEALED: LegalInput['players'] = [{ revealed: null }, { revealed: null }];

/** Whether the hand holds a card whose window ability depends on the revealed cards (Focus, Distract, Disarm). */
function readsRevealed(hand: readonly string[]): boolean {
  for (const id of hand) {
    const a = abilityOf(id);
    if (a === 'focus' || a === 'distract' || a === 'disarm') return true;
  }
  return false;
}

function revealedPlayers(state: RattlesnakeState): LegalInput['players'] {
  return state.players.map((p) => ({ revealed: p.committed ? revealedOf(state, p.committed) : null }));
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
  if (surelyLegal(state, seat, intent)) return null;
  const legal = legalIntents(state, seat);
  let key: string | null = null;
  const keyOf = () => (key ??= intentKey(intent));
  if (legal.some((l) => sameIntent(l, intent, keyOf))) return null;
  // Not legal: say why, as precisely as we can.
  const hand = playerOf(state, seat).hand;
  const cards = cardFields(intent);
  if (!legal.some((l) => l.type === intent.type)) return err(ERRORS.NOT_NOW, `"${intent.type}" is not possible now.`);
  for (const c of cards) if (!hand.includes(c as string)) return err(ERRORS.ILLEGAL_CARD, `${String(c)} is not in your hand.`);
  if (new Set(cards).size !== cards.length) return err(ERRORS.ILLEGAL_CARD, 'The same card twice.');
  return (WHY_NOT[intent.type] as WhyNot<IntentType>)(state, intent, legal);
}

/** How many fields the intent sets (undefined ones do not count, as in `intentKey`). */
function fieldCount(intent: object): number {
  let n = 0;
  for (const k in intent) if ((intent as Record<string, unknown>)[k] !== undefined) n++;
  return n;
}

/** Distinct card ids (strings), each in the hand. */
function handCards(cards: unknown, hand: readonly string[]): boolean {
  if (!Array.isArray(cards)) return false;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    if (typeof c !== 'string' || !hand.includes(c)) return false;
    for (let j = 0; j < i; j++) if (cards[j] === c) return false;
  }
  return true;
}

/** The hand abilities usable outside an attack (as `outOfAttackAbilities` lists them), fields exactly as listed. */
function outOfAttackAbility(state: RattlesnakeState, intent: AbilityIntent, n: number): boolean {
  const a = abilityOf(intent.cardId);
  if (a === 'reload' || a === 'scout') return n === 2;
  if (a === 'switch-up') {
    if (intent.mode === 'draw') return n === 3;
    return intent.mode === 'swap' && n === 4 && typeof intent.take === 'string' && state.graveyard.includes(intent.take);
  }
  return a === 'quick-draw' && intent.mode === 'refill' && n === 3;
}

/** A revealed card of `players` (seats) with a value, and that value (as `legalFromView` reads the window). */
function revealedValue(state: RattlesnakeState, seats: readonly Seat[], target: unknown): number | null {
  if (typeof target !== 'string' || !state.attack?.revealed) return null;
  for (const s of seats) {
    const committed = playerOf(state, s).committed;
    if (committed && committed.includes(target)) return state.attack.values[target] ?? baseValue(target);
  }
  return null;
}

/**
 * The quick way to `check`'s answer for the intents players send: true only when the intent, exactly as written (its
 * fields and their types), is one of `legalIntents(state, seat)` — read off the state, no list built. False means
 * "not sure": `check` then compares it with the list. The seat is already known to be the one the game waits for.
 */
function surelyLegal(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent): boolean {
  const n = fieldCount(intent);
  const hand = playerOf(state, seat).hand;
  if (state.response) {
    if (intent.type === 'allow') return n === 1;
    return intent.type === 'cover' && n === 2 && typeof intent.cardId === 'string' && hand.includes(intent.cardId) && abilityOf(intent.cardId) === 'take-cover';
  }
  if (state.scout) return intent.type === 'putBack' && n === 2 && state.scout.seat === seat && state.scout.drawn.includes(intent.cardId);
  const step = state.step;
  switch (intent.type) {
    case 'endTurn':
      return step.kind === 'main' && n === 1;
    case 'attack':
      return step.kind === 'main' && n === 1 && state.attacksLeft > 0 && hand.length > 0;
    case 'buy': {
      if (step.kind !== 'main' || n !== 3 || state.bought || typeof intent.cardId !== 'string') return false;
      const cost = buyCost(state.saloon);
      if (hand.length < cost || !Array.isArray(intent.discard) || intent.discard.length !== cost) return false;
      return state.saloon.includes(intent.cardId) && cardInfo(intent.cardId)?.kind === 'action' && handCards(intent.discard, hand);
    }
    case 'commit':
      if (n !== 2 || !handCards(intent.cards, hand)) return false;
      return step.kind === 'defenderCommit' || (step.kind === 'attackerCommit' && intent.cards.length > 0);
    case 'pass':
      return (step.kind === 'window' || step.kind === 'after') && n === 1;
    case 'ability': {
      if (typeof intent.cardId !== 'string' || !hand.includes(intent.cardId)) return false;
      if (step.kind === 'main' || step.kind === 'defenderCommit') return outOfAttackAbility(state, intent, n);
      const a = abilityOf(intent.cardId);
      if (step.kind === 'after') {
        if (a === 'double-tap') return step.success && n === 2;
        return a === 'quick-draw' && intent.mode === 'again' && n === 3;
      }
      if (step.kind !== 'window') return false;
      if (a === 'dodge-n-shoot') return n === 2;
      if (a === 'disarm') return n === 2 && (playerOf(state, other(seat)).committed?.length ?? 0) > 0 && state.attack?.revealed === true;
      if (a === 'focus') {
        const current = revealedValue(state, [seat], intent.target);
        const v = intent.value;
        return n === 4 && current !== null && typeof v === 'number' && Number.isInteger(v) && v >= MIN_VALUE && v <= MAX_VALUE && v !== current;
      }
      if (a === 'distract') {
        const current = revealedValue(state, [0, 1], intent.target);
        if (n !== 4 || current === null) return false;
        return (intent.delta === 1 && current < MAX_VALUE) || (intent.delta === -1 && current > MIN_VALUE);
      }
      return false;
    }
    default:
      return false;
  }
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
