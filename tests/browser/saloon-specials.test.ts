/**
 * Saloon Showdown's special symbols in real browsers: a Mexican Standoff declared and fought through the UI.
 *
 * A 4-seat table (two bots) is created with a test seed (the server honours `seed` only with ALLOW_TEST_SEED=1,
 * as in the server tests) by a watching host; Ann (desktop) and Bob (phone, 390×844) join by the code and sit in
 * seats 0 and 1. The seed is searched here with the engine itself: Ann is dealt a Mexican Standoff card, the bots
 * none (so the race is between the two humans), and Bob plays first. Bob threatens a bot; Ann clicks
 * "I don't think so!"; once the chain's window closes the Judge (the bot) flips 3 cards and Ann and Bob race:
 * each reads the flipped cards on their own page and clicks any gun, the majority area and noise, and the other as
 * the target. The first correct shot wins and both pages say so. If a bot answers the threat before Ann could
 * join, play goes on (Ann keeps her card, Bob threatens again on his next turn).
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Page } from 'playwright-core';
import { Client, type Room } from 'colyseus.js';
import { Rng, Saloon } from '@tumbleweed/engine';
import { annAndBob, DESKTOP, people, phone, shot, useStack } from '../support/browser';
import { axeViolations } from '../support/axe';
import { emptyBand, measure } from '../support/screens';
import { cardRowsOf, hiddenMoves, phoneProblems, smallCards, until } from '../support/table';
import {
  findSaloonSeed,
  THREATEN_WITH,
  holds,
  hostSaloon,
  HUMAN_PAUSE_MS,
  joinByCode,
  majorityAreaNoise,
  mayInterrupt,
  parseCards as parse,
  shootDuel,
  threaten,
} from '../support/saloon';

jest.setTimeout(240_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });
const OPTIONS = { threatSeconds: 10, simplified: false, russianRoulette: false };
/** For the layout checks made while a threat is open: a window long enough to measure and photograph a loaded phone. */
const SLOW_THREATS = { ...OPTIONS, threatSeconds: 30 };
const BOT_TARGET = 'Dusty Pete'; // seat 2 (bots sit in the last seats, named in order)
const STANDOFF_WON = /(Ann|Bob|You) wins? the Mexican Standoff and hits? (Ann|Bob|you)/;
/** Who won the Standoff, by the log of `me` ("You win…" on the winner's page, "Ann wins… and hits you" on the other). */
const standoffWinner = (log: string, me: string) => {
  const won = STANDOFF_WON.exec(log)?.[1];
  return won === 'You' ? me : won;
};

/** The first seed whose deal works: Ann (seat 0) holds a Standoff card, the bots none and no 3 cards of one colour; Bob (seat 1) starts. */
function findSeed(): number {
  for (let seed = 1; seed < 100_000; seed++) {
    const s = Saloon.setup({ seats: 4, options: OPTIONS }, Rng.fromSeed(seed));
    const standoff = (hand: string[]) => hand.some((id) => Saloon.card(id).symbol === 'standoff');
    if (s.active !== 1 || !standoff(s.players[0].hand)) continue;
    if (s.players.slice(2).some((p) => mayInterrupt(p.hand))) continue;
    return seed;
  }
  throw new Error('no seed');
}

interface Player {
  page: Page;
  who: string;
  other: string;
}

/**
 * One player's loop until the Standoff has a winner. Ann joins every threat she may ("I don't think so!") and never
 * throws away her Standoff card; Bob threatens the bot on his turn. Both answer threats "Do you?", shoot duels from
 * their hand, and shoot the Standoff from the Judge's cards at the other human.
 */
