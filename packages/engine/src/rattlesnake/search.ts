import type { Seat } from '../core/game';
import type { Rng } from '../core/rng';
import { search, type Budget, type SearchResult } from '../core/search';
import { baseValue, isHit } from './cards';
import { bot as heuristic } from './bot';
import { determinize } from './determinize';
import { intentKey, type RattlesnakeIntent } from './intents';
import { applyInPlace, pending } from './rules';
import type { RattlesnakeState } from './state';
import { legalFromView, view, type RattlesnakeView } from './view';
import { playerOf } from './own';

/**
 * The hard Rattlesnake bot: determinized Monte-Carlo search (core/search.ts). Each playout samples the hidden cards
 * from the bot's own view (determinize.ts), plays one candidate, then lets the normal bot play both seats (each from
 * its own view of the sampled world) for a few turns, and scores the Hits left in front of each player (a won game
 * is 1, a lost one 0).
 *
 * Hands make for many legal intents (every subset of the hand is a commitment, every pair of cards a price), so the
 * search weighs a short list: the normal bot's choice (and its variants over a few noise draws), committing
 * everything, nothing, or only the Hits, each saloon card at its cheapest price, and every other intent.
 */
export const RATTLESNAKE_SEARCH = {
  /** Playouts per decision: measured in `npm run bench` to stay under 200 ms on one core. */
  iterations: 160,
  /** Decisions per playout after the candidate. */
  maxSteps: 40,
  /** Turns a playout looks ahead at most. */
  turns: 2,
  /** Candidates weighed at most. */
  maxCandidates: 14,
  /**
   * Safety net only, for an overloaded machine: playouts stop after this long, whatever the count (the choice then
   * depends on the clock). Far above the budget so that it never trips in normal play, nor in tests.
   */
  maxMs: 1000,
} as const;

function score(state: RattlesnakeState, seat: Seat): number {
  if (state.winner !== null) return state.winner === seat ? 1 : 0;
  const mine = playerOf(state, seat).hits.length;
  const theirs = playerOf(state, 1 - seat).hits.length;
  return 0.5 + (mine - theirs) / 9;
}

/** The intents worth weighing, the normal bot's choice first. */
export function candidatesOf(v: RattlesnakeView, rng: Rng): RattlesnakeIntent[] {
  const legal = legalFromView(v);
  const byKey = new Map(legal.map((l) => [intentKey(l), l]));
  const out = new Map<string, RattlesnakeIntent>();
  const add = (i: RattlesnakeIntent | null | undefined) => {
    if (!i) return;
    const k = intentKey(i);
    const l = byKey.get(k);
    if (l && !out.has(k)) out.set(k, l);
  };
  for (let k = 0; k < 4; k++) add(heuristic(v, rng));
  if (legal.length <= RATTLESNAKE_SEARCH.maxCandidates) {
    legal.forEach(add);
    return [...out.values()];
  }
  const hand = v.hand;
  const hits = hand.filter(isHit);
  const cheap = [...hand].sort((a, b) => (isHit(a) ? -1 : (baseValue(a) ?? 0)) - (isHit(b) ? -1 : (baseValue(b) ?? 0)));
  for (const l of legal) {
    if (l.type === 'commit' || l.type === 'buy') continue;
    if (l.type === 'ability' && (l.value !== undefined || l.delta !== undefined)) continue;
    add(l);
  }
  if (legal.some((l) => l.type === 'commit')) {
    add({ type: 'commit', cards: [...hand] });
    add({ type: 'commit', cards: [] });
    if (hits.length > 0) add({ type: 'commit', cards: hits });
    add({ type: 'commit', cards: hand.filter((c) => !isHit(c)) });
  }
  for (const cardId of v.saloon) if (cardId) add({ type: 'buy', cardId, discard: cheap.slice(0, v.buyCost) });
  // Focus / Distract: as many as there is room for, drawn at random.
  const tweaks = rng.shuffle(legal.filter((l) => l.type === 'ability' && (l.value !== undefined || l.delta !== undefined)));
  for (const t of tweaks) {
    if (out.size >= RATTLESNAKE_SEARCH.maxCandidates) break;
    add(t);
  }
  return [...out.values()].slice(0, Math.max(RATTLESNAKE_SEARCH.maxCandidates, 1));
}

export function searchRattlesnake(v: RattlesnakeView, rng: Rng, budget: Budget = {}): SearchResult<RattlesnakeIntent> {
  const me = v.seat as Seat;
  // Playouts play on the sampled world in place (each world is used once), so the turn it started at is kept apart.
  let startTurn = v.turn;
  return search<RattlesnakeState, RattlesnakeIntent>({
    seat: me,
    candidates: candidatesOf(v, rng),
    rng,
    determinize: (r) => {
      const world = determinize(v, r);
      startTurn = world.turn;
      return world;
    },
    play: (state, seat, intent) => {
      try {
        applyInPlace(state, seat, intent);
        return state;
      } catch {
        return null; // a sampled world the engine refuses: dropped
      }
    },
    next: (state) => pending(state)[0] ?? null,
    policy: (state, seat, r) => heuristic(view(state, seat), r),
    done: (state) => state.winner !== null || state.turn - startTurn >= RATTLESNAKE_SEARCH.turns,
    evaluate: (state, seat) => score(state, seat),
    iterations: budget.iterations ?? RATTLESNAKE_SEARCH.iterations,
    maxSteps: RATTLESNAKE_SEARCH.maxSteps,
    maxMs: budget.maxMs ?? RATTLESNAKE_SEARCH.maxMs,
  });
}

/** The hard bot's move. */
export function hardBot(v: RattlesnakeView, rng: Rng): RattlesnakeIntent {
  const legal = legalFromView(v);
  if (legal.length === 0) throw new Error('Rattlesnake bot asked to move with nothing to decide');
  if (legal.length === 1) return legal[0]!;
  return searchRattlesnake(v, rng).intent;
}
