/**
 * `npm run loadtest` end to end (issue 16), short: the built harness against a server started here (as the
 * Dockerfile runs it), named by --url and --pid like any running server. Its report must show games played through
 * matchmaking, ordered latency percentiles, the traffic of a finished game, the server process's CPU and memory
 * read from /proc, and the raw ws echo floor. No timing thresholds: the machine is shared.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT, startServer, stopAll, waitForHttp } from '../../../../tests/support/processes';
import { alive, childrenOf } from './proc';
import type { Report } from './report';

jest.setTimeout(90_000);
afterAll(() => stopAll());

const HARNESS = path.join(ROOT, 'packages/server/dist/loadtest/main.js');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [HARNESS, ...args], { cwd: ROOT, timeout: 80_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Short Duel runs; with TARGET_3 (the lowest target, kept last: the command-line check reads it there) tables finish within the run and new ones take their place. */
const SHORT_DUEL = ['--game', 'duel', '--duration', '4', '--think', '20-40'];
const TARGET_3 = ['--options', '{"target":3}'];

/** Runs the harness with `args` and `--out FILE`: it must exit 0 and say nothing on stderr. Its report, markdown and file. */
async function runReport(args: string[]): Promise<{ report: Report; stdout: string; out: string }> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loadtest-')), 'report.json');
  const { code, stdout, stderr } = await run([...args, '--out', out]);
  expect({ code, stderr: code ? stderr : '' }).toEqual({ code: 0, stderr: '' });
  return { report: JSON.parse(fs.readFileSync(out, 'utf8')) as Report, stdout, out };
}

const ordered = (p: { p50: number | null; p95: number | null; p99: number | null; max: number | null }) => {
  expect(p.p50).not.toBeNull();
  expect(p.p50!).toBeGreaterThanOrEqual(0);
  expect(p.p95!).toBeGreaterThanOrEqual(p.p50!);
  expect(p.p99!).toBeGreaterThanOrEqual(p.p95!);
  expect(p.max!).toBeGreaterThanOrEqual(p.p99!);
};

test('two Duel tables for 4 s against a running server: moves, latency, traffic per game, server CPU and RSS, and the echo floor', async () => {
  if (!fs.existsSync(HARNESS)) throw new Error('packages/server/dist is missing: run `npm run build` first');
  const port = await freePort();
  const server = startServer('loadtest server', { PORT: String(port), LOG_LEVEL: 'warn', WS_COMPRESSION: '1' });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
  // Without the boardgame.io baseline (its own test below).
  const args = [...SHORT_DUEL, '--tables', '2', '--settle', '1', '--echo-duration', '2', '--no-bgio', ...TARGET_3];
  const { report, stdout, out } = await runReport([...args, '--url', `ws://127.0.0.1:${port}`, '--pid', String(server.child.pid)]);
  // The markdown starts with the exact command line, then one row per measure.
  expect(stdout.split('\n')[0]).toBe(
    `\`npm run loadtest -- ${args.slice(0, -1).join(' ')} '{"target":3}' --url ws://127.0.0.1:${port} --pid ${server.child.pid} --out ${out}\``,
  );
  expect(stdout).toContain('| latency p99 (ms) |');
  expect(report.command).toBe(stdout.split('\n')[0].slice(1, -1));
  expect(report.config).toMatchObject({ game: 'duel', tables: 2, seats: 2, clients: 4, serverStarted: false, pid: server.child.pid });

  // Moves were played and seen applied; every one has its latency.
  expect(report.game.moves).toBeGreaterThan(0);
  expect(report.game.movesPerS).toBeGreaterThan(0);
  expect(report.game.latencyMs.samples).toBe(report.game.moves);
  ordered(report.game.latencyMs);
  // At least one game was played to its end and its clients' traffic counted (both seats of each game).
  expect(report.game.gamesFinished).toBeGreaterThan(0);
  expect(report.game.tablesStarted).toBeGreaterThan(2);
  expect(report.game.perClientPerGame.samples).toBe(2 * report.game.gamesFinished);
  expect(report.game.perClientPerGame.frames).toBeGreaterThan(0);
  expect(report.game.perClientPerGame.bytes).toBeGreaterThan(report.game.perClientPerGame.frames!);
  // What the network carried: this server compresses (WS_COMPRESSION=1), so fewer bytes than the messages decode to.
  expect(report.game.perClientPerGame.wireBytes).toBeGreaterThan(0);
  expect(report.game.perClientPerGame.wireBytes!).toBeLessThan(report.game.perClientPerGame.bytes!);
  expect(report.game.disconnectsTotal).toBe(0);

  // The server's process, from /proc: it worked, and its memory was read at every point.
  expect(report.server.cpuPercent).toBeGreaterThan(0);
  expect(report.server.cpuMsPerMove).toBeGreaterThan(0);
  expect(report.server.mainThread!.runningPercent).toBeGreaterThan(0);
  expect(report.server.mainThread!.waitingPercent).toBeGreaterThanOrEqual(0);
  const rss = report.server.rssMiB;
  for (const v of [rss.start, rss.peak, rss.end, rss.settled]) expect(v).toBeGreaterThan(10);
  expect(rss.peak!).toBeGreaterThanOrEqual(Math.max(rss.start!, rss.end!));
  expect(report.generator.cpuPercent).toBeGreaterThan(0);

  // The floor: as many plain ws clients, each echo timed.
  expect(report.echo).not.toBeNull();
  expect(report.echo!.clients).toBe(4);
  expect(report.echo!.messagesPerS).toBeGreaterThan(0);
  ordered(report.echo!.roundTripMs);
  expect(stdout).toMatch(/\| throughput \(\/s\) \| [\d.]+ moves\/s \(\d+ moves\) \| [\d.]+ echoes\/s \|/);
});

