/**
 * Several game-server processes on one machine, as docker-compose.yml runs them (issue 16): redis-server, N built
 * server processes sharing it, and nginx in front with the very config template docker-compose uses
 * (deploy/nginx/tumbleweed.conf.template), all on free loopback ports.
 *
 * The template is rendered here and only here: the load harness (`npm run loadtest -- --processes N`) and
 * tests/scale/scale.test.ts both write their nginx.conf with `writeNginxConfig`.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { alive, childrenOf } from './proc';
import { answers, launch, listening, NO_ADDRESS_LIMITS, redisArgs, stopProc, waitUntil, type Proc } from './spawn';

/** The nginx site docker-compose.yml mounts into the nginx image (same depth from src/loadtest and dist/loadtest). */
export const NGINX_TEMPLATE = path.resolve(__dirname, '../../../../deploy/nginx/tumbleweed.conf.template');

/** The same substitution the nginx image does with envsubst: only the named variables, nginx's own $vars stay. */
export function render(template: string, vars: Record<string, string>): string {
  return template.replace(/\$\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

export interface NginxSite {
  /** What the proxy listens on, e.g. "127.0.0.1:8080". */
  listen: string;
  /** host:port of each game-server process, in order: "/s1/" routes to the first, "/s2/" to the second. */
  servers: string[];
  /** nginx's worker processes: 1 (the tests), or "auto" (one per core, as the nginx image's own nginx.conf). */
  workerProcesses?: number | 'auto';
}

/**
 * Writes `dir`/conf.d/tumbleweed.conf (the template, rendered) and `dir`/nginx.conf around it (in the foreground,
 * everything nginx writes kept in `dir`); returns nginx's arguments. The template names two processes: with one,
 * both names are the same process (so "/s1/" and the "any" upstream reach it, and nothing else changes).
 */
export function writeNginxConfig(dir: string, site: NginxSite): string[] {
  const [first, second = first] = site.servers;
  if (!first || site.servers.length > 2) throw new Error(`the nginx template routes to 1 or 2 processes, not ${site.servers.length}`);
  fs.mkdirSync(path.join(dir, 'conf.d'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'conf.d/tumbleweed.conf'),
    render(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), { LISTEN_PORT: site.listen, SERVER_1: first, SERVER_2: second }),
  );
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `worker_processes ${site.workerProcesses ?? 1};`,
      'daemon off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log ${process.env.LOADTEST_NGINX_LOG ?? 'warn'};`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/conf.d/*.conf;`,
      '}',
    ].join('\n') + '\n',
  );
  return ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'error.log')];
}

/**
 * The kernel's ephemeral ports (/proc/sys/net/ipv4/ip_local_port_range): those it hands to `listen(0)` and to every
 * outgoing connection. A port it gave us and took back could be the next connection's local port a moment later.
 */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2048 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** Ports this process hands out: a block of its own below the ephemeral range (see freePort), taken at the first call. */
const BLOCK = 500;
let block: { start: number; end: number } | null = null;
let nextPort = 0;

function portBlock(): { start: number; end: number } {
  const low = ephemeralLow();
  const floor = Math.max(10_000, low - 20 * BLOCK);
  const blocks = Math.floor((low - floor) / BLOCK);
  // One block per jest worker (two test files running at once never count through the same ports); outside jest
  // (the load harness, the benches) a block by process id.
  const worker = Number(process.env.JEST_WORKER_ID) || 0;
  const index = worker > 0 ? (worker - 1) % blocks : process.pid % blocks;
  const start = floor + index * BLOCK;
  return { start, end: start + BLOCK };
}

/** True when a server could listen on `port` on every address, as the game server does. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, () => srv.close(() => resolve(true)));
  });
}

/**
 * A port for a process about to be started (a game server, redis-server, nginx). Never one from the kernel's
 * ephemeral range: a CI run once had `listen(0)` hand out 39627, then an outgoing connection of another test took it
 * as its local port before the game server was told to listen there (EADDRINUSE, five scale tests failed). These
 * ports are counted through a block of this process's own, from a random place in it, each checked free first.
 */
