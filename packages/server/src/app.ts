import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import compression from 'compression';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import Redis from 'ioredis';
import basicAuth from 'express-basic-auth';
import { matchMaker, Server, type Presence } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { RedisPresence } from '@colyseus/redis-presence';
import { RedisDriver } from '@colyseus/redis-driver';
import { monitor } from '@colyseus/monitor';
import { normalizeCode, replay, type ErrorCode, type LogStep, type Seed, type TableLookup } from '@tumbleweed/engine';
import { config } from './config';
import { rooms } from './games';
import { clientKey, HttpLimiter, installHttpGuard, refuse, refuseRateLimited, serverError } from './http-guard';
import { colyseusLogger, logger } from './log';
import { registry } from './metrics';
import { hashToken, useStore, type TableStore } from './persist';
import { SqliteStore } from './persist/sqlite';
import { copyBeforeCompressing } from './ws-copy';
import { MirroredStore, ownerId, SharedTables } from './persist/redis';
import { placeTables } from './placement';

/** Largest message a client may send (bytes). Larger frames close that connection. */
export const MAX_MESSAGE_BYTES = 4 * 1024;

export interface AppOptions {
  /** Folder of the built client; served when it exists. */
  clientDir?: string;
  /** Redis for presence and matchmaking across processes; in-memory when absent. */
  redisUrl?: string;
  publicAddress?: string;
  monitorPassword?: string;
  /** Keep tables in this folder (SQLite) so they survive a restart; nothing is kept when absent. */
  dataDir?: string;
  /** Days finished games are kept (default 30). */
  keepGamesDays?: number;
  /** With Redis and a DATA_DIR: the TTL of a table's lease, after which another process takes the table over. */
  leaseTtlMs?: number;
  /** Compress WebSocket messages (permessage-deflate) for clients that offer it (WS_COMPRESSION=1). */
  wsCompression?: boolean;
}

/**
 * permessage-deflate (RFC 7692) as `ws` does it, tuned for many small messages: a context kept per connection, so
 * the keys and card codes of the previous messages make the next one small. With a kept context `ws` compresses
 * every message, however small (its `threshold` applies only without one). An 8 KiB window (a Duel game: 6.5 KB on
 * the wire; zlib's 32 KiB window saves only about 0.5 KB more) and a small hash table keep a connection's
 * compressor near 40 KiB instead of zlib's default 256 KiB. The intents clients send are tiny: they compress
 * without a kept context, in a 1 KiB window. Measured in docs/performance.md ("Compressed on the wire").
 */
export const WS_DEFLATE = {
  serverMaxWindowBits: 13,
  clientNoContextTakeover: true,
  clientMaxWindowBits: 10,
  zlibDeflateOptions: { level: 6, memLevel: 4 },
  concurrencyLimit: 10,
} as const;

