/**
 * A bot over the network: `npm run bot -- --server ws://HOST:PORT --code CODE [--name NAME]`.
 * Joins the table like any player and plays it to the end with the game's own bot, seeing only what its seat
 * is sent. Exits 0 when the game is over, 1 on an error.
 *
 * It acts when its seat is waited for (`pending`: the game's `bot`), and, in games with interrupts (Saloon's Bottle
 * and "I don't think so!"), also when it is not: whenever its view lists a legal intent and the game's
 * `botInterrupt` wants one. Like the server's bots it decides again when its reaction time is over, from the state
 * then, and waits out a lock-out its view shows (`botReadyAtView`).
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import type { Room } from 'colyseus.js';
import {
  Duel,
  duel,
  flatBoardKey,
  flatBoardView,
  flatEntries,
  normalizeCode,
  Rattlesnake,
  rattlesnake,
  Rng,
  Saloon,
  saloon,
  seatSecretOf,
  type ErrorMessage,
  type FlatSplit,
  type Game,
  type Intent,
} from '@tumbleweed/engine';
import { copyBeforeCompressing } from './ws-copy';
import { loadClient } from './loadtest/client';

copyBeforeCompressing(); // ws-copy.ts: colyseus.js reuses its send buffer

/** How a network player reads one game's synced board: its view, its legal intents, and when it changed. */
export interface BoardReader {
  game: Game<any, any, Intent, any>;
  /** This seat's view (null before there is one: the board, and the seat's own part of it, not synced yet). */
  view(board: any, seat: number): unknown;
  legal(view: any): Intent[];
  /**
   * The board's key for this seat (its revisions): one key gets one intent, however many patches arrive before the
   * server has applied it (the browser's JsonBoard guard, by the same revisions).
   */
  key(board: any, seat: number): string;
}
/** A seat's private part of a flat board (its hand) in one canonical string, '' when not synced (yet). */
export const secretOf = (board: any, seat: number): string => {
  const entries = flatEntries(seatSecretOf(board, seat));
  return entries.length ? JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : '';
};
/** Every game's board is flat maps (the engine's flat-board.ts): one reader, the game's own split and legal intents. */
const flatReader = (game: Game<any, any, Intent, any>, split: FlatSplit<any>, legal: (v: any) => Intent[]): BoardReader => ({
  game,
  view: (board, seat) => flatBoardView(split, board, seat, true),
  legal,
  key: (board, seat) => flatBoardKey(board, seat, split.ownPartKey),
});
export const BOARD_READERS: Record<string, BoardReader> = {
  duel: flatReader(duel, Duel, Duel.legalFromView),
  rattlesnake: flatReader(rattlesnake, Rattlesnake, Rattlesnake.legalFromView),
  saloon: flatReader(saloon, Saloon, Saloon.legalFromView),
};

/**
 * A refused intent is tried again RETRIES times at most for one key, each later by RETRY_BACKOFF_MS × the refusals so
 * far (on top of the reaction time): enough to outlast a lock-out the view does not show. Then the bot waits for the
 * board to change.
 */
const RETRIES = 2;
const RETRY_BACKOFF_MS = 1000;
/** The command-line bot's reaction time, ms: the server's Saloon bots' range. */
export const CLI_REACTION_MS: readonly [number, number] = [600, 1200];

export interface BotOptions {
  /**
   * Reaction time, ms (a uniform [min, max]), before each intent, counted from the end of a lock-out its view shows.
   * Default [0, 0] (at once); the command line uses CLI_REACTION_MS.
   */
  reactionMs?: readonly [number, number];
}

function usage(message: string): never {
  console.error(`${message}\nusage: npm run bot -- --server ws://HOST:PORT --code CODE [--name NAME]`);
  process.exit(2);
}

