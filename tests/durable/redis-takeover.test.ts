/**
 * Issue 14 with several processes: a table whose process is gone for good is taken over by another one. Two built
 * servers share one redis-server (each with its own DATA_DIR and a short lease, LEASE_TTL_MS); a Duel, a Rattlesnake
 * and a Saloon game are played on process A by Node clients, A is killed with SIGKILL and never started again, and
 * the same clients take their seats back through process B (a join by code with their seat token, as the web
 * client's `recoverRoom` does) and find the same hands, then play each game to its end. A table of A still waiting
 * for players (never stored) has its code released: B answers "no such table" at once instead of advertising it.
 */
import { Client } from 'colyseus.js';
import Redis from 'ioredis';
import { replay } from '@tumbleweed/engine';
import { freePort, killHard, start, startServer, stopAll, waitForHttp, waitForPort, type Proc } from '../support/processes';
import { Player } from './player';

jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(predicate: () => boolean | Promise<boolean>, what: string, ms: number, proc?: () => Proc): Promise<void> {
  const end = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${proc ? `\nserver log:\n${proc().log().slice(-6000)}` : ''}`);
    await sleep(20);
  }
}

interface Case {
  room: string;
  seats: number;
  bots: number;
  options: Record<string, unknown>;
  before: number;
}

const CASES: Case[] = [
  { room: 'duel', seats: 2, bots: 0, options: { target: 4 }, before: 4 },
  { room: 'rattlesnake', seats: 2, bots: 0, options: {}, before: 6 },
  { room: 'saloon', seats: 3, bots: 1, options: { threatSeconds: 3 }, before: 6 },
];

let redis: Redis;
afterAll(async () => {
  redis?.disconnect();
  await stopAll();
});

test('kill -9 process A for good: process B takes its tables over, the same players finish the same games there', async () => {
  const ports = { redis: await freePort(), a: await freePort(), b: await freePort() };
  const redisServer = start('redis-server', 'redis-server', ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await waitForPort(ports.redis, redisServer);
  redis = new Redis(`redis://127.0.0.1:${ports.redis}`);
  const common = { REDIS_URL: `redis://127.0.0.1:${ports.redis}`, BOT_DELAY_MS: '150', LOG_LEVEL: 'info', LEASE_TTL_MS: '1500' };
  const a = startServer('A', { ...common, PORT: String(ports.a), PUBLIC_ADDRESS: `127.0.0.1:${ports.a}` });
  await waitForHttp(`http://127.0.0.1:${ports.a}/healthz`, a);
  const atA = `ws://127.0.0.1:${ports.a}`;
  const atB = `ws://127.0.0.1:${ports.b}`;

  // Every table is created while A is the only process (so all of them live on A).
  const tables = await Promise.all(
    CASES.map(async (c) => {
      const humans = c.seats - c.bots;
      const players = Array.from({ length: humans }, (_, i) => new Player(`${c.room}-P${i}`, [60, 160]));
      players[0].attach(await new Client(atA).create<any>(c.room, { name: players[0].name, seats: c.seats, bots: c.bots, options: { ...c.options, turnSeconds: 20 } }));
      const code: string = players[0].room.roomId;
      for (const p of players.slice(1)) p.attach(await new Client(atA).joinById<any>(code, { name: p.name }));
      return { c, players, code };
    }),
  );
  const waiting = await new Client(atA).create<any>('duel', { name: 'Early', seats: 2, options: {} });
  waiting.onMessage('*', () => undefined);
  const waitingCode: string = waiting.roomId;

  const b = startServer('B', { ...common, PORT: String(ports.b), PUBLIC_ADDRESS: `127.0.0.1:${ports.b}` });
  await waitForHttp(`http://127.0.0.1:${ports.b}/healthz`, b);

  const everyone = tables.flatMap((t) => t.players);
  await until(() => everyone.every((p) => p.token !== '' && p.state?.status === 'playing'), 'the games to start', 10_000, () => a);
  // Part of each game, then every player stops (nothing in flight) and looks at their hand.
  await Promise.all(
    tables.map(async (t) => {
      t.players.forEach((p) => p.wake());
      await until(() => t.players.reduce((n, p) => n + p.sent, 0) >= t.c.before, `${t.c.before} intents in ${t.c.room}`, 60_000, () => a);
      t.players.forEach((p) => p.pause());
    }),
  );
  await sleep(800);
  tables.forEach((t) => expect(t.players[0].state.status).toBe('playing'));
  const hands = tables.map((t) => t.players.map((p) => p.hand()));
  hands.flat().forEach((h) => expect(h).toBeTruthy());

  await killHard(a); // and A never comes back
  const killedAt = Date.now();
  await until(() => everyone.every((p) => p.drops.length === 1), 'the players to see the connection drop', 5_000);

  // Through B, the way the client's recoverRoom does: a join by code with the seat token, retried until it works.
  for (const t of tables) for (const p of t.players) await p.rejoin(atB, t.code, 30_000);
  const tookOver = Date.now() - killedAt;
  await until(() => everyone.every((p) => p.hand() !== null), 'the hands on B', 10_000, () => b);
  expect(tables.map((t) => t.players.map((p) => p.hand()))).toEqual(hands);
  for (const p of everyone) expect((p.room.connection as any).transport.ws.url).toContain(`127.0.0.1:${ports.b}/`);
  expect(b.log()).toMatch(/table taken over/);
  // Taken over within a few lease periods (1.5 s), not Colyseus' own ~16 s of a dead process's listings.
  expect(tookOver).toBeLessThan(10_000);

  // The waiting table of A was never stored: its code is released and B says at once that there is no such table.
  await until(async () => (await redis.hexists('tumbleweed:codes', waitingCode)) === 0, 'the dead claim released', 15_000, () => b);
  const lookedUp = Date.now();
  const lookup = await fetch(`http://127.0.0.1:${ports.b}/api/tables/${waitingCode}`);
  expect(lookup.status).toBe(404);
  expect(Date.now() - lookedUp).toBeLessThan(1_000);
  // The taken-over tables keep their codes.
  for (const t of tables) expect(await redis.hget('tumbleweed:codes', t.code)).toBe('1');

  everyone.forEach((p) => p.resume());
  await until(() => everyone.every((p) => p.state?.status === 'over'), 'the games to end on B', 150_000, () => b);
  for (const t of tables) {
    const winners = Array.from(t.players[0].state.winners as number[]);
    expect(winners.length).toBeGreaterThan(0);
    // Kept by B: its players get the whole log there.
    t.players[0].room.send('table', { action: 'log' });
    await until(() => t.players[0].log !== null, 'the log', 5_000);
    const kept = await fetch(`http://127.0.0.1:${ports.b}/api/games/${t.players[0].log.id}/log`, { headers: { Authorization: `Bearer ${t.players[0].token}` } });
    expect(kept.status).toBe(200);
    const log = await kept.json();
    expect(log.steps).toEqual(t.players[0].log.steps);
    expect(replay(log).outcome?.winners).toEqual(winners);
    // Over: nothing of the game is left in Redis (no lease, no shared log).
    expect(await redis.exists(`tumbleweed:lease:${t.code}`)).toBe(0);
    expect(await redis.hexists('tumbleweed:tables', t.code)).toBe(0);
  }
  for (const p of everyone) p.room.leave();
});
