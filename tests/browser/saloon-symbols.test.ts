/**
 * Saloon Showdown's special symbols played through the UI in real browsers, one test per symbol: "I am the Law",
 * Wanted Alive (as a turn action), Escape on Horseback, Desperado ("I have nothing to lose!" → a Truel) and the
 * Turkey (What the Wind Brings).
 *
 * Each table is dealt from a test seed (the server honours `seed` only with ALLOW_TEST_SEED=1) searched here with the
 * engine's own `Saloon.setup`, so the right player holds the symbol and the right player starts; a watching host
 * creates it from Node with colyseus.js and the players join by its code, in seat order (Ann 0, Bob 1, Cal 2; bots
 * take the last seats). Players click buttons by their accessible names and the tests check what a player sees:
 * log lines, the Loot/Bounty in the seat list, the prompt and the response window. Bots never hold the symbol in
 * play nor anything that could interrupt a threat (a Standoff card, three cards of one colour for the Bottle).
 * Screenshots: test-artifacts/saloon-symbols-*.png. Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { Saloon } from '@tumbleweed/engine';
import { annAndBob, DESKTOP, shot, useStack } from '../support/browser';
import {
  findSaloonSeed,
  holds,
  hostSaloon,
  HUMAN_PAUSE_MS,
  joinByCode,
  labelsOf,
  majorityAreaNoise,
  mayInterrupt,
  parseCards,
  shootDuel,
} from '../support/saloon';
import { until } from '../support/table';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });
// A 30 s threat window: long enough for a loaded machine (the suite runs other files beside this one); no test here waits for one to run out.
const OPTIONS = { threatSeconds: 30, simplified: false, russianRoulette: false };

const actions = (page: Page) => page.locator('.actions');
/** A button of the action bar, by its accessible name (exact when a string). */
const button = (page: Page, name: string | RegExp) => actions(page).getByRole('button', { name, exact: typeof name === 'string' });
const log = (page: Page) => page.getByRole('log');
/** Waits until the table's log has a line matching `re`. */
const inLog = (page: Page, re: RegExp, timeout = 10_000) => log(page).filter({ hasText: re }).waitFor({ timeout });
/** The Loot/Bounty/Wounds of a seat in the seat list, e.g. "$40 Loot · $20 Bounty · 0 Wounds". */
const money = (page: Page, seat: number) => page.locator(`.seats li[data-seat="${seat}"] .money`);
const hasMoney = (page: Page, seat: number, re: RegExp, timeout = 10_000) => money(page, seat).filter({ hasText: re }).waitFor({ timeout });

/** A table for `names` (seats 0, 1, …) and `bots` bots after them, dealt from `seed`; every player sees their 3 cards. */
async function sitDown(
  pages: Page[],
  names: string[],
  bots: number,
  seed: number,
  options: Partial<Saloon.SaloonOptions>,
): Promise<{ leave: () => Promise<void> }> {
  const base = stack().base;
  const host = await hostSaloon(base, names.length + bots, bots, seed, options);
  for (let i = 0; i < pages.length; i++) await joinByCode(pages[i], base, names[i], host.code);
  for (const page of pages) await page.getByTestId('hand').locator('li').nth(2).waitFor({ timeout: 15_000 });
  return host;
}

