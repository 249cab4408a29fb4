/**
 * Server benchmark, in one process over loopback with real colyseus.js clients (their decoding costs CPU here too):
 *  1. quiet: one Duel table, one network player + 3 bots: the round trip a player feels (intent sent → the patch
 *     that shows it applied);
 *  2. saturated: TABLES tables playing as fast as bots with no delay can: intents handled per second (players and
 *     bots), the round trip under that load, and heap per table;
 *  3. flood (issue 11): FLOOD_TABLES tables whose players move 50 ms after each patch, under the real per-connection
 *     flood limits, first alone, then while one hostile client floods intents from its own table as fast as it can
 *     (joining again each time it is cut off): the players' round trip p99 in both runs.
 *   npm run bench:server [-- TABLES [SHOOTOUTS]]
 */
import { performance } from 'node:perf_hooks';
import { Client, type Room } from 'colyseus.js';
import { viewFromSyncedBoard, type Duel } from '@tumbleweed/engine';
import { createApp } from './app';
import { httpSettings, NO_LIMITS } from './http-guard';
import { logger } from './log';
import { settings } from './table-room';
import { intents } from './metrics';

const TABLES = Number(process.argv[2] ?? 200);
const SHOOTOUTS = Number(process.argv[3] ?? 20);
const FLOOD_TABLES = Number(process.argv[4] ?? 50);

