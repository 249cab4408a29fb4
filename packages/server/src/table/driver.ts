/**
 * Drives one table's game: the engine state, the seed and every step taken (the replay log), what is stored so a
 * restart resumes it (persist/), and mirroring the engine's views into the table's Schema state.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isError, Rng, runStep, type ApplyResult, type GameEvent, type GameLog, type LogStep, type Seat } from '@tumbleweed/engine';
import type { Logger } from 'pino';
import type { AnyAdapter } from '../game-adapter';
import { tableStore, type ResumableGame, type StoredSeat, type TableStore } from '../persist';
import { syncArray, type TableState } from '../table-state';

/**
 * Everything needed to replay a finished game, the seed and every step the engine took (`at`: the server time passed
 * to the engine; real-time games depend on it): the protocol's `GameLog` (engine protocol/messages.ts), which the
 * replay viewer reads as it is.
 */
export type { GameLog };
export type Step = GameLog['steps'][number];

/** A fresh 256-bit secret for each game (issue 11): never derived from an earlier one. */
export const freshSeed = (): string => randomBytes(32).toString('hex');

export class GameDriver {
  /** The engine state (server only), null before the first game. */
  engine: unknown = null;
  /** The game's options (from the create call), and the create options a restart needs. */
  gameOptions: unknown = null;
  createOptions: unknown = null;
  /** Seed of the current game (fresh from crypto for each game; a test seed for the first, in tests). */
  seed: string | number = '';
  /** The current game's id in the store. */
  gameId = '';
  /** Every step since the game started: the replay log (sent only once the game is over). */
  steps: Step[] = [];
  private events: GameEvent[] = [];
  /** Every event of the game so far, each seat's own included (the log's). */
  get gameEvents(): readonly GameEvent[] {
    return this.events;
  }
  /** The finished game's log, built once for every connection that asks. */
  private finishedLog: GameLog | null = null;
  private storeFailed = false;
  /** The seat whose intent made the change not mirrored yet (null: a countdown, or nothing recorded since). */
  private actor: number | null = null;

  constructor(
    private readonly adapter: () => AnyAdapter,
    private readonly state: () => TableState,
    private readonly log: () => Logger,
  ) {}

  /** A new game on the table's seats, from the current seed: set up, and stored from its first moment. */
  start(stored: { code: string; room: string; seats: StoredSeat[]; startedAt: number }): void {
    this.finishedLog = null;
    this.steps = [];
    this.events = [];
    this.engine = this.adapter().game.setup({ seats: this.state().seats.length, options: this.gameOptions }, Rng.fromSeed(this.seed));
    this.gameId = randomUUID();
    this.persist((s) =>
      s.startGame({
        id: this.gameId,
        code: stored.code,
        room: stored.room,
        options: this.createOptions,
        gameOptions: this.gameOptions,
        seed: this.seed,
        seats: stored.seats,
        startedAt: stored.startedAt,
      }),
    );
  }

  /** An accepted engine result becomes the game's state; the step is stored before anyone is told. */
  record(result: Exclude<ApplyResult<unknown>, { error: unknown }>, step: Step): void {
    this.engine = result.state;
    this.actor = 'seat' in step ? step.seat : null;
    this.steps.push(step);
    // Stored before anyone is told (persist/): a restart resumes from exactly what the players saw.
    this.persist((s) => s.appendStep(this.gameId, this.steps.length - 1, step));
    this.events.push(...result.events);
  }

  /** Copies the engine's views into the Schema state; a game just over is marked so (and stored). */
  mirror(): void {
    const adapter = this.adapter();
    const { game } = adapter;
    const state = this.state();
    const seatViews = state.seats.map((_, i) => game.view(this.engine, i));
    adapter.mirror(state, game.view(this.engine, null), seatViews, this.actor);
    this.actor = null;
    const outcome = game.outcome(this.engine);
    if (outcome && state.status !== 'over') {
      this.log().info({ winners: outcome.winners, scores: outcome.scores }, 'game over');
      this.persist((s) => s.finish(this.gameId, 'over', outcome));
    }
    if (outcome) {
      state.status = 'over';
      syncArray(state.winners, outcome.winners);
    }
  }

  /** Seats the game waits for (none unless it is being played). */
  pending(): Seat[] {
    return this.state().status === 'playing' ? this.adapter().game.pending(this.engine) : [];
  }

  /** The game's own deadline while it runs one (a threat window, a duel), else null. */
  deadline(): number | null {
    return this.state().status === 'playing' ? (this.adapter().game.deadline?.(this.engine) ?? null) : null;
  }

  /**
   * A game stored before a restart, replayed from its log up to the first step the engine refuses (the log is cut
   * there in the store too).
   */
  replay(stored: ResumableGame): void {
    const { game } = this.adapter();
    this.gameId = stored.id;
    this.seed = stored.seed;
    let engine = game.setup({ seats: this.state().seats.length, options: this.gameOptions }, Rng.fromSeed(this.seed));
    for (const step of stored.steps) {
      let result: ApplyResult<unknown>;
      try {
        result = runStep(game, engine, step as LogStep);
      } catch (err) {
        result = { error: { code: 'STEP_FAILED', message: String(err) } } as ApplyResult<unknown>;
      }
      if (isError(result)) {
        this.log().warn({ step: this.steps.length + 1, of: stored.steps.length, error: result.error }, 'restore: the log stops at a step the engine refuses');
        break;
      }
      engine = result.state;
      this.steps.push(step as Step);
      this.events.push(...result.events);
    }
    if (this.steps.length < stored.steps.length || stored.skipped > 0) this.persist((s) => s.truncateSteps(this.gameId, this.steps.length));
    this.engine = engine;
  }

  /** The whole log, hidden cards and seed included (for a game that is over). */
  gameLog(code: string): GameLog {
    this.finishedLog ??= {
      id: tableStore() ? this.gameId : '',
      game: this.adapter().game.id,
      code,
      seed: this.seed,
      options: this.gameOptions,
      seats: this.state().seats.map((s) => ({ name: s.name, kind: s.kind })),
      steps: this.steps,
      events: this.events,
      outcome: this.adapter().game.outcome(this.engine),
    };
    return this.finishedLog;
  }

  /** The game is kept by the store (so it can resume after a restart). */
  get kept(): boolean {
    return tableStore() !== null && this.gameId !== '';
  }

  /** One write to the process's store (persist/), when there is one. A failing store is logged once; the game goes on. */
  persist(write: (store: TableStore) => void): void {
    const store = tableStore();
    if (!store || !this.gameId) return;
    try {
      write(store);
    } catch (err) {
      if (!this.storeFailed) this.log().error({ err }, 'could not store the table; it goes on, but would not survive a restart');
      this.storeFailed = true;
    }
  }
}
