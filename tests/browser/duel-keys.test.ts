/**
 * Duel's action bar and the keyboard (issue 12): each button says which key clicks it (`data-key`, the table routes
 * the keys; see ACTION_KEY in packages/client/src/games/types.ts): digits 1..n for the cards offered, then, once a
 * gun is picked, digits for the targets and C to put the gun back. After picking a gun with the keyboard (Enter on a
 * focused button), focus stays in the action bar, on the first target. A tap's answer in the bar is painted at once,
 * and the scene follows it (DrawWhen in packages/client/src/scenes/common.ts). Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, people, useStack } from '../support/browser';
import { sceneTexts, type Hooked } from '../support/duel-table';
import { createTable, until } from '../support/table';

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

/** The label the scene writes on a player who may be aimed at. */
const AIM_MARK = 'click to aim here';

/** How many of the scene's labels read `words` (through its test hook). */
const sceneSays = async (page: Page, words: string) => (await sceneTexts(page)).filter((label) => label === words).length;

test("a tap's answer in the bar is painted first, and the scene follows it", async () => {
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', DESKTOP);
    await createTable(ann, stack().base, /Duel/, 2, 1, {}, 'Ann');
    await ann.locator('.actions').getByRole('button', { name: 'Play Pistol' }).waitFor({ timeout: 15_000 });
    // The bot's card down: nothing else changes the table until Ann plays.
    await ann
      .locator('ol.log')
      .getByText(/placed a card face down/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await sceneSays(ann, AIM_MARK)).toBe(0);

    // Ann taps her pistol. The first frame after the tap shows the bar's answer (whom to aim at). The scene is drawn
    // again only after that frame's paint: drawing it in the tap's own task would hold that paint back by as long
    // as the drawing takes (tens of milliseconds on a phone).
    const first = await ann.evaluate(
      (mark) =>
        new Promise<{ aims: number; sceneAims: number }>((resolve) => {
          const pistol = [...document.querySelectorAll<HTMLButtonElement>('.actions button')].find((b) => b.textContent?.trim() === 'Play Pistol');
          pistol?.click();
          requestAnimationFrame(() => {
            const items = (window as Hooked).__tumbleweedScene?.bounds().items ?? [];
            resolve({
              aims: document.querySelectorAll('.actions button.aim').length,
              sceneAims: items.filter((i) => i.kind === 'text' && i.label === mark).length,
            });
          });
        }),
      AIM_MARK,
    );
    expect(first).toEqual({ aims: 1, sceneAims: 0 });
    // Then the scene answers too: the bot's spot says it can be aimed at, and Ann's hand that her pistol is ready.
    await until('the aim mark on the scene', async () => (await sceneSays(ann, AIM_MARK)) > 0, 2000);
    expect(await sceneSays(ann, 'Your Pistol is ready — click the player to aim at')).toBe(1);

    // Cancel: the bar gives the cards back, and the scene drops its aim marks after it.
    await ann.locator('.actions').getByRole('button', { name: 'Cancel' }).click();
    await ann.locator('.actions button.aim').first().waitFor({ state: 'detached' });
    await until('the aim marks gone from the scene', async () => (await sceneSays(ann, AIM_MARK)) === 0, 2000);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('on a touch screen the felt says tap, not click: my hand, the gun ready, the players it may aim at', async () => {
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', { ...PHONE, deviceScaleFactor: 2 });
    await createTable(ann, stack().base, /Duel/, 2, 1, {}, 'Ann');
    const pistol = ann.locator('.actions').getByRole('button', { name: 'Play Pistol' });
    await pistol.waitFor({ timeout: 15_000 });
    await until('the hand says how to play', async () => (await sceneSays(ann, 'Your hand — tap a card to play it')) === 1, 2000);
    await pistol.tap();
    await until('the aim mark on the scene', async () => (await sceneSays(ann, 'tap to aim here')) === 1, 2000);
    expect(await sceneSays(ann, 'Your Pistol is ready — tap the player to aim at')).toBe(1);
    expect((await sceneTexts(ann)).filter((label) => /click/i.test(label))).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
