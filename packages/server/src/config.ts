/**
 * Every environment variable the server reads, in one place (the README's table mirrors this file).
 *
 * HTTP limits (see http-guard.ts) are per client address and per minute; `0` switches a limit off (the test
 * helpers in tests/support/processes.ts do that, production should not). Defaults are several times what a
 * real group of friends does, even a whole group behind one home router: a host creates a table every few
 * minutes, each friend looks a code up and joins once, and a phone on a bad network reconnects every few seconds.
 * The client address is the TCP peer's, unless TRUST_PROXY is 1 (then our nginx's X-Real-IP); IPv6 addresses
 * count per /64.
 */
function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

const text = (name: string): string | undefined => process.env[name] || undefined;

export const config = {
  /** HTTP + WebSocket port. */
  port: int('PORT', 2567),
  /** Switches on Redis presence and driver (several processes behind one address). */
  redisUrl: text('REDIS_URL'),
  /** This process's own public address (host[:port][/path]) when several run behind a proxy. */
  publicAddress: text('PUBLIC_ADDRESS'),
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: text('LOG_LEVEL') ?? 'info',
  /** Password for the Colyseus monitor at /colyseus (user "admin"); the monitor is off when unset. */
  monitorPassword: text('MONITOR_PASSWORD'),
  /** Delay before a bot acts, so people can follow the play. */
  botDelayMs: int('BOT_DELAY_MS', 700),
  /** Seconds a dropped player has to come back before a bot takes the seat. */
  reconnectSeconds: int('RECONNECT_SECONDS', 60),
  /** Seconds the host may be away (connection dropped) before the host's buttons pass to a player who is here. */
  hostAwaySeconds: int('HOST_AWAY_SECONDS', 10),
  /**
   * `1`: the client address is the X-Real-IP (else the last X-Forwarded-For) set by the proxy in front, as in
   * deploy/nginx. Only when the process is reachable through that proxy alone: anyone else could forge them.
   */
  trustProxy: process.env.TRUST_PROXY === '1',
  /** Table lookups (`GET /api/tables/:code`) per client and minute. */
  lookupsPerMinute: int('LIMIT_LOOKUPS_PER_MINUTE', 30),
  /** Tables created (`POST /matchmake/create/*`, and `joinOrCreate`, which may create) per client and minute. */
  createsPerMinute: int('LIMIT_CREATES_PER_MINUTE', 10),
  /** Joins (`POST /matchmake/joinById/*`, `join`) per client and minute. */
  joinsPerMinute: int('LIMIT_JOINS_PER_MINUTE', 30),
  /**
   * Reconnections (`POST /matchmake/reconnect/*`, and a join that hands a seat token back) per client and minute:
   * generous, a phone on a bad network retries every few seconds and must never be locked out.
   */
  reconnectsPerMinute: int('LIMIT_RECONNECTS_PER_MINUTE', 120),
  /**
   * Codes asked for that name no open table (lookups, joins, reconnections) per client and minute; past it that
   * client's lookups, joins and reconnections wait for the minute to pass. Stops code guessing on every route.
   */
  missesPerMinute: int('LIMIT_MISSES_PER_MINUTE', 20),
  /**
   * Where tables are kept so they survive a crash or a restart (persist/, docs/persistence.md): one SQLite file per
   * process. Relative to the working directory; never shared by two processes.
   */
  dataDir: text('DATA_DIR') ?? './data',
  /**
   * With REDIS_URL: how long a table's lease lasts (ms) when its process stops renewing it (renewed every third of
   * it). A process gone for this long has its tables taken over by another process (persist/redis.ts).
   */
  leaseTtlMs: Math.max(1000, int('LEASE_TTL_MS', 15_000)),
  /** Days a finished game (result, players, seed, log) is kept for `GET /api/games/:id/log`. */
  keepGamesDays: int('KEEP_GAMES_DAYS', 30),
  /**
   * `1` compresses WebSocket messages (permessage-deflate) for clients that offer it: a game's bytes on the wire
   * fall by 68–81%, for 17–70% more server CPU per move and a longer wait at load (docs/performance.md,
   * "Compressed on the wire"). Off by default: a game is 20–35 KB uncompressed, and CPU is what limits a server.
   */
  wsCompression: process.env.WS_COMPRESSION === '1',
  /** Accept the test-only `seed` create option. */
  allowTestSeed: process.env.ALLOW_TEST_SEED === '1',
};
