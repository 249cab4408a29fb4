/**
 * The one guard in front of every HTTP request (issue 11): whatever arrives, the process answers with JSON and goes
 * on. It replaces Colyseus' `request` listener (which throws on odd URLs, reads bodies without a limit and answers
 * refusals with 200) by its own routing:
 *
 * - every URL is checked first: well-formed percent-escapes, no control characters, at most MAX_URL_BYTES → else 400;
 * - `/matchmake/<method>/<room>` is handled here with Colyseus' own controller (same methods, same answers, same
 *   CORS headers): POST only (OPTIONS is the CORS preflight) → else 405; a JSON object body of at most
 *   MAX_MATCHMAKE_BODY_BYTES → else 400 / 413; per-client limits → else 429;
 * - everything else goes to the express app, whose error middleware (see app.ts) answers with JSON too;
 * - a thrown error or a rejected promise anywhere in that becomes a 500 JSON answer, never a crash;
 * - requests too broken for Node's parser (`clientError`) get a JSON 400 before the socket closes.
 *
 * Limits are per client address (see clientKey) and per minute, in memory per process, or in Redis when the app
 * has one so they hold across processes (Redis unreachable: each process falls back to its own memory).
 */
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { ErrorCode, getBearerToken, matchMaker, type Server } from '@colyseus/core';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type Redis from 'ioredis';
import { normalizeCode, type ErrorCode as RefusalCode } from '@tumbleweed/engine';
import { config } from './config';
import { logger } from './log';
import { errors, httpRefusals } from './metrics';
import { unsafeOptions } from './options';

/** Longest URL (path and query) accepted. */
export const MAX_URL_BYTES = 2048;
/** Largest matchmaking body (the options of a create or a join). */
export const MAX_MATCHMAKE_BODY_BYTES = 4 * 1024;
/** Every limit counts over this window. */
export const LIMIT_WINDOW_SECONDS = 60;
/** Client addresses each limit tracks at most in memory; past it, newcomers share one key until entries expire. */
export const MAX_TRACKED_CLIENTS = 50_000;

export interface HttpSettings {
  /** Client address from X-Real-IP / X-Forwarded-For (our proxy) rather than the TCP peer. */
  trustProxy: boolean;
  /** Per client and minute; 0 = no limit. */
  lookupsPerMinute: number;
  createsPerMinute: number;
  joinsPerMinute: number;
  reconnectsPerMinute: number;
  /** Codes that named no open table, per client and minute; past it lookups, joins and reconnections are refused. */
  missesPerMinute: number;
}

/** Read at each request: tests may change them (a new value starts that limit afresh). */
export const httpSettings: HttpSettings = {
  trustProxy: config.trustProxy,
  lookupsPerMinute: config.lookupsPerMinute,
  createsPerMinute: config.createsPerMinute,
  joinsPerMinute: config.joinsPerMinute,
  reconnectsPerMinute: config.reconnectsPerMinute,
  missesPerMinute: config.missesPerMinute,
};

/** Every limit off (tests that create hundreds of tables from one address). */
export const NO_LIMITS: Omit<HttpSettings, 'trustProxy'> = {
  lookupsPerMinute: 0,
  createsPerMinute: 0,
  joinsPerMinute: 0,
  reconnectsPerMinute: 0,
  missesPerMinute: 0,
};

export type LimitName = 'lookups' | 'creates' | 'joins' | 'reconnects' | 'misses';
const SETTING: Record<LimitName, keyof Omit<HttpSettings, 'trustProxy'>> = {
  lookups: 'lookupsPerMinute',
  creates: 'createsPerMinute',
  joins: 'joinsPerMinute',
  reconnects: 'reconnectsPerMinute',
  misses: 'missesPerMinute',
};

/** Route label of the refusal metric: a fixed few values. */
export type RouteLabel = 'lookup' | 'create' | 'join' | 'reconnect' | 'matchmake' | 'api' | 'other';

// ---------------------------------------------------------------------------------------------------------------
// Client addresses

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * The client's address: the TCP peer's; with `trustProxy`, the X-Real-IP our nginx sets (else the last entry of
 * X-Forwarded-For, the one our proxy appended), when it is a valid address.
 */
export function clientAddress(req: http.IncomingMessage, trustProxy = httpSettings.trustProxy): string {
  if (trustProxy) {
    const real = first(req.headers['x-real-ip'])?.trim();
    if (real && net.isIP(real)) return real;
    const forwarded = first(req.headers['x-forwarded-for'])
      ?.split(',')
      .map((s) => s.trim())
      .filter((s) => net.isIP(s));
    if (forwarded?.length) return forwarded[forwarded.length - 1];
  }
  return req.socket?.remoteAddress ?? 'unknown';
}