test('"I am the Law": Bob threatens Ann, who holds three Law cards; Bob loses the turn and Ann collects his Bounty from the bank', async () => {
  const seed = findSaloonSeed(3, OPTIONS, (s) => s.active === 1 && holds(s.players[0].hand, 'law') && !mayInterrupt(s.players[2].hand));
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  const host = await sitDown([ann, bob], ['Ann', 'Bob'], 1, seed, OPTIONS);
  try {
    await expect(labelsOf(ann.getByTestId('hand'))).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/, The Law$/)]));
    await hasMoney(ann, 0, /^\$20 Loot · \$20 Bounty/);
    // Threatening is two steps: the gun, then whom.
    await button(bob, 'Threaten with the red gun…').click();
    await button(bob, 'Threaten Ann with the red gun').click();
    // Ann is threatened and may answer with the Law.
    await ann.locator('.actions .prompt').filter({ hasText: 'Bob points the red gun at you' }).waitFor();
    const law = button(ann, 'I am the Law');
    await law.waitFor();
    await shot(ann, 'saloon-symbols-1-law-threatened');
    await law.click();
    await inLog(ann, /"I am the Law\." You show three Law cards: Bob loses the turn; you collect \$20 from the bank\./);
    await inLog(bob, /"I am the Law\." Ann shows three Law cards: Bob loses the turn; Ann collects \$20 from the bank\./);
    // The bank paid Ann Bob's Bounty ($20); Bob keeps his; the turn went on to the bot.
    for (const page of [ann, bob]) {
      await hasMoney(page, 0, /^\$40 Loot · \$20 Bounty/);
      await hasMoney(page, 1, /^\$20 Loot · \$20 Bounty/);
      await inLog(page, /Turn 2: Dusty Pete's turn\./);
    }
    for (const page of [ann, bob]) await page.getByTestId('saloon-news').filter({ hasText: 'Last Law: Ann was the Law (+$20).' }).waitFor();
    await shot(ann, 'saloon-symbols-1-law');
    expect(errors).toEqual([]);
  } finally {
    await host.leave();
    await close();
  }
});

