/**
 * A TCP proxy that delays every byte by a fixed time in each direction: a player's network, as far from the server as
 * a test wants (RTT = 2 × `oneWayMs`). Order is kept per direction. HTTP (matchmaking) and WebSocket frames (state,
 * messages, ping/pong) all go through it, both ways.
 * It runs in a process of its own (latency-proxy-process.cjs): in the test's process its timers would wait behind whatever
 * the test does (driving browser pages, a server in the same process), and the far player's network would jitter
 * with it.
 */
import { fork } from 'node:child_process';
import path from 'node:path';

export interface LatencyProxy {
  port: number;
  close(): Promise<void>;
}

export async function latencyProxy(targetPort: number, oneWayMs: number): Promise<LatencyProxy> {
  const child = fork(path.join(__dirname, 'latency-proxy-process.cjs'), [String(targetPort), String(oneWayMs)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the latency proxy exited at start (${code})`)));
  });
  child.removeAllListeners('exit');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
