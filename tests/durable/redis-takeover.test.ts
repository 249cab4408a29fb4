/**
 * Issue 14 with several processes: a table whose process is gone for good is taken over by another one. Two built
 * servers share one redis-server (each with its own DATA_DIR and a short lease, LEASE_TTL_MS); a Duel, a Rattlesnake
 * and a Saloon game are played on process A by Node clients, A is killed with SIGKILL and never started again, and
 * the same clients take their seats back through process B (a join by code with their seat token, as the web
 * client's `recoverRoom` does) and find the same hands, then play each game to its end. A table of A still waiting
 * for players (never stored) has its code released: B answers "no such table" at once instead of advertising it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'colyseus.js';
import Redis from 'ioredis';
import { replay } from '@tumbleweed/engine';
import { freePort, killHard, startRedis, startServer, stop, stopAll, tempDataDir, untilServer as until, waitForHttp, type Proc } from '../support/processes';
import { Player } from './player';

jest.setTimeout(180_000);

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

const redises: Redis[] = [];
afterAll(async () => {
  redises.forEach((r) => r.disconnect());
  await stopAll();
});

/** redis-server, and the environment of a server process sharing it (a short lease unless `ttlMs` says otherwise). */
async function shared(ttlMs = 1500) {
  const server = await startRedis();
  const redis = new Redis(server.url);
  redises.push(redis);
  const common = { REDIS_URL: server.url, BOT_DELAY_MS: '150', LOG_LEVEL: 'info', LEASE_TTL_MS: String(ttlMs) };
  /** A game server with its own port, DATA_DIR (unless given) and public address, up. */
  const serve = async (name: string, port: number, env: Record<string, string> = {}) => {
    const proc = startServer(name, { ...common, PORT: String(port), PUBLIC_ADDRESS: `127.0.0.1:${port}`, ...env });
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, proc);
    return proc;
  };
  return { redis, serve };
}

/** A table of `c` created through `endpoint`, its human seats taken by scripted players. */
async function seat(endpoint: string, c: Case) {
  const humans = c.seats - c.bots;
  const players = Array.from({ length: humans }, (_, i) => new Player(`${c.room}-P${i}`, [20, 60]));
  players[0].attach(
    await new Client(endpoint).create<any>(c.room, { name: players[0].name, seats: c.seats, bots: c.bots, options: { ...c.options, turnSeconds: 20 } }),
  );
  const code: string = players[0].room.roomId;
  for (const p of players.slice(1)) p.attach(await new Client(endpoint).joinById<any>(code, { name: p.name }));
  return { c, players, code };
}
type Table = Awaited<ReturnType<typeof seat>>;

/** Each table's game started and played in part; then its players stop (nothing in flight) and their hands are read. */
async function playSome(tables: Table[], server: () => Proc): Promise<(string | null)[][]> {
  const everyone = tables.flatMap((t) => t.players);
  await until(() => everyone.every((p) => p.token !== '' && p.state?.status === 'playing'), 'the games to start', 10_000, server);
  await Promise.all(
    tables.map(async (t) => {
      t.players.forEach((p) => p.resume());
      await until(() => t.players.reduce((n, p) => n + p.sent, 0) >= t.c.before, `${t.c.before} intents in ${t.c.room}`, 60_000, server);
      t.players.forEach((p) => p.pause());
    }),
  );
  // Settled: the bots have played and every game clock of the engine (a Saloon threat window, 3 s) has run out, so
  // the game waits on a player. A window still open would run out as soon as the rebuilt table goes on (see
  // docs/persistence.md), before the hands are compared.
  let changed = Date.now();
  for (const t of tables) t.players[0].room.onStateChange(() => (changed = Date.now()));
  await until(() => Date.now() - changed > 4_000, 'the games to wait on their players', 30_000, server);
  tables.forEach((t) => expect(t.players[0].state.status).toBe('playing'));
  const hands = tables.map((t) => t.players.map((p) => p.hand()));
  hands.flat().forEach((h) => expect(h).toBeTruthy());
  return hands;
}

const connectedTo = (p: Player) => String((p.room.connection as any).transport.ws.url);

