/**
 * A light first page: the lobby does not fetch the table, the replay viewer or the full rulebooks (they load with
 * import() when a player goes there), and a slow load shows "Loading…" instead of a frozen lobby.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Page } from 'playwright-core';
import { people, useStack } from '../support/browser';

jest.setTimeout(60_000);

const stack = useStack();

/** The scripts the page fetched so far (their file names). */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') seen.push(new URL(req.url()).pathname.replace(/^.*\//, ''));
  });
  return seen;
}

test('the lobby fetches neither the table nor the replay viewer nor the rulebooks; each comes when needed', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { viewport: { width: 390, height: 844 } });
    const scripts = scriptsOf(page);
    await page.goto(`${stack().base}/`);
    await page.getByRole('button', { name: 'Create table' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /^(table|replay|rules-full)-/.test(s))).toEqual([]);

    await page.getByRole('link', { name: 'Duel rules' }).click();
    await page.getByRole('button', { name: 'Full rules' }).click();
    await page.getByRole('heading', { level: 1, name: 'Duel: Once Upon a Game in the West' }).waitFor();
    expect(scripts.some((s) => s.startsWith('rules-full-'))).toBe(true);

    await page.goto(`${stack().base}/#/`);
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.getByTestId('table-code').waitFor();
    expect(scripts.some((s) => s.startsWith('table-'))).toBe(true);
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
