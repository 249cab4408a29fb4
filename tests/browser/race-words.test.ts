/**
 * Saloon's race picks in Portuguese on the narrowest bars: every pick's words inside its button. Held sideways the
 * race panel sits beside the cards (table-life.css), and on a 360-wide phone it has the screen's width; the five guns
 * share one row there, and Portuguese names them with longer words ("Vermelho", "Amarelo"). Ann and Bob at a table
 * dealt from a test seed: Bob threatens Ann, Ann answers "Do you?", then switches her page to Portuguese; while the
 * duel gets ready her picks are shown. Needs `npm run build` first.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { DESKTOP, people, shot, useStack } from '../support/browser';
import { bobThreatensAnn } from '../support/saloon';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });

const SCREENS: [string, BrowserContextOptions][] = [
  ['740x360', { viewport: { width: 740, height: 360 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }],
  ['360x640', { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

test.each(SCREENS)('a race on a %s phone in Portuguese: every pick reads whole in its button', async (screen, options) => {
  const folks = people(stack().browser);
  let host: { leave: () => Promise<void> } | null = null;
  try {
    const ann = await folks.open('Ann', { ...options, locale: 'en-US' });
    const bob = await folks.open('Bob', { ...DESKTOP, locale: 'en-US' });
    host = await bobThreatensAnn(stack().base, ann, bob);
    await ann.locator('.actions').getByRole('button', { name: 'Do you?', exact: true }).click({ timeout: 10_000 });
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
    expect(await ann.locator('.saloon-duelpanel button.pick').count()).toBeGreaterThanOrEqual(5 + 4 + 3);
    expect(folks.errors).toEqual([]);
  } finally {
    await host?.leave();
    await folks.close();
  }
});
