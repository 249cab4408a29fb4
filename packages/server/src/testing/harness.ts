import { ColyseusTestServer } from '@colyseus/testing';
import { onTableEvents, Saloon, viewFromSyncedBoard, type Duel, type ErrorMessage } from '@tumbleweed/engine';
import type { Room } from 'colyseus.js';
import { freePort } from '../../../../tests/support/processes';
import { createApp } from '../app';
import { httpSettings, NO_LIMITS } from '../http-guard';
import { logger } from '../log';
import { settings, type JumpClock } from '../table-room';

/**
 * A real server (express + Colyseus + ws) on a free loopback port, with bots that act at once. `wsCompression`:
 * offer permessage-deflate, as a host with WS_COMPRESSION=1 does.
 */
export async function startServer(options: { wsCompression?: boolean } = {}): Promise<ColyseusTestServer & { port: number }> {
  settings.botDelayMs = 0;
  settings.allowTestSeed = true;
  // Tests create many tables from 127.0.0.1; http-hostile.test.ts sets the per-client limits it tests.
  Object.assign(httpSettings, NO_LIMITS);
  // Test players answer at machine speed (far above a person's rate); hostile-seats.test.ts and the adversarial
  // suite set the per-connection flood limits they test.
  settings.flood = { burst: 1_000_000, perSecond: 1_000_000, strikes: 1_000_000 };
  if (!process.env.LOG_LEVEL) logger.level = 'silent';
  const { gameServer } = createApp({ clientDir: '/nonexistent', wsCompression: options.wsCompression ?? false });
  const port = await freePort();
  await gameServer.listen(port);
  const test = new ColyseusTestServer(gameServer);
  // Messages a test does not listen for are dropped quietly (colyseus.js would warn for each).
  for (const verb of ['create', 'joinById'] as const) {
    const original = test.sdk[verb] as (...args: unknown[]) => Promise<Room>;
    (test.sdk as any)[verb] = async (...args: unknown[]) => {
      const room = await original(...args);
      room.onMessage('*', () => undefined);
      return room;
    };
  }
  return Object.assign(test, { port });
}

export async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Waits until a racer could fire without a false start: FALSE_START_MS (+ a little) after "Go!" (`goAt`, the server's
 * clock: the tests run on the server's machine). A test player that fires at once is quicker than any person.
 */
export async function pastFalseStart(goAt: number): Promise<void> {
  const wait = goAt + Saloon.FALSE_START_MS + 5 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/**
 * Jumps a table's clock (a JumpClock set as `settings.clock` before the table was made) over what a test would wait
 * through — a window closing unanswered, the pause before "Go!" — to just past the false-start floor of the table's
 * next scheduled race: from then on a shot counts. Reads the server's own room, so nothing waits for the network.
 * Each jump over a wait goes 5 ms past its deadline: the table arms that timer `deadline - now()` from a `now()` read a
 * moment later, so on a busy machine it may be due a millisecond or more after the deadline itself (and a jump to the
 * deadline alone, five times in the same millisecond, ran nothing: "no race to jump to", once in a loaded CI run).
 */
export function jumpToRace(server: ColyseusTestServer, clock: JumpClock, code: string): void {
  const room = server.getRoomById(code) as any;
  for (let i = 0; i < 5; i++) {
    const race = room.adapter.game.race?.(room.engineState) ?? null;
    if (race?.scheduled) return clock.jump(Math.max(0, race.goAt + race.falseStartMs + 5 - clock.now()));
    const due: number = room.state.deadline;
    clock.jump(due > 0 ? Math.max(0, due - clock.now()) + 5 : 0);
  }
  throw new Error('no race to jump to');
}

export interface Inbox {
  events: { type: string; [k: string]: unknown }[];
  errors: ErrorMessage[];
}

/** Records the `events` and `error` messages a client receives. */
export function inbox(room: Room): Inbox {
  const box: Inbox = { events: [], errors: [] };
  onTableEvents(room, (list) => box.events.push(...(list as Inbox['events'])));
  room.onMessage('error', (e: Inbox['errors'][number]) => box.errors.push(e));
  return box;
}

/** Plays a seat with the first legal-looking card each shootout (used to drive humans in server tests). */
export function autoPlay(room: Room, seat: () => number, delayMs = 0): void {
  let sentFor = '';
  const act = (state: any) => {
    if (!state?.seats || !state.board) return; // the first full state has not arrived yet
    const me = seat();
    if (state.status !== 'playing' || me < 0) return;
    if (!Array.from(state.pending as number[]).includes(me)) return;
    const v = viewFromSyncedBoard('duel', state.board, me) as Duel.DuelView | null;
    const p = v?.players[me];
    if (!v || !p || p.committed || v.seat !== me) return; // (also: my own part of the board has not arrived yet)
    const key = `${v.round}:${v.shootout}`;
    if (sentFor === key) return;
    sentFor = key;
    const hand: string[] = v.hand;
    const target = v.players.findIndex((q, i) => i !== me && q.alive);
    const card = hand.includes('pistol') ? 'pistol' : hand.includes('reload') ? 'reload' : hand[0];
    const intent = { type: 'commit', card, target: card === 'pistol' || card === 'rifle' ? target : null };
    if (delayMs > 0) setTimeout(() => room.send('intent', intent), delayMs);
    else room.send('intent', intent);
  };
  room.onStateChange(act);
  act(room.state); // decide at once if a decision is already waiting
}

/** The seat a client sits in (by its session), -1 for a spectator or before its first state. */
export function seatOf(room: Room): number {
  return Array.from(((room.state as any)?.seats ?? []) as any[]).findIndex((s: any) => s.sessionId === room.sessionId);
}

/**
 * What a client of a Duel table sees of the board, as the browser and the bots read it (the one board reader): its
 * seat's view (by default the room's own seat; -1 a spectator's), null before the board is synced.
 */
export function duelView(room: Room, seat?: number): Duel.DuelView | null {
  return viewFromSyncedBoard('duel', (room.state as any)?.board, seat ?? seatOf(room)) as Duel.DuelView | null;
}
