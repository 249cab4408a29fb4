/**
 * An event entering Rattlesnake's saloon is told over the felt on both pages: it enters when a player buys the card
 * above it, in that player's turn, and the other player saw only a new card and a small "In effect" line (the log
 * below the fold on a phone) — then a showdown went by a rule they never read (a helper's review: Deadeye). A seeded
 * table (ALLOW_TEST_SEED) whose saloon deck has an event on top: Ann, on a laptop, buys a card at her first decision;
 * Bob watches on a phone. Needs `npm run build`.
 */
import { Rattlesnake, Rng } from '@tumbleweed/engine';
import { PHONE, shot, useStack } from '../support/browser';
import { actions, annAndBob, DESKTOP } from '../support/rattlesnake-screens';
import { momentOnFelt, timeMoment, until } from '../support/table';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '60', ALLOW_TEST_SEED: '1' });

/** A deal where Ann starts, may buy at once, and the saloon deck's top card is an event: its name and rule (English). */
function eventOnTop(): { seed: number; name: string; text: string } {
  for (let seed = 1; seed < 10_000; seed++) {
    const s = Rattlesnake.setup({ seats: 2, options: {} as Rattlesnake.RattlesnakeOptions }, Rng.fromSeed(seed));
    const top = Rattlesnake.cardInfo(s.saloonDeck[0]);
    if (s.active !== 0 || top?.kind !== 'event' || !Rattlesnake.legalIntents(s, 0).some((i) => i.type === 'buy')) continue;
    return { seed, name: top.name, text: top.text };
  }
  throw new Error('no seed deals that');
}

test('an event entering the saloon: both players see which and what it does over the felt; it goes by itself or at a tap', async () => {
  const { seed, name, text } = eventOnTop();
  const phone = { ...PHONE, deviceScaleFactor: 3, locale: 'en-US' };
  await annAndBob(stack, seed, { ann: DESKTOP, bob: phone }, async (ann, bob, folks) => {
    // When the moment shows and goes on Bob's page, on his own clock.
    const moment = await timeMoment(bob, 'event-moment');
    // Ann buys the first card the bar offers, paying with the first cards of her hand.
    const buy = actions(ann)
      .getByRole('button', { name: /^Buy (?!a card)/ })
      .first();
    await until('a card to buy', async () => (await buy.count()) > 0);
    await buy.click();
    const confirm = actions(ann).getByRole('button', { name: 'Confirm buy', exact: true });
    for (let n = 0; n < 5 && (await confirm.count()) === 0; n++) await actions(ann).locator('button.select[aria-pressed="false"]').first().click();
    await confirm.click();

    // (the old client: no moment; the card and "In effect: Deadeye" on the felt)
    const annSees = ann.getByTestId('event-moment');
    const bobSees = bob.getByTestId('event-moment');
    await annSees.waitFor({ state: 'visible', timeout: 5000 });
    await bobSees.waitFor({ state: 'visible', timeout: 5000 });
    for (const seen of [annSees, bobSees]) {
      expect(await seen.locator('strong').textContent()).toBe(`Event! ${name} enters the saloon`);
      expect(await seen.locator('span').allTextContents()).toEqual([text]);
    }
    await shot(bob, 'rattlesnake-event-phone');
    // On the phone: inside the felt, its rule in words of 14 px and up, the saloon's cards around it.
    const onFelt = await momentOnFelt(bob, 'event-moment');
    expect(onFelt.inside).toBe(true);
    expect(onFelt.area).toBeLessThan(0.3);
    expect(await bobSees.locator('span').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(14);
    expect(await annSees.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');

    // Ann goes on playing: her tap puts hers away. Bob's stays long enough to read a rule, then goes by itself.
    await ann.getByTestId('status').click();
    await annSees.waitFor({ state: 'hidden', timeout: 1000 });
    await bobSees.waitFor({ state: 'hidden', timeout: 10_000 });
    const lasted = await moment.lasted();
    expect(lasted).toBeGreaterThanOrEqual(4000);
    expect(lasted).toBeLessThan(8000);
    // (the felt keeps its "In effect" line; the log its sentence)
    expect(await bob.locator('.side [role=log]').textContent()).toContain(`Event! ${name} enters the saloon: ${text}`);
    expect(folks.errors).toEqual([]);
  });
});
