import { isError } from '../core/game';
import { Rng } from '../core/rng';
import { replay } from '../core/replay';
import { saloon } from './index';
import { deadline, shift, timeout } from './rules';
import { craft, picker, run } from './testkit';

/**
 * A table stopped by its server and resumed later (issue 14): the game's own clock skips the pause (`Game.shift`,
 * logged as a step), so a threat window keeps the time it had left at the last step instead of running out at once.
 */
describe('a pause skipped by the game clock', () => {
  const pick = picker();
  const hands = [0, 1, 2].map(() => [pick({}), pick({}), pick({})]);
  const threatened = () => run(craft(hands), [[0, { type: 'threaten', gun: 'red', target: 1 }, 0]]).state;

  test('every time of the phase moves on; the window stays open for the time it had left', () => {
    const s = threatened();
    const until = deadline(s);
    expect(until).not.toBeNull();
    // A minute later, without the shift, the window has run out: silence is a duel.
    const late = timeout(s, (until as number) + 60_000);
    expect(!isError(late) && late.state.phase.kind).not.toBe('threat');
    // With it, the window ends a minute later, and an answer within it is taken.
    const resumed = shift(s, 60_000);
    expect(deadline(resumed)).toBe((until as number) + 60_000);
    expect(resumed.phase.kind).toBe('threat');
    const answered = saloon.apply(resumed, 1, { type: 'answer', call: 'bluffing' }, (until as number) + 30_000);
    expect(isError(answered)).toBe(false);
    // Nothing else moves: a zero or negative pause changes nothing.
    expect(shift(s, 0)).toBe(s);
  });

  test('a replay runs the logged pause the same way', () => {
    // (a deal where seat 0 starts)
    let seed = 1;
    while (saloon.setup({ seats: 3, options: saloon.options(undefined) as never }, Rng.fromSeed(seed)).active !== 0) seed++;
    const steps = [
      { seat: 0, intent: { type: 'threaten', gun: 'red', target: 1 }, at: 1_000 },
      { shift: 120_000, at: 122_000 },
      { seat: 1, intent: { type: 'answer', call: 'duel' }, at: 125_000 },
    ];
    const r = replay({ game: 'saloon', seed, options: saloon.options(undefined), seats: 3, steps });
    expect(r.error).toBeNull();
    expect(r.frames).toHaveLength(4);
    // Without the pause the answer comes two minutes after the window closed: refused.
    const unpaused = replay({ game: 'saloon', seed, options: saloon.options(undefined), seats: 3, steps: [steps[0]!, steps[2]!] });
    expect(unpaused.error).not.toBeNull();
  });
});
