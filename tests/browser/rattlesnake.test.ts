/**
 * Two people play Rattlesnake in real browsers, only by clicking the action bar's buttons. After a few turns Bob
 * leaves and a bot takes his seat at once (RECONNECT_SECONDS=0); Ann plays on until the winner banner.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Page } from 'playwright-core';
import { annAndBob, shot, stallCheck, useStack } from '../support/browser';
import { leaveToLobby, sceneResizes, watchSceneHeight } from '../support/table';

jest.setTimeout(240_000);

const stack = useStack({ BOT_DELAY_MS: '50', RECONNECT_SECONDS: '0' });

interface Player {
  page: Page;
  who: string;
  /** Called after every click; return true to stop playing (e.g. after leaving the table). */
  afterMove(moves: number): Promise<boolean>;
  /** Called once the ability window after a reveal is on screen. */
  onReveal(): Promise<void>;
}

/**
 * A simple policy: Allow, put back a Scout card, Pass, commit 1–2 cards, Attack, End turn — never buys or uses
 * abilities, so it cannot loop. Returns the banner text, or '' when `afterMove` stopped it.
 */
async function play(p: Player, deadline: number): Promise<string> {
  const { page, who } = p;
  const banner = page.getByTestId('winner');
  const button = (name: string | RegExp) => page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });
  const stalled = stallCheck(page, who, `rattlesnake-${who.toLowerCase()}-stuck`, 30_000);
  let moves = 0;
  while (Date.now() < deadline) {
    if (await banner.isVisible()) return (await banner.textContent()) ?? '';
    let clicked = false;
    try {
      const prompt = (await page.locator('.actions .prompt').textContent()) ?? '';
      // (the reveal's window, mine: "Use Focus or Distract, or pass", or "Nothing in your hand works on this reveal: pass")
      if (/^(Use .+ or pass$|Nothing in your hand works on this reveal)/.test(prompt)) await p.onReveal();
      const pressed = await page.locator('.actions button.select[aria-pressed="true"]').count();
      const unpressed = page.locator('.actions button.select[aria-pressed="false"]');
      const commit = button(/^Commit \d+ cards?$/);
      const order: (() => Promise<boolean>)[] = [
        async () => (await button('Allow').count()) > 0 && (await button('Allow').click({ timeout: 3000 }), true),
        async () =>
          (await button(/^Put back /).count()) > 0 &&
          (await button(/^Put back /)
            .first()
            .click({ timeout: 3000 }),
          true),
        async () => (await button('Pass').count()) > 0 && (await button('Pass').click({ timeout: 3000 }), true),
        async () => {
          const free = await unpressed.count();
          if (pressed >= 1 && (pressed >= 2 || free === 0 || Math.random() < 0.5) && (await commit.count()) > 0) {
            await commit.click({ timeout: 3000 });
            return true;
          }
          if (free > 0) {
            await unpressed.nth(Math.floor(Math.random() * free)).click({ timeout: 3000 });
            return true;
          }
          return false;
        },
        async () => (await button('Attack').count()) > 0 && (await button('Attack').click({ timeout: 3000 }), true),
        async () => (await button('End turn').count()) > 0 && (await button('End turn').click({ timeout: 3000 }), true),
      ];
      for (const f of order) {
        if (await f()) {
          clicked = true;
          break;
        }
      }
    } catch {
      // The bar was redrawn under the pointer (the table moved on); look again.
    }
    if (clicked) {
      moves += 1;
      if (await p.afterMove(moves)) return '';
      await page.waitForTimeout(40);
      continue;
    }
    await stalled();
    await page.waitForTimeout(60);
  }
  throw new Error(`${who}: no winner before the deadline`);
}

