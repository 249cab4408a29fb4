/**
 * permessage-deflate and Colyseus 0.16's reused buffers. `ws` compresses a message later, on zlib's thread pool, and
 * until then it holds the caller's bytes, not a copy (a message sent while another is being compressed waits in a
 * queue, holding them too). Colyseus encodes patches into one buffer per room, and colyseus.js every message into one
 * buffer per room, and both hand `ws` a view into it: the next encode overwrites a message still waiting to be
 * compressed. The hostile-client suite caught it: intents arriving as garbage once a large message was compressing.
 * On a compressed socket this sends a copy of binary data instead (a few hundred bytes per message). Browsers copy
 * on `send` themselves: this is for the server and for Node clients (the network bot, the load generator, tests).
 */
import WebSocket from 'ws';

let installed = false;

export function copyBeforeCompressing(): void {
  if (installed) return;
  installed = true;
  const send = WebSocket.prototype.send;
  const withCopy = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
    const compressed = (this as unknown as { _extensions: Record<string, unknown> })._extensions['permessage-deflate'] !== undefined;
    if (compressed && ArrayBuffer.isView(data)) data = Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    return (send as (...args: unknown[]) => void).call(this, data, ...rest);
  };
  WebSocket.prototype.send = withCopy as typeof send;
}
