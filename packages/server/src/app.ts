import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import express from 'express';
import basicAuth from 'express-basic-auth';
import { matchMaker, Server, type Presence } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { RedisPresence } from '@colyseus/redis-presence';
import { RedisDriver } from '@colyseus/redis-driver';
import { monitor } from '@colyseus/monitor';
import { normalizeCode } from '@tumbleweed/engine';
import { config } from './config';
import { rooms } from './games';
import { logger } from './log';
import { registry } from './metrics';

/** Largest message a client may send (bytes). Larger frames close that connection. */
export const MAX_MESSAGE_BYTES = 4 * 1024;

export interface AppOptions {
  /** Folder of the built client; served when it exists. */
  clientDir?: string;
  /** Redis for presence and matchmaking across processes; in-memory when absent. */
  redisUrl?: string;
  publicAddress?: string;
  monitorPassword?: string;
}

export function defaultClientDir(): string {
  return path.resolve(__dirname, '../../client/dist');
}

export function createApp(opts: AppOptions = {}): { app: express.Express; httpServer: http.Server; gameServer: Server } {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '4kb' }));

  let presence: Presence | undefined;
  let redis: RedisPresence | undefined;
  if (opts.redisUrl) {
    redis = new RedisPresence(opts.redisUrl);
    presence = redis;
  }

  /** Up, and Redis answering when configured. */
  app.get('/healthz', async (_req, res) => {
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
  });

  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', registry.contentType);
    res.end(await registry.metrics());
  });

  /** Looks a table up by code (any case, spaces allowed) so the lobby can say what a code is before joining. */
  app.get('/api/tables/:code', async (req, res) => {
    const code = normalizeCode(req.params.code);
    if (!code) {
      res.status(400).json({ code: 'BAD_CODE', message: 'A table code is 5 letters or digits.' });
      return;
    }
    const [room] = await matchMaker.query({ roomId: code });
    if (!room) {
      res.status(404).json({ code: 'NO_SUCH_TABLE', message: `No table with code ${code} is open.` });
      return;
    }
    res.json({ code, game: room.name, clients: room.clients });
  });

  if (opts.monitorPassword) {
    app.use('/colyseus', basicAuth({ users: { admin: opts.monitorPassword }, challenge: true }), monitor());
  }

  const clientDir = opts.clientDir ?? defaultClientDir();
  if (fs.existsSync(clientDir)) {
    app.use(express.static(clientDir, { index: 'index.html', maxAge: '1h' }));
  }

  const httpServer = http.createServer(app);
  const gameServer = new Server({
    transport: new WebSocketTransport({ server: httpServer, maxPayload: MAX_MESSAGE_BYTES }),
    presence,
    driver: opts.redisUrl ? new RedisDriver(opts.redisUrl) : undefined,
    publicAddress: opts.publicAddress,
    greet: false,
    gracefullyShutdown: false,
  });
  for (const [name, room] of Object.entries(rooms)) gameServer.define(name, room);
  // People type codes in any case: joining by id accepts "k7 qmz" as well as "K7QMZ". Runs before Colyseus'
  // own matchmaking listener (which looks rooms up by exact id).
  httpServer.prependListener('request', (req: http.IncomingMessage) => {
    if (req.url) req.url = normalizeJoinUrl(req.url);
  });
  return { app, httpServer, gameServer };
}

/** `/matchmake/joinById/<code>` with the code normalized; any other URL unchanged. */
export function normalizeJoinUrl(url: string): string {
  const m = /^(\/matchmake\/joinById\/)([^/?]+)(.*)$/.exec(url);
  if (!m) return url;
  const code = normalizeCode(decodeURIComponent(m[2]));
  return code ? `${m[1]}${code}${m[3]}` : url;
}

/** The app as configured by the environment (see config.ts). */
export function createAppFromEnv() {
  return createApp({ redisUrl: config.redisUrl, publicAddress: config.publicAddress, monitorPassword: config.monitorPassword });
}

export { logger };
