/**
 * Who may do what now: `check` gives the specific error for an intent that is not allowed (or null), through a table
 * keyed by intent type — a new intent type without its check does not compile. Each check keeps its order (whose
 * turn, the phase, then the intent's form, then the cards and guns), so the same wrong move always gets the same
 * error code. Also the seats the game waits for (`pending`), the seats that may interrupt (`interrupters`), and the
 * legal intents, defined through the seat's own view.
 */
import type { EngineError, Seat } from '../core/game';
import type { ErrorCode } from '../protocol/errors';
import { AREAS, card, COLOURS, isBooty, isCard, NOISES, type Colour } from './cards';
import {
  ERRORS,
  intentKey,
  INTENT_TYPES,
  type AnswerIntent,
  type CashLootIntent,
  type DesperadoIntent,
  type DiscardIntent,
  type DrawIntent,
  type SaloonIntent,
  type ShootIntent,
  type StandoffIntent,
  type ThreatenIntent,
  type WantedIntent,
} from './intents';
import {
  answersFor,
  bottleAllowed,
  canCrash,
  escapeTargets,
  HAND_SIZE,
  holdsThree,
  lockedUntilOf,
  pendingOf,
  standoffJoins,
  standoffSeats,
  threatDecider,
  truelSeats,
} from './shared';
import type { Phase, SaloonState } from './state';
import { handVisible, legalFromView } from './view';
import { playerOf } from './own';

type IntentType = SaloonIntent['type'];
type Check<K extends IntentType> = (state: SaloonState, seat: Seat, intent: Extract<SaloonIntent, { type: K }>, now: number) => EngineError | null;

export function err(code: ErrorCode, message: string): EngineError {
  return { code, message };
}

/* ---------------- the table ---------------- */

const CHECKS: { [K in IntentType]: Check<K> } = {
  draw: checkDraw,
  discard: checkDiscard,
  cashLoot: checkCashLoot,
  wanted: checkWanted,
  threaten: checkThreaten,
  desperado: checkDesperado,
  standoff: checkStandoff,
  answer: checkAnswer,
  shoot: checkShoot,
  crash: checkCrash,
};

