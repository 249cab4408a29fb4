/**
 * Issue 14, a graceful restart in a real browser (`docker compose up -d` after an update sends SIGTERM): a player is
 * mid-Rattlesnake against a bot when the server stops. The page says the server is restarting and will be back (not a
 * bare "Reconnecting…", not "this table is closed"), and once the next process is up on the same port and DATA_DIR it
 * is back at its table with the same moves on offer, without a click or a reload.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium, shot } from '../support/browser';
import { freePort, startServer, stop, stopAll, tempDataDir, waitForHttp } from '../support/processes';
import { createTable, until } from '../support/table';

jest.setTimeout(180_000);

let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await stopAll();
});

/** The moves the action bar offers now, by name. */
const movesOffered = (page: Page): Promise<string[]> =>
  page.locator('.actions button:enabled').evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim()));

test('a Rattlesnake game in the browser through a graceful restart: "back in a moment", then the same moves', async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATA_DIR: tempDataDir(), BOT_DELAY_MS: '50' };
  let server = startServer('server-1', env);
  await waitForHttp(`${base}/healthz`, server);
  browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await createTable(page, base, /Rattlesnake/, 2, 1);
  await until('a move', async () => (await movesOffered(page)).length > 0, 30_000);
  await page.waitForTimeout(500);
  const before = await movesOffered(page);

  await stop(server); // SIGTERM
  const status = page.getByTestId('status');
  await until(
    'the page to say the server is restarting',
    async () => /The server is restarting — back in a moment/.test((await status.textContent()) ?? ''),
    10_000,
  );
  await shot(page, 'durable-graceful-restarting');
  expect(await page.getByTestId('endscreen').isVisible()).toBe(false);

  server = startServer('server-2', env);
  await waitForHttp(`${base}/healthz`, server);
  await until('the page to be back at its table', async () => (await page.locator('.offline').count()) === 0 && (await movesOffered(page)).length > 0, 30_000);
  expect(await movesOffered(page)).toEqual(before);
  expect((await status.textContent()) ?? '').not.toMatch(/restarting/);
  expect(server.log()).toMatch(/table restored/);
  expect(errors).toEqual([]);
});
