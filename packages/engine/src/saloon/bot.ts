import type { BotLevel, Seat } from '../core/game';
import { DEFAULT_BOT_LEVEL } from '../protocol/constants';
import type { Rng } from '../core/rng';
import { bulletsOf, card, isBooty, type Area, type Colour, type Noise } from './cards';
import type { AnswerIntent, DesperadoIntent, SaloonIntent, ShootIntent, StandoffIntent, WantedIntent } from './intents';
import { majorities, type Majorities } from './majority';
import { judgeShot, shotsFor } from './shared';
import { legalFromView, type SaloonView } from './view';
import { at } from '../core/at';

/**
 * The Saloon Showdown bot reasons from its own view only.
 *  - It always cashes its Booty (free money) and always hits a threatener with the Bottle when it can (+$20).
 *  - It threatens when its hand is strong in Bullets (5+ always, 4 half the time) and now and then bluffs with a
 *    weak hand; its target is the richest Bounty (a won duel takes it), ties to the next seat in play order.
 *  - Otherwise it draws: a public card that completes three Law / Wanted Alive / Desperado cards, a public Booty
 *    card or a public card with 2+ Bullets (a card that makes a pair counts a little), else the top of the deck;
 *    after a draw it discards its least useful card (three of a symbol are kept above all, then Booty, then Bullets).
 *  - Threatened, it calls the bluff when it holds many Bullets (6+ always, 5 half the time); with Russian Roulette
 *    it calls when the threatener was likely bluffing (a coin flip, it cannot see their hand). Otherwise: "Do you?".
 *  - Holding three Wanted Alive it takes the richest Bounty on its turn; threatened, it answers "I am the Law" or
 *    reveals its Wanted Alive when it can (and the threatener's Bounty is not $0), and escapes on horseback when it
 *    would not call the bluff, sending the threat to the leader (the best score among the others). After two escapes, as the threatener, it calls the bluff with 4+ Bullets, else duels.
 *    It keeps pairs of Law / Wanted Alive / Desperado cards (towards three) and Escape cards when it discards.
 *  - It says "I don't think so!" (joins a Mexican Standoff) when it can, unless its own Bounty is bigger than every
 *    Bounty already in the fight (it would be the one everybody shoots); in the race it shoots the richest Bounty
 *    still in it. Interrupts (Bottle, Standoff) come from `botInterrupt`, which may let the moment pass (null).
 *  - Holding three Desperados it says "I have nothing to lose" at the two biggest Bounties; threatened, it starts a
 *    Truel with the threatener and the biggest other Bounty.
 *  - In a duel it computes the correct shot from its hand (the Bottle when the gun it needs is taken). The SERVER
 *    adds its reaction time (`botReactionMs`, by the table's `botLevel`); the bot only picks the intent. With
 *    probability `errorRate` it fires a wrong shot.
 */
export interface BotConfig {
  /** Chance of a wrong shot (a misfire) in a duel, 0–1. */
  errorRate: number;
}
export const DEFAULT_BOT: BotConfig = { errorRate: 0.05 };

/**
 * Human reaction times, per level: a log-normal spread around `medianMs` (half of the reactions are quicker, half
 * slower; `sigma` is the spread of its logarithm), never quicker than `floorMs` after the cards are visible (people
 * need that long just to see them), never slower than `ceilMs`.
 */
export const BOT_REACTION: Readonly<Record<BotLevel, { medianMs: number; sigma: number; floorMs: number; ceilMs: number }>> = {
  easy: { medianMs: 1100, sigma: 0.3, floorMs: 250, ceilMs: 3000 },
  normal: { medianMs: 650, sigma: 0.3, floorMs: 250, ceilMs: 2000 },
  hard: { medianMs: 450, sigma: 0.25, floorMs: 250, ceilMs: 1500 },
};
/** The quickest a bot ever reacts, at any level (ms after the cards are visible to it). */
export const BOT_REACTION_FLOOR_MS = 250;

