import { inspect } from 'node:util';
import pino from 'pino';
import { config } from './config';

/** Structured JSON logs on stdout; tables log through `logger.child({ table, game })`. */
export const logger = pino({ level: config.logLevel, base: { pid: process.pid } });

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';

/**
 * What Colyseus reports about a client's own mistakes: garbage or oversized WebSocket frames, a connection without a
 * seat reservation, a message type nobody handles, a reconnection to a table that is gone. Anyone can cause these
 * at will, so they are debug lines (one line, the detail in `detail`), never error lines with a stack.
 */
const CLIENT_FAULTS = [
  /seat reservation expired/i,
  /[\\/]ws[\\/]lib[\\/](receiver|websocket)\.js/, // ws protocol errors: bad opcode, bad UTF-8, payload too big...
  /msgpackr|MessagePack|couldn't decode message|end of buffer/i,
  /onMessage for .* not registered/i,
  /has been disposed|reconnection token invalid/i,
];

function write(level: Level, args: unknown[]): void {
  const err = args.find((a): a is Error => a instanceof Error);
  const text = args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : inspect(a, { depth: 3 }))).join(' ');
  const firstLine = text.split('\n', 1)[0].slice(0, 300);
  if (CLIENT_FAULTS.some((re) => re.test(text))) {
    if (logger.isLevelEnabled('debug')) logger.debug({ component: 'colyseus', detail: text }, firstLine);
    return;
  }
  // Colyseus' info lines are hints for developers ("did you miss .allowReconnection()?"): debug here.
  const to: Level = level === 'info' ? 'debug' : level;
  if (!logger.isLevelEnabled(to)) return;
  if (err) logger[to]({ component: 'colyseus', err }, text.split('\n', 1)[0]);
  else logger[to]({ component: 'colyseus' }, text);
}

/**
 * Colyseus' logger (`new Server({ logger })`): its lines go through ours as JSON, and LOG_LEVEL governs them. Reads
 * `logger`'s level at each call, so tests that set `logger.level` silence Colyseus too.
 */
export const colyseusLogger = {
  trace: (...args: unknown[]) => write('trace', args),
  debug: (...args: unknown[]) => write('debug', args),
  info: (...args: unknown[]) => write('info', args),
  warn: (...args: unknown[]) => write('warn', args),
  error: (...args: unknown[]) => write('error', args),
};
