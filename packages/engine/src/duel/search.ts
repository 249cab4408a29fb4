import { cloneState } from '../core/clone';
import type { Seat } from '../core/game';
import { Rng } from '../core/rng';
import { search, type Budget, type SearchResult } from '../core/search';
import { without } from './cards';
import { bot as heuristic } from './bot';
import { apply, pending, type DuelIntent } from './rules';
import type { DuelState } from './state';
import { cardsLeft, legalFromView, view, type DuelView } from './view';
import { at } from '../core/at';

/**
 * The hard Duel bot: determinized Monte-Carlo search (core/search.ts) over the engine.
 *
 * What is hidden from a seat in Duel is only the face-down card of each opponent who has already placed one this
 * shootout (everyone starts a round with the same six cards and played cards are face up, so every hand is known
 * as a multiset). A sampled world gives each such opponent a card from what it still holds, as the normal bot would
 * play it from that opponent's own view, and now and then (OPEN_MIND) any card it holds: the search must not bet
 * everything on the opponents thinking like our heuristic. Every playout then runs to the end of the round with
 * the normal bot playing every seat from its own view, and scores 1 if the searching seat won the round. Rounds
 * are independent (money only counts them), so the round is what a decision can change.
 */
export const DUEL_SEARCH = {
  /** Playouts per decision: measured in `npm run bench` to stay well under 200 ms on one core. */
  iterations: 150,
  /** Decisions per playout (a card from each living player per shootout); a round cut off is scored as a share. */
  maxSteps: 60,
  /**
   * Decisions over all playouts: two seats rarely reach it (a playout is ten to twenty), six seats do (a playout
   * runs to sixty), so big tables think about as long as small ones.
   */
  maxTotalSteps: 2500,
  /** Chance that a sampled opponent's hidden card is any card it holds rather than the normal bot's choice. */
  openMind: 0.35,
  /**
   * Safety net only, for an overloaded machine: playouts stop after this long, whatever the count (the choice then
   * depends on the clock). Far above the budget so that it never trips in normal play, nor in tests.
   */
  maxMs: 1000,
} as const;

/** Sampled worlds never time out, so they share one generator state (making one per sample is slow). */
const PLACEHOLDER_RNG = Rng.fromSeed(0xd0e1).state();

/** A full state consistent with `v` (the searching seat's view): hidden face-down cards sampled. */
export function determinize(v: DuelView, rng: Rng, openMind: number = DUEL_SEARCH.openMind): DuelState {
  const me = v.seat as Seat;
  const state: DuelState = {
    options: { target: v.target },
    players: v.players.map((p, s) => ({
      money: p.money,
      alive: p.alive,
      aside: [...p.aside],
      hand: s === me ? [...v.hand] : cardsLeft(p),
      commit: s === me && v.commit ? { ...v.commit } : null,
    })),
    round: v.round,
    shootout: v.shootout,
    phase: v.phase,
    lastReveal: v.lastReveal ? cloneState(v.lastReveal) : null,
    winner: v.winner,
    rng: PLACEHOLDER_RNG,
  };
  // Opponents who placed a card: which one is hidden. Sampled from the opponent's own view of the table as it was
  // before it placed it (the searching seat has not placed one yet, so nothing of ours leaks into that view).
  v.players.forEach((p, s) => {
    if (s === me || !p.alive || !p.committed) return;
    const theirs = view(state, s);
    const legal = legalFromView(theirs);
    const commit = rng.int(1000) / 1000 < openMind ? rng.pick(legal) : heuristic(theirs, rng);
    const player = at(state.players, s, "the sampled world has the view's seats");
    player.hand = without(player.hand, [commit.card]);
    player.commit = { card: commit.card, target: commit.target ?? null };
  });
  return state;
}

function roundScore(state: DuelState, seat: Seat, start: DuelState): number {
  const me = at(state.players, seat, 'the searching seat sits at the table');
  if (me.money > at(start.players, seat, 'the searching seat sits at the table').money) return 1;
  if (state.round !== start.round || state.phase === 'over') return 0;
  // Cut off mid-round (a cycle): an even share among the living.
  if (!me.alive) return 0;
  return 1 / state.players.filter((p) => p.alive).length;
}

export function searchDuel(v: DuelView, rng: Rng, budget: Budget = {}): SearchResult<DuelIntent> {
  const me = v.seat as Seat;
  return search<DuelState, DuelIntent>({
    seat: me,
    candidates: legalFromView(v),
    rng,
    determinize: (r) => determinize(v, r),
    play: (state, seat, intent) => {
      const r = apply(state, seat, intent);
      return 'error' in r ? null : r.state;
    },
    next: (state) => pending(state)[0] ?? null,
    policy: (state, seat, r) => heuristic(view(state, seat), r),
    done: (state, start) => state.round !== start.round || state.phase === 'over',
    evaluate: roundScore,
    iterations: budget.iterations ?? DUEL_SEARCH.iterations,
    maxSteps: DUEL_SEARCH.maxSteps,
    maxTotalSteps: DUEL_SEARCH.maxTotalSteps,
    maxMs: budget.maxMs ?? DUEL_SEARCH.maxMs,
  });
}

/** The hard bot's move. */
export function hardBot(v: DuelView, rng: Rng): DuelIntent {
  const legal = legalFromView(v);
  if (legal.length === 0) throw new Error('Duel bot asked to move with nothing to decide');
  if (legal.length === 1) return legal[0]!;
  return searchDuel(v, rng).intent;
}
