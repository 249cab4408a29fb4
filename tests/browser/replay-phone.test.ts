/**
 * The replay viewer on a phone, upright and sideways: what a player needs to watch a game again — Play and the step
 * buttons, the slider, the felt and the watched seat's bar — on the first screen, nothing scrolled. (The viewer
 * stacked its back button, its title, "Open another log", the buttons, the slider and the two selects: 385 px of a
 * 360×640 phone above the felt, the whole of a 844×390 one held sideways.)
 * Needs `npm run build` first.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { botLog } from '../support/bot-log';
import { people, phone, shot, useStack } from '../support/browser';
import { layoutProblems, measure } from '../support/screens';
import { openReplay, smallTargets, until } from '../support/table';

jest.setTimeout(180_000);

const stack = useStack();

const SMALLEST: BrowserContextOptions = phone(360, 640, 2);
const SMALLEST_SIDEWAYS: BrowserContextOptions = phone(568, 320, 2);
/** The phones, in English, and the smallest two again in Portuguese (its longer words: "Assistir como", "← Voltar"). */
const PHONES: [string, BrowserContextOptions][] = [
  ['phone360', { ...SMALLEST, locale: 'en-US' }],
  ['phone390', { ...phone(390, 844, 3), locale: 'en-US' }],
  ['phone844x390', { ...phone(844, 390, 3), locale: 'en-US' }],
  ['phone740x360', { ...phone(740, 360, 2), locale: 'en-US' }],
  ['phone568x320', { ...SMALLEST_SIDEWAYS, locale: 'en-US' }],
  ['phone360 pt-BR', { ...SMALLEST, locale: 'pt-BR' }],
  ['phone568x320 pt-BR', { ...SMALLEST_SIDEWAYS, locale: 'pt-BR' }],
];

/** The least share of the screen's height the table (felt and bar) keeps under the controls; the felt's own. */
const TABLE_SHARE = 0.45;
const FELT_SHARE = 0.3;

test.each([
  ['duel', 3],
  ['rattlesnake', 2],
  ['saloon', 4],
] as const)('a %s replay on a phone: the buttons, the slider and the whole table on the first screen', async (game, seats) => {
  const log = botLog(game, seats, 17);
  const folks = people(stack().browser);
  const problems: string[] = [];
  try {
    for (const [screen, options] of PHONES) {
      const page = await folks.open(screen, options);
      await openReplay(page, stack().base, log);
      await page.locator('#replay-watch').selectOption('0');
      const slider = page.getByTestId('replay-slider');
      const middle = Math.floor(Number(await slider.getAttribute('max')) / 2);
      await slider.fill(String(middle));
      await page.waitForTimeout(500);
      await shot(page, `replay-phone-${game}-${screen.replace(' ', '-')}`);
      const where = `${game}, ${screen}`;
      const fit = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
        return {
          height: window.innerHeight,
          scrolled: window.scrollY,
          play: box('[data-testid="replay-play"]'),
          slider: box('[data-testid="replay-slider"]'),
          felt: box('.replay-viewer .table-main > .scene'),
          table: box('.replay-viewer .table-main'),
        };
      });
      if (!fit.play || !fit.slider || !fit.felt || !fit.table) {
        problems.push(`${where}: no Play button, slider, felt or table`);
        continue;
      }
      const below = (name: string, bottom: number) =>
        bottom > fit.height + 0.5 && problems.push(`${where}: ${name} ends at ${Math.round(bottom)} px, under the screen's ${fit.height}`);
      if (fit.scrolled > 0) problems.push(`${where}: the page opened scrolled ${fit.scrolled} px`);
      below('Play', fit.play.bottom);
      below('the slider', fit.slider.bottom);
      below('the felt', fit.felt.bottom);
      below('the table (felt and bar)', fit.table.bottom);
      if (fit.table.height < TABLE_SHARE * fit.height)
        problems.push(`${where}: the table ${Math.round(fit.table.height)} px tall, under ${TABLE_SHARE * 100}% of ${fit.height}`);
      if (fit.felt.height < FELT_SHARE * fit.height)
        problems.push(`${where}: the felt ${Math.round(fit.felt.height)} px tall, under ${FELT_SHARE * 100}% of ${fit.height}`);
      // Each button's words on one line ("▶ Reproduzir" took two, and "|◀" too), the step whole ("Passo 23 de 4…").
      problems.push(
        ...(
          await page.evaluate(() => {
            const out: string[] = [];
            for (const b of document.querySelectorAll('.replay-controls button'))
              if (b.getBoundingClientRect().height > 48) out.push(`"${b.textContent}" ${Math.round(b.getBoundingClientRect().height)} px tall`);
            // The title whole: which game, which table ("Replay — Rattlesnake, me…" lost the code at 360 px in Portuguese).
            const title = document.querySelector('[data-testid="replay-title"]');
            if (title && title.scrollHeight > title.clientHeight + 1) out.push(`the title "${title.textContent}" cut`);
            const step = document.querySelector('.replay-step');
            const line = document.querySelector('.replay-where');
            // (with room after it for the ellipsis that cuts the move's words: the step's own last figure gave it its place)
            if (step && line && step.getBoundingClientRect().right + 12 > line.getBoundingClientRect().right) out.push(`"${step.textContent}" cut`);
            return out;
          })
        ).map((p) => `${where}: ${p}`),
      );
      // The felt drawn at its size, its words whole and apart; every control still a finger's size.
      problems.push(...layoutProblems(await measure(page), options.deviceScaleFactor ?? 1).map((p) => `${where}: ${p}`));
      problems.push(...(await smallTargets(page, where)));
      await page.context().close();
    }
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
  expect(problems).toEqual([]);
});

