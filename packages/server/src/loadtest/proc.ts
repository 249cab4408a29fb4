/**
 * What the harness reads about another process from /proc (Linux): its CPU time (utime + stime) and its resident
 * memory (VmRSS). The server's figures come from here, never from inside the server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

let ticks: number | null = null;
/** Clock ticks per second of /proc/PID/stat's times (`getconf CLK_TCK`, 100 on every common Linux). */
export function clockTicks(): number {
  if (ticks === null) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

/** CPU time (user + system) the process has used so far, in ms; null when it cannot be read. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 (utime) and 15 (stime) of the whole line are the 12th and 13th after the name.
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return ((utime + stime) * 1000) / clockTicks();
  } catch {
    return null;
  }
}

/**
 * The process's main thread as the scheduler saw it, in ms (/proc/PID/schedstat): time on a CPU, and time it waited
 * for one while ready to run (the run queue); null when it cannot be read. On a shared machine, latency that is not
 * the server's own work shows in the wait. (utime + stime of /proc/PID/stat also count V8's and libuv's helper threads.)
 */
export function mainThreadMs(pid: number): { running: number; waiting: number } | null {
  try {
    const [running, waiting] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return Number.isFinite(running) && Number.isFinite(waiting) ? { running: running / 1e6, waiting: waiting / 1e6 } : null;
  } catch {
    return null;
  }
}

/** Resident memory of the process, in bytes (VmRSS); null when it cannot be read. */
export function rssBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Bytes the process has caused to be written to storage so far (/proc/PID/io `write_bytes`, all its threads: for our
 * server its SQLite log, WAL and checkpoints); null when it cannot be read (a kernel without I/O accounting).
 */
export function diskWriteBytes(pid: number): number | null {
  try {
    const m = /^write_bytes:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The p-th percentile (0–100) of ascending `sorted` (nearest rank); null for no samples. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface Percentiles {
  samples: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

export function summarize(samples: number[]): Percentiles {
  const sorted = Float64Array.from(samples).sort();
  const arr = Array.from(sorted);
  return { samples: arr.length, p50: percentile(arr, 50), p95: percentile(arr, 95), p99: percentile(arr, 99), max: arr.length ? arr[arr.length - 1] : null };
}

/** The processes whose parent is `pid` (their /proc/PID/stat's 4th field), e.g. nginx's workers under its master. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The process exists and has not exited (a zombie, exited but not yet reaped by its parent, counts as gone). */
export function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * The whole machine's CPU so far (/proc/stat's first line), in ms of one core: busy (everything but idle and iowait)
 * and total; null when it cannot be read. Over a run, busy / wall time says how much of the cores anything used:
 * the measured processes, and whatever else runs on the machine.
 */
export function machineCpuMs(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const f = line.trim().split(/\s+/).slice(1, 9).map(Number); // user nice system idle iowait irq softirq steal
    if (f.length < 8 || f.some((x) => !Number.isFinite(x))) return null;
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: ((total - f[3] - f[4]) * 1000) / clockTicks(), total: (total * 1000) / clockTicks() };
  } catch {
    return null;
  }
}

/**
 * How busy the whole machine was between two machineCpuMs() readings, as a percentage of one core (every core
 * together: 100 per core, as the CPU figures); null without both readings.
 */
export function machineBusyPercent(before: { busy: number; total: number } | null, after: { busy: number; total: number } | null): number | null {
  if (before === null || after === null || after.total === before.total) return null;
  return (100 * os.cpus().length * (after.busy - before.busy)) / (after.total - before.total);
}

/**
 * Pins a process and every thread it has to the CPUs `cpus` ("1", "0-2": Linux `taskset -a -p -c`); threads it
 * starts later inherit that. False when it cannot be done (no taskset, not Linux, no such process).
 */
export function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `--pin`'s split of the machine: the server process(es) alone on the last core, the harness and its workers on the
 * others. Null on one core (nothing to split).
 */
export function pinSplit(cpus = os.cpus().length): { server: string; load: string; loadCores: number } | null {
  if (cpus < 2) return null;
  return { server: String(cpus - 1), load: cpus === 2 ? '0' : `0-${cpus - 2}`, loadCores: cpus - 1 };
}
