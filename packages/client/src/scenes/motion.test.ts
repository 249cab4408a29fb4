/**
 * The motion clock (motion.ts): a tween shows on the frames that are painted, however late they come. A page busy
 * for longer than a tween (a slow phone building the table as the cards arrive) drew it where it ends at once.
 */
import type { Application, Container } from 'pixi.js';
import { MAX_FRAME_STEP_MS, Motion } from './motion';

/** What a tween moves of a Pixi container, and an app whose ticker the test runs by hand. */
function stage() {
  let tick = () => undefined as void;
  let renders = 0;
  const app = {
    ticker: { add: (fn: () => void) => (tick = fn), start: () => undefined, stop: () => undefined, remove: () => undefined },
    render: () => void renders++,
  };
  const card = {
    x: 0,
    y: 0,
    alpha: 1,
    rotation: 0,
    destroyed: false,
    scale: { x: 1, set: (v: number) => (card.scale.x = v) },
    position: { set: () => undefined },
  };
  return { motion: new Motion(app as unknown as Application), card, target: card as unknown as Container, frame: () => tick(), renders: () => renders };
}

let now = 0;
beforeEach(() => {
  now = 1000;
  jest.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

test.each([
  // [what, ms the page is busy before its first frame, ms between frames after it]
  ['frames every 16 ms', 16, 16],
  ['a page busy for 600 ms as the card arrives, then frames every 16 ms', 600, 16],
  ['a very slow phone: a frame every 250 ms', 250, 250],
])('%s: the card is seen growing on at least three frames, from below 90 %, and ends in place', (_what, busyMs, gapMs) => {
  const { motion, card, target, frame } = stage();
  motion.from(target, { scale: 0.6 }, 320);
  const seen: number[] = [];
  for (let ms = busyMs as number; ms <= 2000; ms += gapMs as number) {
    now = 1000 + ms;
    frame();
    seen.push(card.scale.x);
  }
  const growing = seen.filter((s) => s < 1);
  expect(growing.length).toBeGreaterThanOrEqual(3);
  expect(growing[0]).toBeLessThan(0.9);
  expect(seen.every((s, i) => i === 0 || s >= seen[i - 1]!)).toBe(true);
  expect(seen[seen.length - 1]).toBe(1);
});

test('the clock counts a gap between two reads as at most MAX_FRAME_STEP_MS', () => {
  const { motion } = stage();
  const start = motion.now();
  now += 5000;
  expect(motion.now() - start).toBe(MAX_FRAME_STEP_MS);
  now += 40;
  expect(motion.now() - start).toBe(MAX_FRAME_STEP_MS + 40);
});

// Saloon's payout coin flies to its seat, then, from the end of that flight, fades and is destroyed. The fade started
// inside the frame that ended the flight was dropped with the frame's finished tweens: the coins stayed on the seats'
// boxes, over their words, for the rest of the game.
test('a tween started as another ends runs too: a coin that flies to its seat, then fades, is gone, and the frame after shows it gone', () => {
  const { motion, card, target, frame, renders } = stage();
  let goneAt = -1;
  motion.from(target, { x: 100, scale: 1.6 }, 300, 0, () => motion.to(target, { alpha: 0 }, 250, 150, () => (goneAt = renders())));
  for (let ms = 16; ms <= 2000; ms += 16) {
    now = 1000 + ms;
    frame();
  }
  expect(card.alpha).toBe(0);
  expect(goneAt).toBeGreaterThanOrEqual(0);
  expect(renders()).toBeGreaterThan(goneAt);
  expect(motion.busy).toBe(0);
});