async function play(p: Player, deadline: number, seen: Set<string>, hidden: string[]): Promise<void> {
  const { page, who, other } = p;
  const actions = page.locator('.actions');
  const button = (name: string | RegExp) => actions.getByRole('button', { name, exact: typeof name === 'string' });
  const log = page.getByRole('log');
  let firedAt = 0;
  while (Date.now() < deadline) {
    if (STANDOFF_WON.test((await log.textContent().catch(() => '')) ?? '')) return;
    try {
      const join = button(/^I don't think so! \(\w+ gun\)$/);
      const word = page.getByTestId('duel-word');
      if ((await join.count()) > 0) {
        await join.first().click({ timeout: 2000 });
        seen.add(`joined-${who}`);
      } else if ((await word.count()) > 0) {
        const text = (await word.textContent()) ?? '';
        if (text !== 'GO!') {
          // Ready… or a misfire lock-out.
        } else if ((await page.getByTestId('flipped').count()) > 0) {
          // The Standoff race: any gun, the majority area and noise of the flipped cards, the other human.
          if (Date.now() - firedAt > 2500) {
            const labels = await page
              .getByTestId('flipped')
              .locator('li')
              .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
            if (labels.length === 3) {
              if (!seen.has(`race-${who}`)) {
                seen.add(`race-${who}`);
                await shot(page, `saloon-specials-2-race-${who.toLowerCase()}`);
                // Every pick of the race (guns, areas, noises, targets, Shoot!) in sight, none under the bar's edge.
                hidden.push(...(await hiddenMoves(page, `${who}'s Standoff race`)));
              }
              await page.waitForTimeout(HUMAN_PAUSE_MS); // (sooner than 100 ms after GO! is a false start)
              const cards = parse(labels);
              const { area, noise } = majorityAreaNoise(cards);
              await button(`Target: ${other}`).click({ timeout: 2000 });
              await button(`Area: ${area}`).click({ timeout: 2000 });
              await button(`Noise: ${noise.charAt(0).toUpperCase()}${noise.slice(1)}`).click({ timeout: 2000 });
              await button('Gun: red').click({ timeout: 2000 });
              firedAt = Date.now();
            }
          }
        } else if (Date.now() - firedAt > 2500) {
          // A duel against a bot: shoot from my new hand.
          const labels = await page
            .getByTestId('hand')
            .locator('li')
            .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
          if (labels.length === 3) {
            const cards = parse(labels);
            await shootDuel(button, cards);
            firedAt = Date.now();
          }
        }
      } else if ((await button('Do you?').count()) > 0) {
        await button('Do you?').click({ timeout: 2000 });
      } else if (who === 'Bob' && (await threaten(button, BOT_TARGET))) {
        // (a gun, then the bot)
      } else if ((await button(/^Discard /).count()) > 0) {
        // Never throw away a Mexican Standoff card.
        const plain = actions.getByRole('button', { name: /^Discard (?!.*Mexican Standoff)/ });
        await ((await plain.count()) > 0 ? plain.first() : button(/^Discard /).first()).click({ timeout: 2000 });
      } else if ((await button('Draw from deck').count()) > 0) {
        await button('Draw from deck').click({ timeout: 2000 });
      }
      // The chain's window, on the phone: who may still join, with its countdown.
      if (
        who === 'Bob' &&
        !seen.has('chain-shot') &&
        /Mexican Standoff — \d+\ss left to join/.test(
          (await page
            .getByTestId('saloon-window')
            .textContent()
            .catch(() => '')) ?? '',
        )
      ) {
        seen.add('chain-shot');
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, 'saloon-specials-1-standoff-phone');
      }
    } catch {
      // The bar was redrawn under the pointer (the table moved on); look again.
    }
    await page.waitForTimeout(40);
  }
  await shot(page, `saloon-specials-${who.toLowerCase()}-stuck`);
  throw new Error(`${who}: no Standoff result before the deadline (bar: "${await actions.textContent()}")`);
}

