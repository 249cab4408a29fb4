/** The load test's report: one JSON object (--out FILE) and a markdown table, one row per measure. */
import { summarize, type Percentiles } from './proc';
import type { GameResult } from './protocol';

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
    /** --bgio-duration, when the boardgame.io baseline ran. */
    bgioDurationS?: number | null;
    /** The harness started the server itself (else --url/--pid named a running one). */
    serverStarted: boolean;
    url: string;
    /** The (first) server process. */
    pid: number;
    /** --processes: that many server processes behind nginx, sharing a redis-server; null: one process, clients straight to it. */
    processes?: number | null;
    /** --pin: the cores the server(s) and the load ran on (Linux CPU lists); null or absent: not pinned. */
    pinned?: { server: string; load: string } | null;
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
    /** Bytes written to storage per move over the run (/proc/PID/io write_bytes; several processes: added up). */
    diskBytesPerMove?: number | null;
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
  /**
   * The boardgame.io baseline (bgio-run.ts): the same tables, seats, think times and options against boardgame.io
   * 0.50.2's server running our Duel. null: not run (--no-bgio, or a game other than Duel: `bgioNote` says why).
   */
  bgio?: BgioSection | null;
  bgioNote?: string | null;
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

export interface BgioSection {
  /** boardgame.io's version, from its package.json. */
  version: string;
  durationS: number;
  /** Its server's address (Lobby API and socket.io) and process. */
  url: string;
  pid: number;
  game: Report['game'];
  server: {
    cpuPercent: number | null;
    mainThread: { runningPercent: number; waitingPercent: number } | null;
    cpuMsPerMove: number | null;
    diskBytesPerMove?: number | null;
    rssMiB: { start: number | null; peak: number | null; end: number | null };
    rssPerTableKiB: number | null;
  };
  generator: { cpuPercent: number; maxWorkerCpuPercent: number; belowServer: boolean | null; workerSaturated: boolean };
  /** The machine over the baseline's run, as `Report['machine']` over ours: everything on it, this run's processes and anything else. */
  machine: { loadavgBefore: number[]; loadavgAfter: number[]; busyPercent: number | null };
  /** Ours ÷ boardgame.io's, over the two runs (null where either is missing or boardgame.io's is 0). */
  ratios: { movesPerS: number | null; cpuMsPerMove: number | null; latencyP99: number | null; bytesPerClientPerGame: number | null };
}

/** Ours ÷ boardgame.io's for the measures issue 16 states its targets in. */
export function bgioRatios(
  ours: { game: Report['game']; server: Pick<Report['server'], 'cpuMsPerMove'> },
  theirs: Pick<BgioSection, 'game' | 'server'>,
): BgioSection['ratios'] {
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? null : a / b);
  return {
    movesPerS: ratio(ours.game.movesPerS, theirs.game.movesPerS),
    cpuMsPerMove: ratio(ours.server.cpuMsPerMove, theirs.server.cpuMsPerMove),
    latencyP99: ratio(ours.game.latencyMs.p99, theirs.game.latencyMs.p99),
    bytesPerClientPerGame: ratio(ours.game.perClientPerGame.bytes, theirs.game.perClientPerGame.bytes),
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const merge = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
  return into;
};

