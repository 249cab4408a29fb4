/**
 * Issue 14, "the countdown restarts fairly (not already expired)" for a game with its own clock: a Saloon Showdown
 * threat is open when the server is killed; the server is down longer than the window had left. After the restart
 * the threatened player still has the window's time to answer ("You're bluffing!" is taken), instead of the window
 * running out the moment the table goes on (silence would have been a duel). The pause is a step of the log.
 */
import { viewFromSyncedBoard, type Saloon } from '@tumbleweed/engine';
import { Client } from 'colyseus.js';
import { freePort, killHard, startServer, stopAll, tempDataDir, sleep, untilServer as until, waitForHttp } from '../support/processes';
import { Player } from './player';

jest.setTimeout(90_000);
afterAll(() => stopAll());

/** The table as every seat sees it (the public part of the board); null before it is synced. */
const board = (p: Player) => viewFromSyncedBoard('saloon', p.state?.board, null) as Saloon.SaloonView | null;

test('a threat window open at a crash keeps its time after the restart', async () => {
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: tempDataDir(), LOG_LEVEL: 'info' };
  const endpoint = `ws://127.0.0.1:${port}`;
  let server = startServer('saloon-1', env);
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);

  // Two players who only do what this test tells them (never resumed: their bot policy never acts).
  const players = [new Player('Ann', [60, 120]), new Player('Bob', [60, 120])];
  const host = await new Client(endpoint).create<any>('saloon', { name: 'Ann', seats: 2, bots: 0, options: { threatSeconds: 3, turnSeconds: 60 } });
  players[0].attach(host);
  players[1].attach(await new Client(endpoint).joinById<any>(host.roomId, { name: 'Bob' }));
  await until(
    () => players.every((p) => p.token !== '' && p.state?.status === 'playing' && board(p)),
    'the game to start',
    10_000,
    () => server,
  );

  const active = board(players[0])!.active as number;
  const threatener = players.find((p) => p.seat === active)!;
  const target = players.find((p) => p.seat !== active)!;
  threatener.room.send('intent', { type: 'threaten', gun: 'red', target: target.seat });
  await until(
    () => players.every((p) => board(p)!.phase.kind === 'threat'),
    'the threat',
    5_000,
    () => server,
  );

  await killHard(server);
  await sleep(4_000); // longer than the 3 s window
  server = startServer('saloon-2', env);
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
  for (const p of players) await p.rejoin(endpoint, `${host.roomId}`);
  await until(
    () => players.every((p) => p.state?.status === 'playing' && p.hand() !== null),
    'the players back',
    15_000,
    () => server,
  );
  await sleep(800); // everyone is back: the table goes on (without the skipped pause, the window would run out now)

  // The window is open again, for its time; the threatened player calls the bluff and it is taken.
  expect(board(target)!.phase.kind).toBe('threat');
  expect(server.log()).toMatch(/the game clock skips the pause/);
  target.room.send('intent', { type: 'answer', call: 'bluffing' });
  await until(
    () => board(target)!.phase.kind !== 'threat',
    'the answer',
    5_000,
    () => server,
  );
  expect(target.errors).toEqual([]);
  expect(JSON.stringify(board(target)!.lastReveal ?? board(target)!.lastDuel ?? null)).not.toBe('null');
  expect(board(target)!.lastDuel?.result ?? null).toBeNull(); // a bluff call, not a duel by silence
});
