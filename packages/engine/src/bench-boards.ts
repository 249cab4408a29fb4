/**
 * A client reading its board back (issue 16): at every change each client (a browser, the network bot, a load
 * generator's client) rebuilds its view from the synced flat maps (core/flat.ts `unflatten`, then the game's
 * `viewFromSynced`). Boards here are those a seat-0 client holds over seeded random games of each game — its public
 * map and its own, GONE entries included, kept in step with `applyFlat` as the server keeps its Schema maps — and each
 * is read back once per change, timed.
 *
 *   node packages/engine/dist/bench-boards.js [games per game, default 15]
 *
 * Prints, per game, the boards read, their entries, and the time per board and per entry (best of 5 passes, CPU of
 * this process).
 */
import { applyFlat, type Flat } from './core/flat';
import { isError, type Game, type Intent } from './core/game';
import { viewFromSyncedBoard } from './core/replay';
import { Rng } from './core/rng';
import { duel, publicPart as duelPublic, secretPart as duelSecret } from './duel';
import { rattlesnake, publicPart as rattlesnakePublic, secretPart as rattlesnakeSecret } from './rattlesnake';
import { saloon, publicPart as saloonPublic, secretPart as saloonSecret } from './saloon';

const GAMES = Number(process.argv[2] ?? 15);

type Board = { pub: Map<string, string>; players: { secret: Map<string, string> }[] };
type AnyGame = Game<unknown, unknown, Intent, unknown>;

const games: [AnyGame, (v: never) => Flat, (v: never) => Flat, number][] = [
  [duel as unknown as AnyGame, duelPublic, duelSecret, 3],
  [rattlesnake as unknown as AnyGame, rattlesnakePublic, rattlesnakeSecret, 2],
  [saloon as unknown as AnyGame, saloonPublic, saloonSecret, 4],
];

/** Seat 0's board after every change of random legal games (a countdown runs out when nobody may act). */
function boardsOf(game: AnyGame, pub: (v: never) => Flat, secret: (v: never) => Flat, seats: number): Board[] {
  const boards: Board[] = [];
  const opts = game.options({});
  if ('error' in (opts as object)) throw new Error(`${game.id}: default options refused`);
  for (let g = 0; g < GAMES; g++) {
    const rng = Rng.fromSeed(1000 + g);
    let s = game.setup({ seats, options: opts }, Rng.fromSeed(g + 1));
    const live: Board = { pub: new Map(), players: [{ secret: new Map() }] };
    let now = 1_000_000;
    for (let step = 0; step < 2000 && !game.outcome(s); step++) {
      applyFlat(live.pub, pub(game.view(s, null) as never));
      applyFlat(live.players[0]!.secret, secret(game.view(s, 0) as never));
      boards.push({ pub: new Map(live.pub), players: [{ secret: new Map(live.players[0]!.secret) }] });
      now += 700;
      const waiting = game.pending(s);
      const seat = waiting.length ? rng.pick(waiting) : null;
      const legal = seat === null ? [] : game.legalIntents(s, seat);
      let r = seat !== null && legal.length ? game.apply(s, seat, rng.pick(legal), now) : null;
      if (!r || isError(r)) r = game.timeout(s, (game.deadline?.(s) ?? now) + 1);
      if (isError(r)) break;
      s = r.state;
    }
  }
  return boards;
}

for (const [game, pub, secret, seats] of games) {
  const boards = boardsOf(game, pub, secret, seats);
  const entries = boards.reduce((n, b) => n + b.pub.size + b.players[0]!.secret.size, 0);
  let best = Infinity;
  for (let pass = 0; pass < 5; pass++) {
    const t0 = process.cpuUsage();
    for (const b of boards) viewFromSyncedBoard(game.id, b, 0);
    const t = process.cpuUsage(t0);
    best = Math.min(best, (t.user + t.system) / 1000);
  }
  console.log(
    `${game.id.padEnd(12)} ${seats} seats: ${boards.length} boards (${(entries / boards.length).toFixed(0)} entries each), read back in ` +
      `${((best * 1000) / boards.length).toFixed(1)} µs a board, ${((best * 1e6) / entries).toFixed(0)} ns an entry (best of 5, CPU)`,
  );
}
