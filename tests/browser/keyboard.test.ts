/**
 * A Duel against bots with the keyboard (issue 12; the action bar's key contract in games/types.ts, routed by
 * keyboard.ts): each button of the action bar shows its key; a digit clicks the button with that key; keys typed in
 * a field, with Alt held or while the rules dialog is open do nothing; after a move made with Enter, focus stays in
 * the action bar instead of dropping to the top of the page. Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, DUEL_PLAY, people, shot, useStack } from '../support/browser';
import { createTable, until } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '60' });

/** The key of every button clicked from now on (a click listener on the page). */
async function watchClicks(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __clicks: string[] };
    w.__clicks = [];
    document.addEventListener('click', (e) => w.__clicks.push((e.target as Element).closest('button')?.getAttribute('data-key') ?? '?'), true);
  });
  return () => page.evaluate(() => (window as unknown as { __clicks: string[] }).__clicks.splice(0));
}

const focusInBar = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('.actions') && document.activeElement instanceof HTMLButtonElement);

test('a Duel by keyboard: keys on the buttons, digits pick, focus stays in the action bar after a move', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { ...DESKTOP, locale: 'en-US' });
    await createTable(page, stack().base, /Duel/, 3, 2);
    const plays = page.locator('.actions').getByRole('button', { name: DUEL_PLAY });
    await until('cards to play', async () => (await plays.count()) > 0);
    const clicks = await watchClicks(page);

    // Every move shows its key, and its name is still the card's alone.
    const first = plays.first();
    expect(await first.getAttribute('data-key')).toBe('1');
    expect(await first.evaluate((b) => getComputedStyle(b, '::after').content)).toMatch(/1/);
    const name = (await first.textContent())?.trim() ?? '';
    expect(await page.locator('.actions').getByRole('button', { name, exact: true }).count()).toBeGreaterThan(0);

    // Keys that are not for the table: in the language menu, with Alt, under the rules dialog.
    await page.getByTestId('language').focus();
    await page.keyboard.press('1');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Alt+1');
    await page.getByRole('button', { name: 'Rules' }).click();
    await until('the rules dialog', async () => (await page.locator('dialog[open]').count()) === 1);
    await page.keyboard.press('2');
    await page.keyboard.press('Escape');
    await until('the dialog closed', async () => (await page.locator('dialog[open]').count()) === 0);
    expect((await clicks()).filter((k) => k !== '?')).toEqual([]);
    expect(await page.locator('.actions button[aria-pressed="true"]').count()).toBe(0);

    // A move by Enter on a focused card: focus stays in the action bar (it is re-drawn after the move).
    await first.focus();
    await page.keyboard.press('Enter');
    await until('focus back in the action bar after the move', () => focusInBar(page), 8000).catch(async (err: unknown) => {
      await shot(page, 'keyboard-focus-lost');
      const where = await page.evaluate(() => document.activeElement?.tagName ?? 'none');
      throw new Error(`focus is on ${where}, not in the action bar: ${String(err)}`);
    });

    // Digits with the focus anywhere: "1" clicks the button marked 1, whatever it is now (a card or a target).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await until('a button marked 1', async () => (await page.locator('.actions button[data-key="1"]:enabled').count()) > 0, 30_000);
    await clicks();
    await page.keyboard.press('1');
    expect(await clicks()).toEqual(['1']);
    await until('focus in the action bar after the key', () => focusInBar(page), 8000);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('on a touch screen the key badges are not shown', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    await createTable(page, stack().base, /Duel/, 3, 2);
    const plays = page.locator('.actions').getByRole('button', { name: DUEL_PLAY });
    await until('cards to play', async () => (await plays.count()) > 0);
    expect(await plays.first().evaluate((b) => getComputedStyle(b, '::after').display)).toBe('none');
  } finally {
    await folks.close();
  }
});
