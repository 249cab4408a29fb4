/**
 * freePort, which every end-to-end test and the load harness use to place the processes they start. A port the
 * kernel handed out for `listen(0)` was, in one CI run, taken by another test's outgoing connection before the game
 * server listened there (EADDRINUSE): ports must come from outside the range the kernel gives to connections.
 */
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './cluster';

const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);

test('ports are never ones the kernel gives to outgoing connections, and never the same twice in a row of starts', async () => {
  const ports: number[] = [];
  for (let i = 0; i < 20; i++) ports.push(await freePort());
  for (const port of ports) expect(port < low || port > high).toBe(true);
  expect(new Set(ports).size).toBe(ports.length);
});

test('a port something already listens on is passed over', async () => {
  const first = await freePort();
  // Hold the port the next call would hand out, as a leftover process of an earlier test might.
  const held = net.createServer();
  await new Promise<void>((r) => held.listen(first + 1, r));
  try {
    const next = await freePort();
    expect(next).not.toBe(first + 1);
    await new Promise<void>((resolve, reject) => {
      const srv = net.createServer().once('error', reject);
      srv.listen(next, () => srv.close(() => resolve()));
    });
  } finally {
    await new Promise((r) => held.close(r));
  }
});