/** One hostile client: its own table, intents as fast as the socket takes them; joins a new table when cut off. */
function startFlooder(port: number) {
  const client = new Client(`ws://127.0.0.1:${port}`);
  let stopped = false;
  let sent = 0;
  let limited = 0;
  let cuts = 0;
  const t0 = performance.now();
  const loop = (async () => {
    while (!stopped) {
      const room = await client.create('duel', { name: 'Flood', seats: 2, bots: 1, options: { turnSeconds: 0 } });
      room.onMessage('*', () => undefined);
      room.onMessage('error', (e: { code: string }) => {
        if (e.code === 'RATE_LIMITED') limited++;
      });
      let open = true;
      room.onLeave(() => {
        open = false;
        cuts++;
      });
      while (open && !stopped) {
        for (let i = 0; i < 200 && open; i++, sent++) room.send('intent', { type: 'commit', card: 'nope' });
        await new Promise((r) => setImmediate(r));
      }
      if (open) await room.leave().catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { sent, limited, cuts: cuts - 1, seconds: (performance.now() - t0) / 1000 };
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  logger.level = 'error'; // the flood part cuts a client off dozens of times (a warn line each)
  settings.botDelayMs = 0;
  Object.assign(httpSettings, NO_LIMITS); // TABLES creates from one address
  const realFlood = { ...settings.flood };
  // Parts 1 and 2 play at machine speed, far above a person's rate: no flood limit there.
  settings.flood = { burst: 1e9, perSecond: 1e9, strikes: 1e9 };
  const { gameServer } = createApp({ clientDir: '/nonexistent' });
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  await gameServer.listen(port);

  const quiet = await run(port, 1, 400);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const busy = await run(port, TABLES, SHOOTOUTS, () => {
    global.gc?.();
    return process.memoryUsage().heapUsed;
  });
  settings.flood = realFlood;
  const calm = await run(port, FLOOD_TABLES, 20, undefined, 50);
  const flooder = startFlooder(port);
  const flooded = await run(port, FLOOD_TABLES, 20, undefined, 50);
  const flood = await flooder.stop();
  const q = quiet.latencies;
  const l = busy.latencies;
  const rows: [string, string][] = [
    ['quiet: round trip p50 / p95', `${percentile(q, 50).toFixed(2)} / ${percentile(q, 95).toFixed(2)} ms (${q.length} intents, 1 table)`],
    ['saturated: tables', `${TABLES} × Duel, 1 network player + 3 instant bots each`],
    ['saturated: intents handled', `${busy.intentsPerSecond.toFixed(0)} / s (players and bots)`],
    ['saturated: round trip p50 / p95', `${percentile(l, 50).toFixed(1)} / ${percentile(l, 95).toFixed(1)} ms`],
    ['create a table', `${busy.createMs.toFixed(2)} ms (mean, one after another)`],
    ['heap per table', `${((busy.heapWithTables - heapBefore) / TABLES / 1024).toFixed(1)} KB (with its client connection)`],
    ['flood: tables', `${FLOOD_TABLES} × Duel, players move 50 ms after each patch, real flood limits`],
    ['flood: round trip p50 / p99, calm', `${percentile(calm.latencies, 50).toFixed(1)} / ${percentile(calm.latencies, 99).toFixed(1)} ms`],
    [
      'flood: round trip p50 / p99, flooded',
      `${percentile(flooded.latencies, 50).toFixed(1)} / ${percentile(flooded.latencies, 99).toFixed(1)} ms (p99 ${((percentile(flooded.latencies, 99) / percentile(calm.latencies, 99) - 1) * 100).toFixed(0)}% vs calm)`,
    ],
    [
      'flood: the flooder',
      `${flood.sent} intents sent at ${(flood.sent / flood.seconds).toFixed(0)}/s, ${flood.limited} answered RATE_LIMITED, cut off ${flood.cuts} times`,
    ],
  ];
  console.log(`Server bench — node ${process.version}${global.gc ? '' : ' (run with --expose-gc for steadier heap figures)'}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(40)} ${v}`);
  await gameServer.gracefullyShutdown(false);
  process.exit(0);
}

async function intentCount(): Promise<number> {
  return (await intents.get()).values.reduce((n, v) => n + v.value, 0);
}

async function run(port: number, tables: number, shootouts: number, measureHeap: () => number = () => 0, thinkMs = 0) {
  const client = new Client(`ws://127.0.0.1:${port}`);
  const t0 = performance.now();
  const rooms: Room<any>[] = [];
  for (let i = 0; i < tables; i++) {
    const room = await client.create('duel', { name: `P${i}`, seats: 4, bots: 3, options: { turnSeconds: 0, target: 10 } });
    room.onMessage('*', () => undefined);
    rooms.push(room);
  }
  const createMs = (performance.now() - t0) / tables;
  await new Promise((r) => setTimeout(r, 200));
  const heapWithTables = measureHeap();
  const before = await intentCount();

  const latencies: number[] = [];
  const playOne = (room: Room<any>) =>
    new Promise<void>((resolve) => {
      const board = () => viewFromSyncedBoard('duel', room.state.board, 0) as Duel.DuelView | null;
      let shootout = board()?.shootout ?? 0;
      let sentAt = 0;
      let sentIn = -1;
      let played = 0;
      const act = () => {
        const v = board();
        if (room.state.status !== 'playing' || played >= shootouts) return resolve();
        if (!v || sentAt || !room.state.pending.includes(0) || v.players[0].committed) return;
        const hand: string[] = v.hand;
        const card = hand.includes('barricade') ? 'barricade' : hand.includes('reload') ? 'reload' : hand[0];
        sentAt = performance.now();
        sentIn = v.shootout;
        const send = () => {
          sentAt = performance.now();
          room.send('intent', { type: 'commit', card, target: card === 'pistol' || card === 'rifle' ? 1 : null });
        };
        if (thinkMs > 0) setTimeout(send, thinkMs);
        else send();
      };
      room.onStateChange(() => {
        // My intent is applied in the first patch where my card is down or the shootout it was for is over.
        const v = board();
        if (!v) return;
        if (sentAt && (v.players[0].committed || v.shootout !== sentIn)) {
          latencies.push(performance.now() - sentAt);
          sentAt = 0;
        }
        if (v.shootout !== shootout) {
          shootout = v.shootout;
          played++;
        }
        act();
      });
      act();
    });
  const t1 = performance.now();
  await Promise.all(rooms.map(playOne));
  const playS = (performance.now() - t1) / 1000;
  latencies.sort((a, b) => a - b);

  const intentsPerSecond = ((await intentCount()) - before) / playS;
  await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
  return { latencies, createMs, heapWithTables, intentsPerSecond };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
