import type { ApplyResult, EngineError, GameEvent, Outcome, Race, Seat, SetupConfig } from '../core/game';
import { Rng } from '../core/rng';
import { AREAS, bulletsOf, card, COLOURS, deckIds, isBooty, isCard, isWindEvent, NOISES, WIND_EVENTS, windKind, type Colour } from './cards';
import { ERRORS, intentKey, INTENT_TYPES, type AnswerIntent, type SaloonIntent, type ShootIntent } from './intents';
import { answersFor, bottleAllowed, canCrash, clone, escapeTargets, HAND_SIZE, holdsThree, judgeShot, pendingOf, PUBLIC_CARDS, scoreOf, standoffCrashTarget, standoffJoins, standoffSeats, threatDecider, truelSeats } from './shared';
import type { Phase, Reveal, SaloonOptions, SaloonPlayer, SaloonState, ShotRecord } from './state';
import { legalFromView, view, windowOf, type SaloonView } from './view';

/* ---------------- the numbers, in one place ---------------- */

export const START_LOOT = 20;
export const START_BOUNTY = 20;
export const BOUNTY_RESET = 20;
export const BOOTY_VALUE = 10;
export const BLUFF_STAKE = 20;
export const ROULETTE_STAKE = 20;
export const BOTTLE_REWARD = 20;
export const DUEL_BOUNTY_RAISE = 10;
/** Escape on Horseback: the card discarded is replaced by this many from the deck. */
export const ESCAPE_DRAW = 1;
export const END_LOOT = 130;
export const END_WOUNDS = 3;
/** Hands are swapped, then "Go!" this long after (no randomness: the same for everyone). */
export const GO_DELAY_MS = 1500;
/**
 * A shot sooner than this after "Go!" is a false start: a misfire whatever the cards say (no person reads three
 * cards and fires that quickly; the fastest human reactions to a signal are about 100 ms).
 */
export const FALSE_START_MS = 100;
/** A misfire locks the shooter out this long. */
export const MISFIRE_LOCK_MS = 2000;
/** A duel nobody wins this long after "Go!" is abandoned without a winner. */
export const DUEL_LIMIT_MS = 20_000;
export const DEFAULT_THREAT_SECONDS = 10;
/** Mexican Standoff: the response window that reopens after each "I don't think so!". */
export const STANDOFF_WINDOW_MS = 5000;
/** Mexican Standoff: the amount the winner takes from each other player's Bounty, and its own Bounty raise. */
export const STANDOFF_TAKE = 10;
export const STANDOFF_BOUNTY_RAISE = 10;
/** Mexican Standoff: cards the Judge flips. */
export const STANDOFF_FLIP = 3;
/** What the Wind Brings: Hail of Bullets pays the most Bullets, the Heist pays per Booty, the Turkey pays both. */
export const WIND_HAIL = 20;
export const WIND_HEIST = 10;
export const WIND_TURKEY = 10;
export const MIN_THREAT_SECONDS = 3;
export const MAX_THREAT_SECONDS = 60;

export const DEFAULT_OPTIONS: SaloonOptions = { threatSeconds: DEFAULT_THREAT_SECONDS, simplified: false, russianRoulette: false, wind: false };

export function options(input: Partial<SaloonOptions> | undefined): SaloonOptions | { error: EngineError } {
  const o = { ...DEFAULT_OPTIONS, ...(input ?? {}) };
  if (!Number.isInteger(o.threatSeconds) || o.threatSeconds < MIN_THREAT_SECONDS || o.threatSeconds > MAX_THREAT_SECONDS) {
    return { error: { code: 'BAD_OPTION', message: `threatSeconds must be a whole number from ${MIN_THREAT_SECONDS} to ${MAX_THREAT_SECONDS}.` } };
  }
  if (typeof o.simplified !== 'boolean') return { error: { code: 'BAD_OPTION', message: 'simplified must be true or false.' } };
  if (typeof o.russianRoulette !== 'boolean') return { error: { code: 'BAD_OPTION', message: 'russianRoulette must be true or false.' } };
  if (typeof o.wind !== 'boolean') return { error: { code: 'BAD_OPTION', message: 'wind must be true or false.' } };
  return { threatSeconds: o.threatSeconds, simplified: o.simplified, russianRoulette: o.russianRoulette, wind: o.wind };
}

/* ---------------- setup ---------------- */

export function setup(config: SetupConfig<SaloonOptions>, rng: Rng): SaloonState {
  const n = config.seats;
  if (!Number.isInteger(n) || n < 2 || n > 6) throw new RangeError(`Saloon Showdown seats 2–6, got ${n}`);
  const opts = options(config.options);
  if ('error' in opts) throw new RangeError(opts.error.message);
  const simplified = opts.simplified || n === 2;
  // Decision: the dealer is drawn at random; play starts at the dealer's left.
  const dealer = rng.int(n);
  const state: SaloonState = {
    options: opts,
    simplified,
    players: Array.from({ length: n }, (): SaloonPlayer => ({ hand: [], loot: START_LOOT, bounty: START_BOUNTY, wounds: 0 })),
    deck: rng.shuffle(deckIds(simplified)),
    discard: [],
    public: [],
    dealer,
    active: (dealer + 1) % n,
    turn: 1,
    guns: { red: null, blue: null, green: null, yellow: null },
    phase: { kind: 'turn' },
    lastReveal: null,
    lastDuel: null,
    endAfter: null,
    clock: 0,
    rng: rng.state(), // a placeholder: set again once the deal below is done
  };
  const ignored: GameEvent[] = [];
  for (let i = 0; i < HAND_SIZE; i++) for (let k = 1; k <= n; k++) state.players[(dealer + k) % n].hand.push(takeTop(state, rng, ignored));
  for (let i = 0; i < PUBLIC_CARDS; i++) state.public.push(takeTop(state, rng, ignored));
  if (opts.wind) {
    // After the public cards: the 5 event cards are shuffled into the deck.
    state.deck = rng.shuffle([...state.deck, ...WIND_EVENTS]);
    state.wind = { queue: [], held: [], done: [], resolving: false };
  }
  state.rng = rng.state();
  return state;
}

/* ---------------- helpers ---------------- */

function other(phase: { threatener: Seat; target: Seat }, seat: Seat): Seat {
  return seat === phase.threatener ? phase.target : phase.threatener;
}

/** The top card; an empty deck is refilled by shuffling the discard pile. */
function takeTop(state: SaloonState, rng: Rng, events: GameEvent[], by: Seat = state.active): string {
  for (;;) {
    if (state.deck.length === 0) {
      if (state.discard.length === 0) throw new Error('Saloon invariant broken: no card left to draw');
      state.deck = rng.shuffle(state.discard);
      state.discard = [];
      events.push({ type: 'reshuffled', count: state.deck.length });
    }
    const top = state.deck.shift() as string;
    if (!state.wind || !isWindEvent(top)) return top;
    // An event stops play: it waits for the next safe moment (or, drawn while one resolves, to be shuffled back).
    if (state.wind.resolving) state.wind.held.push(top);
    else state.wind.queue.push({ card: top, by });
    events.push({ type: 'wind_drawn', card: top, seat: by, held: state.wind.resolving });
  }
}

function drawCards(state: SaloonState, seat: Seat, n: number, rng: Rng, events: GameEvent[]): void {
  if (n <= 0) return;
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) drawn.push(takeTop(state, rng, events, seat));
  state.players[seat].hand.push(...drawn);
  events.push({ type: 'drew', seat, count: n });
  events.push({ type: 'you_drew', to: [seat], seat, cards: drawn });
}

function drawUpTo(state: SaloonState, seat: Seat, rng: Rng, events: GameEvent[]): void {
  drawCards(state, seat, HAND_SIZE - state.players[seat].hand.length, rng, events);
}

function discardCards(state: SaloonState, seat: Seat, cards: readonly string[], reason: string, events: GameEvent[]): void {
  const hand = state.players[seat].hand;
  for (const id of cards) {
    const i = hand.indexOf(id);
    if (i < 0) throw new Error(`Saloon invariant broken: ${id} is not in seat ${seat}'s hand`);
    hand.splice(i, 1);
  }
  state.discard.push(...cards);
  events.push({ type: 'discarded', seat, cards: [...cards], reason });
}

