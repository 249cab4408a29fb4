#!/usr/bin/env node
/**
 * Generates the Saloon Showdown card table (packages/engine/src/saloon/cards.ts, the CARD_TABLE literal).
 * Deterministic, no randomness: run `node packages/engine/scripts/saloon-cards.js` and paste the output.
 *
 *   colour c (red, blue, green, yellow) × area a (head, chest, arm, leg) × copy k (1–4)
 *   noise   = NOISES[(c + a + k) mod 3]                 every colour×area has all three noises
 *   bullets = B[4k + (a + c) mod 4], B = 0000 1111 1122 2233    per colour and per area: 4×0, 6×1, 4×2, 2×3
 *   symbol  = greedy: symbols in order (Booty ×8, Wanted Alive, The Law, Desperado, Mexican Standoff, Escape on
 *             Horseback ×6 each), each placed on the first card (in table order) that keeps the symbol's count per
 *             colour and per area, then the symbol cards per colour and per area, then per colour×area, as low as possible.
 */
const COLOURS = ['red', 'blue', 'green', 'yellow'];
const AREAS = ['head', 'chest', 'arm', 'leg'];
const NOISES = ['bang', 'boom', 'blam'];
const B = [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3];
const SYMBOLS = [
  ['booty', 8],
  ['wanted', 6],
  ['law', 6],
  ['desperado', 6],
  ['standoff', 6],
  ['escape', 6],
];
const cards = [];
for (let c = 0; c < 4; c++)
  for (let a = 0; a < 4; a++)
    for (let k = 0; k < 4; k++)
      cards.push({ id: `${COLOURS[c]}-${AREAS[a]}-${k + 1}`, c, a, k, noise: NOISES[(c + a + k) % 3], bullets: B[4 * k + ((a + c) % 4)], symbol: null });
const perCell = new Map();
const colourTotal = [0, 0, 0, 0];
const areaTotal = [0, 0, 0, 0];
for (const [sym, n] of SYMBOLS) {
  const byColour = [0, 0, 0, 0];
  const byArea = [0, 0, 0, 0];
  const byBullets = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    let best = null;
    let bestCost = Infinity;
    for (const card of cards) {
      if (card.symbol) continue;
      const cell = perCell.get(`${card.c}${card.a}`) ?? 0;
      const cost = byColour[card.c] * 10000 + byArea[card.a] * 1000 + (colourTotal[card.c] + areaTotal[card.a]) * 100 + cell * 10 + byBullets[card.bullets];
      if (cost < bestCost) {
        bestCost = cost;
        best = card;
      }
    }
    best.symbol = sym;
    byColour[best.c]++;
    byArea[best.a]++;
    byBullets[best.bullets]++;
    colourTotal[best.c]++;
    areaTotal[best.a]++;
    perCell.set(`${best.c}${best.a}`, (perCell.get(`${best.c}${best.a}`) ?? 0) + 1);
  }
}
const q = (s) => (s === null ? 'null' : `'${s}'`);
for (const x of cards) console.log(`  ['${x.id}', '${COLOURS[x.c]}', '${AREAS[x.a]}', '${x.noise}', ${x.bullets}, ${q(x.symbol)}],`);
