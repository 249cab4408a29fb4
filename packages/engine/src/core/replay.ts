import {
  duel,
  fillEvent as duelFill,
  publicPart as duelPublic,
  secretPart as duelSecret,
  thinEvent as duelThin,
  viewFromSynced as duelFromSynced,
} from '../duel';
import {
  fillEvent as rattlesnakeFill,
  publicPart as rattlesnakePublic,
  rattlesnake,
  secretPart as rattlesnakeSecret,
  thinEvent as rattlesnakeThin,
  viewFromSynced as rattlesnakeFromSynced,
} from '../rattlesnake';
import { publicPart as saloonPublic, saloon, secretPart as saloonSecret, viewFromSynced as saloonFromSynced } from '../saloon';
import { flatBoard, flatBoardView, type FlatBoardLike, type FlatSplit } from './flat-board';
import { isError, type ApplyResult, type EngineError, type Game, type GameEvent, type Intent, type Outcome, type Seat } from './game';
import { isSeed, Rng, type Seed } from './rng';

/**
 * Replaying a finished game from its log (issue 6, "watch replay"): the server's `GameLog` holds the seed, the table
 * options and every step the engine took — an intent from a seat, or a countdown running out — with the `now` it
 * passed. Running setup/apply/timeout again from `Rng.fromSeed(seed)` gives back every state and every event, hidden
 * cards included, exactly as the server saw them. Pure: no clock, no randomness beyond the seed.
 */

/** One step of a log: an intent from a seat, or the countdown/deadline running out; `at` is the `now` the server passed. */
export type LogStep = { seat: Seat; intent: Intent; at: number } | { timeout: true; at: number } | { shift: number; at: number };

/** One logged step through `game`: an intent, a countdown running out, or a pause its clock skips (`Game.shift`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function runStep<S>(game: Game<S, any, any, any>, state: S, step: LogStep): ApplyResult<S> {
  if ('shift' in step) return { state: game.shift ? game.shift(state, step.shift) : state, events: [] };
  if ('timeout' in step) return game.timeout(state, step.at);
  return game.apply(state, step.seat, step.intent as never, step.at);
}

/** What a replay needs of the server's `GameLog` (the server adds `code`, `seats` names, `events` and `outcome`). */
export interface ReplayInput {
  game: string;
  /** 64 hex characters (a real table), or a whole number (a test seed); see `Seed`. */
  seed: Seed;
  options: unknown;
  /** The seat count, or the seats themselves. */
  seats: number | readonly unknown[];
  steps: readonly LogStep[];
}

/** The server's `GameLog` as a downloaded file holds it (packages/server/src/table-room.ts). */
export interface GameLogFile extends ReplayInput {
  code: string;
  seats: { name: string; kind: string }[];
  events: GameEvent[];
  outcome: Outcome | null;
}

/** The state after a step (frame 0: after setup, `step` null) and the events that step produced (every audience). */
export interface ReplayFrame<S = unknown> {
  state: S;
  step: LogStep | null;
  events: GameEvent[];
}

/** Why a replay stopped early: `step` is 1-based (0: the setup itself). */
export interface ReplayError extends EngineError {
  step: number;
}

export interface Replay<S = unknown> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  game: Game<S, any, any, any>;
  /** frames[0] is the deal; frames[i] follows step i. Shorter than steps + 1 when `error` is set. */
  frames: ReplayFrame<S>[];
  /** The step the engine refused (or choked on), or null when every step replayed. */
  error: ReplayError | null;
  /** The game's outcome at the last frame (null: not over, or no frame). */
  outcome: Outcome | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyGame = Game<any, any, any, any>;

