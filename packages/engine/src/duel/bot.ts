import type { Seat } from '../core/game';
import type { Rng } from '../core/rng';
import { isGun, type Card } from './cards';
import type { DuelIntent } from './rules';
import { cardsLeft, legalFromView, type DuelView } from './view';
import { at } from '../core/at';

/**
 * The Duel bot reasons from its own view only (played cards are public, so it knows exactly which cards each
 * opponent still holds) and scores each legal play:
 *  - firing is always safe (whoever fires is not hit), so a gun scores 1 plus the chance of a kill, minus what
 *    spending it costs (the rifle is kept for barricades);
 *  - a barricade survives unless a rifle comes its way;
 *  - a reload survives only when nobody fires at it, and is worth more the more cards it brings back.
 * Opponents are modelled as playing any card they still hold, aimed at any living rival, with equal chance.
 *
 * Two touches keep bot-only tables from cycling for ever (every bot firing all its guns, then every bot
 * reloading in the same shootout): the last gun in hand is worth keeping, and when reloading is the best play
 * but someone could still shoot, the bot bluffs it away with that same probability, playing its best other card.
 */
const COST: Record<Card, number> = { pistol: 0.05, rifle: 0.25, barricade: 0.1, reload: 0 };
const LAST_GUN_COST = 0.6;
const RELOAD_GAIN_PER_CARD = 0.15;
const NOISE = 0.04;

interface Threat {
  /** Chance that at least one gun is aimed at me. */
  shot: number;
  /** Chance that at least one rifle is aimed at me. */
  rifle: number;
}

function share(cards: readonly Card[], card: Card): number {
  return cards.length === 0 ? 0 : cards.filter((c) => c === card).length / cards.length;
}

export function threatTo(v: DuelView, me: Seat): Threat {
  let missAll = 1;
  let missRifle = 1;
  v.players.forEach((p, s) => {
    if (s === me || !p.alive) return;
    const left = cardsLeft(p);
    const rivals = v.players.filter((q, t) => t !== s && q.alive).length;
    const gun = left.filter(isGun).length / Math.max(1, left.length);
    missAll *= 1 - gun / rivals;
    missRifle *= 1 - share(left, 'rifle') / rivals;
  });
  return { shot: 1 - missAll, rifle: 1 - missRifle };
}

export function scoreIntent(v: DuelView, intent: DuelIntent, threat: Threat): number {
  const me = v.seat as Seat;
  if (isGun(intent.card)) {
    const left = cardsLeft(at(v.players, intent.target as Seat, 'a legal gun aims at a seat at the table'));
    const kill = share(left, 'reload') + (intent.card === 'rifle' ? share(left, 'barricade') : 0);
    const lastGun = v.hand.filter(isGun).length === 1 ? LAST_GUN_COST : 0;
    return 1 + kill - COST[intent.card] - lastGun;
  }
  if (intent.card === 'barricade') return 1 - threat.rifle - COST.barricade;
  const back = at(v.players, me, 'the bot plays from its own seat').aside.length + 1;
  return (1 - threat.shot) * (1 + RELOAD_GAIN_PER_CARD * back);
}

export function bot(v: DuelView, rng: Rng): DuelIntent {
  const legal = legalFromView(v);
  if (legal.length === 0) throw new Error('Duel bot asked to move with nothing to decide');
  if (legal.length === 1) return legal[0]!;
  const threat = threatTo(v, v.seat as Seat);
  const scored = legal.map((intent) => ({ intent, score: scoreIntent(v, intent, threat) + (rng.int(1000) / 1000) * NOISE }));
  const best = (options: typeof scored) => options.reduce((a, b) => (b.score > a.score ? b : a)).intent;
  const choice = best(scored);
  if (choice.card === 'reload' && threat.shot > 0 && rng.int(1000) / 1000 < threat.shot) {
    const others = scored.filter((o) => o.intent.card !== 'reload');
    if (others.length > 0) return best(others);
  }
  return choice;
}
