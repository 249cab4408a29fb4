import type { Seat } from './game';
import { Rng } from './rng';
import { at } from './at';

/**
 * Determinized Monte-Carlo search ("perfect-information Monte-Carlo" with UCB1 at the root), shared by the games'
 * hard bots. The bot never sees the true state: `determinize` samples a full state that is consistent with the
 * bot's own view only (what it holds, what is face up, the counts of what is hidden). For each sample the search
 * plays one candidate intent, then plays the game on with a cheap rollout policy (the games' heuristic bots, each
 * seat on its own view of the sampled state) for at most `maxSteps` decisions, and scores the result with
 * `evaluate` (1 = a win for the searching seat, 0 = a loss). The candidate with the best average wins.
 *
 * Deterministic: every random choice comes from the injected generator and the budget is a number of playouts, not
 * a clock, so the same view and the same seed always give the same intent. `maxMs` is only a safety net for slow
 * machines (it makes the choice depend on the clock only when it trips).
 */
export interface SearchSpec<S, I> {
  seat: Seat;
  /** The intents to choose among (at least one). */
  candidates: readonly I[];
  /** A full state consistent with the searching seat's view, hidden cards sampled with `rng`. */
  determinize(rng: Rng): S;
  /** The state after `seat` plays `intent`, or null when the sampled world refuses it (the sample is dropped). */
  play(state: S, seat: Seat, intent: I): S | null;
  /** Whose decision the sampled game waits for next (empty: it is over). */
  next(state: S): Seat | null;
  /** The rollout policy: the intent `seat` plays in a sampled state (from its own view of it). */
  policy(state: S, seat: Seat, rng: Rng): I;
  /** How good the state is for `seat`, 0..1 (1 = won). Called at the end of a playout, or after `maxSteps`. */
  evaluate(state: S, seat: Seat, start: S): number;
  /** True once the playout has gone far enough to be scored (e.g. the round is decided). Optional. */
  done?(state: S, start: S): boolean;
  /** Playouts in all (spread over the candidates). */
  iterations: number;
  /** Decisions per playout after the candidate, at most. */
  maxSteps: number;
  /**
   * Decisions played over all playouts, at most (checked before each playout): keeps big tables, whose playouts are
   * long, within the same time as small ones, still without reading a clock.
   */
  maxTotalSteps?: number;
  /** The bot's generator: the search draws a child generator from it (one draw). */
  rng: Rng;
  /** Safety net: stop early after this many ms of wall clock (the result then depends on the machine's speed). */
  maxMs?: number;
  /** UCB1 exploration constant; 0 spreads the playouts evenly. */
  exploration?: number;
}

/** A caller's override of a bot's budget: playouts, and the wall-clock safety net (Infinity: none). */
export interface Budget {
  iterations?: number;
  maxMs?: number;
}

export interface SearchResult<I> {
  intent: I;
  /** Index of the chosen candidate. */
  index: number;
  /** Playouts and mean score per candidate, in candidate order. */
  stats: { visits: number; mean: number }[];
  playouts: number;
}

/** A fresh generator drawn from `rng`, for a sampled world's own shuffles. */
export function childRng(rng: Rng): Rng {
  return Rng.fromSeed(rng.int(2 ** 32) * 4096 + rng.int(4096));
}

export function search<S, I>(spec: SearchSpec<S, I>): SearchResult<I> {
  const n = spec.candidates.length;
  if (n === 0) throw new Error('search: no candidates');
  const stats = spec.candidates.map(() => ({ visits: 0, total: 0 }));
  const only = spec.candidates[0];
  if (n === 1 && only !== undefined) return { intent: only, index: 0, stats: [{ visits: 0, mean: 0 }], playouts: 0 };
  const rng = childRng(spec.rng);
  const c = spec.exploration ?? 0.5;
  const limited = spec.maxMs !== undefined && Number.isFinite(spec.maxMs);
  const started = limited ? Date.now() : 0;
  let playouts = 0;
  let steps = 0;
  for (let it = 0; it < spec.iterations; it++) {
    if (spec.maxTotalSteps !== undefined && it >= n && steps >= spec.maxTotalSteps) break;
    if (limited && (it & 15) === 15 && Date.now() - started > (spec.maxMs as number)) break;
    // UCB1: every candidate once, then the one with the best optimistic mean.
    let pick = -1;
    if (it < n) pick = it;
    else {
      let best = -Infinity;
      const logN = Math.log(it);
      // An index loop, not entries(): this runs for every candidate on every playout.
      for (let i = 0; i < n; i++) {
        const s = stats[i]!; // i < n = stats.length
        const mean = s.visits === 0 ? 1 : s.total / s.visits;
        const ucb = s.visits === 0 ? Infinity : mean + c * Math.sqrt(logN / s.visits);
        if (ucb > best) {
          best = ucb;
          pick = i;
        }
      }
    }
    const world = spec.determinize(rng);
    const chosen = at(stats, pick, 'UCB1 picks one of the candidates');
    const after = spec.play(world, spec.seat, at(spec.candidates, pick, 'UCB1 picks one of the candidates'));
    if (after === null) continue;
    let state = after;
    steps++;
    for (let step = 0; step < spec.maxSteps; step++) {
      if (spec.done?.(state, world)) break;
      const seat = spec.next(state);
      if (seat === null) break;
      const next = spec.play(state, seat, spec.policy(state, seat, rng));
      steps++;
      if (next === null) break;
      state = next;
    }
    chosen.visits++;
    chosen.total += spec.evaluate(state, spec.seat, world);
    playouts++;
  }
  let index = 0;
  let bestVisits = -1;
  let bestMean = -Infinity;
  const out = stats.map((s) => ({ visits: s.visits, mean: s.visits === 0 ? 0 : s.total / s.visits }));
  // The most visited candidate (the robust choice of UCB1); ties go to the better mean, then the earlier candidate.
  for (const [i, o] of out.entries()) {
    const better = o.visits > bestVisits || (o.visits === bestVisits && o.mean > bestMean);
    if (i === 0 || better) {
      index = i;
      bestVisits = o.visits;
      bestMean = o.mean;
    }
  }
  return { intent: at(spec.candidates, index, 'the best of the searched candidates'), index, stats: out, playouts };
}