// Held upright the top row has no room for "Open another log": it waits at the page's foot, under the story; turned
// sideways it is back in the top row.
test('on a phone held upright "Open another log" is at the foot of the page, and opens the picker', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('phone360', { ...SMALLEST, locale: 'en-US' });
    await openReplay(page, stack().base, botLog('duel', 2, 5));
    const another = page.getByRole('button', { name: 'Open another log' });
    const story = page.getByRole('log');
    const [button, log] = [await another.boundingBox(), await story.boundingBox()];
    expect(button && log && button.y >= log.y + log.height).toBe(true);
    const inTopRow = page.locator('.replay-nav').getByRole('button', { name: 'Open another log' });
    expect(await inTopRow.count()).toBe(0);
    // (the button moves when the page hears the media query change: a frame or so after the turn, not at once)
    await page.setViewportSize({ width: 640, height: 360 });
    await inTopRow.waitFor({ state: 'visible', timeout: 5_000 });
    await page.setViewportSize({ width: 360, height: 640 });
    await inTopRow.waitFor({ state: 'detached', timeout: 5_000 });
    await another.click();
    await expect(page.getByRole('heading', { name: 'Watch a game again' }).isVisible()).resolves.toBe(true);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

// A finger rests a moment on a button. Playing, the viewer redrew Play's icon and word at every step: a press that
// began on the word "Pause" and ended after the next step was no click (Chrome sends none when the element pressed on
// is gone), and the game played on (one CI run: "paused" at step 3, step 14 a second later).
test('a press on Pause that lasts past the next step pauses the replay', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('phone360', { ...SMALLEST, locale: 'en-US' });
    await openReplay(page, stack().base, botLog('duel', 2, 5));
    const position = page.getByTestId('replay-position');
    const play = page.getByTestId('replay-play');
    await page.getByLabel('Speed').selectOption('4');
    for (let press = 1; press <= 3; press++) {
      await play.click();
      await expect(play.getAttribute('aria-pressed')).resolves.toBe('true');
      const from = await position.textContent();
      await until('playback moves on', async () => (await position.textContent()) !== from);
      // (pressed on the word, released 300 ms later: at 4× each step of this log lasts 175 ms)
      const word = await play.locator('.replay-word').boundingBox();
      if (!word) throw new Error('no word on Play');
      await page.mouse.move(word.x + word.width / 2, word.y + word.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(300);
      await page.mouse.up();
      const paused = await position.textContent();
      await page.waitForTimeout(800);
      expect([press, await play.getAttribute('aria-pressed'), await position.textContent()]).toEqual([press, 'false', paused]);
    }
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
