/**
 * Compressed on the wire (issue 16): a player's phone pays for every byte the table sends. The server compresses its
 * WebSocket messages (permessage-deflate, app.ts WS_DEFLATE) with a context kept per connection, so a patch that
 * repeats the previous ones' keys and card codes costs a few bytes. Measured by a real colyseus.js client (the `ws`
 * package, which offers the extension like a browser does) through a whole Duel against a bot: what its TCP socket
 * read, against the messages it decoded.
 */
import { framesOf } from './testing/record-ws';
import { autoPlay, seatOf, startServer, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer({ wsCompression: true });
});
afterAll(async () => {
  await server.cleanup();
  await server.shutdown();
});

interface Socket {
  extensions: string;
  _socket: { bytesRead: number };
}
const socketOf = (room: { connection: unknown }): Socket => (room.connection as { transport: { ws: Socket } }).transport.ws;

test('a whole Duel reaches the player compressed: the network carries under half the bytes the game sends', async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, bots: 1, seed: 0xdef1a7e, options: { target: 5 } });
  autoPlay(ann, () => seatOf(ann));
  await waitFor(() => ann.state.status === 'over', 'game over', 60_000);

  const ws = socketOf(ann);
  expect(ws.extensions).toMatch(/^permessage-deflate/);
  const frames = framesOf(ann);
  const decoded = frames.reduce((n, f) => n + f.byteLength, 0);
  const wire = ws._socket.bytesRead; // the upgrade response and every frame's header included
  expect(frames.length).toBeGreaterThan(30);
  // (Under a third before events travelled thin: what they repeated was what deflate found easiest; 0.40 once events
  // carried their type as a number. A game to $5, the upgrade response included: a whole game in the load harness
  // reads about a third, docs/performance.md.)
  expect(wire).toBeLessThan(decoded / 2);
});
