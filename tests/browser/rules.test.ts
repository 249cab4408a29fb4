/**
 * Rules for players: from the lobby, a game's Rules link opens a short "How to play" (goal, a turn, how you win,
 * pictures of the cards, keyboard shortcuts) that fits one phone screen, with the full rules a tap away and no
 * developers' marks in them. At a table, the Rules button opens the how-to in a panel that leaves the status bar
 * (and its countdown) in sight; Esc or Close puts focus back on the Rules button.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Locator, Page } from 'playwright-core';
import { people, shot, useStack, type People } from '../support/browser';

jest.setTimeout(90_000);

const stack = useStack();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

async function newPage(folks: People, viewport: { width: number; height: number }, lang = 'en'): Promise<Page> {
  const page = await folks.open(lang, { viewport });
  await page.addInitScript((l) => localStorage.setItem('tumbleweed:lang', l), lang);
  return page;
}

const HOWTO = [
  {
    lang: 'en',
    game: 'duel',
    title: 'How to play Duel',
    parts: ['Goal', 'A turn', 'How you win'],
    full: 'Full rules',
    back: '← How to play',
    h1: 'Duel: Once Upon a Game in the West',
  },
  {
    lang: 'en',
    game: 'rattlesnake',
    title: 'How to play Rattlesnake',
    parts: ['Goal', 'A turn', 'How you win'],
    full: 'Full rules',
    back: '← How to play',
    h1: 'Rattlesnake',
  },
  {
    lang: 'en',
    game: 'saloon',
    title: 'How to play Saloon Showdown',
    parts: ['Goal', 'A turn', 'How you win'],
    full: 'Full rules',
    back: '← How to play',
    h1: 'Saloon Showdown',
  },
  {
    lang: 'pt-BR',
    game: 'duel',
    title: 'Como jogar Duel',
    parts: ['Objetivo', 'Uma jogada', 'Como vencer'],
    full: 'Regras completas',
    back: '← Como jogar',
    h1: 'Duel: Once Upon a Game in the West',
  },
  {
    lang: 'pt-BR',
    game: 'rattlesnake',
    title: 'Como jogar Rattlesnake',
    parts: ['Objetivo', 'Uma jogada', 'Como vencer'],
    full: 'Regras completas',
    back: '← Como jogar',
    h1: 'Rattlesnake',
  },
  {
    lang: 'pt-BR',
    game: 'saloon',
    title: 'Como jogar Saloon Showdown',
    parts: ['Objetivo', 'Uma jogada', 'Como vencer'],
    full: 'Regras completas',
    back: '← Como jogar',
    h1: 'Saloon Showdown',
  },
];

test.each(HOWTO)('$lang $game: the how-to fits one phone screen, with card pictures and keys, and the full rules a tap away', async (c) => {
  const folks = people(stack().browser);
  try {
    const page = await newPage(folks, PHONE, c.lang);
    await page.goto(`${stack().base}/#/rules/${c.game}`);
    const howto = page.getByTestId('howto');
    await howto.getByRole('heading', { level: 1, name: c.title }).waitFor();
    for (const part of c.parts) expect(await howto.getByRole('heading', { level: 3, name: part }).isVisible()).toBe(true);
    const cards = howto.getByTestId('howto-cards').getByRole('img');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    // One screen: nothing to scroll to, down or sideways (the keyboard's shortcuts folded away: a phone has none).
    const keys = howto.getByTestId('howto-keys');
    expect(await keys.isVisible()).toBe(false);
    const b = await box(howto);
    await shot(page, `rules-howto-${c.game}-${c.lang}-phone`);
    expect(b.y + b.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // A tap on "Keyboard" shows them (a tablet with a keyboard, a phone with one plugged in).
    await howto.locator('summary').click();
    expect(await keys.isVisible()).toBe(true);
    expect(await keys.textContent()).toMatch(/1–9.*Enter/s);

    await page.getByRole('button', { name: c.full }).click();
    const article = page.getByTestId('rules');
    await article.getByRole('heading', { level: 1, name: c.h1 }).waitFor();
    const text = (await article.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(3000);
    expect(text).not.toMatch(/Decision|Decisão|⚖|\bissue\b|\w+\/[\w-]+\.\w+|Notes for developers|Notas para desenvolvedores/);
    await page.getByRole('button', { name: c.back }).click();
    await howto.getByRole('heading', { level: 1, name: c.title }).waitFor();
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('the lobby links each game to its how-to (desktop)', async () => {
  const folks = people(stack().browser);
  try {
    const page = await newPage(folks, DESKTOP);
    await page.goto(`${stack().base}/`);
    await page.getByRole('link', { name: 'Saloon Showdown rules' }).click();
    await page.waitForURL(/#\/rules\/saloon$/);
    const howto = page.getByTestId('howto');
    await howto.getByRole('heading', { level: 1, name: 'How to play Saloon Showdown' }).waitFor();
    await shot(page, 'rules-howto-saloon-en-desktop');
    const b = await box(howto);
    expect(b.y + b.height).toBeLessThanOrEqual(DESKTOP.height);
    await page.getByRole('button', { name: /Back/ }).click();
    await page.getByRole('button', { name: 'Create table' }).waitFor();
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('at a table on a %s, the Rules panel leaves the status bar in sight and gives focus back to the Rules button', async (name, viewport) => {
  const folks = people(stack().browser);
  try {
    const page = await newPage(folks, viewport);
    await page.goto(`${stack().base}/`);
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.getByTestId('table-code').waitFor();
    const status = page.getByTestId('status');
    const rulesBtn = page.getByRole('button', { name: 'Rules', exact: true });
    // (on a phone the Rules button is in the header's menu: the panel, opened from there, gives the focus back to Menu)
    const menu = page.locator('.table-head').getByRole('button', { name: 'Menu', exact: true });
    const inMenu = name === 'phone';
    expect(await menu.isVisible()).toBe(inMenu);
    const opener = inMenu ? menu : rulesBtn;
    if (inMenu) await menu.click();
    await rulesBtn.click();
    const panel = page.getByRole('dialog', { name: 'Rules of Duel' });
    await panel.getByRole('heading', { level: 2, name: 'How to play Duel' }).waitFor();
    expect(await panel.getByTestId('howto-cards').getByRole('img').count()).toBe(4);
    await shot(page, `rules-panel-${name}`);

    // The status bar (with its countdown) is not covered: the panel starts below it, and the bar is on screen.
    const s = await box(status);
    const p = await box(panel);
    expect(s.y).toBeGreaterThanOrEqual(0);
    expect(s.y + s.height).toBeLessThanOrEqual(p.y + 1);
    expect(p.y + p.height).toBeLessThanOrEqual(viewport.height + 1);
    expect(
      await page.evaluate(
        () =>
          ((r) => document.elementFromPoint(r.right - 4, r.top + 4))(
            (document.querySelector('[data-testid="status"]') as HTMLElement).getBoundingClientRect(),
          )?.closest('[data-testid="status"]') !== null,
      ),
    ).toBe(true);

    // Esc closes it and focus is back on the Rules button (on a phone, on Menu).
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // Open again from the keyboard (on a phone: Enter opens the menu, Tab goes to its first item, Rules), read the full
    // rules, close with the button: focus is back too.
    if (inMenu) {
      await page.keyboard.press('Enter');
      // (Tab once the menu shows: once in a CI run Rules did not have the focus after Enter and Tab)
      await rulesBtn.waitFor({ state: 'visible' });
      await page.keyboard.press('Tab');
      expect(await rulesBtn.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Full rules' }).click();
    await panel.getByRole('heading', { level: 1, name: 'Duel: Once Upon a Game in the West' }).waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('table-code').isVisible()).toBe(true);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
