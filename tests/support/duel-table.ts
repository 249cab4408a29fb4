/**
 * People at one Duel table in the browser tests (issue 12), for duel-reveal.test.ts (the reveal's hold and motion) and
 * duel-hit.test.ts ("HIT!" on phones): a table with no bots made from the lobby and joined by its code, each player in
 * a browser context of their own, cards played through the action bar, the scene read through its test hook.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { people, type People, type Stack } from './browser';
import type { SceneBounds } from './screens';

/** The scene's test hook (packages/client/src/scenes/pixi.ts). */
export type Hooked = { __tumbleweedScene?: { bounds(): SceneBounds } };

export const bar = (page: Page) => page.locator('.actions');
export const click = (page: Page, name: string) => bar(page).getByRole('button', { name, exact: true }).click({ timeout: 10_000 });

/** Ann creates a Duel table (no turn timer, first to $3) with `seats` seats and `bots` bots; returns its code. */
async function createDuel(stack: () => Stack, page: Page, seats: number, bots: number): Promise<string> {
  await page.goto(`${stack().base}/`);
  await page.getByLabel('Your name', { exact: true }).fill('Ann');
  await page.getByRole('radio', { name: /Duel/ }).check();
  await page.getByLabel('Seats', { exact: true }).selectOption(String(seats));
  await page.getByLabel('Bots', { exact: true }).selectOption(String(bots));
  await page.getByLabel('Target money', { exact: true }).selectOption('3');
  await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
  return ((await page.getByTestId('table-code').textContent()) ?? '').trim();
}

async function join(stack: () => Stack, page: Page, code: string, name: string): Promise<void> {
  await page.goto(`${stack().base}/#/join/${code}`);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.waitForURL(new RegExp(`#/table/${code}$`));
}

/**
 * `atATable(who)` on the file's stack (`useStack`'s getter): people at one Duel table with no bots (Ann creates it,
 * the others join), each in a browser context of their own; resolves once everyone may play.
 */
export function atATableOn(stack: () => Stack): (who: { name: string; options: BrowserContextOptions }[]) => Promise<{ folks: People; pages: Page[] }> {
  return async function atATable(who) {
    const folks = people(stack().browser);
    const pages: Page[] = [];
    for (const w of who) pages.push(await folks.open(w.name, w.options));
    const code = await createDuel(stack, pages[0], who.length, 0);
    for (let i = 1; i < pages.length; i++) await join(stack, pages[i], code, who[i].name);
    for (const p of pages) await bar(p).getByRole('button', { name: 'Play Pistol' }).waitFor({ timeout: 15_000 });
    return { folks, pages };
  };
}