test('two players start a Rattlesnake shootout by clicking; a bot takes over one seat; it ends with a winner', async () => {
  const base = stack().base;
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  try {
    await watchSceneHeight(ann);
    // Ann creates a Rattlesnake table: 2 seats, 0 bots, 45 s timer.
    await ann.goto(`${base}/`);
    await ann.getByLabel('Your name', { exact: true }).fill('Ann');
    // The radio itself is visually hidden: pick the game by its card, as people do.
    await ann.locator('.game-choice strong', { hasText: 'Rattlesnake' }).click();
    expect(await ann.getByRole('radio', { name: /Rattlesnake/ }).isChecked()).toBe(true);
    expect(await ann.getByLabel('Seats', { exact: true }).locator('option').allTextContents()).toEqual(['2']);
    expect(await ann.getByLabel('Bots', { exact: true }).locator('option').allTextContents()).toEqual(['0', '1']);
    expect(await ann.getByLabel('Turn timer', { exact: true }).inputValue()).toBe('45');
    await expect(ann.getByLabel('Target money', { exact: true }).count()).resolves.toBe(0);
    await ann.getByLabel('Bots', { exact: true }).selectOption('0');
    await shot(ann, 'rattlesnake-1-lobby');
    await ann.getByRole('button', { name: 'Create table' }).click();
    await ann.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
    const code = ((await ann.getByTestId('table-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{5}$/);

    // Bob joins by the code.
    await bob.goto(`${base}/`);
    await bob.getByLabel('Your name', { exact: true }).fill('Bob');
    await bob.getByRole('textbox', { name: 'Table code' }).fill(code);
    await bob.getByRole('button', { name: 'Join', exact: true }).click();
    await bob.waitForURL(new RegExp(`#/table/${code}$`));

    const deadline = Date.now() + 200_000;
    const revealShot = (page: Page, name: string) => {
      let done = false;
      return {
        done: () => done,
        take: async () => {
          if (done) return;
          done = true;
          await page.waitForTimeout(150);
          await shot(page, name);
        },
      };
    };
    const annReveal = revealShot(ann, 'rattlesnake-2-reveal-desktop');
    const bobReveal = revealShot(bob, 'rattlesnake-2-reveal-phone');
    let bobLeft = false;
    let annBanner = '';
    try {
      [annBanner] = await Promise.all([
        play({ page: ann, who: 'Ann', onReveal: annReveal.take, afterMove: async () => false }, deadline),
        play(
          {
            page: bob,
            who: 'Bob',
            onReveal: bobReveal.take,
            afterMove: async (moves) => {
              // After a few turns (and a reveal seen on both screens), Bob hands his seat to a bot.
              if (moves < 14 || !bobReveal.done() || !annReveal.done()) return false;
              await leaveToLobby(bob);
              bobLeft = true;
              return true;
            },
          },
          deadline,
        ),
      ]);
    } catch (err) {
      await shot(ann, 'rattlesnake-ann-failed').catch(() => undefined);
      await shot(bob, 'rattlesnake-bob-failed').catch(() => undefined);
      throw err;
    }
    await ann.waitForTimeout(500);
    await shot(ann, 'rattlesnake-3-end');
    // Ann's table kept its size through the game: the action bar's moves coming and going (56, 62 and 113 px tall)
    // resized it every few hundred ms.
    const resizes = await sceneResizes(ann);
    expect(resizes.filter((r) => r.startsWith('taller'))).toEqual([]);
    expect(resizes.length).toBeLessThanOrEqual(3);

    // Ann's page tells her as "you": "You win — Bob has no Hits left!" or "Bob wins — you have no Hits left!".
    expect(annBanner.trim()).toMatch(/^(You win — Bob has no Hits left|Bob wins — you have no Hits left)!$/);
    if (bobLeft) {
      // (The log keeps only its last lines, so the seat list proves the hand-over.)
      expect(await ann.locator('.seats li', { hasText: 'Bob' }).locator('.tag', { hasText: 'bot' }).count()).toBe(1);
    }
    const log = (await ann.getByRole('log').textContent()) ?? '';
    expect(log).toMatch(/Reveal! Attack: /);
    expect(log).toMatch(/(Single \d|Set of \w+ \ds|Run of \d to \d|No combo)/);
    await expect(ann.getByRole('button', { name: 'Back to lobby' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
