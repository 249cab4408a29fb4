/**
 * The replay viewer (issue 6): bots play a Duel while its creator watches, the creator downloads the game log through
 * the table's button, opens `#/replay`, loads the file and watches it again — to the same winner, from a seat (its
 * hand shown) and as a spectator; a file that is not a game log gets a clear sentence.
 * Needs `npm run build` first.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { botLog } from '../support/bot-log';
import { DESKTOP, people, type People, phone, shot, useStack } from '../support/browser';
import { sceneTexts } from '../support/duel-table';
import { saloonReplay } from '../support/saloon-replay';
import { layoutProblems, measure } from '../support/screens';
import { leaveToLobby, openReplay, playDuelToEnd, until as waitFor } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '20' });

/** Waits for `fn` (this file's waits are 20 s unless told). */
const until = (what: string, fn: () => Promise<boolean>, ms = 20_000): Promise<void> => waitFor(what, fn, ms);

let folks: People;
afterEach(async () => {
  await folks?.close();
});

test('a finished bot game is downloaded and watched again in the replay viewer', async () => {
  folks = people(stack().browser);
  const ann: Page = await folks.open('Ann', { ...DESKTOP, acceptDownloads: true });
  const base = stack().base;

  // Ann creates a Duel table of 3 bots (first to $3, no timer) and watches them play to the end.
  await ann.goto(`${base}/`);
  await ann.getByLabel('Your name', { exact: true }).fill('Ann');
  await ann.getByRole('radio', { name: /Duel/ }).check();
  await ann.getByLabel('Seats', { exact: true }).selectOption('3');
  await ann.getByLabel('Bots', { exact: true }).selectOption('3');
  await ann.getByLabel('Target money', { exact: true }).selectOption('3');
  await ann.getByLabel('Turn timer', { exact: true }).selectOption('0');
  await ann.getByRole('button', { name: 'Create table' }).click();
  await ann.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
  const code = ((await ann.getByTestId('table-code').textContent()) ?? '').trim();
  const banner = ann.getByTestId('winner');
  await until('the winner banner', () => banner.isVisible(), 60_000);
  const tableWinner = ((await banner.textContent()) ?? '').trim();
  expect(tableWinner).toMatch(/wins/);
  const names = (await ann.locator('.seats .who').allTextContents()).map((s) => s.trim());

  const [download] = await Promise.all([ann.waitForEvent('download'), ann.getByRole('button', { name: 'Download game log' }).click()]);
  expect(download.suggestedFilename()).toBe(`tumbleweed-${code}.json`);
  const file = await download.path();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { steps: unknown[] };
  const total = saved.steps.length;

  // The replay page without a log: a file picker; a wrong file is named and refused.
  await ann.goto(`${base}/#/replay`);
  const picker = ann.getByLabel('Open a game log (.json)');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Dear diary, today I played cards.') });
  await until('the not-JSON error', async () => ((await ann.getByTestId('replay-error').textContent()) ?? '').includes('“notes.txt” is not a game log'));
  await picker.setInputFiles({ name: 'package.json', mimeType: 'application/json', buffer: Buffer.from('{"name":"tumbleweed","version":"1.0.0"}') });
  await until('the not-a-log error', async () =>
    ((await ann.getByTestId('replay-error').textContent()) ?? '').includes('“package.json” is not a Tumbleweed game log'),
  );
  await shot(ann, 'replay-1-wrong-file');

  // The real log: the title names the game and the table; the viewer starts at the deal.
  await picker.setInputFiles(file);
  const title = ann.getByTestId('replay-title');
  await until('the replay title', async () => ((await title.textContent()) ?? '') === `Replay — Duel table ${code}`);
  const position = ann.getByTestId('replay-position');
  await expect(position.textContent()).resolves.toBe(`Step 0 of ${total}`);
  // Everyone's hands are open: three seats, each with a full Duel hand.
  const hands = ann.getByTestId('replay-hands').locator('li');
  await expect(hands.count()).resolves.toBe(3);
  expect(await hands.first().textContent()).toContain('Pistol, Pistol, Pistol, Rifle, Barricade, Reload');

  // Play at 4×: the position moves by itself; pause.
  await ann.getByLabel('Speed').selectOption('4');
  await ann.getByRole('button', { name: /Play/ }).first().click();
  await until('playback moves on', async () => !((await position.textContent()) ?? '').startsWith('Step 0 '));
  await ann.getByTestId('replay-play').click();
  const paused = await position.textContent();
  await ann.waitForTimeout(1200);
  await expect(position.textContent()).resolves.toBe(paused);
  await shot(ann, 'replay-2-playing');

  // Step forward and back.
  await ann.getByRole('button', { name: 'To the start' }).click();
  await ann.getByRole('button', { name: 'Step forward' }).click();
  await expect(position.textContent()).resolves.toBe(`Step 1 of ${total}`);
  await ann.getByRole('button', { name: 'Step back' }).click();
  await expect(position.textContent()).resolves.toBe(`Step 0 of ${total}`);

  // To the end: the same winner as the table's banner; the log has the game's lines.
  await ann.getByRole('button', { name: 'To the end' }).click();
  await expect(position.textContent()).resolves.toBe(`Step ${total} of ${total}`);
  const winner = ann.getByTestId('replay-winner');
  await until('the replay winner', () => winner.isVisible());
  expect((await winner.textContent())?.trim()).toBe(`Game over — ${tableWinner}`);
  // At the end, Play plays the game again from its deal, and says so.
  await expect(ann.getByTestId('replay-play').textContent()).resolves.toBe('▶ Play from the start');
  const logText = (await ann.locator('.replay-log li:not([hidden])').allTextContents()).join('\n');
  expect(logText).toContain('cards up!');
  expect(logText).toContain(tableWinner.replace(/ with .*$/, ''));
  await shot(ann, 'replay-3-end');

  // Watch as the first seat, from the deal: only that seat's hand, and its cards in the (inert) action bar.
  await ann.getByLabel('Watch as').selectOption('0');
  await ann.getByRole('button', { name: 'To the start' }).click();
  await expect(hands.count()).resolves.toBe(1);
  expect(await hands.first().textContent()).toBe(`${names[0]}’s handPistol, Pistol, Pistol, Rifle, Barricade, Reload`);
  await until('the seat’s cards in the action bar', async () => (await ann.locator('.actions button', { hasText: 'Play Rifle' }).count()) === 1);
  // Nothing is played in a replay: the felt names the seat's hand, and never says to click (or tap) a card.
  await until('the hand named on the felt', async () => (await sceneTexts(ann)).includes('Your hand'));
  expect((await sceneTexts(ann)).filter((words) => /\b(click|tap)\b/.test(words))).toEqual([]);
  await shot(ann, 'replay-4-seat');

  // As a spectator: no hand at all.
  await ann.getByLabel('Watch as').selectOption('spectator');
  await until('no hands for a spectator', async () => (await hands.count()) === 0);
  await expect(ann.locator('.actions button', { hasText: 'Play Rifle' }).count()).resolves.toBe(0);
  await shot(ann, 'replay-5-spectator');

  // Straight from the table: "Watch replay" on the end banner opens this game in the viewer, no file needed.
  await ann.goto(`${base}/#/table/${code}`);
  await until('the table’s end banner', () => banner.isVisible());
  await ann.getByRole('button', { name: 'Watch replay' }).click();
  await ann.waitForURL(/#\/replay$/);
  await until('the replay of this table', async () => ((await title.textContent()) ?? '') === `Replay — Duel table ${code}`);
  await expect(position.textContent()).resolves.toBe(`Step 0 of ${total}`);

  expect(folks.errors).toEqual([]);
});

test.each([
  ['rattlesnake', 2, 'Rattlesnake'],
  ['saloon', 3, 'Saloon Showdown'],
] as const)('a %s log replays in the viewer from every seat without errors', async (game, seats, title) => {
  folks = people(stack().browser);
  const page = await folks.open('Ann', DESKTOP);
  const log = botLog(game, seats, 17);
  await openReplay(page, stack().base, log);
  await until('the replay title', async () => ((await page.getByTestId('replay-title').textContent()) ?? '') === `Replay — ${title} table TEST1`);
  await expect(page.getByTestId('replay-error').count()).resolves.toBe(0);
  const slider = page.getByTestId('replay-slider');
  const max = Number(await slider.getAttribute('max'));
  expect(max).toBe((log as { steps: unknown[] }).steps.length);
  for (const watch of ['all', '0', '1', 'spectator']) {
    await page.getByLabel('Watch as').selectOption(watch);
    for (const at of [0, Math.floor(max / 3), Math.floor((2 * max) / 3)]) {
      await slider.fill(String(at));
      await expect(page.getByTestId('replay-position').textContent()).resolves.toBe(`Step ${at} of ${max}`);
    }
    await page.getByRole('button', { name: 'To the end' }).click();
    await until('the winner', async () => ((await page.getByTestId('replay-winner').textContent()) ?? '').startsWith('Game over — '));
    // Watching as a seat, the end is told to that seat: "You win…" to the winner, the winner named to the others.
    const { winners } = (log as { outcome: { winners: number[] } }).outcome;
    const over = (await page.getByTestId('replay-winner').textContent()) ?? '';
    expect(/\bYou win\b/.test(over)).toBe(winners.length === 1 && String(winners[0]) === watch);
  }
  await page.getByLabel('Watch as').selectOption('0');
  await slider.fill(String(Math.floor(max / 2)));
  await page.waitForTimeout(500);
  await shot(page, `replay-${game}`);
  // On the common laptops the felt and the seat's bar are on the screen under the controls, the page not scrolled
  // (the felt was 560 px tall whatever the window: the page scrolled 97 px at 1366×768, 145 at 1280×720); at the last
  // step too, under the end's banner.
  for (const [width, height] of [
    [1366, 768],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width, height });
    for (const at of [Math.floor(max / 2), max]) {
      await slider.fill(String(at));
      await page.waitForTimeout(400);
      const fit = await page.evaluate(() => ({
        scroll: document.documentElement.scrollHeight - window.innerHeight,
        bar: document.querySelector('.table-main > .actions')?.getBoundingClientRect().bottom ?? Infinity,
        felt: document.querySelector('.table-main > .scene')?.getBoundingClientRect().height ?? 0,
      }));
      expect({ at: `${width}×${height}, step ${at}`, scroll: Math.max(0, fit.scroll), barInside: fit.bar <= height }).toEqual({
        at: `${width}×${height}, step ${at}`,
        scroll: 0,
        barInside: true,
      });
      expect(fit.felt).toBeGreaterThanOrEqual(300);
    }
  }
  await shot(page, `replay-${game}-1280x720`);
  if (game === 'saloon') {
    // Each card of the hand on its own between semicolons ("green leg Blam, 0 bullets, Desperado; blue leg Bang, …"):
    // with commas between the cards too, which words went with which card could not be told.
    const cards = ((await page.getByTestId('replay-hands').locator('.cards').first().textContent()) ?? '').split('; ');
    expect(cards.filter((c) => (c.match(/\b(red|blue|green|yellow) (head|chest|arm|leg)\b/g) ?? []).length !== 1)).toEqual([]);
  }
  expect(folks.errors).toEqual([]);
});

