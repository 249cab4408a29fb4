/**
 * The load test (issue 16): `npm run loadtest -- [options]`.
 *
 * Starts the built server as a child process (or measures a running one: --url ws://HOST:PORT --pid N), then
 * forks load-generating workers (worker.ts) that keep --tables tables of --game playing for --duration seconds
 * through the normal matchmaking path, each client playing its seat like the network bot after a think time.
 * Reads the server's CPU and memory from /proc, waits --settle seconds after every table closed, then (Duel only)
 * runs the boardgame.io 0.50.2 baseline: the same tables, seats, think times and options against boardgame.io's own
 * server running our Duel (bgio-run.ts: bgio-server.ts in its own process, the workers' `bgio` job), its CPU and RSS
 * read from /proc as ours are; then the raw `ws` echo floor (echo.ts, its own process) with as many clients and the
 * same think times. Prints a markdown table (one row per measure, a column per server, the command line on top; the
 * ratios ours ÷ boardgame.io's below it) and writes the same figures as JSON (--out FILE).
 *
 *   --game duel|rattlesnake|saloon   (duel)     --tables N (50)      --seats N (2)     --duration S (30)
 *   --think A-B ms (50-150)  --workers W (auto)  --settle S (10)     --echo-duration S (min(duration, 20))
 *   --options JSON (table options, after {"turnSeconds":0}, e.g. '{"target":3}' for short Duel games)
 *   --no-bgio (skip the boardgame.io baseline)   --bgio-duration S (duration)
 *   --no-echo   --out FILE   --url ws://HOST:PORT --pid N   --cpu-prof DIR (the started server's CPU profile, node --cpu-prof)
 *   --pin (Linux: each server it starts alone on the last core, the load on the others, so a server can saturate)
 *   --processes N (1 or 2): redis-server, N server processes sharing it and nginx in front (cluster.ts, as
 *     docker-compose.yml runs them); the clients connect through nginx. Without it: one process, no Redis, no proxy.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { freePort, startCluster, type Cluster } from './cluster';
import { answers, launch, NO_ADDRESS_LIMITS, stopProc, waitUntil } from './spawn';
import { cpuMs, diskWriteBytes, machineBusyPercent, machineCpuMs, mainThreadMs, pin, pinSplit, rssBytes, summarize } from './proc';
import { bgioRatios, markdown, summarizeGame, type Report } from './report';
import { BGIO_VERSION, runBaseline } from './bgio-run';
import type { EchoResult, GameId, GameResult, Job, ProcessShare, WorkerMessage } from './protocol';

const GAMES: readonly GameId[] = ['duel', 'rattlesnake', 'saloon'];
/**
 * Clients one worker plays when --workers is not given (at most one worker per core). A worker's CPU is a steady
 * fraction of the server's for the same clients (0.8–0.9 measured for all three games: decoding the patches the
 * server encodes, plus the bot's choice; docs/performance.md), so one worker stays below the server until the
 * server nears a full core; past 200 clients the load is spread so that no worker is what limits it.
 */
const CLIENTS_PER_WORKER = 200;

function fail(message: string): never {
  console.error(`loadtest: ${message}`);
  console.error(
    'usage: npm run loadtest -- [--game duel|rattlesnake|saloon] [--tables N] [--seats N] [--duration S] [--think A-B] [--workers W] [--settle S] [--echo-duration S] [--bgio-duration S] [--options JSON] [--no-bgio] [--no-echo] [--out FILE] [--cpu-prof DIR] [--processes 1|2] [--pin] [--url ws://HOST:PORT --pid N]',
  );
  process.exit(2);
}

