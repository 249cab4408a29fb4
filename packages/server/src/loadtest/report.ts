/** The load test's report: one JSON object (--out FILE) and a markdown table, one row per measure. */
import type { Percentiles } from './proc';

export interface Report {
  /** The exact command line of the run. */
  command: string;
  startedAt: string;
  machine: {
    cpus: number;
    node: string;
    loadavgBefore: number[];
    loadavgAfter: number[];
    /** The whole machine's busy CPU over the run (/proc/stat), % of one core (of cpus × 100): this run's processes and anything else. */
    busyPercent?: number | null;
  };
  config: {
    game: string;
    tables: number;
    seats: number;
    clients: number;
    durationS: number;
    think: [number, number];
    workers: number;
    options: Record<string, unknown>;
    settleS: number;
    echoDurationS: number | null;
    /** The harness started the server itself (else --url/--pid named a running one). */
    serverStarted: boolean;
    url: string;
    /** The (first) server process. */
    pid: number;
    /** --processes: that many server processes behind nginx, sharing a redis-server; null: one process, clients straight to it. */
    processes?: number | null;
  };
  game: {
    /** Intents seen applied (the state showing them arrived) within the run. */
    moves: number;
    movesPerS: number;
    /** Intent sent → the first state patch in which the sending seat's key changed. */
    latencyMs: Percentiles;
    gamesFinished: number;
    gamesPerS: number;
    tablesStarted: number;
    /**
     * Creates and joins that succeeded within the run: matchmaking request → joined room, ms. A slow one is not an
     * error: a client waits up to 30 s for the answer, as a browser does (client.ts); past it, JOIN_TIMEOUT.
     */
    joinMs?: Percentiles;
    /** Intents a client held back (and sent later) to stay within the server's flood limit (pace.ts). */
    heldIntents?: number;
    /**
     * Refusals (`error` messages) and failed creates/joins by code: JOIN_TIMEOUT (no answer within 30 s), JOIN_FAILED
     * with the reason, STALLED tables.
     */
    errors: Record<string, number>;
    errorsTotal: number;
    disconnects: Record<string, number>;
    disconnectsTotal: number;
    /** Raw WebSocket frames and bytes one client receives over one finished game (join to leave), mean over them. */
    perClientPerGame: {
      samples: number;
      frames: number | null;
      bytes: number | null;
      /** What the client's TCP socket read over the game: upgrade response, frame headers, compressed payloads. */
      wireBytes?: number | null;
      framesByKind: Record<string, number>;
      bytesByKind?: Record<string, number>;
    };
  };
  server: {
    /** utime + stime over the run, as % of one core (several processes: added up). */
    cpuPercent: number | null;
    /**
     * The server's main thread (/proc/PID/schedstat), % of the run: on a CPU, and waiting for one while ready to run
     * (the machine's share of the latency, not the server's work). Their sum near 100: its event loop was never idle.
     */
    mainThread: { runningPercent: number; waitingPercent: number } | null;
    cpuMsPerMove: number | null;
    rssMiB: { start: number | null; peak: number | null; end: number | null; settled: number | null };
    /** (peak − start) / tables. */
    rssPerTableKiB: number | null;
  };
  /** --processes: each server process, and the proxy and Redis that share the machine's cores with them. */
  cluster?: null | {
    processes: number;
    /** nginx's address, where the clients connected. */
    url: string;
    perProcess: {
      /** "s1", "s2": the prefix nginx routes to it. */
      name: string;
      pid: number;
      cpuPercent: number | null;
      mainThread: { runningPercent: number; waitingPercent: number } | null;
      rssMiB: { start: number | null; peak: number | null; end: number | null; settled: number | null };
      /** Tables started on it, games finished and moves seen applied there within the run. */
      tables: number;
      games: number;
      moves: number;
    }[];
    /** Tables whose seats were not behind a /sN/ prefix of the proxy (none expected). */
    elsewhere: { tables: number; games: number; moves: number } | null;
    /** nginx's master and workers together, % of one core. */
    nginx: { pids: number[]; cpuPercent: number | null };
    redis: { pid: number; cpuPercent: number | null };
    /** Servers + nginx + redis-server + the load generator, % of one core: what the run asked of the machine. */
    totalCpuPercent: number | null;
  };
  generator: {
    /** All workers together over the run, % of one core. */
    cpuPercent: number;
    /** The busiest worker, % of one core. */
    maxWorkerCpuPercent: number;
    /** All load-generating processes together used less CPU than the server did (else the figures are the generator's as much as the server's). */
    belowServer: boolean | null;
    /** A worker used ≥ 90% of a core: it, not the server, may be what limits the load (use more --workers). */
    workerSaturated: boolean;
  };
  echo: null | {
    clients: number;
    messagesPerS: number;
    roundTripMs: Percentiles;
    errors: Record<string, number>;
    /** The echo server process, % of one core. */
    serverCpuPercent: number | null;
    generatorCpuPercent: number;
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const n = (x: number | null | undefined, digits = 1): string => (x === null || x === undefined ? '—' : x.toFixed(digits));
const counts = (c: Record<string, number>): string => {
  const parts = Object.entries(c)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`);
  return parts.length ? parts.join(', ') : 'none';
};

const kinds = (c: Record<string, number>): string => {
  const parts = Object.entries(c)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)}`);
  return parts.length ? parts.join(', ') : '—';
};

/** Joins that failed for being slow: what the run's own figures say about why. */
const SLOW_JOINS = ['JOIN_TIMEOUT', 'SEAT_RESERVATION_EXPIRED'];
function overloaded(r: Report): string {
  const slow = SLOW_JOINS.filter((k) => r.game.errors[k]);
  if (!slow.length) return '';
  const main = r.server.mainThread;
  return `; ${slow.join(' and ')}: joins slower than the server allows (an overloaded server: creates and joins p95 ${n(r.game.joinMs?.p95 ?? null, 0)} ms${main ? `, its main thread waiting for a CPU ${n(main.waitingPercent)}% of the run` : ''}${r.machine.busyPercent == null ? '' : `, cores ${n(r.machine.busyPercent)}% busy of ${r.machine.cpus * 100}`})`;
}

export function markdown(r: Report): string {
  const e = r.echo;
  const several = r.cluster && r.cluster.processes > 1 ? `; ${r.cluster.processes} processes added up` : '';
  const rows: [string, string, string][] = [
    [
      'load',
      `${r.config.tables} ${r.config.game} tables × ${r.config.seats} seats = ${r.config.clients} clients, ${r.config.durationS} s, think ${r.config.think[0]}–${r.config.think[1]} ms, ${r.config.workers} worker(s), options ${JSON.stringify(r.config.options)}${r.cluster ? `; ${r.cluster.processes} server process(es) sharing a redis-server, the clients through nginx` : ''}`,
      e ? `${e.clients} clients, ${r.config.echoDurationS} s, same think` : '—',
    ],
    ['throughput (/s)', `${n(r.game.movesPerS)} moves/s (${r.game.moves} moves)`, e ? `${n(e.messagesPerS)} echoes/s` : '—'],
    ['latency p50 (ms)', n(r.game.latencyMs.p50, 2), e ? n(e.roundTripMs.p50, 2) : '—'],
    ['latency p95 (ms)', n(r.game.latencyMs.p95, 2), e ? n(e.roundTripMs.p95, 2) : '—'],
    ['latency p99 (ms)', n(r.game.latencyMs.p99, 2), e ? n(e.roundTripMs.p99, 2) : '—'],
    ['latency max (ms)', n(r.game.latencyMs.max, 2), e ? n(e.roundTripMs.max, 2) : '—'],
    ['games finished', `${r.game.gamesFinished} (${n(r.game.gamesPerS, 2)}/s), ${r.game.tablesStarted} tables started`, '—'],
    [
      'creates and joins: request → joined, p50 / p95 / max (ms)',
      r.game.joinMs ? `${n(r.game.joinMs.p50, 0)} / ${n(r.game.joinMs.p95, 0)} / ${n(r.game.joinMs.max, 0)} (${r.game.joinMs.samples})` : '—',
      '—',
    ],
    ['intents held back for the flood limit', r.game.heldIntents === undefined ? '—' : String(r.game.heldIntents), '—'],
    ['errors', `${r.game.errorsTotal} (${counts(r.game.errors)})${overloaded(r)}`, e ? counts(e.errors) : '—'],
    ['disconnects', `${r.game.disconnectsTotal} (${counts(r.game.disconnects)})`, '—'],
    [`server CPU (% of one core${several})`, n(r.server.cpuPercent), e ? n(e.serverCpuPercent) : '—'],
    [
      `server main thread: on a CPU / waiting for one (% of the run${several})`,
      r.server.mainThread ? `${n(r.server.mainThread.runningPercent)} / ${n(r.server.mainThread.waitingPercent)}` : '—',
      '—',
    ],
    ['server CPU per move (ms)', n(r.server.cpuMsPerMove, 3), '—'],
    [
      'generator CPU (% of one core)',
      `${n(r.generator.cpuPercent)} (busiest worker ${n(r.generator.maxWorkerCpuPercent)}${r.generator.belowServer === false ? "; NOT below the server's" : ''}${r.generator.workerSaturated ? '; a worker is saturated: use more --workers' : ''})`,
      e ? n(e.generatorCpuPercent) : '—',
    ],
    ['server RSS start / peak / end (MiB)', `${n(r.server.rssMiB.start)} / ${n(r.server.rssMiB.peak)} / ${n(r.server.rssMiB.end)}`, '—'],
    [`server RSS ${r.config.settleS} s after all tables closed (MiB)`, n(r.server.rssMiB.settled), '—'],
    ['RSS per table (KiB)', n(r.server.rssPerTableKiB, 0), '—'],
    ['frames per client per game', n(r.game.perClientPerGame.frames), '—'],
    ['frames per client per game, by kind', kinds(r.game.perClientPerGame.framesByKind), '—'],
    ['bytes per client per game', `${n(r.game.perClientPerGame.bytes, 0)} (${r.game.perClientPerGame.samples} client-games)`, '—'],
    ['bytes on the wire per client per game (TCP, compressed)', n(r.game.perClientPerGame.wireBytes ?? null, 0), '—'],
    [
      'bytes per client per game, by kind',
      kinds(Object.fromEntries(Object.entries(r.game.perClientPerGame.bytesByKind ?? {}).map(([k, v]) => [k, Math.round(v)]))),
      '—',
    ],
    [
      'machine',
      `${r.machine.cpus} cores, load average ${r.machine.loadavgBefore.map((x) => x.toFixed(2)).join(' ')} before, ${r.machine.loadavgAfter.map((x) => x.toFixed(2)).join(' ')} after${r.machine.busyPercent == null ? '' : `; cores busy during the run (everything on the machine) ${n(r.machine.busyPercent)} of ${r.machine.cpus * 100}`}; node ${r.machine.node}`,
      '—',
    ],
  ];
  const c = r.cluster;
  if (c) {
    const at = rows.findIndex(([a]) => a === 'server CPU per move (ms)') + 1;
    const share = (x: number, of: number) => (of ? ` (${((100 * x) / of).toFixed(0)}%)` : '');
    const totals = {
      tables: sum(c.perProcess.map((p) => p.tables)),
      games: sum(c.perProcess.map((p) => p.games)),
      moves: sum(c.perProcess.map((p) => p.moves)),
    };
    rows.splice(
      at,
      0,
      ...c.perProcess.map((p): [string, string, string] => [
        `process ${p.name} (pid ${p.pid}): tables / games / moves; CPU %; main thread on a CPU / waiting %; RSS start / peak MiB`,
        `${p.tables}${share(p.tables, totals.tables)} / ${p.games}${share(p.games, totals.games)} / ${p.moves}${share(p.moves, totals.moves)}; ${n(p.cpuPercent)}; ${p.mainThread ? `${n(p.mainThread.runningPercent)} / ${n(p.mainThread.waitingPercent)}` : '—'}; ${n(p.rssMiB.start)} / ${n(p.rssMiB.peak)}`,
        '—',
      ]),
      ['nginx CPU (% of one core, master and workers)', `${n(c.nginx.cpuPercent)} (pids ${c.nginx.pids.join(' ')})`, '—'],
      ['redis-server CPU (% of one core)', `${n(c.redis.cpuPercent)} (pid ${c.redis.pid})`, '—'],
    );
    rows.push([
      'CPU of the run: servers + nginx + redis-server + generator (% of one core)',
      `${n(c.totalCpuPercent)} = ${n(r.server.cpuPercent)} + ${n(c.nginx.cpuPercent)} + ${n(c.redis.cpuPercent)} + ${n(r.generator.cpuPercent)}, of ${r.machine.cpus * 100}${r.machine.busyPercent == null || c.totalCpuPercent === null ? '' : `; the rest of the machine used ${n(Math.max(0, r.machine.busyPercent - c.totalCpuPercent))}`}`,
      '—',
    ]);
  }
  const lines = [
    `\`${r.command}\``,
    '',
    `| measure | ${r.config.game} server | raw ws echo floor |`,
    '| --- | --- | --- |',
    ...rows.map(([a, b, c]) => `| ${a} | ${b} | ${c} |`),
  ];
  return lines.join('\n') + '\n';
}
