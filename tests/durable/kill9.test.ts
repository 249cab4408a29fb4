/**
 * Issue 14: a table survives its process dying. The built server runs as a child process with its own DATA_DIR; two
 * players (Node clients) play part of a game, the server is killed with SIGKILL (no goodbye, no last write), a new
 * process starts on the same port and DATA_DIR, and the same players take their seats back with their seat tokens,
 * find the same hands, and play on to the end.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { Client } from 'colyseus.js';
import { replay } from '@tumbleweed/engine';
import { freePort, killHard, startServer, stop, stopAll, tempDataDir, sleep, untilServer as until, waitForHttp } from '../support/processes';
import { Player } from './player';

jest.setTimeout(180_000);

afterAll(() => stopAll());

interface Case {
  room: string;
  seats: number;
  bots: number;
  options: Record<string, unknown>;
  /** Intents the players send before the crash. */
  before: number;
  /** Add a record cut off mid-write to the end of the log before the restart (a crash during a write). */
  cutRecord?: boolean;
  /** How the first process ends: SIGKILL (kill -9, the default) or SIGTERM (a graceful restart, `docker compose up`). */
  signal?: 'SIGKILL' | 'SIGTERM';
}

const CASES: Case[] = [
  { room: 'duel', seats: 2, bots: 0, options: { target: 4 }, before: 4, cutRecord: true },
  { room: 'rattlesnake', seats: 2, bots: 0, options: {}, before: 6 },
  { room: 'saloon', seats: 3, bots: 1, options: { threatSeconds: 3 }, before: 6 },
  { room: 'duel', seats: 3, bots: 1, options: { target: 3 }, before: 4, signal: 'SIGTERM' },
];

describe.each(CASES.map((c) => ({ ...c, how: c.signal === 'SIGTERM' ? 'SIGTERM (graceful restart)' : 'kill -9' })))(
  '$room: $how mid-game, start again, play on',
  (c) => {
    test('the same players take their seats back with the same hands and finish the game', async () => {
      const port = await freePort();
      const dataDir = tempDataDir();
      const env = { PORT: String(port), DATA_DIR: dataDir, BOT_DELAY_MS: '150', LOG_LEVEL: 'info' };
      const endpoint = `ws://127.0.0.1:${port}`;
      let server = startServer(`${c.room}-1`, env);
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);

      const humans = c.seats - c.bots;
      const players = Array.from({ length: humans }, (_, i) => new Player(`P${i}`, [20, 60]));
      const host = await new Client(endpoint).create<any>(c.room, { name: 'P0', seats: c.seats, bots: c.bots, options: { ...c.options, turnSeconds: 20 } });
      players[0].attach(host);
      const code = host.roomId;
      for (const p of players.slice(1)) p.attach(await new Client(endpoint).joinById<any>(code, { name: p.name }));
      await until(
        () => players.every((p) => p.token !== '' && p.state?.status === 'playing'),
        'the game to start',
        10_000,
        () => server,
      );

      // Part of a game, then every player stops (so nothing is in flight) and looks at their hand.
      players.forEach((p) => p.resume());
      await until(
        () => players.reduce((n, p) => n + p.sent, 0) >= c.before,
        `${c.before} intents`,
        60_000,
        () => server,
      );
      players.forEach((p) => p.pause());
      await sleep(800);
      expect(host.state.status).toBe('playing');
      const hands = players.map((p) => p.hand());
      hands.forEach((h) => expect(h).toBeTruthy());

      if (c.signal === 'SIGTERM') await stop(server);
      else await killHard(server);
      await until(() => players.every((p) => p.drops.length === 1), 'the players to see the connection drop', 5_000);
      // kill -9: the socket just dies (1006); SIGTERM: "going away" (1001), and no word that the table is closed.
      expect(players.map((p) => p.drops[0])).toEqual(players.map(() => (c.signal === 'SIGTERM' ? 1001 : 1006)));
      expect(players.flatMap((p) => p.events).filter((e) => e.type === 'server_restarting')).toEqual([]);

      if (c.cutRecord) {
        // The crash hit mid-write: the last record of the log is half a step.
        const db = new Database(path.join(dataDir, 'tumbleweed.sqlite'));
        const { id, n } = db
          .prepare('SELECT g.id AS id, (SELECT COUNT(*) FROM steps s WHERE s.game_id = g.id) AS n FROM games g WHERE g.code = ?')
          .get(code) as { id: string; n: number };
        db.prepare('INSERT INTO steps (game_id, idx, data) VALUES (?, ?, ?)').run(id, n, '{"seat":1,"intent":{"type":"comm');
        db.close();
      }

      server = startServer(`${c.room}-2`, env);
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
      for (const p of players) await p.rejoin(endpoint, code);
      await until(
        () => players.every((p) => p.hand() !== null),
        'the hands after the restart',
        10_000,
        () => server,
      );
      expect(players.map((p) => p.hand())).toEqual(hands);
      expect(players.map((p) => p.state.status)).toEqual(players.map(() => 'playing'));
      if (c.cutRecord) expect(server.log()).toMatch(/unreadable step records skipped/);
      expect(server.log()).toMatch(/table restored/);
      // Someone who comes to watch now is told the game so far, rebuilt from the log: its start, then its public events.
      const watcher = await new Client(endpoint).joinById<any>(code, { spectate: true });
      const story: { type: string }[] = [];
      watcher.onMessage('history', (events: { type: string }[]) => story.push(...events));
      watcher.onMessage('*', () => undefined);
      await until(
        () => story.length > 0,
        'the story so far',
        5_000,
        () => server,
      );
      expect(story[0]!.type).toBe('game_started');
      expect(story.length).toBeGreaterThan(1);
      expect(story.filter((e) => 'to' in e || e.type.startsWith('you_'))).toEqual([]);
      void watcher.leave();

      players.forEach((p) => p.resume());
      await until(
        () => players.every((p) => p.state?.status === 'over'),
        'the game to end',
        150_000,
        () => server,
      );
      const winners = Array.from(players[0].state.winners as number[]);
      expect(winners.length).toBeGreaterThan(0);

      // The finished game is kept: its players get its whole log by its id (in the `log` message) with their seat token.
      players[0].room.send('table', { action: 'log' });
      await until(() => players[0].log !== null, 'the log', 5_000);
      const { id } = players[0].log;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const url = `http://127.0.0.1:${port}/api/games/${id}/log`;
      const kept = await fetch(url, { headers: { Authorization: `Bearer ${players[1].token}` } });
      expect(kept.status).toBe(200);
      const log = await kept.json();
      expect(log.steps).toEqual(players[0].log.steps);
      expect(log.outcome.winners).toEqual(winners);
      expect(replay(log).outcome?.winners).toEqual(winners);
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url, { headers: { Authorization: 'Bearer not-a-seat-token' } })).status).toBe(404);
      for (const p of players) void p.room.leave();
    });
  },
);

