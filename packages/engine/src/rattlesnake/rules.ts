import { fail, type ApplyResult, type EngineError, type GameEvent, type Outcome, type Seat, type SetupConfig } from '../core/game';
import { Rng } from '../core/rng';
import { cloneState } from '../core/clone';
import {
  abilityOf,
  baseValue,
  EVENTS,
  eventId,
  eventOf,
  hitIds,
  isHit,
  MAX_VALUE,
  MIN_VALUE,
  personalDeck,
  SALOON_SLOTS,
  saloonActions,
} from './cards';
import { attackerWins, bestCombo, type Combo } from './combos';
import { ERRORS, INTENT_TYPES, intentKey, type AbilityIntent, type RattlesnakeIntent } from './intents';
import { buyCost, handSize, hasEvent, other, pendingOf } from './shared';
import type { RattlesnakeOptions, RattlesnakePlayer, RattlesnakeState, UsedAbility } from './state';
import { legalFromView, revealedOf, view } from './view';

export const SEATS = 2;
/** Cards drawn by each ability. */
export const RELOAD_DRAW = 3;
export const SCOUT_DRAW = 2;
export const SWITCH_UP_DRAW = 2;
export const QUICK_DRAW_REFILL = 6;
export const QUICK_DRAW_AGAIN = 1;
/**
 * Decision (every game ends): after this many turns in a row without anyone taking a Hit, the player starting the
 * next turn takes one. Odd, so that a long stalemate costs each side in turn.
 */
export const STALEMATE_TURNS = 15;

export function options(input: Partial<RattlesnakeOptions> | undefined): RattlesnakeOptions | { error: EngineError } {
  void input;
  return {};
}

/* ---------------- setup ---------------- */

export function setup(config: SetupConfig<RattlesnakeOptions>, rng: Rng): RattlesnakeState {
  if (config.seats !== SEATS) throw new RangeError(`Rattlesnake seats exactly ${SEATS}, got ${config.seats}`);
  const players: RattlesnakePlayer[] = [0, 1].map((seat) => ({
    deck: rng.shuffle(personalDeck(seat)),
    hand: [],
    discard: [],
    hits: hitIds(seat),
    committed: null,
  }));
  // The saloon: 5 face up; two piles of 4 actions + 2 events; 2 actions and 1 event back to the box; High Noon last.
  const actions = rng.shuffle(saloonActions());
  const saloon = actions.slice(0, SALOON_SLOTS);
  const pileActions = actions.slice(SALOON_SLOTS, SALOON_SLOTS + 8);
  const boxActions = actions.slice(SALOON_SLOTS + 8);
  const events = rng.shuffle(EVENTS.filter((e) => e.event !== 'high-noon').map((e) => eventId(e.event)));
  const pileA = rng.shuffle([...pileActions.slice(0, 4), events[0], events[1]]);
  const pileB = rng.shuffle([...pileActions.slice(4, 8), events[2], events[3]]);
  const state: RattlesnakeState = {
    options: {},
    players,
    saloon,
    saloonDeck: [...pileA, ...pileB, eventId('high-noon')],
    box: [...boxActions, events[4]],
    graveyard: [],
    active: 0,
    turn: 1,
    bought: false,
    attacksLeft: 1,
    step: { kind: 'main' },
    attack: null,
    response: null,
    scout: null,
    opening: { reveals: [], first: 0 },
    lastShowdown: null,
    winner: null,
    quiet: 0,
    rng: rng.state(), // a placeholder: set again once the deal below is done
  };
  // First player: reveal top cards until one is higher; revealed cards are discarded.
  // Decision: if every card ties (practically impossible) seat 0 starts.
  for (;;) {
    const a = players[0].deck.shift();
    const b = players[1].deck.shift();
    if (a === undefined || b === undefined) break;
    players[0].discard.push(a);
    players[1].discard.push(b);
    state.opening.reveals.push([a, b]);
    const va = baseValue(a) ?? 0;
    const vb = baseValue(b) ?? 0;
    if (va !== vb) {
      state.opening.first = va > vb ? 0 : 1;
      break;
    }
  }
  state.active = state.opening.first;
  const ignored: GameEvent[] = [];
  drawUpTo(state, state.active, rng, ignored);
  drawUpTo(state, other(state.active), rng, ignored);
  state.rng = rng.state();
  return state;
}

