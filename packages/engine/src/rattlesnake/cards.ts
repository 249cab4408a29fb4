/**
 * Rattlesnake card data: ONE table. The printed card lists are not public; the project's decisions (issue 3) stand
 * in for them. Every physical card has a stable id string so views and events can say which card moved.
 *
 *   personal deck cards  p{seat}-{ability}      e.g. p0-focus, p1-double-tap
 *   saloon action cards  s-{ability}-{n}         e.g. s-distract-2
 *   events               e-{event}               e.g. e-high-noon
 *   Hits                 hit-{seat}-{n}          e.g. hit-1-3   (n = 1..4)
 */
export const ABILITIES = ['focus', 'reload', 'quick-draw', 'scout', 'take-cover', 'dodge-n-shoot', 'switch-up', 'distract', 'double-tap', 'disarm'] as const;
export type Ability = (typeof ABILITIES)[number];

export type EventKind = 'high-noon' | 'locked-and-loaded' | 'snakebite' | 'last-call' | 'sandstorm' | 'deadeye';

export interface ActionDef {
  ability: Ability;
  name: string;
  value: number;
  /** Copies in each personal deck. */
  personal: number;
  /** Copies among the 15 saloon action cards. */
  saloon: number;
  text: string;
}

export interface EventDef {
  event: EventKind;
  name: string;
  text: string;
}

/** THE card table. Texts follow the Portuguese rulebook where it is fuller. */
export const ACTIONS: readonly ActionDef[] = [
  {
    ability: 'focus',
    name: 'Focus',
    value: 1,
    personal: 1,
    saloon: 2,
    text: 'After the reveal: set one of your revealed action cards to any value from 1 to 5.',
  },
  { ability: 'reload', name: 'Reload', value: 1, personal: 1, saloon: 1, text: 'Discard your hand, then draw 3 cards.' },
  {
    ability: 'quick-draw',
    name: 'Quick Draw',
    value: 2,
    personal: 1,
    saloon: 1,
    text: 'After resolving an attack as the attacker: draw 1 card and attack again. OR, in your turn outside an attack: discard your hand and draw 6 cards.',
  },
  { ability: 'scout', name: 'Scout', value: 2, personal: 1, saloon: 2, text: 'Draw 2 cards, then put 1 of them back on top of your deck.' },
  {
    ability: 'take-cover',
    name: 'Take Cover',
    value: 3,
    personal: 1,
    saloon: 2,
    text: "Cancel an action card's ability as it is used. Take Cover itself cannot be cancelled; the cancelled card still goes to the graveyard.",
  },
  {
    ability: 'dodge-n-shoot',
    name: "Dodge 'n' Shoot",
    value: 3,
    personal: 1,
    saloon: 1,
    text: 'After the reveal: discard all revealed cards; each player turns over the top card of their deck, the higher value wins. A Hit cannot win; ties turn again. The attacker still needs to win to hit.',
  },
  {
    ability: 'switch-up',
    name: 'Switch Up',
    value: 4,
    personal: 1,
    saloon: 1,
    text: 'Swap this card for any card in the graveyard (take it into your hand), OR draw 2 cards.',
  },
  {
    ability: 'distract',
    name: 'Distract',
    value: 4,
    personal: 1,
    saloon: 2,
    text: 'After the reveal: +1 or −1 to any revealed action card (values stay within 1–5).',
  },
  {
    ability: 'double-tap',
    name: 'Double Tap',
    value: 5,
    personal: 1,
    saloon: 2,
    text: 'After a successful attack as the attacker: the defender takes 1 more Hit. You may play several.',
  },
  { ability: 'disarm', name: 'Disarm', value: 5, personal: 1, saloon: 1, text: "After the reveal: discard a random card from your opponent's revealed cards." },
];

export const EVENTS: readonly EventDef[] = [
  { event: 'high-noon', name: 'High Noon', text: 'Every successful attack inflicts 1 additional Hit.' },
  { event: 'locked-and-loaded', name: 'Locked & Loaded', text: 'Hand size becomes 6 for both players.' },
  {
    event: 'snakebite',
    name: 'Snakebite',
    text: 'Each player with 2 or more Hits in front of them takes 1 Hit (into their discard pile). Happens once, as it enters.',
  },
  { event: 'last-call', name: 'Last Call', text: 'Buying costs 1 discarded card instead of 2.' },
  { event: 'sandstorm', name: 'Sandstorm', text: 'A Run beats a Set of the same size.' },
  { event: 'deadeye', name: 'Deadeye', text: 'A full tie goes to the attacker instead of the defender.' },
];

