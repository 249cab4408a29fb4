/**
 * A bot-only game recorded as the server's game log (what "Download log" saves, what the replay viewer opens): Saloon
 * Showdown from its simulated real-time table, Duel and Rattlesnake turn by turn through the engine, each seat played
 * by the engine's bot.
 */
import { duel, isError, rattlesnake, Rng, saloon, type Game, type GameEvent, type Intent, type LogStep } from '@tumbleweed/engine';
import { playGame as playSaloon, type SimConfig } from '../../packages/engine/src/saloon/sim';

const NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'];

/** The log's shape around a game played: its seats (Ann, Bob…, each a player) and table code. */
const logOf = (game: string, seats: number, seed: number, options: unknown, played: { steps: LogStep[]; events: GameEvent[]; outcome: unknown }) => ({
  game,
  code: 'TEST1',
  seed,
  options,
  seats: NAMES.slice(0, seats).map((name) => ({ name, kind: 'human' })),
  ...played,
});

/**
 * Saloon Showdown played by bots through the engine's own simulator, as the server would drive it (its real-time
 * steps and timeouts), as a log. `onStep` sees each state on the way, the deal first.
 */
export function saloonLog(seats: number, seed: number, options?: SimConfig['options'], onStep?: SimConfig['onStep']): object {
  const events: GameEvent[] = [];
  const sim = playSaloon(seed, {
    seats,
    options,
    onStep: (state, step, ev, prev) => {
      events.push(...ev);
      onStep?.(state, step, ev, prev);
    },
  });
  const steps = sim.steps.map((s): LogStep => (s.kind === 'apply' ? { seat: s.seat, intent: s.intent, at: s.now } : { timeout: true, at: s.now }));
  return logOf('saloon', seats, seed, saloon.options(options), { steps, events, outcome: sim.outcome });
}

/** Each pending seat's bot moves, 700 ms apart, until the game is over. */
function turnByTurn<S, V, I extends Intent, O>(g: Game<S, V, I, O>, seats: number, seed: number, options: O) {
  const steps: LogStep[] = [];
  const events: GameEvent[] = [];
  let state = g.setup({ seats, options }, Rng.fromSeed(seed));
  const bots = Rng.fromSeed(seed + 1);
  let at = 1_700_000_000_000;
  while (!g.outcome(state) && steps.length < 3000) {
    at += 700;
    const seat = g.pending(state)[0];
    const intent = g.bot(g.view(state, seat), bots);
    const r = g.apply(state, seat, intent, at);
    if (isError(r)) throw new Error(r.error.message);
    steps.push({ seat, intent, at });
    events.push(...r.events);
    state = r.state;
  }
  return { steps, events, outcome: g.outcome(state) };
}

export function botLog(game: 'duel' | 'rattlesnake' | 'saloon', seats: number, seed: number): object {
  if (game === 'saloon') return saloonLog(seats, seed);
  if (game === 'rattlesnake') return logOf(game, seats, seed, {}, turnByTurn(rattlesnake, seats, seed, {}));
  const o = duel.options(undefined);
  if ('error' in o) throw new Error(o.error.message);
  return logOf(game, seats, seed, o, turnByTurn(duel, seats, seed, o));
}