/** Both duelists (or bluffers) throw their hands away and draw 3, the threatener first. */
function freshHands(state: SaloonState, seats: readonly Seat[], reason: string, rng: Rng, events: GameEvent[]): void {
  for (const s of seats) discardCards(state, s, [...state.players[s].hand], reason, events);
  for (const s of seats) drawUpTo(state, s, rng, events);
}

/** Money from the bank: the only way money enters the game, always logged. */
function bankPays(state: SaloonState, seat: Seat, amount: number, into: 'loot' | 'bounty', reason: string, events: GameEvent[]): void {
  if (amount <= 0) return;
  state.players[seat][into] += amount;
  events.push({ type: 'bank_paid', seat, amount, into, reason });
  checkEnd(state, seat, events);
}

/** Loot from one player's Loot (only what they have) to another's. Returns the amount moved. */
function takeLoot(state: SaloonState, from: Seat, to: Seat, stake: number, reason: string, events: GameEvent[]): number {
  const amount = Math.min(stake, state.players[from].loot);
  state.players[from].loot -= amount;
  state.players[to].loot += amount;
  events.push({ type: 'loot_moved', payer: from, payee: to, amount, reason });
  checkEnd(state, to, events);
  return amount;
}

/** $130 Loot or a third Wound: the game will end at the end of the turn of the player to this one's right. */
function checkEnd(state: SaloonState, seat: Seat, events: GameEvent[]): void {
  if (state.endAfter !== null) return;
  const p = state.players[seat];
  const reason = p.loot >= END_LOOT ? 'loot' : p.wounds >= END_WOUNDS ? 'wounds' : null;
  if (!reason) return;
  const n = state.players.length;
  state.endAfter = (seat - 1 + n) % n;
  events.push({ type: 'end_triggered', seat, reason, endAfter: state.endAfter });
}

/** Highest score; ties broken by Bounty; still tied → shared. */
export function winnersOf(players: readonly SaloonPlayer[]): Seat[] {
  const scores = players.map(scoreOf);
  const best = Math.max(...scores);
  const top = players.map((_, s) => s).filter((s) => scores[s] === best);
  const bestBounty = Math.max(...top.map((s) => players[s].bounty));
  return top.filter((s) => players[s].bounty === bestBounty);
}

function endTurn(state: SaloonState, rng: Rng, events: GameEvent[]): void {
  const a = state.active;
  if (state.dealer === a) {
    const old = state.public;
    state.public = [];
    state.discard.push(...old);
    for (let i = 0; i < PUBLIC_CARDS; i++) state.public.push(takeTop(state, rng, events));
    events.push({ type: 'public_replaced', seat: a, discarded: old, cards: [...state.public] });
  }
  if (state.players[a].bounty === 0) bankPays(state, a, BOUNTY_RESET, 'bounty', 'bounty_reset', events);
  events.push({ type: 'turn_ended', seat: a });
  if (state.endAfter === a) {
    state.phase = { kind: 'over' };
    const o = outcome(state) as Outcome;
    events.push({ type: 'game_over', winners: o.winners, scores: o.scores });
    return;
  }
  state.active = (a + 1) % state.players.length;
  state.turn += 1;
  state.phase = { kind: 'turn' };
  events.push({ type: 'turn_started', seat: state.active, turn: state.turn });
}

/** The threat (and any duel) is over: the gun goes back on the table and the threatener's turn ends. */
function finishThreat(state: SaloonState, rng: Rng, events: GameEvent[]): void {
  for (const c of COLOURS) state.guns[c] = null;
  if ((state.phase.kind === 'duel' || state.phase.kind === 'standoff') && state.phase.wind) {
    // Showdown at Noon: nobody's turn ends; the turn that was starting goes on (after any other waiting event).
    state.phase = { kind: 'turn' };
    return;
  }
  endTurn(state, rng, events);
}

/* ---------------- the threat, the bluff, the duel ---------------- */

function startDuel(state: SaloonState, at: number, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' }>;
  const a = state.players[ph.threatener];
  const b = state.players[ph.target];
  [a.hand, b.hand] = [b.hand, a.hand];
  const goAt = at + GO_DELAY_MS;
  state.phase = {
    kind: 'duel',
    threatener: ph.threatener,
    target: ph.target,
    gun: ph.gun,
    startedAt: at,
    goAt,
    go: false,
    endsAt: goAt + DUEL_LIMIT_MS,
    lockedUntil: state.players.map(() => 0),
    shots: [],
  };
  events.push({ type: 'duel_started', threatener: ph.threatener, target: ph.target, gun: ph.gun, goAt, endsAt: goAt + DUEL_LIMIT_MS });
}

function go(state: SaloonState, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'duel' }>;
  ph.go = true;
  events.push({ type: 'go', at: ph.goAt, threatener: ph.threatener, target: ph.target });
  for (const s of [ph.threatener, ph.target]) events.push({ type: 'duel_hand', to: [s], seat: s, cards: [...state.players[s].hand] });
}

function bluffCall(state: SaloonState, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' }>;
  const hands = [ph.threatener, ph.target].map((seat) => ({ seat, cards: [...state.players[seat].hand], bullets: bulletsOf(state.players[seat].hand) }));
  const [t, g] = hands;
  // A tie goes to the threatener.
  const winner = t.bullets >= g.bullets ? ph.threatener : ph.target;
  const loser = winner === ph.threatener ? ph.target : ph.threatener;
  const amount = takeLoot(state, loser, winner, BLUFF_STAKE, 'bluff', events);
  const reveal: Reveal = { kind: 'bluff', hands, winner, amount };
  state.lastReveal = reveal;
  events.push({ type: 'bluff_called', threatener: ph.threatener, target: ph.target, hands, winner, amount });
  freshHands(state, [ph.threatener, ph.target], 'bluff', rng, events);
  finishThreat(state, rng, events);
}

/** Russian Roulette: a d6 against the threatener's Bullets; equal rolls again. */
function roulette(state: SaloonState, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' }>;
  const bullets = bulletsOf(state.players[ph.threatener].hand);
  const rolls: number[] = [];
  let roll: number;
  do {
    roll = 1 + rng.int(6);
    rolls.push(roll);
  } while (roll === bullets);
  const click = roll > bullets;
  const amount = click
    ? takeLoot(state, ph.threatener, ph.target, ROULETTE_STAKE, 'roulette_click', events)
    : takeLoot(state, ph.target, ph.threatener, ROULETTE_STAKE, 'roulette_bang', events);
  const winner = click ? ph.target : ph.threatener;
  const hands = [{ seat: ph.threatener, cards: [...state.players[ph.threatener].hand], bullets }];
  state.lastReveal = { kind: 'roulette', hands, rolls, winner, amount };
  events.push({ type: 'roulette', threatener: ph.threatener, target: ph.target, hands, rolls, result: click ? 'click' : 'bang', winner, amount });
  freshHands(state, [ph.threatener, ph.target], 'roulette', rng, events);
  finishThreat(state, rng, events);
}

