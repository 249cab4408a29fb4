/**
 * Languages, spectators, TV view and phones in real browsers: switching to Portuguese mid-game redraws the page and
 * its log without leaving the seat (and is remembered); a browser in Portuguese starts in Portuguese; a spectator
 * joins a running table; the TV view shows the public table alone; the rules help follows the language;
 * every table fits a 390×844 phone (screenshots in test-artifacts/).
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, DUEL_AIM, DUEL_PLAY, people, type People, PHONE, phone, shot, useStack } from '../support/browser';
import { sceneTexts } from '../support/duel-table';
import { leaveToLobby, openHeaderMenu, tableInPortuguese, until } from '../support/table';

jest.setTimeout(180_000);

const stack = useStack({ BOT_DELAY_MS: '400' });

let folks: People;
/** console.error lines of every page, e.g. "i18n: missing key …". */
let consoleErrors: string[] = [];
beforeEach(() => {
  folks = people(stack().browser);
  consoleErrors = [];
});
afterEach(async () => {
  await folks.close();
});

async function open(who: string, options: BrowserContextOptions): Promise<Page> {
  const page = await folks.open(who, options);
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${who}: ${m.text()}`);
  });
  return page;
}

/** Creates a table from the lobby in English; returns its code. */
async function createTable(page: Page, game: RegExp, name: string, seats: number, bots: number, options: Record<string, string> = {}): Promise<string> {
  await page.goto(`${stack().base}/`);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  // (on a phone the title is what a thumb taps; the label checks the radio)
  await page.locator('label.game-choice strong', { hasText: game }).click();
  expect(await page.getByRole('radio', { name: game }).isChecked()).toBe(true);
  await page.getByLabel('Seats', { exact: true }).selectOption(String(seats));
  await page.getByLabel('Bots', { exact: true }).selectOption(String(bots));
  await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
  for (const [label, value] of Object.entries(options)) await page.getByLabel(label, { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/#\/table\/[A-Z0-9]{5}$/, { timeout: 10_000 }).catch(async (err: unknown) => {
    throw new Error(`no table (${await text(page, '.create .error')}): ${String(err)}`);
  });
  return ((await page.getByTestId('table-code').textContent()) ?? '').trim();
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim();
const missingKeys = () => consoleErrors.filter((e) => e.includes('i18n: missing key'));

test('Ann switches to Portuguese mid-game and keeps her seat; a Portuguese spectator joins the running table; the TV view', async () => {
  const ann = await open('Ann', { ...DESKTOP, locale: 'en-US' });
  const code = await createTable(ann, /Duel/, 'Ann', 3, 2);
  await until('Ann’s first cards', async () => (await ann.getByRole('button', { name: DUEL_PLAY }).count()) > 0);
  expect(await ann.getByRole('button', { name: 'Leave' }).count()).toBe(1);
  expect(await text(ann, '.log')).toContain('Every seat is taken — the game begins!');
  const seatBefore = await ann.locator('.seats li.me').getAttribute('data-seat');

  // Mid-game: Portuguese. The page redraws in Portuguese, the log too, and Ann is still at her seat with cards to play.
  await tableInPortuguese(ann);
  expect(await ann.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  expect(await text(ann, '.side')).toContain('O que aconteceu');
  expect(await text(ann, '.log')).toContain('Todos os lugares ocupados — a partida começa!');
  expect(await text(ann, '.log')).not.toContain('Every seat is taken');
  expect(await ann.locator('.seats li.me').getAttribute('data-seat')).toBe(seatBefore);
  expect(await text(ann, '.seats li.me')).toContain('(você)');
  await until('Ann’s cards still there', async () => (await ann.locator('.actions button').count()) > 0);
  await shot(ann, 'languages-1-duel-pt-BR');

  // She plays on in Portuguese: a card (and a target when it is a gun) goes down.
  const before = await ann.locator('.actions button').count();
  await ann.locator('.actions button').first().click();
  await until('her move taken', async () => (await ann.locator('.actions button').count()) !== before || (await text(ann, '.actions')).length > 0);

  // Remembered on this device: a reload comes back in Portuguese, at the same seat.
  await ann.reload();
  await until(
    'back at the seat in Portuguese',
    async () => (await ann.locator('.seats li.me').count()) === 1 && (await ann.getByRole('button', { name: 'Sair' }).count()) === 1,
  );
  // The log survived the reload (this tab keeps it), in Portuguese, with the welcome back after it.
  await until('the log after the reload', async () => (await text(ann, '.log')).includes('Você voltou ao seu lugar'));
  expect(await text(ann, '.log')).toContain('Todos os lugares ocupados — a partida começa!');
  expect(await text(ann, '.log')).toContain('Ann sentou-se (é você).');

  // Cy's browser speaks Portuguese: the lobby is in Portuguese from the start; Cy watches the running game.
  const cy = await open('Cy', { ...PHONE, locale: 'pt-BR' });
  await cy.goto(`${stack().base}/#/join/${code}`);
  await cy.getByLabel('Seu nome', { exact: true }).fill('Cy');
  await cy.getByRole('button', { name: 'Assistir', exact: true }).click();
  await cy.waitForURL(new RegExp(`#/table/${code}$`));
  await until('Ann sees one spectator', async () => (await text(ann, '[data-testid=spectators]')).includes('1 assistindo'));
  await until(
    'Cy sees the running game',
    async () => (await cy.locator('.seats li[data-seat]').count()) === 3 && (await text(cy, '[data-testid=status]')).length > 0,
  );
  expect(await cy.locator('.seats li.me').count()).toBe(0);
  expect(await cy.getByRole('button', { name: DUEL_PLAY }).count()).toBe(0);
  await cy.waitForTimeout(400);
  await shot(cy, 'languages-2-spectator-joins-running-pt-BR-390x844');

  // Back to English for Ann: everything in English again.
  await openHeaderMenu(ann);
  await ann.getByTestId('language').selectOption('en');
  await until('the table in English', async () => (await ann.getByRole('button', { name: 'Leave' }).count()) === 1);
  expect(await text(ann, '.log')).toContain('Every seat is taken — the game begins!');
  expect(await text(ann, '.log')).toContain('You’re back at your seat');
  expect(await text(ann, '.log')).not.toContain('Você voltou');

  // The TV view: the public table alone and large, with how to join; it counts as a spectator.
  const tv = await open('TV', { viewport: { width: 1600, height: 900 }, locale: 'en-US' });
  await tv.goto(`${stack().base}/#/tv/${code}`);
  await until('the TV view', async () => (await tv.locator('.table-page.tv').count()) === 1 && (await text(tv, '[data-testid=table-code]')) === code);
  expect(await text(tv, '[data-testid=tv-join]')).toContain(`/#/join/${code}`);
  expect(await tv.locator('.actions').isVisible()).toBe(false);
  expect(await tv.getByRole('button', { name: DUEL_AIM }).count()).toBe(0);
  await until('the table drawn on the TV', async () => (await tv.locator('.scene canvas, .scene .scene-fallback').count()) > 0);
  await until('two watching', async () => (await text(ann, '[data-testid=spectators]')).includes('2 watching')).catch(async (err: unknown) => {
    await shot(ann, 'languages-3-ann-count');
    throw new Error(
      `${String(err)}: Ann sees "${await text(ann, '[data-testid=spectators]')}", Cy "${await text(cy, '[data-testid=spectators]')}"; errors ${JSON.stringify([...folks.errors, ...consoleErrors])}`,
    );
  });
  await tv.waitForTimeout(500);
  await shot(tv, 'languages-3-tv-view');

  expect(missingKeys()).toEqual([]);
  expect(folks.errors).toEqual([]);
});

