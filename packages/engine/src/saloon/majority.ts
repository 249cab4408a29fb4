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
  // Hands are a few cards: counting by pairs beats a Map.
  let max = 0;
  for (const v of values) {
    const c = countOf(values, v);
    if (c > max) max = c;
  }
  if (max === 0) return [];
  return order.filter((v) => countOf(values, v) === max);
}

function countOf<T>(values: readonly T[], v: T): number {
  let c = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === v || (values[i] !== values[i] && v !== v)) c++;
  return c;
}

/** `majorities(hand).colours` alone (the Bottle's question, asked for every duelist's legal shots): counted, no lists. */
export function majorityColours(hand: readonly string[]): Colour[] {
  const counts = [0, 0, 0, 0];
  let max = 0;
  for (const id of hand) {
    const i = COLOURS.indexOf(card(id).colour);
    const count = (counts[i] ?? 0) + 1;
    counts[i] = count;
    if (count > max) max = count;
  }
  const out: Colour[] = [];
  if (max === 0) return out;
  let i = 0;
  for (const colour of COLOURS) if (counts[i++] === max) out.push(colour);
  return out;
}

export function majorities(hand: readonly string[]): Majorities {
  const colours: Colour[] = [];
  const areas: Area[] = [];
  const noises: Noise[] = [];
  for (const id of hand) {
    const c = card(id);
    colours.push(c.colour);
    areas.push(c.area);
    noises.push(c.noise);
  }
  return { colours: majority(colours, COLOURS), areas: majority(areas, AREAS), noises: majority(noises, NOISES) };
}