test("Wanted Alive: Ann, holding three on her turn, takes Bob's whole Bounty", async () => {
  const seed = findSaloonSeed(3, OPTIONS, (s) => s.active === 0 && holds(s.players[0].hand, 'wanted'));
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  const host = await sitDown([ann, bob], ['Ann', 'Bob'], 1, seed, OPTIONS);
  try {
    const take = button(ann, "Wanted Alive: take Bob's Bounty");
    await take.waitFor();
    await expect(button(ann, "Wanted Alive: take Dusty Pete's Bounty").count()).resolves.toBe(1);
    await hasMoney(bob, 1, /^\$20 Loot · \$20 Bounty/);
    await take.click();
    await inLog(ann, /You show three Wanted Alive: Bob's whole Bounty is yours\./);
    await inLog(ann, /You collect Bob's \$20 Bounty as Loot\./);
    await inLog(bob, /Ann collects your \$20 Bounty as Loot\./);
    await inLog(bob, /Ann shows three Wanted Alive: your whole Bounty goes to Ann\./);
    // Bob's turn now (a human who waits): his Bounty stays at $0 until his turn ends.
    for (const page of [ann, bob]) {
      await hasMoney(page, 0, /^\$40 Loot · \$20 Bounty/);
      await hasMoney(page, 1, /^\$20 Loot · \$0 Bounty/);
    }
    await bob
      .locator('.actions .prompt')
      .filter({ hasText: /your turn/i })
      .waitFor();
    await shot(bob, 'saloon-symbols-2-wanted');
    expect(errors).toEqual([]);
  } finally {
    await host.leave();
    await close();
  }
});

test('Escape on Horseback: Bob threatens Ann, who escapes and names Cal; Cal is threatened and answers', async () => {
  const seed = findSaloonSeed(3, OPTIONS, (s) => s.active === 1 && holds(s.players[0].hand, 'escape', 1));
  const { ann, bob, errors, open, close } = await annAndBob(stack().browser);
  const cal = await open('Cal', DESKTOP);
  const host = await sitDown([ann, bob, cal], ['Ann', 'Bob', 'Cal'], 0, seed, OPTIONS);
  try {
    // Threatening is two steps: the gun, then whom.
    await button(bob, 'Threaten with the red gun…').click();
    await button(bob, 'Threaten Ann with the red gun').click();
    const escape = button(ann, 'Escape on Horseback: Cal becomes the target');
    await escape.waitFor();
    await escape.click();
    await inLog(ann, /"See you!" You escape on horseback; the gun turns to Cal\./);
    await inLog(cal, /"See you!" Ann escapes on horseback; the gun turns to you\./);
    // The threat moved on: Cal is the one who must answer now, with the window's countdown.
    await cal.locator('.actions .prompt').filter({ hasText: 'Bob turns the red gun on you' }).waitFor();
    await expect(cal.getByTestId('saloon-window').textContent()).resolves.toMatch(/\d+\ss/);
    await expect(button(ann, 'Do you?').count()).resolves.toBe(0);
    await bob.locator('.actions .prompt').filter({ hasText: /Cal/ }).waitFor();
    await shot(cal, 'saloon-symbols-3-escape');
    await button(cal, "You're bluffing!").click();
    await inLog(bob, /Cal: "You're bluffing!"/);
    await inLog(bob, /Bluff called! .*wins the call\./);
    expect(errors).toEqual([]);
  } finally {
    await host.leave();
    await close();
  }
});

const TRUEL_OVER = /shoots first: .* win the Truel against .*!|Nobody hit in 20 seconds: the Truel is called off\./;

/**
 * Records, in the page, every hand a player holds while "GO!" shows (its cards' labels): seen by the page itself, so
 * a test polling from a loaded machine cannot miss a Truel that an easy bot wins a moment after "GO!".
 */
async function watchGo(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { handsAtGo: string[][] };
    w.handsAtGo = [];
    const look = () => {
      if (document.querySelector('[data-testid="duel-word"]')?.textContent !== 'GO!') return;
      w.handsAtGo.push([...document.querySelectorAll('[data-testid="hand"] li')].map((e) => e.getAttribute('aria-label') ?? ''));
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** The hands a player held while "GO!" showed (watchGo). */
const handsAtGo = (page: Page): Promise<string[][]> => page.evaluate(() => (window as unknown as { handsAtGo?: string[][] }).handsAtGo ?? []);

/** A human in the Truel: at "GO!", read the hand passed to them and fire the correct shot; until the log has the result. */
async function truelist(page: Page, who: string, deadline: number): Promise<void> {
  let firedAt = 0;
  let shotTaken = false;
  while (Date.now() < deadline) {
    if (
      TRUEL_OVER.test(
        (await log(page)
          .textContent()
          .catch(() => '')) ?? '',
      )
    )
      return;
    try {
      const word =
        (await page
          .getByTestId('duel-word')
          .textContent({ timeout: 200 })
          .catch(() => '')) ?? '';
      if (word === 'GO!' && Date.now() - firedAt > 2500) {
        const cards = parseCards(await labelsOf(page.getByTestId('hand')));
        if (cards.length === 3) {
          if (!shotTaken) {
            shotTaken = true;
            await shot(page, `saloon-symbols-4-truel-${who.toLowerCase()}`);
          }
          await shootDuel((name) => button(page, name), cards);
          firedAt = Date.now();
        }
      }
    } catch {
      // The panel was redrawn under the pointer; look again.
    }
    await page.waitForTimeout(40);
  }
  throw new Error(`${who}: no Truel result before the deadline`);
}

test('Desperado: Ann, holding three, says "I have nothing to lose!" to Bob and a bot; the Truel is fought to its end', async () => {
  const seed = findSaloonSeed(3, OPTIONS, (s) => s.active === 0 && holds(s.players[0].hand, 'desperado'));
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  // (an easy bot: both humans get to read their cards at GO! before it may win the Truel)
  const host = await sitDown([ann, bob], ['Ann', 'Bob'], 1, seed, { ...OPTIONS, botLevel: 'easy' } as Partial<Saloon.SaloonOptions>);
  try {
    // A second question, as threatening is: "I have nothing to lose…", then two guns and two targets.
    await button(ann, 'I have nothing to lose…').click();
    const go = button(ann, 'I have nothing to lose!');
    await go.waitFor();
    await expect(go.isDisabled()).resolves.toBe(true);
    for (const name of ['Desperado gun: red', 'Desperado gun: blue', 'Desperado target: Bob', 'Desperado target: Dusty Pete']) {
      await button(ann, name).click();
      await expect(button(ann, name).getAttribute('aria-pressed')).resolves.toBe('true');
    }
    await shot(ann, 'saloon-symbols-4-desperado');
    for (const page of [ann, bob]) await watchGo(page);
    await go.click();
    await inLog(bob, /"I have nothing to lose!" Ann takes two guns against you and Dusty Pete\./);
    await inLog(ann, /A Truel! Ann \(Desperado\) against Bob and Dusty Pete/);
    const deadline = Date.now() + 30_000;
    await Promise.all([truelist(ann, 'Ann', deadline), truelist(bob, 'Bob', deadline)]);
    // Both humans saw "GO!" with their three cards in hand.
    for (const page of [ann, bob]) expect((await handsAtGo(page)).some((hand) => parseCards(hand).length === 3)).toBe(true);
    for (const page of [ann, bob]) await inLog(page, /(Ann|Bob|Dusty Pete) shoots first: .* win the Truel against .*!/);
    await inLog(bob, /The Desperado's cards are checked: Ann held /);
    await shot(bob, 'saloon-symbols-4-truel-result');
    expect(errors).toEqual([]);
  } finally {
    await host.leave();
    await close();
  }
});

test('The Turkey (What the Wind Brings): Bob draws it, Ann shoots it from the flipped cards', async () => {
  const wind = { ...OPTIONS, wind: true };
  const isEvent = (id: string) => Saloon.isWindEvent(id);
  // Bob (seat 1) starts and the top card is a Turkey; the next four (Bob's card, the 3 flipped) are ordinary cards.
  const seed = findSaloonSeed(
    2,
    wind,
    (s) => s.active === 1 && isEvent(s.deck[0]) && Saloon.windKind(s.deck[0]) === 'turkey' && !s.deck.slice(1, 5).some(isEvent),
  );
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  const host = await sitDown([ann, bob], ['Ann', 'Bob'], 0, seed, wind);
  try {
    await button(bob, 'Draw from deck').click();
    await inLog(ann, /Bob drew an event: The Turkey!/);
    await button(bob, /^Discard /)
      .first()
      .click();
    await inLog(ann, /The Turkey! Bob drew it: 3 cards turn up…/);
    await bob.locator('.actions .prompt').filter({ hasText: 'You drew the Turkey' }).waitFor();
    // The race: any gun, the majority area and noise of the 3 cards everyone sees.
    const flipped = ann.getByTestId('flipped').locator('li');
    await flipped.nth(2).waitFor();
    await ann.getByTestId('duel-word').filter({ hasText: 'GO!' }).waitFor();
    const cards = parseCards(await labelsOf(ann.getByTestId('flipped')));
    const { area, noise } = majorityAreaNoise(cards);
    await shot(ann, 'saloon-symbols-5-turkey-race');
    await ann.waitForTimeout(HUMAN_PAUSE_MS); // (sooner than 100 ms after GO! is a false start)
    await button(ann, 'Gun: green').click();
    await button(ann, `Area: ${area}`).click();
    await button(ann, `Noise: ${noise.charAt(0).toUpperCase()}${noise.slice(1)}`).click();
    await inLog(ann, /You shoot the Turkey! You and Bob collect \$10\./);
    await inLog(bob, /Ann shoots the Turkey! Ann and you collect \$10\./);
    // And over the felt, as a duel's end is told (the Turkey keeps no duel record: nothing was told there).
    for (const [page, words] of [
      [ann, /^You shot the Turkey!You and Bob collect \$10 each/],
      [bob, /^Ann shot the Turkey!You and Ann collect \$10 each/],
    ] as const)
      await until(
        'the Turkey told over the felt',
        async () =>
          words.test(
            (await page
              .getByTestId('race-result')
              .textContent()
              .catch(() => '')) ?? '',
          ),
        5000,
      );
    for (const page of [ann, bob]) {
      await hasMoney(page, 0, /^\$30 Loot/);
      await hasMoney(page, 1, /^\$30 Loot/);
    }
    await shot(bob, 'saloon-symbols-5-turkey');
    expect(errors).toEqual([]);
  } finally {
    await host.leave();
    await close();
  }
});
