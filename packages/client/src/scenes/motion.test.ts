/**
 * The motion clock (motion.ts): a tween shows on the frames that are painted, however late they come. A page busy
 * for longer than a tween (a slow phone building the table as the cards arrive) drew it where it ends at once.
 */
import type { Application, Container } from 'pixi.js';
import { MAX_FRAME_STEP_MS, Motion } from './motion';

/** What a tween moves of a Pixi container, and an app whose ticker the test runs by hand. */
function stage() {
  let tick = () => undefined as void;
  const app = {
    ticker: { add: (fn: () => void) => (tick = fn), start: () => undefined, stop: () => undefined, remove: () => undefined },
    render: () => undefined,
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
  return { motion: new Motion(app as unknown as Application), card, target: card as unknown as Container, frame: () => tick() };
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
