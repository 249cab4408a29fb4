/**
 * Every environment variable the server reads, in one place (the README's table mirrors this file).
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
  /** Accept the test-only `seed` create option. */
  allowTestSeed: process.env.ALLOW_TEST_SEED === '1',
};
