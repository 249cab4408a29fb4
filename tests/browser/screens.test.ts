/**
 * Real phones and real screens (issue 12): every game's table on a 390×844 phone (touch) and a 1366×768 desktop, at
 * device pixel ratios 1, 2 and 3. A player creates a table with bots from the lobby and plays a few moves; at each
 * moment the page is measured (tests/support/screens.ts): the Pixi scene through its test hook
 * (`window.__tumbleweedScene.bounds()`: the rectangles of its texts, cards, boxes and marks in CSS pixels) and the
 * DOM around it (action bar, status bar, seat list). It fails when a text or a card is cut by the canvas or leaves
 * the screen, a text is wider than its card or box, two labels or cards overlap, a text covers a drawn sign, a button
 * is cut or covers the table, the scene is drawn into a corner of its canvas, or the canvas is less sharp than the
 * screen.
 * Saloon Showdown's other views (a threat, duels fought and watched, a Standoff, the Turkey, the end) are measured in
 * the replay viewer from a bot game recorded here (tests/support/saloon-replay.ts): bots rarely happen upon them live.
 * One server and one browser; a context per screen and pixel ratio, all of them side by side (SCREENS_DPR=2: one
 * ratio only). Screenshots: test-artifacts/screens-<game>-<phone|desktop>-dpr<n>.png and
 * screens-saloon-replay-phone-dpr<n>-<k>.png (a duel fought on a phone). Needs `npm run build` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ARTIFACTS, DUEL_AIM, DUEL_PLAY, people, phone, shot, type Stack, startStack, stopStack } from '../support/browser';
import { THREATEN_WITH } from '../support/saloon';
import { saloonReplay } from '../support/saloon-replay';
import { cardCount, layoutProblems, measure } from '../support/screens';
import { actionButton, aim, createTable as createTableAt, leaveToLobby, openReplay, until } from '../support/table';

// (generous: the tours share two cores with whatever else runs; alone they take well under a minute)
jest.setTimeout(180_000);

let running: Stack | null = null;
const stack = (): Stack => {
  if (!running) throw new Error('the stack is not running');
  return running;
};

const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'phone', options: phone(390, 844, 1) },
  { name: 'desktop', options: { viewport: { width: 1366, height: 768 } } },
];

/** One measured moment of one table, and what was wrong with it. */
interface Finding {
  where: string;
  problems: string[];
}

const actions = (page: Page) => page.locator('.actions');
const button = actionButton;
/** Creates a table from the lobby (English, no turn timer) with `bots` bots; the game starts at once. */
const createTable = (page: Page, game: RegExp, seats: number, bots: number) => createTableAt(page, stack().base, game, seats, bots);

/** Clicks the first button of the action bar matching one of `names`, in that order of preference; its name, or ''. */
async function clickFirst(page: Page, names: (string | RegExp)[]): Promise<string> {
  for (const n of names) {
    const b = button(page, n).first();
    if ((await b.count()) > 0) {
      const label = (await b.getAttribute('aria-label')) ?? (await b.textContent()) ?? '';
      await b.click({ timeout: 10_000 });
      return label.trim();
    }
  }
  return '';
}

/**
 * A game: how its table is made, and a short walk through it that calls `look(what)` at each moment worth
 * measuring (public cards, the hand and the opponents are on the table at every one of them).
 */
interface Game {
  id: string;
  radio: RegExp;
  seats: number;
  bots: number;
  walk(page: Page, look: (what: string) => Promise<void>): Promise<void>;
}

