/**
 * The Redis copy of a process's games on its own (persist/redis.ts), against a real redis-server: a copy that missed
 * writes is made again whole (a gap would replay a different game on takeover), and writes are fenced by the lease
 * (a process that lost a table writes nothing more into the new owner's copy).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { startRedis, stopAll } from '../../../../tests/support/processes';
import { hashToken } from './store';
import { SqliteStore } from './sqlite';
import { KEYS, MirroredStore, SharedTables } from './redis';

jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(predicate: () => Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

let url: string;
let admin: Redis;
beforeAll(async () => {
  ({ url } = await startRedis());
  admin = new Redis(url, { lazyConnect: true, retryStrategy: () => 50 });
  await until(
    async () =>
      admin.connect().then(
        () => true,
        () => false,
      ),
    'redis-server',
  );
});
afterAll(async () => {
  admin.disconnect();
  await stopAll();
});

let dir: string;
let local: SqliteStore;
let shared: SharedTables;
let store: MirroredStore;
beforeEach(async () => {
  await admin.flushall();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-shared-'));
  local = new SqliteStore(dir);
  shared = new SharedTables(url, local, { owner: 'owner-1', ttlMs: 60_000, roomNames: ['duel'] });
  store = new MirroredStore(local, shared);
});
afterEach(async () => {
  await admin.config('SET', 'maxmemory', '0');
  await shared.stop();
  await local.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ID = '00000000-0000-4000-8000-000000000001';
const game = {
  id: ID,
  code: 'ABCDE',
  room: 'duel',
  options: { seats: 2, bots: 0, options: {} },
  gameOptions: { target: 5 },
  seed: 'a'.repeat(64),
  seats: [
    { name: 'Ann', kind: 'human', tokenHash: hashToken('ann-token') },
    { name: 'Bob', kind: 'human', tokenHash: hashToken('bob-token') },
  ],
  startedAt: 1,
};
const step = (i: number) => ({ seat: i % 2, intent: { type: 'commit', card: `card-${i}` }, at: 1000 + i });
const copied = async () => (await admin.lrange(KEYS.steps(ID), 0, -1)).map((s) => JSON.parse(s));

test('a copy that missed writes while Redis refused them is made again whole, with no gap, once Redis takes writes again', async () => {
  store.startGame(game);
  for (let i = 0; i < 3; i++) store.appendStep(ID, i, step(i));
  await until(async () => (await admin.llen(KEYS.steps(ID))) === 3, 'the first steps copied');

  // Redis refuses every write (out of memory): two steps miss the copy, the local file has them.
  await admin.config('SET', 'maxmemory', '1');
  store.appendStep(ID, 3, step(3));
  store.appendStep(ID, 4, step(4));
  await sleep(300);
  await admin.config('SET', 'maxmemory', '0');
  // Written again while the copy is known to have a gap: nothing goes after the hole.
  store.appendStep(ID, 5, step(5));
  await sleep(200);
  expect(await copied()).toEqual([0, 1, 2].map(step));

  // The next beat copies the game again whole, from the file.
  await (shared as unknown as { beat(): Promise<void> }).beat();
  await until(async () => (await admin.llen(KEYS.steps(ID))) === 6, 'the copy made again');
  expect(await copied()).toEqual([0, 1, 2, 3, 4, 5].map(step));
  expect(await admin.hget(KEYS.tables, 'ABCDE')).toBe(ID);
  // And it goes on step by step.
  store.appendStep(ID, 6, step(6));
  await until(async () => (await admin.llen(KEYS.steps(ID))) === 7, 'the next step');
});

test('a process whose lease another process took writes nothing more into the copy, and lets its table go', async () => {
  store.startGame(game);
  store.appendStep(ID, 0, step(0));
  await until(async () => (await admin.llen(KEYS.steps(ID))) === 1, 'the first step copied');
  expect(await admin.get(KEYS.lease('ABCDE'))).toMatch(/^owner-1\//);

  await admin.set(KEYS.lease('ABCDE'), 'owner-2/other-process', 'PX', 60_000); // taken over
  store.appendStep(ID, 1, step(1));
  store.updateSeats(ID, []);
  await until(async () => local.unfinished().length === 0, 'the table let go (abandoned in this file)');
  expect(await copied()).toEqual([step(0)]);
  expect(JSON.parse((await admin.hget(KEYS.game(ID), 'seats')) ?? 'null')).toEqual(game.seats);
  // Its end does not touch the new owner's copy or lease either.
  store.finish(ID, 'over', null);
  await sleep(200);
  expect(await admin.get(KEYS.lease('ABCDE'))).toBe('owner-2/other-process');
  expect(await admin.llen(KEYS.steps(ID))).toBe(1);
});

test('a game that ends takes its copy and its lease with it, and is remembered as ended', async () => {
  store.startGame(game);
  store.appendStep(ID, 0, step(0));
  store.finish(ID, 'over', { winners: [0] });
  await until(async () => (await admin.exists(KEYS.ended(ID))) === 1, 'the end');
  expect(await admin.exists(KEYS.game(ID), KEYS.steps(ID), KEYS.lease('ABCDE'))).toBe(0);
  expect(await admin.hexists(KEYS.tables, 'ABCDE')).toBe(0);
  expect(local.kept(ID)?.steps).toEqual([step(0)]);
});

test('a join that comes while a sweep is taking the table over waits for the sweep, instead of being told there is no such table', async () => {
  // (the sweep's own claim held back; the join's lookup found no listing: the dead process's are gone)
  let release: (claimed: number) => void = () => undefined;
  const held = new Promise<number>((resolve) => (release = resolve));
  const adopt = (shared as unknown as { adopt(code: string, id: string, claim: () => Promise<number>, why: string): Promise<boolean> }).adopt;
  const sweep = adopt.call(shared, 'ABCDE', ID, () => held, 'table taken over');
  let answer: boolean | null = null;
  const join = shared.claimNow('ABCDE').then((here) => (answer = here));
  await sleep(300);
  // (the old process answered false at once: the join said "not found", and the page gave the table up)
  expect(answer).toBeNull();
  release(0); // the sweep ends (here without a table: this test has no game server to rebuild it in)
  await Promise.all([sweep, join]);
  expect(answer).toBe(await sweep);
});
