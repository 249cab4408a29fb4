import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import express from 'express';
import { matchMaker, Server, type Presence } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { normalizeCode } from '@tumbleweed/engine';
import { rooms } from './games';

/** Largest message a client may send (bytes). Larger frames close that connection. */
export const MAX_MESSAGE_BYTES = 4 * 1024;

export interface AppOptions {
  /** Folder of the built client; served when it exists. */
  clientDir?: string;
  presence?: Presence;
}

export function defaultClientDir(): string {
  return path.resolve(__dirname, '../../client/dist');
}

export function createApp(opts: AppOptions = {}): { app: express.Express; httpServer: http.Server; gameServer: Server } {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '4kb' }));

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
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

  const clientDir = opts.clientDir ?? defaultClientDir();
  if (fs.existsSync(clientDir)) {
    app.use(express.static(clientDir, { index: 'index.html', maxAge: '1h' }));
  }

  const httpServer = http.createServer(app);
  const gameServer = new Server({
    transport: new WebSocketTransport({ server: httpServer, maxPayload: MAX_MESSAGE_BYTES }),
    presence: opts.presence,
    greet: false,
  });
  for (const [name, room] of Object.entries(rooms)) gameServer.define(name, room);
  return { app, httpServer, gameServer };
}
