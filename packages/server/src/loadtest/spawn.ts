/**
 * The processes around a game server (the built server itself, redis-server, nginx), started, awaited and stopped
 * the same way by the load harness (main.ts, cluster.ts) and by the end-to-end tests (tests/support/processes.ts):
 * one spawner, one wait, one stop, one set of redis-server arguments, one switch for the per-address limits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface Proc {
  name: string;
  child: ChildProcess;
  /** What it printed, stdout and stderr as they came (the last `keep` characters when launched with `keep`). */
  log(): string;
  /** Its exit code: null when a signal ended it, or when it never started. */
  exited: Promise<number | null>;
  /** True once it has ended, or when it never started (its program missing: the reason is in `log()`). */
  gone(): boolean;
}

export interface LaunchOptions {
  /** On top of this process's environment. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Everything it prints is also written to this file. */
  logFile?: string;
  /** Only the last this many characters of its output are kept in memory (a long load run); default: all of it. */
  keep?: number;
}

/** Starts a program with its output captured; a program that cannot start (not installed) shows as gone, with why. */
export function launch(name: string, command: string, args: string[], o: LaunchOptions = {}): Proc {
  let output = '';
  let failed = false;
  const child = spawn(command, args, { cwd: o.cwd, env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const file = o.logFile ? fs.createWriteStream(o.logFile) : null;
  const take = (d: Buffer) => {
    file?.write(d);
    output += d.toString();
    if (o.keep !== undefined && output.length > o.keep) output = output.slice(-o.keep);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      file?.end();
      resolve(code);
    });
    // A program that is not installed: no 'exit' ever comes, and an unheard 'error' would take the caller down.
    child.once('error', (err: NodeJS.ErrnoException) => {
      failed = true;
      output += `${name} could not start: ${err.message}${err.code === 'ENOENT' ? ` (is ${command} installed? \`npm test\` installs it)` : ''}\n`;
      file?.end();
      resolve(null);
    });
  });
  const gone = () => failed || child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
  return { name, child, log: () => output, exited, gone };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until `ready()`, checked every `every` ms; fails with the process's output when it ends first or after `ms`. */
export async function waitUntil(ready: () => Promise<boolean>, proc: Proc, what: string, ms: number, every = 50): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (proc.gone()) throw new Error(`${proc.name} exited early:\n${proc.log()}`);
    if (await ready()) return;
    if (Date.now() > until) throw new Error(`${proc.name} did not ${what} within ${ms} ms:\n${proc.log()}`);
    await sleep(every);
  }
}

/** True once something accepts connections on the loopback `port`. */
export const listening = (port: number) => (): Promise<boolean> =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/** True once `url` answers with a 2xx status. */
export const answers = (url: string) => (): Promise<boolean> =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

/**
 * Asks it to stop (`signal`), and kills it (SIGKILL) if it has not ended within `ms`. Always waits for the end: a
 * process left dying holds its output pipes open (jest reports a leak).
 */
export async function stopProc(proc: Proc, ms: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (proc.gone()) return;
  proc.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([proc.exited.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), ms)))]);
  clearTimeout(timer);
  if (timedOut) proc.child.kill('SIGKILL');
  await proc.exited;
}

/** The arguments of a redis-server on loopback that keeps nothing on disk (`dir`: where it may write at all). */
export const redisArgs = (port: number, dir?: string): string[] => [
  '--port',
  String(port),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
  ...(dir ? ['--dir', dir] : []),
];

/**
 * Every per-address HTTP limit off (0): load clients and tests drive hundreds of tables from 127.0.0.1. The flood
 * limits per connection stay as in production; a test that checks the address limits passes its own values.
 */
export const NO_ADDRESS_LIMITS: Record<string, string> = {
  LIMIT_LOOKUPS_PER_MINUTE: '0',
  LIMIT_CREATES_PER_MINUTE: '0',
  LIMIT_JOINS_PER_MINUTE: '0',
  LIMIT_RECONNECTS_PER_MINUTE: '0',
  LIMIT_MISSES_PER_MINUTE: '0',
};