test('the rules help in Portuguese follows the language picker, and its decisions read as plain rules', async () => {
  const page = await open('Reader', { ...PHONE, locale: 'pt-BR' });
  for (const game of ['duel', 'rattlesnake', 'saloon']) {
    await page.goto(`${stack().base}/#/rules/${game}`);
    await page.getByRole('heading', { level: 1, name: /^Como jogar / }).waitFor();
    await page.getByRole('button', { name: 'Regras completas' }).click();
    await until(`the ${game} rules`, async () => (await page.getByTestId('rules').count()) === 1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(await page.getByTestId('rules').textContent()).not.toMatch(/Decisão|Decision|⚖/);
    await openHeaderMenu(page);
    await page.getByTestId('language').selectOption('en');
    await page.getByRole('heading', { level: 1, name: /^How to play / }).waitFor();
    await openHeaderMenu(page);
    await page.getByTestId('language').selectOption('pt-BR');
    await page.getByRole('heading', { level: 1, name: /^Como jogar / }).waitFor();
  }
  expect(missingKeys()).toEqual([]);
});

test('each table fits a 390×844 phone: lobby, Duel, Rattlesnake and Saloon Showdown (screenshots)', async () => {
  const games: [string, RegExp, number, number, Record<string, string>][] = [
    ['duel', /Duel/, 3, 2, {}],
    ['rattlesnake', /Rattlesnake/, 2, 1, {}],
    // (with the What the Wind Brings events: the lobby sends the option as the server wants it)
    ['saloon', /Saloon Showdown/, 4, 3, { 'What the Wind Brings': '1' }],
  ];
  const phone = await open('Phone', { ...PHONE, locale: 'en-US' });
  await phone.goto(`${stack().base}/`);
  await phone.getByLabel('Your name', { exact: true }).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone, 'mobile-lobby-390x844');
  // The Join card ends under its buttons: no empty lines kept on the first screen for a note or an error not shown.
  const under = await phone.evaluate(() => {
    const card = document.querySelector('.panel.join')!.getBoundingClientRect();
    const row = document.querySelector('.join-row')!.getBoundingClientRect();
    return Math.round(card.bottom - row.bottom);
  });
  expect(under).toBeLessThanOrEqual(30);
  for (const [id, radio, seats, bots, options] of games) {
    await createTable(phone, radio, 'Pat', seats, bots, options);
    await until(
      `${id}: the game under way`,
      async () => !/more player/.test(await text(phone, '[data-testid=status]')) && (await phone.locator('.scene canvas').count()) > 0,
      20_000,
    );
    await phone.waitForTimeout(700);
    // Nothing wider than the screen: no sideways scrolling, every move button inside the viewport.
    const wide = await phone.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > 391 && getComputedStyle(el).position !== 'fixed')
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
    const outside = await phone.locator('.actions button:visible').evaluateAll(
      (bs) =>
        bs.filter((b) => {
          const r = b.getBoundingClientRect();
          return r.left < 0 || r.right > 390;
        }).length,
    );
    expect(outside).toBe(0);
    await phone.evaluate(() => window.scrollTo(0, 0));
    await phone.waitForTimeout(200);
    await shot(phone, `mobile-${id}-390x844`);
    await leaveToLobby(phone);
  }
  expect(missingKeys()).toEqual([]);
  expect(folks.errors).toEqual([]);
});

