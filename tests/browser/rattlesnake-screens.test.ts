/**
 * Rattlesnake on real screens (issue 12), its motion: a player against a bot on a 1366×768 desktop, through a
 * showdown; cards move when dealt, played and revealed (the scene counts its tweens), and stay still under
 * prefers-reduced-motion. This file holds only that test, which counts what moves while it plays: it is one of the
 * timed files that `npm test` runs alone (scripts/test.mjs). The layout and keyboard tests of the same screens (cards
 * that print what they do, the verdict, the phone's action bar, the shortcuts) are in rattlesnake-layout.test.ts.
 * Needs `npm run build` first.
 */
import { people, useStack } from '../support/browser';
import { DESKTOP, move, playUntil, tableWithBotOn } from '../support/rattlesnake-screens';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '60', LIMIT_CREATES_PER_MINUTE: '0' });
const tableWithBot = tableWithBotOn(stack);

describe('Rattlesnake on a desktop and on a phone', () => {
  test('cards move when dealt, played and revealed, and stay still under prefers-reduced-motion', async () => {
    const folks = people(stack().browser);
    try {
      const tweens: Record<string, number> = {};
      for (const [name, options] of [
        ['moving', DESKTOP],
        ['still', { ...DESKTOP, reducedMotion: 'reduce' }],
      ] as const) {
        const page = await folks.open(name, options);
        await tableWithBot(page);
        // Through a showdown (cards played, revealed, discarded, new ones dealt).
        await playUntil(page, 'a showdown', async () => /(You win|You lose): /.test((await page.getByRole('log').textContent()) ?? ''));
        for (let i = 0; i < 3; i++) {
          await move(page);
          await page.waitForTimeout(150);
        }
        tweens[name] = Number((await page.locator('.scene').getAttribute('data-tweens')) ?? 0);
      }
      expect(tweens.moving).toBeGreaterThan(3);
      expect(tweens.still).toBe(0);
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
    }
  });
});