/* ---------------- shared helpers ---------------- */

/** Draws up to n cards, reshuffling the discard pile into an empty deck; stops when both are empty. */
export function draw(state: RattlesnakeState, seat: Seat, n: number, rng: Rng, events: GameEvent[]): string[] {
  const p = state.players[seat];
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = takeTop(state, seat, rng, events);
    if (c === null) break;
    p.hand.push(c);
    drawn.push(c);
  }
  if (drawn.length > 0) {
    events.push({ type: 'drew', seat, count: drawn.length });
    events.push({ type: 'you_drew', to: [seat], seat, cards: [...drawn] });
  }
  return drawn;
}

/** The top card of a player's deck (refilled from the discard pile if empty), removed; null when both are empty. */
function takeTop(state: RattlesnakeState, seat: Seat, rng: Rng, events: GameEvent[]): string | null {
  const p = state.players[seat];
  if (p.deck.length === 0) {
    if (p.discard.length === 0) return null;
    p.deck = rng.shuffle(p.discard);
    p.discard = [];
    events.push({ type: 'reshuffled', seat, count: p.deck.length });
  }
  p.knownTop = null; // whatever was known on top leaves it now
  return p.deck.shift() ?? null;
}

function drawUpTo(state: RattlesnakeState, seat: Seat, rng: Rng, events: GameEvent[]): void {
  const need = handSize(state.saloon) - state.players[seat].hand.length;
  if (need > 0) draw(state, seat, need, rng, events);
}

function discardHand(state: RattlesnakeState, seat: Seat, events: GameEvent[]): void {
  const p = state.players[seat];
  const cards = p.hand;
  p.hand = [];
  p.discard.push(...cards);
  events.push({ type: 'discarded_hand', seat, cards: [...cards] });
}

function removeFrom(list: string[], id: string): void {
  const i = list.indexOf(id);
  if (i < 0) throw new Error(`Rattlesnake invariant broken: ${id} is not where it should be`);
  list.splice(i, 1);
}

/**
 * Moves n Hits from in front of the seat into its discard pile (or, for Double Tap, shuffled into its deck); ends the
 * game at 0. Returns false if the game ended.
 */
function takeHits(state: RattlesnakeState, seat: Seat, n: number, events: GameEvent[], into: { deck: Rng } | null = null): boolean {
  const p = state.players[seat];
  for (let i = 0; i < n && p.hits.length > 0; i++) {
    const hit = p.hits.pop() as string;
    state.quiet = 0;
    if (into) {
      p.deck = into.deck.shuffle([...p.deck, hit]);
      p.knownTop = null;
      events.push({ type: 'hit_taken', seat, cardId: hit, left: p.hits.length, into: 'deck' });
    } else {
      p.discard.push(hit);
      events.push({ type: 'hit_taken', seat, cardId: hit, left: p.hits.length });
    }
  }
  if (p.hits.length === 0) {
    state.step = { kind: 'over' };
    state.winner = other(seat);
    state.response = null;
    state.scout = null;
    events.push({ type: 'game_won', seat: other(seat) });
    return false;
  }
  return true;
}

/* ---------------- legality ---------------- */

export function pending(state: RattlesnakeState): Seat[] {
  return pendingOf(state);
}

/** Defined through the seat's own view, so `legalFromView(view(s, seat))` is this by construction. */
export function legalIntents(state: RattlesnakeState, seat: Seat): RattlesnakeIntent[] {
  if (seat !== 0 && seat !== 1) return [];
  return legalFromView(view(state, seat));
}

function err(code: string, message: string): EngineError {
  return { code, message };
}