function shoot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: GameEvent[]): void {
  if (state.phase.kind === 'turkey') {
    turkeyShot(state, seat, shot, now, rng, events);
    return;
  }
  if (state.phase.kind === 'standoff') {
    standoffShot(state, seat, shot, now, rng, events);
    return;
  }
  if (state.phase.kind === 'truel') {
    truelShot(state, seat, shot, now, rng, events);
    return;
  }
  const ph = state.phase as Extract<Phase, { kind: 'duel' }>;
  const correct = judgeShot({ hand: state.players[seat].hand, guns: state.guns, shooter: seat, now }, shot);
  const noise = shot.gun === 'bottle' ? 'crash' : (shot.noise ?? null);
  if (!fire(ph, { seat, gun: shot.gun, area: shot.area, noise, at: now, correct }, shot, events)) return;
  const loser = other(ph, seat);
  const l = state.players[loser];
  l.wounds += 1;
  events.push({ type: 'duel_won', winner: seat, loser, at: now });
  events.push({ type: 'wounded', seat: loser, wounds: l.wounds });
  checkEnd(state, loser, events);
  // Decision: a loser with $0 Bounty gives the winner nothing at all (no Bounty, no +$10).
  // The loser now holds the winner's hand from before the swap: three Law cards there = the winner was the Law.
  const wasLaw = holdsThree(l.hand, 'law');
  const amount = claimBounty(state, seat, loser, 'duel', events);
  if (amount > 0) {
    bankPays(state, seat, DUEL_BOUNTY_RAISE, 'bounty', 'duel_won', events);
    if (wasLaw) {
      events.push({ type: 'law_won_duel', seat, cards: [...l.hand], amount });
      bankPays(state, seat, amount, 'loot', 'law_duel', events);
    }
  }
  // The Bottle's first use: "in both cases … they will collect $20 from the Bank as Loot".
  if (shot.gun === 'bottle') bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  state.lastDuel = { threatener: ph.threatener, target: ph.target, winner: seat, result: 'won', shots: ph.shots };
  freshHands(state, [ph.threatener, ph.target], 'duel', rng, events);
  finishThreat(state, rng, events);
}

function crash(state: SaloonState, seat: Seat, rng: Rng, events: GameEvent[]): void {
  if (state.phase.kind === 'standoff') {
    standoffCrash(state, seat, rng, events);
    return;
  }
  const ph = state.phase as Extract<Phase, { kind: 'threat' | 'duel' }>;
  const cards = [...state.players[seat].hand];
  state.lastReveal = { kind: 'bottle', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount: BOTTLE_REWARD };
  events.push({ type: 'crashed', seat, target: ph.threatener, gun: ph.gun, cards, stopped: ph.kind });
  if (ph.kind === 'duel') {
    state.lastDuel = { threatener: ph.threatener, target: ph.target, winner: null, result: 'stopped', shots: ph.shots };
    // The duelists keep the hands they now hold (swapped); before "Go!" they see them from now on.
    if (!ph.go) for (const s of [ph.threatener, ph.target]) events.push({ type: 'duel_hand', to: [s], seat: s, cards: [...state.players[s].hand] });
  }
  discardCards(state, seat, cards, 'bottle', events);
  drawUpTo(state, seat, rng, events);
  bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  finishThreat(state, rng, events);
}

/* ---------------- the special symbols ---------------- */

/** `seat` takes `from`'s whole Bounty into its Loot (Wanted Alive, a won duel). Returns the amount. */
function claimBounty(state: SaloonState, seat: Seat, from: Seat, reason: string, events: GameEvent[]): number {
  const amount = state.players[from].bounty;
  if (amount <= 0) return 0;
  state.players[from].bounty = 0;
  state.players[seat].loot += amount;
  events.push({ type: 'bounty_claimed', seat, from, amount, reason });
  checkEnd(state, seat, events);
  return amount;
}

/** "I am the Law": the threatener loses the turn; the Law collects the threatener's Bounty value from the bank. */
function iAmTheLaw(state: SaloonState, seat: Seat, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' }>;
  const cards = [...state.players[seat].hand];
  const amount = state.players[ph.threatener].bounty;
  state.lastReveal = { kind: 'law', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount };
  events.push({ type: 'i_am_the_law', seat, threatener: ph.threatener, cards, amount });
  bankPays(state, seat, amount, 'loot', 'law', events);
  discardCards(state, seat, cards, 'law', events);
  drawUpTo(state, seat, rng, events);
  finishThreat(state, rng, events);
}

/** Threatened while holding three Wanted Alive: reveal them, take the threatener's Bounty, end their turn. */
function wantedAnswer(state: SaloonState, seat: Seat, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' }>;
  const cards = [...state.players[seat].hand];
  const amount = state.players[ph.threatener].bounty;
  state.lastReveal = { kind: 'wanted', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount };
  events.push({ type: 'wanted_alive', seat, target: ph.threatener, cards, answer: true });
  claimBounty(state, seat, ph.threatener, 'wanted', events);
  discardCards(state, seat, cards, 'wanted', events);
  drawUpTo(state, seat, rng, events);
  finishThreat(state, rng, events);
}

/** "See you!": discard the Escape card, draw one; the threat moves on, is cancelled (2 players), or goes back to the threatener. */
function escape(state: SaloonState, seat: Seat, intent: AnswerIntent, now: number, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' }>;
  discardCards(state, seat, [intent.card as string], 'escape', events);
  drawCards(state, seat, ESCAPE_DRAW, rng, events);
  const escaped = [...(ph.escaped ?? []), seat];
  if (state.players.length === 2) {
    events.push({ type: 'escaped', seat, threatener: ph.threatener, result: 'cancelled' });
    finishThreat(state, rng, events);
    return;
  }
  const until = now + state.options.threatSeconds * 1000;
  if (intent.target !== undefined) {
    state.phase = { ...ph, target: intent.target, until, escaped };
    events.push({ type: 'escaped', seat, threatener: ph.threatener, result: 'new_target', target: intent.target, until });
  } else {
    state.phase = { ...ph, until, escaped };
    events.push({ type: 'escaped', seat, threatener: ph.threatener, result: 'threatener_answers', target: ph.target, until });
  }
}

/* ---------------- What the Wind Brings ---------------- */

/** Resolve waiting events while the game stands at the start of a turn; when none is left, shuffle back the held ones. */
function resolveWind(state: SaloonState, now: number, rng: Rng, events: GameEvent[]): void {
  const w = state.wind;
  if (!w) return;
  while (state.phase.kind === 'turn' && w.queue.length > 0) {
    w.resolving = true;
    const { card: id, by } = w.queue.shift() as { card: string; by: Seat };
    w.done.push(id);
    const kind = windKind(id);
    events.push({ type: 'wind_event', card: id, kind, seat: by });
    if (kind === 'hail') hail(state, events);
    else if (kind === 'heist') heist(state, events);
    else if (kind === 'turkey') {
      state.phase = { kind: 'turkey', drawer: by, stage: 'ready', goAt: now + GO_DELAY_MS, endsAt: 0, flipped: [], lockedUntil: state.players.map(() => 0), shots: [] };
      events.push({ type: 'turkey', drawer: by, goAt: now + GO_DELAY_MS });
    } else noon(state, by, now, events);
  }
  if (state.phase.kind === 'turn' && w.resolving) {
    w.resolving = false;
    if (w.held.length > 0) {
      state.deck = rng.shuffle([...state.deck, ...w.held]);
      events.push({ type: 'wind_shuffled_back', cards: [...w.held] });
      w.held = [];
    }
  }
}

/** Hail of Bullets: everyone shows their Bullets (the replacement card is already drawn); the most collect $20. */
function hail(state: SaloonState, events: GameEvent[]): void {
  const bullets = state.players.map((p) => bulletsOf(p.hand));
  const best = Math.max(...bullets);
  events.push({ type: 'hail_of_bullets', bullets });
  state.players.forEach((_, s) => {
    if (bullets[s] === best) bankPays(state, s, WIND_HAIL, 'loot', 'hail', events);
  });
}

/** The Great Bank Heist: the poorest (least Loot) collect $10 per Booty on the other players' cards. */
function heist(state: SaloonState, events: GameEvent[]): void {
  const booty = state.players.map((p) => p.hand.filter(isBooty).length);
  const least = Math.min(...state.players.map((p) => p.loot));
  const total = booty.reduce((a, b) => a + b, 0);
  events.push({ type: 'bank_heist', booty });
  state.players.forEach((p, s) => {
    if (p.loot === least) bankPays(state, s, WIND_HEIST * (total - booty[s]), 'loot', 'heist', events);
  });
}

/**
 * Showdown at Noon: the two biggest Bounties duel (ties for second place in play order from the drawer); three or
 * more tied for the biggest: a Standoff race among them (3 cards flipped after the usual delay). No turn ends.
 */