export const HITS_PER_PLAYER = 4;
export const HAND_SIZE = 5;
export const BIG_HAND_SIZE = 6;
export const SALOON_SLOTS = 5;
export const MIN_VALUE = 1;
export const MAX_VALUE = 5;

export type CardInfo =
  | { id: string; kind: 'action'; ability: Ability; name: string; value: number; text: string }
  | { id: string; kind: 'event'; event: EventKind; name: string; text: string }
  | { id: string; kind: 'hit'; seat: number; name: string };

export function personalId(seat: number, ability: Ability): string {
  return `p${seat}-${ability}`;
}

const PERSONAL_DECKS = [0, 1].map((seat) => ACTIONS.flatMap((a) => Array.from({ length: a.personal }, () => personalId(seat, a.ability))));

/** A seat's personal deck, in the card table's order (a new list each time). */
export function personalDeck(seat: number): string[] {
  return PERSONAL_DECKS[seat]?.slice() ?? ACTIONS.flatMap((a) => Array.from({ length: a.personal }, () => personalId(seat, a.ability)));
}

export function saloonActions(): string[] {
  return ACTIONS.flatMap((a) => Array.from({ length: a.saloon }, (_, i) => `s-${a.ability}-${i + 1}`));
}

export function eventId(event: EventKind): string {
  return `e-${event}`;
}

export function hitIds(seat: number): string[] {
  return Array.from({ length: HITS_PER_PLAYER }, (_, i) => `hit-${seat}-${i + 1}`);
}

const byAbility = new Map(ACTIONS.map((a) => [a.ability, a]));
const byEvent = new Map(EVENTS.map((e) => [e.event, e]));
const cache = new Map<string, CardInfo | null>();

/** What a card id stands for; null for anything that is not a Rattlesnake card id. */
export function cardInfo(id: unknown): CardInfo | null {
  if (typeof id !== 'string') return null;
  const hit = cache.get(id);
  if (hit !== undefined) return hit;
  let info: CardInfo | null = null;
  let m: RegExpMatchArray | null;
  if ((m = /^p([01])-([a-z-]+)$/.exec(id))) {
    const a = byAbility.get(m[2] as Ability);
    if (a) info = { id, kind: 'action', ability: a.ability, name: a.name, value: a.value, text: a.text };
  } else if ((m = /^s-([a-z-]+)-(\d+)$/.exec(id))) {
    const a = byAbility.get(m[1] as Ability);
    const n = Number(m[2]);
    if (a && n >= 1 && n <= a.saloon && String(n) === m[2]) info = { id, kind: 'action', ability: a.ability, name: a.name, value: a.value, text: a.text };
  } else if ((m = /^e-([a-z-]+)$/.exec(id))) {
    const e = byEvent.get(m[1] as EventKind);
    if (e) info = { id, kind: 'event', event: e.event, name: e.name, text: e.text };
  } else if ((m = /^hit-([01])-([1-4])$/.exec(id))) {
    info = { id, kind: 'hit', seat: Number(m[1]), name: 'Hit' };
  }
  cache.set(id, info);
  return info;
}

/** The printed value of an action card; null for a Hit (or an event). */
export function baseValue(id: string): number | null {
  const c = cardInfo(id);
  return c && c.kind === 'action' ? c.value : null;
}

export function abilityOf(id: string): Ability | null {
  const c = cardInfo(id);
  return c && c.kind === 'action' ? c.ability : null;
}

export function isHit(id: string): boolean {
  return cardInfo(id)?.kind === 'hit';
}

export function eventOf(id: string): EventKind | null {
  const c = cardInfo(id);
  return c && c.kind === 'event' ? c.event : null;
}

/**
 * The order a hand is shown in (docs/rules/rattlesnake.md "What each player sees"): by printed value, so that a Set's
 * cards lie side by side and a Run's in a row; like values by ability (the table's order), then by id; Hits last. Only
 * how the hand is shown: the rules and the bots keep the hand in the order it was drawn (nothing in the rules depends
 * on it).
 */
export function handOrder(hand: readonly string[]): string[] {
  const rank = (id: string): [number, number] => {
    const c = cardInfo(id);
    return c?.kind === 'action' ? [c.value, ABILITIES.indexOf(c.ability)] : [MAX_VALUE + 1, 0];
  };
  return [...hand].sort((x, y) => {
    const [a, b] = [rank(x), rank(y)];
    return a[0] - b[0] || a[1] - b[1] || (x < y ? -1 : x > y ? 1 : 0);
  });
}

/** Every card of a two-player game, for conservation checks. */
export function allCards(): string[] {
  return [...personalDeck(0), ...personalDeck(1), ...hitIds(0), ...hitIds(1), ...saloonActions(), ...EVENTS.map((e) => eventId(e.event))];
}
