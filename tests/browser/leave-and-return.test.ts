/**
 * Leaving a table and coming back, as players on phones do. In the middle of a game "Leave" asks first: it sits beside
 * "Copy link", and one stray tap gave the seat to a bot for good. A player whose tab is gone (closed, or dropped by the
 * phone in the background) opens the table's link again in a new tab and is back at their seat, from the bot if it
 * had taken it: the new tab was told "Every seat is taken — you can watch instead" (a reviewer on a phone). Needs
 * `npm run build` first.
 */
import { DUEL_PLAY, PHONE, people, shot, useStack } from '../support/browser';
import { joinByCode } from '../support/saloon';
import { annAndBob, DESKTOP } from '../support/rattlesnake-screens';
import { createTable, until } from '../support/table';

jest.setTimeout(90_000);

// (a dropped seat goes to a bot after 2 s)
const stack = useStack({ BOT_DELAY_MS: '100', RECONNECT_SECONDS: '2', LIMIT_CREATES_PER_MINUTE: '0', ALLOW_TEST_SEED: '1' });

test('"Leave" in the middle of a game asks first: Stay (or Escape) keeps the seat, "Leave the table" goes', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { ...PHONE, deviceScaleFactor: 3, locale: 'en-US' });
    await createTable(page, stack().base, /Duel/, 2, 1);
    await until('cards to play', async () => (await page.locator('.actions').getByRole('button', { name: DUEL_PLAY }).count()) > 0);
    const dialog = page.getByRole('dialog', { name: 'Leave this table?' });
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await dialog.waitFor();
    await shot(page, 'leave-confirm-phone');
    // (the old client: at the lobby, a bot at the seat)
    expect(page.url()).toMatch(/#\/table\/[A-Z0-9]+$/);
    // "Stay" has the focus: Enter or a second stray tap does not leave.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay');
    await page.getByRole('button', { name: 'Stay', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/#\/table\/[A-Z0-9]+$/);
    // Still at the table, still playing.
    expect(await page.locator('.actions').getByRole('button', { name: DUEL_PLAY }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.getByRole('button', { name: 'Leave the table', exact: true }).click();
    await page.waitForURL(/#\/$/, { timeout: 2000 });
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('a player whose tab was closed opens the link in a new tab: back at their seat, taken back from the bot', async () => {
  const bobPhone = { ...PHONE, deviceScaleFactor: 3, locale: 'en-US' };
  await annAndBob(stack, 1, { ann: DESKTOP, bob: bobPhone }, async (ann, bob, folks) => {
    const code = ((await bob.getByTestId('table-code').textContent()) ?? '').trim();
    const bobSeat = await bob.locator('.seats li.me').getAttribute('data-seat');
    await until('the game on', async () => (await ann.getByTestId('status').textContent())?.includes('turn') ?? false);
    // Bob's phone closes his tab; the table gives his seat to a bot after its grace period.
    const context = bob.context();
    await bob.close();
    await until(
      'a bot at Bob’s seat',
      async () => ((await ann.getByRole('log').textContent()) ?? '').includes('Bob is gone; a bot plays that seat now.'),
      20_000,
    );
    // The same phone, a new tab, the table's link.
    const again = await context.newPage();
    // Before he joins, the link's preview tells him his seat is his (not "every seat is taken; you can watch").
    await again.goto(`${stack().base}/#/join/${code}`);
    await until('the table’s preview', async () => ((await again.locator('.join .note').textContent()) ?? '') !== '');
    expect(await again.locator('.join .note').textContent()).toBe(`Table ${code}: Rattlesnake — your seat is kept: Join takes it back.`);
    await joinByCode(again, stack().base, 'Bob', code);
    await until('Bob back at his seat', async () => (await again.locator('.seats li.me').count()) === 1);
    await shot(again, 'rejoin-new-tab-phone');
    expect(await again.locator('.seats li.me').getAttribute('data-seat')).toBe(bobSeat);
    await until('Ann told', async () => ((await ann.getByRole('log').textContent()) ?? '').includes('Bob is back and takes the seat again.'));
    expect(folks.errors).toEqual([]);
  });
});