function int(raw: string | undefined, name: string, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min) fail(`--${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return v;
}

export function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      game: { type: 'string', default: 'duel' },
      tables: { type: 'string' },
      seats: { type: 'string' },
      duration: { type: 'string' },
      think: { type: 'string', default: '50-150' },
      workers: { type: 'string' },
      settle: { type: 'string' },
      'echo-duration': { type: 'string' },
      echo: { type: 'boolean', default: true },
      'no-echo': { type: 'boolean', default: false },
      'no-bgio': { type: 'boolean', default: false },
      'bgio-duration': { type: 'string' },
      out: { type: 'string' },
      'cpu-prof': { type: 'string' },
      options: { type: 'string', default: '{}' },
      url: { type: 'string' },
      pid: { type: 'string' },
      processes: { type: 'string' },
      pin: { type: 'boolean', default: false },
    },
  });
  const game = values.game as GameId;
  if (!GAMES.includes(game)) fail(`--game must be one of ${GAMES.join(', ')}`);
  const think = /^(\d+)-(\d+)$/.exec(values.think!);
  if (!think || Number(think[1]) > Number(think[2])) fail(`--think must be a range of ms like 50-150, got "${values.think}"`);
  const tables = int(values.tables, 'tables', 50);
  const seats = int(values.seats, 'seats', 2, 2);
  const duration = int(values.duration, 'duration', 30);
  if (values.url && !values.pid) fail("--url needs --pid (the running server's process id, to read its CPU and memory)");
  if (values.pid && !values.url) fail('--pid needs --url');
  if (values['cpu-prof'] && values.url) fail('--cpu-prof profiles a server the harness starts: not with --url');
  if (values.processes !== undefined && values.url) fail('--processes starts the servers (with Redis and nginx): not with --url');
  const processes = values.processes === undefined ? null : int(values.processes, 'processes', 1);
  const pinned = values.pin ? pinSplit() : null;
  if (values.pin && values.url) fail('--pin places the servers the harness starts: not with --url');
  if (values.pin && processes !== null) fail('--pin gives one server process a core of its own: not with --processes');
  if (values.pin && !pinned) fail('--pin needs at least 2 cores (one for the server, the others for the load)');
  // With --pin the workers share the cores left to the load.
  const loadCores = pinned ? pinned.loadCores : os.availableParallelism();
  if (processes !== null && processes > 2) fail(`--processes must be 1 or 2 (the nginx template routes to two processes), got ${processes}`);
  const clients = tables * seats;
  let options: Record<string, unknown>;
  try {
    options = JSON.parse(values.options!);
  } catch {
    fail(`--options must be a JSON object of table options, got "${values.options}"`);
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) fail('--options must be a JSON object');
  const workers = Math.min(tables, int(values.workers, 'workers', Math.max(1, Math.min(loadCores, Math.ceil(clients / CLIENTS_PER_WORKER)))));
  return {
    game,
    tables,
    seats,
    clients,
    duration,
    think: [Number(think[1]), Number(think[2])] as [number, number],
    workers,
    options: { turnSeconds: 0, ...options },
    settle: int(values.settle, 'settle', 10, 0),
    echo: values.echo! && !values['no-echo'],
    echoDuration: int(values['echo-duration'], 'echo-duration', Math.min(duration, 20)),
    bgio: !values['no-bgio'],
    bgioDuration: int(values['bgio-duration'], 'bgio-duration', duration),
    out: values.out,
    cpuProf: values['cpu-prof'],
    url: values.url,
    pid: values.pid ? int(values.pid, 'pid', 0) : undefined,
    processes,
    pinned,
  };
}

/** An argument as a POSIX shell needs it written, so the printed command line runs as is. */
const shellQuote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const MiB = (b: number | null) => (b === null ? null : b / 1024 / 1024);

/** The built server, as tests/support/processes.ts starts it: no per-address HTTP limits, a fresh DATA_DIR. */
async function startServer(cpuProfDir?: string, place: (pid: number) => void = () => undefined): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const main = path.resolve(__dirname, '../main.js');
  if (!fs.existsSync(main)) fail(`${main} is missing: build first (npm run loadtest builds)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-loadtest-'));
  // Node writes the profile when the server exits (it does on SIGTERM, after its graceful shutdown).
  const profile = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProfDir)] : [];
  const server = launch('the server', process.execPath, [...profile, main], {
    env: {
      NODE_ENV: 'production', // as the Dockerfile runs it (and as the boardgame.io baseline runs)
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...NO_ADDRESS_LIMITS,
    },
    keep: 20_000,
  });
  // Whatever ends the runner (a failure, Ctrl-C) ends the server it started too.
  const cleanUp = () => {
    if (!server.gone()) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', cleanUp);
  try {
    place(server.child.pid!);
  } catch (err) {
    server.child.kill('SIGKILL');
    throw err;
  }
  await waitUntil(answers(`http://127.0.0.1:${port}/healthz`), server, 'answer /healthz', 20_000, 100).catch((err: Error) => {
    server.child.kill('SIGKILL');
    fail(err.message);
  });
  return {
    url: `ws://127.0.0.1:${port}`,
    pid: server.child.pid!,
    async stop() {
      await stopProc(server, 10_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Worker {
  child: ChildProcess;
  run<T extends WorkerMessage>(job: Job): Promise<T>;
}

async function startWorker(): Promise<Worker> {
  let output = '';
  const child = fork(path.join(__dirname, 'worker.js'), [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-5_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const next = <T extends WorkerMessage>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`a worker exited (${code}):\n${output}`));
      child.once('exit', onExit);
      child.once('message', (m: WorkerMessage) => {
        child.off('exit', onExit);
        if (m.type === 'failed') reject(new Error(`a worker failed: ${m.message}`));
        else resolve(m as T);
      });
    });
  await next();
  return {
    child,
    run<T extends WorkerMessage>(job: Job) {
      const answer = next<T>();
      child.send(job);
      return answer;
    },
  };
}

/** Splits `total` into `parts` near-equal shares. */
const shares = (total: number, parts: number) => Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
const merge = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
  return into;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** Each process's growth of a counter between two readings (null where either is unknown), and their total (null if any is). */
function growth(before: (number | null)[], after: (number | null)[]): { each: (number | null)[]; total: number | null } {
  const each = before.map((b, i) => (b === null || after[i] === null ? null : after[i]! - b));
  return { each, total: each.some((x) => x === null) ? null : sum(each as number[]) };
}
const pct = (cpu: number, wallMs: number) => (100 * cpu) / wallMs;

/** What the run measures: the server process(es), and with --processes nginx and redis-server beside them. */
interface Target {
  url: string;
  /** The game-server processes: one ("server"), or "s1", "s2"… behind nginx. */
  processes: { name: string; pid: number }[];
  cluster: Cluster | null;
  stop(): Promise<void>;
}

async function startTarget(o: ReturnType<typeof parseOptions>, place: (pid: number) => void): Promise<Target> {
  if (o.url) return { url: o.url, processes: [{ name: 'server', pid: o.pid! }], cluster: null, stop: async () => undefined };
  if (o.processes === null) {
    const server = await startServer(o.cpuProf, place);
    return { url: server.url, processes: [{ name: 'server', pid: server.pid }], cluster: null, stop: () => server.stop() };
  }
  const main = path.resolve(__dirname, '../main.js');
  if (!fs.existsSync(main)) fail(`${main} is missing: build first (npm run loadtest builds)`);
  const cluster = await startCluster({
    processes: o.processes,
    main,
    nodeArgs: o.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(o.cpuProf)] : [],
  });
  return { url: cluster.url, processes: cluster.servers.map((s) => ({ name: s.name, pid: s.pid })), cluster, stop: () => cluster.stop() };
}

/** CPU ms of a set of processes together (those it cannot read count 0); null when none can be read. */
const cpuOf = (pids: number[]): number | null => {
  const each = pids.map(cpuMs);
  return each.every((c) => c === null) ? null : sum(each.map((c) => c ?? 0));
};
const rssOf = (pids: number[]): number | null => {
  const each = pids.map(rssBytes);
  return each.every((b) => b === null) ? null : sum(each.map((b) => b ?? 0));
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const o = parseOptions(argv);
  const command = ['npm run loadtest --', ...argv.map(shellQuote)].join(' ');
  const loadavgBefore = os.loadavg();
  const startedAt = new Date().toISOString();
  const progress = (line: string) => process.stderr.write(`loadtest: ${line}\n`);
  // --pin: this process (and so the workers it forks) on the load's cores; each server, once started, on its own.
  if (o.pinned && !pin(process.pid, o.pinned.load)) fail('--pin: `taskset -a -p -c` failed (it is in util-linux)');
  const place = (pid: number) => {
    if (o.pinned && !pin(pid, o.pinned.server)) throw new Error(`--pin: could not pin process ${pid} to core ${o.pinned.server}`);
  };
  const target = await startTarget(o, place);
  const pids = target.processes.map((p) => p.pid);
  for (const pid of pids) if (cpuMs(pid) === null) fail(`cannot read /proc/${pid}/stat: is the server's process on this machine?`);
  const cluster = target.cluster;
  if (cluster)
    progress(
      `started: server pids ${pids.join(' ')}, nginx pids ${cluster.nginxPids().join(' ')}, redis-server pid ${cluster.redis.pid}; clients connect through nginx at ${cluster.url}`,
    );
  const workers = await Promise.all(Array.from({ length: o.workers }, () => startWorker()));

  try {
    // The game's run.
    const rssStart = pids.map(rssBytes);
    const rssPeak = rssStart.map((b) => b ?? 0);
    let rssPeakTotal = rssOf(pids) ?? 0;
    const sampler = setInterval(() => {
      pids.forEach((pid, i) => (rssPeak[i] = Math.max(rssPeak[i], rssBytes(pid) ?? 0)));
      rssPeakTotal = Math.max(rssPeakTotal, rssOf(pids) ?? 0);
    }, 250);
    progress(
      `${o.tables} ${o.game} tables × ${o.seats} seats for ${o.duration} s against ${target.url} (${cluster ? `${pids.length} server process(es) behind nginx, pids ${pids.join(' ')}` : `pid ${pids[0]}`}), ${o.workers} worker(s)`,
    );
    const nginxPids = cluster?.nginxPids() ?? [];
    const cpu0 = pids.map(cpuMs);
    const disk0 = pids.map(diskWriteBytes);
    const main0 = pids.map(mainThreadMs);
    const helpers0 = cluster ? { nginx: cpuOf(nginxPids), redis: cpuMs(cluster.redis.pid) } : null;
    const machine0 = machineCpuMs();
    const t0 = performance.now();
    const until = Date.now() + o.duration * 1000;
    const pending = Promise.all(
      shares(o.tables, o.workers).map((tables, i) =>
        workers[i].run<GameResult>({
          type: 'game',
          url: target.url,
          game: o.game,
          tables,
          seats: o.seats,
          options: o.options,
          think: o.think,
          until,
          worker: i,
        }),
      ),
    );
    // A worker that fails ends the run at once (with its reason), not at the deadline.
    await Promise.race([sleep(Math.max(0, until - Date.now())), pending]);
    const cpu1 = pids.map(cpuMs);
    const disk1 = pids.map(diskWriteBytes);
    const main1 = pids.map(mainThreadMs);
    const helpers1 = cluster ? { nginx: cpuOf(nginxPids), redis: cpuMs(cluster.redis.pid) } : null;
    const machine1 = machineCpuMs();
    const wallMs = performance.now() - t0;
    const rssEnd = pids.map(rssBytes);
    const rssEndTotal = rssOf(pids);
    rssEnd.forEach((b, i) => (rssPeak[i] = Math.max(rssPeak[i], b ?? 0)));
    rssPeakTotal = Math.max(rssPeakTotal, rssEndTotal ?? 0);
    const results = await pending;
    progress(`every table left; settling ${o.settle} s`);
    await sleep(o.settle * 1000);
    clearInterval(sampler);
    const rssSettled = pids.map(rssBytes);

    const game = summarizeGame(results, wallMs);
    const moves = game.moves;
    const byProcess: Record<string, ProcessShare> = {};
    for (const r of results)
      for (const [name, share] of Object.entries(r.byProcess ?? {})) {
        const into = (byProcess[name] ??= { tables: 0, games: 0, moves: 0 });
        into.tables += share.tables;
        into.games += share.games;
        into.moves += share.moves;
      }
    const { each: cpuEach, total: serverCpu } = growth(cpu0, cpu1);
    const serverDisk = growth(disk0, disk1).total;
    const perMove = (total: number | null) => (total === null || moves === 0 ? null : total / moves);
    const mainEach = pids.map((_, i) =>
      main0[i] === null || main1[i] === null
        ? null
        : { runningPercent: pct(main1[i]!.running - main0[i]!.running, wallMs), waitingPercent: pct(main1[i]!.waiting - main0[i]!.waiting, wallMs) },
    );
    const workerCpu = results.map((r) => pct(r.cpuMs, r.wallMs));
    const serverCpuPercent = serverCpu === null ? null : pct(serverCpu, wallMs);
    const rssStartTotal = rssStart.some((b) => b === null) ? null : sum(rssStart as number[]);
    const rssSettledTotal = rssSettled.some((b) => b === null) ? null : sum(rssSettled as number[]);
    const helperPct = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null ? null : pct(b - a, wallMs));

    // The baseline: the same load against boardgame.io's server running our Duel (Duel only: bgio-game.ts).
    let bgio: Report['bgio'] = null;
    let bgioNote: string | null = null;
    if (o.bgio && o.game !== 'duel') bgioNote = `not run: it wraps Duel only (bgio-game.ts), and this run is ${o.game}`;
    else if (o.bgio) {
      progress(`boardgame.io ${BGIO_VERSION} baseline: ${o.tables} duel tables × ${o.seats} seats for ${o.bgioDuration} s`);
      const baseline = await runBaseline(
        { tableShares: shares(o.tables, o.workers), seats: o.seats, options: o.options, think: o.think, durationS: o.bgioDuration, place },
        workers,
      );
      bgio = { ...baseline, ratios: bgioRatios({ game, server: { cpuMsPerMove: perMove(serverCpu) } }, baseline) };
    }

    // The floor: the same clients and think times against a bare ws echo server.
    let echo: Report['echo'] = null;
    if (o.echo) {
      progress(`raw ws echo floor: ${o.clients} clients for ${o.echoDuration} s`);
      const echoServer = fork(path.join(__dirname, 'echo.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      try {
        place(echoServer.pid!);
        const port = await new Promise<number>((resolve, reject) => {
          echoServer.once('message', (m: { port: number }) => resolve(m.port));
          echoServer.once('exit', () => reject(new Error('the echo server exited at start')));
        });
        const e0 = cpuMs(echoServer.pid!);
        const et0 = performance.now();
        const echoUntil = Date.now() + o.echoDuration * 1000;
        const echoes = await Promise.all(
          shares(o.clients, o.workers).map((clients, i) =>
            workers[i].run<EchoResult>({ type: 'echo', url: `ws://127.0.0.1:${port}`, clients, think: o.think, until: echoUntil }),
          ),
        );
        const e1 = cpuMs(echoServer.pid!);
        const echoWall = performance.now() - et0;
        echo = {
          clients: o.clients,
          messagesPerS: sum(echoes.map((r) => r.messages)) / (o.echoDuration || 1),
          roundTripMs: summarize(echoes.flatMap((r) => r.roundTrips)),
          errors: echoes.reduce((acc, r) => merge(acc, r.errors), {} as Record<string, number>),
          serverCpuPercent: e0 === null || e1 === null ? null : pct(e1 - e0, echoWall),
          generatorCpuPercent: sum(echoes.map((r) => pct(r.cpuMs, r.wallMs))),
        };
      } finally {
        echoServer.kill();
      }
    }

    const generatorCpuPercent = sum(workerCpu);
    const nginxCpuPercent = helperPct(helpers0?.nginx, helpers1?.nginx);
    const redisCpuPercent = helperPct(helpers0?.redis, helpers1?.redis);
    const report: Report = {
      command,
      startedAt,
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadavgBefore,
        loadavgAfter: os.loadavg(),
        busyPercent: machineBusyPercent(machine0, machine1),
      },
      config: {
        game: o.game,
        tables: o.tables,
        seats: o.seats,
        clients: o.clients,
        durationS: o.duration,
        think: o.think,
        workers: o.workers,
        options: o.options,
        settleS: o.settle,
        echoDurationS: o.echo ? o.echoDuration : null,
        bgioDurationS: bgio ? o.bgioDuration : null,
        serverStarted: !o.url,
        url: target.url,
        pid: pids[0],
        processes: o.processes,
        pinned: o.pinned,
      },
      game,
      server: {
        cpuPercent: serverCpuPercent,
        // Several processes: their main threads added up (each is listed in `cluster.perProcess`).
        mainThread: mainEach.some((m) => m === null)
          ? null
          : {
              runningPercent: sum(mainEach.map((m) => m!.runningPercent)),
              waitingPercent: sum(mainEach.map((m) => m!.waitingPercent)),
            },
        cpuMsPerMove: perMove(serverCpu),
        diskBytesPerMove: perMove(serverDisk),
        rssMiB: { start: MiB(rssStartTotal), peak: MiB(rssPeakTotal || null), end: MiB(rssEndTotal), settled: MiB(rssSettledTotal) },
        rssPerTableKiB: rssStartTotal === null || !rssPeakTotal ? null : (rssPeakTotal - rssStartTotal) / 1024 / o.tables,
      },
      generator: {
        cpuPercent: generatorCpuPercent,
        maxWorkerCpuPercent: Math.max(...workerCpu),
        belowServer: serverCpuPercent === null ? null : generatorCpuPercent < serverCpuPercent,
        workerSaturated: Math.max(...workerCpu) >= 90,
      },
      cluster: cluster
        ? {
            processes: pids.length,
            url: cluster.url,
            perProcess: target.processes.map((p, i) => ({
              name: p.name,
              pid: p.pid,
              cpuPercent: cpuEach[i] === null ? null : pct(cpuEach[i]!, wallMs),
              mainThread: mainEach[i],
              rssMiB: { start: MiB(rssStart[i]), peak: MiB(rssPeak[i] || null), end: MiB(rssEnd[i]), settled: MiB(rssSettled[i]) },
              ...(byProcess[p.name] ?? { tables: 0, games: 0, moves: 0 }),
            })),
            elsewhere: byProcess.direct ?? null,
            nginx: { pids: nginxPids, cpuPercent: nginxCpuPercent },
            redis: { pid: cluster.redis.pid, cpuPercent: redisCpuPercent },
            totalCpuPercent: serverCpuPercent === null ? null : serverCpuPercent + (nginxCpuPercent ?? 0) + (redisCpuPercent ?? 0) + generatorCpuPercent,
          }
        : null,
      bgio,
      bgioNote,
      echo,
    };
    process.stdout.write(markdown(report));
    if (o.out) fs.writeFileSync(o.out, JSON.stringify(report, null, 2) + '\n');
  } finally {
    for (const w of workers) if (w.child.connected) w.child.send({ type: 'exit' } satisfies Job);
    await target.stop();
    if (o.cpuProf) progress(`the server's CPU profile is in ${path.resolve(o.cpuProf)} (open it in Chrome DevTools' Performance tab)`);
  }
}

if (require.main === module) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(`loadtest: ${e?.stack ?? e}`);
      process.exit(1);
    },
  );
}