test('a Mexican Standoff is declared and fought through the UI at a 4-seat table with two bots', async () => {
  const base = stack().base;
  const seed = findSeed();
  // A watching host creates the table with the test seed (the lobby never sends one).
  const host = await new Client(base.replace(/^http/, 'ws')).create('saloon', {
    name: 'Host',
    seats: 4,
    bots: 2,
    seed,
    spectate: true,
    options: { ...OPTIONS, turnSeconds: 0 },
  });
  host.onMessage('*', () => undefined); // the host only watches
  const code = host.roomId;
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  try {
    for (const [page, name] of [
      [ann, 'Ann'],
      [bob, 'Bob'],
    ] as const) {
      await page.goto(`${base}/`);
      await page.getByLabel('Your name', { exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Table code' }).fill(code);
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await page.waitForURL(new RegExp(`#/table/${code}$`));
    }
    for (const page of [ann, bob]) await page.getByTestId('hand').locator('li').nth(2).waitFor({ timeout: 15_000 });
    // Ann holds a Mexican Standoff card, as the seed promised.
    const annCards = await ann
      .getByTestId('hand')
      .locator('li')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(annCards.some((l) => l.endsWith('Mexican Standoff'))).toBe(true);

    const deadline = Date.now() + 180_000;
    const seen = new Set<string>();
    const hidden: string[] = [];
    try {
      await Promise.all([
        play({ page: ann, who: 'Ann', other: 'Bob' }, deadline, seen, hidden),
        play({ page: bob, who: 'Bob', other: 'Ann' }, deadline, seen, hidden),
      ]);
    } catch (err) {
      await shot(ann, 'saloon-specials-ann-failed').catch(() => undefined);
      await shot(bob, 'saloon-specials-bob-failed').catch(() => undefined);
      throw err;
    }
    await bob.waitForTimeout(300);
    await shot(bob, 'saloon-specials-3-result-phone');
    await shot(ann, 'saloon-specials-3-result-desktop');

    expect(seen.has('joined-Ann')).toBe(true);
    expect(seen.has('race-Ann') && seen.has('race-Bob')).toBe(true);
    expect(hidden).toEqual([]);
    const annLog = (await ann.getByRole('log').textContent()) ?? '';
    const bobLog = (await bob.getByRole('log').textContent()) ?? '';
    expect(annLog).toMatch(/"I don't think so!" You take the \w+ gun and point it at Bob/);
    expect(bobLog).toMatch(/"I don't think so!" Ann takes the \w+ gun and points it at you/);
    expect(annLog).toMatch(/Mexican Standoff: .* put the guns down; Dusty Pete is the Judge/);
    const winner = standoffWinner(annLog, 'Ann');
    expect(winner).toBeDefined();
    expect(standoffWinner(bobLog, 'Bob')).toBe(winner);
    expect(errors).toEqual([]);
  } finally {
    await host.leave().catch(() => undefined);
    await close();
  }
});

test('on a 360×640 phone a threat window offers every "I don\'t think so!" gun and the Bottle in sight, without scrolling', async () => {
  // The tallest bar of a threat aimed at someone else: Ann (the phone) holds a Mexican Standoff card and three cards
  // of one colour; Bob threatens Carl (a player who takes his time) with that colour's gun, so Ann may join with any
  // of the three free guns or hit Bob with the Bottle, and the window line names who else may still act. (A clean CI
  // run caught this bar scrolling its last buttons out of sight.)
  const seed = findSaloonSeed(4, SLOW_THREATS, (s) => {
    const ann = s.players[0].hand;
    const colour = Saloon.card(ann[0]).colour;
    return s.active === 1 && holds(ann, 'standoff', 1) && ann.every((id) => Saloon.card(id).colour === colour) && !holds(s.players[3].hand, 'standoff', 1);
  });
  const annHand = Saloon.setup({ seats: 4, options: SLOW_THREATS as Saloon.SaloonOptions }, Rng.fromSeed(seed)).players[0].hand;
  const gun = Saloon.card(annHand[0]).colour;
  const { code, leave } = await hostSaloon(stack().base, 4, 1, seed, SLOW_THREATS);
  const folks = people(stack().browser);
  let carl: Room | null = null;
  try {
    const ann = await folks.open('Ann', { ...phone(360, 640, 2), locale: 'en-US' });
    const bob = await folks.open('Bob', { ...DESKTOP, locale: 'en-US' });
    await joinByCode(ann, stack().base, 'Ann', code);
    await joinByCode(bob, stack().base, 'Bob', code);
    carl = await new Client(stack().base.replace(/^http/, 'ws')).joinById(code, { name: 'Carl' });
    carl.onMessage('*', () => undefined); // Carl thinks it over: the threat's 30 s window stays open
    const bobButton = (name: string | RegExp) => bob.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });
    await until('Bob may threaten', async () => (await bobButton(`Threaten with the ${gun} gun…`).count()) > 0, 20_000);
    expect(await threaten(bobButton, 'Carl', gun)).toBe(true);
    const joins = ann.locator('.actions').getByRole('button', { name: /^I don't think so! \(\w+ gun\)$/ });
    await until('Ann may say "I don\'t think so!"', async () => (await joins.count()) === 3, 10_000);
    const problems = await phoneProblems(ann, 'Ann on 360×640, the threat window');
    // Under the pointer (or a finger's sticky hover) each gun's words stay readable, by axe-core's contrast check (4.5:1
    // for words this size): the guns' light hover once lay under the Standoff button's cream words ("Blue" at 1.3:1).
    const hovered: string[] = [];
    for (const join of await joins.all()) {
      await join.hover();
      hovered.push(...(await axeViolations(ann, `hovering ${await join.textContent()}`, '.actions')));
    }
    await ann.mouse.move(0, 0);
    await shot(ann, 'saloon-specials-join-phone360');
    // (still the same window: Carl had not answered)
    expect(await joins.count()).toBe(3);
    expect(
      await ann
        .locator('.actions')
        .getByRole('button', { name: /Bottle|Crash/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    expect(hovered).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await carl?.leave().catch(() => undefined);
    await folks.close();
    await leave();
  }
});

test('on a 360×640 phone a Desperado\'s turn offers every move, then the two guns, the targets and "I have nothing to lose!" in sight', async () => {
  // Ann (the phone) starts holding three Desperado cards at a table of four: her bar has the turn's moves (the deck,
  // four public cards, four guns to threaten with, "I have nothing to lose…"), and that asks the rest (four guns,
  // three targets, the go button, Cancel). As one bar (CI-sized phone) the go button was scrolled out of sight.
  const seed = findSaloonSeed(4, OPTIONS, (s) => s.active === 0 && holds(s.players[0].hand, 'desperado', 3));
  const { code, leave } = await hostSaloon(stack().base, 4, 3, seed, OPTIONS);
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', { ...phone(360, 640, 2), locale: 'en-US' });
    await joinByCode(ann, stack().base, 'Ann', code);
    const open = ann.locator('.actions').getByRole('button', { name: 'I have nothing to lose…' });
    await until("the Desperado's move", async () => (await open.count()) > 0, 20_000);
    await ann.waitForTimeout(300);
    expect(await phoneProblems(ann, 'Ann on 360×640, a Desperado turn')).toEqual([]);
    // The second question: the guns, the targets, "I have nothing to lose!" and Cancel.
    await open.click();
    const go = ann.locator('.actions').getByRole('button', { name: 'I have nothing to lose!' });
    await go.waitFor({ timeout: 5000 });
    const problems = await phoneProblems(ann, "Ann on 360×640, the Desperado's guns and targets");
    await shot(ann, 'saloon-specials-desperado-phone360');
    expect(problems).toEqual([]);
    expect(await ann.locator('.actions').getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(1);
    // Two guns and two targets picked, the go button is live and still in sight.
    const bar = (name: RegExp) => ann.locator('.actions').getByRole('button', { name });
    await bar(/^Desperado gun: /)
      .nth(0)
      .click();
    await bar(/^Desperado gun: /)
      .nth(1)
      .click();
    await bar(/^Desperado target: /)
      .nth(0)
      .click();
    await bar(/^Desperado target: /)
      .nth(1)
      .click();
    await until('the go button to be live', async () => go.isEnabled());
    expect(await phoneProblems(ann, 'Ann on 360×640, a Desperado ready')).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
    await leave();
  }
});

test.each([
  [4, 3],
  [6, 2],
])(
  "on a 360×640 phone Saloon's cards stay readable at %i players: the public cards and the hand at 44 px or more, also when threatened (%i rows of cards)",
  async (seats, cardRowCount) => {
    // Ann on the phone, Bob, and bots: the felt holds the player boxes, the guns, the public cards and Ann's hand.
    // Watching Bob's turn Ann sees the public cards and her hand; Bob then threatens her, and the threat takes the
    // middle while she decides from her hand. (Her hand was drawn 24 px wide when threatened at four players.)
    // (no bot may end the threat early: none holds a Standoff card or three cards of one colour, for the Bottle)
    const seed = findSaloonSeed(
      seats,
      SLOW_THREATS,
      (s) =>
        s.active === 1 &&
        !holds(s.players[0].hand, 'standoff', 1) &&
        !holds(s.players[0].hand, 'desperado', 1) &&
        // (at six, Ann holds an Escape on Horseback: whom she escapes to is a second question)
        (seats < 6 || holds(s.players[0].hand, 'escape', 1)) &&
        s.players.slice(2).every((p) => !mayInterrupt(p.hand)),
    );
    const { code, leave } = await hostSaloon(stack().base, seats, seats - 2, seed, SLOW_THREATS);
    const folks = people(stack().browser);
    try {
      const ann = await folks.open('Ann', { ...phone(360, 640, 2), locale: 'en-US' });
      const bob = await folks.open('Bob', { ...DESKTOP, locale: 'en-US' });
      await joinByCode(ann, stack().base, 'Ann', code);
      await joinByCode(bob, stack().base, 'Bob', code);
      const bobButton = (name: string | RegExp) => bob.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });
      await until('Bob may threaten', async () => (await bobButton(THREATEN_WITH).count()) > 0, 20_000);
      await ann.waitForTimeout(400);
      await shot(ann, `saloon-cards-watching-phone360-${seats}`);
      // At four the felt has room for the public cards in two rows of two, as wide as my hand's (62 px): in one row
      // they were 50 px wide, held to the width, over a band of empty felt taller than a card (105 px). At six the
      // players' second row takes that room: one row, then my hand.
      const watching = await measure(ann);
      const rows = cardRowsOf(watching);
      expect(rows).toHaveLength(cardRowCount);
      if (cardRowCount === 3) expect(emptyBand(watching).height).toBeLessThan(Math.min(...rows.map((r) => r.width)));
      // At six, the line under the public cards is read whole, on two lines in the room above my hand: on one it was cut
      // ("…or threaten someone wit…") over 75 px of empty felt.
      else {
        const news = watching.scene.items.filter((i) => i.kind === 'text' && i.label.startsWith('No threat yet'));
        expect(news.map((i) => i.label)).toEqual([expect.stringMatching(/a gun\.$/)]);
      }
      const problems = await smallCards(ann, "Ann on 360×640, watching Bob's turn", 44);
      expect(await threaten(bobButton, 'Ann')).toBe(true);
      const answer = ann.locator('.actions').getByRole('button', { name: 'Do you?', exact: true });
      await answer.waitFor({ timeout: 10_000 });
      await ann.waitForTimeout(400);
      await shot(ann, `saloon-cards-threatened-phone360-${seats}`);
      expect(await answer.count()).toBe(1); // (still the threat)
      problems.push(...(await smallCards(ann, 'Ann on 360×640, threatened', 44)));
      problems.push(...(await phoneProblems(ann, 'Ann on 360×640, threatened')));
      if (seats >= 6) {
        // Escaping to one of four players: "Escape on Horseback…", then the four names and Cancel, all in sight.
        await ann.locator('.actions').getByRole('button', { name: 'Escape on Horseback…', exact: true }).click();
        const to = ann.locator('.actions').getByRole('button', { name: /^Escape on Horseback: .* becomes the target$/ });
        await to.first().waitFor({ timeout: 5000 });
        expect(await to.count()).toBe(4);
        problems.push(...(await phoneProblems(ann, 'Ann on 360×640, escaping to whom')));
        await shot(ann, 'saloon-cards-escape-phone360');
        await ann.locator('.actions').getByRole('button', { name: 'Cancel', exact: true }).click();
        await answer.waitFor({ timeout: 5000 });
      }
      expect(problems).toEqual([]);
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
      await leave();
    }
  },
);

// After an escape the threatener's own status read "you points the yellow gun at Calamity Kate (after an escape)":
// the sentence for someone else, with "you" put in.
test('a threat turned on someone else by an Escape on Horseback: each player reads it in their own words', async () => {
  // Ann (seat 0) starts, Bob (seat 1) holds an Escape on Horseback, the bot in seat 2 cannot interrupt.
  const seed = findSaloonSeed(3, SLOW_THREATS, (s) => s.active === 0 && holds(s.players[1].hand, 'escape', 1) && !mayInterrupt(s.players[2].hand));
  const { code, leave } = await hostSaloon(stack().base, 3, 1, seed, SLOW_THREATS);
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', { ...phone(390, 844, 2), locale: 'en-US' });
    const bob = await folks.open('Bob', { ...DESKTOP, locale: 'en-US' });
    // Every sentence each status bar shows (the bot answers the turned threat within a moment).
    for (const page of [ann, bob])
      await page.addInitScript(() => {
        const w = window as unknown as { __said: string[] };
        w.__said = [];
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="status"] .status-line')?.textContent?.trim();
          if (text && w.__said[w.__said.length - 1] !== text) w.__said.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
    await joinByCode(ann, stack().base, 'Ann', code);
    await joinByCode(bob, stack().base, 'Bob', code);
    const button = (page: Page) => (name: string | RegExp) => page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });
    await until('Ann may threaten', async () => (await button(ann)(THREATEN_WITH).count()) > 0, 20_000);
    expect(await threaten(button(ann), 'Bob')).toBe(true);
    await button(bob)(/^Escape on Horseback/)
      .first()
      .click({ timeout: 10_000 });
    const to = button(bob)(/^Escape on Horseback: .* becomes the target$/);
    if (
      await to
        .first()
        .isVisible({ timeout: 2000 })
        .catch(() => false)
    )
      await to.first().click();
    const said = (page: Page) => page.evaluate(() => (window as unknown as { __said: string[] }).__said);
    const turned = (texts: string[]) => texts.filter((s) => s.includes('(after an escape)'));
    await until('the turned threat told to both', async () => turned(await said(ann)).length > 0 && turned(await said(bob)).length > 0);
    expect(turned(await said(ann))[0]).toMatch(/^You point the \w+ gun at Dusty Pete \(after an escape\)\. Waiting for the answer…/);
    expect(turned(await said(bob))[0]).toMatch(/^Ann points the \w+ gun at Dusty Pete \(after an escape\)\. Waiting for the answer…/);
    // No sentence of either status bar starts with a small letter ("you …").
    expect([...(await said(ann)), ...(await said(bob))].filter((s) => /^\p{Ll}/u.test(s))).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
    await leave();
  }
});
