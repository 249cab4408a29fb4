/**
 * Issue 14 in a real browser: a player is mid-Duel against a bot when the server is killed with SIGKILL and started
 * again on the same port and DATA_DIR. The web client, on its own (no reload, no click), reconnects, gets its seat
 * back with its seat token, shows the same cards to play, and the game plays on to its end.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, DUEL_PLAY, launchChromium, screenPixels, shot } from '../support/browser';
import { freePort, killHard, startServer, stopAll, tempDataDir, waitForHttp } from '../support/processes';
import { createTable, playDuelToEnd, until } from '../support/table';

jest.setTimeout(180_000);

let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await stopAll();
});

/** The felt's mean brightness on the screen (0–255, the pixels' mean of R, G and B). */
async function feltBrightness(page: Page): Promise<number> {
  const { data } = await screenPixels(page, page.locator('.scene canvas'));
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
  return sum / (data.length / 4);
}

/** The cards the action bar offers to play now, in order. */
async function cardsOffered(page: Page): Promise<string[]> {
  const names = await page
    .locator('.actions')
    .getByRole('button', { name: DUEL_PLAY })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''));
  return names.map((n) => n.trim());
}

test('a Duel in the browser survives kill -9: same cards after the restart, played to the end', async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATA_DIR: tempDataDir(), BOT_DELAY_MS: '50' };
  let server = startServer('server-1', env);
  await waitForHttp(`${base}/healthz`, server);
  browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await createTable(page, base, /Duel/, 2, 1, { 'Target money': '5' });
  // One shootout (a card, then a target when it is a gun), then wait for the next choice of a card.
  const plays = page.locator('.actions').getByRole('button', { name: DUEL_PLAY });
  await until('cards to play', async () => (await plays.count()) > 0);
  await plays.first().click();
  const aim = page.locator('.actions').getByRole('button', { name: /^Aim at / });
  await until('the card to be played', async () => (await aim.count()) > 0 || (await plays.count()) === 0);
  if ((await aim.count()) > 0) await aim.first().click();
  await until('the next shootout', async () => (await plays.count()) > 0, 20_000);
  await page.waitForTimeout(500);
  const before = await cardsOffered(page);
  expect(before.length).toBeGreaterThan(0);
  const live = await feltBrightness(page);

  await killHard(server);
  await until('the page to say it is reconnecting', async () => (await page.locator('.offline').count()) > 0, 10_000);
  await shot(page, 'durable-reconnecting');
  // While it reconnects the felt is dimmed, as the action bar is: it looked live, its cards as bright as a moment
  // before, though a tap on them did nothing.
  const away = await feltBrightness(page);
  expect(away).toBeLessThan(0.85 * live);

  server = startServer('server-2', env);
  await waitForHttp(`${base}/healthz`, server);
  // The client retries with back-off (0.5, 1, 2, 4 s…): no click, no reload.
  await until('the page to be back at its table', async () => (await page.locator('.offline').count()) === 0 && (await plays.count()) > 0, 30_000);
  expect(await cardsOffered(page)).toEqual(before);
  await page.waitForTimeout(800); // the hand is dealt again (0.4 s)
  await shot(page, 'durable-back');
  expect(await feltBrightness(page)).toBeGreaterThan(0.95 * live);
  expect(server.log()).toMatch(/table restored/);

  await playDuelToEnd(page, 120_000);
  await expect(page.getByTestId('winner').isVisible()).resolves.toBe(true);
  expect(errors).toEqual([]);
  expect(fs.existsSync(path.join(ARTIFACTS, 'durable-back.png'))).toBe(true);
});