/** A uniform number in (0, 1) from the bots' own RNG stream (never 0: its logarithm is taken). */
function unit(rng: Rng): number {
  return (rng.int(0x40000000) + 0.5) / 0x40000000;
}

/**
 * One bot reaction, ms: how long after the cards (or the moment) become visible to it a bot acts — its shot in a
 * race, an interrupt, a move on its turn. Drawn from `rng` (the bots' stream), so a seeded table replays the same.
 * The one place the bots' speed is decided: the server and the simulator both call it.
 */
export function botReactionMs(rng: Rng, level: BotLevel = DEFAULT_BOT_LEVEL): number {
  const r = BOT_REACTION[level] ?? BOT_REACTION[DEFAULT_BOT_LEVEL];
  // Box–Muller: a standard normal from two uniforms.
  const z = Math.sqrt(-2 * Math.log(unit(rng))) * Math.cos(2 * Math.PI * unit(rng));
  const ms = Math.round(r.medianMs * Math.exp(r.sigma * z));
  return Math.min(r.ceilMs, Math.max(r.floorMs, ms));
}

export function cardValue(id: string): number {
  return (isBooty(id) ? 10 : 0) + card(id).bullets;
}

/** Symbols that work when three are held. */
const TRIPLES = ['law', 'wanted', 'desperado'];
/** Keeping three of a kind beats any Booty (at most $10 + 3 Bullets); a pair is worth a little. */
const TRIPLE_BONUS = 15;
const PAIR_BONUS = 4;

/**
 * How much the bot wants to keep a card in `hand` (the card itself included): its value, plus a big bonus when the
 * hand holds three Law / Wanted Alive / Desperado cards of its kind, a smaller one for a pair, plus an Escape or a
 * Standoff card (both are answers to a threat).
 */
export function keepValue(id: string, hand: readonly string[]): number {
  const sym = card(id).symbol;
  let v = cardValue(id);
  if (sym && TRIPLES.includes(sym)) {
    const same = hand.filter((h) => card(h).symbol === sym).length;
    if (same >= 3) v += TRIPLE_BONUS;
    else if (same === 2) v += PAIR_BONUS;
  }
  if (sym === 'escape' || sym === 'standoff') v += 1;
  return v;
}

/** What taking public card `id` is worth to a bot holding `hand`: its value, or more when it completes three (or a pair). */
export function drawValue(id: string, hand: readonly string[]): number {
  const sym = card(id).symbol;
  let v = cardValue(id);
  if (sym && TRIPLES.includes(sym)) {
    const same = hand.filter((h) => card(h).symbol === sym).length;
    if (same >= 2) v += TRIPLE_BONUS;
    else if (same === 1) v += 1;
  }
  return v;
}

/** The seats already in the fight a Standoff card would join (the last threatener and everyone in the chain). */
function fightersOf(ph: SaloonView['phase']): Seat[] {
  if (ph.kind === 'threat') return [ph.threatener];
  if (ph.kind === 'standoff') return ph.links.map((l) => l.seat).filter((s) => !ph.out.includes(s));
  return [];
}

/**
 * "I don't think so!" pays unless the bot's Bounty is bigger than every Bounty already in the fight: bots shoot the
 * richest Bounty in a Standoff, so it would be the one hit. The first Standoff card, and the first free gun.
 */
function standoffJoin(v: SaloonView, legal: readonly SaloonIntent[]): StandoffIntent | null {
  const join = legal.find((i): i is StandoffIntent => i.type === 'standoff');
  if (join === undefined || v.seat === null) return null;
  const mine = bountyOf(v, v.seat);
  const richest = Math.max(...fightersOf(v.phase).map((s) => bountyOf(v, s)));
  return mine > richest ? null : join;
}

/**
 * A bot's interrupt (its seat is not waited for): the Bottle whenever it can (+$20, and it stops a threat), else
 * "I don't think so!" when it pays; null lets the moment pass.
 */