/** Joins the table `typed` (a code in any case) and plays every decision of its seat, and its interrupts. */
export async function runBot(server: string, typed: string, name: string, log = console.log, options: BotOptions = {}): Promise<Room> {
  const code = normalizeCode(typed);
  if (!code) throw new Error(`"${typed}" is not a table code (5 letters or digits)`);
  const [low, high] = options.reactionMs ?? [0, 0];
  if (!(low >= 0 && high >= low)) throw new Error(`reaction time [${low}, ${high}] is not a range of ms`);
  // (a Client that waits for a slow server's answer, as a browser does, rather than Node's 5 s: loadtest/client.ts)
  const room = await loadClient(server).joinById(code, { name });
  const rng = Rng.fromSeed(randomBytes(32).toString('hex')); // a fresh 256-bit seed: its choices cannot be foreseen
  /** The key when the last intent was sent: no second intent until it changes (or the server refuses it). */
  let sentKey: string | null = null;
  let refusedKey = '';
  let refusals = 0;
  let timer: NodeJS.Timeout | null = null;

  /** What this seat does now, or null: the waited-for decision, else an interrupt the game's bot wants. */
  const decide = (): { key: string; intent: Intent; readyAt: number | null } | null => {
    const state: any = room.state;
    if (!state?.seats || !state.board || state.status !== 'playing') return null;
    const seat = Array.from(state.seats as any[]).findIndex((s: any) => s.sessionId === room.sessionId);
    const play = BOARD_READERS[state.game];
    if (!play || seat < 0) return null;
    const view = play.view(state.board, seat);
    if (!view || play.legal(view).length === 0) return null;
    const key = play.key(state.board, seat);
    if (key === sentKey) return null; // in flight
    const { game } = play;
    const waited = Array.from(state.pending as number[]).includes(seat);
    const intent = waited ? game.bot(view, rng) : (game.botInterrupt?.(view, rng) ?? null);
    return intent ? { key, intent, readyAt: game.botReadyAtView?.(view) ?? null } : null;
  };

  /** Schedules the next intent after the reaction time (one timer at a time); it is decided again when it fires. */
  const wake = (extraMs = 0): void => {
    if (timer) return;
    const first = decide();
    if (!first) return;
    const wait = Math.max(0, (first.readyAt ?? 0) - Date.now()) + extraMs + low + (high > low ? rng.int(high - low + 1) : 0);
    timer = setTimeout(() => {
      timer = null;
      const now = decide();
      if (!now) return;
      if (now.readyAt !== null && now.readyAt > Date.now()) return wake(); // locked out meanwhile: wait it out
      sentKey = now.key;
      room.send('intent', now.intent);
    }, wait);
  };

  room.onMessage('events', () => undefined);
  room.onMessage('history', () => undefined);
  room.onMessage('error', (e: ErrorMessage) => {
    log(`refused: ${e.code} ${e.message}`);
    // The last intent was refused: try again (after a new reaction time) a few times, then wait for a change.
    if (sentKey === null) return;
    refusals = sentKey === refusedKey ? refusals + 1 : 1;
    refusedKey = sentKey;
    if (refusals > RETRIES) return;
    sentKey = null;
    wake(RETRY_BACKOFF_MS * refusals);
  });
  room.onStateChange(() => wake());
  room.onLeave(() => {
    if (timer) clearTimeout(timer);
    timer = null;
  });
  return room;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { server: { type: 'string' }, code: { type: 'string' }, name: { type: 'string', default: 'Robo Ranger' } },
  });
  if (!values.server) usage('--server is required');
  if (!values.code) usage('--code is required');
  const room = await runBot(values.server, values.code, values.name!, console.log, { reactionMs: CLI_REACTION_MS });
  console.log(`joined table ${room.roomId} as ${values.name}`);
  room.onStateChange((state: any) => {
    if (state.status !== 'over') return;
    const winners = Array.from(state.winners as number[]).map((s) => state.seats[s]?.name ?? `seat ${s}`);
    console.log(`game over: ${winners.join(', ')} won`);
    void room.leave().finally(() => process.exit(0));
  });
  room.onLeave((code) => {
    if (room.state?.status !== 'over') {
      console.error(`disconnected (${code}) before the game ended`);
      process.exit(1);
    }
  });
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`bot: ${e?.message ?? e}`);
    process.exit(1);
  });
}