/** The `game` section from the workers' results over a run of `wallMs`: our server's, and the boardgame.io baseline's. */
export function summarizeGame(results: Omit<GameResult, 'type' | 'byProcess'>[], wallMs: number): Report['game'] {
  const moves = sum(results.map((r) => r.moves));
  const games = sum(results.map((r) => r.games));
  const errors = results.reduce((acc, r) => merge(acc, r.errors), {} as Record<string, number>);
  const disconnects = results.reduce((acc, r) => merge(acc, r.disconnects), {} as Record<string, number>);
  const perClient = results.flatMap((r) => r.perClientGame);
  const mean = (total: Record<string, number>) => Object.fromEntries(Object.entries(total).map(([k, v]) => [k, v / perClient.length]));
  return {
    moves,
    movesPerS: moves / (wallMs / 1000),
    latencyMs: summarize(results.flatMap((r) => r.latencies)),
    gamesFinished: games,
    gamesPerS: games / (wallMs / 1000),
    tablesStarted: sum(results.map((r) => r.tablesStarted)),
    joinMs: summarize(results.flatMap((r) => r.joins)),
    heldIntents: sum(results.map((r) => r.held)),
    errors,
    errorsTotal: sum(Object.values(errors)),
    disconnects,
    disconnectsTotal: sum(Object.values(disconnects)),
    perClientPerGame: {
      samples: perClient.length,
      frames: perClient.length ? sum(perClient.map((c) => c.frames)) / perClient.length : null,
      bytes: perClient.length ? sum(perClient.map((c) => c.bytes)) / perClient.length : null,
      wireBytes: perClient.length ? sum(perClient.map((c) => c.wire)) / perClient.length : null,
      framesByKind: mean(perClient.reduce((acc, c) => merge(acc, c.kinds), {} as Record<string, number>)),
      bytesByKind: mean(perClient.reduce((acc, c) => merge(acc, c.kindBytes ?? {}), {} as Record<string, number>)),
    },
  };
}
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

/** The cells of a run's game and server figures, the same for our server and the boardgame.io baseline. */
function figures(game: Report['game'], server: BgioSection['server'], generator: BgioSection['generator']) {
  return {
    throughput: `${n(game.movesPerS)} moves/s (${game.moves} moves)`,
    p50: n(game.latencyMs.p50, 2),
    p95: n(game.latencyMs.p95, 2),
    p99: n(game.latencyMs.p99, 2),
    max: n(game.latencyMs.max, 2),
    games: `${game.gamesFinished} (${n(game.gamesPerS, 2)}/s), ${game.tablesStarted} tables started`,
    joins: game.joinMs ? `${n(game.joinMs.p50, 0)} / ${n(game.joinMs.p95, 0)} / ${n(game.joinMs.max, 0)} (${game.joinMs.samples})` : '—',
    held: game.heldIntents === undefined ? '—' : String(game.heldIntents),
    disconnects: `${game.disconnectsTotal} (${counts(game.disconnects)})`,
    cpu: n(server.cpuPercent),
    mainThread: server.mainThread ? `${n(server.mainThread.runningPercent)} / ${n(server.mainThread.waitingPercent)}` : '—',
    cpuPerMove: n(server.cpuMsPerMove, 3),
    diskPerMove: n(server.diskBytesPerMove ?? null, 0),
    generator: `${n(generator.cpuPercent)} (busiest worker ${n(generator.maxWorkerCpuPercent)}${generator.belowServer === false ? "; NOT below the server's" : ''}${generator.workerSaturated ? '; a worker is saturated: use more --workers' : ''})`,
    rss: `${n(server.rssMiB.start)} / ${n(server.rssMiB.peak)} / ${n(server.rssMiB.end)}`,
    rssPerTable: n(server.rssPerTableKiB, 0),
    frames: n(game.perClientPerGame.frames),
    framesByKind: kinds(game.perClientPerGame.framesByKind),
    bytes: `${n(game.perClientPerGame.bytes, 0)} (${game.perClientPerGame.samples} client-games)`,
    wire: n(game.perClientPerGame.wireBytes ?? null, 0),
    bytesByKind: kinds(Object.fromEntries(Object.entries(game.perClientPerGame.bytesByKind ?? {}).map(([k, v]) => [k, Math.round(v)]))),
  };
}

/** What the ratios section says of a ratio: ours ÷ theirs, with both figures. */
const ratioCell = (ratio: number | null, ours: string, theirs: string) => `${ratio === null ? '—' : `${ratio.toFixed(2)}×`} (${ours} ÷ ${theirs})`;

