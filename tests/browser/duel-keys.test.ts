/**
 * Duel's action bar and the keyboard (issue 12): each button says which key clicks it (`data-key`, the table routes
 * the keys; see ACTION_KEY in packages/client/src/games/types.ts): digits 1..n for the cards offered, then, once a
 * gun is picked, digits for the targets and C to put the gun back. After picking a gun with the keyboard (Enter on a
 * focused button), focus stays in the action bar, on the first target. Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, people, useStack } from '../support/browser';
import { createTable } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '50', LIMIT_CREATES_PER_MINUTE: '0' });

/** Each button of the action bar: its words and its key ('' when none). */
const keysOf = (page: Page) =>
  page.locator('.actions button').evaluateAll((buttons) => buttons.map((b) => [(b.textContent ?? '').trim(), b.getAttribute('data-key') ?? '']));

test('digits pick the cards, then the targets; C puts the gun back; focus stays in the bar', async () => {
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', DESKTOP);
    await createTable(ann, stack().base, /Duel/, 3, 2, {}, 'Ann');
    const pistol = ann.locator('.actions').getByRole('button', { name: 'Play Pistol' });
    await pistol.waitFor({ timeout: 15_000 });

    // A full hand: the four kinds of card, keys 1 to 4 in the order shown.
    expect(await keysOf(ann)).toEqual([
      ['Play Pistol', '1'],
      ['Play Rifle', '2'],
      ['Play Barricade', '3'],
      ['Play Reload', '4'],
    ]);

    // The pistol picked from the keyboard: the targets take the digits, C cancels, the cards give theirs up.
    await pistol.focus();
    await ann.keyboard.press('Enter');
    await ann.locator('.actions button.aim').first().waitFor();
    const aiming = await keysOf(ann);
    const targets = aiming.filter(([words]) => words.startsWith('Aim at '));
    expect(targets.map(([, key]) => key)).toEqual(['1', '2']);
    expect(aiming.find(([words]) => words === 'Cancel')?.[1]).toBe('c');
    // Aiming, the bar holds only the picked gun (no key: it is not a choice now), the targets and Cancel.
    expect(aiming.filter(([words]) => words.startsWith('Play ')).map(([, key]) => key)).toEqual(['']);
    // Focus did not drop to the top of the page: it is on the first target.
    expect(await ann.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(targets[0][0]);

    // Cancel: the cards have their digits again.
    await ann.locator('.actions').getByRole('button', { name: 'Cancel' }).click();
    await ann.locator('.actions button.aim').first().waitFor({ state: 'detached' });
    expect((await keysOf(ann)).map(([, key]) => key)).toEqual(['1', '2', '3', '4']);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