/** The games a log may name, by id. */
export const REPLAY_GAMES: Readonly<Record<string, AnyGame>> = { [duel.id]: duel, [rattlesnake.id]: rattlesnake, [saloon.id]: saloon };

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Runs a log through `game` as the server did: setup from the seed, then apply/timeout with each step's `at`. */
export function replayGame<S, V, I extends Intent, O>(game: Game<S, V, I, O>, input: Omit<ReplayInput, 'game'>): Replay<S> {
  const frames: ReplayFrame<S>[] = [];
  const seats = typeof input.seats === 'number' ? input.seats : input.seats.length;
  const done = (error: ReplayError | null): Replay<S> => {
    const last = frames[frames.length - 1];
    let outcome: Outcome | null = null;
    try {
      outcome = last ? game.outcome(last.state) : null;
    } catch {
      outcome = null;
    }
    return { game, frames, error, outcome };
  };
  if (!Number.isInteger(seats) || seats < game.minSeats || seats > game.maxSeats) {
    return done({ step: 0, code: 'BAD_SEATS', message: `${game.id} is played by ${game.minSeats}–${game.maxSeats} seats, not ${seats}` });
  }
  const options = game.options((input.options ?? undefined) as Partial<O> | undefined);
  if (options && typeof options === 'object' && 'error' in options) return done({ step: 0, ...(options as { error: EngineError }).error });
  let state: S;
  try {
    state = game.setup({ seats, options: options as O }, Rng.fromSeed(input.seed));
  } catch (err) {
    return done({ step: 0, code: 'SETUP_FAILED', message: message(err) });
  }
  frames.push({ state, step: null, events: [] });
  for (const [i, step] of input.steps.entries()) {
    let result;
    try {
      if ('timeout' in step || 'shift' in step) result = runStep(game, state, step);
      else if (!Number.isInteger(step.seat) || step.seat < 0 || step.seat >= seats) {
        return done({ step: i + 1, code: 'BAD_SEAT', message: `step ${i + 1}: there is no seat ${String(step.seat)}` });
      } else result = game.apply(state, step.seat, step.intent as I, step.at);
    } catch (err) {
      return done({ step: i + 1, code: 'STEP_FAILED', message: `step ${i + 1}: ${message(err)}` });
    }
    if (isError(result)) return done({ step: i + 1, ...result.error, message: `step ${i + 1}: ${result.error.message}` });
    state = result.state;
    frames.push({ state, step, events: result.events });
  }
  return done(null);
}