function noon(state: SaloonState, by: Seat, now: number, events: GameEvent[]): void {
  const n = state.players.length;
  const order = Array.from({ length: n }, (_, k) => (by + k) % n);
  const best = Math.max(...state.players.map((p) => p.bounty));
  const tied = order.filter((s) => state.players[s].bounty === best);
  if (tied.length > 2) {
    state.phase = {
      kind: 'standoff',
      stage: 'ready',
      threatener: tied[0],
      judge: by,
      links: tied.map((seat, i) => ({ seat, gun: COLOURS[i % COLOURS.length] })),
      out: [],
      until: now,
      goAt: now + GO_DELAY_MS,
      endsAt: 0,
      flipped: [],
      lockedUntil: state.players.map(() => 0),
      shots: [],
      wind: true,
    };
    events.push({ type: 'showdown_at_noon', seats: tied, standoff: true, goAt: now + GO_DELAY_MS });
    return;
  }
  const [a, b] = [...order].sort((x, y) => state.players[y].bounty - state.players[x].bounty || order.indexOf(x) - order.indexOf(y));
  state.phase = { kind: 'threat', threatener: a, target: b, gun: 'red', until: now };
  startDuel(state, now, events);
  markWind(state.phase);
  events.push({ type: 'showdown_at_noon', seats: [a, b] });
}

function markWind(phase: Phase): void {
  if (phase.kind === 'duel') phase.wind = true;
}

function turkeyShot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'turkey' }>;
  const correct = judgeShot({ hand: ph.flipped, guns: state.guns, shooter: seat, now, anyGun: true }, shot);
  if (!fire(ph, { seat, gun: shot.gun, area: shot.area, noise: shot.noise ?? null, at: now, correct }, shot, events)) return;
  events.push({ type: 'turkey_shot', seat, drawer: ph.drawer, at: now });
  for (const s of [seat, ph.drawer]) {
    bankPays(state, s, WIND_TURKEY, 'loot', 'turkey', events);
    // Decision: "may discard a Wound" — always worth it, so it happens.
    if (state.players[s].wounds > 0) {
      state.players[s].wounds -= 1;
      events.push({ type: 'wound_discarded', seat: s, wounds: state.players[s].wounds });
    }
  }
  endTurkey(state, events);
}

function endTurkey(state: SaloonState, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'turkey' }>;
  state.discard.push(...ph.flipped);
  events.push({ type: 'discarded', seat: ph.drawer, cards: [...ph.flipped], reason: 'turkey' });
  state.phase = { kind: 'turn' };
}

/* ---------------- Mexican Standoff ---------------- */

/** "I don't think so!": discard the card (replaced at once), take the gun, point it at the last threatener. */
function joinStandoff(state: SaloonState, seat: Seat, cardId: string, gun: Colour, now: number, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' | 'standoff' }>;
  discardCards(state, seat, [cardId], 'standoff', events);
  drawCards(state, seat, 1, rng, events);
  state.guns[gun] = seat;
  const until = now + STANDOFF_WINDOW_MS;
  events.push({ type: 'i_dont_think_so', seat, gun, target: ph.threatener, until });
  if (ph.kind === 'threat') {
    state.phase = {
      kind: 'standoff',
      stage: 'chain',
      threatener: seat,
      judge: ph.target,
      links: [
        { seat: ph.threatener, gun: ph.gun },
        { seat, gun },
      ],
      out: [],
      until,
      goAt: 0,
      endsAt: 0,
      flipped: [],
      lockedUntil: state.players.map(() => 0),
      shots: [],
    };
  } else {
    ph.links.push({ seat, gun });
    ph.threatener = seat;
    ph.until = until;
  }
}

/** The Bottle in a Standoff's chain: the gun holder hit leaves the Standoff; the hitter shows, redraws, +$20. */
function standoffCrash(state: SaloonState, seat: Seat, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'standoff' }>;
  const target = standoffCrashTarget(ph, seat, state.players[seat].hand) as Seat;
  const link = ph.links.find((l) => l.seat === target) as { seat: Seat; gun: Colour };
  const cards = [...state.players[seat].hand];
  state.lastReveal = { kind: 'bottle', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount: BOTTLE_REWARD };
  events.push({ type: 'crashed', seat, target, gun: link.gun, cards, stopped: 'standoff' });
  ph.out.push(target);
  state.guns[link.gun] = null;
  const left = standoffSeats(ph);
  // Decision: the chain goes on against the latest player still in it.
  if (ph.threatener === target && left.length > 0) ph.threatener = left[left.length - 1];
  discardCards(state, seat, cards, 'bottle', events);
  drawUpTo(state, seat, rng, events);
  bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  if (left.length < 2) {
    // Decision: fewer than two left: the Standoff ends without a fight.
    events.push({ type: 'standoff_ended', result: 'broken', seats: left });
    finishThreat(state, rng, events);
  }
}

/** The chain closes: guns down (hands are already full); the Judge flips 3 cards after the usual "Go!" delay. */
function closeChain(state: SaloonState, at: number, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'standoff' }>;
  for (const c of COLOURS) state.guns[c] = null;
  ph.stage = 'ready';
  ph.goAt = at + GO_DELAY_MS;
  events.push({ type: 'standoff_ready', judge: ph.judge, seats: standoffSeats(ph), goAt: ph.goAt });
}

function flip(state: SaloonState, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'standoff' }>;
  // An event card among them is the Judge's (the one flipping).
  for (let i = 0; i < STANDOFF_FLIP; i++) ph.flipped.push(takeTop(state, rng, events, ph.judge));
  ph.stage = 'race';
  ph.endsAt = ph.goAt + DUEL_LIMIT_MS;
  events.push({ type: 'judge_flipped', judge: ph.judge, cards: [...ph.flipped], at: ph.goAt, endsAt: ph.endsAt });
}

function endStandoff(state: SaloonState, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'standoff' }>;
  state.discard.push(...ph.flipped);
  events.push({ type: 'discarded', seat: ph.judge, cards: [...ph.flipped], reason: 'standoff' });
  ph.flipped = [];
  // Decision: everyone keeps their hand (the rulebook has duelists redraw, not the Standoff's players; the race is
  // shot on the Judge's cards, not on anyone's hand).
  finishThreat(state, rng, events);
}

function standoffShot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'standoff' }>;
  const correct = judgeShot({ hand: ph.flipped, guns: state.guns, shooter: seat, now, anyGun: true }, shot);
  if (!fire(ph, { seat, target: shot.target, gun: shot.gun, area: shot.area, noise: shot.noise ?? null, at: now, correct }, shot, events)) return;
  const hit = shot.target as Seat;
  const h = state.players[hit];
  h.wounds += 1;
  events.push({ type: 'standoff_won', winner: seat, hit, at: now });
  events.push({ type: 'wounded', seat: hit, wounds: h.wounds });
  checkEnd(state, hit, events);
  let total = claimBounty(state, seat, hit, 'standoff', events);
  for (const o of standoffSeats(ph)) {
    if (o === seat || o === hit) continue;
    const amount = Math.min(STANDOFF_TAKE, state.players[o].bounty);
    if (amount <= 0) continue;
    state.players[o].bounty -= amount;
    state.players[seat].loot += amount;
    total += amount;
    events.push({ type: 'bounty_claimed', seat, from: o, amount, reason: 'standoff' });
    checkEnd(state, seat, events);
  }
  // Decision: as in a duel, a winner who collected nothing gets no raise.
  if (total > 0) bankPays(state, seat, STANDOFF_BOUNTY_RAISE, 'bounty', 'standoff_won', events);
  state.lastDuel = { threatener: ph.links[0].seat, target: ph.judge, winner: seat, result: 'won', shots: ph.shots, standoff: standoffSeats(ph) };
  endStandoff(state, rng, events);
}

/* ---------------- Desperado: the Truel ---------------- */

