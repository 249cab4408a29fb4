/**
 * Contrast and the other WCAG 2 AA checks of axe-core on every page a player meets (issue 12): the lobby, a rules
 * page, a table waiting for its players (and its TV view), a table of each game while playing (phone and desktop),
 * the end screen, the TV view and the replay viewer.
 * No serious or critical violation may be left. Needs `npm run build` first.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, DUEL_PLAY, people, PHONE, shot, useStack } from '../support/browser';
import { axeViolations as violations } from '../support/axe';
import { createTable, leaveToLobby, playDuelToEnd, until, waitingRoom } from '../support/table';

jest.setTimeout(240_000);

const stack = useStack({ BOT_DELAY_MS: '60', LIMIT_CREATES_PER_MINUTE: '0' });
const GAMES: { id: string; radio: RegExp; seats: number; bots: number; ready(page: Page): Promise<boolean> }[] = [
  { id: 'duel', radio: /Duel/, seats: 3, bots: 2, ready: async (p) => (await p.locator('.actions').getByRole('button', { name: DUEL_PLAY }).count()) > 0 },
  { id: 'rattlesnake', radio: /Rattlesnake/, seats: 2, bots: 1, ready: async (p) => (await p.locator('.actions button:enabled').count()) > 0 },
  { id: 'saloon', radio: /Saloon Showdown/, seats: 4, bots: 3, ready: async (p) => (await p.locator('.actions button:enabled').count()) > 0 },
];

const SCREENS: [string, BrowserContextOptions][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

test('lobby, rules, a waiting table, every game while playing, the end screen, the TV view and the replay: no serious contrast or a11y problem', async () => {
  const folks = people(stack().browser);
  const found: string[] = [];
  try {
    for (const [screen, options] of SCREENS) {
      const page = await folks.open(screen, { ...options, locale: 'en-US' });
      await page.goto(`${stack().base}/`);
      await page.getByRole('button', { name: 'Create table' }).waitFor();
      found.push(...(await violations(page, `lobby (${screen})`)));
      await page.goto(`${stack().base}/#/rules/saloon`);
      await until('the how-to', async () => (await page.locator('[data-testid="howto"] h1').count()) > 0);
      found.push(...(await violations(page, `how to play (${screen})`)));
      await page.getByRole('button', { name: 'Full rules' }).click();
      await until('the full rules', async () => (await page.locator('.rules-doc h1').count()) > 0);
      found.push(...(await violations(page, `full rules (${screen})`)));
      // A table waiting for its players: the waiting room on the felt (and, from the desktop, on a TV).
      const waitingCode = await createTable(page, stack().base, /Duel/, 3, 0);
      await until('the waiting room', () => waitingRoom(page).isVisible());
      found.push(...(await violations(page, `waiting table (${screen})`)));
      if (screen === 'desktop') {
        const tv = await folks.open('tv-waiting', { viewport: { width: 1920, height: 1080 }, locale: 'en-US' });
        await tv.goto(`${stack().base}/#/tv/${waitingCode}`);
        await until('the waiting room on the TV', () => waitingRoom(tv).isVisible(), 20_000);
        found.push(...(await violations(tv, 'TV view, waiting')));
      }
      await leaveToLobby(page);
      for (const game of GAMES) {
        await createTable(page, stack().base, game.radio, game.seats, game.bots);
        await until(`${game.id}: a decision`, () => game.ready(page), 30_000);
        await page.waitForTimeout(300);
        const v = await violations(page, `${game.id} table (${screen})`);
        if (v.length) await shot(page, `a11y-${game.id}-${screen}`);
        found.push(...v);
        if (game.id === 'rattlesnake' && screen === 'desktop') {
          // A card picked in the bar (its toggle pressed: white words on blue, 3:1 once) reads as well.
          const bar = page.locator('.actions');
          const toggles = bar.locator('button.select:enabled');
          await until(
            'cards to pick in the bar (an attack of mine, or a defence)',
            async () => {
              if ((await toggles.count()) > 0) return true;
              const attack = bar.getByRole('button', { name: 'Attack', exact: true });
              await ((await attack.count()) > 0 ? attack : bar.locator('button:enabled').first()).click({ timeout: 2000 }).catch(() => undefined);
              return false;
            },
            30_000,
          );
          const picked = bar.locator('button.select[aria-pressed="true"]');
          await until('a card picked', async () => {
            if ((await picked.count()) > 0) return true;
            await toggles
              .first()
              .click({ timeout: 2000 })
              .catch(() => undefined); // (the bar redrawn under the pointer: again)
            return false;
          });
          await page.mouse.move(0, 0);
          found.push(...(await violations(page, `rattlesnake table, a card picked (${screen})`)));
        }
        await leaveToLobby(page);
      }
    }

    // The end screen, the TV view of that table, and its replay.
    const page = await folks.open('end', { ...DESKTOP, locale: 'en-US' });
    const code = await createTable(page, stack().base, /Duel/, 3, 2, { 'Target money': '3' });
    const tv = await folks.open('tv', { viewport: { width: 1920, height: 1080 }, locale: 'en-US' });
    await tv.goto(`${stack().base}/#/tv/${code}`);
    await until('the TV view', async () => (await tv.locator('.table-page.tv .scene canvas').count()) === 1, 20_000);
    found.push(...(await violations(tv, 'TV view')));
    await playDuelToEnd(page);
    await page.waitForTimeout(600);
    await shot(page, 'a11y-end-desktop');
    found.push(...(await violations(page, 'end screen')));
    await until('the end on the TV', async () => await tv.getByTestId('winner').isVisible());
    await tv.waitForTimeout(400);
    await shot(tv, 'a11y-tv-over');
    found.push(...(await violations(tv, 'TV view, game over')));
    await page.getByRole('button', { name: 'Watch replay' }).click();
    await until('the replay', async () =>
      (
        (await page
          .getByTestId('replay-title')
          .textContent()
          .catch(() => '')) ?? ''
      ).startsWith('Replay — '),
    );
    await page.waitForTimeout(500);
    found.push(...(await violations(page, 'replay viewer')));
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
  expect(found).toEqual([]);
});