/** A specific error for an intent that is not legal now, or null when it is. */
function check(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent): EngineError | null {
  if (state.step.kind === 'over') return err(ERRORS.GAME_OVER, 'The game is over.');
  if (seat !== 0 && seat !== 1) return err(ERRORS.NOT_SEATED, 'That seat is not at this table.');
  if (!intent || typeof intent !== 'object' || !INTENT_TYPES.includes(intent.type)) {
    return err(ERRORS.UNKNOWN_INTENT, `Rattlesnake takes ${INTENT_TYPES.join(', ')}.`);
  }
  if (!pendingOf(state).includes(seat)) return err(ERRORS.NOT_YOUR_TURN, 'It is not your decision.');
  const legal = legalIntents(state, seat);
  const key = intentKey(intent);
  if (legal.some((l) => intentKey(l) === key)) return null;
  // Not legal: say why, as precisely as we can.
  const hand = state.players[seat].hand;
  const cards = cardFields(intent);
  if (!legal.some((l) => l.type === intent.type)) return err(ERRORS.NOT_NOW, `"${intent.type}" is not possible now.`);
  for (const c of cards) if (!hand.includes(c as string)) return err(ERRORS.ILLEGAL_CARD, `${String(c)} is not in your hand.`);
  if (new Set(cards).size !== cards.length) return err(ERRORS.ILLEGAL_CARD, 'The same card twice.');
  if (intent.type === 'buy') {
    if (!Array.isArray(intent.discard) || intent.discard.length !== buyCost(state.saloon)) {
      return err(ERRORS.CANNOT_AFFORD, `Buying costs ${buyCost(state.saloon)} discarded card(s).`);
    }
    return err(ERRORS.BAD_TARGET, 'That card cannot be bought.');
  }
  if (intent.type === 'ability') {
    const ability = abilityOf(intent.cardId);
    if (!legal.some((l) => l.type === 'ability' && abilityOf(l.cardId) === ability)) {
      return err(ERRORS.NOT_NOW, `${ability ?? 'That card'} cannot be used now.`);
    }
    return err(ERRORS.BAD_TARGET, 'Bad target, value or mode for that ability.');
  }
  if (intent.type === 'putBack') return err(ERRORS.ILLEGAL_CARD, 'Put back one of the two cards you drew.');
  return err(ERRORS.ILLEGAL_CARD, 'Those cards cannot be played like that.');
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

/* ---------------- apply ---------------- */

export function apply(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent): ApplyResult<RattlesnakeState> {
  const bad = check(state, seat, intent);
  if (bad) return { error: bad };
  const next = cloneState(state);
  const rng = Rng.fromState(next.rng);
  const events: GameEvent[] = [];
  perform(next, seat, intent, rng, events);
  next.rng = rng.state();
  return { state: next, events };
}

/**
 * For the search bot's playouts only (search.ts): plays an intent taken from `legalFromView` straight onto `state`,
 * IN PLACE — no legality check, no copy. The caller owns the state and never reads the old one again.
 */
export function applyInPlace(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent): void {
  const rng = Rng.fromState(state.rng);
  perform(state, seat, intent, rng, []);
  state.rng = rng.state();
}

function perform(state: RattlesnakeState, seat: Seat, intent: RattlesnakeIntent, rng: Rng, events: GameEvent[]): void {
  const me = state.players[seat];
  switch (intent.type) {
    case 'endTurn':
      endTurn(state, rng, events);
      return;
    case 'buy': {
      for (const c of intent.discard) removeFrom(me.hand, c);
      me.discard.push(...intent.discard);
      const slot = state.saloon.indexOf(intent.cardId);
      state.saloon[slot] = null;
      me.hand.push(intent.cardId);
      state.bought = true;
      events.push({ type: 'bought', seat, cardId: intent.cardId, slot, discarded: [...intent.discard] });
      refillSlot(state, slot, events);
      return;
    }
    case 'attack':
      state.attacksLeft -= 1;
      state.attack = { attacker: seat, defender: other(seat), revealed: false, values: {} };
      state.step = { kind: 'attackerCommit' };
      events.push({ type: 'attack_declared', seat });
      return;
    case 'commit': {
      for (const c of intent.cards) removeFrom(me.hand, c);
      me.committed = [...intent.cards];
      events.push({ type: 'committed', seat, count: intent.cards.length });
      events.push({ type: 'you_committed', to: [seat], seat, cards: [...intent.cards] });
      if (state.step.kind === 'attackerCommit') {
        state.step = { kind: 'defenderCommit' };
        return;
      }
      reveal(state, events);
      return;
    }
    case 'pass':
      events.push({ type: 'passed', seat });
      if (state.step.kind === 'window') {
        const passes = state.step.passes + 1;
        if (passes >= 2) resolveAttack(state, events);
        else state.step = { kind: 'window', turn: other(seat), passes };
      } else if (state.step.kind === 'after') {
        finishAttack(state);
      }
      return;
    case 'ability':
      useAbility(state, seat, intent, events);
      return;
    case 'allow':
    case 'cover': {
      const used = state.response as UsedAbility;
      state.response = null;
      if (intent.type === 'cover') {
        removeFrom(me.hand, intent.cardId);
        state.graveyard.push(intent.cardId);
        events.push({ type: 'covered', seat, cardId: intent.cardId, cancelled: used.cardId });
      } else {
        events.push({ type: 'allowed', seat, cardId: used.cardId });
        resolveAbility(state, used, rng, events);
      }
      if (state.step.kind !== 'over') afterAbility(state, used, intent.type === 'cover');
      return;
    }
    case 'putBack': {
      const scout = state.scout as { seat: Seat; drawn: string[] };
      state.scout = null;
      removeFrom(me.hand, intent.cardId);
      me.deck.unshift(intent.cardId);
      me.knownTop = intent.cardId;
      events.push({ type: 'put_back', seat });
      events.push({ type: 'you_put_back', to: [seat], seat, cardId: intent.cardId, kept: scout.drawn.filter((c) => c !== intent.cardId) });
      return;
    }
  }
}

function refillSlot(state: RattlesnakeState, slot: number, events: GameEvent[]): void {
  const next = state.saloonDeck.shift();
  if (next === undefined) {
    events.push({ type: 'saloon_slot_empty', slot });
    return;
  }
  state.saloon[slot] = next;
  const ev = eventOf(next);
  events.push({ type: 'saloon_refilled', slot, cardId: next, event: ev });
  if (ev === 'snakebite') {
    for (const s of [state.active, other(state.active)]) {
      if (state.players[s].hits.length >= 2) takeHits(state, s, 1, events);
    }
  }
}

function endTurn(state: RattlesnakeState, rng: Rng, events: GameEvent[]): void {
  events.push({ type: 'turn_ended', seat: state.active });
  state.active = other(state.active);
  state.turn += 1;
  state.bought = false;
  state.attacksLeft = 1;
  state.step = { kind: 'main' };
  state.attack = null;
  events.push({ type: 'turn_started', seat: state.active, turn: state.turn });
  state.quiet = (state.quiet ?? 0) + 1;
  if (state.quiet >= STALEMATE_TURNS) {
    events.push({ type: 'stalemate', seat: state.active, turns: state.quiet });
    if (!takeHits(state, state.active, 1, events)) return;
  }
  drawUpTo(state, state.active, rng, events);
  drawUpTo(state, other(state.active), rng, events);
}

function reveal(state: RattlesnakeState, events: GameEvent[]): void {
  const attack = state.attack as NonNullable<RattlesnakeState['attack']>;
  attack.revealed = true;
  events.push({
    type: 'revealed',
    attacker: [...(state.players[attack.attacker].committed ?? [])],
    defender: [...(state.players[attack.defender].committed ?? [])],
  });
  state.step = { kind: 'window', turn: attack.attacker, passes: 0 };
}

/** The strongest combo of a seat's revealed cards, values as changed by Focus / Distract. */
export function comboOf(state: RattlesnakeState, seat: Seat): Combo | null {
  const committed = state.players[seat].committed ?? [];
  const valued = revealedOf(state, committed).flatMap((r) => (r.value === null ? [] : [{ id: r.id, value: r.value }]));
  return bestCombo(valued, hasEvent(state.saloon, 'sandstorm'));
}

function discardCommitted(state: RattlesnakeState): void {
  for (const p of state.players) {
    if (p.committed) p.discard.push(...p.committed);
    p.committed = null;
  }
  if (state.attack) state.attack.values = {};
}

function resolveAttack(state: RattlesnakeState, events: GameEvent[]): void {
  const attack = state.attack as NonNullable<RattlesnakeState['attack']>;
  const attackerCombo = comboOf(state, attack.attacker);
  const defenderCombo = comboOf(state, attack.defender);
  const won = attackerWins(attackerCombo, defenderCombo, {
    sandstorm: hasEvent(state.saloon, 'sandstorm'),
    deadeye: hasEvent(state.saloon, 'deadeye'),
  });
  settle(state, won, attackerCombo, defenderCombo, false, events);
}

/** Hits for a resolved attack, played cards to the discard piles, then the attacker's post-attack step. */
function settle(state: RattlesnakeState, won: boolean, attackerCombo: Combo | null, defenderCombo: Combo | null, dodge: boolean, events: GameEvent[]): void {
  const attack = state.attack as NonNullable<RattlesnakeState['attack']>;
  const hits = won ? 1 + (hasEvent(state.saloon, 'high-noon') ? 1 : 0) : 0;
  state.lastShowdown = { attacker: attack.attacker, defender: attack.defender, attackerCombo, defenderCombo, dodge, attackerWon: won, hits };
  events.push({ type: 'attack_resolved', ...cloneState(state.lastShowdown) });
  const goesOn = !won || takeHits(state, attack.defender, hits, events);
  discardCommitted(state);
  attack.revealed = false;
  if (goesOn) state.step = { kind: 'after', success: won };
}

function finishAttack(state: RattlesnakeState): void {
  state.attack = null;
  state.step = { kind: 'main' };
}

function useAbility(state: RattlesnakeState, seat: Seat, intent: AbilityIntent, events: GameEvent[]): void {
  const me = state.players[seat];
  removeFrom(me.hand, intent.cardId);
  state.graveyard.push(intent.cardId);
  const used: UsedAbility = { seat, cardId: intent.cardId, ability: abilityOf(intent.cardId) as string };
  if (intent.target !== undefined) used.target = intent.target;
  if (intent.value !== undefined) used.value = intent.value;
  if (intent.delta !== undefined) used.delta = intent.delta;
  if (intent.mode !== undefined) used.mode = intent.mode;
  if (intent.take !== undefined) used.take = intent.take;
  state.response = used;
  events.push({ type: 'ability_used', ...used });
}

/** Where play goes once an ability was answered (resolved or cancelled). */
function afterAbility(state: RattlesnakeState, used: UsedAbility, cancelled: boolean): void {
  const step = state.step;
  if (step.kind === 'window') {
    state.step = { kind: 'window', turn: other(used.seat), passes: 0 };
  } else if (step.kind === 'after' && used.ability === 'quick-draw') {
    finishAttack(state);
  }
  void cancelled;
}

function resolveAbility(state: RattlesnakeState, used: UsedAbility, rng: Rng, events: GameEvent[]): void {
  const seat = used.seat;
  const me = state.players[seat];
  const attack = state.attack;
  switch (used.ability) {
    case 'reload':
      discardHand(state, seat, events);
      draw(state, seat, RELOAD_DRAW, rng, events);
      return;
    case 'scout': {
      const drawn = draw(state, seat, SCOUT_DRAW, rng, events);
      // Decision: with fewer than 2 cards drawn (deck and discard ran out) you keep what you drew.
      if (drawn.length === SCOUT_DRAW) state.scout = { seat, drawn };
      return;
    }
    case 'switch-up':
      if (used.mode === 'swap') {
        removeFrom(state.graveyard, used.take as string);
        me.hand.push(used.take as string);
        events.push({ type: 'switched', seat, cardId: used.take });
      } else draw(state, seat, SWITCH_UP_DRAW, rng, events);
      return;
    case 'quick-draw':
      if (used.mode === 'refill') {
        discardHand(state, seat, events);
        draw(state, seat, QUICK_DRAW_REFILL, rng, events);
      } else {
        draw(state, seat, QUICK_DRAW_AGAIN, rng, events);
        state.attacksLeft += 1;
      }
      return;
    case 'focus':
    case 'distract': {
      const a = attack as NonNullable<RattlesnakeState['attack']>;
      const target = used.target as string;
      const current = a.values[target] ?? (baseValue(target) as number);
      const value = used.ability === 'focus' ? (used.value as number) : Math.min(MAX_VALUE, Math.max(MIN_VALUE, current + (used.delta as number)));
      a.values[target] = value;
      events.push({ type: 'value_changed', cardId: target, from: current, value });
      return;
    }
    case 'disarm': {
      const opp = state.players[other(seat)];
      const committed = opp.committed as string[];
      const lost = committed[rng.int(committed.length)];
      removeFrom(committed, lost);
      opp.discard.push(lost);
      delete (attack as NonNullable<RattlesnakeState['attack']>).values[lost];
      events.push({ type: 'disarmed', seat: other(seat), cardId: lost });
      return;
    }
    case 'double-tap':
      // "O Defensor adiciona um Hit adicional ao seu monte": into the deck. Decision: shuffled in.
      takeHits(state, (attack as NonNullable<RattlesnakeState['attack']>).defender, 1, events, { deck: rng });
      return;
    case 'dodge-n-shoot':
      dodgeNShoot(state, rng, events);
      return;
  }
}

/**
 * Dodge 'n' Shoot: the revealed cards are discarded; each side turns over its top card, higher value wins, a Hit
 * cannot win, equal values turn again. Decision: turned cards are set aside until the duel is over (so they are not
 * reshuffled back); a side with no card left cannot win; when neither side can turn a card, the defender wins.
 */
function dodgeNShoot(state: RattlesnakeState, rng: Rng, events: GameEvent[]): void {
  const attack = state.attack as NonNullable<RattlesnakeState['attack']>;
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
  state.players[attack.attacker].discard.push(...aside[0]);
  state.players[attack.defender].discard.push(...aside[1]);
  settle(state, won, null, null, true, events);
}

/* ---------------- timeout / outcome ---------------- */

/** The default for the pending decision: allow; keep the first Scout card; end the turn; cancel an uncommitted attack; commit nothing; pass. */
export function timeout(state: RattlesnakeState): ApplyResult<RattlesnakeState> {
  const [seat] = pendingOf(state);
  if (seat === undefined) return fail(ERRORS.NOTHING_PENDING, 'No decision is pending.');
  const events: GameEvent[] = [{ type: 'timed_out', seat }];
  let intent: RattlesnakeIntent;
  if (state.response) intent = { type: 'allow' };
  else if (state.scout) intent = { type: 'putBack', cardId: state.scout.drawn[state.scout.drawn.length - 1] };
  else {
    switch (state.step.kind) {
      case 'main':
        intent = { type: 'endTurn' };
        break;
      case 'attackerCommit': {
        const next = cloneState(state);
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

export function outcome(state: RattlesnakeState): Outcome | null {
  if (state.step.kind !== 'over' || state.winner === null) return null;
  return { winners: [state.winner], scores: state.players.map((p) => p.hits.length) };
}

/** Every card's location, for conservation checks (debug/test helper). */
export function locations(state: RattlesnakeState): Map<string, string> {
  const out = new Map<string, string>();
  const put = (ids: readonly (string | null)[], where: string) => {
    for (const id of ids) {
      if (id === null) continue;
      if (out.has(id)) throw new Error(`${id} is in both ${out.get(id)} and ${where}`);
      out.set(id, where);
    }
  };
  state.players.forEach((p, s) => {
    put(p.deck, `deck${s}`);
    put(p.hand, `hand${s}`);
    put(p.discard, `discard${s}`);
    put(p.hits, `hits${s}`);
    put(p.committed ?? [], `committed${s}`);
  });
  put(state.saloon, 'saloon');
  put(state.saloonDeck, 'saloonDeck');
  put(state.box, 'box');
  put(state.graveyard, 'graveyard');
  return out;
}

