/**
 * Saloon Showdown in the browser tests: read cards from their accessible names ("red head Bang, 2 bullets, …") and
 * fire a correct duel shot through the duel panel, as a player would.
 */
import type { Locator } from 'playwright-core';

export const COLOURS = ['red', 'blue', 'green', 'yellow'];
export const AREAS = ['head', 'chest', 'arm', 'leg'];
export const NOISES = ['bang', 'boom', 'blam'];

/** The values with the most cards, in rule order (any of them is correct). */
export function majority(values: string[], order: string[]): string[] {
  const count = (v: string) => values.filter((x) => x === v).length;
  const max = Math.max(...order.map(count));
  return order.filter((v) => count(v) === max && max > 0);
}

/** Card labels → [colour, area, noise] each. */
export const parseCards = (labels: string[]): string[][] => labels.map((l) => /^(\w+) (\w+) (\w+),/.exec(l)?.slice(1) ?? []);

/**
 * The correct duel shot from `cards` (the hand shown at "Go!"): the majority colour's gun when one is free, else the
 * Bottle ("Crash!"); the majority area and noise. `button` finds a button of the action bar by its exact name.
 */
export async function shootDuel(button: (name: string) => Locator, cards: string[][]): Promise<void> {
  const colours = majority(cards.map((c) => c[0]), COLOURS);
  const area = majority(cards.map((c) => c[1]), AREAS)[0];
  const noise = majority(cards.map((c) => c[2].toLowerCase()), NOISES)[0];
  let gun = '';
  for (const c of colours) if (await button(`Gun: ${c}`).isEnabled()) gun = c;
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
