/**
 * The floor: a bare `ws` echo server in its own process (forked by the load test's runner). Every message a client
 * sends comes straight back. No rooms, no state, no decoding: the round trip no game server on this machine can beat.
 * Tells its parent the port it listens on, and stops when the parent goes away.
 */
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
  socket.on('error', () => undefined);
});
wss.on('listening', () => {
  const address = wss.address();
  process.send?.({ type: 'listening', port: address && typeof address === 'object' ? address.port : 0 });
});
process.on('disconnect', () => process.exit(0));
