/**
 * Saloon's window line (who may still act in an open threat, with its countdown) on the smallest phone held upright
 * (360×640): at four seats with the bots' long names it ran to five lines and was cut to two, the Bottle's part lost
 * ("…may still come from: Calamity Kate and Dusty Pete (with a Standoff card) · the Bottle: …" cut after "Standoff").
 * On a phone's bar it is told in shorter words and shown whole; a desktop keeps the full words. Bob threatens Ann at a
 * table dealt from a test seed (ALLOW_TEST_SEED, as in saloon-symbols.test.ts) where the bots cannot interrupt. Ann
 * on a 2560×1440 monitor or a 1366×768 laptop sees the threat's whole panel on the felt ("Do you feel lucky?" under the
 * threat's line): beside her hand in less than 600 of the felt's width (on the laptop, and on the monitor when it was
 * laid out 1231 wide), the threat took a phone's compact panel, its line ending on a colon.
 * Needs `npm run build` first.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, people, phone, shot, useStack } from '../support/browser';
import { findSaloonSeed, hostSaloon, joinByCode, mayInterrupt } from '../support/saloon';
import { layoutProblems, measure } from '../support/screens';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });
const OPTIONS = { threatSeconds: 30, simplified: false, russianRoulette: false };

/** The window line as the page shows it: its words on the screen, and how much of it is cut off (px). */
const windowLine = (page: Page) =>
  page.getByTestId('saloon-window').evaluate((el: HTMLElement) => ({ words: el.innerText, cut: el.scrollHeight - el.clientHeight }));

/** Each screen, whether its bar words the line shorter (a phone's, 484 px or less) and whether the felt shows the whole threat panel. */
const SCREENS: [string, BrowserContextOptions, { short: boolean; whole: boolean }][] = [
  ['a 360×640 phone', phone(360, 640, 2), { short: true, whole: false }],
  // (held sideways, the bar beside the felt is a phone's, and the felt too low for the whole panel: the compact one stays)
  ['an 844×390 phone held sideways', phone(844, 390, 3), { short: true, whole: false }],
  ['a 2560×1440 monitor', { viewport: { width: 2560, height: 1440 } }, { short: false, whole: true }],
  ['a 1366×768 laptop', { viewport: { width: 1366, height: 768 } }, { short: false, whole: true }],
];

test.each(SCREENS)(
  'a threat at four seats on %s: the window line names who may still answer, every part of it in sight',
  async (_, options, { short, whole }) => {
    const seed = findSaloonSeed(4, OPTIONS, (s) => s.active === 1 && !mayInterrupt(s.players[2].hand) && !mayInterrupt(s.players[3].hand));
    const folks = people(stack().browser);
    const host = await hostSaloon(stack().base, 4, 2, seed, OPTIONS);
    try {
      const ann = await folks.open('Ann', options);
      const bob = await folks.open('Bob', DESKTOP);
      await joinByCode(ann, stack().base, 'Ann', host.code);
      await joinByCode(bob, stack().base, 'Bob', host.code);
      const button = (page: Page, name: string) => page.locator('.actions').getByRole('button', { name, exact: true });
      await button(bob, 'Threaten with the red gun…').click();
      await button(bob, 'Threaten Ann with the red gun').click();
      await ann.locator('.actions .prompt').filter({ hasText: 'Bob points the red gun at you' }).waitFor();
      await ann
        .getByTestId('saloon-window')
        .filter({ hasText: /Bottle/ })
        .waitFor();
      await shot(ann, `saloon-window-line-${options.viewport?.width}`);
      const mine = await windowLine(ann);
      expect(mine.words).toMatch(/^You must answer — \d+\ss · /);
      // (a phone's shorter words; a monitor's full ones)
      expect(mine.words).toMatch(short ? / · Bottle: .+ and .+ \(3 red\)$/ : / · the Bottle: .+ and .+ \(with 3 red cards\)$/);
      expect(mine.cut).toBeLessThanOrEqual(1);
      expect(layoutProblems(await measure(ann), options.deviceScaleFactor ?? 1)).toEqual([]);
      if (whole) {
        const felt = await ann.evaluate(
          () =>
            window.__tumbleweedScene
              ?.bounds()
              .items.filter((i) => i.kind === 'text')
              .map((i) => i.label) ?? [],
        );
        expect(felt).toContain('"Do you feel lucky?"');
      }
      const desktop = await windowLine(bob);
      expect(desktop.words).toMatch(/^Ann must answer — \d+\ss · "I don't think so!" may still come from: .+ · the Bottle: .+ \(with 3 red cards\)$/);
      expect(desktop.cut).toBeLessThanOrEqual(1);
      expect(folks.errors).toEqual([]);
    } finally {
      await host.leave();
      await folks.close();
    }
  },
);