export function markdown(r: Report): string {
  const e = r.echo;
  const g = r.bgio ?? null;
  const several = r.cluster && r.cluster.processes > 1 ? `; ${r.cluster.processes} processes added up` : '';
  const ours = figures(r.game, r.server, r.generator);
  const theirs = g ? figures(g.game, g.server, g.generator) : null;
  const b = (cell: keyof ReturnType<typeof figures>) => (theirs ? theirs[cell] : '—');
  // measure | ours | boardgame.io (only when it ran) | the echo floor
  const rows: [string, string, string, string][] = [
    [
      'load',
      `${r.config.tables} ${r.config.game} tables × ${r.config.seats} seats = ${r.config.clients} clients, ${r.config.durationS} s, think ${r.config.think[0]}–${r.config.think[1]} ms, ${r.config.workers} worker(s), options ${JSON.stringify(r.config.options)}${r.cluster ? `; ${r.cluster.processes} server process(es) sharing a redis-server, the clients through nginx` : ''}${r.config.pinned ? `; pinned: each server alone on core ${r.config.pinned.server}, the load on ${r.config.pinned.load}` : ''}`,
      g ? `the same tables, seats, think and options, ${g.durationS} s; our Duel in a boardgame.io Game, its in-memory storage, socket.io (websocket)` : '—',
      e ? `${e.clients} clients, ${r.config.echoDurationS} s, same think` : '—',
    ],
    ['throughput (/s)', ours.throughput, b('throughput'), e ? `${n(e.messagesPerS)} echoes/s` : '—'],
    ['latency p50 (ms)', ours.p50, b('p50'), e ? n(e.roundTripMs.p50, 2) : '—'],
    ['latency p95 (ms)', ours.p95, b('p95'), e ? n(e.roundTripMs.p95, 2) : '—'],
    ['latency p99 (ms)', ours.p99, b('p99'), e ? n(e.roundTripMs.p99, 2) : '—'],
    ['latency max (ms)', ours.max, b('max'), e ? n(e.roundTripMs.max, 2) : '—'],
    ['games finished', ours.games, b('games'), '—'],
    ['creates and joins: request → joined, p50 / p95 / max (ms)', ours.joins, b('joins'), '—'],
    ['intents held back for the flood limit', ours.held, b('held'), '—'],
    [
      'errors',
      `${r.game.errorsTotal} (${counts(r.game.errors)})${overloaded(r)}`,
      g ? `${g.game.errorsTotal} (${counts(g.game.errors)})` : '—',
      e ? counts(e.errors) : '—',
    ],
    ['disconnects', ours.disconnects, b('disconnects'), '—'],
    [`server CPU (% of one core${several})`, ours.cpu, b('cpu'), e ? n(e.serverCpuPercent) : '—'],
    [`server main thread: on a CPU / waiting for one (% of the run${several})`, ours.mainThread, b('mainThread'), '—'],
    ['server CPU per move (ms)', ours.cpuPerMove, b('cpuPerMove'), '—'],
    ['server disk writes per move (bytes)', ours.diskPerMove, b('diskPerMove'), '—'],
    ['generator CPU (% of one core)', ours.generator, b('generator'), e ? n(e.generatorCpuPercent) : '—'],
    ['server RSS start / peak / end (MiB)', ours.rss, b('rss'), '—'],
    [`server RSS ${r.config.settleS} s after all tables closed (MiB)`, n(r.server.rssMiB.settled), '—', '—'],
    ['RSS per table (KiB)', ours.rssPerTable, b('rssPerTable'), '—'],
    ['frames per client per game', ours.frames, b('frames'), '—'],
    ['frames per client per game, by kind', ours.framesByKind, b('framesByKind'), '—'],
    ['bytes per client per game', ours.bytes, b('bytes'), '—'],
    ['bytes on the wire per client per game (TCP, compressed)', ours.wire, b('wire'), '—'],
    ['bytes per client per game, by kind', ours.bytesByKind, b('bytesByKind'), '—'],
    [
      'machine',
      `${r.machine.cpus} cores, load average ${r.machine.loadavgBefore.map((x) => x.toFixed(2)).join(' ')} before, ${r.machine.loadavgAfter.map((x) => x.toFixed(2)).join(' ')} after${r.machine.busyPercent == null ? '' : `; cores busy during the run (everything on the machine) ${n(r.machine.busyPercent)} of ${r.machine.cpus * 100}`}; node ${r.machine.node}`,
      g
        ? `load average ${g.machine.loadavgBefore.map((x) => x.toFixed(2)).join(' ')} before, ${g.machine.loadavgAfter.map((x) => x.toFixed(2)).join(' ')} after${g.machine.busyPercent == null ? '' : `; cores busy during its run ${n(g.machine.busyPercent)} of ${r.machine.cpus * 100}`}`
        : '—',
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
      ...c.perProcess.map((p): [string, string, string, string] => [
        `process ${p.name} (pid ${p.pid}): tables / games / moves; CPU %; main thread on a CPU / waiting %; RSS start / peak MiB`,
        `${p.tables}${share(p.tables, totals.tables)} / ${p.games}${share(p.games, totals.games)} / ${p.moves}${share(p.moves, totals.moves)}; ${n(p.cpuPercent)}; ${p.mainThread ? `${n(p.mainThread.runningPercent)} / ${n(p.mainThread.waitingPercent)}` : '—'}; ${n(p.rssMiB.start)} / ${n(p.rssMiB.peak)}`,
        '—',
        '—',
      ]),
      ['nginx CPU (% of one core, master and workers)', `${n(c.nginx.cpuPercent)} (pids ${c.nginx.pids.join(' ')})`, '—', '—'],
      ['redis-server CPU (% of one core)', `${n(c.redis.cpuPercent)} (pid ${c.redis.pid})`, '—', '—'],
    );
    rows.push([
      'CPU of the run: servers + nginx + redis-server + generator (% of one core)',
      `${n(c.totalCpuPercent)} = ${n(r.server.cpuPercent)} + ${n(c.nginx.cpuPercent)} + ${n(c.redis.cpuPercent)} + ${n(r.generator.cpuPercent)}, of ${r.machine.cpus * 100}${r.machine.busyPercent == null || c.totalCpuPercent === null ? '' : `; the rest of the machine used ${n(Math.max(0, r.machine.busyPercent - c.totalCpuPercent))}`}`,
      '—',
      '—',
    ]);
  }
  const cells = (row: string[]) => `| ${(g ? row : [row[0], row[1], row[3]]).join(' | ')} |`;
  const lines = [
    `\`${r.command}\``,
    '',
    cells(['measure', `${r.config.game} server`, g ? `boardgame.io ${g.version}` : '', 'raw ws echo floor']),
    g ? '| --- | --- | --- | --- |' : '| --- | --- | --- |',
    ...rows.map(cells),
  ];
  if (g) {
    const x = g.ratios;
    lines.push(
      '',
      `| ours ÷ boardgame.io ${g.version} (same tables, seats, think and options) | ratio (ours ÷ theirs) |`,
      '| --- | --- |',
      `| moves/s | ${ratioCell(x.movesPerS, n(r.game.movesPerS), n(g.game.movesPerS))} |`,
      `| server CPU per move | ${ratioCell(x.cpuMsPerMove, `${n(r.server.cpuMsPerMove, 3)} ms`, `${n(g.server.cpuMsPerMove, 3)} ms`)} |`,
      `| latency p99 | ${ratioCell(x.latencyP99, `${n(r.game.latencyMs.p99, 2)} ms`, `${n(g.game.latencyMs.p99, 2)} ms`)} |`,
      `| bytes per client per game | ${ratioCell(x.bytesPerClientPerGame, n(r.game.perClientPerGame.bytes, 0), n(g.game.perClientPerGame.bytes, 0))} |`,
      '',
      "Moves/s is the clients' pace (tables × seats ÷ think) until a server saturates (its CPU near 100% of a core, its main thread waiting): only then is their ratio one of capacity.",
    );
  }
  if (r.bgioNote) lines.push('', `boardgame.io baseline: ${r.bgioNote}`);
  return lines.join('\n') + '\n';
}