test('--processes 2: Duel tables played through nginx on both server processes sharing a redis-server, each process in the report, nothing left running', async () => {
  const { report, stdout } = await runReport(['--processes', '2', ...SHORT_DUEL, '--tables', '6', '--settle', '0', '--no-echo', '--no-bgio', ...TARGET_3]);
  const cluster = report.cluster!;

  // The clients went through nginx (the report's url), and every table's seats were behind its /s1/ or /s2/.
  expect(report.config).toMatchObject({ processes: 2, serverStarted: true, url: `ws://127.0.0.1:${new URL(report.config.url).port}` });
  expect(cluster).toMatchObject({ processes: 2, url: report.config.url, elsewhere: null });
  expect(cluster.perProcess.map((p) => p.name)).toEqual(['s1', 's2']);
  // Games were played to their end on both processes, and what each did adds up to the run's figures.
  for (const p of cluster.perProcess) {
    expect(p.games).toBeGreaterThan(0);
    expect(p.cpuPercent).toBeGreaterThan(0);
    expect(p.mainThread!.runningPercent).toBeGreaterThan(0);
    expect(p.rssMiB.peak).toBeGreaterThan(10);
  }
  const total = (k: 'tables' | 'games' | 'moves') => cluster.perProcess.reduce((a, p) => a + p[k], 0);
  expect([total('tables'), total('games'), total('moves')]).toEqual([report.game.tablesStarted, report.game.gamesFinished, report.game.moves]);
  expect(report.server.cpuPercent).toBeCloseTo(
    cluster.perProcess.reduce((a, p) => a + p.cpuPercent!, 0),
    5,
  );
  // No refusal and no failed join. (A CI run counted 3 errors here, of kinds it did not keep; 8 runs of this command
  // counted RATE_LIMITED 3, 2 and 2 times in three of them and nothing else: clients at --think 20-40 outpaced the
  // server's flood limit. They now keep to it, pace.ts, and the report says how often they held an intent back.)
  expect(report.game.errors).toEqual({});
  expect(report.game.heldIntents).toBeGreaterThanOrEqual(0);
  expect(report.game.joinMs!.samples).toBeGreaterThan(0);
  expect(report.game.disconnectsTotal).toBe(0);
  // nginx (a master and its workers) and redis-server shared the cores: their CPU is read too.
  expect(cluster.nginx.pids.length).toBeGreaterThanOrEqual(2);
  expect(cluster.nginx.cpuPercent).toBeGreaterThan(0);
  expect(cluster.redis.cpuPercent).toBeGreaterThan(0);
  // The whole machine's busy CPU over the run, beside them (this run's processes and anything else).
  expect(report.machine.busyPercent).toBeGreaterThan(0);
  expect(report.machine.busyPercent!).toBeLessThanOrEqual(100 * report.machine.cpus + 1);
  expect(stdout).toContain('2 server process(es) sharing a redis-server, the clients through nginx');
  expect(stdout).toMatch(/\| process s1 \(pid \d+\): .* \| \d+ \(\d+%\) \/ \d+/);
  expect(stdout).toMatch(/\| process s2 \(pid \d+\): /);
  expect(stdout).toMatch(/\| nginx CPU .* \| [\d.]+ \(pids [\d ]+\) \|/);

  // Stopped at the end: no server, nginx or redis-server process of the run is left.
  const started = [...cluster.perProcess.map((p) => p.pid), ...cluster.nginx.pids, cluster.redis.pid];
  expect(started.filter(alive)).toEqual([]);
});

