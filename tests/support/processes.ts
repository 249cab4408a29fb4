/**
 * Real processes for end-to-end tests: the built server, redis-server, nginx. Each is started on a free loopback
 * port and stopped by `stopAll()`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../packages/server/src/loadtest/cluster';
import { answers, launch, listening, NO_ADDRESS_LIMITS, redisArgs, stopProc, waitUntil, type Proc } from '../../packages/server/src/loadtest/spawn';

export const ROOT = path.resolve(__dirname, '../..');
export const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');
export const CLIENT_INDEX = path.join(ROOT, 'packages/client/dist/index.html');

/** A free loopback port: the load harness's (one writer of it). */
export { freePort };
/** A started process (the load harness's spawner, spawn.ts). */
export type { Proc };

const running = new Set<Proc>();

/** Starts a program from the repository's root, stopped by `stopAll()`. */
export function start(name: string, command: string, args: string[], env: Record<string, string> = {}): Proc {
  const proc = launch(name, command, args, { cwd: ROOT, env });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/**
 * The built game server, exactly as the Dockerfile's CMD runs it (with NO_ADDRESS_LIMITS unless `env` says otherwise).
 * It keeps its tables in a fresh temporary DATA_DIR unless `env` names one (never the repository's ./data).
 */
export function startServer(name: string, env: Record<string, string>): Proc {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error('packages/server/dist is missing: run `npm run build` first');
  return start(name, process.execPath, [SERVER_MAIN], { ...NO_ADDRESS_LIMITS, DATA_DIR: env.DATA_DIR ?? tempDataDir(), ...env });
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

export const waitForHttp = (url: string, proc: Proc, ms = 15_000): Promise<void> => waitUntil(answers(url), proc, `answer ${url}`, ms, 100);

export const waitForPort = (port: number, proc: Proc, ms = 10_000): Promise<void> => waitUntil(listening(port), proc, `listen on ${port}`, ms);

/** SIGTERM, then SIGKILL after `ms`. */
export const stop = (proc: Proc, ms = 5000): Promise<void> => stopProc(proc, ms);

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => stop(p)));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

/** A throw-away redis-server on a free loopback port (no persistence), stopped by `stopAll()`. */
export async function startRedis(name = 'redis-server'): Promise<{ proc: Proc; port: number; url: string }> {
  const port = await freePort();
  const proc = start(name, 'redis-server', redisArgs(port));
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
