/**
 * The SQLite table store on its own (issue 14): what a restarted process reads back, and how long finished games stay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { hashToken } from './store';
import { SqliteStore } from './sqlite';

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-store-'));
  store = new SqliteStore(dir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const game = (id: string, code = 'ABCDE') => ({
  id,
  code,
  room: 'duel',
  options: { seats: 2, bots: 0, options: {} },
  gameOptions: { target: 5 },
  seed: 'a'.repeat(64),
  seats: [
    { name: 'Ann', kind: 'human', tokenHash: hashToken('ann-token') },
    { name: 'Bob', kind: 'human', tokenHash: hashToken('bob-token') },
  ],
  startedAt: Date.now(),
});
const step = (seat: number, at: number) => ({ seat, intent: { type: 'commit', card: 'pistol', target: 1 - seat }, at });

test('a game being played comes back after the store is opened again, its steps in order; finished ones do not', async () => {
  store.startGame(game('g1'));
  store.appendStep('g1', 0, step(0, 1000));
  store.appendStep('g1', 1, step(1, 1100));
  store.appendStep('g1', 2, { timeout: true, at: 31100 });
  store.startGame(game('g2', 'FGHJK'));
  store.finish('g2', 'over', { winners: [1] });
  await store.close();

  store = new SqliteStore(dir);
  const [g1, ...others] = store.unfinished();
  expect(others).toEqual([]);
  expect(g1).toMatchObject({ id: 'g1', code: 'ABCDE', room: 'duel', seed: 'a'.repeat(64), skipped: 0, gameOptions: { target: 5 } });
  expect(g1.steps).toEqual([step(0, 1000), step(1, 1100), { timeout: true, at: 31100 }]);
  // Never the token itself.
  expect(JSON.stringify(g1.seats)).not.toContain('ann-token');
  expect(g1.seats[0].tokenHash).toBe(hashToken('ann-token'));
});

test('an unreadable record ends the log there: the steps before it come back, it and those after are counted as skipped', () => {
  store.startGame(game('g1'));
  store.appendStep('g1', 0, step(0, 1000));
  store.db.prepare('INSERT INTO steps (game_id, idx, data) VALUES (?, ?, ?)').run('g1', 1, '{"seat":1,"intent":{"ty');
  store.appendStep('g1', 2, step(0, 1200));
  const [g1] = store.unfinished();
  expect(g1.steps).toEqual([step(0, 1000)]);
  expect(g1.skipped).toBe(2);
  store.truncateSteps('g1', 1);
  expect(store.unfinished()[0]).toMatchObject({ skipped: 0, steps: [step(0, 1000)] });
});

test('a finished game is kept with its log until KEEP_GAMES_DAYS have passed, then forgotten with its steps', () => {
  store.startGame(game('g1'));
  store.appendStep('g1', 0, step(0, 1000));
  expect(store.kept('g1')).toBeNull(); // still being played
  store.finish('g1', 'over', { winners: [0] });
  expect(store.kept('g1')).toMatchObject({ id: 'g1', outcome: { winners: [0] }, steps: [step(0, 1000)] });

  expect(store.prune(Date.now() - 1000)).toBe(0); // finished just now: kept
  expect(store.kept('g1')).not.toBeNull();
  expect(store.prune(Date.now() + 1000)).toBe(1);
  expect(store.kept('g1')).toBeNull();
  expect(store.db.prepare('SELECT COUNT(*) AS n FROM steps').get()).toEqual({ n: 0 });
});

test('a database an earlier build made (4 KB pages) opens as it is: its games come back and it keeps its pages; a new one has 1 KB pages', async () => {
  expect(store.db.pragma('page_size', { simple: true })).toBe(1024); // a new file: a step's WAL frame is a 1 KB page
  const older = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-store-old-'));
  try {
    // What earlier builds created: SQLite's default 4 KB pages, in WAL mode, before this build ever opens it.
    const raw = new Database(path.join(older, 'tumbleweed.sqlite'));
    raw.pragma('journal_mode = WAL');
    raw.close();
    const first = new SqliteStore(older);
    first.startGame(game('old'));
    first.appendStep('old', 0, step(0, 1000));
    first.appendStep('old', 1, step(1, 1100));
    await first.close();
    const again = new SqliteStore(older);
    try {
      expect(again.db.pragma('page_size', { simple: true })).toBe(4096);
      expect(again.unfinished().map((g) => [g.id, g.steps.length])).toEqual([['old', 2]]);
    } finally {
      await again.close();
    }
  } finally {
    fs.rmSync(older, { recursive: true, force: true });
  }
});

test('a closed store leaves its folder alone: nothing reappears in it, even when the store had only just opened', async () => {
  // The WAL checkpointer is a thread with its own connection; close() resolves only once it has let go, so it never
  // opens (and so creates) the database again while a host, or a test, empties the folder.
  for (let i = 0; i < 3; i++) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-store-quick-'));
    const quick = new SqliteStore(folder);
    quick.startGame(game(`q${i}`));
    await quick.close();
    for (const file of fs.readdirSync(folder)) fs.rmSync(path.join(folder, file));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readdirSync(folder)).toEqual([]);
    fs.rmdirSync(folder);
  }
});
