/**
 * What keeping tables costs (issue 14, docs/persistence.md):
 *  1. append: the SQLite store alone, one step appended at a time (as `commit()` does), 300 games in turn: time per
 *     append, p50/p99, and the bytes written to storage per step.
 *  2. moves: TABLES Duel tables in this process (one network player each, the other seats bots), every player moving
 *     MOVE_EVERY_MS after its turn comes: the round trip of a move (intent sent → the patch that shows it), p50/p99,
 *     with the store off and then on (a fresh DATA_DIR).
 *   tsc -b packages/engine packages/server && node packages/server/dist/persist/bench.js [TABLES] [SECONDS]
 *  With BENCH_REDIS_URL (a throw-away redis-server: the bench leaves keys behind), what the Redis copy adds
 *  (persist/redis.ts): 3. the copy of one step alone, the part in a move's path (handing the fenced RPUSH to ioredis)
 *  and its acknowledgement (what a move would wait for if the broadcast waited); 4. the moves of 2., every run with
 *  the SQLite store and Redis presence and matchmaking, the Redis copy alternately off and on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, type Room } from 'colyseus.js';
import { Duel, duel, Rng, viewFromSyncedBoard } from '@tumbleweed/engine';
import { createApp } from '../app';
import { httpSettings, NO_LIMITS } from '../http-guard';
import { diskWriteBytes } from '../loadtest/proc';
import { logger } from '../log';
import { settings } from '../table-room';
import { useStore } from './index';
import { SqliteStore } from './sqlite';
import { SharedTables } from './redis';

const TABLES = Number(process.argv[2] ?? 250);
const SECONDS = Number(process.argv[3] ?? 20);
const MOVE_EVERY_MS = 400;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const ms = (x: number) => `${x.toFixed(3)} ms`;

/** 300 games' steps appended in turn, as tables playing at once write them: time per append, and bytes written per step. */
async function appendBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-bench-'));
  const store = new SqliteStore(dir);
  const step = { seat: 1, intent: { type: 'commit', card: 'pistol', target: 0 }, at: Date.now() };
  const times: number[] = [];
  const GAMES = 300;
  for (let g = 0; g < GAMES; g++)
    store.startGame({
      id: `game-${g}`,
      code: 'ABCDE',
      room: 'duel',
      options: { seats: 4, bots: 3, options: {} },
      gameOptions: { target: 5 },
      seed: 'f'.repeat(64),
      seats: [],
      startedAt: Date.now(),
    });
  const written0 = diskWriteBytes(process.pid);
  for (let i = 0; i < 200; i++)
    for (let g = 0; g < GAMES; g++) {
      const t = performance.now();
      store.appendStep(`game-${g}`, i, step);
      times.push(performance.now() - t);
    }
  store.db.pragma('wal_checkpoint(PASSIVE)'); // what the checkpointer would fold in next
  const written1 = diskWriteBytes(process.pid);
  const pageSize = store.db.pragma('page_size', { simple: true }) as number;
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  const perStep = written0 === null || written1 === null ? 'unknown' : `${Math.round((written1 - written0) / times.length)} bytes`;
  console.log(
    `append (SQLite, WAL, synchronous=NORMAL, ${pageSize}-byte pages): ${times.length} steps of ${GAMES} games in turn, p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))}, p99.9 ${ms(pct(times, 99.9))}, over 5 ms: ${times.filter((t) => t > 5).length}, max ${ms(times[times.length - 1])}; written to storage per step (WAL and checkpoints): ${perStep}`,
  );
}

/** Time spent in `appendStep` during the measured window (the store's share of the moves' critical path). */
let appendMs = 0;
let appends = 0;
const realAppend = SqliteStore.prototype.appendStep;
SqliteStore.prototype.appendStep = function (this: SqliteStore, ...args: Parameters<SqliteStore['appendStep']>) {
  const t = performance.now();
  realAppend.apply(this, args);
  appendMs += performance.now() - t;
  appends++;
};

const REDIS_URL = process.env.BENCH_REDIS_URL;
/** The Redis copy of each step (persist/redis.ts), switched off for the "copy off" runs; its time in the move's path. */
let copyOn = true;
let copyMs = 0;
let copies = 0;
const realCopy = SharedTables.prototype.appendStep;
SharedTables.prototype.appendStep = function (this: SharedTables, ...args: Parameters<SharedTables['appendStep']>) {
  if (!copyOn) return;
  const t = performance.now();
  realCopy.apply(this, args);
  copyMs += performance.now() - t;
  copies++;
};

/** One step's Redis copy alone: the call (in a move's path) and its acknowledgement, one at a time and 250 at once. */
async function copyBench(url: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-bench-'));
  const local = new SqliteStore(dir);
  const shared = new SharedTables(url, local, { owner: 'bench', ttlMs: 60_000, roomNames: ['duel'] });
  const step = { seat: 1, intent: { type: 'commit', card: 'pistol', target: 0 }, at: Date.now() };
  const call: number[] = [];
  const ack: number[] = [];
  const burstAck: number[] = [];
  for (let g = 0; g < 300; g++) {
    const id = `bench-${process.pid}-${g}`;
    shared.startGame({ id, code: `B${g}`, room: 'duel', options: {}, gameOptions: {}, seed: 'f'.repeat(64), seats: [], startedAt: Date.now() });
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const done = shared.redis.fencedWrite(
        `tumbleweed:lease:B${g}`,
        `tumbleweed:steps:${id}`,
        `bench/${shared['processId']}`,
        60_000,
        'append',
        JSON.stringify(step),
      );
      call.push(performance.now() - t);
      await done;
      ack.push(performance.now() - t);
    }
    // 250 tables moving in the same tick: each copy's acknowledgement.
    const t = performance.now();
    await Promise.all(
      Array.from({ length: 250 }, () =>
        shared.redis
          .fencedWrite(`tumbleweed:lease:B${g}`, `tumbleweed:steps:${id}`, `bench/${shared['processId']}`, 60_000, 'append', JSON.stringify(step))
          .then(() => burstAck.push(performance.now() - t)),
      ),
    );
    shared.finish(id);
  }
  await shared.stop();
  await local.close();
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [what, times] of [
    ["call (in the move's path)", call],
    ['acknowledged, one at a time', ack],
    ['acknowledged, 250 sent at once', burstAck],
  ] as const) {
    times.sort((a, b) => a - b);
    console.log(
      `Redis copy of a step, ${what}: ${times.length}, p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))}, p99.9 ${ms(pct(times, 99.9))}, max ${ms(times[times.length - 1])}`,
    );
  }
}

