/**
 * Saloon Showdown in the browser tests: read cards from their accessible names ("red head Bang, 2 bullets, …") and
 * fire a correct duel shot through the duel panel, as a player would; deal a table from a searched test seed and join
 * it by its code.
 */
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { Rng, Saloon } from '@tumbleweed/engine';
import { DESKTOP, people, type People, type Stack } from './browser';
import { hostTable } from './table';

export const COLOURS = ['red', 'blue', 'green', 'yellow'];
export const AREAS = ['head', 'chest', 'arm', 'leg'];
export const NOISES = ['bang', 'boom', 'blam'];

/** Your turn's first threat button: a gun ("Threaten with the red gun…"); then whom ("Threaten Ann with the red gun"). */
export const THREATEN_WITH = /^Threaten with the \w+ gun…$/;

/** A click may take seconds while other browser tests keep both cores busy (one took over 2 s, in saloon-specials). */
const CLICK_MS = 10_000;

/**
 * Threatens through the action bar as a player does, in two steps: the gun (the first one offered, or `gun`), then
 * the target (`target`: a name, or a pattern; default anyone). False when no threat is offered, or not at `target`.
 */
export async function threaten(button: (name: string | RegExp) => Locator, target: string | RegExp = /.*/, gun?: string): Promise<boolean> {
  const guns = button(gun ? `Threaten with the ${gun} gun…` : THREATEN_WITH);
  if ((await guns.count()) === 0) return false;
  await guns.first().click({ timeout: CLICK_MS });
  const who = typeof target === 'string' ? target : `(?:${target.source})`;
  const at = button(new RegExp(`^Threaten ${who} with the \\w+ gun$`));
  // The second question (whom), with its Cancel; then is `target` among the answers?
  await button('Cancel')
    .first()
    .waitFor({ timeout: CLICK_MS })
    .catch(() => undefined);
  if ((await at.count()) === 0) {
    await button('Cancel')
      .click({ timeout: CLICK_MS })
      .catch(() => undefined);
    return false;
  }
  await at.first().click({ timeout: CLICK_MS });
  return true;
}

/** The values with the most cards, in rule order (any of them is correct). */
export function majority(values: string[], order: string[]): string[] {
  const count = (v: string) => values.filter((x) => x === v).length;
  const max = Math.max(...order.map(count));
  return order.filter((v) => count(v) === max && max > 0);
}

/** How long a scripted player looks at GO! before its first pick (more than Saloon.FALSE_START_MS). */
export const HUMAN_PAUSE_MS = 150;

/** The area and the noise a shot must name for these cards (parsed by `parseCards`): each the first of its majority. */
export function majorityAreaNoise(cards: string[][]): { area: string; noise: string } {
  return {
    area: majority(
      cards.map((c) => c[1]),
      AREAS,
    )[0],
    noise: majority(
      cards.map((c) => c[2].toLowerCase()),
      NOISES,
    )[0],
  };
}

/** Card labels → [colour, area, noise] each. */
export const parseCards = (labels: string[]): string[][] => labels.map((l) => /^(\w+) (\w+) (\w+),/.exec(l)?.slice(1) ?? []);

/**
 * The correct duel shot from `cards` (the hand shown at "Go!"): the majority colour's gun when one is free, else the
 * Bottle ("Crash!"); the majority area and noise. `button` finds a button of the action bar by its exact name.
 */
export async function shootDuel(button: (name: string) => Locator, cards: string[][]): Promise<void> {
  // A person reads the cards first: a shot sooner than 100 ms after GO! is a false start (a misfire).
  await new Promise((r) => setTimeout(r, HUMAN_PAUSE_MS));
  const colours = majority(
    cards.map((c) => c[0]),
    COLOURS,
  );
  const { area, noise } = majorityAreaNoise(cards);
  let gun = '';
  // (short waits: the race may end under us — a quick bot — and the panel go away)
  for (const c of colours) if (await button(`Gun: ${c}`).isEnabled({ timeout: 1000 })) gun = c;
  if (gun) {
    await button(`Gun: ${gun}`).click({ timeout: 2000 });
    await button(`Area: ${area}`).click({ timeout: 2000 });
    await button(`Noise: ${noise.charAt(0).toUpperCase()}${noise.slice(1)}`).click({ timeout: 2000 });
  } else {
    // The gun we need is in the other duelist's hand: the Bottle, the area, "Crash!".
    await button('Gun: Bottle').click({ timeout: 2000 });
    await button(`Area: ${area}`).click({ timeout: 2000 });
    await button('Crash!').click({ timeout: 2000 });
  }
}

