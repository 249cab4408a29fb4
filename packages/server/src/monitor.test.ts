import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { createApp } from './app';
import { logger } from './log';

logger.level = 'silent';
const servers: http.Server[] = [];

async function serve(monitorPassword?: string): Promise<string> {
  const { httpServer } = createApp({ monitorPassword, clientDir: '/nonexistent' });
  servers.push(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

test('the monitor panel is off unless MONITOR_PASSWORD is set, and then asks for it', async () => {
  const off = await serve();
  expect((await fetch(`${off}/colyseus/`)).status).toBe(404);

  const on = await serve('s3cret');
  const anonymous = await fetch(`${on}/colyseus/`);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('www-authenticate')).toMatch(/Basic/);
  const wrong = await fetch(`${on}/colyseus/`, { headers: { Authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` } });
  expect(wrong.status).toBe(401);
  const admin = await fetch(`${on}/colyseus/`, { headers: { Authorization: `Basic ${Buffer.from('admin:s3cret').toString('base64')}` } });
  expect(admin.status).toBe(200);
  expect(await admin.text()).toMatch(/<html/i);
});
