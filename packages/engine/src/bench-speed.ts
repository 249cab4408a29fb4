/**
 * Engine speed (issue 16): random legal full games per second on one core, for each game, through its rules exactly
 * as the server drives them (legal intents of the waited-for seat, one picked at random, applied). No bots: what this
 * measures is the rules (apply, legalIntents, pending, outcome), not a bot's thinking.
 *
 *   node packages/engine/dist/bench-speed.js [seconds per game, default 3] [only games whose name contains this]
 *   node packages/engine/dist/bench-speed.js [seconds] [filter] --against <another build's packages/engine/dist>
 *
 * Each row gives games per wall-clock second and per CPU-second of the process (what it ran, not what other jobs on
 * the machine took from it). `--against` compares this build with another one (a copy of `dist` built from another
 * commit) in one process: the same seeded games in short alternating rounds, so both see the same load; it prints
 * the best and the median round of each, in games per CPU-second.
 */
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isError } from './core/game';
import { deriveSeed, Rng } from './core/rng';
import { duel } from './duel';
import { playGame as playRattlesnake } from './rattlesnake/sim';
import { playGame as playSaloon } from './saloon/sim';
import { at } from './core/at';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const againstDir = againstAt >= 0 ? args.splice(againstAt, 2)[1] : null;
if (againstDir === undefined) {
  console.error("--against needs a folder: another build's packages/engine/dist");
  process.exit(2);
}
const AGAINST = againstDir;
const SECONDS = Number(args[0] ?? 3);
const ONLY = (args[1] ?? '').toLowerCase();

/** What a game's random play needs from a build (this one, or another one's dist with `--against`). */
interface Build {
  isError: typeof isError;
  deriveSeed: typeof deriveSeed;
  Rng: typeof Rng;
  duel: typeof duel;
  playRattlesnake: typeof playRattlesnake;
  playSaloon: typeof playSaloon;
}

const THIS: Build = { isError, deriveSeed, Rng, duel, playRattlesnake, playSaloon };

function load(dir: string): Build {
  const req = createRequire(path.resolve(dir, 'index.js'));
  const from = (m: string) => req(path.resolve(dir, m)) as Record<string, unknown>;
  return {
    isError: from('core/game').isError as Build['isError'],
    deriveSeed: from('core/rng').deriveSeed as Build['deriveSeed'],
    Rng: from('core/rng').Rng as Build['Rng'],
    duel: from('duel').duel as Build['duel'],
    playRattlesnake: from('rattlesnake/sim').playGame as Build['playRattlesnake'],
    playSaloon: from('saloon/sim').playGame as Build['playSaloon'],
  };
}

/** A Duel of `seats` players each playing a random legal card (and target) until someone wins. */
function randomDuel(b: Build, seed: number, seats: number): number {
  const d = b.duel;
  let state = d.setup({ seats, options: { target: 5 } as never }, b.Rng.fromSeed(seed));
  const rng = b.Rng.fromSeed(b.deriveSeed(seed, 'players'));
  let steps = 0;
  while (d.outcome(state) === null && steps < 20_000) {
    for (const seat of d.pending(state)) {
      const r = d.apply(state, seat, rng.pick(d.legalIntents(state, seat)), 0);
      if (b.isError(r)) throw new Error(r.error.message);
      state = r.state;
      steps++;
    }
  }
  return steps;
}

type Play = (seed: number) => number;

function games(b: Build): [string, Play][] {
  const four = ['random', 'random', 'random', 'random'] as const;
  return [
    ['Duel, 2 seats', (seed) => randomDuel(b, seed, 2)],
    ['Duel, 4 seats', (seed) => randomDuel(b, seed, 4)],
    ['Rattlesnake', (seed) => b.playRattlesnake(seed, ['random', 'random']).steps],
    ['Saloon Showdown, 2 seats', (seed) => b.playSaloon(seed, { seats: 2, players: ['random', 'random'] }).steps.length],
    ['Saloon Showdown, 4 seats', (seed) => b.playSaloon(seed, { seats: 4, players: [...four] }).steps.length],
  ];
}

const cpuSeconds = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

/** Games per second of `play`, run for SECONDS (after a short warm-up), wall clock and CPU, and steps per second. */
function rate(name: string, play: Play): [string, string] {
  for (let g = 0; g < 20; g++) play(1_000_000 + g);
  let games = 0;
  let steps = 0;
  const t0 = performance.now();
  const c0 = cpuSeconds();
  while (performance.now() - t0 < SECONDS * 1000) steps += play(games++);
  const s = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds() - c0;
  return [name, `${(games / s).toFixed(0)} games/s  (${(games / cpu).toFixed(0)} per CPU-second; ${(steps / s / 1000).toFixed(1)}k steps/s, ${games} games)`];
}

/** This build against another: the same games in alternating rounds of about a quarter CPU-second; games per CPU-second. */
function versus(name: string, mine: Play, theirs: Play): [string, string] {
  for (let g = 0; g < 20; g++) {
    mine(1_000_000 + g);
    theirs(1_000_000 + g);
  }
  // Games per round: about a quarter CPU-second of this build's play (CPU time: a busy machine does not shrink it).
  const c0 = cpuSeconds();
  let n = 0;
  while (cpuSeconds() - c0 < 0.25) mine(2_000_000 + n++);
  const rounds = Math.max(6, Math.round(SECONDS * 4)); // about 2 × SECONDS in all
  const mineRates: number[] = [];
  const theirRates: number[] = [];
  const sides: [Play, number[]][] = [
    [mine, mineRates],
    [theirs, theirRates],
  ];
  for (let r = 0; r < rounds; r++) {
    for (const [play, rates] of sides) {
      const c0 = cpuSeconds();
      for (let g = 0; g < n; g++) play(r * n + g);
      rates.push(n / (cpuSeconds() - c0));
    }
  }
  const show = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const rounds = 'at least 6 rounds';
    return `best ${at(s, s.length - 1, rounds).toFixed(0)}, median ${at(s, s.length >> 1, rounds).toFixed(0)}`;
  };
  return [name, `this build: ${show(mineRates)}  |  against: ${show(theirRates)}  (games per CPU-second, ${rounds} rounds of ${n} games)`];
}

const mine = games(THIS).filter(([name]) => name.toLowerCase().includes(ONLY));
const theirs = AGAINST === null ? null : new Map(games(load(AGAINST)));
const rows = mine.map(([name, play]) => (theirs ? versus(name, play, theirs.get(name) as Play) : rate(name, play)));
const w = Math.max(...rows.map(([k]) => k.length));
console.log(`Engine speed: random legal full games on one core — node ${process.version}${AGAINST ? `, against ${AGAINST}` : ''}`);
for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
