/**
 * Fingers, not a mouse pointer: on a touch screen every button, list and field a player taps is at least 44×44 CSS px
 * (Apple's 44 pt, WCAG 2.5.5's 44 px; Android asks 48 dp) — in the lobby, the waiting room (the host's "Add bot",
 * "Start now", "Remove"), at a table of each game (the header, the action bar, Saloon's public cards and guns, the
 * quick chat), on the end strip and in the replay viewer, on a phone held upright (390×844 at DPR 3, 360×640 at DPR 2)
 * and sideways (844×390); Saloon's "Larger gun glyphs" is in the header (in its menu on a phone held upright) and works
 * there. A radio button counts by its label (the whole game card is the target). Controls hidden from the eye (a screen
 * reader's only) are not targets. On Rattlesnake's felt, where a phone held sideways picks cards by tapping them, a
 * card to tap takes taps 44 px tall and as wide as the room to the next card allows (its hit area, `tap` in the scene
 * hook), none over another. Screenshots: test-artifacts/touch-<where>-<screen>.png.
 * Needs `npm run build` first.
 */
import { Saloon } from '@tumbleweed/engine';
import type { BrowserContextOptions } from 'playwright-core';
import { phone, shot, useStack } from '../support/browser';
import { move } from '../support/rattlesnake-screens';
import { measure, type SceneRect } from '../support/screens';
import { findSaloonSeed, holds, hostSaloon, joinByCode, THREAT_OPTIONS, THREATEN_WITH } from '../support/saloon';
import { actionButton, createTable, openHeaderMenu, phoneProblems, playDuelToEnd, smallTargets, until, waitingRoom } from '../support/table';

jest.setTimeout(240_000);

const MIN = 44;

const stack = useStack({ BOT_DELAY_MS: '60', LIMIT_CREATES_PER_MINUTE: '0', ALLOW_TEST_SEED: '1' });

const SCREENS: [string, BrowserContextOptions][] = [
  ['phone390', phone(390, 844, 3)],
  ['phone360', phone(360, 640, 2)],
  ['phone844x390', phone(844, 390, 3)],
];

test.each(SCREENS)('every target on a touch screen is at least 44×44 px (%s)', async (screen, options) => {
  const context = await stack().browser.newContext({ ...options, locale: 'en-US' });
  const page = await context.newPage();
  const small: string[] = [];
  try {
    await page.goto(`${stack().base}/`);
    await page.getByRole('button', { name: 'Create table' }).waitFor();
    small.push(...(await smallTargets(page, 'lobby')));

    // the waiting room, as its host: a seat to fill, a bot to remove
    await createTable(page, stack().base, /Duel/, 3, 1, { 'Target money': '3' }); // (the end screen sooner)
    await waitingRoom(page).waitFor();
    await page.getByRole('button', { name: 'Add bot' }).waitFor();
    small.push(...(await smallTargets(page, 'waiting room')));
    await shot(page, `touch-waiting-${screen}`);

    await page.getByRole('button', { name: 'Add bot' }).click();
    await page
      .locator('.actions')
      .getByRole('button', { name: /^Play / })
      .first()
      .waitFor({ timeout: 20_000 });
    small.push(...(await smallTargets(page, 'Duel')));
    await shot(page, `touch-duel-${screen}`);

    await playDuelToEnd(page, 150_000);
    small.push(...(await smallTargets(page, 'end')));
    await page.getByRole('button', { name: 'Watch replay' }).click();
    await page.getByRole('group', { name: 'Replay controls' }).waitFor();
    await page.waitForTimeout(500);
    small.push(...(await smallTargets(page, 'replay')));
    await shot(page, `touch-replay-${screen}`);

    for (const [game, name] of [
      [/Saloon/, 'Saloon'],
      [/Rattlesnake/, 'Rattlesnake'],
    ] as const) {
      await page.goto(`${stack().base}/`);
      await createTable(page, stack().base, game, 2, 1);
      await until(`${name}'s moves`, async () => (await page.locator('.actions button:enabled').count()) > 0, 20_000);
      small.push(...(await smallTargets(page, name)));
      await shot(page, `touch-${name}-${screen}`);
      if (name === 'Saloon') {
        // Saloon's "Larger gun glyphs" is a setting of this device, in the header beside the sound's (not a row of
        // the action bar): it still enlarges the guns' glyphs, and says it is on. On a phone held upright it is in the
        // header's menu, in its whole name, with the rules, the sound, the language and the link, each a finger's size.
        const menu = page.locator('.table-head').getByRole('button', { name: 'Menu', exact: true });
        const inMenu = await menu.isVisible();
        if (inMenu) {
          await menu.click();
          small.push(...(await smallTargets(page, 'the header’s menu')));
          await shot(page, `touch-menu-${screen}`);
        }
        const glyphs = page.locator('.table-head').getByRole('button', { name: 'Larger gun glyphs' });
        expect(await glyphs.innerText()).toBe(inMenu ? 'Larger gun glyphs' : 'Glyphs');
        await glyphs.click();
        await until('larger glyphs', async () => (await page.locator('.actions.big-glyphs').count()) === 1);
        expect(await glyphs.getAttribute('aria-pressed')).toBe('true');
        await glyphs.click();
        await until('glyphs back', async () => (await page.locator('.actions.big-glyphs').count()) === 0);
        if (inMenu) {
          // (Escape closes the menu, back on its button; so does a tap elsewhere)
          await page.keyboard.press('Escape');
          expect(await glyphs.isVisible()).toBe(false);
          expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
          await menu.click();
          await page.locator('.scene').tap({ position: { x: 10, y: 10 } });
          expect(await glyphs.isVisible()).toBe(false);
        }
      }
    }
  } finally {
    await context.close();
  }
  expect(small).toEqual([]);
});

