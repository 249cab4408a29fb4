/**
 * A tap on the felt while the table changes. A scene draws itself again whenever the table's state does (another
 * player places a card, a bot answers), and a finger rests 100–300 ms on what it taps: a press that began on a card
 * of the old drawing and ended on the same card of the new one was no tap (Pixi's `pointertap` wants the press and
 * the release on one object), and the card was not played. The press is now remembered by what was pressed (which
 * card, which player), not by the object drawn (packages/client/src/scenes/pixi.ts `onTap`).
 * Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, useStack } from '../support/browser';
import { atATableOn, click, sceneTexts } from '../support/duel-table';
import { measure } from '../support/screens';
import { until } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '50', LIMIT_CREATES_PER_MINUTE: '0' });
const atATable = atATableOn(stack);

/** The middle of where a tap takes the felt's tappable card labelled `words` (the first such card). */
async function cardOnFelt(page: Page, words: string): Promise<{ x: number; y: number }> {
  const { items } = (await measure(page)).scene;
  const card = items.find((c, i) => c.kind === 'card' && c.tap && items.some((t) => t.parent === i && t.kind === 'text' && t.label === words));
  if (!card?.tap) throw new Error(`no ${words} to tap on the felt`);
  return { x: card.tap.x + card.tap.width / 2, y: card.tap.y + card.tap.height / 2 };
}

test('Duel: a card pressed while another player places theirs is picked when the finger lifts', async () => {
  const {
    folks,
    pages: [ann, bob],
  } = await atATable([
    { name: 'Ann', options: DESKTOP },
    { name: 'Bob', options: DESKTOP },
  ]);
  try {
    const at = await cardOnFelt(ann, 'Pistol');
    await ann.mouse.move(at.x, at.y);
    await ann.mouse.down();
    // Bob places his card while Ann's finger is down: her felt is drawn again, his card face down on it.
    await click(bob, 'Play Barricade');
    await until("Bob's card on Ann's felt", async () => (await sceneTexts(ann)).includes('card placed'));
    await ann.mouse.up();
    // Ann's pistol is picked: she is asked whom to aim at.
    await ann.locator('.actions button.aim').first().waitFor({ timeout: 5_000 });
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