/** Replays a log of any game we ship (by its `game` id). */
export function replay(input: ReplayInput): Replay {
  const game = REPLAY_GAMES[input.game];
  if (!game) {
    return { game: undefined as unknown as AnyGame, frames: [], error: { step: 0, code: 'UNKNOWN_GAME', message: `no game "${input.game}"` }, outcome: null };
  }
  return replayGame(game, input);
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * Checks that parsed JSON is a game log (the shape the server sends), without replaying it: a file picked by hand
 * may be anything. Codes: NOT_A_LOG (not the shape), UNKNOWN_GAME (a game we do not ship).
 */
export function readGameLog(raw: unknown): { log: GameLogFile } | { error: EngineError } {
  const bad = (why: string): { error: EngineError } => ({ error: { code: 'NOT_A_LOG', message: `not a game log: ${why}` } });
  if (!isObj(raw)) return bad('not a JSON object');
  const { game, code, seed, options, seats, steps, events, outcome } = raw;
  if (typeof game !== 'string') return bad('no "game"');
  if (!isSeed(seed)) return bad('no "seed"');
  if (!Array.isArray(seats) || !seats.every((s) => isObj(s) && typeof s.name === 'string' && typeof s.kind === 'string')) return bad('no "seats"');
  if (!Array.isArray(steps)) return bad('no "steps"');
  for (const s of steps) {
    const ok =
      isObj(s) &&
      isNum(s.at) &&
      (s.timeout === true || (isNum(s.shift) && s.shift >= 0) || (Number.isInteger(s.seat) && isObj(s.intent) && typeof s.intent.type === 'string'));
    if (!ok) return bad('a step is neither an intent, a timeout nor a pause');
  }
  if (options !== undefined && options !== null && !isObj(options)) return bad('"options" is not an object');
  if (!REPLAY_GAMES[game]) return { error: { code: 'UNKNOWN_GAME', message: `no game "${game}"` } };
  return {
    log: {
      game,
      code: typeof code === 'string' ? code : '',
      seed,
      options: options ?? {},
      seats: seats as GameLogFile['seats'],
      steps: steps as LogStep[],
      events: Array.isArray(events) ? (events as GameEvent[]) : [],
      outcome: isObj(outcome) ? (outcome as unknown as Outcome) : null,
    },
  };
}

/** The flat split of each game (see flat-board.ts): every game syncs its board as flat maps. */
export const FLAT_SPLITS: Readonly<Record<string, FlatSplit<unknown>>> = {
  [duel.id]: { publicPart: duelPublic, secretPart: duelSecret, viewFromSynced: duelFromSynced, thinEvent: duelThin, fillEvent: duelFill },
  [rattlesnake.id]: {
    publicPart: rattlesnakePublic,
    secretPart: rattlesnakeSecret,
    viewFromSynced: rattlesnakeFromSynced,
    thinEvent: rattlesnakeThin,
    fillEvent: rattlesnakeFill,
  },
  [saloon.id]: { publicPart: saloonPublic, secretPart: saloonSecret, viewFromSynced: saloonFromSynced },
};

/**
 * The table's `board` as a client at seat `viewer` (-1: a spectator) receives it, as a plain object, from an engine
 * state: the same functions the server mirrors into its Schema, with the private parts of other seats left out. So a
 * game's client UI renders a replayed state exactly like a live one (it reads both with `viewFromSyncedBoard`).
 */
export function syncedBoardFor(gameId: string, state: unknown, viewer: number): unknown {
  const game = REPLAY_GAMES[gameId];
  const split = FLAT_SPLITS[gameId];
  if (!game || !split) throw new Error(`no game "${gameId}"`);
  const seats = (state as { players: unknown[] }).players.length;
  const seatViews = Array.from({ length: seats }, (_, i) => (i === viewer ? game.view(state, i) : null));
  return flatBoard(split, game.view(state, null), seatViews);
}

/**
 * The view a client at `viewer` (-1 or null: a spectator) reads from a synced board of any game we ship, live (the
 * Schema colyseus.js decodes) or replayed (`syncedBoardFor`); null before the first sync. The one reader for bots,
 * load clients and tests.
 */
export function viewFromSyncedBoard(gameId: string, board: unknown, viewer: number | null): unknown {
  if (!board) return null;
  const split = FLAT_SPLITS[gameId];
  if (!split) throw new Error(`no game "${gameId}"`);
  return flatBoardView(split, board as FlatBoardLike, viewer);
}

/**
 * A change's events as the server writes them into the patch (issue 16, `FlatSplit.thinEvent`): those whose fields
 * the views after the change show travel thin. `viewOf(seat)` is the view of a seat (null: the spectator's) after it.
 */
export function thinEvents(gameId: string, events: readonly GameEvent[], viewOf: (seat: Seat | null) => unknown): GameEvent[] {
  const thin = FLAT_SPLITS[gameId]?.thinEvent;
  if (!thin) return [...events];
  const views = new Map<Seat | null, unknown>();
  const memo = (seat: Seat | null): unknown => {
    if (!views.has(seat)) views.set(seat, viewOf(seat));
    return views.get(seat);
  };
  return events.map((e) => thin(e, memo));
}

/**
 * The client's side: thin events filled in from the board the same patch brought, as `viewer` (null: a spectator)
 * sees it. Events that are not thin come back unchanged; the view is read only when one is.
 */
export function fillEvents(gameId: string, events: readonly GameEvent[], board: unknown, viewer: Seat | null): GameEvent[] {
  const split = FLAT_SPLITS[gameId];
  const fill = split?.fillEvent;
  if (!fill || !board) return [...events];
  let view: unknown;
  const read = (): unknown => (view ??= flatBoardView(split, board as FlatBoardLike, viewer));
  return events.map((e) => fill(e, read));
}
