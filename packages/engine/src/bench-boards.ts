/**
 * The synced board's two sides of a change (issue 16), over seeded random games of each game:
 *  - the server's: the engine's views of the new state (the spectator's and each seat's), their public and private
 *    parts flattened and brought into the synced maps (`applyFlat`, here into plain Maps where the server has Schema
 *    maps), the change's events thinned against those views and written as one batch: the driver's `mirror` and the
 *    table's events, without Schema's encoding and the sockets;
 *  - a client's: at every change each client (a browser, the network bot, a load generator's client) rebuilds its
 *    view from the synced flat maps (core/flat.ts `unflatten`, then the game's `viewFromSynced`). The boards are those
 *    a seat-0 client holds, its public map and its own, GONE entries included.
 *
 *   node packages/engine/dist/bench-boards.js [games per game, default 15]
 *
 * Prints, per game, the changes, and the time per change (the server's side) and per board read back (a client's),
 * best of 5 passes after a warm-up pass, CPU of this process.
 */
import { applyFlat } from './core/flat';
import { writeEventBatch } from './core/event-batch';
import { isError, type GameEvent, type Seat } from './core/game';
import type { FlatSplit } from './core/flat-board';
import { FLAT_SPLITS, REPLAY_GAMES, thinEvents, viewFromSyncedBoard } from './core/replay';
import { Rng } from './core/rng';

const GAMES = Number(process.argv[2] ?? 15);

type Board = { pub: Map<string, string>; players: { secret: Map<string, string> }[] };
/** A change as the server mirrors it: the state after it and its events. */
type Change = { state: unknown; events: readonly GameEvent[] };
type AnyGame = (typeof REPLAY_GAMES)[string];

/** Each game, with the seats it is played with here. */
const TABLES: [string, number][] = [
  ['duel', 3],
  ['rattlesnake', 2],
  ['saloon', 4],
];

/** Every change of random legal games (a countdown runs out when nobody may act), and seat 0's board after each. */
function play(game: AnyGame, { publicPart, secretPart }: FlatSplit<unknown>, seats: number): { changes: Change[]; boards: Board[] } {
  const changes: Change[] = [];
  const boards: Board[] = [];
  const opts = game.options({});
  if ('error' in (opts as object)) throw new Error(`${game.id}: default options refused`);
  for (let g = 0; g < GAMES; g++) {
    const rng = Rng.fromSeed(1000 + g);
    let s = game.setup({ seats, options: opts }, Rng.fromSeed(g + 1));
    const live: Board = { pub: new Map(), players: [{ secret: new Map() }] };
    let now = 1_000_000;
    for (let step = 0; step < 2000 && !game.outcome(s); step++) {
      applyFlat(live.pub, publicPart(game.view(s, null)));
      applyFlat(live.players[0]!.secret, secretPart(game.view(s, 0)));
      boards.push({ pub: new Map(live.pub), players: [{ secret: new Map(live.players[0]!.secret) }] });
      now += 700;
      const waiting = game.pending(s);
      const seat = waiting.length ? rng.pick(waiting) : null;
      const legal = seat === null ? [] : game.legalIntents(s, seat);
      let r = seat !== null && legal.length ? game.apply(s, seat, rng.pick(legal), now) : null;
      if (!r || isError(r)) r = game.timeout(s, (game.deadline?.(s) ?? now) + 1);
      if (isError(r)) break;
      s = r.state;
      changes.push({ state: s, events: r.events as GameEvent[] });
    }
  }
  return { changes, boards };
}

/** CPU ms of the fastest of 5 runs of `f`, after one untimed run (the first game measured is not the JIT's warm-up). */
function best(f: () => void): number {
  f();
  let ms = Infinity;
  for (let pass = 0; pass < 5; pass++) {
    const t0 = process.cpuUsage();
    f();
    const t = process.cpuUsage(t0);
    ms = Math.min(ms, (t.user + t.system) / 1000);
  }
  return ms;
}

for (const [gameId, seats] of TABLES) {
  const game = REPLAY_GAMES[gameId]!;
  const split = FLAT_SPLITS[gameId]!;
  const { publicPart, secretPart } = split;
  const { changes, boards } = play(game, split, seats);
  // The server's side: what the room does at each change, its maps kept from one change to the next.
  const server = best(() => {
    const maps = { pub: new Map<string, string>(), secrets: Array.from({ length: seats }, () => new Map<string, string>()) };
    changes.forEach(({ state, events }, batch) => {
      applyFlat(maps.pub, publicPart(game.view(state, null)));
      maps.secrets.forEach((m, seat) => applyFlat(m, secretPart(game.view(state, seat))));
      const thin = thinEvents(game.id, events, (seat: Seat | null) => game.view(state, seat));
      writeEventBatch(batch + 1, thin, seats, game.id);
    });
  });
  const entries = boards.reduce((n, b) => n + b.pub.size + b.players[0]!.secret.size, 0);
  const client = best(() => {
    for (const b of boards) viewFromSyncedBoard(game.id, b, 0);
  });
  console.log(
    `${game.id.padEnd(12)} ${seats} seats, ${changes.length} changes: the server's side ${((server * 1000) / changes.length).toFixed(1)} µs a change; ` +
      `a client reads its board (${(entries / boards.length).toFixed(0)} entries) back in ${((client * 1000) / boards.length).toFixed(1)} µs, ` +
      `${((client * 1e6) / entries).toFixed(0)} ns an entry (best of 5, CPU)`,
  );
}
