/**
 * Rattlesnake on a phone held sideways, a rare decision of two rows of moves (a Distract on three cards: 3 decisions in
 * 280 at 568×320). Its bar is held at 30% of the table, and a taller decision may take more while it lasts; but the
 * felt kept 55% of the table, and at 568×320 the bar got 98 px of the 104 its two rows of 44 px buttons need: the
 * second row lay 2 px under what the bar shows and the bar scrolled (one CI run of phone-fit: "[273–317] (bar shows
 * 217–315)"). Such a decision is hard to reach on purpose, so the bar of the first decision of a game is given a second
 * row here, six more buttons like its own, and both rows must show whole, the felt still readable.
 * Needs `npm run build` first.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { people, phone, useStack } from '../support/browser';
import { layoutProblems, measure, READABLE_PX } from '../support/screens';
import { createTable, hiddenMoves, until } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack();

test.each<[string, BrowserContextOptions]>([
  ['phone568x320', phone(568, 320, 2)],
  ['phone640x360', phone(640, 360, 3)],
])('Rattlesnake on a %s held sideways: a decision of two rows shows both rows whole, the felt readable', async (screen, options) => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open(screen, { ...options, locale: 'en-US' });
    await createTable(page, stack().base, /Rattlesnake/, 2, 1);
    // My turn, a decision that waits for me: the bot's turn asks of me only what its next move redraws (the bar of
    // "Allow" is gone with the ability it lets happen), so its questions are answered the plainest way meanwhile.
    const bar = page.locator('.actions');
    await until(
      'my turn',
      async () => {
        if (await bar.getByRole('button', { name: 'End turn', disabled: false }).count()) return true;
        const plain = bar.getByRole('button', { name: /^(Allow|Pass|Commit no cards)$/, disabled: false });
        if (await plain.count())
          await plain
            .first()
            .click({ timeout: 2000 })
            .catch(() => undefined);
        return false;
      },
      60_000,
    );
    // (a move on the screen: held sideways a defence's card toggles stay in the bar 1 px wide, for screen readers)
    await page.evaluate(() => {
      const bar = document.querySelector('.actions');
      const move = [...(bar?.querySelectorAll('button:enabled') ?? [])].find((b) => b.getBoundingClientRect().width > 1);
      if (!bar || !move) throw new Error('no move in the bar');
      for (let i = 1; i <= 6; i++) {
        const more = move.cloneNode(true) as HTMLButtonElement;
        more.textContent = `Move ${i}`;
        bar.append(more);
      }
    });
    await until('two rows', () =>
      page.evaluate(() => {
        const shown = [...document.querySelectorAll('.actions button')].map((b) => b.getBoundingClientRect()).filter((r) => r.width > 1);
        return new Set(shown.map((r) => Math.round(r.top))).size === 2;
      }),
    );
    const snap = await measure(page);
    const small = snap.scene.items
      .filter((i) => i.kind === 'text' && i.parent < 0 && i.height < READABLE_PX)
      .map((t) => `"${t.label}" is drawn ${t.height.toFixed(1)}px tall`);
    expect([...(await hiddenMoves(page, screen)), ...small, ...layoutProblems(snap, options.deviceScaleFactor ?? 1)]).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