/** How often finished games older than KEEP_GAMES_DAYS are forgotten. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function defaultClientDir(): string {
  return path.resolve(__dirname, '../../client/dist');
}

export function createApp(opts: AppOptions = {}): {
  app: express.Express;
  httpServer: http.Server;
  gameServer: Server;
  store: TableStore | null;
  shared: SharedTables | null;
} {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '4kb' }));

  let presence: Presence | undefined;
  let redis: RedisPresence | undefined;
  if (opts.redisUrl) {
    redis = new RedisPresence(opts.redisUrl);
    presence = redis;
  }
  const driver = opts.redisUrl ? new RedisDriver(opts.redisUrl) : undefined;
  // Colyseus' Redis clients have no error listener: ioredis would print every failed reconnection to stderr.
  if (redis && driver) {
    const internals = redis as unknown as { pub?: Redis; sub?: Redis };
    for (const [what, client] of [
      ['presence', internals.pub],
      ['presence', internals.sub],
      ['matchmaking', (driver as unknown as { _client?: Redis })._client],
    ] as const) {
      if (client) watchRedis(client, `${what}: Redis connection error`);
    }
  }
  const store = opts.redisUrl ? limitStore(opts.redisUrl) : undefined;
  const limiter = new HttpLimiter(store);
  const local = opts.dataDir ? new SqliteStore(opts.dataDir) : null;
  // With Redis, every game is also copied there, under a lease, so another process can take it over (persist/redis.ts).
  const shared =
    local && opts.dataDir && opts.redisUrl
      ? new SharedTables(opts.redisUrl, local, { owner: ownerId(opts.dataDir), ttlMs: opts.leaseTtlMs ?? 15_000, roomNames: Object.keys(rooms) })
      : null;
  const tables: TableStore | null = local && shared ? new MirroredStore(local, shared) : local;
  if (driver && shared) {
    // A join, reconnection or lookup by code that finds no listing: the table may be a stored one whose process just
    // died (its listings removed by Colyseus' health check): taken over here at once, then found (persist/redis.ts).
    const findOne = driver.findOne.bind(driver);
    driver.findOne = (async (conditions: Parameters<typeof findOne>[0], sort?: Parameters<typeof findOne>[1]) => {
      const found = await findOne(conditions, sort);
      const code = (conditions as { roomId?: unknown }).roomId;
      if (found || typeof code !== 'string') return found;
      return (await shared.claimNow(code).catch(() => false)) ? findOne(conditions, sort) : found;
    }) as typeof driver.findOne;
  }

  /** Up, and Redis answering when configured. */
  app.get(
    '/healthz',
    handle(async (_req, res) => {
      if (!redis) {
        res.json({ ok: true, redis: 'not configured' });
        return;
      }
      try {
        // Any round trip through presence proves Redis answers; a lost connection queues commands until the timeout.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          redis.exists('tumbleweed:healthz'),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer from Redis within 1 s')), 1000))),
        ]).finally(() => clearTimeout(timer));
        res.json({ ok: true, redis: 'ok' });
      } catch (e) {
        res.status(503).json({ ok: false, redis: (e as Error).message });
      }
    }),
  );

  app.get(
    '/metrics',
    handle(async (_req, res) => {
      const text = await registry.metrics();
      res.set('Content-Type', registry.contentType);
      res.end(text);
    }),
  );

  /**
   * Looks a table up by code (any case, spaces allowed) so the lobby can say what a code is before joining. Limited
   * per client (lookups, and codes that name no table); one key read whatever the number of tables: the table of
   * this process from memory, otherwise one HGET of Redis' room cache.
   */
  app.get(
    '/api/tables/:code',
    handle(async (req, res) => {
      const key = clientKey(req);
      const wait = (await limiter.consume('lookups', key)) ?? (await limiter.over('misses', key));
      if (wait !== null) return refuseRateLimited(res, 'lookup', wait);
      const code = normalizeCode(req.params.code);
      if (!code) return refuse(res, 'lookup', 400, 'BAD_CODE', 'A table code is 5 letters or digits.');
      const table = await findTable(code, Boolean(opts.redisUrl));
      if (table === 'unavailable') {
        return refuse(res, 'lookup', 503, 'UNAVAILABLE', 'Tables cannot be looked up right now; try again in a moment.', {}, { 'Retry-After': '5' });
      }
      if (!table) {
        await limiter.add('misses', key);
        res.status(404).json({ code: 'NO_SUCH_TABLE', message: `No table with code ${code} is open.` });
        return;
      }
      res.json({ code, game: table.name, clients: table.clients, ...seatsOf(table.metadata) } satisfies TableLookup);
    }),
  );

  /**
   * A finished game's whole log (seed, every step, events, outcome), kept KEEP_GAMES_DAYS: only for its players, who
   * prove it with their seat token (`Authorization: Bearer <token>`, the token of the `welcome` message); the game id
   * is in the `log` message. The same shape as that message, so the replay viewer opens it.
   */
  app.get(
    '/api/games/:id/log',
    handle(async (req, res) => {
      const key = clientKey(req);
      const wait = (await limiter.consume('lookups', key)) ?? (await limiter.over('misses', key));
      if (wait !== null) return refuseRateLimited(res, 'api', wait);
      const kept = /^[0-9a-f-]{36}$/.test(req.params.id) ? (tables?.kept(req.params.id) ?? null) : null;
      const token = /^Bearer ([\w-]{1,64})$/.exec(req.get('authorization') ?? '')?.[1];
      const mine = kept && token ? kept.seats.some((s) => s.tokenHash === hashToken(token)) : false;
      if (!kept || !mine) {
        // Unknown and not yours look the same: a game id says nothing to a stranger.
        await limiter.add('misses', key);
        return refuse(res, 'api', 404, 'NO_SUCH_GAME', 'No finished game of yours with that id is kept.');
      }
      const r = replay({ game: kept.room, seed: kept.seed as Seed, options: kept.gameOptions, seats: kept.seats.length, steps: kept.steps as LogStep[] });
      res.set('Cache-Control', 'private, no-store');
      res.json({
        id: kept.id,
        game: kept.room,
        code: kept.code,
        seed: kept.seed,
        options: kept.gameOptions,
        seats: kept.seats.map((s) => ({ name: s.name, kind: s.kind })),
        steps: kept.steps,
        events: r.frames.flatMap((f) => f.events),
        outcome: kept.outcome,
        finishedAt: kept.finishedAt,
      });
    }),
  );

  // Known paths, other methods: 405 with the methods they take.
  for (const path of ['/healthz', '/metrics', '/api/tables/:code', '/api/games/:id/log']) {
    app.all(path, (_req, res) => refuse(res, 'api', 405, 'METHOD_NOT_ALLOWED', `${path} answers GET only.`, {}, { Allow: 'GET, HEAD' }));
  }
  app.all('/api/*', (_req, res) => refuse(res, 'api', 404, 'NOT_FOUND', 'No such API route.'));

  if (opts.monitorPassword) {
    app.use('/colyseus', basicAuth({ users: { admin: opts.monitorPassword }, challenge: true }), monitor());
  }

  const clientDir = opts.clientDir ?? defaultClientDir();
  if (fs.existsSync(clientDir)) {
    // Compressed (Brotli or gzip, as the browser accepts). Vite's hashed assets never change under their name:
    // cached for a year as immutable; everything else (index.html, the favicon) is checked again on each visit.
    app.use(compression());
    app.use(
      express.static(clientDir, {
        index: 'index.html',
        setHeaders(res, file) {
          const hashed = path.relative(clientDir, file).startsWith(`assets${path.sep}`);
          res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    // Browsers ask for /favicon.ico on their own (the page itself links the SVG).
    app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
  }
  app.use((_req, res) => refuse(res, 'other', 404, 'NOT_FOUND', 'Nothing here.'));
  app.use(jsonErrors);

  const httpServer = http.createServer(app);
  const compress = opts.wsCompression === true;
  if (compress) copyBeforeCompressing();
  const gameServer = new Server({
    transport: new WebSocketTransport({
      server: httpServer,
      maxPayload: MAX_MESSAGE_BYTES,
      perMessageDeflate: compress ? { ...WS_DEFLATE } : false,
    }),
    presence,
    driver,
    publicAddress: opts.publicAddress,
    ...(presence ? { selectProcessIdToCreateRoom: placeTables(presence, () => matchMaker.processId) } : {}),
    greet: false,
    gracefullyShutdown: false,
    logger: colyseusLogger,
  });
  for (const [name, room] of Object.entries(rooms)) gameServer.define(name, room);
  if (store)
    gameServer.onShutdown(() =>
      store.quit().then(
        () => undefined,
        () => store.disconnect(),
      ),
    );
  useStore(tables);
  if (tables) {
    const keepMs = (opts.keepGamesDays ?? 30) * 24 * 60 * 60 * 1000;
    const prune = () => {
      try {
        const forgotten = tables.prune(Date.now() - keepMs);
        if (forgotten) logger.info({ forgotten }, 'finished games past KEEP_GAMES_DAYS forgotten');
      } catch (err) {
        logger.error({ err }, 'could not forget old games');
      }
    };
    prune();
    const pruner = setInterval(prune, PRUNE_EVERY_MS).unref();
    gameServer.onShutdown(async () => {
      clearInterval(pruner);
      await shared?.stop();
      await tables.close();
    });
  }
  // Colyseus has attached its matchmaking listener by now: the guard takes its place (see http-guard.ts).
  installHttpGuard(httpServer, app, gameServer, limiter);
  return { app, httpServer, gameServer, store: tables, shared };
}

/** An async express handler whose rejection reaches the error middleware (express 4 would leave it unhandled). */
function handle(fn: (req: Request, res: Response) => Promise<unknown>) {
  return (req: Request, res: Response, next: NextFunction) => void fn(req, res).catch(next);
}

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The last middleware: any error as JSON, never express' HTML page with a stack. */
const jsonErrors: ErrorRequestHandler = (err, req, res, _next) => {
  const e = err as { type?: string; status?: number; statusCode?: number };
  const status = e.status ?? e.statusCode ?? 500;
  if (e.type === 'entity.parse.failed') return refuse(res, 'other', 400, 'BAD_JSON', 'The body is not valid JSON.');
  if (e.type === 'entity.too.large') return refuse(res, 'other', 413, 'TOO_LARGE', 'The request body is too large.', {}, { Connection: 'close' });
  if (status >= 400 && status < 500)
    return refuse(res, 'other', status, CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST', `${http.STATUS_CODES[status] ?? 'Bad request'}.`);
  serverError(res, err, req);
};

/** What a lookup reads of a table's listing (the matchmaker's room cache, local or in Redis). */
interface Listing {
  name: string;
  clients: number;
  metadata?: unknown;
}

/** The seats a table lists (TableRoom `listSeats`): how many a newcomer would take, of how many. */
function seatsOf(metadata: unknown): Pick<TableLookup, 'open' | 'seats'> {
  const m = (metadata ?? {}) as { open?: unknown; seats?: unknown };
  return { open: typeof m.open === 'number' ? m.open : 0, seats: typeof m.seats === 'number' ? m.seats : 0 };
}

/** Longest a lookup waits for Redis before answering 503 (ioredis alone would retry for about 10 s). */
const LOOKUP_TIMEOUT_MS = 1500;

/** The open table with that code: its listing (game, connections, the seats it lists); 'unavailable' when Redis does not answer. */
async function findTable(code: string, shared: boolean): Promise<Listing | undefined | 'unavailable'> {
  const local = matchMaker.getLocalRoomById(code);
  if (local?.listing) return local.listing;
  if (!shared) return undefined; // in-memory matchmaking: every table lives in this process
  // RedisDriver.findOne by roomId is one HGET of the room cache (never the whole-hash read of query()).
  let timer: NodeJS.Timeout | undefined;
  const listing = await Promise.race([
    Promise.resolve(matchMaker.driver.findOne({ roomId: code })).catch((err: unknown) => {
      logger.warn({ err }, 'table lookup: Redis did not answer');
      return 'unavailable' as const;
    }),
    new Promise<'unavailable'>((resolve) => (timer = setTimeout(() => resolve('unavailable'), LOOKUP_TIMEOUT_MS))),
  ]).finally(() => clearTimeout(timer));
  return listing ?? undefined;
}

/** The Redis connection of the rate limits: fails fast while Redis is away (the limits fall back to memory). */
function limitStore(url: string): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  watchRedis(client, 'rate limits: Redis connection error; limits are per process until it is back');
  return client;
}

/** One warning per outage (not one per reconnection attempt), as a JSON log line. */
function watchRedis(client: Redis, message: string): void {
  let warned = false;
  client.on('error', (err: Error) => {
    if (!warned) logger.warn({ err }, message);
    warned = true;
  });
  client.on('ready', () => (warned = false));
}

/** The app as configured by the environment (see config.ts). */
export function createAppFromEnv() {
  return createApp({
    redisUrl: config.redisUrl,
    publicAddress: config.publicAddress,
    monitorPassword: config.monitorPassword,
    dataDir: config.dataDir,
    keepGamesDays: config.keepGamesDays,
    leaseTtlMs: config.leaseTtlMs,
    wsCompression: config.wsCompression,
  });
}

export { logger };
