/**
 * Rattlesnake's felt read on a phone held upright, against a bot: the words a player must read are drawn large enough
 * to read, and nothing is cut or drawn over anything else (`layoutProblems`). Measured is each text's font size as
 * drawn, in CSS px (the scene hook's `fontSize`: its style's size times the felt's scale), at my turn between attacks
 * (the attack's place holds no cards then), at my first turn and at my next one (a showdown played by then):
 *  - the Saloon's five cards: their names, costs and tags, and their rule text;
 *  - my hand's cards: the same;
 *  - every line on the felt itself: the rows' titles, the piles' labels ("Hits in front: 4", "Deck: 4", "Discard: 1",
 *    "Saloon deck: 13", "Graveyard"), the attack's line.
 * (The top card of a discard pile is a pile half a Saloon card wide: its name is a long-press away, not asked here.)
 * Needs `npm run build` first. Screenshots: test-artifacts/rs-phone-text-<screen>-<moment>.png.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { people, phone, shot, useStack } from '../support/browser';
import { actions, isFaceText, move } from '../support/rattlesnake-screens';
import { joinByCode } from '../support/saloon';
import { layoutProblems, measure, type SceneRect, type Snapshot } from '../support/screens';
import { actionButton, hostTable, until } from '../support/table';

jest.setTimeout(240_000);

const stack = useStack({ BOT_DELAY_MS: '60', LIMIT_CREATES_PER_MINUTE: '0', ALLOW_TEST_SEED: '1' });
/** A deal (a test seed) where the bot has not won before my second turn. */
const SEED = 7;

/**
 * The least font sizes (CSS px) asked for on a screen: a card's name, cost and tag; the felt's lines (titles, the
 * piles' labels); a card's rule text (0: not asked to be printed, a card too small for it).
 */
interface Want {
  names: number;
  lines: number;
  rules: number;
}

const PHONE390: BrowserContextOptions = { ...phone(390, 844, 3), locale: 'en-US' };
const PHONE360: BrowserContextOptions = { ...phone(360, 640, 2), locale: 'en-US' };

const one = (s: string) => JSON.stringify(s.replace(/\s+/g, ' ').slice(0, 40));
const px = (t: SceneRect) => (t.fontSize ?? 0).toFixed(1);

/** What a player cannot read at this moment, in words, and a summary of the sizes measured. */
function unreadable(snap: Snapshot, where: string, want: Want): { problems: string[]; summary: string } {
  const items = snap.scene.items;
  const texts = items.filter((i) => i.kind === 'text');
  const titled = (re: RegExp) => texts.find((t) => t.parent < 0 && re.test(t.label));
  const saloonHead = titled(/^Saloon — /);
  const myHead = titled(/\(you\)/);
  const handHead = titled(/^Your hand/);
  if (!saloonHead || !myHead || !handHead) return { problems: [`${where}: no Saloon, my row or my hand on the felt`], summary: '' };
  const cardAt = (i: number) => items[i].kind === 'card' && items[i].parent < 0;
  const indices = items.map((_, i) => i).filter(cardAt);
  // The Saloon's cards: the widest cards between its title and my row (its deck and the graveyard are narrower piles).
  const inSaloon = indices.filter((i) => items[i].y > saloonHead.y && items[i].y < myHead.y);
  const saloonW = Math.max(...inSaloon.map((i) => items[i].width));
  const saloon = new Set(inSaloon.filter((i) => items[i].width >= 0.9 * saloonW));
  const hand = new Set(indices.filter((i) => items[i].y > handHead.y));
  const problems: string[] = [];
  const sizes = { names: [] as number[], rules: [] as number[], lines: [] as number[] };
  const check = (t: SceneRect, what: string, least: number, into: number[]) => {
    into.push(t.fontSize ?? 0);
    if ((t.fontSize ?? 0) < least - 0.05) problems.push(`${where}: ${what} ${one(t.label)} is ${px(t)}px (less than ${least}px)`);
  };
  for (const t of texts) {
    if (t.parent < 0) check(t, 'the felt line', want.lines, sizes.lines);
    else if (saloon.has(t.parent) || hand.has(t.parent)) {
      const what = saloon.has(t.parent) ? 'a Saloon card' : 'a card of my hand';
      if (isFaceText(t.label)) check(t, `${what}'s rule text`, want.rules, sizes.rules);
      else check(t, `${what}'s word`, want.names, sizes.names);
    }
  }
  if (saloon.size < 4) problems.push(`${where}: ${saloon.size} Saloon cards found`);
  if (hand.size < 1) problems.push(`${where}: no card in my hand found`);
  if (want.rules > 0 && sizes.rules.length === 0) problems.push(`${where}: no rule text printed on the Saloon's cards or my hand`);
  const range = (a: number[]) => (a.length ? `${Math.min(...a).toFixed(1)}–${Math.max(...a).toFixed(1)}px` : 'none');
  const all = texts.map((t) => t.fontSize ?? 0);
  const summary =
    `${where}: felt ${Math.round(snap.scene.canvas.width)}×${Math.round(snap.scene.canvas.height)}, Saloon cards ${Math.round(saloonW)}px wide; names/costs ${range(sizes.names)}, rule text ${range(sizes.rules)}, ` +
    `felt lines ${range(sizes.lines)}; ${all.filter((s) => s < 11).length} of ${all.length} felt texts under 11px`;
  return { problems, summary };
}

