import type { Seat } from '../core/game';
import type { Rng } from '../core/rng';
import { abilityOf, baseValue, cardInfo, isHit, type Ability } from './cards';
import { attackerWins, bestCombo, type Combo } from './combos';
import { intentKey, type AbilityIntent, type RattlesnakeIntent } from './intents';
import { legalFromView, type RattlesnakeView, type RevealedCard } from './view';
import { at } from '../core/at';

/**
 * The Rattlesnake bot reasons from its own view only.
 *  - Cards committed to an attack come back at the next draw (both players draw up to hand size every turn), so
 *    it attacks every turn with its strongest combo, and defends with its strongest combo.
 *  - Hits in hand are dead cards: it pays for purchases with them first and throws the rest into its commitments
 *    as bluffs (which also cycles them out of the hand). Now and then it bluffs with nothing but Hits held back.
 *  - It keeps Focus, Distract, Disarm and Dodge 'n' Shoot out of its combo when the combo is strong enough
 *    without them, and in the ability window uses one only when it flips the reveal in its favour (Disarm when
 *    that is likely, Dodge 'n' Shoot as a last resort when it is losing).
 *  - Take Cover is kept for the opponent's decisive ability: one that would flip the reveal against it (or turn a
 *    sure win into a coin flip, like a Dodge 'n' Shoot), a Double Tap, or an attack-again Quick Draw; out-of-attack
 *    card draws are let through.
 *  - A hand clogged with two or more Hits is traded in: Quick Draw's draw 6, or Reload when little else is left.
 *  - It buys the strongest card it can afford with Hits and its weakest cards, preferring values that pair up.
 */
const WINDOW_ABILITIES: readonly Ability[] = ['focus', 'distract', 'disarm', 'dodge-n-shoot'];
const BUY_PRIORITY: Partial<Record<Ability, number>> = {
  'double-tap': 3,
  disarm: 2.5,
  distract: 2,
  focus: 1.5,
  'take-cover': 1.2,
  'switch-up': 1,
  'quick-draw': 1,
  'dodge-n-shoot': 0.8,
  scout: 0.6,
  reload: 0,
};
const BLUFF_RATE = 0.15;
/** Below this many action cards of its own, the bot stops burning cards on draw abilities and buys whenever it can. */
const THIN_DECK = 10;

/** Action cards the seat owns outside the graveyard: hand + deck + discard + commitment, minus its Hits. */
export function actionCardsOwned(v: RattlesnakeView): number {
  const me = at(v.players, v.seat as Seat, 'the bot plays from its own seat');
  const total = v.hand.length + me.deckCount + me.discard.length + (v.myCommit?.length ?? 0);
  return total - (4 - me.hits.length);
}

function valued(cards: readonly string[]): { id: string; value: number }[] {
  return cards.flatMap((id) => {
    const v = baseValue(id);
    return v === null ? [] : [{ id, value: v }];
  });
}

function rulesOf(v: RattlesnakeView) {
  return { sandstorm: v.events.includes('sandstorm'), deadeye: v.events.includes('deadeye') };
}

function comboOfRevealed(v: RattlesnakeView, cards: readonly RevealedCard[]): Combo | null {
  return bestCombo(
    cards.flatMap((c) => (c.value === null ? [] : [{ id: c.id, value: c.value }])),
    v.events.includes('sandstorm'),
  );
}

/** Does the attacker win with these revealed cards? */
function attackerWinsWith(v: RattlesnakeView, att: readonly RevealedCard[], def: readonly RevealedCard[]): boolean {
  return attackerWins(comboOfRevealed(v, att), comboOfRevealed(v, def), rulesOf(v));
}

function revealedPair(v: RattlesnakeView): { att: RevealedCard[]; def: RevealedCard[] } {
  const a = v.attack as NonNullable<RattlesnakeView['attack']>;
  const seat = 'an attack is between the two seats';
  return { att: at(v.players, a.attacker, seat).revealed ?? [], def: at(v.players, a.defender, seat).revealed ?? [] };
}

/** Chance that the intent, if it resolves, leaves `me` winning the reveal (1 = certain). */
function windowChance(v: RattlesnakeView, me: Seat, intent: RattlesnakeIntent): number {
  const a = v.attack as NonNullable<RattlesnakeView['attack']>;
  const { att, def } = revealedPair(v);
  const mineWins = (at: RevealedCard[], de: RevealedCard[]) => attackerWinsWith(v, at, de) === (a.attacker === me);
  if (intent.type !== 'ability') return mineWins(att, def) ? 1 : 0;
  const ability = abilityOf(intent.cardId);
  const change = (list: RevealedCard[]) =>
    list.map((c) => {
      if (c.id !== intent.target || c.value === null) return c;
      const value = ability === 'focus' ? (intent.value as number) : c.value + (intent.delta as number);
      return { id: c.id, value };
    });
  if (ability === 'focus' || ability === 'distract') return mineWins(change(att), change(def)) ? 1 : 0;
  if (ability === 'disarm') {
    const theirs = a.attacker === me ? def : att;
    let wins = 0;
    for (const lost of theirs) {
      const rest = theirs.filter((c) => c !== lost);
      if (a.attacker === me ? mineWins(att, rest) : mineWins(rest, def)) wins++;
    }
    return theirs.length ? wins / theirs.length : 0;
  }
  if (ability === 'dodge-n-shoot') return 0.45;
  return 0;
}