test('kill -9 process A for good: process B takes its tables over, the same players finish the same games there', async () => {
  const { redis, serve } = await shared();
  const ports = { a: await freePort(), b: await freePort() };
  const atA = `ws://127.0.0.1:${ports.a}`;
  const atB = `ws://127.0.0.1:${ports.b}`;
  // Every table is created while A is the only process (so all of them live on A).
  const a = await serve('A', ports.a);
  const tables = await Promise.all(CASES.map((c) => seat(atA, c)));
  const waiting = await new Client(atA).create<any>('duel', { name: 'Early', seats: 2, options: {} });
  waiting.onMessage('*', () => undefined);
  const waitingCode: string = waiting.roomId;
  const b = await serve('B', ports.b);

  const hands = await playSome(tables, () => a);
  const everyone = tables.flatMap((t) => t.players);
  await killHard(a); // and A never comes back
  const killedAt = Date.now();
  await until(() => everyone.every((p) => p.drops.length === 1), 'the players to see the connection drop', 5_000);

  // Through B, the way the client's recoverRoom does: a join by code with the seat token, retried until it works.
  for (const t of tables) for (const p of t.players) await p.rejoin(atB, t.code, 30_000, true);
  const tookOver = Date.now() - killedAt;
  await until(
    () => everyone.every((p) => p.hand() !== null),
    'the hands on B',
    10_000,
    () => b,
  );
  expect(tables.map((t) => t.players.map((p) => p.hand()))).toEqual(hands);
  for (const p of everyone) expect(connectedTo(p)).toContain(`127.0.0.1:${ports.b}/`);
  expect(b.log()).toMatch(/table taken over/);
  // Taken over within a few lease periods (1.5 s), not Colyseus' own ~16 s of a dead process's listings.
  expect(tookOver).toBeLessThan(10_000);

  // The waiting table of A was never stored: its code is released and B says at once that there is no such table.
  await until(
    async () => (await redis.hexists('tumbleweed:codes', waitingCode)) === 0,
    'the dead claim released',
    15_000,
    () => b,
  );
  const lookedUp = Date.now();
  const lookup = await fetch(`http://127.0.0.1:${ports.b}/api/tables/${waitingCode}`);
  expect(lookup.status).toBe(404);
  expect(Date.now() - lookedUp).toBeLessThan(1_000);
  // The taken-over tables keep their codes.
  for (const t of tables) expect(await redis.hget('tumbleweed:codes', t.code)).toBe('1');

  everyone.forEach((p) => p.resume());
  await until(
    () => everyone.every((p) => p.state?.status === 'over'),
    'the games to end on B',
    150_000,
    () => b,
  );
  for (const t of tables) {
    const winners = Array.from(t.players[0].state.winners as number[]);
    expect(winners.length).toBeGreaterThan(0);
    // Kept by B: its players get the whole log there.
    t.players[0].room.send('table', { action: 'log' });
    await until(() => t.players[0].log !== null, 'the log', 5_000);
    const kept = await fetch(`http://127.0.0.1:${ports.b}/api/games/${t.players[0].log.id}/log`, {
      headers: { Authorization: `Bearer ${t.players[0].token}` },
    });
    expect(kept.status).toBe(200);
    const log = await kept.json();
    expect(log.steps).toEqual(t.players[0].log.steps);
    expect(replay(log).outcome?.winners).toEqual(winners);
    // Over: nothing of the game is left in Redis (no lease, no shared log).
    expect(await redis.exists(`tumbleweed:lease:${t.code}`)).toBe(0);
    expect(await redis.hexists('tumbleweed:tables', t.code)).toBe(0);
  }
  for (const p of everyone) void p.room.leave();
});

test('a process that stalls past its leases loses its tables to another process and sends its players there', async () => {
  const { redis, serve } = await shared();
  const ports = { a: await freePort(), b: await freePort() };
  const atA = `ws://127.0.0.1:${ports.a}`;
  const dirs = { a: tempDataDir(), b: tempDataDir() };
  const a = await serve('A', ports.a, { DATA_DIR: dirs.a });
  const t = await seat(atA, CASES[0]);
  const b = await serve('B', ports.b, { DATA_DIR: dirs.b });
  const owner = (dir: string) => fs.readFileSync(path.join(dir, 'owner-id'), 'utf8').trim();
  const [hands] = await playSome([t], () => a);

  // A stops dead (a long GC pause, a frozen VM) for longer than its lease: B takes the table over.
  a.child.kill('SIGSTOP');
  try {
    await until(
      () => /table taken over/.test(b.log()),
      'B to take the table over',
      15_000,
      () => b,
    );
  } finally {
    a.child.kill('SIGCONT');
  }
  expect(await redis.get(`tumbleweed:lease:${t.code}`)).toMatch(new RegExp(`^${owner(dirs.b)}/`));
  // A wakes up, finds the lease gone to B, and lets its players go ("going away"): nothing of it is written any more.
  await until(
    () => t.players.every((p) => p.drops.length === 1),
    'A to let its players go',
    10_000,
    () => a,
  );
  expect(t.players.map((p) => p.drops[0])).toEqual([1001, 1001]);
  expect(a.log()).toMatch(/lease lost/);
  // They come back the way the client does, through the address they know (A's): matchmaking sends them to B.
  for (const p of t.players) await p.rejoin(atA, t.code, 20_000, true);
  await until(
    () => t.players.every((p) => p.hand() !== null),
    'the hands on B',
    10_000,
    () => b,
  );
  expect(t.players.map((p) => p.hand())).toEqual(hands);
  for (const p of t.players) expect(connectedTo(p)).toContain(`127.0.0.1:${ports.b}/`);
  t.players.forEach((p) => p.resume());
  await until(
    () => t.players.every((p) => p.state?.status === 'over'),
    'the game to end on B',
    90_000,
    () => b,
  );
  for (const p of t.players) void p.room.leave();
});

