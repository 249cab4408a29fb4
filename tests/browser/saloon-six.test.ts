/**
 * Saloon at five or six on a phone held sideways: the felt beside the action bar is laid out wide and drawn small, and
 * its players sat in one row, every box 60–75 px on the screen: "Calamity K…", "Loot $20 · B…", "no Wds · 3 c…" in
 * each, the Bounty and the cards in hand cut away. Two rows of three now, every name and number whole, nothing over
 * anything, on my turn and through my threat (where the bar beside the felt is widest). At 568×320 the gun's captions
 * lay 2 px over the line under them, and my hand's title 2 px under my cards: each is given the height it is drawn at.
 * There too, six players in two rows left the public cards 24 px wide on my turn, their words 5.6 px tall, and a threat's
 * words 6.8 px: the felt's words (outside the cards and boxes) must be drawn at its least type size, the cards' words
 * readable.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { people, phone, shot, useStack } from '../support/browser';
import { findSaloonSeed, hostSaloon, joinByCode, threaten } from '../support/saloon';
import { layoutProblems, measure, READABLE_PX } from '../support/screens';
import { until } from '../support/table';

jest.setTimeout(90_000);

const stack = useStack({ ALLOW_TEST_SEED: '1' });

const BOT_NAMES = ['Calamity Kate', 'Dusty Pete', 'One-Eyed Jack', 'Belle Starr', 'Sheriff Bart'];
/** The threat's window long enough to measure it (the bar beside the felt is widest then, the felt narrowest). */
const OPTIONS = { threatSeconds: 30, simplified: false, russianRoulette: false };
/** The felt's least type size (READ_PX, scenes/saloon.ts), in CSS px. */
const FELT_WORDS_PX = 10;

test.each([
  [6, 'phone844x390', phone(844, 390, 3)],
  [5, 'phone740x360', phone(740, 360, 3)],
  [6, 'phone568x320', phone(568, 320, 2)],
] as [number, string, BrowserContextOptions][])(
  'Saloon at %i on a %s: every player’s name, Loot, Bounty, Wounds and cards whole on the felt, on my turn and through my threat',
  async (seats, screen, options) => {
    const seed = findSaloonSeed(seats, OPTIONS, (s) => s.active === 0);
    const { code, leave } = await hostSaloon(stack().base, seats, seats - 1, seed, OPTIONS);
    const folks = people(stack().browser);
    try {
      const page = await folks.open(screen, { ...options, locale: 'en-US' });
      await joinByCode(page, stack().base, 'Ann', code);
      const button = (name: string | RegExp) => page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });
      await until('my turn', async () => (await button(/^Threaten with the \w+ gun…$/).count()) > 0, 20_000);
      const problems = new Set<string>();
      /** What is cut or over something else on the felt now. */
      const look = async (when: string) => {
        const snap = await measure(page);
        const words = snap.scene.items.filter((x) => x.kind === 'text').map((x) => x.label);
        if (!words.some((w) => w.startsWith('Loot '))) problems.add(`${when}: no player's box on the felt`);
        for (const name of ['Ann (you)', ...BOT_NAMES.slice(0, seats - 1)])
          if (!words.some((w) => w.includes(name)))
            problems.add(`${when}: no "${name}" whole on the felt (${words.filter((w) => w.endsWith('…')).join(', ')})`);
        for (const w of words.filter((x) => /^(Loot |no W|✚)/.test(x) && x.endsWith('…'))) problems.add(`${when}: a player's numbers cut: "${w}"`);
        for (const p of layoutProblems(snap, options.deviceScaleFactor ?? 1)) problems.add(`${when}: ${p}`);
        const items = snap.scene.items;
        for (const t of items.filter((x) => x.kind === 'text')) {
          const tall = `drawn ${t.height.toFixed(1)} px tall`;
          // (a line of words wrapped is taller than its words: their size)
          const size = t.fontSize ?? t.height;
          if (t.parent < 0 && size < FELT_WORDS_PX - 0.05)
            problems.add(`${when}: "${t.label}" drawn at ${size.toFixed(1)} px (the felt's words at least ${FELT_WORDS_PX})`);
          // (a card's words, not the letter in its colour's mark)
          if (items[t.parent]?.kind === 'card' && t.height < READABLE_PX) problems.add(`${when}: a card's "${t.label}" ${tall} (unreadable)`);
        }
      };
      await page.waitForTimeout(300);
      await look('my turn');
      await shot(page, `saloon-six-${seats}-${screen}-turn`);
      expect(await threaten(button, 'Calamity Kate')).toBe(true);
      await until('my threat', async () => /Calamity Kate/.test((await page.getByTestId('status').textContent()) ?? ''), 10_000);
      await page.waitForTimeout(300);
      await look('my threat');
      await shot(page, `saloon-six-${seats}-${screen}-threat`);
      expect([...problems]).toEqual([]);
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
      await leave();
    }
  },
);
