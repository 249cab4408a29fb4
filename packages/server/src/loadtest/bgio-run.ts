/**
 * The boardgame.io baseline's run (issue 16), after our server's: boardgame.io 0.50.2's server in a process of its
 * own (bgio-server.ts), the load test's workers playing the same tables, seats, think times and options against it
 * (their `bgio` job, bgio-client.ts), its CPU, main thread and RSS read from /proc exactly as our server's are.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuMs, diskWriteBytes, machineBusyPercent, machineCpuMs, mainThreadMs, rssBytes } from './proc';
import { summarizeGame, type BgioSection } from './report';
import type { BgioJob, BgioResult, WorkerMessage } from './protocol';

/** The boardgame.io the baseline runs (its package.json, as installed). */
export const BGIO_VERSION: string = JSON.parse(fs.readFileSync(require.resolve('boardgame.io/package.json'), 'utf8')).version;

export interface BaselineOptions {
  /** Tables per worker (their sum: --tables). */
  tableShares: number[];
  seats: number;
  options: Record<string, unknown>;
  think: [number, number];
  durationS: number;
  /** Places boardgame.io's server process once started (--pin: on the server's core). */
  place?: (pid: number) => void;
}

interface BgioWorker {
  run<T extends WorkerMessage>(job: BgioJob): Promise<T>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pct = (cpu: number, wallMs: number) => (100 * cpu) / wallMs;
const MiB = (b: number | null) => (b === null ? null : b / 1024 / 1024);

/** Starts boardgame.io's server, runs the load against it for `durationS`, stops it; everything but the ratios. */
export async function runBaseline(o: BaselineOptions, workers: BgioWorker[]): Promise<Omit<BgioSection, 'ratios'>> {
  // Production mode, as a deployment runs it: no per-move serializability check, no logging (bgio-server.ts). What
  // it writes is kept, not shown: a client leaving races its socket's close, and boardgame.io logs "metadata not
  // found" when the close is handled after the leave wiped the match (the Lobby API's own order, harmless).
  const child = fork(path.join(__dirname, 'bgio-server.js'), [], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-5_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  try {
    o.place?.(child.pid!);
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`boardgame.io's server exited at start (${code}):\n${output}`)));
    });
    const pid = child.pid!;
    const url = `http://127.0.0.1:${port}`;
    const rssStart = rssBytes(pid);
    let rssPeak = rssStart ?? 0;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(pid) ?? 0)), 250);
    const cpu0 = cpuMs(pid);
    const disk0 = diskWriteBytes(pid);
    const main0 = mainThreadMs(pid);
    const loadavgBefore = os.loadavg();
    const machine0 = machineCpuMs();
    const t0 = performance.now();
    const until = Date.now() + o.durationS * 1000;
    const pending = Promise.all(
      o.tableShares.map((tables, i) =>
        workers[i].run<BgioResult>({ type: 'bgio', server: url, tables, seats: o.seats, options: o.options, think: o.think, until, worker: i }),
      ),
    );
    await Promise.race([sleep(Math.max(0, until - Date.now())), pending]);
    const cpu1 = cpuMs(pid);
    const disk1 = diskWriteBytes(pid);
    const main1 = mainThreadMs(pid);
    const machine1 = machineCpuMs();
    const wallMs = performance.now() - t0;
    const rssEnd = rssBytes(pid);
    rssPeak = Math.max(rssPeak, rssEnd ?? 0);
    const results = await pending;
    clearInterval(sampler);

    const game = summarizeGame(results, wallMs);
    const cpu = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
    const cpuPercent = cpu === null ? null : pct(cpu, wallMs);
    const workerCpu = results.map((r) => pct(r.cpuMs, r.wallMs));
    const tables = sum(o.tableShares);
    return {
      version: BGIO_VERSION,
      durationS: o.durationS,
      url,
      pid,
      game,
      server: {
        cpuPercent,
        mainThread:
          main0 === null || main1 === null
            ? null
            : { runningPercent: pct(main1.running - main0.running, wallMs), waitingPercent: pct(main1.waiting - main0.waiting, wallMs) },
        cpuMsPerMove: cpu === null || game.moves === 0 ? null : cpu / game.moves,
        diskBytesPerMove: disk0 === null || disk1 === null || game.moves === 0 ? null : (disk1 - disk0) / game.moves,
        rssMiB: { start: MiB(rssStart), peak: MiB(rssPeak || null), end: MiB(rssEnd) },
        rssPerTableKiB: rssStart === null || !rssPeak ? null : (rssPeak - rssStart) / 1024 / tables,
      },
      machine: {
        loadavgBefore,
        loadavgAfter: os.loadavg(),
        busyPercent: machineBusyPercent(machine0, machine1),
      },
      generator: {
        cpuPercent: sum(workerCpu),
        maxWorkerCpuPercent: Math.max(...workerCpu),
        belowServer: cpuPercent === null ? null : sum(workerCpu) < cpuPercent,
        workerSaturated: Math.max(...workerCpu) >= 90,
      },
    };
  } finally {
    child.kill();
  }
}
