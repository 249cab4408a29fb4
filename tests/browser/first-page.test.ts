/**
 * A light first page: the lobby carries neither the connection (colyseus.js, the state's schema, the event decoder)
 * nor any game's rules or table code, nor the words of a language it is not shown in. The connection is fetched once
 * the lobby is drawn; the table, the scenes and Pixi once a player touches the lobby (picks a game, types a name); the replay
 * viewer and the full rulebooks when a player goes there. A slow load shows "Loading…" instead of a frozen lobby. (What the first page weighs: bundle-size.test.ts.)
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Page } from 'playwright-core';
import { SEAT_RANGE as DUEL_SEATS } from '../../packages/engine/src/duel/state';
import { SEATS as RATTLESNAKE_SEATS } from '../../packages/engine/src/rattlesnake/numbers';
import { SEAT_RANGE as SALOON_SEATS } from '../../packages/engine/src/saloon/numbers';
import { people, useStack } from '../support/browser';

jest.setTimeout(60_000);

const stack = useStack();

/** The scripts the page asked for so far (their file names). */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') seen.push(new URL(req.url()).pathname.replace(/^.*\//, ''));
  });
  return seen;
}

test('the lobby is drawn and usable before the connection arrives; the table comes once a player touches the lobby, the rulebooks when opened', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    const scripts = scriptsOf(page);
    // The connection's code is held back: the lobby must not wait for it.
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    let asked = (): void => undefined;
    const netAsked = new Promise<void>((r) => (asked = r));
    await page.route(/\/assets\/net-[^/]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(`${stack().base}/`);
    await page.getByRole('button', { name: 'Create table' }).waitFor();
    for (const game of [/^Duel/, /^Rattlesnake/, /^Saloon Showdown/]) expect(await page.getByRole('radio', { name: game }).count()).toBe(1);
    // Each game says how many play it, from the engine's own seat range.
    const players = await page.locator('label.game-choice').evaluateAll((labels) => labels.map((l) => l.textContent ?? ''));
    expect(players.map((text) => /\d+(–\d+)? players/.exec(text)?.[0])).toEqual([
      `${DUEL_SEATS.min}–${DUEL_SEATS.max} players`,
      `${RATTLESNAKE_SEATS} players`,
      `${SALOON_SEATS.min}–${SALOON_SEATS.max} players`,
    ]);
    // Once the lobby is drawn it asks for the connection (held here), and for nothing else.
    await netAsked;
    expect(scripts.filter((s) => /^(table|duel|rattlesnake|saloon|browserAll|replay|rules-full|portuguese)-[\w-]{8}\.js$/.test(s))).toEqual([]);
    // A player who picks a game (or touches any field) is about to sit down: the table, the games' scenes and Pixi's
    // browser extensions are fetched now, before any click on "Create table".
    // (a chunk's name is its module's, then '-' and an 8-character hash: `rattlesnake-words-…` is another chunk)
    const coming = ['table', 'duel', 'rattlesnake', 'saloon', 'browserAll'].map((chunk) => page.waitForRequest(new RegExp(`/assets/${chunk}-[\\w-]{8}\\.js$`)));
    await page.locator('label.game-choice strong', { hasText: 'Saloon Showdown' }).click();
    await page.getByLabel('Threat window', { exact: true }).waitFor();
    await Promise.all(coming);

    await page.getByRole('link', { name: 'Duel rules' }).click();
    await page.getByRole('button', { name: 'Full rules' }).click();
    await page.getByRole('heading', { level: 1, name: 'Duel: Once Upon a Game in the West' }).waitFor();
    expect(scripts.some((s) => s.startsWith('rules-full-'))).toBe(true);

    // A click before the connection is there waits for it ("Saddling up…"), then seats the player.
    await page.goto(`${stack().base}/#/`);
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.getByRole('button', { name: 'Saddling up…' }).waitFor();
    release();
    await page.getByTestId('table-code').waitFor();
    expect(scripts.some((s) => s.startsWith('net-'))).toBe(true);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('a page in English never fetches the Portuguese words; a page in Portuguese is drawn in Portuguese at once, or in English if its words cannot be had', async () => {
  const folks = people(stack().browser);
  try {
    const en = await folks.open('Pat', { viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const enScripts = scriptsOf(en);
    await en.goto(`${stack().base}/`);
    await en.getByRole('button', { name: 'Create table' }).waitFor();
    await en.waitForLoadState('networkidle');
    expect(enScripts.filter((s) => s.startsWith('portuguese-'))).toEqual([]);
    // Picking Portuguese fetches its words, then redraws the lobby in them.
    await en.getByTestId('language').selectOption('pt-BR');
    await en.getByRole('button', { name: 'Criar mesa' }).waitFor();
    expect(enScripts.some((s) => s.startsWith('portuguese-'))).toBe(true);
    expect(await en.evaluate(() => document.documentElement.lang)).toBe('pt-BR');

    const pt = await folks.open('Ana', { viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    // No English first: the lobby's first text is already Portuguese.
    await pt.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.getElementById('app')?.textContent ?? '';
        if (text) seen.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await pt.goto(`${stack().base}/`);
    await pt.getByRole('button', { name: 'Criar mesa' }).waitFor();
    const seen = await pt.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => text.includes('Create table'))).toEqual([]);
    expect(await pt.evaluate(() => document.documentElement.lang)).toBe('pt-BR');

    // Where the Portuguese words cannot be fetched (a dropped connection), the page is drawn in English.
    const cut = await folks.open('Bia', { viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await cut.route(/\/assets\/portuguese-[^/]+\.js$/, (route) => route.abort());
    await cut.goto(`${stack().base}/`);
    await cut.getByRole('button', { name: 'Create table' }).waitFor();
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('a slow table download shows "Loading…", then the table', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { viewport: { width: 1366, height: 768 } });
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/table-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack().base}/`);
    await page.getByRole('button', { name: 'Create table' }).click();
    const loading = page.getByRole('heading', { name: 'Loading…' });
    await loading.waitFor();
    release();
    await page.getByTestId('table-code').waitFor();
    expect(await loading.count()).toBe(0);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
