import type { Seat } from '../core/game';
import type { Rng } from '../core/rng';
import { bulletsOf, card, isBooty, type Colour, type Noise } from './cards';
import type { AnswerIntent, DesperadoIntent, SaloonIntent, ShootIntent, WantedIntent } from './intents';
import { majorities } from './majority';
import { judgeShot, shotsFor } from './shared';
import { legalFromView, type SaloonView } from './view';

/**
 * The Saloon Showdown bot reasons from its own view only.
 *  - It always cashes its Booty (free money) and always hits a threatener with the Bottle when it can (+$20).
 *  - It threatens when its hand is strong in Bullets (5+ always, 4 half the time) and now and then bluffs with a
 *    weak hand; its target is the richest Bounty (a won duel takes it), ties to the next seat in play order.
 *  - Otherwise it draws: a public Booty card or a public card with 2+ Bullets, else the top of the deck; after a
 *    draw it discards its least useful card (Booty is kept, then Bullets).
 *  - Threatened, it calls the bluff when it holds many Bullets (6+ always, 5 half the time); with Russian Roulette
 *    it calls when the threatener was likely bluffing (a coin flip, it cannot see their hand). Otherwise: "Do you?".
 *  - Holding three Wanted Alive it takes the richest Bounty on its turn; threatened, it answers "I am the Law" or
 *    reveals its Wanted Alive when it can (and the threatener's Bounty is not $0), and escapes on horseback when it
 *    would not call the bluff. After two escapes, as the threatener, it calls the bluff with 4+ Bullets, else duels.
 *    It keeps pairs of Law / Wanted Alive / Desperado cards (towards three) and Escape cards when it discards.
 *  - It always says "I don't think so!" (joins a Mexican Standoff) when it can, and in the race shoots the richest
 *    Bounty still in it.
 *  - Holding three Desperados it says "I have nothing to lose" at the two biggest Bounties; threatened, it starts a
 *    Truel with the threatener and the biggest other Bounty.
 *  - In a duel it computes the correct shot from its hand (the Bottle when the gun it needs is taken). The SERVER
 *    adds its reaction time; the bot only picks the intent. With probability `errorRate` it fires a wrong shot.
 */
export interface BotConfig {
  /** Chance of a wrong shot (a misfire) in a duel, 0–1. */
  errorRate: number;
}
export const DEFAULT_BOT: BotConfig = { errorRate: 0.05 };
/** The human-like reaction time the server (and the simulator) add before a bot's shot, ms. */
export const BOT_REACTION_MS: readonly [number, number] = [600, 1200];

export function cardValue(id: string): number {
  return (isBooty(id) ? 10 : 0) + card(id).bullets;
}

/** How much the bot wants to keep a card in `hand`: its value, plus a Law / Wanted Alive pair towards three, plus an Escape. */
export function keepValue(id: string, hand: readonly string[]): number {
  const sym = card(id).symbol;
  let v = cardValue(id);
  if ((sym === 'law' || sym === 'wanted' || sym === 'desperado') && hand.filter((h) => card(h).symbol === sym).length >= 2) v += 4;
  if (sym === 'escape') v += 1;
  return v;
}

/** The correct shot for a duelist holding `hand` (first of any tied values), or the Bottle when needed. */
export function correctShot(hand: readonly string[], guns: Readonly<Record<Colour, Seat | null>>, me: Seat): ShootIntent {
  const m = majorities(hand);
  const gun = m.colours.find((c) => guns[c] === null || guns[c] === me);
  if (gun) return { type: 'shoot', gun, area: m.areas[0], noise: m.noises[0] };
  return { type: 'shoot', gun: 'bottle', area: m.areas[0] };
}

function chooseTarget(v: SaloonView, me: Seat): Seat {
  const n = v.players.length;
  let best = -1;
  let bestBounty = -1;
  for (let k = 1; k < n; k++) {
    const s = (me + k) % n;
    if (v.players[s].bounty > bestBounty) {
      best = s;
      bestBounty = v.players[s].bounty;
    }
  }
  return best;
}

