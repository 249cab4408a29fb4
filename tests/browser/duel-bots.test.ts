/**
 * Duel's bots wait for the reveal (issue 12): after the cards come up, a bot places its next card only once the reveal
 * has been on the table for Duel.REVEAL_HOLD_MS (1.5 s), as people need to read it. The table's base bot delay here
 * (300 ms, the quickest that still holds) is quicker than that, so the wait is Duel's own. Needs `npm run build` first.
 */
import { DESKTOP, people, useStack } from '../support/browser';
import { createTable } from '../support/table';

jest.setTimeout(120_000);

/** Duel.REVEAL_HOLD_MS. */
const HOLD_MS = 1500;

const stack = useStack({ BOT_DELAY_MS: '300' });

test('a bot places its next card only once the reveal has been on the table for 1.5 s', async () => {
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', DESKTOP);
    await createTable(ann, stack().base, /Duel/, 2, 1, {}, 'Ann');
    await ann.locator('.actions').getByRole('button', { name: 'Play Barricade' }).waitFor({ timeout: 15_000 });
    // The bot places its first card; then Ann places hers, which brings the reveal at once (the page's clock just
    // before her click: the reveal on the server can only be later).
    const log = ann.locator('ol.log');
    await log
      .getByText(/placed a card face down/)
      .first()
      .waitFor({ timeout: 15_000 });
    await ann.evaluate(() => {
      const w = window as unknown as { clickedAt?: number; botPlacedAt?: number };
      const list = document.querySelector('ol.log');
      const before = list?.querySelectorAll('li').length ?? 0;
      new MutationObserver(() => {
        const lines = [...(list?.querySelectorAll('li') ?? [])].slice(before).map((li) => li.textContent ?? '');
        const up = lines.findIndex((l) => l.includes('cards up!'));
        if (up >= 0 && w.botPlacedAt === undefined && lines.slice(up).some((l) => l.includes('placed a card face down'))) w.botPlacedAt = performance.now();
      }).observe(list as Node, { childList: true, subtree: true });
      const button = [...document.querySelectorAll<HTMLButtonElement>('.actions button')].find((b) => b.textContent?.trim() === 'Play Barricade');
      w.clickedAt = performance.now();
      button?.click();
    });
    const handle = await ann.waitForFunction(
      () => {
        const w = window as unknown as { clickedAt?: number; botPlacedAt?: number };
        return w.botPlacedAt !== undefined && w.clickedAt !== undefined ? w.botPlacedAt - w.clickedAt : false;
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(await handle.jsonValue()).toBeGreaterThanOrEqual(HOLD_MS);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
