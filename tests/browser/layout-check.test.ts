/**
 * The layout check's rule for fanned cards (tests/support/screens.ts), on drawn scenes made up here: no browser. A fan
 * of like cards shows each card's words whole or not at all ("HIHIHIT" fails); a card's words cut by a different card
 * fanned over it are how a fan looks, even with a like card further on (Disarm, Hit, Disarm: one CI run of phone-fit
 * failed on a hand like that at 844×390).
 */
import type { SceneRect } from '../../packages/client/src/scenes/pixi';
import { layoutProblems, type Snapshot } from '../support/screens';

const W = 60;
const H = 84;
const STEP = 40;

/** A card's words: each text's label and width, drawn from 6 px in, one under the other. */
type Card = [string, number][];

/** A fan of cards `W` wide, `STEP` apart, drawn in order (each over the one before). */
function fan(cards: Card[]): Snapshot {
  const items: SceneRect[] = [];
  cards.forEach((words, i) => {
    const card = items.push({ kind: 'card', label: 'card', x: 10 + i * STEP, y: 10, width: W, height: H, parent: -1, stack: 'hand' }) - 1;
    words.forEach(([label, width], k) =>
      items.push({ kind: 'text', label, x: 16 + i * STEP, y: 14 + k * 22, width, height: 16, parent: card, stack: 'hand', fontSize: 12 }),
    );
  });
  return {
    viewport: { width: 400, height: 300 },
    dom: [],
    scene: {
      canvas: { x: 0, y: 0, width: 400, height: 300 },
      screen: { width: 400, height: 300 },
      resolution: 1,
      textResolutions: [1],
      devicePixelRatio: 1,
      // (drawn out to the canvas's far corner, as a scene fills its canvas)
      items: [...items, { kind: 'box', label: 'box', x: 300, y: 200, width: 100, height: 100, parent: -1, stack: '' }],
      moving: false,
    },
  };
}
const cut = (snap: Snapshot): string[] => layoutProblems(snap, 1).filter((p) => p.includes('fanned over it'));

// (its name and words across the card, 48 px: 14 px of them under the next card; its value in the corner)
const DISARM: Card = [
  ['DISARM', 48],
  ['2', 10],
  ['Discard a random card…', 48],
];
const HIT: Card = [['HIT', 48]];
/** A Disarm under another: its name and value in the part in sight. */
const PLAIN_DISARM: Card = [
  ['DISARM', 30],
  ['2', 10],
];

test.each<[string, number, Card[]]>([
  ['three Hits (HIHIHIT)', 2, [HIT, HIT, HIT]],
  ['two Disarms, the lower one with its words', 2, [DISARM, DISARM]],
  ['two Disarms, the lower one plain', 0, [PLAIN_DISARM, DISARM]],
  [
    'two Disarms, the lower one plain but its name cut',
    1,
    [
      [
        ['DISARM', 48],
        ['2', 10],
      ],
      DISARM,
    ],
  ],
  ['a Disarm under a Hit, a Disarm on top', 0, [DISARM, HIT, DISARM]],
  ['a Hit under a Disarm, a Hit on top', 0, [HIT, DISARM, HIT]],
])('a fan of %s: %i words cut', (_, n, cards) => {
  expect(cut(fan(cards))).toHaveLength(n);
});
