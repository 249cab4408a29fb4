/**
 * Engine benchmark (Duel, then Rattlesnake, then Saloon Showdown): bot-only games, played through the Game contract exactly as the server drives it
 * (view → bot → apply for every pending seat).
 *
 *   npm run bench                       # 500 bot-only games of 4 seats to $5
 *   node packages/engine/dist/bench.js [games] [seats] [maxShootoutsPerGame] [botSeats]
 *
 * A game that reaches maxShootoutsPerGame without a winner is stopped and counted as "stalled" (its shootouts
 * still count towards the speed figures). With botSeats < seats, the other seats play a random legal card.
 */
import { performance } from 'node:perf_hooks';
import { isError } from './core/game';
import { Rng } from './core/rng';
import { duel } from './duel';
import { playGame as playRattlesnake } from './rattlesnake/sim';
import { playGame as playSaloon } from './saloon/sim';

function arg(i: number, fallback: number, min: number, max: number): number {
  const raw = process.argv[2 + i];
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
  const bots = Rng.fromSeed(0x5eed + g); // the players' own randomness: bot noise, random-legal picks
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
    ['bot vs random-legal', `${botWins} / ${RS_GAMES} won (${((100 * botWins) / RS_GAMES).toFixed(1)}%), ${rsStalled} stalled, ${(RS_GAMES / vsRandomS).toFixed(0)} games/s`],
    ['bot vs bot', `${RS_GAMES} games, seat 0 won ${seat0}, ${botOnlyStalled} stalled, mean ${(botOnlyTurns / RS_GAMES).toFixed(1)} turns / ${(botOnlySteps / RS_GAMES).toFixed(0)} decisions, ${(RS_GAMES / botOnlyS).toFixed(0)} games/s`],
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
      simMs += r.steps.length ? r.steps[r.steps.length - 1].now : 0;
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
