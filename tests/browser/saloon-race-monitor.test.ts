/**
 * A Saloon duel on a 1920×1080 monitor: the race's picks (gun, area, noise, Shoot!) lie centred under the felt's three
 * large cards, larger than a laptop's. They kept a laptop's size, packed into the left corner of a 1552 px bar, under
 * cards drawn 334 px wide (a review of the large-monitor page's screenshots). Bob threatens Ann at a seeded table
 * (ALLOW_TEST_SEED); Ann answers "Do you?" and the race starts; Ann shoots right and wins it. Then the felt takes its
 * height back: the action bar, held at its tallest so the table stops moving, kept the race panel's height around the
 * next turn's moves (389 px at 1920×1080), the felt squeezed by as much. Needs `npm run build` first.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { shot, useStack } from '../support/browser';
import { atDuelGo, labelsOf, parseCards, shootDuel } from '../support/saloon';
import { until } from '../support/table';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });

/** The race at GO!, Ann on `screen` (its screenshot saved as `shotName`), Bob on a desktop (atDuelGo). */
const atGo = (screen: BrowserContextOptions, shotName: string, check: (ann: Page) => Promise<void>): Promise<void> =>
  atDuelGo(stack, { ann: { ...screen, locale: 'en-US' } }, async (ann, _bob, folks) => {
    await shot(ann, shotName);
    await check(ann);
    expect(folks.errors).toEqual([]);
  });

test('a duel on a 1920×1080 monitor: the race’s picks centred under the cards, larger than a laptop’s; the felt’s height back after it', () =>
  atGo({ viewport: { width: 1920, height: 1080 } }, 'saloon-race-monitor-1920', async (ann) => {
    const bar = await ann.locator('.actions').boundingBox();
    const shoot = await ann.locator('.saloon-duelpanel button.shoot').boundingBox();
    const gun = await ann.locator('.saloon-duelpanel button.pick').first().boundingBox();
    if (!bar || !shoot || !gun) throw new Error('no race panel');
    // Centred: the picks' block (the first gun to Shoot!'s right edge) has its middle within a tenth of the bar's.
    const middle = (gun.x + shoot.x + shoot.width) / 2;
    expect(Math.abs(middle - (bar.x + bar.width / 2))).toBeLessThan(0.1 * bar.width);
    // Larger: a laptop's Shoot! is 48 px tall.
    expect(shoot.height).toBeGreaterThanOrEqual(56);
    expect(await ann.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(1);

    // Ann shoots right and wins; the race's panel goes, and the bar with it.
    await shootDuel((name) => ann.locator('.actions').getByRole('button', { name, exact: true }), parseCards(await labelsOf(ann.getByTestId('hand'))));
    await until('the race over', async () => (await ann.locator('.saloon-duelpanel').count()) === 0, 15_000);
    await ann.waitForTimeout(500);
    const after = await ann.locator('.actions').boundingBox();
    expect(after && after.height < bar.height - 60 ? 'the bar gave back the race panel’s height' : `${after?.height} px, ${bar.height} in the race`).toBe(
      'the bar gave back the race panel’s height',
    );
  }));

/**
 * The same race on a 15-inch Windows laptop at 150% (1280×720, DPR 1.5): the felt at its least (210 px), the bar held
 * every pick and Shoot!, but the "Larger gun glyphs" setting on a row of its own under them lay out of sight (the bar's
 * content 386 px in 332, scrolled within itself). The setting is in the table's header now, beside the sound's.
 */
test('a duel on a 1280×720 laptop at 150%: every pick and Shoot! in sight in the bar, the glyphs setting in the header', () =>
  atGo({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1.5 }, 'saloon-race-laptop-1280x720', async (ann) => {
    const hidden = await ann.evaluate(() => {
      const bar = document.querySelector('.actions')?.getBoundingClientRect();
      if (!bar) return ['no action bar'];
      const hidden = [...document.querySelectorAll('.actions button')]
        .map((b) => ({ name: (b.textContent ?? '').trim(), r: b.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 1 && (r.top < bar.top - 1 || r.bottom > bar.bottom + 1 || r.bottom > window.innerHeight + 1))
        .map(({ name, r }) => `${name} at ${Math.round(r.top)}–${Math.round(r.bottom)}, the bar ${Math.round(bar.top)}–${Math.round(bar.bottom)}`);
      const glyphs = document.querySelector('.table-head')?.querySelector('button[aria-label="Larger gun glyphs"]')?.getBoundingClientRect();
      if (!glyphs || glyphs.width < 1 || glyphs.top < 0 || glyphs.bottom > window.innerHeight) hidden.push(`the glyphs setting at ${JSON.stringify(glyphs)}`);
      return hidden;
    });
    expect(hidden).toEqual([]);
  }));