type Box = NonNullable<SceneRect['tap']>;

/**
 * What is wrong with the felt's tap targets in `items`: a card a tap picks (its hit area, `tap`) less than 44 px tall,
 * or narrower than 44 px where the room to the nearest card in its row (none: all the room) would have allowed more,
 * or two of them meeting.
 */
function tapProblems(items: SceneRect[], where: string): string[] {
  const taps = items.flatMap((i) => (i.kind === 'card' && i.tap ? [{ card: i, tap: i.tap }] : [])).sort((a, b) => a.tap.x - b.tap.x);
  const out: string[] = [];
  const show = (b: Box) => `${Math.round(b.width)}×${Math.round(b.height)} at ${Math.round(b.x)},${Math.round(b.y)}`;
  for (const [n, { card, tap }] of taps.entries()) {
    if (tap.height < MIN - 0.5)
      out.push(`${where}: a card (${Math.round(card.width)}×${Math.round(card.height)}) takes taps ${show(tap)}: under ${MIN} px tall`);
    // The nearest card in its row (the same top, within a selected card's rise), on either side, one a tap picks or
    // not: the room a tap has. (A card's taps stop half-way to the next card, common.ts `fingerSized`, so a tap meant
    // for that card, to read it, lands on it. Counting only the cards a tap picks, a buyable saloon card beside ones
    // that cost too much, 4 px from them, was asked to take taps 44 px wide: in CI, 26 px wide at 568×320 and 32 at
    // 360×640.)
    const row = items.filter((o) => o.kind === 'card' && o !== card && Math.abs(o.y - card.y) < card.height / 2);
    const room = Math.min(...row.map((o) => Math.abs(o.x - card.x)));
    if (tap.width < Math.min(MIN, room) - 0.5)
      out.push(`${where}: a card takes taps ${show(tap)}, ${Math.round(room)} px from the nearest: narrower than it could be`);
    for (const o of taps.slice(n + 1)) {
      const meet = Math.min(tap.x + tap.width, o.tap.x + o.tap.width) - Math.max(tap.x, o.tap.x);
      const meetY = Math.min(tap.y + tap.height, o.tap.y + o.tap.height) - Math.max(tap.y, o.tap.y);
      if (meet > 1 && meetY > 1) out.push(`${where}: the cards tapped at ${show(tap)} and ${show(o.tap)} overlap`);
    }
  }
  return out;
}

const SMALL_PHONES: [string, BrowserContextOptions][] = [
  ['phone568x320', phone(568, 320, 2)],
  ['phone360', phone(360, 640, 2)],
];

