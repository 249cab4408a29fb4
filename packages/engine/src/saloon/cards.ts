/**
 * Saloon Showdown card data: ONE table. The printed deck is not public; the project's decisions (issue 4) stand in
 * for it. The table below is the output of `node packages/engine/scripts/saloon-cards.js` (deterministic; its header
 * documents the rule) and `cards.test.ts` checks every count the issue lists.
 *
 * Card ids: `{colour}-{area}-{copy}`, e.g. `red-head-1` … `yellow-leg-4`.
 */
export const COLOURS = ['red', 'blue', 'green', 'yellow'] as const;
export const AREAS = ['head', 'chest', 'arm', 'leg'] as const;
export const NOISES = ['bang', 'boom', 'blam'] as const;
export const SYMBOLS = ['booty', 'wanted', 'law', 'desperado', 'standoff', 'escape'] as const;

export type Colour = (typeof COLOURS)[number];
export type Area = (typeof AREAS)[number];
export type Noise = (typeof NOISES)[number];
/** Booty, Wanted Alive, The Law, Desperado, Mexican Standoff, Escape on Horseback. */
export type SymbolKind = (typeof SYMBOLS)[number];

export interface CardInfo {
  id: string;
  colour: Colour;
  area: Area;
  noise: Noise;
  bullets: 0 | 1 | 2 | 3;
  symbol: SymbolKind | null;
}

export const SYMBOL_NAMES: Record<SymbolKind, string> = {
  booty: 'Booty',
  wanted: 'Wanted Alive',
  law: 'The Law',
  desperado: 'Desperado',
  standoff: 'Mexican Standoff',
  escape: 'Escape on Horseback',
};
export const NOISE_NAMES: Record<Noise, string> = { bang: 'Bang!', boom: 'Boom!', blam: 'Blam!' };

type Row = [string, Colour, Area, Noise, 0 | 1 | 2 | 3, SymbolKind | null];

/** THE deck: id, gun colour, body area, noise, Bullet symbols, special symbol. */
const CARD_TABLE: readonly Row[] = [
  ['red-head-1', 'red', 'head', 'bang', 0, 'booty'],
  ['red-head-2', 'red', 'head', 'boom', 1, 'desperado'],
  ['red-head-3', 'red', 'head', 'blam', 1, null],
  ['red-head-4', 'red', 'head', 'bang', 2, null],
  ['red-chest-1', 'red', 'chest', 'boom', 0, 'booty'],
  ['red-chest-2', 'red', 'chest', 'blam', 1, 'desperado'],
  ['red-chest-3', 'red', 'chest', 'bang', 1, null],
  ['red-chest-4', 'red', 'chest', 'boom', 2, 'standoff'],
  ['red-arm-1', 'red', 'arm', 'blam', 0, 'wanted'],
  ['red-arm-2', 'red', 'arm', 'bang', 1, null],
  ['red-arm-3', 'red', 'arm', 'boom', 2, 'law'],
  ['red-arm-4', 'red', 'arm', 'blam', 3, null],
  ['red-leg-1', 'red', 'leg', 'bang', 0, 'escape'],
  ['red-leg-2', 'red', 'leg', 'boom', 1, null],
  ['red-leg-3', 'red', 'leg', 'blam', 2, null],
  ['red-leg-4', 'red', 'leg', 'bang', 3, 'wanted'],
  ['blue-head-1', 'blue', 'head', 'boom', 0, null],
  ['blue-head-2', 'blue', 'head', 'blam', 1, 'booty'],
  ['blue-head-3', 'blue', 'head', 'bang', 1, 'escape'],
  ['blue-head-4', 'blue', 'head', 'boom', 2, null],
  ['blue-chest-1', 'blue', 'chest', 'blam', 0, 'desperado'],
  ['blue-chest-2', 'blue', 'chest', 'bang', 1, 'booty'],
  ['blue-chest-3', 'blue', 'chest', 'boom', 2, null],
  ['blue-chest-4', 'blue', 'chest', 'blam', 3, 'escape'],
  ['blue-arm-1', 'blue', 'arm', 'bang', 0, 'standoff'],
  ['blue-arm-2', 'blue', 'arm', 'boom', 1, 'wanted'],
  ['blue-arm-3', 'blue', 'arm', 'blam', 2, null],
  ['blue-arm-4', 'blue', 'arm', 'bang', 3, 'desperado'],
  ['blue-leg-1', 'blue', 'leg', 'boom', 0, 'law'],
  ['blue-leg-2', 'blue', 'leg', 'blam', 1, 'wanted'],
  ['blue-leg-3', 'blue', 'leg', 'bang', 1, null],
  ['blue-leg-4', 'blue', 'leg', 'boom', 2, null],
  ['green-head-1', 'green', 'head', 'blam', 0, 'standoff'],
  ['green-head-2', 'green', 'head', 'bang', 1, null],
  ['green-head-3', 'green', 'head', 'boom', 2, 'wanted'],
  ['green-head-4', 'green', 'head', 'blam', 3, 'law'],
  ['green-chest-1', 'green', 'chest', 'bang', 0, 'law'],
  ['green-chest-2', 'green', 'chest', 'boom', 1, null],
  ['green-chest-3', 'green', 'chest', 'blam', 2, 'escape'],
  ['green-chest-4', 'green', 'chest', 'bang', 3, null],
  ['green-arm-1', 'green', 'arm', 'boom', 0, 'escape'],
  ['green-arm-2', 'green', 'arm', 'blam', 1, null],
  ['green-arm-3', 'green', 'arm', 'bang', 1, null],
  ['green-arm-4', 'green', 'arm', 'boom', 2, 'booty'],
  ['green-leg-1', 'green', 'leg', 'blam', 0, 'desperado'],
  ['green-leg-2', 'green', 'leg', 'bang', 1, 'standoff'],
  ['green-leg-3', 'green', 'leg', 'boom', 1, null],
  ['green-leg-4', 'green', 'leg', 'blam', 2, 'booty'],
  ['yellow-head-1', 'yellow', 'head', 'bang', 0, 'standoff'],
  ['yellow-head-2', 'yellow', 'head', 'boom', 1, 'law'],
  ['yellow-head-3', 'yellow', 'head', 'blam', 2, null],
  ['yellow-head-4', 'yellow', 'head', 'bang', 3, null],
  ['yellow-chest-1', 'yellow', 'chest', 'boom', 0, 'wanted'],
  ['yellow-chest-2', 'yellow', 'chest', 'blam', 1, 'law'],
  ['yellow-chest-3', 'yellow', 'chest', 'bang', 1, null],
  ['yellow-chest-4', 'yellow', 'chest', 'boom', 2, null],
  ['yellow-arm-1', 'yellow', 'arm', 'blam', 0, 'booty'],
  ['yellow-arm-2', 'yellow', 'arm', 'bang', 1, 'escape'],
  ['yellow-arm-3', 'yellow', 'arm', 'boom', 1, null],
  ['yellow-arm-4', 'yellow', 'arm', 'blam', 2, 'desperado'],
  ['yellow-leg-1', 'yellow', 'leg', 'bang', 0, null],
  ['yellow-leg-2', 'yellow', 'leg', 'boom', 1, 'standoff'],
  ['yellow-leg-3', 'yellow', 'leg', 'blam', 2, null],
  ['yellow-leg-4', 'yellow', 'leg', 'bang', 3, 'booty'],
];