/** A specific error for an intent that is not allowed now (at time `now`), or null when it is. */
export function check(state: SaloonState, seat: Seat, intent: SaloonIntent, now: number): EngineError | null {
  if (state.phase.kind === 'over') return err(ERRORS.GAME_OVER, 'The game is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return err(ERRORS.NOT_SEATED, 'That seat is not at this table.');
  if (!intent || typeof intent !== 'object' || !INTENT_TYPES.includes(intent.type)) {
    return err(ERRORS.UNKNOWN_INTENT, `Saloon Showdown takes ${INTENT_TYPES.join(', ')}.`);
  }
  return (CHECKS[intent.type] as Check<IntentType>)(state, seat, intent, now);
}

/* ---------------- the turn's actions ---------------- */

/** The active player's action, in the phase it belongs to (a Draw and a Cash Loot at the turn's start, a Discard after a Draw). */
function notYourTurn(state: SaloonState, seat: Seat): EngineError | null {
  return seat !== state.active ? err(ERRORS.NOT_YOUR_TURN, 'It is not your turn.') : null;
}
function notNow(state: SaloonState, type: IntentType, kind: 'turn' | 'discard'): EngineError | null {
  return state.phase.kind !== kind ? err(ERRORS.NOT_NOW, `"${type}" is not possible now.`) : null;
}

function cardList(state: SaloonState, seat: Seat, cards: unknown): string[] | EngineError {
  if (!Array.isArray(cards)) return err(ERRORS.ILLEGAL_CARD, 'cards must be a list of card ids.');
  const hand = playerOf(state, seat).hand;
  for (const c of cards) if (!isCard(c) || !hand.includes(c)) return err(ERRORS.ILLEGAL_CARD, `${String(c)} is not in your hand.`);
  if (new Set(cards).size !== cards.length) return err(ERRORS.ILLEGAL_CARD, 'The same card twice.');
  return cards as string[];
}

function checkDraw(state: SaloonState, seat: Seat, intent: DrawIntent): EngineError | null {
  const early = notYourTurn(state, seat) ?? notNow(state, intent.type, 'turn');
  if (early) return early;
  const f = intent.from;
  if (f !== 'deck' && !(Number.isInteger(f) && f >= 0 && f < state.public.length)) return err(ERRORS.BAD_TARGET, "Draw from 'deck' or a public card 0–3.");
  return null;
}

function checkDiscard(state: SaloonState, seat: Seat, intent: DiscardIntent): EngineError | null {
  const early = notYourTurn(state, seat) ?? notNow(state, intent.type, 'discard');
  if (early) return early;
  const cards = cardList(state, seat, intent.cards);
  if (!Array.isArray(cards)) return cards;
  if (cards.length !== 1) return err(ERRORS.ILLEGAL_CARD, 'Discard exactly one card.');
  return null;
}

function checkCashLoot(state: SaloonState, seat: Seat, intent: CashLootIntent): EngineError | null {
  const early = notYourTurn(state, seat) ?? notNow(state, intent.type, 'turn');
  if (early) return early;
  const cards = cardList(state, seat, intent.cards);
  if (!Array.isArray(cards)) return cards;
  if (cards.length === 0) return err(ERRORS.ILLEGAL_CARD, 'Cash at least one Booty card.');
  if (!cards.every(isBooty)) return err(ERRORS.ILLEGAL_CARD, 'Only Booty cards can be cashed.');
  return null;
}

function checkWanted(state: SaloonState, seat: Seat, intent: WantedIntent): EngineError | null {
  const mine = notYourTurn(state, seat);
  if (mine) return mine;
  const t = intent.target;
  if (!Number.isInteger(t) || t < 0 || t >= state.players.length || t === seat) return err(ERRORS.BAD_TARGET, 'Take the Bounty of another player.');
  const phase = notNow(state, intent.type, 'turn');
  if (phase) return phase;
  const cards = cardList(state, seat, intent.cards);
  if (!Array.isArray(cards)) return cards;
  if (!(cards.length === HAND_SIZE && holdsThree(cards, 'wanted'))) return err(ERRORS.ILLEGAL_CARD, 'Discard three Wanted Alive cards.');
  return null;
}

function checkThreaten(state: SaloonState, seat: Seat, intent: ThreatenIntent): EngineError | null {
  const early = notYourTurn(state, seat) ?? notNow(state, intent.type, 'turn');
  if (early) return early;
  if (!COLOURS.includes(intent.gun)) return err(ERRORS.BAD_TARGET, `No ${String(intent.gun)} gun.`);
  if (state.guns[intent.gun] !== null) return err(ERRORS.GUN_TAKEN, 'That gun is taken.');
  const t = intent.target;
  if (!Number.isInteger(t) || t < 0 || t >= state.players.length || t === seat) return err(ERRORS.BAD_TARGET, 'Threaten another player.');
  return null;
}

function checkDesperado(state: SaloonState, seat: Seat, intent: DesperadoIntent): EngineError | null {
  if (seat !== state.active) return err(ERRORS.NOT_YOUR_TURN, 'It is not your turn.');
  if (state.phase.kind !== 'turn') return err(ERRORS.NOT_NOW, '"desperado" is not possible now.');
  if (state.players.length < 3) return err(ERRORS.NOT_NOW, 'No Desperado with two players.');
  if (!holdsThree(playerOf(state, seat).hand, 'desperado'))
    return err(ERRORS.ILLEGAL_CARD, '"I have nothing to lose" needs three Desperado cards in your hand.');
  const { guns, targets } = intent;
  if (!Array.isArray(guns) || guns.length !== 2 || guns[0] === guns[1] || !guns.every((g) => COLOURS.includes(g)))
    return err(ERRORS.BAD_TARGET, 'Take two different guns.');
  if (guns.some((g) => state.guns[g] !== null)) return err(ERRORS.GUN_TAKEN, 'That gun is taken.');
  if (!Array.isArray(targets) || targets.length !== 2 || targets[0] === targets[1]) return err(ERRORS.BAD_TARGET, 'Threaten two different players.');
  if (!targets.every((t) => Number.isInteger(t) && t >= 0 && t < state.players.length && t !== seat))
    return err(ERRORS.BAD_TARGET, 'Threaten two other players.');
  return null;
}

/* ---------------- answers and interrupts ---------------- */

function checkStandoff(state: SaloonState, seat: Seat, intent: StandoffIntent): EngineError | null {
  const ph = state.phase;
  if (ph.kind !== 'threat' && !(ph.kind === 'standoff' && ph.stage === 'chain'))
    return err(ERRORS.NOT_NOW, '"I don\'t think so!" only while someone is threatening.');
  const joins = standoffJoins(ph, state.guns, seat, playerOf(state, seat).hand);
  if (joins.some((j) => j.card === intent.card && j.gun === intent.gun)) return null;
  if (joins.length === 0)
    return err(ERRORS.NOT_NOW, 'You cannot enter this Standoff (you need a Standoff card, and not to be in it, threatened or its last threatener).');
  if (!joins.some((j) => j.card === intent.card)) return err(ERRORS.ILLEGAL_CARD, 'Discard a Mexican Standoff card from your hand.');
  return err(state.guns[intent.gun] !== null && COLOURS.includes(intent.gun) ? ERRORS.GUN_TAKEN : ERRORS.BAD_TARGET, 'Take a gun that lies on the table.');
}

/** How many fields an intent sets (undefined ones do not count, as in `intentKey`). */
function fieldCount(intent: object): number {
  let n = 0;
  for (const k in intent) if ((intent as Record<string, unknown>)[k] !== undefined) n++;
  return n;
}

/**
 * Whether `intent` is the listed answer `a`, as `intentKey` says: the same call first (a string: the keys can only
 * match when it is the same); the same card and target and nothing else set is surely the same; else the keys.
 */
function sameAnswer(a: AnswerIntent, intent: AnswerIntent, key: () => string): boolean {
  if (a.call !== intent.call) return false;
  if (a.card === intent.card && a.target === intent.target && fieldCount(intent) === fieldCount(a)) return true;
  return intentKey(a) === key();
}

function checkAnswer(state: SaloonState, seat: Seat, intent: AnswerIntent): EngineError | null {
  const ph = state.phase;
  if (ph.kind !== 'threat') return err(ERRORS.NOT_NOW, 'Nobody is threatening you.');
  if (seat !== threatDecider(ph)) return err(ERRORS.NOT_YOUR_TURN, ph.escaped?.length ? 'The threatener answers now.' : 'Only the threatened player answers.');
  const calls = ['bluffing', 'duel', 'law', 'wanted', 'escape', 'desperado'];
  if (!calls.includes(intent.call)) return err(ERRORS.UNKNOWN_INTENT, `Answer ${calls.join(', ')}.`);
  let key: string | null = null;
  const keyOf = () => (key ??= intentKey(intent));
  if (answersFor(ph, state.players.length, playerOf(state, seat).hand).some((a) => sameAnswer(a, intent, keyOf))) return null;
  if (intent.call === 'law') return err(ERRORS.ILLEGAL_CARD, '"I am the Law" needs three Law cards in your hand.');
  if (intent.call === 'wanted') return err(ERRORS.ILLEGAL_CARD, 'Revealing Wanted Alive needs three Wanted Alive cards in your hand.');
  if (intent.call === 'desperado') {
    if (state.players.length < 3) return err(ERRORS.NOT_NOW, 'No Desperado with two players.');
    if (!holdsThree(playerOf(state, seat).hand, 'desperado') || seat !== ph.target)
      return err(ERRORS.ILLEGAL_CARD, 'A Truel needs three Desperado cards in your hand.');
    return err(ERRORS.BAD_TARGET, 'Choose a third player for the Truel (not the threatener, not yourself).');
  }
  if (intent.call === 'escape') {
    if (seat !== ph.target) return err(ERRORS.NOT_NOW, 'Only the threatened player escapes.');
    if (!isCard(intent.card) || !playerOf(state, seat).hand.includes(intent.card) || card(intent.card).symbol !== 'escape') {
      return err(ERRORS.ILLEGAL_CARD, 'Discard an Escape on Horseback card from your hand.');
    }
    const targets = escapeTargets(ph, state.players.length);
    return err(ERRORS.BAD_TARGET, targets.length ? `Choose a new target: seat ${targets.join(', ')}.` : 'No new target here: leave it out.');
  }
  return err(ERRORS.UNKNOWN_INTENT, "Answer 'bluffing' or 'duel'.");
}

function checkCrash(state: SaloonState, seat: Seat): EngineError | null {
  if (!canCrash(state.phase, seat, playerOf(state, seat).hand))
    return err(ERRORS.NOT_NOW, "The Bottle needs a threat and 3 cards of the threatening gun's colour in your hand.");
  return null;
}

/* ---------------- shots, by race ---------------- */

function checkShoot(state: SaloonState, seat: Seat, intent: ShootIntent, now: number): EngineError | null {
  const ph = state.phase;
  if (ph.kind === 'turkey') return checkTurkeyShot(ph, seat, intent, now);
  if (ph.kind === 'standoff') return checkStandoffShot(ph, seat, intent, now);
  if (ph.kind !== 'duel' && ph.kind !== 'truel') return err(ERRORS.NOT_NOW, 'There is no duel.');
  return checkDuelShot(state, ph, seat, intent, now);
}

function checkTurkeyShot(ph: Extract<Phase, { kind: 'turkey' }>, seat: Seat, intent: ShootIntent, now: number): EngineError | null {
  if (ph.stage !== 'race') return err(ERRORS.TOO_EARLY, "Wait for the Turkey's cards.");
  if (seat === ph.drawer) return err(ERRORS.NOT_YOUR_TURN, 'The one who drew the Turkey does not shoot it.');
  if (!COLOURS.includes(intent.gun as Colour)) return err(ERRORS.BAD_SHOT, 'Grab a gun: red, blue, green or yellow.');
  if (!AREAS.includes(intent.area)) return err(ERRORS.BAD_SHOT, 'Name an area: head, chest, arm or leg.');
  if (intent.noise === undefined || !(NOISES as readonly string[]).includes(intent.noise)) return err(ERRORS.BAD_SHOT, 'Say Bang, Boom or Blam.');
  if (intent.target !== undefined) return err(ERRORS.BAD_TARGET, 'Shoot the Turkey, not a player.');
  return lockedOut(ph, seat, now);
}

/** LOCKED_OUT while the seat's misfire lock-out runs, else null. */
function lockedOut(ph: { lockedUntil: readonly number[] }, seat: Seat, now: number): EngineError | null {
  const until = lockedUntilOf(ph, seat);
  return now < until ? err(ERRORS.LOCKED_OUT, `Misfire: you cannot shoot until ${until}.`) : null;
}

function checkStandoffShot(ph: Extract<Phase, { kind: 'standoff' }>, seat: Seat, intent: ShootIntent, now: number): EngineError | null {
  if (ph.stage !== 'race') return err(ph.stage === 'chain' ? ERRORS.NOT_NOW : ERRORS.TOO_EARLY, "Wait for the Judge's cards.");
  const seats = standoffSeats(ph);
  if (!seats.includes(seat)) return err(ERRORS.NOT_YOUR_TURN, 'Only the players in the Standoff shoot.');
  if (intent.gun === 'bottle') return err(ERRORS.BOTTLE_NOT_ALLOWED, 'In a Standoff any gun will do.');
  if (!COLOURS.includes(intent.gun)) return err(ERRORS.BAD_SHOT, 'Grab a gun: red, blue, green or yellow.');
  if (!AREAS.includes(intent.area)) return err(ERRORS.BAD_SHOT, 'Name an area: head, chest, arm or leg.');
  if (intent.noise === undefined || !(NOISES as readonly string[]).includes(intent.noise)) return err(ERRORS.BAD_SHOT, 'Say Bang, Boom or Blam.');
  if (intent.target === undefined || intent.target === seat || !seats.includes(intent.target))
    return err(ERRORS.BAD_TARGET, 'Shoot another player in the Standoff.');
  return lockedOut(ph, seat, now);
}

function checkDuelShot(state: SaloonState, ph: Extract<Phase, { kind: 'duel' | 'truel' }>, seat: Seat, intent: ShootIntent, now: number): EngineError | null {
  if (ph.kind === 'duel' ? seat !== ph.threatener && seat !== ph.target : !truelSeats(ph).includes(seat))
    return err(ERRORS.NOT_YOUR_TURN, 'Only the duelists shoot.');
  if (!ph.go) return err(ERRORS.TOO_EARLY, 'Wait for "Go!".');
  // The shot's form first (a malformed shot is BAD_SHOT even during a lock-out), then the lock-out, then the guns.
  if (!AREAS.includes(intent.area)) return err(ERRORS.BAD_SHOT, 'Name an area: head, chest, arm or leg.');
  if (intent.gun !== 'bottle' && !COLOURS.includes(intent.gun)) return err(ERRORS.BAD_SHOT, 'Grab a gun: red, blue, green, yellow, or the bottle.');
  if (
    intent.gun === 'bottle'
      ? intent.noise !== undefined && intent.noise !== 'crash'
      : intent.noise === undefined || !(NOISES as readonly string[]).includes(intent.noise)
  ) {
    return err(ERRORS.BAD_SHOT, intent.gun === 'bottle' ? 'With the Bottle you only say "Crash!".' : 'Say Bang, Boom or Blam.');
  }
  if (intent.target !== undefined)
    return err(ERRORS.BAD_TARGET, ph.kind === 'duel' ? 'A duel shot names no target: there is only one.' : 'A Truel shot names no target.');
  const locked = lockedOut(ph, seat, now);
  if (locked) return locked;
  if (intent.gun === 'bottle') {
    if (!bottleAllowed(playerOf(state, seat).hand, state.guns, seat))
      return err(ERRORS.BOTTLE_NOT_ALLOWED, "The Bottle only when the gun you need is in someone else's hand.");
    return null;
  }
  const holder = state.guns[intent.gun];
  if (holder !== null && holder !== seat) return err(ERRORS.GUN_TAKEN, "That gun is in someone else's hand.");
  return null;
}

/* ---------------- who acts ---------------- */

export function pending(state: SaloonState): Seat[] {
  return pendingOf(state.phase, state.active);
}

/**
 * Seats that may act now without the game waiting for them: a Bottle hit ("Crash!") or "I don't think so!" (a
 * Mexican Standoff). A room gives these seats' bots a chance to act, as the simulator does; never revealed to others
 * (it would tell who holds which cards).
 */
export function interrupters(state: SaloonState): Seat[] {
  const waiting = pending(state);
  return state.players
    .map((p, s) => s)
    .filter(
      (s) =>
        !waiting.includes(s) &&
        (canCrash(state.phase, s, playerOf(state, s).hand) || standoffJoins(state.phase, state.guns, s, playerOf(state, s).hand).length > 0),
    );
}

/**
 * Defined through the seat's own view, so `legalFromView(view(s, seat))` is this by construction: the fields
 * `legalFromView` reads are taken as `view` computes them, without copying the rest of the board (a property test
 * checks both agree).
 */
export function legalIntents(state: SaloonState, seat: Seat): SaloonIntent[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return [];
  return legalFromView({
    seat,
    phase: state.phase,
    active: state.active,
    guns: state.guns,
    hand: handVisible(state.phase, seat) ? playerOf(state, seat).hand : [],
    public: state.public,
    players: state.players,
  });
}
