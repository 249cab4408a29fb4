import { isError, type Seat } from '../core/game';
import { deriveSeed, Rng, type Seed } from '../core/rng';
import { rattlesnake } from './index';
import type { RattlesnakeIntent } from './intents';
import type { RattlesnakeState } from './state';
import { at } from '../core/at';

/**
 * 'bot': the game's bot on its own view. 'random': a random legal intent. 'greedy': a simple player who attacks every
 * turn, commits its whole hand (attacking and defending), never buys or uses an ability, and passes otherwise.
 */
export type Player = 'bot' | 'random' | 'greedy';

/** The 'greedy' player's choice among the legal intents. */
export function greedy(legal: readonly RattlesnakeIntent[]): RattlesnakeIntent {
  const commits = legal.filter((i): i is Extract<RattlesnakeIntent, { type: 'commit' }> => i.type === 'commit');
  if (commits.length > 0) return commits.reduce((a, b) => (b.cards.length > a.cards.length ? b : a));
  for (const type of ['attack', 'allow', 'pass', 'putBack', 'endTurn'] as const) {
    const i = legal.find((x) => x.type === type);
    if (i) return i;
  }
  return at(legal, 0, 'the game waits on a seat with a legal intent');
}

export interface SimResult {
  winner: Seat | null;
  steps: number;
  turns: number;
  final: RattlesnakeState;
}

/**
 * Plays one game through the Game contract (view → bot, or a random legal intent), as the server drives it.
 * `timeoutRate` (per mille) lets the countdown run out instead. Stops after maxSteps (winner null).
 */
export function playGame(
  seed: Seed,
  players: [Player, Player],
  maxSteps = 5000,
  timeoutRate = 0,
  onState?: (s: RattlesnakeState, seat: Seat | null, intent: RattlesnakeIntent | null) => void,
): SimResult {
  const g = rattlesnake;
  let state = g.setup({ seats: 2, options: {} }, Rng.fromSeed(seed));
  const rng = Rng.fromSeed(deriveSeed(seed, 'players')); // the players' own choices: a stream of its own
  let steps = 0;
  onState?.(state, null, null);
  while (g.outcome(state) === null && steps < maxSteps) {
    const [seat] = g.pending(state);
    steps++;
    if (timeoutRate > 0 && rng.int(1000) < timeoutRate) {
      const r = g.timeout(state);
      if (isError(r)) throw new Error(`timeout: ${r.error.code}`);
      state = r.state;
      onState?.(state, null, null);
      continue;
    }
    if (seat === undefined) throw new Error('Rattlesnake waits on nobody before the game is over');
    const who = players[seat];
    const intent =
      who === 'bot' ? g.bot(g.view(state, seat), rng) : who === 'greedy' ? greedy(g.legalIntents(state, seat)) : rng.pick(g.legalIntents(state, seat));
    const r = g.apply(state, seat, intent);
    if (isError(r)) throw new Error(`seed ${seed} step ${steps} seat ${seat} ${JSON.stringify(intent)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
    onState?.(state, seat, intent);
  }
  const o = g.outcome(state);
  return { winner: o ? (o.winners[0] ?? null) : null, steps, turns: state.turn, final: state };
}