test('--processes 2 stopped by Ctrl-C mid-run: the servers, nginx and redis-server it started are gone too', async () => {
  const harness = spawn(process.execPath, [HARNESS, '--processes', '2', '--tables', '2', '--duration', '60', '--no-echo', '--no-bgio'], { cwd: ROOT });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => harness.once('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    harness.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /^loadtest: \d+ duel tables .*$/m.exec(stderr); // the load has started
      if (m) resolve(stderr);
    });
    void exited.then(() => reject(new Error(`the harness exited early:\n${stderr}`)));
  });
  const m = /started: server pids ([\d ]+), nginx pids ([\d ]+), redis-server pid (\d+)/.exec(line)!;
  const started = [m[1], m[2], m[3]].flatMap((s) => s.split(' ').map(Number));
  expect(started.length).toBeGreaterThanOrEqual(5); // 2 servers, nginx's master and a worker at least, redis-server
  expect(started.filter(alive)).toEqual(started);

  harness.kill('SIGINT');
  expect(await exited).toBe(130);
  const until = Date.now() + 2000;
  while (started.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(started.filter(alive)).toEqual([]);
});

/** The CPUs each thread of a process may run on (Cpus_allowed_list of /proc/PID/task/TID/status), distinct. */
const allowedCpus = (pid: number): string[] => [
  ...new Set(
    fs.readdirSync(`/proc/${pid}/task`).map((tid) => /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8'))![1]),
  ),
];

test('--pin: the server it starts runs alone on the last core, the harness and its workers on the others', async () => {
  const cores = os.cpus().length;
  const harness = spawn(process.execPath, [HARNESS, '--pin', '--tables', '2', '--duration', '60', '--no-echo', '--no-bgio'], { cwd: ROOT });
  let stderr = '';
  harness.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => harness.once('exit', (code) => resolve(code)));
  if (cores < 2) {
    // Nothing to split on one core: the harness says so and stops.
    expect(await exited).toBe(2);
    expect(stderr).toContain('--pin needs at least 2 cores');
    return;
  }
  const line = await new Promise<string>((resolve, reject) => {
    harness.stderr.on('data', () => {
      const m = /^loadtest: \d+ duel tables .*$/m.exec(stderr); // the load has started
      if (m) resolve(m[0]);
    });
    void exited.then(() => reject(new Error(`the harness exited early:\n${stderr}`)));
  });
  const server = Number(/\(pid (\d+)\)/.exec(line)![1]);
  const last = String(cores - 1);
  const others = cores === 2 ? '0' : `0-${cores - 2}`;
  expect(allowedCpus(server)).toEqual([last]); // every thread of it: its main thread, libuv's, V8's, SQLite's checkpointer
  const workers = childrenOf(harness.pid!).filter((pid) => pid !== server);
  expect(workers.length).toBeGreaterThan(0);
  for (const pid of [harness.pid!, ...workers]) expect(allowedCpus(pid)).toEqual([others]);
  harness.kill('SIGINT');
  expect(await exited).toBe(130);
});