/** Hands pass to the right among the three (the right-hand neighbour plays just before you); "Go!" as in a duel. */
function startTruel(state: SaloonState, desperado: Seat, others: [Seat, Seat], guns: Colour[], at: number, events: GameEvent[]): void {
  const seats = [desperado, ...others].sort((a, b) => a - b);
  const old = seats.map((s) => state.players[s].hand);
  // Clockwise a → b → c: a's right is c, b's right is a, c's right is b. Each hand goes to the right.
  seats.forEach((s, i) => {
    state.players[s].hand = old[(i + 1) % 3];
  });
  const goAt = at + GO_DELAY_MS;
  state.phase = {
    kind: 'truel',
    desperado,
    others,
    guns,
    startedAt: at,
    goAt,
    go: false,
    endsAt: goAt + DUEL_LIMIT_MS,
    lockedUntil: state.players.map(() => 0),
    shots: [],
  };
  events.push({ type: 'truel_started', desperado, others: [...others], goAt, endsAt: goAt + DUEL_LIMIT_MS });
}

function truelShot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'truel' }>;
  const correct = judgeShot({ hand: state.players[seat].hand, guns: state.guns, shooter: seat, now }, shot);
  const noise = shot.gun === 'bottle' ? 'crash' : (shot.noise ?? null);
  if (!fire(ph, { seat, gun: shot.gun, area: shot.area, noise, at: now, correct }, shot, events)) return;
  const d = ph.desperado;
  const seats = truelSeats(ph);
  // The Desperado's cards are checked after the Truel: they went to the player on his right.
  const right = seats[(seats.indexOf(d) + 2) % 3];
  events.push({ type: 'desperado_checked', seat: d, cards: [...state.players[right].hand] });
  if (seat === d) {
    events.push({ type: 'truel_won', winners: [d], losers: [...ph.others], shooter: seat, at: now });
    for (const o of ph.others) {
      state.players[o].wounds += 1;
      events.push({ type: 'wounded', seat: o, wounds: state.players[o].wounds });
      checkEnd(state, o, events);
    }
    for (const o of ph.others) claimBounty(state, d, o, 'truel', events);
  } else {
    events.push({ type: 'truel_won', winners: [...ph.others], losers: [d], shooter: seat, at: now });
    const p = state.players[d];
    p.wounds += 1;
    events.push({ type: 'wounded', seat: d, wounds: p.wounds });
    checkEnd(state, d, events);
    // Decision: each of the two takes half of the Desperado's Bounty; an odd dollar stays on it.
    const half = Math.floor(p.bounty / 2);
    if (half > 0) {
      for (const o of ph.others) {
        p.bounty -= half;
        state.players[o].loot += half;
        events.push({ type: 'bounty_claimed', seat: o, from: d, amount: half, reason: 'truel' });
        checkEnd(state, o, events);
      }
    }
  }
  if (shot.gun === 'bottle') bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  state.lastDuel = { threatener: d, target: ph.others[0], winner: seat, result: 'won', shots: ph.shots, truel: seats };
  freshHands(state, seats, 'truel', rng, events);
  finishThreat(state, rng, events);
}

/* ---------------- time ---------------- */

/**
 * The table was paused for `ms` (its server stopped and a process resumed it; `Game.shift`): the phase's times and
 * the clock move on by as much, so a threat window, a "Go!", a race's end and a misfire lock-out each keep the time
 * they had left at the last step. History (shots, reveals) keeps its times.
 */
export function shift(state: SaloonState, ms: number): SaloonState {
  if (!(ms > 0)) return state;
  const next = clone(state);
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
function runDeadline(state: SaloonState, at: number, rng: Rng, events: GameEvent[]): void {
  const ph = state.phase;
  if (ph.kind === 'threat') {
    // Silence = "Do you?" (from the threatener too, when it answers after two escapes).
    events.push({ type: 'answered', seat: threatDecider(ph), call: 'duel', silent: true });
    startDuel(state, at, events);
  } else if (ph.kind === 'turkey') {
    if (ph.stage === 'ready') {
      for (let i = 0; i < STANDOFF_FLIP; i++) ph.flipped.push(takeTop(state, rng, events, ph.drawer));
      ph.stage = 'race';
      ph.endsAt = ph.goAt + DUEL_LIMIT_MS;
      events.push({ type: 'turkey_flipped', drawer: ph.drawer, cards: [...ph.flipped], at: ph.goAt, endsAt: ph.endsAt });
    } else {
      events.push({ type: 'turkey_escaped', at });
      endTurkey(state, events);
    }
  } else if (ph.kind === 'standoff') {
    if (ph.stage === 'chain') closeChain(state, at, events);
    else if (ph.stage === 'ready') flip(state, rng, events);
    else {
      state.lastDuel = { threatener: ph.links[0].seat, target: ph.judge, winner: null, result: 'abandoned', shots: ph.shots, standoff: standoffSeats(ph) };
      events.push({ type: 'standoff_ended', result: 'abandoned', seats: standoffSeats(ph) });
      endStandoff(state, rng, events);
    }
  } else if (ph.kind === 'truel' && !ph.go) {
    ph.go = true;
    events.push({ type: 'go', at: ph.goAt, truel: truelSeats(ph) });
    for (const s of truelSeats(ph)) events.push({ type: 'duel_hand', to: [s], seat: s, cards: [...state.players[s].hand] });
  } else if (ph.kind === 'truel') {
    const seats = truelSeats(ph);
    state.lastDuel = { threatener: ph.desperado, target: ph.others[0], winner: null, result: 'abandoned', shots: ph.shots, truel: seats };
    events.push({ type: 'truel_abandoned', at, desperado: ph.desperado, others: [...ph.others] });
    freshHands(state, seats, 'truel', rng, events);
    finishThreat(state, rng, events);
  } else if (ph.kind === 'duel' && !ph.go) {
    go(state, events);
  } else if (ph.kind === 'duel') {
    state.lastDuel = { threatener: ph.threatener, target: ph.target, winner: null, result: 'abandoned', shots: ph.shots };
    events.push({ type: 'duel_abandoned', at, threatener: ph.threatener, target: ph.target });
    freshHands(state, [ph.threatener, ph.target], 'duel', rng, events);
    finishThreat(state, rng, events);
  }
}

/** Every deadline passed by `now` happens first, in order, at its own time. */
function catchUp(state: SaloonState, now: number, rng: Rng, events: GameEvent[]): void {
  for (;;) {
    const d = deadline(state);
    if (d === null || d > now) return;
    runDeadline(state, d, rng, events);
  }
}

/* ---------------- legality ---------------- */

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
    .filter((s) => !waiting.includes(s) && (canCrash(state.phase, s, state.players[s].hand) || standoffJoins(state.phase, state.guns, s, state.players[s].hand).length > 0));
}

/**
 * The end of `seat`'s misfire lock-out in the race now running (duel, Truel, Standoff, Turkey), or null when it may
 * shoot at once. The room's bot waits for it (then its reaction time) instead of firing a shot the engine refuses.
 */
export function botReadyAt(state: SaloonState, seat: Seat): number | null {
  const ph = state.phase;
  if (ph.kind !== 'duel' && ph.kind !== 'truel' && ph.kind !== 'standoff' && ph.kind !== 'turkey') return null;
  const until = ph.lockedUntil[seat] ?? 0;
  return until > state.clock ? until : null;
}

/**
 * The reflex race running or getting ready now (a duel, a Truel, a Standoff's or the Turkey's flip), for the server's
 * timing policy: "Go!" time, the racers, and the false-start floor.
 */
export function race(state: SaloonState): Race | null {
  const ph = state.phase;
  const shots = { falseStartMs: FALSE_START_MS, scheduled: true, intents: ['shoot'] };
  if (ph.kind === 'duel') return { goAt: ph.goAt, seats: [ph.threatener, ph.target], go: ph.go, ...shots };
  if (ph.kind === 'truel') return { goAt: ph.goAt, seats: truelSeats(ph), go: ph.go, ...shots };
  if (ph.kind === 'standoff' && ph.stage !== 'chain') return { goAt: ph.goAt, seats: standoffSeats(ph), go: ph.stage === 'race', ...shots };
  if (ph.kind === 'turkey') return { goAt: ph.goAt, seats: state.players.map((_, s) => s).filter((s) => s !== ph.drawer), go: ph.stage === 'race', ...shots };
  // Response windows: the answer, the Bottle and "I don't think so!" race from the moment the threat (or the
  // Standoff's reopened chain) shows — the first to act decides the threat's fate or takes the gun.
  const window = { falseStartMs: 0, go: true, scheduled: false, intents: ['answer', 'crash', 'standoff'] };
  if (ph.kind === 'threat' && ph.until > state.clock) return { goAt: ph.until - state.options.threatSeconds * 1000, seats: [...new Set([threatDecider(ph), ...interrupters(state)])], ...window };
  if (ph.kind === 'standoff' && ph.stage === 'chain') {
    const others = interrupters(state);
    return others.length > 0 ? { goAt: ph.until - STANDOFF_WINDOW_MS, seats: others, ...window } : null;
  }
  return null;
}

