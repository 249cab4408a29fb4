/**
 * Saloon's race picks in Portuguese on the narrowest bars: every pick's words inside its button. Held sideways the
 * race panel sits beside the cards (table-life.css), and on a 360-wide phone it has the screen's width; the five guns
 * share one row there, and Portuguese names them with longer words ("Vermelho", "Amarelo"). Ann and Bob at a table
 * dealt from a test seed: Bob threatens Ann, Ann answers "Do you?", then switches her page to Portuguese; while the
 * duel gets ready her picks are shown. The countdowns on the way ("… — 30 s" in the status bar, "You must answer —
 * 30 s" over her answers) keep their number and its "s" on one line. Needs `npm run build` first.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, people, phone, shot, useStack } from '../support/browser';
import { bobThreatensAnn } from '../support/saloon';
import { openHeaderMenu } from '../support/table';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });

const SCREENS: [string, BrowserContextOptions][] = [
  ['740x360', phone(740, 360, 3)],
  ['360x640', phone(360, 640, 2)],
];

/** Countdowns ("30 s") in the status bar and the window's line whose number and "s" are drawn on two lines. */
const splitCountdowns = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const split: string[] = [];
    for (const el of document.querySelectorAll('[data-testid="status"], [data-testid="saloon-window"]')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/\d+\s+s\b/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(`"${m[0]}" on ${lines.size} lines in ${el.getAttribute('data-testid')}: "${(el.textContent ?? '').trim()}"`);
        }
      }
    }
    return split;
  });

test.each(SCREENS)('a threat and a race on a %s phone, the race in Portuguese: every countdown and every pick reads whole', async (screen, options) => {
  const folks = people(stack().browser);
  let host: { leave: () => Promise<void> } | null = null;
  try {
    const ann = await folks.open('Ann', { ...options, locale: 'en-US' });
    const bob = await folks.open('Bob', { ...DESKTOP, locale: 'en-US' });
    host = await bobThreatensAnn(stack().base, ann, bob);
    expect(await splitCountdowns(ann)).toEqual([]);
    await ann.locator('.actions').getByRole('button', { name: 'Do you?', exact: true }).click({ timeout: 10_000 });
    await openHeaderMenu(ann);
    await ann.getByTestId('language').selectOption('pt-BR');
    await ann.getByRole('button', { name: 'Atirar!' }).waitFor({ timeout: 10_000 });
    await ann.waitForTimeout(300);
    await shot(ann, `race-words-pt-${screen}`);
    const cut = await ann.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('.saloon-duelpanel button.pick, .saloon-duelpanel button.shoot')]
        .filter((b) => b.scrollWidth > b.clientWidth + 1)
        .map((b) => `"${(b.textContent ?? '').trim()}": ${b.scrollWidth}px of words in ${b.clientWidth}px`),
    );
    expect(cut).toEqual([]);
    expect(await splitCountdowns(ann)).toEqual([]);
    expect(await ann.locator('.saloon-duelpanel button.pick').count()).toBeGreaterThanOrEqual(5 + 4 + 3);
    expect(folks.errors).toEqual([]);
  } finally {
    await host?.leave();
    await folks.close();
  }
});
