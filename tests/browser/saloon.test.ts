/**
 * Saloon Showdown in real browsers: Ann (desktop) and Bob (phone) sit at a 3-seat table with a bot and play only by
 * clicking until one duel between the two of them has been fought through the UI. Each of them reads the 3 cards
 * on their own page at "GO!" (the `hand` list) and clicks the correct gun, area and noise; the first correct shot
 * wins and both pages show the result.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Page } from 'playwright-core';
import { annAndBob, shot, useStack } from '../support/browser';
import { parseCards, shootDuel, threaten } from '../support/saloon';

jest.setTimeout(240_000);

const stack = useStack({ BOT_DELAY_MS: '50' });

/** The felt's news line once the duel is over, told to the page's player: "You won the duel against Bob.", "Bob won the duel against you." */
const DUEL_RESULT = /(You|Ann|Bob) won the duel against (you|Ann|Bob)\./;

interface Seat {
  page: Page;
  who: string;
  other: string;
}

/**
 * One player's loop: threaten the other human whenever possible, answer them "Do you?", call a bot's bluff,
 * discard the first card after a draw, and in a duel shoot correctly from the cards shown on this page.
 */
async function play(p: Seat, deadline: number, shots: { duel: Set<string> }): Promise<void> {
  const { page, who, other } = p;
  const actions = page.locator('.actions');
  const button = (name: string | RegExp) => actions.getByRole('button', { name, exact: typeof name === 'string' });
  const news = page.getByTestId('saloon-news');
  let firedAt = 0;
  while (Date.now() < deadline) {
    if (DUEL_RESULT.test((await news.textContent().catch(() => '')) ?? '')) return;
    try {
      const word = page.getByTestId('duel-word');
      if ((await word.count()) > 0) {
        const text = (await word.textContent()) ?? '';
        if (text === 'GO!' && Date.now() - firedAt > 2500) {
          if (!shots.duel.has(who)) {
            shots.duel.add(who);
            await shot(page, `saloon-2-duel-${who.toLowerCase()}`);
          }
          const labels = await page
            .getByTestId('hand')
            .locator('li')
            .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
          expect(labels).toHaveLength(3);
          await shootDuel(button, parseCards(labels));
          firedAt = Date.now();
        }
      } else if ((await button('Do you?').count()) > 0) {
        const prompt = (await actions.locator('.prompt').textContent()) ?? '';
        if (prompt.startsWith(other) && !shots.duel.has(`threat-${who}`)) {
          shots.duel.add(`threat-${who}`);
          await shot(page, `saloon-1-threat-${who.toLowerCase()}`);
        }
        await button(prompt.startsWith(other) ? 'Do you?' : "You're bluffing!").click({ timeout: 2000 });
      } else if (await threaten(button, other)) {
        // (a gun, then the other human)
      } else if ((await button(/^Discard /).count()) > 0) {
        await button(/^Discard /)
          .first()
          .click({ timeout: 2000 });
      } else if ((await button('Draw from deck').count()) > 0) {
        await button('Draw from deck').click({ timeout: 2000 });
      }
    } catch {
      // The bar was redrawn under the pointer (the table moved on); look again.
    }
    await page.waitForTimeout(50);
  }
  await shot(page, `saloon-${who.toLowerCase()}-stuck`);
  throw new Error(`${who}: no duel result before the deadline (bar: "${await actions.textContent()}")`);
}

test('Ann and Bob fight a Saloon Showdown duel through the UI at a table with a bot', async () => {
  const base = stack().base;
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  try {
    // Ann creates a Saloon Showdown table: 3 seats, 1 bot, 10 s threat window.
    await ann.goto(`${base}/`);
    await ann.getByLabel('Your name', { exact: true }).fill('Ann');
    await ann.locator('.game-choice strong', { hasText: 'Saloon Showdown' }).click();
    expect(await ann.getByRole('radio', { name: /Saloon Showdown/ }).isChecked()).toBe(true);
    expect(await ann.getByLabel('Seats', { exact: true }).locator('option').allTextContents()).toEqual(['2', '3', '4', '5', '6']);
    await ann.getByLabel('Seats', { exact: true }).selectOption('3');
    await ann.getByLabel('Bots', { exact: true }).selectOption('1');
    await ann.getByLabel('Threat window', { exact: true }).selectOption('10');
    expect(await ann.getByLabel('Turn timer', { exact: true }).inputValue()).toBe('30');
    expect(await ann.getByLabel('Russian Roulette', { exact: true }).inputValue()).toBe('0');
    await shot(ann, 'saloon-0-lobby');
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

    // Both see their 3 cards as text before anything happens.
    for (const p of [ann, bob]) await p.getByTestId('hand').locator('li').nth(2).waitFor({ timeout: 15_000 });
    await ann.waitForTimeout(300);
    await shot(ann, 'saloon-1-table-desktop');
    await shot(bob, 'saloon-1-table-phone');

    const deadline = Date.now() + 180_000;
    const shots = { duel: new Set<string>() };
    try {
      await Promise.all([play({ page: ann, who: 'Ann', other: 'Bob' }, deadline, shots), play({ page: bob, who: 'Bob', other: 'Ann' }, deadline, shots)]);
    } catch (err) {
      await shot(ann, 'saloon-ann-failed').catch(() => undefined);
      await shot(bob, 'saloon-bob-failed').catch(() => undefined);
      throw err;
    }
    await ann.waitForTimeout(300);
    await shot(ann, 'saloon-3-result-desktop');
    await shot(bob, 'saloon-3-result-phone');

    // Both pages agree on the winner, in the news line (each told as "you") and in the log.
    const newsOf = async (p: Page, me: string) => {
      const words = DUEL_RESULT.exec((await p.getByTestId('saloon-news').textContent()) ?? '');
      // (my own name never: "Bob won the duel against Ann." on Ann's page)
      expect(words?.[1] === 'You' || words?.[2] === 'you').toBe(true);
      return words && { winner: words[1] === 'You' ? me : words[1], loser: words[2] === 'you' ? me : words[2] };
    };
    const annNews = await newsOf(ann, 'Ann');
    const winner = annNews?.winner;
    expect(winner).toBeDefined();
    expect(await newsOf(bob, 'Bob')).toEqual(annNews);
    expect([annNews?.winner, annNews?.loser].sort()).toEqual(['Ann', 'Bob']);
    for (const [p, me] of [
      [ann, 'Ann'],
      [bob, 'Bob'],
    ] as const) {
      const log = (await p.getByRole('log').textContent()) ?? '';
      // (told to each as "you": "You won the duel against Bob!", "Ann won the duel against you!")
      expect(log).toContain(winner === me ? 'You won the duel against' : `${winner} won the duel against you`);
      expect(log).toMatch(/Duel! .* swap hands unseen/);
      expect(log).toMatch(/takes? a Wound \(1 of 3\)/);
    }
    expect([...shots.duel].some((k) => !k.startsWith('threat-'))).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