test('each table in Portuguese on a phone: every word found, the moves named in Portuguese (screenshots)', async () => {
  const phone = await open('Telefone', { ...PHONE, locale: 'pt-BR' });
  // Per game: the lobby's title, seats and bots, and a move button a player at the start would see.
  const games: [string, string, number, number, RegExp][] = [
    ['duel', 'Duel', 3, 2, /^Jogar (Pistola|Rifle|Barricada|Recarga)$/],
    ['rattlesnake', 'Rattlesnake', 2, 1, /./],
    ['saloon', 'Saloon Showdown', 4, 3, /./],
  ];
  for (const [id, title, seats, bots, move] of games) {
    await phone.goto(`${stack().base}/`);
    await phone.getByLabel('Seu nome', { exact: true }).fill('Zé');
    await phone.locator('label.game-choice strong', { hasText: title }).click();
    await phone.getByLabel('Lugares', { exact: true }).selectOption(String(seats));
    await phone.getByLabel('Bots', { exact: true }).selectOption(String(bots));
    await phone.getByLabel('Tempo por jogada', { exact: true }).selectOption('0');
    await phone.getByRole('button', { name: 'Criar mesa' }).click();
    await phone.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
    await until(`${id}: a move to make`, async () => (await phone.locator('.actions button').filter({ hasText: move }).count()) > 0, 20_000);
    await phone.waitForTimeout(1500);
    expect(await text(phone, '.side h3')).toBe('Jogadores');
    expect(await text(phone, '.log')).toContain('Todos os lugares ocupados — a partida começa!');
    if (id === 'saloon') {
      // Each player's box on the felt shows its numbers in Portuguese too (it read "Saque $20 · Recompe…" and
      // "sem Ferimentos · 3 car…": the longer words cut before the Bounty and the cards).
      const labels = await sceneTexts(phone);
      const money = labels.filter((l) => l.startsWith('Saque '));
      const hands = labels.filter((l) => /Ferim/.test(l));
      expect([money.length, hands.length]).toEqual([seats, seats]);
      expect([...money.filter((l) => !/\$\d+ · \S+ \$\d+$/.test(l)), ...hands.filter((l) => !/ · \d+ cartas?$/.test(l))]).toEqual([]);
    }
    await phone.evaluate(() => window.scrollTo(0, 0));
    await shot(phone, `mobile-${id}-pt-BR-390x844`);
    await leaveToLobby(phone, 'Sair');
  }
  expect(missingKeys()).toEqual([]);
  expect(folks.errors).toEqual([]);
});

// In Portuguese the Bots list's last choice, "3 (assistir os bots jogarem)", held the lobby at 397–398 px: a 360 or 390
// px phone zoomed the page out and it panned sideways (a reviewer's probe, Duel or Saloon Showdown picked).
test.each(['en-US', 'pt-BR'])('the lobby fits a 360 px phone in %s whichever game is picked', async (locale) => {
  const page = await open('Phone', { ...phone(360, 640, 2), locale });
  await page.goto(`${stack().base}/`);
  const games = page.locator('label.game-choice strong');
  await games.first().waitFor();
  const wide: string[] = [];
  for (let i = 0; i < (await games.count()); i++) {
    await games.nth(i).click();
    // (the most seats: the Bots list's longest choice)
    const seats = page.locator('select[name=seats]');
    const most = await seats.evaluate((s: HTMLSelectElement) => s.options[s.options.length - 1].value);
    await seats.selectOption(most);
    const game = (await games.nth(i).textContent()) ?? '';
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) wide.push(`${game}: the page is ${width} px wide`);
  }
  expect(wide).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