/** The key limits count under: IPv4 as is (also when IPv4-mapped), IPv6 per /64 (one household or phone). */
export function limitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (net.isIPv6(address.split('%')[0])) return ipv6Prefix64(address.split('%')[0]);
  return address;
}

function ipv6Prefix64(address: string): string {
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head, tail] = address.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export const clientKey = (req: http.IncomingMessage): string => limitKey(clientAddress(req));

// ---------------------------------------------------------------------------------------------------------------
// Limits

/** Seconds to wait before trying again; `null` when allowed. */
export type Verdict = number | null;

const retryAfter = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** The per-client limits of one app: in memory, or in Redis (shared by every process) when given a client. */
export class HttpLimiter {
  private readonly built = new Map<LimitName, { points: number; limiter: RateLimiterAbstract; memory?: RateLimiterMemory }>();

  /** `maxTracked`: client addresses each limit keeps in memory at most (tests make it small). */
  constructor(
    private readonly redis?: Redis,
    private readonly maxTracked = MAX_TRACKED_CLIENTS,
  ) {}

  private get(name: LimitName): { points: number; limiter: RateLimiterAbstract; memory?: RateLimiterMemory } | null {
    const points = httpSettings[SETTING[name]];
    if (!(points > 0)) {
      this.built.delete(name); // switched off: its counts go
      return null;
    }
    let entry = this.built.get(name);
    if (!entry || entry.points !== points) {
      const opts = { points, duration: LIMIT_WINDOW_SECONDS, keyPrefix: `tumbleweed:limit:${name}` };
      const memory = new RateLimiterMemory(opts);
      const limiter = this.redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: this.redis,
            insuranceLimiter: memory,
            rejectIfRedisNotReady: true,
            // An address over its limit is refused from memory for the rest of the window: no Redis round trip.
            inMemoryBlockOnConsumed: points + 1,
          })
        : memory;
      entry = { points, limiter, memory: this.redis ? undefined : memory };
      this.built.set(name, entry);
    }
    return entry;
  }

  /**
   * The key to count under, in memory at most `maxTracked` of them (entries leave when their window ends);
   * beyond that, new addresses share one key (such a flood is refused together, tracked clients go on as usual).
   */
  private bounded(entry: { limiter: RateLimiterAbstract; memory?: RateLimiterMemory }, key: string): string {
    const store = (entry.memory as unknown as { _memoryStorage?: { _storage?: Map<string, unknown> } } | undefined)?._memoryStorage?._storage;
    if (store && store.size >= this.maxTracked && !store.has(entry.limiter.getKey(key))) return '~overflow';
    return key;
  }

  /** Keys `name` holds in memory now (entries leave when their window ends). */
  tracked(name: LimitName): number | undefined {
    const memory = this.built.get(name)?.memory as unknown as { _memoryStorage?: { _storage?: Map<string, unknown> } } | undefined;
    return memory?._memoryStorage?._storage?.size;
  }

  /** Takes one from `name`'s allowance for `key`. */
  async consume(name: LimitName, key: string): Promise<Verdict> {
    const entry = this.get(name);
    if (!entry) return null;
    try {
      await entry.limiter.consume(this.bounded(entry, key));
      return null;
    } catch (e) {
      if (e instanceof RateLimiterRes) return retryAfter(e);
      storeFailed(e);
      return null; // the limit store failed (and its fallback): let the request through
    }
  }

  /** Whether `key` is over `name`'s allowance already, without taking from it. */
  async over(name: LimitName, key: string): Promise<Verdict> {
    const entry = this.get(name);
    if (!entry) return null;
    try {
      const res = await entry.limiter.get(this.bounded(entry, key));
      return res && res.consumedPoints >= entry.points ? retryAfter(res) : null;
    } catch (e) {
      storeFailed(e);
      return null;
    }
  }

  /** Counts one against `name` for `key` (a miss), without refusing anything now. */
  async add(name: LimitName, key: string): Promise<void> {
    const entry = this.get(name);
    if (!entry) return;
    try {
      await entry.limiter.penalty(this.bounded(entry, key), 1);
    } catch (e) {
      storeFailed(e);
    }
  }
}