/**
 * What `seat` will read at the coming "Go!": its (swapped) hand in a duel or Truel, the three cards to be flipped in a
 * Standoff or at the Turkey — found by playing the "Go!" deadline on a copy (the engine is deterministic), so the
 * server can send them to the racer just before "Go!", to be shown at `goAt` on a synced clock. Null when `seat` does
 * not race or "Go!" has been given.
 */
export function racePreview(state: SaloonState, seat: Seat): { goAt: number; cards: string[] } | null {
  const r = race(state);
  if (!r || r.go || !r.seats.includes(seat)) return null;
  const next = timeout(state, r.goAt);
  if ('error' in next) return null;
  const ph = next.state.phase;
  if ((ph.kind === 'standoff' || ph.kind === 'turkey') && ph.stage === 'race') return { goAt: r.goAt, cards: [...ph.flipped] };
  if ((ph.kind === 'duel' || ph.kind === 'truel') && ph.go) return { goAt: r.goAt, cards: [...next.state.players[seat].hand] };
  return null;
}

/**
 * A racer's view as it will be at "Go!", from its view before and the cards the server sent ahead (`racePreview`):
 * a client shows this at `goAt` by its synced clock, before the state saying "Go!" reaches it. The view unchanged
 * when it is not a racer's view of a race getting ready.
 */
export function viewAtGo(v: SaloonView, cards: readonly string[]): SaloonView {
  const ph = v.phase;
  if (v.seat === null) return v;
  let phase: Phase;
  if ((ph.kind === 'duel' || ph.kind === 'truel') && !ph.go) phase = { ...ph, go: true, endsAt: ph.goAt + DUEL_LIMIT_MS };
  else if ((ph.kind === 'standoff' || ph.kind === 'turkey') && ph.stage === 'ready') phase = { ...ph, stage: 'race', endsAt: ph.goAt + DUEL_LIMIT_MS, flipped: [...cards] } as Phase;
  else return v;
  const flipped = phase.kind === 'standoff' || phase.kind === 'turkey';
  return { ...v, phase, pending: pendingOf(phase, v.active), hand: flipped ? v.hand : [...cards], window: windowOf(phase, v.players.length, v.guns, v.simplified) };
}

/** The same from the seat's view (its own lock-out is public): for bots that see only their view (`npm run bot`). */
export function botReadyAtView(v: SaloonView): number | null {
  const ph = v.phase;
  if (v.seat === null || (ph.kind !== 'duel' && ph.kind !== 'truel' && ph.kind !== 'standoff' && ph.kind !== 'turkey')) return null;
  const until = ph.lockedUntil[v.seat] ?? 0;
  return until > 0 ? until : null;
}

/** Defined through the seat's own view, so `legalFromView(view(s, seat))` is this by construction. */
export function legalIntents(state: SaloonState, seat: Seat): SaloonIntent[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return [];
  return legalFromView(view(state, seat));
}

function err(code: string, message: string): EngineError {
  return { code, message };
}

function cardList(state: SaloonState, seat: Seat, cards: unknown): string[] | EngineError {
  if (!Array.isArray(cards)) return err(ERRORS.ILLEGAL_CARD, 'cards must be a list of card ids.');
  const hand = state.players[seat].hand;
  for (const c of cards) if (!isCard(c) || !hand.includes(c)) return err(ERRORS.ILLEGAL_CARD, `${String(c)} is not in your hand.`);
  if (new Set(cards).size !== cards.length) return err(ERRORS.ILLEGAL_CARD, 'The same card twice.');
  return cards as string[];
}