test('a finished game is kept: its replay link opens it again on the device it was played on, and nowhere else', async () => {
  folks = people(stack().browser);
  const base = stack().base;
  const ann: Page = await folks.open('Ann', DESKTOP);
  await ann.goto(`${base}/`);
  await ann.getByLabel('Your name', { exact: true }).fill('Ann');
  await ann.getByRole('radio', { name: /Duel/ }).check();
  await ann.getByLabel('Seats', { exact: true }).selectOption('2');
  await ann.getByLabel('Bots', { exact: true }).selectOption('1');
  await ann.getByLabel('Target money', { exact: true }).selectOption('3');
  await ann.getByLabel('Turn timer', { exact: true }).selectOption('0');
  await ann.getByRole('button', { name: 'Create table' }).click();
  await ann.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
  const code = ((await ann.getByTestId('table-code').textContent()) ?? '').trim();
  await playDuelToEnd(ann);
  // (the replay opens watching everyone: the banner's "You win…" on Ann's page reads "Ann wins…" there)
  const tableWinner = ((await ann.getByTestId('winner').textContent()) ?? '').trim().replace(/^You win /, 'Ann wins ');

  await ann.getByRole('button', { name: 'Replay link' }).click();
  const link = ann.getByTestId('kept-url');
  await until('the replay link', async () => (await link.count()) > 0);
  const url = (await link.getAttribute('href')) ?? '';
  expect(url).toMatch(/#\/replay\/[0-9a-f-]{36}$/);
  await shot(ann, 'replay-kept-1-link');

  // Later, on the same device: the link opens the game from the server, to the same winner.
  await leaveToLobby(ann); // (back in the lobby: leaving ends there)
  await ann.goto(url);
  await until('the replay title', async () => ((await ann.getByTestId('replay-title').textContent()) ?? '') === `Replay — Duel table ${code}`);
  await ann.getByRole('button', { name: 'To the end' }).click();
  await until('the replay winner', () => ann.getByTestId('replay-winner').isVisible());
  expect((await ann.getByTestId('replay-winner').textContent())?.trim()).toBe(`Game over — ${tableWinner}`);
  await shot(ann, 'replay-kept-2-opened');

  // Another device has no seat token for that game: a sentence, not somebody else's hands.
  const bob: Page = await folks.open('Bob', DESKTOP);
  await bob.goto(url);
  await until('the refusal', async () => ((await bob.getByTestId('replay-error').textContent()) ?? '').includes('on the device it was played on'));
  expect(await bob.getByTestId('replay-title').count()).toBe(0);
  expect(folks.errors).toEqual([]);
});

// A Saloon duel watched again as everyone showed "DUEL: Ann against Bob" and a big GO! over an empty felt: the
// duelists' cards were only in words, beside the table or under it on a phone (a reviewer's replay).
test.each([
  ['a phone', phone(390, 844, 3), 3],
  ['a laptop', { viewport: { width: 1366, height: 768 } }, 1],
] as const)('a Saloon duel watched again as everyone shows both duelists’ cards on the felt, on %s', async (_, options, dpr) => {
  folks = people(stack().browser);
  const page = await folks.open('Ann', options);
  const replay = saloonReplay(4, 1, 0);
  const duel = replay.moments.find((m) => /^duel .*, GO$/.test(m.what));
  if (!duel) throw new Error(`no duel after GO in the recorded game: ${replay.moments.map((m) => m.what).join(', ')}`);
  await openReplay(page, stack().base, replay.log);
  await page.getByLabel('Watch as').selectOption('all');
  await page.getByTestId('replay-slider').fill(String(duel.position));
  await until('the duel step', async () => (await page.getByTestId('replay-position').textContent()) === `Step ${duel.position} of ${replay.steps}`);
  await page.waitForTimeout(400);
  const snap = await measure(page);
  await shot(page, `replay-saloon-duel-everyone-${dpr}`);
  const titles = snap.scene.items.filter((i) => i.kind === 'text' && /’s cards$/.test(i.label)).map((i) => i.label);
  expect(titles).toHaveLength(2);
  // (three cards under each name, face up after GO: each with its area's word)
  const areas = snap.scene.items.filter((i) => i.kind === 'text' && /^(HEAD|CHEST|ARM|LEG)$/.test(i.label));
  expect(areas.length).toBeGreaterThanOrEqual(6);
  expect(layoutProblems(snap, dpr)).toEqual([]);
  expect(folks.errors).toEqual([]);
});

// "Watch as" changed again before the last seat's table had started: that scene, destroyed once it had started, took
// with it Pixi's shared pools that the next scene was drawing with (a renderer destroyed with `true` releases them all),
// and each later draw failed: "Cannot read properties of null (reading 'clear')" (seen once in a clean-clone CI).
test('"Watch as" switched quickly, seat after seat: the table draws on without an error', async () => {
  folks = people(stack().browser);
  const page = await folks.open('Ann', DESKTOP);
  await openReplay(page, stack().base, botLog('saloon', 3, 17));
  // (as a quick hand does it on a phone's slower CPU: each change before the last one's table has started)
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (let round = 0; round < 3; round++) {
    for (const who of ['0', '1', '2', 'spectator', 'all']) {
      await page.evaluate((value) => {
        const select = document.querySelector<HTMLSelectElement>('#replay-watch');
        if (select) select.value = value;
        select?.dispatchEvent(new Event('change'));
      }, who);
      await page.waitForTimeout(40 * (round + 1));
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const slider = page.getByTestId('replay-slider');
  for (const at of [5, 10, 15, 20, 25]) {
    await slider.fill(String(at));
    await page.waitForTimeout(200);
  }
  expect(folks.errors).toEqual([]);
});
