/**
 * Fingers, not a mouse pointer: on a touch screen every button, list and field a player taps is at least 44×44 CSS px
 * (Apple's 44 pt, WCAG 2.5.5's 44 px; Android asks 48 dp) — in the lobby, the waiting room (the host's "Add bot",
 * "Start now", "Remove"), at a table of each game (the header, the action bar, Saloon's public cards and guns, the
 * quick chat), on the end strip and in the replay viewer, on a phone held upright (390×844 at DPR 3, 360×640 at DPR 2)
 * and sideways (844×390); Saloon's "Larger gun glyphs" is in the header and works there. A radio button counts by its label (the whole game card is the target). Controls hidden
 * from the eye (a screen reader's only) are not targets. Screenshots: test-artifacts/touch-<where>-<screen>.png.
 * Needs `npm run build` first.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { shot, useStack } from '../support/browser';
import { createTable, playDuelToEnd, until, waitingRoom } from '../support/table';

jest.setTimeout(240_000);

const stack = useStack({ BOT_DELAY_MS: '60', LIMIT_CREATES_PER_MINUTE: '0' });

const MIN = 44;

/** Every control in sight smaller than MIN in either direction, as "where: what "words" w×h". */
const smallTargets = async (page: Page, where: string): Promise<string[]> => {
  // measured at rest: a card growing in (the end card starts at 97%) is not the size it will be tapped at
  await until(`${where} at rest`, () =>
    page.evaluate(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)),
  );
  return page.evaluate(
    ({ where, min }) => {
      const out: string[] = [];
      const controls = document.querySelectorAll('button, select, input, textarea, a[href], summary, [role=button]');
      for (const el of controls) {
        // a radio or checkbox is tapped through its label
        const target = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? (el.closest('label') ?? el) : el;
        const r = target.getBoundingClientRect();
        const style = getComputedStyle(el);
        // hidden from the eye: nothing to tap
        if (r.width <= 2 || r.height <= 2 || style.visibility === 'hidden' || style.clipPath === 'inset(50%)') continue;
        if (el.closest('[aria-hidden=true], [hidden], .pixi-a11y, #pixi-accessibility') !== null) continue;
        if (r.bottom < 0 || r.right < 0 || r.left > innerWidth) continue;
        if (r.width < min || r.height < min) {
          const words = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 28);
          out.push(`${where}: ${el.tagName.toLowerCase()} "${words}" ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
      }
      return out;
    },
    { where, min: MIN },
  );
};

const SCREENS: [string, BrowserContextOptions][] = [
  ['phone390', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }],
  ['phone360', { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ['phone844x390', { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }],
];

test.each(SCREENS)('every target on a touch screen is at least 44×44 px (%s)', async (screen, options) => {
  const context = await stack().browser.newContext({ ...options, locale: 'en-US' });
  const page = await context.newPage();
  const small: string[] = [];
  try {
    await page.goto(`${stack().base}/`);
    await page.getByRole('button', { name: 'Create table' }).waitFor();
    small.push(...(await smallTargets(page, 'lobby')));

    // the waiting room, as its host: a seat to fill, a bot to remove
    await createTable(page, stack().base, /Duel/, 3, 1);
    await waitingRoom(page).waitFor();
    await page.getByRole('button', { name: 'Add bot' }).waitFor();
    small.push(...(await smallTargets(page, 'waiting room')));
    await shot(page, `touch-waiting-${screen}`);

    await page.getByRole('button', { name: 'Add bot' }).click();
    await page
      .locator('.actions')
      .getByRole('button', { name: /^Play / })
      .first()
      .waitFor({ timeout: 20_000 });
    small.push(...(await smallTargets(page, 'Duel')));
    await shot(page, `touch-duel-${screen}`);

    await playDuelToEnd(page, 150_000);
    small.push(...(await smallTargets(page, 'end')));
    await page.getByRole('button', { name: 'Watch replay' }).click();
    await page.getByRole('group', { name: 'Replay controls' }).waitFor();
    await page.waitForTimeout(500);
    small.push(...(await smallTargets(page, 'replay')));
    await shot(page, `touch-replay-${screen}`);

    for (const [game, name] of [
      [/Saloon/, 'Saloon'],
      [/Rattlesnake/, 'Rattlesnake'],
    ] as const) {
      await page.goto(`${stack().base}/`);
      await createTable(page, stack().base, game, 2, 1);
      await until(`${name}'s moves`, async () => (await page.locator('.actions button:enabled').count()) > 0, 20_000);
      small.push(...(await smallTargets(page, name)));
      await shot(page, `touch-${name}-${screen}`);
      if (name === 'Saloon') {
        // Saloon's "Larger gun glyphs" is a setting of this device, in the header beside the sound's (not a row of
        // the action bar): it still enlarges the guns' glyphs, and says it is on.
        const glyphs = page.locator('.table-head').getByRole('button', { name: 'Larger gun glyphs' });
        await glyphs.click();
        await until('larger glyphs', async () => (await page.locator('.actions.big-glyphs').count()) === 1);
        expect(await glyphs.getAttribute('aria-pressed')).toBe('true');
        await glyphs.click();
        await until('glyphs back', async () => (await page.locator('.actions.big-glyphs').count()) === 0);
      }
    }
  } finally {
    await context.close();
  }
  expect(small).toEqual([]);
});
