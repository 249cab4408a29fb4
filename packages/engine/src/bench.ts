/**
 * Engine benchmark (Duel, then Rattlesnake, then Saloon Showdown and how often its bots use each special symbol): bot-only games, played through the Game contract exactly as the server drives it
 * (view → bot → apply for every pending seat).
 *
 *   npm run bench                       # 500 bot-only games of 4 seats to $5, then bot strength (bench-bots.ts)
 *   node packages/engine/dist/bench.js [games] [seats] [maxShootoutsPerGame] [botSeats] [--games N]
 *
 * `--games N` sets the games of each bot-strength match (bench-bots.ts; BOT_BENCH_DEFAULT_GAMES by default).
 *
 * A game that reaches maxShootoutsPerGame without a winner is stopped and counted as "stalled" (its shootouts
 * still count towards the speed figures). With botSeats < seats, the other seats play a random legal card.
 */
import { performance } from 'node:perf_hooks';
import { isError } from './core/game';
import { deriveSeed, Rng } from './core/rng';
import { duel } from './duel';
import { playGame as playRattlesnake } from './rattlesnake/sim';
import { playGame as playSaloon } from './saloon/sim';
import { BOT_BENCH_DEFAULT_GAMES, gamesArg, runBotBench } from './bench-bots';

/** Positional arguments, without `--games N` (the bot-strength matches' option). */
const positional = process.argv.slice(2).filter((a, i, all) => a !== '--games' && all[i - 1] !== '--games');

function arg(i: number, fallback: number, min: number, max: number): number {
  const raw = positional[i];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`argument ${i + 1} must be a whole number from ${min} to ${max}, got ${raw}`);
    process.exit(2);
  }
  return n;
}

const GAMES = arg(0, 500, 1, 10_000_000);
const SEATS = arg(1, 4, duel.minSeats, duel.maxSeats);
const MAX_SHOOTOUTS = arg(2, 10_000, 1, 10_000_000);
const BOT_SEATS = arg(3, SEATS, 0, SEATS);

let applies = 0;
let applyMs = 0;
let shootouts = 0;
let rounds = 0;
let finished = 0;
let stalled = 0;
let peakHeap = 0;

