/**
 * A TCP proxy that delays every byte by a fixed time in each direction: a player's network, as far from the server as
 * a test wants (RTT = 2 × `oneWayMs`). Order is kept per direction. HTTP (matchmaking) and WebSocket frames (state,
 * messages, ping/pong) all go through it, both ways.
 */
import net from 'node:net';

export interface LatencyProxy {
  port: number;
  close(): Promise<void>;
}

export async function latencyProxy(targetPort: number, oneWayMs: number): Promise<LatencyProxy> {
  const sockets = new Set<net.Socket>();
  const delayed = (from: net.Socket, to: net.Socket) => {
    // A queue per direction: each chunk leaves `oneWayMs` after it came, never before the one ahead of it.
    const queue: { due: number; chunk: Buffer }[] = [];
    let timer: NodeJS.Timeout | null = null;
    const pump = () => {
      timer = null;
      const now = performance.now();
      while (queue.length && queue[0].due <= now + 0.5) {
        if (!to.destroyed) to.write(queue.shift()!.chunk);
        else queue.shift();
      }
      if (queue.length) timer = setTimeout(pump, Math.max(0, queue[0].due - performance.now()));
    };
    from.on('data', (chunk) => {
      queue.push({ due: performance.now() + oneWayMs, chunk });
      if (!timer) timer = setTimeout(pump, oneWayMs);
    });
    from.on('end', () => setTimeout(() => to.end(), oneWayMs));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    delayed(client, upstream);
    delayed(upstream, client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
