/**
 * Import this before colyseus.js: it makes every client WebSocket record each frame it receives, byte for byte,
 * so a test can replay exactly what a player's machine was sent.
 */
import WS from 'ws';

const recorded = new WeakMap<object, Uint8Array[]>();

class RecordingWebSocket extends WS {
  constructor(url: string, ...rest: any[]) {
    super(url, ...(rest as []));
    const frames: Uint8Array[] = [];
    recorded.set(this, frames);
    this.on('message', (data: WS.RawData) => {
      const chunks = Array.isArray(data) ? data : [data];
      frames.push(new Uint8Array(Buffer.concat(chunks.map((c) => Buffer.from(c as ArrayBuffer)))));
    });
  }
}

(globalThis as any).WebSocket = RecordingWebSocket;

/** Every frame a colyseus.js room's socket has received so far. */
export function framesOf(room: { connection: unknown }): Uint8Array[] {
  const ws = (room.connection as any).transport.ws;
  const frames = recorded.get(ws);
  if (!frames) throw new Error('this room was not opened through the recording WebSocket');
  return frames;
}