/** A specific error for an intent that is not allowed now (at time `now`), or null when it is. */
function check(state: SaloonState, seat: Seat, intent: SaloonIntent, now: number): EngineError | null {
  const ph = state.phase;
  if (ph.kind === 'over') return err(ERRORS.GAME_OVER, 'The game is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return err(ERRORS.NOT_SEATED, 'That seat is not at this table.');
  if (!intent || typeof intent !== 'object' || !INTENT_TYPES.includes(intent.type)) {
    return err(ERRORS.UNKNOWN_INTENT, `Saloon Showdown takes ${INTENT_TYPES.join(', ')}.`);
  }
  switch (intent.type) {
    case 'standoff': {
      if (ph.kind !== 'threat' && !(ph.kind === 'standoff' && ph.stage === 'chain')) return err(ERRORS.NOT_NOW, '"I don\'t think so!" only while someone is threatening.');
      const joins = standoffJoins(ph, state.guns, seat, state.players[seat].hand);
      if (joins.some((j) => j.card === intent.card && j.gun === intent.gun)) return null;
      if (joins.length === 0) return err(ERRORS.NOT_NOW, 'You cannot enter this Standoff (you need a Standoff card, and not to be in it, threatened or its last threatener).');
      if (!joins.some((j) => j.card === intent.card)) return err(ERRORS.ILLEGAL_CARD, 'Discard a Mexican Standoff card from your hand.');
      return err(state.guns[intent.gun] !== null && COLOURS.includes(intent.gun) ? ERRORS.GUN_TAKEN : ERRORS.BAD_TARGET, 'Take a gun that lies on the table.');
    }
    case 'desperado': {
      if (seat !== state.active) return err(ERRORS.NOT_YOUR_TURN, 'It is not your turn.');
      if (ph.kind !== 'turn') return err(ERRORS.NOT_NOW, '"desperado" is not possible now.');
      if (state.players.length < 3) return err(ERRORS.NOT_NOW, 'No Desperado with two players.');
      if (!holdsThree(state.players[seat].hand, 'desperado')) return err(ERRORS.ILLEGAL_CARD, '"I have nothing to lose" needs three Desperado cards in your hand.');
      const { guns, targets } = intent;
      if (!Array.isArray(guns) || guns.length !== 2 || guns[0] === guns[1] || !guns.every((g) => COLOURS.includes(g))) return err(ERRORS.BAD_TARGET, 'Take two different guns.');
      if (guns.some((g) => state.guns[g] !== null)) return err(ERRORS.GUN_TAKEN, 'That gun is taken.');
      if (!Array.isArray(targets) || targets.length !== 2 || targets[0] === targets[1]) return err(ERRORS.BAD_TARGET, 'Threaten two different players.');
      if (!targets.every((t) => Number.isInteger(t) && t >= 0 && t < state.players.length && t !== seat)) return err(ERRORS.BAD_TARGET, 'Threaten two other players.');
      return null;
    }
    case 'draw':
    case 'cashLoot':
    case 'wanted':
    case 'threaten':
    case 'discard': {
      if (seat !== state.active) return err(ERRORS.NOT_YOUR_TURN, 'It is not your turn.');
      if (intent.type === 'wanted') {
        const t = intent.target;
        if (!Number.isInteger(t) || t < 0 || t >= state.players.length || t === seat) return err(ERRORS.BAD_TARGET, 'Take the Bounty of another player.');
      }
      if (ph.kind !== (intent.type === 'discard' ? 'discard' : 'turn')) return err(ERRORS.NOT_NOW, `"${intent.type}" is not possible now.`);
      if (intent.type === 'draw') {
        const f = intent.from;
        if (f !== 'deck' && !(Number.isInteger(f) && f >= 0 && f < state.public.length)) return err(ERRORS.BAD_TARGET, "Draw from 'deck' or a public card 0–3.");
        return null;
      }
      if (intent.type === 'threaten') {
        if (!COLOURS.includes(intent.gun)) return err(ERRORS.BAD_TARGET, `No ${String(intent.gun)} gun.`);
        if (state.guns[intent.gun] !== null) return err(ERRORS.GUN_TAKEN, 'That gun is taken.');
        const t = intent.target;
        if (!Number.isInteger(t) || t < 0 || t >= state.players.length || t === seat) return err(ERRORS.BAD_TARGET, 'Threaten another player.');
        return null;
      }
      const cards = cardList(state, seat, intent.cards);
      if (!Array.isArray(cards)) return cards;
      if (intent.type === 'discard' && cards.length !== 1) return err(ERRORS.ILLEGAL_CARD, 'Discard exactly one card.');
      if (intent.type === 'wanted' && !(cards.length === HAND_SIZE && holdsThree(cards, 'wanted'))) {
        return err(ERRORS.ILLEGAL_CARD, 'Discard three Wanted Alive cards.');
      }
      if (intent.type === 'cashLoot') {
        if (cards.length === 0) return err(ERRORS.ILLEGAL_CARD, 'Cash at least one Booty card.');
        if (!cards.every(isBooty)) return err(ERRORS.ILLEGAL_CARD, 'Only Booty cards can be cashed.');
      }
      return null;
    }
    case 'answer': {
      if (ph.kind !== 'threat') return err(ERRORS.NOT_NOW, 'Nobody is threatening you.');
      if (seat !== threatDecider(ph)) return err(ERRORS.NOT_YOUR_TURN, ph.escaped?.length ? 'The threatener answers now.' : 'Only the threatened player answers.');
      const calls = ['bluffing', 'duel', 'law', 'wanted', 'escape', 'desperado'];
      if (!calls.includes(intent.call)) return err(ERRORS.UNKNOWN_INTENT, `Answer ${calls.join(', ')}.`);
      const key = intentKey(intent);
      if (answersFor(ph, state.players.length, state.players[seat].hand).some((a) => intentKey(a) === key)) return null;
      if (intent.call === 'law') return err(ERRORS.ILLEGAL_CARD, '"I am the Law" needs three Law cards in your hand.');
      if (intent.call === 'wanted') return err(ERRORS.ILLEGAL_CARD, 'Revealing Wanted Alive needs three Wanted Alive cards in your hand.');
      if (intent.call === 'desperado') {
        if (state.players.length < 3) return err(ERRORS.NOT_NOW, 'No Desperado with two players.');
        if (!holdsThree(state.players[seat].hand, 'desperado') || seat !== ph.target) return err(ERRORS.ILLEGAL_CARD, 'A Truel needs three Desperado cards in your hand.');
        return err(ERRORS.BAD_TARGET, 'Choose a third player for the Truel (not the threatener, not yourself).');
      }
      if (intent.call === 'escape') {
        if (seat !== ph.target) return err(ERRORS.NOT_NOW, 'Only the threatened player escapes.');
        if (!isCard(intent.card) || !state.players[seat].hand.includes(intent.card) || card(intent.card).symbol !== 'escape') {
          return err(ERRORS.ILLEGAL_CARD, 'Discard an Escape on Horseback card from your hand.');
        }
        const targets = escapeTargets(ph, state.players.length);
        return err(ERRORS.BAD_TARGET, targets.length ? `Choose a new target: seat ${targets.join(', ')}.` : 'No new target here: leave it out.');
      }
      return err(ERRORS.UNKNOWN_INTENT, "Answer 'bluffing' or 'duel'.");
    }
    case 'shoot': {
      if (ph.kind === 'turkey') {
        if (ph.stage !== 'race') return err(ERRORS.TOO_EARLY, 'Wait for the Turkey\'s cards.');
        if (seat === ph.drawer) return err(ERRORS.NOT_YOUR_TURN, 'The one who drew the Turkey does not shoot it.');
        if (!COLOURS.includes(intent.gun as Colour)) return err(ERRORS.BAD_SHOT, 'Grab a gun: red, blue, green or yellow.');
        if (!AREAS.includes(intent.area)) return err(ERRORS.BAD_SHOT, 'Name an area: head, chest, arm or leg.');
        if (intent.noise === undefined || !(NOISES as readonly string[]).includes(intent.noise)) return err(ERRORS.BAD_SHOT, 'Say Bang, Boom or Blam.');
        if (intent.target !== undefined) return err(ERRORS.BAD_TARGET, 'Shoot the Turkey, not a player.');
        if (now < ph.lockedUntil[seat]) return err(ERRORS.LOCKED_OUT, `Misfire: you cannot shoot until ${ph.lockedUntil[seat]}.`);
        return null;
      }
      if (ph.kind === 'standoff') {
        if (ph.stage !== 'race') return err(ph.stage === 'chain' ? ERRORS.NOT_NOW : ERRORS.TOO_EARLY, 'Wait for the Judge\'s cards.');
        const seats = standoffSeats(ph);
        if (!seats.includes(seat)) return err(ERRORS.NOT_YOUR_TURN, 'Only the players in the Standoff shoot.');
        if (intent.gun === 'bottle') return err(ERRORS.BOTTLE_NOT_ALLOWED, 'In a Standoff any gun will do.');
        if (!COLOURS.includes(intent.gun)) return err(ERRORS.BAD_SHOT, 'Grab a gun: red, blue, green or yellow.');
        if (!AREAS.includes(intent.area)) return err(ERRORS.BAD_SHOT, 'Name an area: head, chest, arm or leg.');
        if (intent.noise === undefined || !(NOISES as readonly string[]).includes(intent.noise)) return err(ERRORS.BAD_SHOT, 'Say Bang, Boom or Blam.');
        if (intent.target === undefined || intent.target === seat || !seats.includes(intent.target)) return err(ERRORS.BAD_TARGET, 'Shoot another player in the Standoff.');
        if (now < ph.lockedUntil[seat]) return err(ERRORS.LOCKED_OUT, `Misfire: you cannot shoot until ${ph.lockedUntil[seat]}.`);
        return null;
      }
      if (ph.kind !== 'duel' && ph.kind !== 'truel') return err(ERRORS.NOT_NOW, 'There is no duel.');
      if (ph.kind === 'duel' ? seat !== ph.threatener && seat !== ph.target : !truelSeats(ph).includes(seat)) return err(ERRORS.NOT_YOUR_TURN, 'Only the duelists shoot.');
      if (!ph.go) return err(ERRORS.TOO_EARLY, 'Wait for "Go!".');
      // The shot's form first (a malformed shot is BAD_SHOT even during a lock-out), then the lock-out, then the guns.
      if (!AREAS.includes(intent.area)) return err(ERRORS.BAD_SHOT, 'Name an area: head, chest, arm or leg.');
      if (intent.gun !== 'bottle' && !COLOURS.includes(intent.gun)) return err(ERRORS.BAD_SHOT, 'Grab a gun: red, blue, green, yellow, or the bottle.');
      if (intent.gun === 'bottle' ? intent.noise !== undefined && intent.noise !== 'crash' : intent.noise === undefined || !(NOISES as readonly string[]).includes(intent.noise)) {
        return err(ERRORS.BAD_SHOT, intent.gun === 'bottle' ? 'With the Bottle you only say "Crash!".' : 'Say Bang, Boom or Blam.');
      }
      if (intent.target !== undefined) return err(ERRORS.BAD_TARGET, ph.kind === 'duel' ? 'A duel shot names no target: there is only one.' : 'A Truel shot names no target.');
      if (now < ph.lockedUntil[seat]) return err(ERRORS.LOCKED_OUT, `Misfire: you cannot shoot until ${ph.lockedUntil[seat]}.`);
      if (intent.gun === 'bottle') {
        if (!bottleAllowed(state.players[seat].hand, state.guns, seat)) return err(ERRORS.BOTTLE_NOT_ALLOWED, 'The Bottle only when the gun you need is in someone else\'s hand.');
        return null;
      }
      const holder = state.guns[intent.gun];
      if (holder !== null && holder !== seat) return err(ERRORS.GUN_TAKEN, 'That gun is in someone else\'s hand.');
      return null;
    }
    case 'crash':
      if (!canCrash(ph, seat, state.players[seat].hand)) return err(ERRORS.NOT_NOW, 'The Bottle needs a threat and 3 cards of the threatening gun\'s colour in your hand.');
      return null;
  }
}

/* ---------------- apply / timeout ---------------- */

export function apply(state: SaloonState, seat: Seat, intent: SaloonIntent, now?: number): ApplyResult<SaloonState> {
  if (state.phase.kind === 'over') return { error: err(ERRORS.GAME_OVER, 'The game is over.') };
  const t = Math.max(state.clock, now ?? state.clock);
  const next = clone(state);
  const rng = Rng.fromState(next.rng);
  const events: GameEvent[] = [];
  catchUp(next, t, rng, events);
  const bad = check(next, seat, intent, t);
  if (bad) return { error: bad };
  perform(next, seat, intent, t, rng, events);
  resolveWind(next, t, rng, events);
  next.clock = t;
  next.rng = rng.state();
  return { state: next, events };
}

function perform(state: SaloonState, seat: Seat, intent: SaloonIntent, now: number, rng: Rng, events: GameEvent[]): void {
  const me = state.players[seat];
  switch (intent.type) {
    case 'draw':
      if (intent.from === 'deck') drawCards(state, seat, 1, rng, events);
      else {
        const index = intent.from;
        const taken = state.public[index];
        me.hand.push(taken);
        state.public[index] = takeTop(state, rng, events, seat);
        events.push({ type: 'drew_public', seat, index, card: taken, replacement: state.public[index] });
        if (state.dealer !== seat) {
          state.dealer = seat;
          events.push({ type: 'dealer_moved', seat });
        }
      }
      state.phase = { kind: 'discard' };
      return;
    case 'discard':
      discardCards(state, seat, intent.cards, 'draw', events);
      endTurn(state, rng, events);
      return;
    case 'cashLoot':
      discardCards(state, seat, intent.cards, 'cash_loot', events);
      events.push({ type: 'cashed_loot', seat, cards: [...intent.cards] });
      bankPays(state, seat, BOOTY_VALUE * intent.cards.length, 'loot', 'cash_loot', events);
      drawUpTo(state, seat, rng, events);
      endTurn(state, rng, events);
      return;
    case 'threaten': {
      state.guns[intent.gun] = seat;
      const until = now + state.options.threatSeconds * 1000;
      state.phase = { kind: 'threat', threatener: seat, target: intent.target, gun: intent.gun, until };
      events.push({ type: 'threatened', seat, target: intent.target, gun: intent.gun, until });
      return;
    }
    case 'wanted': {
      discardCards(state, seat, intent.cards, 'wanted', events);
      events.push({ type: 'wanted_alive', seat, target: intent.target, cards: [...intent.cards], answer: false });
      claimBounty(state, seat, intent.target, 'wanted', events);
      drawUpTo(state, seat, rng, events);
      endTurn(state, rng, events);
      return;
    }
    case 'standoff':
      joinStandoff(state, seat, intent.card, intent.gun, now, rng, events);
      return;
    case 'desperado':
      for (const g of intent.guns) state.guns[g] = seat;
      events.push({ type: 'nothing_to_lose', seat, guns: [...intent.guns], targets: [...intent.targets] });
      startTruel(state, seat, [intent.targets[0], intent.targets[1]], [...intent.guns], now, events);
      return;
    case 'answer':
      events.push({ type: 'answered', seat, call: intent.call, silent: false });
      if (intent.call === 'desperado') {
        const th = state.phase as Extract<Phase, { kind: 'threat' }>;
        startTruel(state, seat, [th.threatener, intent.target as Seat], [], now, events);
      } else if (intent.call === 'law') iAmTheLaw(state, seat, rng, events);
      else if (intent.call === 'wanted') wantedAnswer(state, seat, rng, events);
      else if (intent.call === 'escape') escape(state, seat, intent, now, rng, events);
      else if (intent.call === 'duel') startDuel(state, now, events);
      else if (state.options.russianRoulette) roulette(state, rng, events);
      else bluffCall(state, rng, events);
      return;
    case 'shoot':
      shoot(state, seat, intent, now, rng, events);
      return;
    case 'crash':
      crash(state, seat, rng, events);
      return;
  }
}

/**
 * The default when a countdown runs out. Turn: draw the top card and discard it at once. Discard: the card just
 * drawn. Threat: "Do you?". Duel: "Go!", then, 20 s later, the duel is abandoned. `now` defaults to the deadline.
 */
export function timeout(state: SaloonState, now?: number): ApplyResult<SaloonState> {
  if (state.phase.kind === 'over') return { error: err(ERRORS.GAME_OVER, 'The game is over.') };
  const next = clone(state);
  const rng = Rng.fromState(next.rng);
  const events: GameEvent[] = [];
  const at = Math.max(next.clock, now ?? deadline(next) ?? next.clock);
  const ph = next.phase;
  if (ph.kind === 'turn') {
    events.push({ type: 'timed_out', seat: next.active });
    drawCards(next, next.active, 1, rng, events);
    const hand = next.players[next.active].hand;
    discardCards(next, next.active, [hand[hand.length - 1]], 'timeout', events);
    endTurn(next, rng, events);
  } else if (ph.kind === 'discard') {
    events.push({ type: 'timed_out', seat: next.active });
    const hand = next.players[next.active].hand;
    discardCards(next, next.active, [hand[hand.length - 1]], 'timeout', events);
    endTurn(next, rng, events);
  } else {
    runDeadline(next, at, rng, events);
  }
  resolveWind(next, at, rng, events);
  next.clock = at;
  next.rng = rng.state();
  return { state: next, events };
}

export function outcome(state: SaloonState): Outcome | null {
  if (state.phase.kind !== 'over') return null;
  return { winners: winnersOf(state.players), scores: state.players.map(scoreOf) };
}

/** Where every card is (for the conservation property). */
export function locations(state: SaloonState): Map<string, string> {
  const out = new Map<string, string>();
  const put = (id: string, where: string) => {
    if (out.has(id)) throw new Error(`Saloon invariant broken: ${id} is in ${out.get(id)} and ${where}`);
    out.set(id, where);
  };
  state.deck.forEach((id) => put(id, 'deck'));
  state.discard.forEach((id) => put(id, 'discard'));
  state.public.forEach((id) => put(id, 'public'));
  state.players.forEach((p, s) => p.hand.forEach((id) => put(id, `hand ${s}`)));
  if (state.phase.kind === 'standoff' || state.phase.kind === 'turkey') state.phase.flipped.forEach((id) => put(id, 'flipped'));
  if (state.wind) {
    state.wind.queue.forEach((q) => put(q.card, 'wind queue'));
    state.wind.held.forEach((id) => put(id, 'wind held'));
    state.wind.done.forEach((id) => put(id, 'wind done'));
  }
  return out;
}

/**
 * A shot in any of the races (duel, truel, standoff, turkey), judged on the cards: it is recorded and announced, and
 * a miss locks the shooter out for MISFIRE_LOCK_MS. A reaction under FALSE_START_MS (the server's accepted one, else
 * the time since "Go!") is a false start: a miss. Returns whether it hit.
 */
function fire(ph: { shots: ShotRecord[]; lockedUntil: number[]; goAt: number }, judged: ShotRecord, shot: ShootIntent, events: GameEvent[]): boolean {
  const reactionMs = shot.reactionMs ?? judged.at - ph.goAt;
  const falseStart = reactionMs < FALSE_START_MS;
  const record: ShotRecord = { ...judged, correct: judged.correct && !falseStart, reactionMs, ...(falseStart ? { falseStart: true } : {}) };
  ph.shots.push(record);
  events.push({ type: 'shot', ...record });
  if (record.correct) return true;
  ph.lockedUntil[record.seat] = record.at + MISFIRE_LOCK_MS;
  events.push({ type: 'misfire', seat: record.seat, lockedUntil: ph.lockedUntil[record.seat] });
  return false;
}