export function makeBot(config: BotConfig = DEFAULT_BOT): (v: SaloonView, rng: Rng) => SaloonIntent {
  return (v, rng) => {
    const legal = legalFromView(v);
    const me = v.seat;
    if (me === null || legal.length === 0) throw new Error('Saloon bot: nothing to decide');
    if (legal.some((i) => i.type === 'crash')) return { type: 'crash' };
    const ph = v.phase;
    // "I don't think so!" whenever it can: a Standoff is a chance at a Bounty.
    const join = legal.find((i) => i.type === 'standoff');
    if (join) return join;
    if (ph.kind === 'turkey') {
      const m = majorities(ph.flipped);
      if (rng.int(1000) < Math.round(config.errorRate * 1000)) {
        const wrong = legal.filter((i): i is ShootIntent => i.type === 'shoot' && !(m.areas.includes(i.area) && m.noises.includes(i.noise as Noise)));
        if (wrong.length > 0) return rng.pick(wrong);
      }
      return { type: 'shoot', gun: 'red', area: m.areas[0], noise: m.noises[0] };
    }
    if (ph.kind === 'standoff') {
      const m = majorities(ph.flipped);
      const others = ph.links.map((l) => l.seat).filter((s) => s !== me && !ph.out.includes(s));
      const target = others.reduce((b, s) => (v.players[s].bounty > v.players[b].bounty ? s : b));
      if (rng.int(1000) < Math.round(config.errorRate * 1000)) {
        const wrong = legal.filter((i): i is ShootIntent => i.type === 'shoot' && !(m.areas.includes(i.area) && m.noises.includes(i.noise as Noise)));
        if (wrong.length > 0) return rng.pick(wrong);
      }
      return { type: 'shoot', gun: 'red', area: m.areas[0], noise: m.noises[0], target };
    }
    const bullets = v.hand.length ? bulletsOf(v.hand) : 0;
    if (ph.kind === 'turn') {
      const desperado = legal.filter((i): i is DesperadoIntent => i.type === 'desperado');
      if (desperado.length > 0) {
        // The two biggest Bounties: a won Truel takes both.
        const rich = v.players.map((_, s) => s).filter((s) => s !== me).sort((a, b) => v.players[b].bounty - v.players[a].bounty || a - b).slice(0, 2).sort((a, b) => a - b);
        return desperado.find((i) => [...i.targets].sort((a, b) => a - b).join() === rich.join()) ?? desperado[0];
      }
      const wanted = legal.filter((i): i is WantedIntent => i.type === 'wanted');
      if (wanted.length > 0) {
        const target = chooseTarget(v, me);
        if (v.players[target].bounty > 0) return wanted.find((i) => i.target === target) ?? wanted[0];
      }
      const booty = v.hand.filter(isBooty);
      if (booty.length > 0) return { type: 'cashLoot', cards: booty };
      const threaten = bullets >= 5 || (bullets === 4 && rng.int(2) === 0) || rng.int(10) === 0;
      const guns = (Object.keys(v.guns) as Colour[]).filter((g) => v.guns[g] === null);
      if (threaten && guns.length > 0) return { type: 'threaten', gun: rng.pick(guns), target: chooseTarget(v, me) };
      let bestIndex = -1;
      let bestValue = 1;
      v.public.forEach((id, i) => {
        const value = cardValue(id);
        if (value > bestValue) {
          bestValue = value;
          bestIndex = i;
        }
      });
      return { type: 'draw', from: bestIndex >= 0 ? bestIndex : 'deck' };
    }
    if (ph.kind === 'discard') {
      const worst = [...v.hand].sort((a, b) => keepValue(a, v.hand) - keepValue(b, v.hand))[0];
      return { type: 'discard', cards: [worst] };
    }
    if (ph.kind === 'threat') {
      const answers = legal.filter((i): i is AnswerIntent => i.type === 'answer');
      if (ph.threatener === me) return { type: 'answer', call: bullets >= 4 ? 'bluffing' : 'duel' };
      const law = answers.find((i) => i.call === 'law');
      if (law && v.players[ph.threatener].bounty > 0) return law;
      const truel = answers.filter((i) => i.call === 'desperado');
      if (truel.length > 0) return truel.reduce((b, i) => (v.players[i.target as Seat].bounty > v.players[b.target as Seat].bounty ? i : b));
      const wanted = answers.find((i) => i.call === 'wanted');
      if (wanted && v.players[ph.threatener].bounty > 0) return wanted;
      const escapes = answers.filter((i) => i.call === 'escape');
      if (escapes.length > 0 && bullets < 5) return rng.pick(escapes);
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
    return legal[0];
  };
}

export const bot = makeBot();
