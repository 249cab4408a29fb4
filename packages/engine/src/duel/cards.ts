/** Duel (2010): every player holds the same six cards. */
export const CARDS = ['pistol', 'rifle', 'barricade', 'reload'] as const;
export type Card = (typeof CARDS)[number];

/** The hand every player starts each round with, in display order. */
export const FULL_HAND: readonly Card[] = ['pistol', 'pistol', 'pistol', 'rifle', 'barricade', 'reload'];

export function isGun(card: Card): card is 'pistol' | 'rifle' {
  return card === 'pistol' || card === 'rifle';
}

export function isCard(value: unknown): value is Card {
  return typeof value === 'string' && (CARDS as readonly string[]).includes(value);
}

/** Cards of `full` that are not in `used` (multiset difference), in `full`'s order. */
export function without(full: readonly Card[], used: readonly Card[]): Card[] {
  const left = [...full];
  for (const c of used) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** Keeps a hand in FULL_HAND order so that equal hands are equal arrays. */
export function sortHand(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => CARDS.indexOf(a) - CARDS.indexOf(b));
}