/**
 * My turn between attacks: the bar offers End turn (the policy of `move` plays on until then). False when the game
 * ended first (the bot won before my next turn: how the race goes depends on the timing of my taps against its moves).
 */
async function myTurn(page: Page, what: string, extra: () => Promise<boolean> = async () => true): Promise<boolean> {
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    if ((await actionButton(page, 'End turn').count()) > 0 && (await extra())) return true;
    if ((await page.locator('.endscreen:not([hidden])').count()) > 0) return false;
    const clicked = await move(page);
    await page.waitForTimeout(clicked ? 120 : 80);
  }
  await shot(page, `rs-phone-text-stuck`);
  throw new Error(`timed out playing until ${what}`);
}

/** The felt says what the last attack was (a showdown has been played). */
const lastAttackShown = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window.__tumbleweedScene?.bounds().items ?? []).some((i) => i.kind === 'text' && /^Last attack/.test(i.label)));

const SCREENS: { screen: string; options: BrowserContextOptions; want: Want; what: string }[] = [
  // A phone held upright: card names and the piles' labels at least 10 px, rule text 9. Measured before: names 7 px,
  // rule text 7.5, the piles' labels 9 (the Saloon's cards 48 px wide, its piles beside them).
  { screen: 'phone390', options: PHONE390, want: { names: 10, lines: 10, rules: 9 }, what: 'card names and the piles’ labels 10 px or more, rule text 9' },
  // The smallest phone, its felt 344 px tall once the action bar has held its tallest (the header one row, its settings
  // in a menu): drawn smaller, as large as the five rows allow (names 6.0 px, the felt's lines 8.6–9.4); with the
  // header in two rows, 316 px: 5.5 and 7.9–8.7; before that, 5.0 and 7.0–8.4. Not yet readable: what it reaches,
  // kept. (Its first decision, the felt 425 px tall: names 7, the lines 10–11.)
  {
    screen: 'phone360',
    options: PHONE360,
    want: { names: 5.9, lines: 8.5, rules: 0 },
    what: 'the words no smaller than measured (names 5.9 px, lines 8.5: not yet readable)',
  },
];

describe("Rattlesnake's felt on a phone held upright", () => {
  test.each(SCREENS)('$screen: $what, nothing cut or overlapping', async ({ screen, options, want }) => {
    const folks = people(stack().browser);
    const problems: string[] = [];
    const summaries: string[] = [];
    // A game the bot won before my next turn is played again at a table of its own (the next seed), twice at most.
    try {
      for (let seed = SEED, measured = false; !measured; seed++) {
        if (seed > SEED + 2) throw new Error(`${screen}: the bot won before my next turn at three tables`);
        problems.length = 0;
        summaries.length = 0;
        const host = await hostTable(stack().base, 'rattlesnake', 2, 1, seed);
        try {
          const page = await folks.open(`${screen} (seed ${seed})`, options);
          await joinByCode(page, stack().base, 'Pat', host.code);
          await until('the action bar', async () => (await actions(page).getByRole('button').count()) > 0, 30_000);
          const moments: [string, () => Promise<boolean>][] = [
            ['first-turn', async () => true],
            ['next-turn', () => lastAttackShown(page)],
          ];
          measured = true;
          for (const [moment, extra] of moments) {
            if (!(await myTurn(page, `${screen}: my turn (${moment})`, extra))) {
              measured = false;
              break;
            }
            const snap = await measure(page);
            await shot(page, `rs-phone-text-${screen}-${moment}`);
            const where = `${screen} ${moment}`;
            const { problems: words, summary } = unreadable(snap, where, want);
            summaries.push(summary);
            problems.push(...words, ...layoutProblems(snap, options.deviceScaleFactor ?? 1).map((p) => `${where}: ${p}`));
            if (moment === 'first-turn') await actionButton(page, 'End turn').click();
          }
          expect(folks.errors).toEqual([]);
        } finally {
          await host.leave();
        }
      }
    } finally {
      await folks.close();
    }
    // (the sizes measured, printed with the problems: what a player sees on this screen)
    expect({ summaries, problems }).toEqual({ summaries, problems: [] });
  });
});
