/**
 * A player at a table, for the table shell's browser tests (phone fit, end screen, keyboard, TV, contrast): a table
 * made from the lobby with bots, a Duel played to its end by clicking, boxes measured in CSS pixels.
 */
import type { Page } from 'playwright-core';
import { DUEL_AIM, DUEL_PLAY } from './browser';

export async function until(what: string, fn: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 60));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A button of the action bar by its accessible name (exact when a string). */
export const actionButton = (page: Page, name: string | RegExp) => page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });

/**
 * Creates a table from the lobby (English unless the page says otherwise, no turn timer) as `name` (default Pat),
 * with the table options in `options` (label → value); returns its code.
 */
export async function createTable(page: Page, base: string, game: RegExp, seats: number, bots: number, options: Record<string, string> = {}, name = 'Pat'): Promise<string> {
  // (back in the lobby after leaving a table: no need to load the page again)
  if (!page.url().endsWith('#/')) await page.goto(`${base}/`);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.locator('label.game-choice strong', { hasText: game }).click();
  await page.getByLabel('Seats', { exact: true }).selectOption(String(seats));
  await page.getByLabel('Bots', { exact: true }).selectOption(String(bots));
  await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
  for (const [label, value] of Object.entries(options)) await page.getByLabel(label, { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/#\/table\/[A-Z0-9]{5}$/, { timeout: 10_000 });
  return ((await page.getByTestId('table-code').textContent()) ?? '').trim();
}

/** Plays Duel by clicking the first card (and the first target) until the end screen shows. */
export async function playDuelToEnd(page: Page, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  const winner = page.getByTestId('winner');
  while (Date.now() < end) {
    if (await winner.isVisible()) return;
    try {
      const aims = page.locator('.actions').getByRole('button', { name: DUEL_AIM });
      if ((await aims.count()) > 0) {
        await aims.first().click({ timeout: 3000 });
        continue;
      }
      const plays = page.locator('.actions').getByRole('button', { name: DUEL_PLAY });
      if ((await plays.count()) > 0) {
        await plays.first().click({ timeout: 3000 });
        continue;
      }
    } catch {
      // redrawn under the pointer: look again
    }
    await page.waitForTimeout(60);
  }
  throw new Error('no end of the game before the deadline');
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  bottom: number;
  right: number;
}

/** The first visible element's box in CSS pixels of the viewport, or null. */
export async function boxOf(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const el = [...document.querySelectorAll(sel)].find((e) => e.getClientRects().length > 0);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom, right: r.right };
  }, selector);
}
