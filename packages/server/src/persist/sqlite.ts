import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { logger } from '../log';
import type { KeptGame, ResumableGame, StoredGame, StoredSeat, StoredStep, TableStore } from './store';

/** The database file in DATA_DIR. One per process: two processes never share a DATA_DIR (see docs/persistence.md). */
export const DB_FILE = 'tumbleweed.sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  room TEXT NOT NULL,
  options TEXT NOT NULL,
  game_options TEXT NOT NULL,
  seed TEXT NOT NULL,
  seats TEXT NOT NULL,
  status TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  outcome TEXT
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, started_at);
CREATE INDEX IF NOT EXISTS games_finished ON games (finished_at);
CREATE TABLE IF NOT EXISTS steps (
  game_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
`;

type GameRow = {
  id: string;
  code: string;
  room: string;
  options: string;
  game_options: string;
  seed: string;
  seats: string;
  status: StoredGame['status'];
  started_at: number;
};
/** A game's row as stored, or null when a field cannot be read. */
function gameOf(row: GameRow): StoredGame | null {
  try {
    return {
      id: row.id,
      code: row.code,
      room: row.room,
      options: JSON.parse(row.options),
      gameOptions: JSON.parse(row.game_options),
      seed: JSON.parse(row.seed),
      seats: JSON.parse(row.seats),
      status: row.status,
      startedAt: row.started_at,
    };
  } catch {
    return null;
  }
}
const GAME_COLUMNS = 'id, code, room, options, game_options, seed, seats, status, started_at';

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A step as the table wrote it, or null when the record is not one (corrupted, cut off). */
export function readStep(data: string): StoredStep | null {
  let s: unknown;
  try {
    s = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObj(s) || typeof s.at !== 'number' || !Number.isFinite(s.at)) return null;
  if (s.timeout === true) return { timeout: true, at: s.at };
  if (typeof s.shift === 'number' && Number.isFinite(s.shift) && s.shift >= 0) return { shift: s.shift, at: s.at };
  if (Number.isInteger(s.seat) && isObj(s.intent) && typeof s.intent.type === 'string') return { seat: s.seat as number, intent: s.intent, at: s.at };
  return null;
}

/** How often the checkpointer folds the WAL back into the database file. */
export const CHECKPOINT_EVERY_MS = 1000;
/** How long close() waits for the checkpointer to finish the checkpoint it is in before stopping it. */
const CLOSE_WAIT_MS = 3000;

/**
 * The WAL checkpoint, off the event loop: a worker thread with its own connection folds the WAL into the database
 * file every CHECKPOINT_EVERY_MS (PASSIVE: never waits for, nor blocks, the tables' writes). Left to SQLite, the
 * write that crosses 1000 pages would do it itself, fsync included, stalling every table of the process (up to 60 ms
 * measured here).
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db;
try {
  // Never creates a file: a store closed (its folder removed) before this thread started leaves nothing behind.
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 0');
} catch {
  process.exit(0); // the store is gone already: nothing to fold
}
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.every);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

/**
 * SQLite in WAL mode with synchronous=NORMAL: a commit survives the process dying (kill -9, out of memory) at once;
 * a power cut may lose the last few ms. Every write is one prepared statement (one row), in autocommit; the
 * checkpoints run in a worker thread (CHECKPOINTER).
 */
export class SqliteStore implements TableStore {
  readonly db: Database.Database;
  private insertGame;
  private insertStep;
  private setSeats;
  private cutSteps;
  private setStatus;
  private selectPlaying;
  private selectSteps;
  private checkpointer: Worker | null = null;
  private selectKept;
  private deleteOld;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, DB_FILE));
    // A WAL frame is a whole page and each step dirties its own game's page: 1 KB pages write 3.1 KB per step where
    // 4 KB pages wrote 7.3 KB (docs/persistence.md "What it costs"). Only a new file takes it; an older one keeps its own.
    this.db.pragma('page_size = 1024');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('wal_autocheckpoint = 0');
    // After a checkpoint the WAL is cut back to this size (it is reused from its start, never grows for ever).
    this.db.pragma('journal_size_limit = 8388608');
    this.checkpointer = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: { module: require.resolve('better-sqlite3'), file: path.join(dataDir, DB_FILE), every: CHECKPOINT_EVERY_MS },
    });
    this.checkpointer.unref();
    // A checkpointer that fails costs only SQLite's own checkpoints: never the process.
    const checkpointer = this.checkpointer;
    checkpointer.on('error', (err) => logger.warn({ err }, 'the WAL checkpointer stopped; SQLite checkpoints by itself'));
    checkpointer.on('exit', () => {
      if (this.checkpointer !== checkpointer) return; // closed
      this.checkpointer = null;
      if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
    });
    this.db.exec(SCHEMA);
    this.insertGame = this.db.prepare(
      'INSERT OR REPLACE INTO games (id, code, room, options, game_options, seed, seats, status, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertStep = this.db.prepare('INSERT OR REPLACE INTO steps (game_id, idx, data) VALUES (?, ?, ?)');
    this.cutSteps = this.db.prepare('DELETE FROM steps WHERE game_id = ? AND idx >= ?');
    this.setSeats = this.db.prepare('UPDATE games SET seats = ? WHERE id = ?');
    this.setStatus = this.db.prepare('UPDATE games SET status = ?, finished_at = ?, outcome = ? WHERE id = ?');
    this.selectPlaying = this.db.prepare(`SELECT ${GAME_COLUMNS} FROM games WHERE status = 'playing' ORDER BY started_at`);
    this.selectKept = this.db.prepare(`SELECT ${GAME_COLUMNS}, outcome, finished_at FROM games WHERE id = ? AND status = 'over'`);
    this.deleteOld = this.db.prepare("DELETE FROM games WHERE status IN ('over', 'abandoned') AND finished_at < ? RETURNING id");
    this.selectSteps = this.db.prepare('SELECT idx, data FROM steps WHERE game_id = ? ORDER BY idx');
  }

  startGame(g: Omit<StoredGame, 'status'>): void {
    this.insertGame.run(
      g.id,
      g.code,
      g.room,
      JSON.stringify(g.options ?? {}),
      JSON.stringify(g.gameOptions ?? {}),
      JSON.stringify(g.seed),
      JSON.stringify(g.seats),
      'playing',
      g.startedAt,
    );
  }

  appendStep(gameId: string, index: number, step: StoredStep): void {
    this.insertStep.run(gameId, index, JSON.stringify(step));
  }

  truncateSteps(gameId: string, index: number): void {
    this.cutSteps.run(gameId, index);
  }

  updateSeats(gameId: string, seats: StoredSeat[]): void {
    this.setSeats.run(JSON.stringify(seats), gameId);
  }

  finish(gameId: string, status: 'over' | 'abandoned', outcome: unknown): void {
    this.setStatus.run(status, Date.now(), outcome === undefined ? null : JSON.stringify(outcome), gameId);
  }

  unfinished(): ResumableGame[] {
    const games: ResumableGame[] = [];
    for (const row of this.selectPlaying.all() as GameRow[]) {
      const head = gameOf(row);
      if (!head) {
        // A game whose own record is unreadable cannot be resumed; the caller logs it as skipped (no steps).
        games.push({
          id: row.id,
          code: row.code,
          room: row.room,
          options: null,
          gameOptions: null,
          seed: '',
          seats: [],
          status: 'playing',
          startedAt: row.started_at,
          steps: [],
          skipped: -1,
        });
        continue;
      }
      const { steps, records } = this.stepsOf(row.id);
      games.push({ ...head, steps, skipped: records - steps.length });
    }
    return games;
  }

  kept(gameId: string): KeptGame | null {
    const row = this.selectKept.get(gameId) as (GameRow & { outcome: string | null; finished_at: number | null }) | undefined;
    const head = row ? gameOf(row) : null;
    if (!row || !head) return null;
    try {
      return { ...head, steps: this.stepsOf(row.id).steps, outcome: row.outcome === null ? null : JSON.parse(row.outcome), finishedAt: row.finished_at };
    } catch {
      return null;
    }
  }

  /** A game's steps in order and whole: the first gap or unreadable record ends what can be replayed. */
  private stepsOf(gameId: string): { steps: StoredStep[]; records: number } {
    const rows = this.selectSteps.all(gameId) as { idx: number; data: string }[];
    const steps: StoredStep[] = [];
    for (const r of rows) {
      const step = r.idx === steps.length ? readStep(r.data) : null;
      if (!step) break;
      steps.push(step);
    }
    return { steps, records: rows.length };
  }

  prune(before: number): number {
    return this.db.transaction(() => {
      const ids = this.deleteOld.all(before) as { id: string }[];
      for (const { id } of ids) this.cutSteps.run(id, 0);
      return ids.length;
    })();
  }

  /**
   * Closes the store; resolves once the checkpointer's connection is closed too, so nothing touches the folder after
   * (a test or a host may remove it at once).
   */
  async close(): Promise<void> {
    const checkpointer = this.checkpointer;
    this.checkpointer = null;
    if (this.db.open) this.db.close();
    if (!checkpointer) return;
    const exited = new Promise<void>((resolve) => checkpointer.once('exit', () => resolve()));
    checkpointer.postMessage('stop');
    // A checkpoint stuck on a slow disk does not hold the shutdown: stopped where it is (SQLite's checkpoints are
    // safe to interrupt; the next one starts over).
    const stuck = setTimeout(() => void checkpointer.terminate(), CLOSE_WAIT_MS).unref();
    await exited;
    clearTimeout(stuck);
  }
}
