/**
 * A press that spans a redraw of the action bar still counts. Saloon's bar says how many seconds a threat's window has
 * left, so it is drawn again every second while a player decides how to answer; a press of a button (mouse down … up,
 * or Space down … up on the focused button) that takes longer than the rest of that second spanned a redraw. Ann is
 * threatened by Bob (a table dealt from a test seed, a 30 s window) and holds "You're bluffing!" for 1.3 s: her answer
 * must reach Bob's log. Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { annAndBob, useStack } from '../support/browser';
import { bobThreatensAnn } from '../support/saloon';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });
/** Longer than a second: the window's countdown ticks (and the bar is drawn again) while the button is held. */
const HOLD_MS = 1300;

const button = (page: Page, name: string | RegExp) => page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });

/** Ann and Bob at a 2-seat table where Bob starts; Bob threatens Ann, who sees her answers. */
async function annThreatened(): Promise<{ ann: Page; bob: Page; errors: string[]; done: () => Promise<void> }> {
  const { ann, bob, errors, close } = await annAndBob(stack().browser);
  try {
    const host = await bobThreatensAnn(stack().base, ann, bob);
    const done = async () => {
      await host.leave();
      await close();
    };
    return { ann, bob, errors, done };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The window's countdown as Ann's bar shows it ("… — 29 s …"), in seconds. */
const secondsLeft = async (ann: Page) => Number(/(\d+)\ss/.exec((await ann.getByTestId('saloon-window').textContent()) ?? '')?.[1] ?? NaN);

/** Bob's log tells Ann's answer, long before the window (30 s) would have run out. */
async function bobHears(bob: Page): Promise<void> {
  await bob
    .getByRole('log')
    .filter({ hasText: /Ann: "You're bluffing!"/ })
    .waitFor({ timeout: 5000 });
}

test("a mouse button held on an answer across the countdown's tick still answers", async () => {
  const { ann, bob, errors, done } = await annThreatened();
  try {
    const before = await secondsLeft(ann);
    const box = await button(ann, "You're bluffing!").boundingBox();
    if (!box) throw new Error('no answer button');
    await ann.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await ann.mouse.down();
    await ann.waitForTimeout(HOLD_MS);
    expect(await secondsLeft(ann)).toBeLessThan(before); // the bar was drawn again under the finger
    await ann.mouse.up();
    await bobHears(bob);
    expect(errors).toEqual([]);
  } finally {
    await done();
  }
});

test("Space held on the focused answer across the countdown's tick still answers, once", async () => {
  const { ann, bob, errors, done } = await annThreatened();
  try {
    await button(ann, "You're bluffing!").focus();
    const before = await secondsLeft(ann);
    await ann.keyboard.down(' ');
    await ann.waitForTimeout(HOLD_MS);
    expect(await secondsLeft(ann)).toBeLessThan(before);
    await ann.keyboard.up(' ');
    await bobHears(bob);
    // One answer: the bluff is called once, and nothing was refused.
    await bob
      .getByRole('log')
      .filter({ hasText: /Bluff called!/ })
      .waitFor({ timeout: 5000 });
    expect(
      await bob
        .getByRole('log')
        .filter({ hasText: /Ann: "You're bluffing!"/ })
        .count(),
    ).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await done();
  }
});