test('a graceful restart with Redis: the same DATA_DIR started again takes its tables back, no other process does', async () => {
  // A long lease: B would take the table over only after 15 s.
  const { serve } = await shared(15_000);
  const ports = { a: await freePort(), b: await freePort() };
  const atA = `ws://127.0.0.1:${ports.a}`;
  const dataDir = tempDataDir();
  let a = await serve('A', ports.a, { DATA_DIR: dataDir });
  const t = await seat(atA, CASES[1]);
  const b = await serve('B', ports.b);
  const [hands] = await playSome([t], () => a);

  await stop(a); // SIGTERM, as `docker compose up -d` after an image update
  a = await serve('A again', ports.a, { DATA_DIR: dataDir });
  for (const p of t.players) await p.rejoin(atA, t.code, 20_000, true);
  await until(
    () => t.players.every((p) => p.hand() !== null),
    'the hands after the restart',
    10_000,
    () => a,
  );
  expect(t.players.map((p) => p.hand())).toEqual(hands);
  for (const p of t.players) expect(connectedTo(p)).toContain(`127.0.0.1:${ports.a}/`);
  expect(a.log()).toMatch(/table taken back/);
  expect(b.log()).not.toMatch(/table taken over/);
  t.players.forEach((p) => p.resume());
  await until(
    () => t.players.every((p) => p.state?.status === 'over'),
    'the game to end',
    120_000,
    () => a,
  );
  for (const p of t.players) void p.room.leave();
});

test('Redis started again without its data: a process started again resumes its tables from its own file', async () => {
  const { redis, serve } = await shared();
  const port = await freePort();
  const at = `ws://127.0.0.1:${port}`;
  const dataDir = tempDataDir();
  let a = await serve('A', port, { DATA_DIR: dataDir });
  const t = await seat(at, CASES[2]);
  const [hands] = await playSome([t], () => a);

  await killHard(a);
  await redis.flushall(); // every shared copy, lease and claim gone
  a = await serve('A again', port, { DATA_DIR: dataDir });
  for (const p of t.players) await p.rejoin(at, t.code, 20_000, true);
  await until(
    () => t.players.every((p) => p.hand() !== null),
    'the hands after the restart',
    10_000,
    () => a,
  );
  expect(t.players.map((p) => p.hand())).toEqual(hands);
  expect(a.log()).toMatch(/table restored from this process's own file/);
  // Copied to Redis again: another process could take it over from now on.
  expect(await redis.hget('tumbleweed:tables', t.code)).toBeTruthy();
  expect(await redis.llen(`tumbleweed:steps:${await redis.hget('tumbleweed:tables', t.code)}`)).toBeGreaterThan(0);
  t.players.forEach((p) => p.resume());
  await until(
    () => t.players.every((p) => p.state?.status === 'over'),
    'the game to end',
    120_000,
    () => a,
  );
  for (const p of t.players) void p.room.leave();
});

test("with the default 15 s lease, a player coming back through the other process gets the dead process's table taken over at once", async () => {
  const { redis, serve } = await shared(15_000);
  const ports = { a: await freePort(), b: await freePort() };
  const atA = `ws://127.0.0.1:${ports.a}`;
  const atB = `ws://127.0.0.1:${ports.b}`;
  const a = await serve('A', ports.a);
  const t = await seat(atA, CASES[0]);
  const b = await serve('B', ports.b);
  const [hands] = await playSome([t], () => a);

  await killHard(a);
  const killedAt = Date.now();
  // The way the web client comes back (gives up on "not found"), through B, long before A's lease runs out.
  for (const p of t.players) await p.rejoin(atB, t.code, 20_000, true);
  // Well before A's lease would have run out (15 s): taken over on the players' demand (6.3 s measured here).
  expect(Date.now() - killedAt).toBeLessThan(12_000);
  expect(await redis.pttl(`tumbleweed:lease:${t.code}`)).toBeGreaterThan(10_000); // B's fresh lease
  await until(
    () => t.players.every((p) => p.hand() !== null),
    'the hands on B',
    10_000,
    () => b,
  );
  expect(t.players.map((p) => p.hand())).toEqual(hands);
  expect(b.log()).toMatch(/table taken over \(a player came back to it\)/);
  t.players.forEach((p) => p.resume());
  await until(
    () => t.players.every((p) => p.state?.status === 'over'),
    'the game to end on B',
    90_000,
    () => b,
  );
  for (const p of t.players) void p.room.leave();
});