test('the boardgame.io baseline: the same Duel tables against boardgame.io 0.50.2 in the same run, its column and the ratios, its server stopped after', async () => {
  const { report, stdout } = await runReport([...SHORT_DUEL, '--tables', '2', '--bgio-duration', '4', '--settle', '0', '--no-echo', ...TARGET_3]);
  const bgio = report.bgio!;
  expect(bgio).toMatchObject({ version: '0.50.2', durationS: 4 });
  expect(report.config.bgioDurationS).toBe(4);

  // Moves were played on boardgame.io's server and seen applied, each timed; games finished, a new table after each.
  expect(bgio.game.moves).toBeGreaterThan(0);
  expect(bgio.game.latencyMs.samples).toBe(bgio.game.moves);
  ordered(bgio.game.latencyMs);
  expect(bgio.game.gamesFinished).toBeGreaterThanOrEqual(1);
  expect(bgio.game.tablesStarted).toBeGreaterThan(2);
  expect(bgio.game.joinMs!.samples).toBeGreaterThan(0);
  // No refusal (INVALID_MOVE), failed Lobby request, stalled table or dropped connection.
  expect(bgio.game.errors).toEqual({});
  expect(bgio.game.disconnectsTotal).toBe(0);
  // Each finished game's traffic, both seats: boardgame.io's states as socket.io sent them, and the TCP bytes under them.
  expect(bgio.game.perClientPerGame.samples).toBe(2 * bgio.game.gamesFinished);
  expect(bgio.game.perClientPerGame.framesByKind.sync).toBe(1);
  expect(bgio.game.perClientPerGame.framesByKind.update).toBeGreaterThan(0);
  expect(bgio.game.perClientPerGame.bytes!).toBeGreaterThan(bgio.game.perClientPerGame.frames!);
  expect(bgio.game.perClientPerGame.wireBytes!).toBeGreaterThan(bgio.game.perClientPerGame.bytes!); // frame headers, uncompressed

  // Its server process, from /proc as ours; gone after the run.
  expect(bgio.server.cpuPercent).toBeGreaterThan(0);
  expect(bgio.server.cpuMsPerMove).toBeGreaterThan(0);
  expect(bgio.server.mainThread!.runningPercent).toBeGreaterThan(0);
  for (const v of [bgio.server.rssMiB.start, bgio.server.rssMiB.peak, bgio.server.rssMiB.end]) expect(v).toBeGreaterThan(10);
  expect(alive(bgio.pid)).toBe(false);
  expect(bgio.machine.busyPercent).toBeGreaterThan(0);
  expect(bgio.pid).not.toBe(report.config.pid);

  // The ratios are ours ÷ boardgame.io's, from the two runs' own figures.
  expect(report.game.moves).toBeGreaterThan(0);
  expect(bgio.ratios.movesPerS).toBeCloseTo(report.game.movesPerS / bgio.game.movesPerS, 9);
  expect(bgio.ratios.cpuMsPerMove).toBeCloseTo(report.server.cpuMsPerMove! / bgio.server.cpuMsPerMove!, 9);
  expect(bgio.ratios.latencyP99).toBeCloseTo(report.game.latencyMs.p99! / bgio.game.latencyMs.p99!, 9);
  expect(stdout).toContain('| measure | duel server | boardgame.io 0.50.2 | raw ws echo floor |');
  expect(stdout).toMatch(/\| throughput \(\/s\) \| [\d.]+ moves\/s \(\d+ moves\) \| [\d.]+ moves\/s \(\d+ moves\) \| — \|/);
  expect(stdout).toMatch(/\| moves\/s \| [\d.]+× \([\d.]+ ÷ [\d.]+\) \|/);
  expect(stdout).toMatch(/\| latency p99 \| [\d.]+× \([\d.]+ ms ÷ [\d.]+ ms\) \|/);
});

test('the boardgame.io baseline is Duel only: another game says so and runs without it', async () => {
  const { report, stdout } = await runReport(['--game', 'rattlesnake', '--tables', '1', '--duration', '1', '--settle', '0', '--no-echo']);
  expect(report.bgio).toBeNull();
  expect(report.bgioNote).toMatch(/Duel only/);
  expect(stdout).toContain('boardgame.io baseline: not run: it wraps Duel only');
  expect(stdout).not.toContain('| boardgame.io 0.50.2 |');
});
