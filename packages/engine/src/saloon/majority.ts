import { AREAS, card, COLOURS, NOISES, type Area, type Colour, type Noise } from './cards';

/**
 * The majority judging of a duel hand, in one place. For each of colour, area and noise the correct values are
 * those with the most cards; where there is no single majority every tied value is correct (1–1–1 → all three;
 * 2–1 → the pair; 3 → that one). Values with no card are never correct.
 */
export interface Majorities {
  colours: Colour[];
  areas: Area[];
  noises: Noise[];
}

/** The values with the highest count among `values`, in the order of `order`. Empty input → empty. */
export function majority<T>(values: readonly T[], order: readonly T[]): T[] {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const max = Math.max(0, ...counts.values());
  if (max === 0) return [];
  return order.filter((v) => counts.get(v) === max);
}

export function majorities(hand: readonly string[]): Majorities {
  const cards = hand.map(card);
  return {
    colours: majority(cards.map((c) => c.colour), COLOURS),
    areas: majority(cards.map((c) => c.area), AREAS),
    noises: majority(cards.map((c) => c.noise), NOISES),
  };
}
