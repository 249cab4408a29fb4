/**
 * The moment a Saloon duel ends. The winning shot ends the race and the state goes on at once (the loser's Wound, the
 * hands discarded, the next turn): the race's panel went 200 ms after the shot, and who won was left to the felt's
 * small "Last duel: …" line and the log (a laptop review). Now both duelists see who won and the shots over the felt
 * for a few seconds; a tap puts it away at once, and it never takes the tap. Bob threatens Ann at a seeded table
 * (ALLOW_TEST_SEED, atDuelGo); Ann, on a phone, answers "Do you?" and shoots right; Bob does not shoot. Needs
 * `npm run build`.
 */
import { PHONE, useStack } from '../support/browser';
import { atDuelGo, labelsOf, parseCards, shootDuel } from '../support/saloon';
import { momentOnFelt, timeMoment } from '../support/table';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '50', ALLOW_TEST_SEED: '1' });

test('a duel’s end: both duelists see who won and the shots over the felt for a few seconds; a tap puts it away', async () => {
  const screens = { ann: { ...PHONE, deviceScaleFactor: 3, locale: 'en-US' }, bob: { viewport: { width: 1920, height: 1080 }, locale: 'en-US' } };
  await atDuelGo(stack, screens, async (ann, bob, folks) => {
    // When the moment shows and goes on Bob's page, on his own clock.
    const moment = await timeMoment(bob, 'race-result');
    await shootDuel((name) => ann.locator('.actions').getByRole('button', { name, exact: true }), parseCards(await labelsOf(ann.getByTestId('hand'))));

    // Both pages: the winner in words, Ann's winning shot under it, the whole of it inside the felt.
    const annSees = ann.getByTestId('race-result');
    const bobSees = bob.getByTestId('race-result');
    await annSees.waitFor({ state: 'visible', timeout: 5000 });
    await bobSees.waitFor({ state: 'visible', timeout: 5000 });
    expect(await annSees.locator('strong').textContent()).toBe('You won the duel against Bob!');
    expect(await bobSees.locator('strong').textContent()).toBe('Ann won the duel against you.');
    // (the shot that won it; the misfires were on the race's panel as they came)
    expect(await annSees.locator('span').allTextContents()).toEqual([expect.stringMatching(/^You: \w+ gun, \w+, \w+ — HIT$/)]);
    expect(await bobSees.locator('span').allTextContents()).toEqual([expect.stringMatching(/^Ann: \w+ gun, \w+, \w+ — HIT$/)]);
    const sizes = { Ann: await momentOnFelt(ann, 'race-result'), Bob: await momentOnFelt(bob, 'race-result') };
    // Inside the felt; on the phone a small part of it (the cards around it still in sight), on a 1920×1080 monitor
    // wide enough to read from the screen's distance (it was 23% of a 2560 felt's width, smaller than its cards' words).
    expect(sizes.Ann.inside && sizes.Bob.inside).toBe(true);
    expect(sizes.Ann.area).toBeLessThan(0.25);
    expect(sizes.Bob.width).toBeGreaterThan(0.35);
    // The next turn is already Ann's, under it: the moment does not take the tap.
    expect(await annSees.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');

    // Ann taps: hers goes at once. Bob's stays long enough to read (3 s), then goes by itself.
    await ann.getByTestId('status').click();
    await annSees.waitFor({ state: 'hidden', timeout: 1000 });
    await bobSees.waitFor({ state: 'hidden', timeout: 8000 });
    const lasted = await moment.lasted();
    expect(lasted).toBeGreaterThanOrEqual(2500);
    expect(lasted).toBeLessThan(6000);
    // (the felt keeps its line)
    expect(await bob.getByTestId('saloon-news').textContent()).toContain('Last duel: Ann won the duel against you.');
    expect(folks.errors).toEqual([]);
  });
});
