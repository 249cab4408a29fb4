import { AREAS, CARDS, COLOURS, deckIds, NOISES, SYMBOLS, type CardInfo } from './cards';

function count<T>(items: readonly T[]): Map<T, number> {
  const m = new Map<T, number>();
  for (const x of items) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Max − min of how many `pred` cards each colour (or area) has. */
function spread(pred: (c: CardInfo) => boolean, by: 'colour' | 'area'): number {
  const keys = by === 'colour' ? COLOURS : AREAS;
  const counts = keys.map((k) => CARDS.filter((c) => c[by] === k && pred(c)).length);
  return Math.max(...counts) - Math.min(...counts);
}

describe('the Saloon Showdown deck table', () => {
  test('64 cards with unique ids: 4 colours × 4 areas × 4 copies', () => {
    expect(CARDS).toHaveLength(64);
    expect(new Set(CARDS.map((c) => c.id)).size).toBe(64);
    for (const colour of COLOURS) for (const area of AREAS) expect(CARDS.filter((c) => c.colour === colour && c.area === area)).toHaveLength(4);
    for (const c of CARDS) expect(c.id).toMatch(new RegExp(`^${c.colour}-${c.area}-[1-4]$`));
  });

  test('noises: every noise 21 or 22 times, spread evenly; every colour × area has all three', () => {
    const n = count(CARDS.map((c) => c.noise));
    for (const noise of NOISES) expect([21, 22]).toContain(n.get(noise));
    for (const noise of NOISES) for (const by of ['colour', 'area'] as const) expect(spread((c) => c.noise === noise, by)).toBeLessThanOrEqual(1);
    for (const colour of COLOURS)
      for (const area of AREAS) expect(new Set(CARDS.filter((c) => c.colour === colour && c.area === area).map((c) => c.noise)).size).toBe(3);
  });

  test('Bullets: 16 with 0, 24 with 1, 16 with 2, 8 with 3; per colour and per area exactly 4/6/4/2', () => {
    expect([0, 1, 2, 3].map((b) => CARDS.filter((c) => c.bullets === b).length)).toEqual([16, 24, 16, 8]);
    for (const colour of COLOURS) expect([0, 1, 2, 3].map((b) => CARDS.filter((c) => c.colour === colour && c.bullets === b).length)).toEqual([4, 6, 4, 2]);
    for (const area of AREAS) expect([0, 1, 2, 3].map((b) => CARDS.filter((c) => c.area === area && c.bullets === b).length)).toEqual([4, 6, 4, 2]);
  });

  test('symbols: Booty 8, the five others 6 each, 26 with none; spread evenly over colours and areas', () => {
    const n = count(CARDS.map((c) => c.symbol));
    expect(n.get('booty')).toBe(8);
    for (const s of SYMBOLS.filter((x) => x !== 'booty')) expect(n.get(s)).toBe(6);
    expect(n.get(null)).toBe(26);
    for (const by of ['colour', 'area'] as const) {
      expect(spread((c) => c.symbol === 'booty', by)).toBe(0);
      for (const s of SYMBOLS) expect(spread((c) => c.symbol === s, by)).toBeLessThanOrEqual(1);
      expect(spread((c) => c.symbol === null, by)).toBeLessThanOrEqual(1);
    }
  });

  test('the simplified deck drops exactly the 12 Desperado and Mexican Standoff cards', () => {
    expect(deckIds(false)).toHaveLength(64);
    const simple = deckIds(true);
    expect(simple).toHaveLength(52);
    const removed = CARDS.filter((c) => !simple.includes(c.id));
    expect(removed.every((c) => c.symbol === 'desperado' || c.symbol === 'standoff')).toBe(true);
  });
});
