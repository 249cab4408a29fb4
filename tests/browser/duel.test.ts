/**
 * Two people play Duel in real browsers against one bot, only by clicking buttons, until someone wins.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Page } from 'playwright-core';
import { annAndBob, DUEL_AIM as AIM, DUEL_PLAY as PLAY, shot, stallCheck, useStack } from '../support/browser';
import { aim, until } from '../support/table';
import { sceneTexts } from '../support/duel-table';

jest.setTimeout(180_000);

// A host that compresses its sockets (WS_COMPRESSION=1): Bob's phone must get, and read, compressed messages.
const stack = useStack({ BOT_DELAY_MS: '50', WS_COMPRESSION: '1' });

/**
 * Clicks legal moves (any card; any target for a gun) until the winner banner shows; returns the banner text and how
 * many times the player aimed. Players "think" ~150–300 ms before picking a card, like people do. A target is aimed
 * at as its player would: a click on the bar's "Aim at …" where it shows, a tap on that player on the felt on a phone
 * (`aim`: there the bar keeps the button for screen readers only, 1 px wide; clicked, it timed out after 5 s each
 * time, and Bob's guns were aimed by the turn timer, 9 times in a game that took 56 s). A stall check names a table
 * that stops moving instead of letting the test time out silently.
 */
async function playUntilWinner(page: Page, who: string, deadline: number, midGame: () => Promise<void>): Promise<{ banner: string; aimed: number }> {
  const banner = page.getByTestId('winner');
  const stalled = stallCheck(page, who, `${who.toLowerCase()}-stuck`, 25_000);
  let aimed = 0;
  while (Date.now() < deadline) {
    if (await banner.isVisible()) return { banner: (await banner.textContent()) ?? '', aimed };
    const aims = page.getByRole('button', { name: AIM, disabled: false });
    const plays = page.getByRole('button', { name: PLAY, disabled: false });
    try {
      const aimCount = await aims.count();
      if (aimCount > 0) {
        await aim(page, aims.nth(Math.floor(Math.random() * aimCount)), 5000);
        aimed += 1;
        if (aimed === 3) await midGame();
        continue;
      }
      const playCount = await plays.count();
      if (playCount > 0) {
        await page.waitForTimeout(150 + Math.random() * 150);
        await plays.nth(Math.floor(Math.random() * playCount)).click({ timeout: 5000 });
        continue;
      }
    } catch {
      // The buttons were redrawn under the pointer (the table moved on); look again.
    }
    await stalled();
    await page.waitForTimeout(60);
  }
  throw new Error(`${who}: no winner before the deadline`);
}