test('after a restart the first player back waits at most 10 s for the others; a player who never comes back is replaced by a bot after the grace period', async () => {
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: tempDataDir(), BOT_DELAY_MS: '150', RECONNECT_SECONDS: '14' };
  const endpoint = `ws://127.0.0.1:${port}`;
  let server = startServer('gather-1', env);
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
  const [ann, bob] = [new Player('Ann', [60, 160]), new Player('Bob', [60, 160])];
  ann.attach(await new Client(endpoint).create<any>('duel', { name: 'Ann', seats: 2, options: { target: 3, turnSeconds: 20 } }));
  const code = ann.room.roomId;
  bob.attach(await new Client(endpoint).joinById<any>(code, { name: 'Bob' }));
  await until(
    () => [ann, bob].every((p) => p.token !== '' && p.state?.status === 'playing'),
    'the game to start',
    10_000,
    () => server,
  );
  // Both choose a card at once (Duel): the countdown runs for both.
  await until(() => ann.state.deadline > 0, 'the countdown', 5_000);

  await killHard(server);
  server = startServer('gather-2', env);
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
  await ann.rejoin(endpoint, code); // Bob never comes back
  const back = Date.now();
  await until(
    () => ann.state?.status === 'playing' && ann.hand() !== null,
    'Ann at her table',
    5_000,
    () => server,
  );
  // Paused while Bob may still come: no countdown runs out on anyone meanwhile.
  await sleep(6_000);
  expect(ann.state.deadline).toBe(0);
  // Then the game goes on without him: a fresh, full countdown (20 s), not one that expired during the restart.
  await until(
    () => ann.state.deadline > 0,
    'the game to go on',
    8_000,
    () => server,
  );
  expect(Date.now() - back).toBeGreaterThanOrEqual(9_000);
  expect(ann.state.deadline - Date.now()).toBeGreaterThan(15_000);
  expect(ann.state.seats[1].kind).toBe('human');
  // At the end of the grace period (14 s) a bot takes Bob's seat, and Ann plays the game to its end.
  await until(
    () => ann.state.seats[1].kind === 'bot',
    'a bot in Bob\u2019s seat',
    10_000,
    () => server,
  );
  ann.resume();
  await until(
    () => ann.state.status === 'over',
    'the game to end',
    90_000,
    () => server,
  );
  void ann.room.leave();
});