/**
 * A table made for a test: the first seed from 1 whose deal (the engine's own `Saloon.setup`, exactly as the room
 * does it) satisfies `ok`. The server takes the seed only with ALLOW_TEST_SEED=1.
 */
export function findSaloonSeed(seats: number, options: Partial<Saloon.SaloonOptions>, ok: (s: Saloon.SaloonState) => boolean): number {
  for (let seed = 1; seed < 500_000; seed++) {
    if (ok(Saloon.setup({ seats, options: options as Saloon.SaloonOptions }, Rng.fromSeed(seed)))) return seed;
  }
  throw new Error('no seed deals that');
}

/** Does this hand hold `n` (default 3) cards with the symbol? */
export const holds = (hand: readonly string[], symbol: Saloon.SymbolKind, n = 3): boolean => hand.filter((id) => Saloon.card(id).symbol === symbol).length >= n;
/** Could a bot in this seat interrupt a threat (a Mexican Standoff card, or 3 cards of one colour for the Bottle)? */
export const mayInterrupt = (hand: readonly string[]): boolean =>
  holds(hand, 'standoff', 1) || hand.every((id) => Saloon.card(id).colour === Saloon.card(hand[0]).colour);

/** The accessible names of the cards listed under `list` (`data-testid` "hand" or "flipped"). */
export const labelsOf = (list: Locator): Promise<string[]> => list.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

/** `hostTable` for a Saloon table: a test seed and these options (turn timer off). */
export const hostSaloon = (base: string, seats: number, bots: number, seed: number, options: Partial<Saloon.SaloonOptions>) =>
  hostTable(base, 'saloon', seats, bots, seed, options);

/** A player types their name and the table code in the lobby and joins (seat order = join order). */
export async function joinByCode(page: Page, base: string, name: string, code: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Table code' }).fill(code);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.waitForURL(new RegExp(`#/table/${code}$`));
}

/** A 30 s threat window (long enough for a loaded machine) and the full rules. */
export const THREAT_OPTIONS = { threatSeconds: 30, simplified: false, russianRoulette: false };

/**
 * Ann (seat 0) and Bob (seat 1) at a 2-seat table dealt from a test seed where Bob starts (THREAT_OPTIONS): Bob
 * threatens Ann through his action bar, and Ann's answers are on hers. Returns the watching host (`leave` when done).
 */
export async function bobThreatensAnn(base: string, ann: Page, bob: Page): Promise<{ leave: () => Promise<void> }> {
  const seed = findSaloonSeed(2, THREAT_OPTIONS, (s) => s.active === 1);
  const host = await hostSaloon(base, 2, 0, seed, THREAT_OPTIONS);
  try {
    await joinByCode(ann, base, 'Ann', host.code);
    await joinByCode(bob, base, 'Bob', host.code);
    const button = (page: Page, name: string | RegExp) => page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });
    await button(bob, THREATEN_WITH).first().click({ timeout: 15_000 });
    await button(bob, /^Threaten Ann with the \w+ gun$/).click({ timeout: 10_000 });
    await button(ann, "You're bluffing!").waitFor({ timeout: 10_000 });
    return host;
  } catch (err) {
    await host.leave();
    throw err;
  }
}

/**
 * Ann (on `ann`) and Bob (on `bob`: a desktop unless told) where Bob threatens Ann (bobThreatensAnn); Ann answers "Do
 * you?", and `check` runs with both pages and the people (their page errors) at GO!; the table and the pages are
 * closed after.
 */
export async function atDuelGo(
  stack: () => Stack,
  { ann, bob = DESKTOP }: { ann: BrowserContextOptions; bob?: BrowserContextOptions },
  check: (ann: Page, bob: Page, folks: People) => Promise<void>,
): Promise<void> {
  const folks = people(stack().browser);
  try {
    const annPage = await folks.open('Ann', ann);
    const bobPage = await folks.open('Bob', bob);
    const host = await bobThreatensAnn(stack().base, annPage, bobPage);
    try {
      await annPage.locator('.actions').getByRole('button', { name: 'Do you?', exact: true }).click();
      await annPage.getByTestId('duel-word').filter({ hasText: 'GO!' }).waitFor({ timeout: 20_000 });
      await check(annPage, bobPage, folks);
    } finally {
      await host.leave();
    }
  } finally {
    await folks.close();
  }
}
