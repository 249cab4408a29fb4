/**
 * What a table keeps outside its process (issue 14), behind one small interface: SQLite per process today
 * (sqlite.ts), Redis later. A table writes a game when it starts, one step per engine step (before the result is
 * broadcast), its seats when a name, kind or seat token changes, and the end. A process that starts reads back the
 * games still being played and rebuilds their tables (restore.ts).
 */
import { createHash } from 'node:crypto';

/** A seat as stored: never the seat token itself, only its SHA-256 (hex). */
export interface StoredSeat {
  name: string;
  kind: string;
  tokenHash: string | null;
}

/** One engine step, exactly as the table's replay log keeps it (`steps` in table-room.ts). */
/** `shift`: the table was paused that long (a restart) and the game's clock skipped it (`Game.shift`). */
export type StoredStep = { seat: number; intent: unknown; at: number } | { timeout: true; at: number } | { shift: number; at: number };

export interface StoredGame {
  /** One id per game (a rematch is a new game at the same table). */
  id: string;
  /** The table code players know. */
  code: string;
  /** The Colyseus room name (duel, rattlesnake, saloon). */
  room: string;
  /** The table's create options (seats, bots, options), without names, devices or the seed. */
  options: unknown;
  /** The engine's options for this game (what a replay needs). */
  gameOptions: unknown;
  seed: string | number;
  seats: StoredSeat[];
  status: 'playing' | 'over' | 'abandoned';
  startedAt: number;
}

/** A game read back to be resumed: its steps in order, up to the first record that could not be read. */
export interface ResumableGame extends StoredGame {
  steps: StoredStep[];
  /** Records after the last good one that were skipped (corrupted, or cut off by a crash mid-write). */
  skipped: number;
}

/** A finished game as kept (KEEP_GAMES_DAYS): what its log needs. */
export interface KeptGame extends StoredGame {
  steps: StoredStep[];
  outcome: unknown;
  finishedAt: number | null;
}

export interface TableStore {
  /** A game starts (or a rematch): its table, seed and seats. */
  startGame(game: Omit<StoredGame, 'status'>): void;
  /** The step numbered `index` (0-based) of that game. */
  appendStep(gameId: string, index: number, step: StoredStep): void;
  /** Drops the steps from `index` on (records a restore could not replay; the game goes on from before them). */
  truncateSteps(gameId: string, index: number): void;
  /** Names, kinds or seat tokens changed. */
  updateSeats(gameId: string, seats: StoredSeat[]): void;
  /** The game is over (kept; see KEEP_GAMES_DAYS) or abandoned (everyone left: never resumed). */
  finish(gameId: string, status: 'over' | 'abandoned', outcome: unknown): void;
  /** The games this store's process was playing when it stopped, oldest first. */
  unfinished(): ResumableGame[];
  /** A game that is over, with its whole log; null when there is none (unknown, still playing, or pruned). */
  kept(gameId: string): KeptGame | null;
  /** Forgets the games that ended (over or abandoned) before `before` (ms since the epoch); returns how many. */
  prune(before: number): number;
  /** Resolves when nothing of the store touches its files any more. */
  close(): Promise<void>;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