export function botInterrupt(v: SaloonView, _rng?: Rng): SaloonIntent | null {
  const legal = legalFromView(v);
  if (legal.some((i) => i.type === 'crash')) return { type: 'crash' };
  return standoffJoin(v, legal);
}

/** Escaping on horseback: the new target is the leader among the others (best score, then Bounty, then seat order). */
function escapeChoice(v: SaloonView, escapes: readonly AnswerIntent[]): AnswerIntent {
  const score = (i: AnswerIntent) => {
    const p = i.target === undefined ? undefined : v.players[i.target];
    return p === undefined ? -Infinity : p.score * 1000 + p.bounty;
  };
  return escapes.reduce((b, i) => (score(i) > score(b) ? i : b));
}

/** The correct shot for a duelist holding `hand` (first of any tied values), or the Bottle when needed. */
export function correctShot(hand: readonly string[], guns: Readonly<Record<Colour, Seat | null>>, me: Seat): ShootIntent {
  const m = majorities(hand);
  const gun = m.colours.find((c) => guns[c] === null || guns[c] === me);
  const { area, noise } = firstCorrect(m);
  if (gun) return { type: 'shoot', gun, area, noise };
  return { type: 'shoot', gun: 'bottle', area };
}

/** A seat's Bounty as the view shows it: the seats a bot reads come from the view itself (its phase, its own seat). */
function bountyOf(v: SaloonView, seat: Seat): number {
  return at(v.players, seat, 'a seat the view names sits at the table').bounty;
}

/** The first correct area and noise of three cards (a duel hand, or the cards flipped for a Standoff or the Turkey). */
function firstCorrect(m: Majorities): { area: Area; noise: Noise } {
  const three = 'three cards have a majority area and noise';
  return { area: at(m.areas, 0, three), noise: at(m.noises, 0, three) };
}

function chooseTarget(v: SaloonView, me: Seat): Seat {
  const n = v.players.length;
  let best = -1;
  let bestBounty = -1;
  for (let k = 1; k < n; k++) {
    const s = (me + k) % n;
    const bounty = bountyOf(v, s);
    if (bounty > bestBounty) {
      best = s;
      bestBounty = bounty;
    }
  }
  return best;
}

