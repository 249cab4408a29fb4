/**
 * A host starting a second server on a port already taken (`npm start` twice, a stale container): the process says
 * what is wrong and what to do, and exits 1, instead of dying on an unhandled rejection with a stack trace.
 */
import { freePort, startServer, stopAll, waitForHttp } from '../support/processes';

jest.setTimeout(60_000);
afterAll(() => stopAll());

test('a port already in use: one clear line and exit code 1', async () => {
  const port = await freePort();
  const first = startServer('first', { PORT: String(port) });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, first);
  const second = startServer('second', { PORT: String(port) });
  expect(await second.exited).toBe(1);
  expect(second.log()).toContain(`Tumbleweed could not start: port ${port} is already in use: stop what runs there, or start with PORT=<another port>`);
  expect(second.log()).not.toMatch(/UnhandledPromiseRejection|triggerUncaughtException/);
  // The first one goes on serving.
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});
