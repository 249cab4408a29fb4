/**
 * A TCP proxy that delays every byte by a fixed time in each direction: a player's network, as far from the server as
 * a test wants (RTT = 2 × `oneWayMs`). Order is kept per direction. HTTP (matchmaking) and WebSocket frames (state,
 * messages, ping/pong) all go through it, both ways.
 * It runs in a process of its own (latency-proxy-process.cjs, started and stopped like the other test processes): in
 * the test's process its timers would wait behind whatever the test does (driving browser pages, a server in the same
 * process), and the far player's network would jitter with it.
 */
import path from 'node:path';
import { freePort, start, stop, waitForPort } from './processes';

export interface LatencyProxy {
  port: number;
  close(): Promise<void>;
}

export async function latencyProxy(targetPort: number, oneWayMs: number): Promise<LatencyProxy> {
  const port = await freePort();
  const proc = start('latency proxy', process.execPath, [
    path.join(__dirname, 'latency-proxy-process.cjs'),
    String(targetPort),
    String(port),
    String(oneWayMs),
  ]);
  await waitForPort(port, proc);
  return { port, close: () => stop(proc) };
}
