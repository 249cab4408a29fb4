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
  /**
   * The connections open now go dead as a network that drops them without a word (latency-proxy-process.cjs): nothing
   * more passes either way and neither end is told. New connections go through. Resolves once the proxy has done it.
   * `webSocketsOnly`: the table's connections die and the browser's pooled HTTP connections live on, so a reload right
   * after loads (over a pooled connection that went dead the browser would wait for the page until it gave up).
   * Resolves to the number of connections it cut.
   */
  stall(options?: { webSocketsOnly?: boolean }): Promise<number>;
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
  return {
    port,
    async stall(options) {
      const reports = () => [...proc.log().matchAll(/^stalled (\d+)$/gm)];
      const before = reports().length;
      proc.child.kill(options?.webSocketsOnly ? 'SIGUSR2' : 'SIGUSR1');
      const since = Date.now();
      while (reports().length === before) {
        if (Date.now() - since > 5000) throw new Error(`the latency proxy did not stall its connections: ${proc.log()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return Number(reports()[before][1]);
    },
    close: () => stop(proc),
  };
}
