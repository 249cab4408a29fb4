/**
 * People at one Duel table in the browser tests (issue 12), for duel-reveal.test.ts (the reveal's hold and motion) and
 * duel-hit.test.ts ("HIT!" on phones): a table with no bots made from the lobby and joined by its code, each player in
 * a browser context of their own, cards played through the action bar, the scene read through its test hook.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { people, type People, type Stack } from './browser';
import type { SceneBounds } from './screens';
import { actionButton, aim, createTable } from './table';

/** The scene's test hook (packages/client/src/scenes/pixi.ts). */
export type Hooked = { __tumbleweedScene?: { bounds(): SceneBounds } };

/** The words of every label the scene draws now, through its test hook (none before a scene is drawn). */
export const sceneTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => ((window as Hooked).__tumbleweedScene?.bounds().items ?? []).filter((i) => i.kind === 'text').map((i) => i.label));

/** Presses the bar's `name` ("Play Pistol"), an "Aim at …" as its player would (table.ts `aim`: on a phone, on the felt). */
export const click = (page: Page, name: string): Promise<void> =>
  name.startsWith('Aim at ') ? aim(page, actionButton(page, name)) : actionButton(page, name).click({ timeout: 10_000 });

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
    // (no turn timer, first to $3)
    const code = await createTable(pages[0], stack().base, /Duel/, who.length, 0, { 'Target money': '3' }, 'Ann');
    for (let i = 1; i < pages.length; i++) await join(stack, pages[i], code, who[i].name);
    for (const p of pages) await actionButton(p, 'Play Pistol').waitFor({ timeout: 15_000 });
    return { folks, pages };
  };
}
