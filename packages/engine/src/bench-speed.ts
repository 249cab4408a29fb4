/**
 * Engine speed (issue 16): random legal full games per second on one core, for each game, through its rules exactly
 * as the server drives them (legal intents of the waited-for seat, one picked at random, applied). No bots: what this
 * measures is the rules (apply, legalIntents, pending, outcome), not a bot's thinking.
 *
 *   node packages/engine/dist/bench-speed.js [seconds per game, default 3] [only games whose name contains this]
 */
import { performance } from 'node:perf_hooks';
import { isError } from './core/game';
import { deriveSeed, Rng } from './core/rng';
import { duel } from './duel';
import { playGame as playRattlesnake } from './rattlesnake/sim';
import { playGame as playSaloon } from './saloon/sim';

const SECONDS = Number(process.argv[2] ?? 3);
const ONLY = (process.argv[3] ?? '').toLowerCase();

/** A Duel of `seats` players each playing a random legal card (and target) until someone wins. */
function randomDuel(seed: number, seats: number): number {
  let state = duel.setup({ seats, options: { target: 5 } as never }, Rng.fromSeed(seed));
  const rng = Rng.fromSeed(deriveSeed(seed, 'players'));
  let steps = 0;
  while (duel.outcome(state) === null && steps < 20_000) {
    for (const seat of duel.pending(state)) {
      const r = duel.apply(state, seat, rng.pick(duel.legalIntents(state, seat)), 0);
      if (isError(r)) throw new Error(r.error.message);
      state = r.state;
      steps++;
    }
  }
  return steps;
}

/** Games per second of `play`, run for SECONDS (after a short warm-up), and steps per second. */
function rate(name: string, play: (seed: number) => number): [string, string] {
  for (let g = 0; g < 20; g++) play(1_000_000 + g);
  let games = 0;
  let steps = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000) steps += play(games++);
  const s = (performance.now() - t0) / 1000;
  return [name, `${(games / s).toFixed(0)} games/s  (${(steps / s / 1000).toFixed(1)}k steps/s, ${games} games)`];
}

const GAMES: [string, (seed: number) => number][] = [
  ['Duel, 2 seats', (seed) => randomDuel(seed, 2)],
  ['Duel, 4 seats', (seed) => randomDuel(seed, 4)],
  ['Rattlesnake', (seed) => playRattlesnake(seed, ['random', 'random']).steps],
  ['Saloon Showdown, 2 seats', (seed) => playSaloon(seed, { seats: 2, players: ['random', 'random'] }).steps.length],
  ['Saloon Showdown, 4 seats', (seed) => playSaloon(seed, { seats: 4, players: ['random', 'random', 'random', 'random'] }).steps.length],
];
const rows = GAMES.filter(([name]) => name.toLowerCase().includes(ONLY)).map(([name, play]) => rate(name, play));
const w = Math.max(...rows.map(([k]) => k.length));
console.log(`Engine speed: random legal full games on one core — node ${process.version}`);
for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