const GAMES: Game[] = [
  {
    id: 'duel',
    radio: /Duel/,
    seats: 3,
    bots: 2,
    async walk(page, look) {
      await until('cards to play', async () => (await button(page, DUEL_PLAY).count()) > 0);
      await look('first round');
      // A gun aimed at a bot, so the reveal draws the played cards with their targets.
      const played = await clickFirst(page, ['Play Pistol', 'Play Rifle', DUEL_PLAY]);
      if (
        await until('a target', async () => (await button(page, DUEL_AIM).count()) > 0, 2000).then(
          () => true,
          () => false,
        )
      )
        await aim(page, button(page, DUEL_AIM).first());
      await until('the reveal', async () => (await button(page, DUEL_PLAY).count()) > 0 || (await page.getByTestId('winner').isVisible()), 10_000);
      await page.waitForTimeout(2100); // the reveal's animation (2 s) settles
      await look(`after the reveal (played: ${played})`);
    },
  },
  {
    id: 'rattlesnake',
    radio: /Rattlesnake/,
    seats: 2,
    bots: 1,
    async walk(page, look) {
      await until('a move', async () => (await actions(page).getByRole('button').count()) > 0);
      await look('start');
      // Attack (or defend), pick a card (it rises), commit (the cards face down, then revealed with their combos), pass.
      for (let move = 1; move <= 4; move++) {
        const pressed = await page.locator('.actions button.select[aria-pressed="true"]').count();
        const names: (string | RegExp)[] = ['Allow', /^Put back /];
        if (pressed >= 1) names.push(/^Commit \d+ cards?$/);
        names.push(/^Select /, /^Commit \d+ cards?$/, 'Attack', 'Pass', 'End turn');
        const clicked = await clickFirst(page, names).catch(() => '');
        if (!clicked) break;
        await until('the next move', async () => (await actions(page).getByRole('button').count()) > 0, 8000).catch(() => undefined);
        await page.waitForTimeout(150);
        await look(`after "${clicked}"`);
      }
    },
  },
  {
    id: 'saloon',
    radio: /Saloon Showdown/,
    seats: 4,
    bots: 3,
    async walk(page, look) {
      const move = /^(Draw from deck|Discard |You're bluffing!|Do you\?|Threaten )/;
      await until('a move', async () => (await button(page, move).count()) > 0 || (await page.getByTestId('duel-word').count()) > 0, 30_000);
      await look('first move');
      // Threatening asks whom next (the gun picked): every target and Cancel in the bar; Cancel goes back.
      const gun = button(page, THREATEN_WITH).first();
      if (
        (await gun.count()) > 0 &&
        (await gun.click({ timeout: 10_000 }).then(
          () => true,
          () => false,
        ))
      ) {
        await button(page, 'Cancel').waitFor({ timeout: 10_000 });
        await look('threaten: whom');
        await button(page, 'Cancel').click({ timeout: 10_000 });
        await page.waitForTimeout(150);
      }
      // A fourth card in my hand (or an answer to a threat); the other views come from the replay below.
      const clicked = await clickFirst(page, ['Draw from deck', "You're bluffing!"]).catch(() => '');
      if (clicked) {
        await page.waitForTimeout(300);
        await look(`after "${clicked}"`);
      }
    },
  },
];

/** The Saloon Showdown game watched again in the replay viewer from Ann's seat (every view of the game, see saloon-replay.ts). */
const REPLAY = saloonReplay(4, 1, 0);

/** Jumps the replay viewer to each moment of REPLAY in turn and calls `look`. */
async function walkReplay(page: Page, look: (what: string) => Promise<void>): Promise<void> {
  await openReplay(page, stack().base, REPLAY.log);
  await page.getByLabel('Watch as').selectOption('0');
  const slider = page.getByTestId('replay-slider');
  for (const m of REPLAY.moments) {
    await slider.fill(String(m.position));
    await until(`step ${m.position}`, async () => (await page.getByTestId('replay-position').textContent()) === `Step ${m.position} of ${REPLAY.steps}`);
    await page.waitForTimeout(100);
    await look(`replay step ${m.position} (${m.what})`);
  }
}

/** A screenshot with the table in view, as measured (the page may have moved since: a status line that changed). */
async function shotOfTable(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.querySelector('.scene')?.scrollIntoView({ block: 'nearest' }));
  await shot(page, name);
}