export function makeBot(config: BotConfig = DEFAULT_BOT): (v: SaloonView, rng: Rng) => SaloonIntent {
  return (v, rng) => {
    const legal = legalFromView(v);
    const me = v.seat;
    const first = legal[0];
    if (me === null || first === undefined) throw new Error('Saloon bot: nothing to decide');
    if (legal.some((i) => i.type === 'crash')) return { type: 'crash' };
    const ph = v.phase;
    // "I don't think so!" when it pays: a Standoff is a chance at a Bounty.
    const join = standoffJoin(v, legal);
    if (join) return join;
    if (ph.kind === 'turkey') {
      const m = majorities(ph.flipped);
      if (rng.int(1000) < Math.round(config.errorRate * 1000)) {
        const wrong = legal.filter((i): i is ShootIntent => i.type === 'shoot' && !(m.areas.includes(i.area) && m.noises.includes(i.noise as Noise)));
        if (wrong.length > 0) return rng.pick(wrong);
      }
      return { type: 'shoot', gun: 'red', ...firstCorrect(m) };
    }
    if (ph.kind === 'standoff') {
      const m = majorities(ph.flipped);
      const others = ph.links.map((l) => l.seat).filter((s) => s !== me && !ph.out.includes(s));
      const target = others.reduce((b, s) => (bountyOf(v, s) > bountyOf(v, b) ? s : b));
      if (rng.int(1000) < Math.round(config.errorRate * 1000)) {
        const wrong = legal.filter((i): i is ShootIntent => i.type === 'shoot' && !(m.areas.includes(i.area) && m.noises.includes(i.noise as Noise)));
        if (wrong.length > 0) return rng.pick(wrong);
      }
      return { type: 'shoot', gun: 'red', ...firstCorrect(m), target };
    }
    const bullets = v.hand.length ? bulletsOf(v.hand) : 0;
    if (ph.kind === 'turn') {
      const desperado = legal.filter((i): i is DesperadoIntent => i.type === 'desperado');
      const [firstDesperado] = desperado;
      if (firstDesperado !== undefined) {
        // The two biggest Bounties: a won Truel takes both.
        const rich = v.players
          .map((_, s) => s)
          .filter((s) => s !== me)
          .sort((a, b) => bountyOf(v, b) - bountyOf(v, a) || a - b)
          .slice(0, 2)
          .sort((a, b) => a - b);
        return desperado.find((i) => [...i.targets].sort((a, b) => a - b).join() === rich.join()) ?? firstDesperado;
      }
      const wanted = legal.filter((i): i is WantedIntent => i.type === 'wanted');
      const [firstWanted] = wanted;
      if (firstWanted !== undefined) {
        const target = chooseTarget(v, me);
        if (bountyOf(v, target) > 0) return wanted.find((i) => i.target === target) ?? firstWanted;
      }
      const booty = v.hand.filter(isBooty);
      if (booty.length > 0) return { type: 'cashLoot', cards: booty };
      const threaten = bullets >= 5 || (bullets === 4 && rng.int(2) === 0) || rng.int(10) === 0;
      const guns = (Object.keys(v.guns) as Colour[]).filter((g) => v.guns[g] === null);
      if (threaten && guns.length > 0) return { type: 'threaten', gun: rng.pick(guns), target: chooseTarget(v, me) };
      let bestIndex = -1;
      let bestValue = 1;
      v.public.forEach((id, i) => {
        const value = drawValue(id, v.hand);
        if (value > bestValue) {
          bestValue = value;
          bestIndex = i;
        }
      });
      return { type: 'draw', from: bestIndex >= 0 ? bestIndex : 'deck' };
    }
    if (ph.kind === 'discard') {
      const sorted = [...v.hand].sort((a, b) => keepValue(a, v.hand) - keepValue(b, v.hand));
      const worst = at(sorted, 0, 'a hand to discard from holds more than 3 cards');
      return { type: 'discard', cards: [worst] };
    }
    if (ph.kind === 'threat') {
      const answers = legal.filter((i): i is AnswerIntent => i.type === 'answer');
      if (ph.threatener === me) return { type: 'answer', call: bullets >= 4 ? 'bluffing' : 'duel' };
      const law = answers.find((i) => i.call === 'law');
      if (law && bountyOf(v, ph.threatener) > 0) return law;
      const truel = answers.filter((i) => i.call === 'desperado');
      if (truel.length > 0) return truel.reduce((b, i) => (bountyOf(v, i.target as Seat) > bountyOf(v, b.target as Seat) ? i : b));
      const wanted = answers.find((i) => i.call === 'wanted');
      if (wanted && bountyOf(v, ph.threatener) > 0) return wanted;
      const escapes = answers.filter((i) => i.call === 'escape');
      if (escapes.length > 0 && bullets < 5) return escapeChoice(v, escapes);
      const call = v.options.russianRoulette ? rng.int(2) === 0 : bullets >= 6 || (bullets === 5 && rng.int(2) === 0);
      return { type: 'answer', call: call ? 'bluffing' : 'duel' };
    }
    if (ph.kind === 'duel' || ph.kind === 'truel') {
      if (rng.int(1000) < Math.round(config.errorRate * 1000)) {
        const wrong = shotsFor(v.hand, v.guns, me).filter((s) => !judgeShot({ hand: v.hand, guns: v.guns, shooter: me, now: 0 }, s));
        if (wrong.length > 0) return rng.pick(wrong);
      }
      return correctShot(v.hand, v.guns, me);
    }
    return first;
  };
}

export const bot = makeBot();
