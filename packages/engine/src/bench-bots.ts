/**
 * Bot strength (issue 15): the hard (search) bots against today's bots, played through the Game contract as the
 * server drives them (view → bot → apply), each deal played once from each seat so neither side keeps a lucky deal
 * or the better seat. Also the hard Duel bot against a fixed line, and how long the hard bots think per decision.
 *
 *   npm run bench                                  # runs this after the engine bench (30 games per match)
 *   node packages/engine/dist/bench-bots.js --games 200   # this alone, longer
 *   node packages/engine/dist/bench.js --games 200        # the engine bench, then this
 *
 * Every game uses seed `g` for the table and its own streams for each player, so a run is reproducible.
 */
import { performance } from 'node:perf_hooks';
import { isError, type Game, type Intent, type Seat } from './core/game';
import { deriveSeed, Rng } from './core/rng';
import { duel, type DuelIntent, type DuelView } from './duel';
import { rattlesnake } from './rattlesnake';
import { at } from './core/at';

export type Player<V, I> = (view: V, rng: Rng) => I;

export interface MatchResult {
  games: number;
  /** Games won by the first player named. */
  wins: number;
  /** Games stopped without a winner. */
  unfinished: number;
  /** Wall-clock ms per decision of the first player, when it had a choice (inflated when the machine is busy). */
  ms: number[];
  /** CPU ms (user + system) of the same decisions: what one core spends, whatever else the machine runs. */
  cpuMs: number[];
}

/**
 * `a` against `b` over `games` games: `a` sits at seat g % seats (each deal once per seat), every other seat is `b`. The
 * timing is taken for `a`'s decisions with more than one legal intent.
 */
export function match<S, V, I extends Intent, O>(
  game: Game<S, V, I, O>,
  a: Player<V, I>,
  b: Player<V, I>,
  games: number,
  opts: { seats?: number; options?: Partial<O>; maxSteps?: number; seedBase?: number } = {},
): MatchResult {
  const seats = opts.seats ?? 2;
  const out: MatchResult = { games, wins: 0, unfinished: 0, ms: [], cpuMs: [] };
  for (let g = 0; g < games; g++) {
    // Each deal is played twice, the seats swapped: neither side keeps a lucky deal or the better seat.
    const seed = (opts.seedBase ?? 0) + Math.floor(g / seats);
    const options = game.options(opts.options);
    if ('error' in (options as object)) throw new Error('bad options');
    let state = game.setup({ seats, options: options as O }, Rng.fromSeed(seed));
    const aSeat = g % seats;
    const rngs = Array.from({ length: seats }, (_, s) => Rng.fromSeed(deriveSeed(seed, `seat-${s}`)));
    let steps = 0;
    while (game.outcome(state) === null) {
      if (++steps > (opts.maxSteps ?? 20_000)) break;
      const seat = game.pending(state)[0];
      if (seat === undefined) throw new Error(`game ${g}: nobody to move before the end`);
      const v = game.view(state, seat);
      const rng = at(rngs, seat, 'one generator per seat');
      let intent: I;
      if (seat === aSeat) {
        const many = game.legalIntents(state, seat).length > 1;
        const t = performance.now();
        const cpu = process.cpuUsage();
        intent = a(v, rng);
        if (many) {
          const used = process.cpuUsage(cpu);
          out.ms.push(performance.now() - t);
          out.cpuMs.push((used.user + used.system) / 1000);
        }
      } else intent = b(v, rng);
      const r = game.apply(state, seat, intent);
      if (isError(r)) throw new Error(`game ${g} seat ${seat} ${JSON.stringify(intent)}: ${r.error.code}`);
      state = r.state;
    }
    const o = game.outcome(state);
    if (!o) out.unfinished++;
    else if (o.winners.includes(aSeat)) out.wins++;
  }
  return out;
}

/** The fixed line of issue 15: pistol, pistol, pistol, rifle, barricade, reload, again and again, at the first rival. */
export const FIXED_LINE: readonly DuelIntent['card'][] = ['pistol', 'pistol', 'pistol', 'rifle', 'barricade', 'reload'];
export function fixedLine(v: DuelView): DuelIntent {
  const me = v.seat as Seat;
  const card = at(FIXED_LINE, at(v.players, me, 'the bot plays from its own seat').aside.length % FIXED_LINE.length, 'an index modulo the length');
  if (v.hand.includes(card)) {
    const target = card === 'pistol' || card === 'rifle' ? v.players.findIndex((p, s) => s !== me && p.alive) : null;
    return { type: 'commit', card, target };
  }
  const fallback = at(v.hand, 0, 'a Duel player asked to move holds a card');
  return { type: 'commit', card: fallback, target: fallback === 'pistol' || fallback === 'rifle' ? v.players.findIndex((p, s) => s !== me && p.alive) : null };
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((x, y) => x - y);
  return at(sorted, Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length)), 'xs is not empty');
}

function line(name: string, r: MatchResult, timed: boolean): string {
  const pct = ((100 * r.wins) / r.games).toFixed(1);
  const q = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(0)} p99 ${percentile(xs, 99).toFixed(0)} max ${percentile(xs, 100).toFixed(0)}`;
  const t = timed && r.ms.length > 0 ? `\n${''.padEnd(42)}ms/decision: CPU ${q(r.cpuMs)}, wall ${q(r.ms)} (${r.ms.length} decisions)` : '';
  const u = r.unfinished > 0 ? ` (${r.unfinished} unfinished)` : '';
  return `${name.padEnd(40)} ${String(r.wins).padStart(4)}/${r.games} = ${pct.padStart(5)}%${u}${t}`;
}

export function runBotBench(games: number): void {
  console.log(`\nBot strength, ${games} games each (hard = search bot; normal = today's bot)`);
  const hardDuel: Player<DuelView, DuelIntent> = (v, r) => duel.bot(v, r, 'hard');
  const normalDuel: Player<DuelView, DuelIntent> = (v, r) => duel.bot(v, r, 'normal');
  console.log(line('Duel 2 seats: hard vs normal', match(duel, hardDuel, normalDuel, games), true));
  console.log(
    line(
      'Duel 2 seats: hard vs fixed line',
      match(duel, hardDuel, (v) => fixedLine(v), games),
      true,
    ),
  );
  console.log(
    line(
      'Duel 2 seats: normal vs fixed line',
      match(duel, normalDuel, (v) => fixedLine(v), games),
      false,
    ),
  );
  // A big table: one hard bot among five normal ones, once from each seat (its thinking time is what matters here).
  console.log(line('Duel 6 seats to $3: hard vs 5 normal', match(duel, hardDuel, normalDuel, 6, { seats: 6, options: { target: 3 } }), true));
  const rs = rattlesnake;
  console.log(
    line(
      'Rattlesnake: hard vs normal',
      match(
        rs,
        (v, r) => rs.bot(v, r, 'hard'),
        (v, r) => rs.bot(v, r, 'normal'),
        games,
      ),
      true,
    ),
  );
}

/** Games per match in `npm run bench`: each deal twice (once per seat); a few minutes in all on one core. */
export const BOT_BENCH_DEFAULT_GAMES = 30;

export function gamesArg(fallback: number): number {
  const i = process.argv.indexOf('--games');
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--games needs a whole number, got ${process.argv[i + 1]}`);
    process.exit(2);
  }
  return n;
}

if (require.main === module) runBotBench(gamesArg(BOT_BENCH_DEFAULT_GAMES));