interface MovesResult {
  rtts: number[];
  /** CPU of the whole process (every thread) during the window, ms per second. */
  cpuPerSecond: number;
  appendMs: number;
  appends: number;
  copyMs: number;
  copies: number;
}

async function movesBench(withStore: boolean): Promise<MovesResult> {
  const dir = withStore ? fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-bench-')) : undefined;
  const { gameServer } = createApp({ clientDir: '/nonexistent', dataDir: dir, redisUrl: REDIS_URL });
  await gameServer.listen(0);
  const port = (gameServer.transport as unknown as { server: { address(): { port: number } } }).server.address().port;
  const rtts: number[] = [];
  const rooms: Room<any>[] = [];
  let stopped = false;
  for (let t = 0; t < TABLES; t++) {
    const room = await new Client(`ws://127.0.0.1:${port}`).create<any>('duel', { name: 'P', seats: 2, bots: 1, options: { turnSeconds: 0 } });
    rooms.push(room);
    const rng = Rng.fromSeed(t + 1);
    let sentAt = 0;
    let sentKey = '';
    let timer: NodeJS.Timeout | null = null;
    room.onMessage('*', () => undefined);
    room.onStateChange((state: any) => {
      if (stopped) return;
      if (state.status === 'over') {
        if (!timer) timer = setTimeout(() => ((timer = null), room.send('table', { action: 'rematch' })), MOVE_EVERY_MS);
        return;
      }
      if (state.status !== 'playing') return;
      const view = viewFromSyncedBoard('duel', state.board, 0) as Duel.DuelView | null;
      if (!view) return;
      const key = `${view.round}.${view.shootout}`;
      if (sentAt && key !== sentKey) {
        rtts.push(performance.now() - sentAt);
        sentAt = 0;
      }
      if (timer || sentAt || !Array.from(state.pending as number[]).includes(0) || Duel.legalFromView(view).length === 0) return;
      timer = setTimeout(() => {
        timer = null;
        if (stopped) return;
        const now = viewFromSyncedBoard('duel', room.state.board, 0) as Duel.DuelView | null;
        if (!now) return;
        sentKey = `${now.round}.${now.shootout}`;
        sentAt = performance.now();
        room.send('intent', duel.bot(now, rng));
      }, MOVE_EVERY_MS);
    });
  }
  await new Promise((r) => setTimeout(r, 2000)); // warm up
  rtts.length = 0;
  appendMs = 0;
  appends = 0;
  copyMs = 0;
  copies = 0;
  const cpu0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const cpu = process.cpuUsage(cpu0);
  const result = { cpuPerSecond: (cpu.user + cpu.system) / 1000 / SECONDS, appendMs, appends, copyMs, copies };
  stopped = true;
  const measured = [...rtts].sort((a, b) => a - b);
  await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
  await gameServer.gracefullyShutdown(false);
  useStore(null);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  return { rtts: measured, ...result };
}

async function main(): Promise<void> {
  logger.level = 'warn';
  settings.botDelayMs = 0;
  Object.assign(httpSettings, NO_LIMITS);
  await appendBench();
  if (REDIS_URL) {
    await copyBench(REDIS_URL);
    for (const on of [false, true, false, true, false, true]) {
      copyOn = on;
      const r = await movesBench(true);
      const copy = on ? `; ${r.copies} Redis copies took ${r.copyMs.toFixed(0)} ms in all (${ms(r.copyMs / Math.max(1, r.copies))} each)` : '';
      console.log(
        `${TABLES} Duel tables, SQLite + Redis, Redis copy ${on ? 'ON ' : 'off'}: ${r.rtts.length} moves in ${SECONDS} s, round trip p50 ${ms(pct(r.rtts, 50))}, p99 ${ms(pct(r.rtts, 99))}; CPU ${r.cpuPerSecond.toFixed(0)} ms/s${copy}`,
      );
    }
    process.exit(0);
  }
  for (const withStore of [false, true, false, true, false, true]) {
    const r = await movesBench(withStore);
    const store = withStore ? `; ${r.appends} appends took ${r.appendMs.toFixed(0)} ms in all (${ms(r.appendMs / Math.max(1, r.appends))} each)` : '';
    console.log(
      `${TABLES} Duel tables, store ${withStore ? 'ON ' : 'off'}: ${r.rtts.length} moves in ${SECONDS} s, round trip p50 ${ms(pct(r.rtts, 50))}, p99 ${ms(pct(r.rtts, 99))}; CPU ${r.cpuPerSecond.toFixed(0)} ms/s${store}`,
    );
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