/** Which of my cards the combo should be made of: strongest combo, keeping window cards back when it costs nothing. */
function chooseCommit(v: RattlesnakeView, rng: Rng, attacker: boolean): string[] {
  const hand = v.hand;
  const hits = hand.filter(isHit);
  const sandstorm = v.events.includes('sandstorm');
  const full = bestCombo(valued(hand), sandstorm);
  const keepable = hand.filter(
    (c) => !isHit(c) && !WINDOW_ABILITIES.includes(abilityOf(c) as Ability) && abilityOf(c) !== 'double-tap' && abilityOf(c) !== 'take-cover',
  );
  const lean = bestCombo(valued(keepable), sandstorm);
  let combo = full;
  if (full && lean && lean.size === full.size && lean.kind === full.kind && full.top - lean.top <= 1) combo = lean;
  const cards = combo ? [...combo.cards] : [];
  if (attacker && cards.length === 0 && hits.length === 0) return hand.slice(0, 1);
  // Bluffs: Hits ride along (and leave the hand); sometimes the bot holds them back to vary the count.
  if (hits.length > 0 && rng.int(1000) / 1000 >= BLUFF_RATE / 3) cards.push(...hits);
  else if (attacker && cards.length === 0) cards.push(hits[0]!); // an attacker with no combo and no Hit returned above
  return cards;
}

function buyChoice(v: RattlesnakeView, rng: Rng, keep: readonly string[]): RattlesnakeIntent | null {
  if (v.bought || v.hand.length < v.buyCost) return null;
  // Pay with Hits first, then the lowest values not needed for `keep`.
  const order = [...v.hand].sort((x, y) => rank(x, keep) - rank(y, keep));
  const price = order.slice(0, v.buyCost);
  const priceValue = price.reduce((s, c) => s + (isHit(c) ? 0 : (baseValue(c) ?? 0) + (keep.includes(c) ? 10 : 0)), 0);
  let best: { cardId: string; score: number } | null = null;
  const handValues = new Set(valued(v.hand.filter((c) => !price.includes(c))).map((c) => c.value));
  for (const cardId of v.saloon) {
    const info = cardId ? cardInfo(cardId) : null;
    if (!cardId || !info || info.kind !== 'action') continue;
    const score = info.value + (BUY_PRIORITY[info.ability] ?? 0) + (handValues.has(info.value) ? 0.5 : 0) + rng.int(100) / 1000;
    if (!best || score > best.score) best = { cardId, score };
  }
  const thin = actionCardsOwned(v) < THIN_DECK;
  if (!best || (!thin && best.score <= priceValue / v.buyCost + 0.5)) return null;
  return { type: 'buy', cardId: best.cardId, discard: price };
}

function rank(card: string, keep: readonly string[]): number {
  if (isHit(card)) return -1;
  const a = abilityOf(card);
  let r = baseValue(card) ?? 0;
  if (a === 'reload') r -= 0.5;
  if (a === 'take-cover' || a === 'double-tap' || a === 'disarm' || a === 'distract' || a === 'focus') r += 2;
  if (keep.includes(card)) r += 10;
  return r;
}

function pick(legal: readonly RattlesnakeIntent[], wanted: RattlesnakeIntent | null): RattlesnakeIntent | null {
  if (!wanted) return null;
  const key = intentKey(wanted);
  return legal.find((l) => intentKey(l) === key) ?? null;
}

function firstAbility(legal: readonly RattlesnakeIntent[], test: (i: AbilityIntent, a: Ability | null) => boolean): AbilityIntent | null {
  for (const l of legal) if (l.type === 'ability' && test(l, abilityOf(l.cardId))) return l;
  return null;
}

