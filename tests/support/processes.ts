/**
 * Real processes for end-to-end tests: the built server, redis-server, nginx. Each is started on a free loopback
 * port and stopped by `stopAll()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../packages/server/src/loadtest/cluster';

export const ROOT = path.resolve(__dirname, '../..');
export const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');
export const CLIENT_INDEX = path.join(ROOT, 'packages/client/dist/index.html');

/** A free loopback port: the load harness's (one writer of it). */
export { freePort };

export interface Proc {
  name: string;
  child: ChildProcess;
  log(): string;
  exited: Promise<number | null>;
  /** True once the process has ended, or never started (its program missing: the reason is in `log()`). */
  gone(): boolean;
}

const running = new Set<Proc>();

export function start(name: string, command: string, args: string[], env: Record<string, string> = {}): Proc {
  let output = '';
  let failed = false;
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    // A program that is not installed: no 'exit' ever comes, and an unheard 'error' would take the test file down.
    child.once('error', (err: NodeJS.ErrnoException) => {
      failed = true;
      output += `${name} could not start: ${err.message}${err.code === 'ENOENT' ? ` (is ${command} installed? \`npm test\` installs it)` : ''}\n`;
      resolve(null);
    });
  });
  const proc: Proc = { name, child, log: () => output, exited, gone: () => failed || child.exitCode !== null || child.signalCode !== null };
  running.add(proc);
  void exited.then(() => running.delete(proc));
  return proc;
}

/**
 * The per-client HTTP limits switched off (0): tests drive hundreds of tables from one loopback address. A test
 * that checks the limits passes its own values, which win.
 */
export const NO_HTTP_LIMITS: Record<string, string> = {
  LIMIT_LOOKUPS_PER_MINUTE: '0',
  LIMIT_CREATES_PER_MINUTE: '0',
  LIMIT_JOINS_PER_MINUTE: '0',
  LIMIT_RECONNECTS_PER_MINUTE: '0',
  LIMIT_MISSES_PER_MINUTE: '0',
};

/**
 * The built game server, exactly as the Dockerfile's CMD runs it (with NO_HTTP_LIMITS unless `env` says otherwise).
 * It keeps its tables in a fresh temporary DATA_DIR unless `env` names one (never the repository's ./data).
 */
export function startServer(name: string, env: Record<string, string>): Proc {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error('packages/server/dist is missing: run `npm run build` first');
  return start(name, process.execPath, [SERVER_MAIN], { ...NO_HTTP_LIMITS, DATA_DIR: env.DATA_DIR ?? tempDataDir(), ...env });
}

const dataDirs = new Set<string>();

/** A fresh, empty folder for a server's DATA_DIR (removed by `stopAll()`). */
export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-data-'));
  dataDirs.add(dir);
  return dir;
}

/** `kill -9`: the process dies at once, mid-write or not, with no chance to tell anyone. */
export async function killHard(proc: Proc): Promise<void> {
  if (proc.gone()) return;
  proc.child.kill('SIGKILL');
  await proc.exited;
}

export async function waitForHttp(url: string, proc: Proc, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.gone()) throw new Error(`${proc.name} exited early:\n${proc.log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${proc.name} did not answer ${url} within ${ms} ms:\n${proc.log()}`);
}

export async function waitForPort(port: number, proc: Proc, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.gone()) throw new Error(`${proc.name} exited early:\n${proc.log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${proc.name} did not listen on ${port} within ${ms} ms:\n${proc.log()}`);
}

export async function stop(proc: Proc, ms = 5000): Promise<void> {
  if (proc.gone()) return;
  proc.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([proc.exited.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), ms)))]);
  clearTimeout(timer);
  if (!timedOut) return;
  // (awaited: a process left dying holds its output pipes open past the test file, and jest reports a leak)
  proc.child.kill('SIGKILL');
  await proc.exited;
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => stop(p)));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

/** A throw-away redis-server on a free loopback port (no persistence), stopped by `stopAll()`. */
export async function startRedis(name = 'redis-server'): Promise<{ proc: Proc; port: number; url: string }> {
  const port = await freePort();
  const proc = start(name, 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await waitForPort(port, proc);
  return { proc, port, url: `redis://127.0.0.1:${port}` };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for `predicate` (checked every 20 ms); past `ms`, fails naming `what`, with the end of the server's log when
 * `proc` gives the server (the durability tests' servers come and go).
 */
export async function untilServer(predicate: () => boolean | Promise<boolean>, what: string, ms: number, proc?: () => Proc): Promise<void> {
  const end = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${proc ? `\nserver log:\n${proc().log().slice(-6000)}` : ''}`);
    await sleep(20);
  }
}
