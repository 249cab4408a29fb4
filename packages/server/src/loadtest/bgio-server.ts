/**
 * The baseline's server: boardgame.io 0.50.2's own `Server` in a process of its own (forked by the load test's
 * runner, like echo.ts), serving our Duel wrapped as a boardgame.io game (bgio-game.ts) with its defaults: the
 * in-memory storage, the socket.io transport, its Lobby REST API on the same port. Listens on a free loopback port,
 * tells its parent which, and stops when the parent goes away.
 *
 * The runner starts it with NODE_ENV=production, as a deployment would (ours runs so in the Dockerfile): otherwise
 * boardgame.io checks every move's result for JSON-serializability and logs as it goes.
 */
import { Server } from 'boardgame.io/server';
import type { AddressInfo } from 'node:net';
import { bgioDuel } from './bgio-game';

// Load clients come from Node, which sends no Origin header: no CORS origin is needed, none is allowed.
const server = Server({ games: [bgioDuel], origins: [] });

server.run({ port: 0 }).then(
  ({ appServer }) => process.send?.({ type: 'listening', port: (appServer.address() as AddressInfo).port }),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
process.on('disconnect', () => process.exit(0));