let lastStoreWarning = 0;
function storeFailed(e: unknown): void {
  if (Date.now() - lastStoreWarning < 60_000) return;
  lastStoreWarning = Date.now();
  logger.warn({ err: e }, 'rate limit store failed; letting requests through');
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  if (res.headersSent || res.writableEnded) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Refuses a request: JSON `{ code, message }` (plus `extra`), counted in the metrics. `error` repeats them as
 * "CODE: message" for the matchmaking routes, where colyseus.js reads `error`.
 */
export function refuse(
  res: http.ServerResponse,
  route: RouteLabel,
  status: number,
  code: RefusalCode,
  message: string,
  extra: Record<string, unknown> = {},
  headers: http.OutgoingHttpHeaders = {},
): void {
  errors.inc({ code });
  httpRefusals.inc({ route, code });
  sendJson(res, status, { code, message, ...extra }, headers);
}

/** 429 with Retry-After. */
export function refuseRateLimited(
  res: http.ServerResponse,
  route: RouteLabel,
  seconds: number,
  extraHeaders: http.OutgoingHttpHeaders = {},
  matchmake = false,
): void {
  const message = `Too many requests from your address; try again in ${seconds} s.`;
  refuse(
    res,
    route,
    429,
    'RATE_LIMITED',
    message,
    { retryAfter: seconds, ...(matchmake ? { error: `RATE_LIMITED: ${message}` } : {}) },
    { ...extraHeaders, 'Retry-After': String(seconds) },
  );
}

/** A bug (ours or a library's) while answering: a 500 JSON answer when still possible, and an error line. */
export function serverError(res: http.ServerResponse, err: unknown, req?: http.IncomingMessage): void {
  logger.error({ err, method: req?.method, url: req?.url?.slice(0, 200) }, 'error while answering an HTTP request');
  refuse(res, 'other', 500, 'SERVER_ERROR', 'The server could not answer that request.');
}

// ---------------------------------------------------------------------------------------------------------------
// URLs

/** The decoded path, or why the URL is refused. */
export function checkUrl(url: string | undefined): { path: string; rawPath: string } | { problem: string } {
  if (!url) return { problem: 'The request has no URL.' };
  if (url.length > MAX_URL_BYTES) return { problem: `The URL is longer than ${MAX_URL_BYTES} bytes.` };
  if (!url.startsWith('/')) return { problem: 'The URL must be a path starting with "/".' };
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
    if (q !== -1) for (const part of url.slice(q + 1).split(/[&=]/)) decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return { problem: 'The URL has a malformed percent-escape.' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return { problem: 'The URL has control characters.' };
  return { path, rawPath };
}

// ---------------------------------------------------------------------------------------------------------------
// Matchmaking

const MATCHMAKE_LIMIT: Record<string, LimitName> = {
  create: 'creates',
  joinOrCreate: 'creates',
  join: 'joins',
  joinById: 'joins',
  reconnect: 'reconnects',
};
const MATCHMAKE_ROUTE: Record<LimitName, RouteLabel> = { creates: 'create', joins: 'join', reconnects: 'reconnect', lookups: 'lookup', misses: 'matchmake' };
/** Methods that name a table by its code: a wrong code is a miss. */
const BY_CODE = new Set(['joinById', 'reconnect']);
const ROOM_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function corsHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const c = matchMaker.controller;
  return { ...c.DEFAULT_CORS_HEADERS, ...c.getCorsHeaders.call(undefined, req) } as http.OutgoingHttpHeaders;
}

/** The body, at most `limit` bytes: 'too-large' past it, null when the client went away. */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large' | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (v: Buffer | 'too-large' | null) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(v);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish('too-large');
      else chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish(Buffer.concat(chunks)));
    req.once('error', () => finish(null));
    req.once('close', () => finish(null));
  });
}

