/**
 * A Duel against bots with the keyboard (issue 12; the action bar's key contract in games/types.ts, routed by
 * keyboard.ts): each button of the action bar shows its key; a digit clicks the button with that key; keys typed in
 * a field, with Alt held or while the rules dialog is open do nothing; after a move made with Enter, focus stays in
 * the action bar instead of dropping to the top of the page. Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, DUEL_PLAY, people, phone, shot, useStack } from '../support/browser';
import { THREATEN_WITH } from '../support/saloon';
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
    const page = await folks.open('Pat', { ...phone(390, 844, 1), locale: 'en-US' });
    await createTable(page, stack().base, /Duel/, 3, 2);
    const plays = page.locator('.actions').getByRole('button', { name: DUEL_PLAY });
    await until('cards to play', async () => (await plays.count()) > 0);
    expect(await plays.first().evaluate((b) => getComputedStyle(b, '::after').display)).toBe('none');
  } finally {
    await folks.close();
  }
});

test('Saloon by keyboard: a gun by its letter asks whom, the digits pick the target, C goes back', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { ...DESKTOP, locale: 'en-US' });
    await createTable(page, stack().base, /Saloon Showdown/, 2, 1);
    const bar = page.locator('.actions');
    const button = (name: string | RegExp) => bar.getByRole('button', { name, exact: typeof name === 'string' });
    // Play on (answer the bot's threats, draw and discard) until it is Pat's turn with a gun to threaten with.
    await until(
      'a gun to threaten with',
      async () => {
        if ((await button(THREATEN_WITH).count()) > 0) return true;
        for (const name of [/^(You're bluffing!|Draw from deck)$/, /^Discard /]) {
          if ((await button(name).count()) > 0) {
            await button(name).first().click({ timeout: 2000 });
            break;
          }
        }
        return false;
      },
      60_000,
    );
    const gun = button(THREATEN_WITH).first();
    const key = (await gun.getAttribute('data-key')) ?? '';
    expect(key).toMatch(/^[rbgy]$/);
    const colour = { r: 'red', b: 'blue', g: 'green', y: 'yellow' }[key];
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // The gun's letter: the bar asks whom, the bot's name on "1", Cancel on C; nothing else to click.
    await page.keyboard.press(key.toUpperCase());
    const whom = button(`Threaten Calamity Kate with the ${colour} gun`);
    await whom.waitFor({ timeout: 3000 });
    expect(await whom.getAttribute('data-key')).toBe('1');
    expect(await button('Cancel').getAttribute('data-key')).toBe('c');
    expect(await bar.locator('button:enabled:not([data-setting])').count()).toBe(2);
    // C: back to the turn's moves, the guns again.
    await page.keyboard.press('c');
    await gun.waitFor({ timeout: 3000 });
    expect(await whom.count()).toBe(0);
    // The letter again, then 1: the threat is made.
    await page.keyboard.press(key);
    await whom.waitFor({ timeout: 3000 });
    await page.keyboard.press('1');
    await page
      .getByRole('log')
      .filter({ hasText: `You point the ${colour} gun at Calamity Kate` })
      .waitFor({ timeout: 5000 });
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
