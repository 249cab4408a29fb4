/**
 * Rattlesnake's Scout in a real browser (issue 15): a player draws 2 with Scout and puts one back on top of their
 * deck. They know that card, so their own deck shows it face up ("top: yours to know") — after a reload too (the
 * page gets only its view back) — and the other player's page never shows it. A 2-seat table with a test seed
 * (ALLOW_TEST_SEED) where Ann starts with a Scout card; Bob is a second browser. Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { Rattlesnake, Rng } from '@tumbleweed/engine';
import { DESKTOP, shot, useStack } from '../support/browser';
import { annAndBob } from '../support/rattlesnake-screens';
import { measure } from '../support/screens';
import { until } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });

/** The first seed where seat 0 starts with a Scout card in hand. */
function findSeed(): number {
  for (let seed = 1; seed < 100_000; seed++) {
    const s = Rattlesnake.setup({ seats: 2, options: {} as Rattlesnake.RattlesnakeOptions }, Rng.fromSeed(seed));
    if (s.active === 0 && s.players[0].hand.some((id) => id.endsWith('-scout'))) return seed;
  }
  throw new Error('no seed');
}

/** The words the table draws on the canvas. */
const sceneTexts = async (page: Page): Promise<string[]> =>
  (await measure(page)).scene.items.filter((i) => i.kind === 'text').map((i) => (i.label ?? '').replace(/\s+/g, ' '));

test("the card put back with Scout shows on its owner's deck (after a reload too), never on the other screen", async () => {
  const seed = findSeed();
  await annAndBob(stack, seed, { ann: { ...DESKTOP, locale: 'en-US' } }, async (ann, bob, folks) => {
    const annBar = (name: string | RegExp) => ann.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });
    const bobBar = (name: string | RegExp) => bob.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });

    await until('Ann may use Scout', async () => (await annBar('Use Scout').count()) > 0 || (await annBar('Use an ability…').count()) > 0, 20_000);
    if ((await annBar('Use Scout').count()) === 0) await annBar('Use an ability…').click();
    await annBar('Use Scout').click();
    // Bob may answer an ability (a Disarm…): he lets it be.
    await until('Bob to allow it', async () => (await bobBar('Allow').count()) > 0, 10_000);
    await bobBar('Allow').click();
    const putBack = annBar(/^Put back /);
    await until('the two cards to choose from', async () => (await putBack.count()) === 2, 10_000);
    const label = ((await putBack.first().getAttribute('aria-label')) ?? (await putBack.first().textContent()) ?? '').replace(/^Put back /, '').trim();
    await putBack.first().click();

    const knownTop = (texts: string[]) => texts.some((t) => /^Deck: \d+ · top: yours to know$/.test(t));
    await until("Ann's deck to show the card she put back", async () => knownTop(await sceneTexts(ann)), 10_000);
    await ann.waitForTimeout(400);
    await shot(ann, 'rattlesnake-scout-1-known-top');
    expect((await sceneTexts(ann)).some((t) => t.toLowerCase().includes(label.split(' ')[0].toLowerCase()))).toBe(true);
    expect(knownTop(await sceneTexts(bob))).toBe(false);

    // A reload: the page gets its seat back and only its view — which still says what is on top.
    await ann.reload();
    await until("Ann's deck to show it again after a reload", async () => knownTop(await sceneTexts(ann).catch(() => [])), 20_000);
    await shot(ann, 'rattlesnake-scout-2-after-reload');
    expect(folks.errors).toEqual([]);
  });
});