async function handleMatchmake(req: http.IncomingMessage, res: http.ServerResponse, path: string, gameServer: Server, limiter: HttpLimiter): Promise<void> {
  const cors = corsHeaders(req);
  const no = (status: number, code: RefusalCode, message: string, route: RouteLabel = 'matchmake', extra: http.OutgoingHttpHeaders = {}) =>
    refuse(res, route, status, code, message, { error: `${code}: ${message}` }, { ...cors, ...extra });

  const parts = path.split('/'); // ['', 'matchmake', method, room]
  const [, , method = '', rawRoom = ''] = parts;
  const exposed = matchMaker.controller.exposedMethods as string[];
  if (parts.length !== 4 || !exposed.includes(method) || !rawRoom) {
    return no(404, 'NOT_FOUND', 'Matchmaking routes are POST /matchmake/<create|join|joinById|joinOrCreate|reconnect>/<name or code>.');
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors);
    res.end();
    return;
  }
  const limitName = MATCHMAKE_LIMIT[method] ?? 'joins';
  let route = MATCHMAKE_ROUTE[limitName];
  if (req.method !== 'POST') return no(405, 'METHOD_NOT_ALLOWED', `Use POST for /matchmake/${method}.`, route, { Allow: 'POST, OPTIONS' });
  if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
    return no(503, 'SHUTTING_DOWN', 'This server is restarting; try again in a moment.', route, { 'Retry-After': '5' });
  }
  // People type codes in any case: joining by id accepts "k7 qmz" as well as "K7QMZ".
  const room = method === 'joinById' ? (normalizeCode(rawRoom) ?? rawRoom) : rawRoom;
  if (!ROOM_NAME.test(room)) return no(400, 'BAD_REQUEST', 'A table code or game name is letters, digits, "-" or "_".', route);

  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_MATCHMAKE_BODY_BYTES)
    return no(413, 'TOO_LARGE', `The request body is over ${MAX_MATCHMAKE_BODY_BYTES} bytes.`, route, { Connection: 'close' });
  const body = await readBody(req, MAX_MATCHMAKE_BODY_BYTES);
  if (body === null) return void res.destroy();
  if (body === 'too-large') return no(413, 'TOO_LARGE', `The request body is over ${MAX_MATCHMAKE_BODY_BYTES} bytes.`, route, { Connection: 'close' });
  let options: unknown;
  try {
    const text = body.toString('utf8').trim();
    options = text === '' ? {} : JSON.parse(text);
  } catch {
    return no(400, 'BAD_JSON', 'The body must be a JSON object.', route);
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return no(400, 'BAD_JSON', 'The body must be a JSON object.', route);
  const unsafe = unsafeOptions(options);
  if (unsafe) return no(400, 'BAD_OPTIONS', unsafe, route);

  // A join that hands a seat back (the client recovering from a drop) counts as a reconnection.
  const limit: LimitName = method === 'joinById' && typeof (options as { rejoin?: unknown }).rejoin === 'string' ? 'reconnects' : limitName;
  route = MATCHMAKE_ROUTE[limit];
  const key = clientKey(req);
  const wait = (await limiter.consume(limit, key)) ?? (BY_CODE.has(method) ? await limiter.over('misses', key) : null);
  if (wait !== null) return refuseRateLimited(res, route, wait, cors, true);

  let answer: Record<string, unknown>;
  try {
    const address = clientAddress(req);
    answer = await matchMaker.controller.invokeMethod(method, room, options as Record<string, unknown>, {
      token: getBearerToken(first(req.headers.authorization) ?? ''),
      headers: req.headers,
      ip: address,
      req,
    });
    if (gameServer.transport?.protocol !== undefined) answer.protocol = gameServer.transport.protocol;
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown };
    // "not found" / "has been disposed" (not "is locked": that table exists).
    if (BY_CODE.has(method) && err.code === ErrorCode.MATCHMAKE_INVALID_ROOM_ID && !/locked/.test(String(err.message))) await limiter.add('misses', key);
    // Colyseus' protocol: a refused matchmaking request is a 200 with `{ code, error }` (colyseus.js reads both).
    return sendJson(res, 200, { code: err.code, error: String(err.message ?? e) }, cors);
  }
  sendJson(res, 200, answer, cors);
}

// ---------------------------------------------------------------------------------------------------------------
// Installation

/**
 * Puts the guard in front of `httpServer`: call it after `new Server(...)` (Colyseus attached its matchmaking
 * listener then; the guard takes its place and handles matchmaking itself, everything else goes to `app`).
 */
export function installHttpGuard(
  httpServer: http.Server,
  app: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  gameServer: Server,
  limiter: HttpLimiter,
): void {
  httpServer.removeAllListeners('request');
  httpServer.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const url = checkUrl(req.url);
      if ('problem' in url) return refuse(res, 'other', 400, 'BAD_REQUEST', url.problem, {}, { Connection: 'close' });
      if (url.path === '/matchmake' || url.path.startsWith('/matchmake/')) {
        handleMatchmake(req, res, url.path, gameServer, limiter).catch((err) => serverError(res, err, req));
        return;
      }
      app(req, res);
    } catch (err) {
      serverError(res, err, req);
    }
  });

  // Bytes Node's HTTP parser cannot read (garbage, NUL in the request line, headers over 16 KB): a JSON 400 (431
  // for huge headers) when nothing was answered on that connection yet, then the connection closes.
  httpServer.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const s = socket as net.Socket;
    if (err.code === 'ECONNRESET' || !s.writable || s.bytesWritten > 0) {
      s.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const code: RefusalCode = status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'TIMEOUT' : 'BAD_REQUEST';
    const body = JSON.stringify({ code, message: 'The request could not be read as HTTP.' });
    errors.inc({ code });
    httpRefusals.inc({ route: 'other', code });
    s.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    setTimeout(() => s.destroy(), 1000).unref(); // in case the peer never closes its side
  });
}