export async function freePort(): Promise<number> {
  if (!block) {
    block = portBlock();
    nextPort = block.start + Math.floor(Math.random() * BLOCK);
  }
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = nextPort++;
    if (nextPort >= block.end) nextPort = block.start;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${block.start}–${block.end - 1}`);
}

/** How much of each process's output stays in memory (a server's is all in its log file), and how long each may take to start. */
const KEEP = 20_000;
const START_MS = 20_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface ClusterOptions {
  processes: number;
  /** The built server's entry (packages/server/dist/main.js). */
  main: string;
  /** Node's flags before it, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** On top of the environment every process gets. */
  env?: Record<string, string>;
  /** nginx's worker processes (default "auto", as the nginx image runs it). */
  nginxWorkers?: number | 'auto';
}

export interface Cluster {
  /** Where clients connect: nginx. */
  url: string;
  /** The game-server processes, "s1", "s2"… as nginx routes to them. */
  servers: { name: string; pid: number; port: number }[];
  redis: { pid: number; port: number };
  /** nginx's master process; its workers are `nginxPids()`' others. */
  nginx: { pid: number; port: number };
  /** nginx's master and its workers, now. */
  nginxPids(): number[];
  /** Every process the cluster started (servers, nginx's master and workers, redis-server). */
  pids(): number[];
  /** Stops the servers (SIGTERM: their graceful shutdown), then nginx, then redis-server, and removes their folders. */
  stop(): Promise<void>;
}

/**
 * Starts redis-server, `processes` built servers sharing it (each its own PORT, DATA_DIR and PUBLIC_ADDRESS
 * "<proxy>/sN", TRUST_PROXY=1, per-address limits off) and nginx in front, and waits until each answers. Whatever
 * ends this process (a failure, Ctrl-C, process.exit) kills all of them: none is left running.
 *
 * Everything is in one temporary folder: nginx's error.log (level warn; LOADTEST_NGINX_LOG=info for more), each
 * server's output (s1.log…, at LOG_LEVEL) and data. `stop()` removes it, unless LOADTEST_KEEP_DIR is set.
 */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  if (o.processes < 1 || o.processes > 2) throw new Error(`the nginx template routes to 1 or 2 processes, not ${o.processes}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-cluster-'));
  const started: Proc[] = [];
  let nginxMaster: Proc | null = null;
  /** Synchronous, for process 'exit': nginx's workers first found (they outlive a killed master), then everyone. */
  const killAll = () => {
    const workers = nginxMaster?.child.pid ? childrenOf(nginxMaster.child.pid) : [];
    for (const p of started) if (!p.gone()) p.child.kill('SIGKILL');
    for (const pid of workers) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('exit', killAll);

  try {
    const ports = { redis: await freePort(), proxy: await freePort(), servers: [] as number[] };
    for (let i = 0; i < o.processes; i++) ports.servers.push(await freePort());

    fs.mkdirSync(path.join(tmp, 'redis'));
    const redis = launch('redis-server', 'redis-server', redisArgs(ports.redis, path.join(tmp, 'redis')), { keep: KEEP });
    started.push(redis);
    await waitUntil(listening(ports.redis), redis, `listen on port ${ports.redis}`, START_MS);

    const servers = ports.servers.map((port, i) => {
      const name = `s${i + 1}`;
      const dataDir = path.join(tmp, `data-${name}`);
      fs.mkdirSync(dataDir);
      const env = {
        NODE_ENV: 'production', // as docker-compose.yml runs them
        ...NO_ADDRESS_LIMITS,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...o.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
        PUBLIC_ADDRESS: `127.0.0.1:${ports.proxy}/${name}`,
        TRUST_PROXY: '1',
      };
      const proc = launch(`server ${name}`, process.execPath, [...(o.nodeArgs ?? []), o.main], { env, logFile: path.join(tmp, `${name}.log`), keep: KEEP });
      started.push(proc);
      return { name, port, proc };
    });

    const nginxDir = path.join(tmp, 'nginx');
    fs.mkdirSync(nginxDir);
    const args = writeNginxConfig(nginxDir, {
      listen: `127.0.0.1:${ports.proxy}`,
      servers: ports.servers.map((p) => `127.0.0.1:${p}`),
      workerProcesses: o.nginxWorkers ?? 'auto',
    });
    const nginx = launch('nginx', process.env.NGINX ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'), args, { keep: KEEP });
    nginxMaster = nginx;
    started.push(nginx);

    for (const s of servers) await waitUntil(answers(`http://127.0.0.1:${s.port}/healthz`), s.proc, 'answer /healthz', START_MS, 100);
    await waitUntil(answers(`http://127.0.0.1:${ports.proxy}/healthz`), nginx, 'answer /healthz through the proxy', START_MS, 100);

    const nginxPids = () => [nginx.child.pid!, ...childrenOf(nginx.child.pid!)];
    return {
      url: `ws://127.0.0.1:${ports.proxy}`,
      servers: servers.map((s) => ({ name: s.name, pid: s.proc.child.pid!, port: s.port })),
      redis: { pid: redis.child.pid!, port: ports.redis },
      nginx: { pid: nginx.child.pid!, port: ports.proxy },
      nginxPids,
      pids: () => [...servers.map((s) => s.proc.child.pid!), ...nginxPids(), redis.child.pid!],
      async stop() {
        // The servers first (a stopping server writes its tables to Redis), then the proxy, then Redis.
        await Promise.all(servers.map((s) => stopProc(s.proc, 10_000)));
        const workers = childrenOf(nginx.child.pid!);
        await stopProc(nginx, 5_000); // nginx's fast shutdown: the master stops its workers
        for (const pid of workers) {
          const until = Date.now() + 2_000;
          while (alive(pid) && Date.now() < until) await sleep(20);
          if (alive(pid)) process.kill(pid, 'SIGKILL');
        }
        await stopProc(redis, 5_000);
        process.off('exit', killAll);
        if (process.env.LOADTEST_KEEP_DIR) process.stderr.write(`cluster: kept ${tmp} (nginx/error.log, s1.log…, data-s1…)\n`);
        else fs.rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (e) {
    killAll();
    process.off('exit', killAll);
    throw e;
  }
}