export function bot(v: RattlesnakeView, rng: Rng): RattlesnakeIntent {
  const legal = legalFromView(v);
  const first = legal[0];
  if (first === undefined) throw new Error('Rattlesnake bot asked to move with nothing to decide');
  const me = v.seat as Seat;
  const choose = (i: RattlesnakeIntent | null) => pick(legal, i);

  if (v.response) return choose(respond(v, me, legal)) ?? first;
  if (v.scout) {
    const drawn = [...v.scout.drawn].sort((x, y) => rank(x, []) - rank(y, []));
    return choose({ type: 'putBack', cardId: at(drawn, 0, 'a Scout step holds the 2 cards drawn') }) ?? first;
  }
  const step = v.step;
  switch (step.kind) {
    case 'main': {
      // More cards first: Switch Up (a strong card from the graveyard, or draw 2) and Scout.
      const grave = [...v.graveyard].sort((x, y) => rank(y, []) - rank(x, []));
      const strongest = grave[0];
      const switchUp = firstAbility(
        legal,
        (i, a) => a === 'switch-up' && i.mode === 'swap' && strongest !== undefined && i.take === strongest && rank(strongest, []) >= 6,
      );
      if (switchUp) return switchUp;
      const thin = actionCardsOwned(v) < THIN_DECK;
      const draws = thin ? null : firstAbility(legal, (i, a) => (a === 'switch-up' && i.mode === 'draw') || a === 'scout');
      if (draws) return draws;
      const hits = v.hand.filter(isHit).length;
      // A hand clogged with Hits: Quick Draw trades it for six fresh cards; Reload (three) when little else is left.
      if (hits >= 2) {
        const others = (a: Ability) => v.hand.filter((c) => !isHit(c) && abilityOf(c) !== a).length;
        const refill =
          firstAbility(legal, (i, a) => a === 'quick-draw' && i.mode === 'refill' && others('quick-draw') <= 3) ??
          firstAbility(legal, (_i, a) => a === 'reload' && others('reload') <= 1);
        if (refill) return refill;
      }
      // Buy first when Hits can pay for it (the new card can join the attack); otherwise attack, then buy.
      if (hits >= v.buyCost) {
        const buy = choose(buyChoice(v, rng, []));
        if (buy) return buy;
      }
      const hasValue = v.hand.some((c) => !isHit(c));
      if (hasValue) {
        const attack = choose({ type: 'attack' });
        if (attack) return attack;
      }
      const buy = choose(buyChoice(v, rng, []));
      if (buy) return buy;
      return { type: 'endTurn' };
    }
    case 'attackerCommit':
      return choose({ type: 'commit', cards: chooseCommit(v, rng, true) }) ?? legal[legal.length - 1] ?? first;
    case 'defenderCommit': {
      const draws = actionCardsOwned(v) < THIN_DECK ? null : firstAbility(legal, (i, a) => (a === 'switch-up' && i.mode === 'draw') || a === 'scout');
      if (draws) return draws;
      return choose({ type: 'commit', cards: chooseCommit(v, rng, false) }) ?? first;
    }
    case 'window': {
      if (windowChance(v, me, { type: 'pass' }) === 1) return { type: 'pass' };
      let best: { intent: RattlesnakeIntent; chance: number } = { intent: { type: 'pass' }, chance: 0 };
      for (const l of legal) {
        if (l.type !== 'ability') continue;
        const chance = windowChance(v, me, l);
        // Dodge 'n' Shoot only as a last resort: any sure flip is better.
        if (chance > best.chance + 1e-9) best = { intent: l, chance };
      }
      return best.intent;
    }
    case 'after': {
      const tap = firstAbility(legal, (_i, a) => a === 'double-tap');
      if (tap) return tap;
      const again = firstAbility(legal, (i, a) => a === 'quick-draw' && i.mode === 'again');
      if (again) return again;
      return { type: 'pass' };
    }
    default:
      return first;
  }
}

/** Take Cover only against a decisive ability. */
function respond(v: RattlesnakeView, me: Seat, legal: readonly RattlesnakeIntent[]): RattlesnakeIntent {
  const cover = legal.find((l) => l.type === 'cover') ?? null;
  const used = v.response as NonNullable<RattlesnakeView['response']>;
  if (!cover) return { type: 'allow' };
  let decisive = false;
  if (used.ability === 'double-tap') decisive = true;
  else if (used.ability === 'quick-draw' && used.mode === 'again') decisive = true;
  else if (v.step.kind === 'window' && v.attack) {
    const now = windowChance(v, me, { type: 'pass' });
    const asIntent: RattlesnakeIntent = { type: 'ability', cardId: used.cardId, target: used.target, value: used.value, delta: used.delta };
    // windowChance is from the user's side; my chance afterwards is 1 minus theirs.
    const mineAfter = 1 - windowChance(v, used.seat, asIntent);
    // A sure win put at even odds (a Dodge 'n' Shoot against a reveal going my way) is worth a Take Cover too.
    decisive = now - mineAfter >= 0.4;
  }
  return decisive ? cover : { type: 'allow' };
}