/** Every game on one screen at one pixel ratio: the findings of each moment, and a screenshot per game. */
async function tour(screen: (typeof SCREENS)[number], dpr: number): Promise<Finding[]> {
  const folks = people(stack().browser);
  const findings: Finding[] = [];
  try {
    const page = await folks.open(`${screen.name}@${dpr}x`, { ...screen.options, deviceScaleFactor: dpr, locale: 'en-US' });
    for (const game of GAMES) {
      const where = `${game.id} on the ${screen.name} at DPR ${dpr}`;
      await createTable(page, game.radio, game.seats, game.bots);
      let first = true;
      await game.walk(page, async (what) => {
        const snap = await measure(page);
        const problems = layoutProblems(snap, dpr);
        if (cardCount(snap) < 3) problems.push(`only ${cardCount(snap)} cards drawn`);
        findings.push({ where: `${where}, ${what}`, problems });
        if (first || problems.length) await shotOfTable(page, `screens-${game.id}-${screen.name}-dpr${dpr}${first ? '' : `-${findings.length}`}`);
        first = false;
      });
      await leaveToLobby(page);
    }
    let n = 0;
    await walkReplay(page, async (what) => {
      const snap = await measure(page);
      const problems = layoutProblems(snap, dpr);
      if (cardCount(snap) < 3) problems.push(`only ${cardCount(snap)} cards drawn`);
      findings.push({ where: `the Saloon Showdown replay on the ${screen.name} at DPR ${dpr}, ${what}`, problems });
      n += 1;
      if (problems.length || (screen.name === 'phone' && /fought, GO/.test(what)))
        await shotOfTable(page, `screens-saloon-replay-${screen.name}-dpr${dpr}-${n}`);
    });
    for (const e of folks.errors) findings.push({ where: `${screen.name} at DPR ${dpr}`, problems: [`page error: ${e}`] });
  } finally {
    await folks.close();
  }
  return findings;
}

/** "where: problem" lines, at most `max` per moment (the first ones say enough). */
const report = (findings: Finding[], max = 8): string[] =>
  findings.flatMap((f) =>
    f.problems
      .slice(0, max)
      .map((p) => `${f.where}: ${p}`)
      .concat(f.problems.length > max ? [`${f.where}: … and ${f.problems.length - max} more`] : []),
  );

/** SCREENS_DPR=2 runs one ratio only (every tour starts before the tests: `-t` would not spare the others). */
const RATIOS = process.env.SCREENS_DPR ? [Number(process.env.SCREENS_DPR)] : [1, 2, 3];
/**
 * Every screen at every ratio at once (most of a tour is waiting for bots and animations): started before the tests,
 * each test reads its ratio's findings. A tour that breaks down is a finding too.
 */
const tours = new Map<number, Promise<Finding[]>>();
beforeAll(async () => {
  // (quick bots; a table per game, screen and ratio: more tables a minute than a real host makes)
  running = await startStack({ BOT_DELAY_MS: '60', LIMIT_CREATES_PER_MINUTE: '0' });
  for (const f of fs.readdirSync(ARTIFACTS)) if (/^screens-.*\.png$/.test(f)) fs.rmSync(path.join(ARTIFACTS, f));
  for (const dpr of RATIOS) {
    const runs = SCREENS.map((s) =>
      tour(s, dpr).catch((err: unknown): Finding[] => [{ where: `${s.name} at DPR ${dpr}`, problems: [`the tour failed: ${String(err)}`] }]),
    );
    tours.set(
      dpr,
      Promise.all(runs).then((f) => f.flat()),
    );
  }
});
afterAll(async () => {
  await Promise.all(tours.values()); // every tour done before the browser and the server stop
  await stopStack(running);
  running = null;
});

describe.each(RATIOS)('at device pixel ratio %i', (dpr) => {
  test('every game, on a phone and on a desktop: nothing cut, nothing on top of anything else, sharp', async () => {
    const findings = (await tours.get(dpr)) ?? [];
    expect(report(findings)).toEqual([]);
    expect(findings.length).toBeGreaterThanOrEqual(SCREENS.length * GAMES.length * 2);
  });
});