export const CARDS: readonly CardInfo[] = CARD_TABLE.map(([id, colour, area, noise, bullets, symbol]) => ({ id, colour, area, noise, bullets, symbol }));
const BY_ID = new Map(CARDS.map((c) => [c.id, c]));

/** "What the Wind Brings" (table option): 5 event cards shuffled into the deck after the public cards are dealt. */
export const WIND_EVENTS = ['event-turkey-1', 'event-turkey-2', 'event-noon', 'event-hail', 'event-heist'] as const;

/**
 * Every card id of the game, deck then wind events, in a fixed order: where the wire carries a public card as a
 * number (the public piles, saloon/synced.ts; the public events, protocol/event-codec.ts), the number is its index here.
 */
export const CARD_CODES: readonly string[] = [...CARDS.map((c) => c.id), ...WIND_EVENTS];
const CODE_OF = new Map(CARD_CODES.map((id, i) => [id, i]));

/** A card as the wire carries it where it is public: its index in CARD_CODES (an id not in the list, itself). */
export const cardCode = (id: string): number | string => CODE_OF.get(id) ?? id;

/** A card back from what `cardCode` gave (a name passes through); undefined for a number no card has. */
export const cardFromCode = (c: number | string): string | undefined => (typeof c === 'string' ? c : CARD_CODES[c]);
export type WindKind = 'turkey' | 'noon' | 'hail' | 'heist';
export const WIND_NAMES: Record<WindKind, string> = { turkey: 'The Turkey', noon: 'Showdown at Noon', hail: 'Hail of Bullets', heist: 'The Great Bank Heist' };

export function isWindEvent(id: string): boolean {
  return (WIND_EVENTS as readonly string[]).includes(id);
}

export function windKind(id: string): WindKind {
  return id.startsWith('event-turkey') ? 'turkey' : (id.slice('event-'.length) as WindKind);
}

/** Symbols whose cards leave the deck in the two-player / simplified game. */
export const SIMPLIFIED_REMOVED: readonly SymbolKind[] = ['desperado', 'standoff'];

export function cardInfo(id: string): CardInfo | undefined {
  return BY_ID.get(id);
}

export function card(id: string): CardInfo {
  const c = BY_ID.get(id);
  if (!c) throw new Error(`Saloon: no card ${id}`);
  return c;
}

export function isCard(id: unknown): id is string {
  return typeof id === 'string' && BY_ID.has(id);
}

/** The ids of the deck in play: all 64, or 52 without Desperado and Mexican Standoff cards. */
export function deckIds(simplified: boolean): string[] {
  return CARDS.filter((c) => !simplified || c.symbol === null || !SIMPLIFIED_REMOVED.includes(c.symbol)).map((c) => c.id);
}

export function bulletsOf(cards: readonly string[]): number {
  return cards.reduce((n, id) => n + card(id).bullets, 0);
}

export function isBooty(id: string): boolean {
  return cardInfo(id)?.symbol === 'booty';
}