test('two players and a bot play a Duel to the end by clicking', async () => {
  const base = stack().base;
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  try {
    // Ann creates a table: Duel, 3 seats, 1 bot, first to $3, 20 s timer.
    await ann.goto(`${base}/`);
    await ann.getByLabel('Your name', { exact: true }).fill('Ann');
    await ann.getByRole('radio', { name: /Duel/ }).check();
    await ann.getByLabel('Seats', { exact: true }).selectOption('3');
    await ann.getByLabel('Bots', { exact: true }).selectOption('1');
    await ann.getByLabel('Target money', { exact: true }).selectOption('3');
    await ann.getByLabel('Turn timer', { exact: true }).selectOption('20');
    await expect(ann.getByRole('radio', { name: /Saloon Showdown/ }).isDisabled()).resolves.toBe(false);
    await shot(ann, 'ann-1-lobby');
    await ann.getByRole('button', { name: 'Create table' }).click();
    await ann.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
    const code = ((await ann.getByTestId('table-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{5}$/);
    // (the page opens once Ann is seated; the table's state follows it: "Joining the table…" until then)
    await until('Ann’s table waiting for Bob', async () => ((await ann.getByTestId('status').textContent()) ?? '').includes('Waiting for 1 more player'));

    // Bob's phone: the table's socket is compressed (permessage-deflate), read off Chromium's own network log.
    const cdp = await bob.context().newCDPSession(bob);
    const extensions: string[] = [];
    cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      extensions.push(headers['sec-websocket-extensions'] ?? '(none)');
    });
    await cdp.send('Network.enable');

    // Bob follows the invite link (lower case), then types the code in lower case himself and joins.
    await bob.goto(`${base}/#/join/${code.toLowerCase()}`);
    const codeBox = bob.getByRole('textbox', { name: 'Table code' });
    expect((await codeBox.inputValue()).toUpperCase()).toBe(code);
    await codeBox.fill('');
    await codeBox.pressSequentially(code.toLowerCase());
    // Before joining, the lobby says what he would join: the game and whether a seat is free for him.
    await until('the table’s preview', async () => ((await bob.locator('.join .note').textContent()) ?? '') !== '');
    expect(await bob.locator('.join .note').textContent()).toBe(`Table ${code}: Duel — 1 of 3 seats free.`);
    await bob.getByLabel('Your name', { exact: true }).fill('Bob');
    await shot(bob, 'bob-1-join');
    await bob.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); // a phone scrolled down the lobby
    expect(await bob.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await bob.getByRole('button', { name: 'Join', exact: true }).click();
    await bob.waitForURL(new RegExp(`#/table/${code}$`));
    // The table opens at its top: the status and the table code are on screen, not left at the lobby's scroll.
    await bob.getByTestId('table-code').waitFor();
    expect(await bob.evaluate(() => window.scrollY)).toBe(0);
    const codeBoxAtTable = await bob.getByTestId('table-code').boundingBox();
    expect(codeBoxAtTable && codeBoxAtTable.y >= 0 && codeBoxAtTable.y + codeBoxAtTable.height <= 844).toBe(true);
    expect(extensions).toEqual([expect.stringMatching(/^permessage-deflate/)]);

    // Both play only through buttons until the game ends.
    const deadline = Date.now() + 150_000;
    const mid = (p: Page, name: string) => {
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        await shot(p, name);
      };
    };
    let annBanner = '';
    let bobBanner = '';
    try {
      const [annPlayed, bobPlayed] = await Promise.all([
        playUntilWinner(ann, 'Ann', deadline, mid(ann, 'ann-2-mid-game')),
        playUntilWinner(bob, 'Bob', deadline, mid(bob, 'bob-2-mid-game')),
      ]);
      [annBanner, bobBanner] = [annPlayed.banner, bobPlayed.banner];
      // Each aimed a gun themselves, Bob on his phone too (by a tap on the felt), not the turn timer for them.
      expect([annPlayed.aimed, bobPlayed.aimed].map((n) => n > 0)).toEqual([true, true]);
    } catch (err) {
      await shot(ann, 'ann-failed').catch(() => undefined);
      await shot(bob, 'bob-failed').catch(() => undefined);
      throw err;
    }
    await ann.waitForTimeout(1000); // let the last reveal's animation and the scroll to the banner settle
    await shot(ann, 'ann-3-end');
    await shot(bob, 'bob-3-end');

    // Both pages name the same winner; the winner's own page says "You win".
    const winner = (banner: string, me: string) => {
      const m = /^(?:You win|(.+) wins) with \$(\d+)!$/.exec(banner.trim());
      return m ? { name: m[1] ?? me, money: Number(m[2]) } : null;
    };
    const a = winner(annBanner, 'Ann');
    expect(a).not.toBeNull();
    expect(winner(bobBanner, 'Bob')).toEqual(a);
    expect(a?.money).toBe(3);
    const seated = await ann.locator('.seats .who').allTextContents();
    expect(seated.map((s) => s.replace(' (you)', ''))).toContain(a?.name);
    await expect(ann.getByRole('button', { name: 'Back to lobby' }).isVisible()).resolves.toBe(true);
    // Under the end screen the loser's felt waits for no next round: the game is won.
    for (const p of [ann, bob]) expect((await sceneTexts(p)).filter((s) => /next round/.test(s))).toEqual([]);
    // The log tells each shootout in words, though reveals and placed cards arrive thin (their fields are filled in
    // from the board of the same patch): Bob's own cards, and every reveal with what each player did.
    const lines = await bob.getByRole('log', { name: 'What happened' }).locator('li, p').allTextContents();
    expect(lines.filter((l) => /^You placed an? \w+ face down/.test(l)).length).toBeGreaterThan(0);
    const reveals = lines.flatMap((l, i) => (/^Shootout \d+ of round \d+ — cards up!$/.test(l) ? [i] : []));
    expect(reveals.length).toBeGreaterThan(0);
    for (const i of reveals) expect(lines[i + 1]).toMatch(/ (fired|played|reloaded) /);
    expect(lines.filter((l) => /undefined|\{\{/.test(l))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