// Held sideways a Rattlesnake player picks the cards of an attack, a defence or a price on the felt only (the bar's
// toggles are for screen readers there), cards 26–30 px wide on the smallest phones.
test.each(SMALL_PHONES)(
  "the cards tapped on Rattlesnake's felt take a finger: 44 px tall, as wide as the room to the nearest allows (%s)",
  async (screen, options) => {
    const context = await stack().browser.newContext({ ...options, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    const seen = { saloon: 0, hand: 0 };
    try {
      await createTable(page, stack().base, /Rattlesnake/, 2, 1);
      const end = Date.now() + 90_000;
      // my saloon's cards to buy (my turn) and my hand's to commit (an attack or a defence), each measured at least once
      while ((seen.saloon === 0 || seen.hand === 0) && Date.now() < end) {
        const items = (await measure(page)).scene.items;
        const taps = items.filter((i) => i.kind === 'card' && i.tap);
        if (taps.length > 0) {
          const head = items.find((i) => i.kind === 'text' && i.parent < 0 && /^Your hand/.test(i.label));
          const inHand = head ? taps.filter((i) => i.y > head.y).length : 0;
          if (inHand > 0) seen.hand++;
          if (taps.length > inHand) seen.saloon++;
          problems.push(...tapProblems(items, `${screen} (${inHand} of my hand's cards, ${taps.length - inHand} of the saloon's)`));
        }
        await move(page);
        await page.waitForTimeout(150);
      }
      await shot(page, `touch-rattlesnake-felt-${screen}`);
    } finally {
      await context.close();
    }
    expect(seen.saloon).toBeGreaterThan(0);
    expect(seen.hand).toBeGreaterThan(0);
    expect([...new Set(problems)]).toEqual([]);
  },
);

// Duel's hand is tapped on the felt too (a card, then a target's seat).
test.each(SMALL_PHONES)("the cards tapped on Duel's felt take a finger (%s)", async (screen, options) => {
  const context = await stack().browser.newContext({ ...options, locale: 'en-US' });
  const page = await context.newPage();
  let problems: string[] = [];
  let taps = 0;
  try {
    await createTable(page, stack().base, /Duel/, 4, 3);
    await page
      .locator('.actions')
      .getByRole('button', { name: /^Play / })
      .first()
      .waitFor({ timeout: 20_000 });
    const items = (await measure(page)).scene.items;
    taps = items.filter((i) => i.kind === 'card' && i.tap).length;
    problems = tapProblems(items, screen);
    await shot(page, `touch-duel-felt-${screen}`);
  } finally {
    await context.close();
  }
  expect(taps).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

// Saloon's fullest turn by touch: four public cards to take, Booty to cash (all of it, or one card), four guns to
// threaten with. At 44 px a move, held sideways, the bar beside the felt once laid them out in six rows, "Threaten
// with the yellow gun…" under the screen's edge (phone-fit.test, when a bot's move left me Booty).
const FULL_TURN_SCREENS: [string, BrowserContextOptions][] = [
  ['phone844x390', phone(844, 390, 3)],
  ['phone740x360', phone(740, 360, 3)],
  ['phone360', phone(360, 640, 2)],
  // (Portuguese's longer words: "Comprar:", "Baralho", "Ameaçar:", "Trocar Butim (2 Butim)")
  ['phone740x360 in pt-BR', phone(740, 360, 3)],
];

test.each(FULL_TURN_SCREENS)("Saloon's fullest turn on a touch screen: every move in sight, none under 44 px (%s)", async (screen, options) => {
  // my turn first, two Booty cards in my hand and no other special (no row of its own)
  const seed = findSaloonSeed(
    4,
    THREAT_OPTIONS,
    (s) => s.active === 0 && holds(s.players[0].hand, 'booty', 2) && s.players[0].hand.every((id) => [null, 'booty'].includes(Saloon.card(id).symbol)),
  );
  const { code, leave } = await hostSaloon(stack().base, 4, 3, seed, THREAT_OPTIONS);
  const context = await stack().browser.newContext({ ...options, locale: 'en-US' });
  const page = await context.newPage();
  let problems: string[] = [];
  try {
    await joinByCode(page, stack().base, 'Pat', code);
    const threaten = page.locator('.actions').getByRole('button', { name: THREATEN_WITH });
    await until(
      'my turn with Booty to cash and four guns',
      async () => (await actionButton(page, /^Cash Loot/).count()) > 0 && (await threaten.count()) === 4,
      30_000,
    );
    if (screen.endsWith('pt-BR')) {
      await openHeaderMenu(page);
      await page.getByTestId('language').selectOption('pt-BR');
    }
    await page.waitForTimeout(300);
    await shot(page, `touch-saloon-full-turn-${screen.replace(/ in /, '-')}`);
    problems = [...(await phoneProblems(page, screen)), ...(await smallTargets(page, screen))];
  } finally {
    await context.close();
    await leave();
  }
  expect(problems).toEqual([]);
});