const heapBefore = process.memoryUsage().heapUsed;
const t0 = performance.now();
for (let g = 0; g < GAMES; g++) {
  const options = duel.options(undefined);
  if ('error' in options) throw new Error(options.error.message);
  let state = duel.setup({ seats: SEATS, options }, Rng.fromSeed(g));
  const bots = Rng.fromSeed(deriveSeed(g, 'players')); // the players' own randomness: bot noise, random-legal picks
  let gameShootouts = 0;
  while (duel.outcome(state) === null) {
    if (gameShootouts >= MAX_SHOOTOUTS) {
      stalled++;
      break;
    }
    for (const seat of duel.pending(state)) {
      const intent = seat < BOT_SEATS ? duel.bot(duel.view(state, seat), bots) : bots.pick(duel.legalIntents(state, seat));
      const a = performance.now();
      const r = duel.apply(state, seat, intent);
      applyMs += performance.now() - a;
      applies++;
      if (isError(r)) throw new Error(`game ${g}, seat ${seat}: ${r.error.code} ${r.error.message}`);
      state = r.state;
      for (const e of r.events) {
        if (e.type === 'revealed') {
          shootouts++;
          gameShootouts++;
        } else if (e.type === 'round_won') rounds++;
      }
    }
  }
  if (duel.outcome(state) !== null) finished++;
  if ((g & 63) === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}
const seconds = (performance.now() - t0) / 1000;
const heapAfter = process.memoryUsage().heapUsed;
peakHeap = Math.max(peakHeap, heapAfter);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rows: [string, string][] = [
  ['games', `${GAMES} × ${SEATS} seats (${BOT_SEATS === SEATS ? 'bots only' : `${BOT_SEATS} bot(s), the rest random-legal`})`],
  ['finished / stalled', `${finished} / ${stalled}${stalled ? ` (stopped at ${MAX_SHOOTOUTS} shootouts)` : ''}`],
  ['rounds won', String(rounds)],
  ['shootouts', String(shootouts)],
  ['applies', String(applies)],
  ['wall time', `${seconds.toFixed(2)} s`],
  ['games/s (finished)', finished ? (finished / seconds).toFixed(1) : 'n/a: no game finished'],
  ['shootouts/s', Math.round(shootouts / seconds).toString()],
  ['mean ms per apply', (applyMs / Math.max(1, applies)).toFixed(4)],
  ['heap used (end)', `${mb(heapAfter)} (start ${mb(heapBefore)}, peak seen ${mb(peakHeap)})`],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(`Duel engine bench — node ${process.version}`);
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
if (stalled > 0) {
  console.log(`\n  note: ${stalled} of ${GAMES} games had no winner after ${MAX_SHOOTOUTS} shootouts and were stopped.`);
}

/* ---------------- Rattlesnake ---------------- */
// 1,000 seeded games of the bot against a random-legal player (the bot alternates seats), then 1,000 bot-only games.
{
  const RS_GAMES = 1000;
  const t1 = performance.now();
  let botWins = 0;
  let rsSteps = 0;
  let rsStalled = 0;
  for (let g = 0; g < RS_GAMES; g++) {
    const botSeat = g % 2;
    const r = playRattlesnake(g, botSeat === 0 ? ['bot', 'random'] : ['random', 'bot']);
    rsSteps += r.steps;
    if (r.winner === null) rsStalled++;
    else if (r.winner === botSeat) botWins++;
  }
  const vsRandomS = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  let botOnlySteps = 0;
  let botOnlyTurns = 0;
  let botOnlyStalled = 0;
  let seat0 = 0;
  for (let g = 0; g < RS_GAMES; g++) {
    const r = playRattlesnake(100_000 + g, ['bot', 'bot']);
    botOnlySteps += r.steps;
    botOnlyTurns += r.turns;
    if (r.winner === null) botOnlyStalled++;
    else if (r.winner === 0) seat0++;
  }
  const botOnlyS = (performance.now() - t2) / 1000;
  const rsRows: [string, string][] = [
    [
      'bot vs random-legal',
      `${botWins} / ${RS_GAMES} won (${((100 * botWins) / RS_GAMES).toFixed(1)}%), ${rsStalled} stalled, ${(RS_GAMES / vsRandomS).toFixed(0)} games/s`,
    ],
    [
      'bot vs bot',
      `${RS_GAMES} games, seat 0 won ${seat0}, ${botOnlyStalled} stalled, mean ${(botOnlyTurns / RS_GAMES).toFixed(1)} turns / ${(botOnlySteps / RS_GAMES).toFixed(0)} decisions, ${(RS_GAMES / botOnlyS).toFixed(0)} games/s`,
    ],
    ['decisions (vs random)', String(rsSteps)],
  ];
  const w2 = Math.max(...rsRows.map(([k]) => k.length));
  console.log(`\nRattlesnake engine bench — node ${process.version}`);
  for (const [k, v] of rsRows) console.log(`  ${k.padEnd(w2)}  ${v}`);
}

/* ---------------- Saloon Showdown ---------------- */
// 1,000 bot-only tables for each of 2, 4 and 6 seats on the simulator's clock (bot reaction 600–1,200 ms, 5% wrong
// shots), then 1,000 two-seat games of the bot against a random-legal player.
{
  const SS_GAMES = 1000;
  const ssRows: [string, string][] = [];
  for (const seats of [2, 4, 6]) {
    const t = performance.now();
    let steps = 0;
    let turns = 0;
    let duels = 0;
    let unfinished = 0;
    let maxSteps = 0;
    let simMs = 0;
    for (let g = 0; g < SS_GAMES; g++) {
      const r = playSaloon(200_000 + g, { seats, options: { russianRoulette: g % 2 === 1 } });
      steps += r.steps.length;
      turns += r.turns;
      duels += r.duels;
      maxSteps = Math.max(maxSteps, r.steps.length);
      simMs += r.steps.at(-1)?.now ?? 0;
      if (r.outcome === null) unfinished++;
    }
    const s = (performance.now() - t) / 1000;
    ssRows.push([
      `bots, ${seats} seats`,
      `${SS_GAMES} games, ${unfinished} unfinished, mean ${(turns / SS_GAMES).toFixed(1)} turns / ${(duels / SS_GAMES).toFixed(1)} duels / ${(steps / SS_GAMES).toFixed(0)} steps (max ${maxSteps}), ~${(simMs / SS_GAMES / 60000).toFixed(1)} min of table time, ${(SS_GAMES / s).toFixed(0)} games/s`,
    ]);
  }
  let botWins = 0;
  for (let g = 0; g < SS_GAMES; g++) {
    const botSeat = g % 2;
    const r = playSaloon(300_000 + g, { seats: 2, players: botSeat === 0 ? ['bot', 'random'] : ['random', 'bot'] });
    if (r.outcome?.winners.includes(botSeat)) botWins++;
  }
  ssRows.push(['bot vs random-legal', `${botWins} / ${SS_GAMES} won (ties count for both)`]);
  const w3 = Math.max(...ssRows.map(([k]) => k.length));
  console.log(`\nSaloon Showdown engine bench — node ${process.version}`);
  for (const [k, v] of ssRows) console.log(`  ${k.padEnd(w3)}  ${v}`);
}

/* ---------------- Saloon Showdown: the special symbols ---------------- */
// 1,000 bot-only games with every option on (What the Wind Brings, not simplified; Russian Roulette every other
// game), 3–6 seats in turn: how often the bots use each symbol, and every game must end.
{
  const SYM_GAMES = 1000;
  /** Counter → [label, the events that count it]. */
  const uses: [string, (e: { type: string; [k: string]: unknown }) => boolean][] = [
    ['Wanted Alive (Cash Loot action)', (e) => e.type === 'wanted_alive' && e.answer === false],
    ['Wanted Alive (answer to a threat)', (e) => e.type === 'wanted_alive' && e.answer === true],
    ['The Law: "I am the Law"', (e) => e.type === 'i_am_the_law'],
    ['The Law: won a duel (paid again)', (e) => e.type === 'law_won_duel'],
    ['Escape: new target', (e) => e.type === 'escaped' && e.result === 'new_target'],
    ['Escape: threatener answers', (e) => e.type === 'escaped' && e.result === 'threatener_answers'],
    ['Desperado: "nothing to lose"', (e) => e.type === 'nothing_to_lose'],
    ['Desperado: Truel as an answer', (e) => e.type === 'answered' && e.call === 'desperado'],
    ['Truel won by the Desperado', (e) => e.type === 'truel_won' && (e.winners as unknown[]).length === 1],
    ['Truel won by the two', (e) => e.type === 'truel_won' && (e.winners as unknown[]).length === 2],
    ['Standoff: "I don\'t think so!"', (e) => e.type === 'i_dont_think_so'],
    ['Standoff: races (Judge flipped)', (e) => e.type === 'judge_flipped'],
    ['Standoff: won', (e) => e.type === 'standoff_won'],
    ['Bottle: hit a threatener', (e) => e.type === 'crashed' && e.stopped === 'threat'],
    ['Bottle: stopped a duel', (e) => e.type === 'crashed' && e.stopped === 'duel'],
    ['Bottle: knocked out of a Standoff', (e) => e.type === 'crashed' && e.stopped === 'standoff'],
    ['Bottle: first use in a duel', (e) => e.type === 'shot' && e.gun === 'bottle'],
    ['Wind: The Turkey shot', (e) => e.type === 'turkey_shot'],
    ['Wind: The Turkey escaped', (e) => e.type === 'turkey_escaped'],
    ['Wind: Showdown at Noon', (e) => e.type === 'showdown_at_noon'],
    ['Wind: Hail of Bullets', (e) => e.type === 'hail_of_bullets'],
    ['Wind: Great Bank Heist', (e) => e.type === 'bank_heist'],
  ];
  const counts = uses.map(() => 0);
  let unfinished = 0;
  let turns = 0;
  const t = performance.now();
  for (let g = 0; g < SYM_GAMES; g++) {
    const seats = 3 + (g % 4);
    const r = playSaloon(400_000 + g, {
      seats,
      options: { wind: true, simplified: false, russianRoulette: g % 2 === 1 },
      onStep: (_s, _step, events) => {
        uses.forEach(([, hit], i) => {
          for (const e of events) if (hit(e)) counts[i] = (counts[i] ?? 0) + 1;
        });
      },
    });
    turns += r.turns;
    if (r.outcome === null) unfinished++;
  }
  const s = (performance.now() - t) / 1000;
  const rows: [string, string][] = [
    ['games', `${SYM_GAMES} bot-only, 3–6 seats, wind on, not simplified, roulette every other game`],
    ['unfinished', String(unfinished)],
    ['mean turns', (turns / SYM_GAMES).toFixed(1)],
    ['games/s', (SYM_GAMES / s).toFixed(0)],
    ...uses.map(([label], i): [string, string] => {
      const count = counts[i] ?? 0;
      return [label, `${count} (${(count / SYM_GAMES).toFixed(2)} per game)`];
    }),
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nSaloon Showdown special symbols (bots, every option on) — node ${process.version}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
  if (unfinished > 0) {
    console.error(`\n  FAIL: ${unfinished} Saloon games with every option on did not finish.`);
    process.exitCode = 1;
  }
}

runBotBench(gamesArg(BOT_BENCH_DEFAULT_GAMES));
