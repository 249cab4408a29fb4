/**
 * Rattlesnake against a bot in the browser tests (issue 12), for rattlesnake-screens.test.ts (motion) and
 * rattlesnake-layout.test.ts (layout, keyboard): the two screens they use, a table made from the lobby, the action bar
 * and a simple policy that plays it as a player would.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP as DESKTOP_WINDOW, people, type People, phone, type Stack } from './browser';
import { joinByCode } from './saloon';
import { measure, type SceneRect, type Snapshot } from './screens';
import { actionButton, createTable, hostTable, until } from './table';

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1, locale: 'en-US' };
export const PHONE: BrowserContextOptions = { ...phone(390, 844, 2), locale: 'en-US' };

export const actions = (page: Page) => page.locator('.actions');

/** `tableWithBot(page)` on the file's stack (`useStack`'s getter): Pat against a bot, no turn timer; resolves once Pat has a move. */
export function tableWithBotOn(stack: () => Stack): (page: Page) => Promise<void> {
  return async function tableWithBot(page: Page): Promise<void> {
    await createTable(page, stack().base, /Rattlesnake/, 2, 1);
    await until('a move', async () => (await actions(page).getByRole('button').count()) > 0);
  };
}

/**
 * My hand's cards on the felt, left to right, each with its index in the snapshot's items (its words are the texts whose
 * `parent` it is): the cards under the "Your hand" line (a selected card rises into the gap under it). [] when the felt
 * shows no hand.
 */
export function handCards(snap: Snapshot): { card: SceneRect; index: number }[] {
  const items = snap.scene.items;
  const head = items.find((i) => i.kind === 'text' && i.parent < 0 && /^Your hand/.test(i.label));
  if (!head) return [];
  const below = head.y + head.height;
  return items
    .map((card, index) => ({ card, index }))
    .filter(({ card: i }) => i.kind === 'card' && i.parent < 0 && i.x >= head.x - 2 && i.y >= below - 12 && i.y <= below + 30)
    .sort((a, b) => a.card.x - b.card.x);
}

/**
 * Taps the `n`-th card of my hand on the felt, as a player picks it where the bar has no toggle for it (a phone held
 * sideways); its place is read from the scene's test hook, at rest. False when there is no such card.
 */
export async function tapHandCard(page: Page, n = 0): Promise<boolean> {
  const cards = handCards(await measure(page)).map(({ card }) => card);
  const card = cards[n];
  if (!card) return false;
  // (a fan may lay each card over the last: its own strip is up to the next card's edge)
  const next = cards[n + 1];
  const visible = next ? Math.min(card.width, next.x - card.x) : card.width;
  await page.touchscreen.tap(card.x + visible / 2, card.y + card.height / 2);
  return true;
}

/**
 * One move of a simple policy (never buys, never uses an ability): Allow, put back, Pass, commit the first card,
 * Attack, End turn. Returns the button's name, '' when there was nothing to click. The first card is picked with its
 * toggle on the bar, or on the felt where the toggles are for screen readers only (a phone held sideways).
 */
export async function move(page: Page): Promise<string> {
  const pressed = await actions(page).locator('button.select[aria-pressed="true"]').count();
  const names: (string | RegExp)[] = ['Allow', /^Put back /];
  if (pressed >= 1) names.push(/^Commit \d+ cards?$/);
  names.push(/^Select /, 'Pass', 'Attack', 'End turn', 'Commit no cards');
  for (const n of names) {
    const b = actionButton(page, n).first();
    if ((await b.count()) > 0) {
      const label = (await b.getAttribute('aria-label')) ?? (await b.textContent()) ?? '';
      if (await b.evaluate((el) => el.classList.contains('select') && el.getBoundingClientRect().width <= 1)) {
        await tapHandCard(page, 0);
        return label.trim();
      }
      await b.click({ timeout: 5000 }).catch(() => undefined);
      return label.trim();
    }
  }
  return '';
}

/** Plays until `done()` holds (checked after every move and every wait). */
export async function playUntil(page: Page, what: string, done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await done()) return;
    const clicked = await move(page);
    await page.waitForTimeout(clicked ? 120 : 80);
  }
  throw new Error(`timed out playing until ${what}`);
}

/**
 * Ann and Bob at a seeded two-seat Rattlesnake table with no bots (the server takes the seed with ALLOW_TEST_SEED; Ann
 * joins first, seat 0), each in a browser context of their own: `ann` her page's options, `bob` his (a desktop
 * window in English unless told), `bobName` the name he joins as. `play` runs with their pages and the people (their
 * page errors); the pages and the table are closed after.
 */
export async function annAndBob(
  stack: () => Stack,
  seed: number,
  { ann, bob = { ...DESKTOP_WINDOW, locale: 'en-US' }, bobName = 'Bob' }: { ann: BrowserContextOptions; bob?: BrowserContextOptions; bobName?: string },
  play: (ann: Page, bob: Page, folks: People) => Promise<void>,
): Promise<void> {
  const host = await hostTable(stack().base, 'rattlesnake', 2, 0, seed);
  const folks = people(stack().browser);
  try {
    const annPage = await folks.open('Ann', ann);
    const bobPage = await folks.open(bobName, bob);
    await joinByCode(annPage, stack().base, 'Ann', host.code);
    await joinByCode(bobPage, stack().base, bobName, host.code);
    await play(annPage, bobPage, folks);
  } finally {
    await folks.close();
    await host.leave();
  }
}

/** The words printed on the cards, from the English dictionary's `face` and `faceEvent` (the client is an ES module). */
const FACE_WORDS: string[] = (() => {
  const src = fs.readFileSync(path.join(__dirname, '../../packages/client/src/i18n/en/rattlesnake.ts'), 'utf8');
  const blocks = [...src.matchAll(/\n {2}face(?:Event)?: \{\n([\s\S]*?)\n {2}\},/g)].map((m) => m[1]);
  const words = blocks.flatMap((b) => [...b.matchAll(/: (['"])(.*?)\1,?$/gm)].map((m) => m[2].replace(/\\'/g, "'")));
  if (words.length < 16) throw new Error(`found ${words.length} card texts in the dictionary`);
  return words;
})();
/** A card's printed rule text (rattlesnake-layout, rattlesnake-phone-text tests), whole or shortened with "…". */
export const isFaceText = (label: string) => {
  const s = label.replace(/\s+/g, ' ').replace(/…$/, '').trim();
  return s.length >= 8 && FACE_WORDS.some((w) => w.startsWith(s));
};
