/**
 * A menu opened from Rattlesnake's action bar gives its height back. The bar is held at its tallest height so the table
 * stops moving at every decision (layout.ts holdTallest); a Distract's menu of three cards (186 px on a 390 px phone,
 * every other decision 142 at most) kept the bar that tall, and the felt 44 px lower, for the rest of the game (a new
 * player's review: "230 px around a single Pass"). A menu is a bar of its own kind now: its height while it lasts, the
 * bar's own after. Ann (a phone) and Bob (a desktop) at a seeded table (ALLOW_TEST_SEED) commit two cards each; Ann's
 * Distract then has six choices, behind "Use Distract…". Needs `npm run build` first.
 */
import { Rattlesnake, Rng } from '@tumbleweed/engine';
import { PHONE, shot, useStack } from '../support/browser';
import { actions, annAndBob, tapHandCard } from '../support/rattlesnake-screens';
import { actionButton, openHeaderMenu, tableHeights, until } from '../support/table';

jest.setTimeout(60_000);

const stack = useStack({ BOT_DELAY_MS: '60', ALLOW_TEST_SEED: '1' });

const label = (id: string): string => {
  const c = Rattlesnake.cardInfo(id);
  return c?.kind === 'action' ? `${c.name} (${c.value})` : '';
};

/**
 * A deal where Ann (seat 0, first to play) holds `ability`, and once she has committed two other cards and Bob
 * `bobCards` of his, it offers her `choices` or more.
 */
function abilityDeal(ability: string, bobCards: number, choices: number): { seed: number; ann: string[]; bob: string[] } {
  for (let seed = 1; seed < 100_000; seed++) {
    let s = Rattlesnake.setup({ seats: 2, options: {} as Rattlesnake.RattlesnakeOptions }, Rng.fromSeed(seed));
    const action = (id: string) => Rattlesnake.cardInfo(id)?.kind === 'action';
    const ann = s.players[0].hand.filter((id) => action(id) && Rattlesnake.abilityOf(id) !== ability).slice(0, 2);
    const bob = s.players[1].hand.filter(action).slice(0, bobCards);
    if (s.active !== 0 || !s.players[0].hand.some((id) => Rattlesnake.abilityOf(id) === ability) || ann.length < 2 || bob.length < bobCards) continue;
    const moves: [0 | 1, Rattlesnake.RattlesnakeIntent][] = [
      [0, { type: 'attack' }],
      [0, { type: 'commit', cards: ann }],
      [1, { type: 'commit', cards: bob }],
    ];
    for (const [seat, intent] of moves) {
      const r = Rattlesnake.apply(s, seat, intent);
      if ('error' in r) throw new Error(`seed ${seed}: ${r.error}`);
      s = r.state;
    }
    const offered = Rattlesnake.legalIntents(s, 0).filter((i) => i.type === 'ability' && Rattlesnake.abilityOf(i.cardId) === ability);
    if (offered.length >= choices) return { seed, ann: ann.map(label), bob: bob.map(label) };
  }
  throw new Error('no seed deals that');
}

test('Rattlesnake on a phone: a Distract’s menu of six choices takes the room it needs, and gives the felt its height back after; the logs say whose card it changed', async () => {
  const deal = abilityDeal('distract', 2, 6);
  await annAndBob(stack, deal.seed, { ann: { ...PHONE, deviceScaleFactor: 3, locale: 'en-US' } }, async (ann, bob, folks) => {
    await until('Ann may attack', async () => (await actionButton(ann, 'Attack').count()) > 0, 20_000);
    await actionButton(ann, 'Attack').click();
    const toggles = actions(ann).locator('button.select');
    await until('her hand to commit from', async () => (await toggles.count()) > 0);
    const names = await toggles.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    for (const card of deal.ann) expect(await tapHandCard(ann, names.indexOf(`Select ${card}`))).toBe(true);
    await actionButton(ann, 'Commit 2 cards').click();
    await until('Bob to defend', async () => (await actionButton(bob, /^Select /).count()) > 0, 10_000);
    for (const card of deal.bob) await actionButton(bob, `Select ${card}`).click();
    await actionButton(bob, 'Commit 2 cards').click();

    // Ann's window: "Use Distract…" or Pass, in a bar held at the game's tallest decision so far (her commit's).
    const menu = actionButton(ann, 'Use Distract…');
    await until('Ann’s abilities', async () => (await menu.count()) > 0, 10_000);
    await ann.waitForTimeout(300);
    const before = await tableHeights(ann);
    await menu.click();
    const choices = actions(ann).getByRole('button', { name: /^Distract: / });
    await until('the six choices', async () => (await choices.count()) === 6);
    await ann.waitForTimeout(300);
    const open = await tableHeights(ann);
    // (the menu needs more room than any decision before it: otherwise this test shows nothing)
    expect(open.bar).toBeGreaterThan(before.bar + 20);

    const chosen = /^Distract: (your|their) (.*) ([−+]1)$/.exec((await choices.first().getAttribute('aria-label')) ?? '');
    if (!chosen) throw new Error('an unexpected choice');
    await choices.first().click();
    await until('the menu gone', async () => (await choices.count()) === 0);
    await ann.waitForTimeout(500);
    // Back to the bar's own height, the felt to its own (the old client: 186 px and 482 for the rest of the game).
    expect(await tableHeights(ann)).toEqual(before);
    // Both logs say whose card it was: both players may show one of a name ("Distract: Double Tap (5) −1").
    const [, whose, card, delta] = chosen;
    const logs = async () => [(await ann.getByRole('log').textContent()) ?? '', (await bob.getByRole('log').textContent()) ?? ''];
    const words =
      whose === 'your'
        ? [`You used Distract: your ${card} ${delta}.`, `Ann used Distract: Ann's ${card} ${delta}.`]
        : [`You used Distract: Bob's ${card} ${delta}.`, `Ann used Distract: your ${card} ${delta}.`];
    await until('the Distract in both logs', async () => (await logs()).every((log, i) => log.includes(words[i])), 5000).catch(() => undefined);
    const [annLog, bobLog] = await logs();
    expect([annLog.includes(words[0]) || annLog, bobLog.includes(words[1]) || bobLog]).toEqual([true, true]);
    expect(folks.errors).toEqual([]);
  });
});

/**
 * A card's choices stay together after its words. In Portuguese "Focus: mudar Switch Up (4) para" 1 2 3 5 wrapped its
 * 5 to the next row, where it sat before the next card's words ("5 Focus: mudar Reload (1) para" 2 3 4 5): read as
 * Reload's (a new player's review). Ann's Focus may set either of her two committed cards, behind "Usar Focus…".
 */
test('Rattlesnake on a phone in Portuguese: Focus’s values on two cards, each card’s values together after its own words', async () => {
  const deal = abilityDeal('focus', 1, 8);
  await annAndBob(stack, deal.seed, { ann: { ...PHONE, deviceScaleFactor: 3, locale: 'en-US' } }, async (ann, bob, folks) => {
    await openHeaderMenu(ann);
    await ann.getByTestId('language').selectOption('pt-BR');
    await until('Ann may attack', async () => (await actionButton(ann, 'Atacar').count()) > 0, 20_000);
    await actionButton(ann, 'Atacar').click();
    for (const card of deal.ann) await actionButton(ann, `Selecionar ${card}`).click();
    await actionButton(ann, 'Baixar 2 cartas').click();
    await until('Bob to defend', async () => (await actionButton(bob, /^Select /).count()) > 0, 10_000);
    await actionButton(bob, `Select ${deal.bob[0]}`).click();
    await actionButton(bob, 'Commit 1 card').click();

    await until('Ann’s Focus', async () => (await actionButton(ann, 'Usar Focus…').count()) > 0, 10_000);
    await actionButton(ann, 'Usar Focus…').click();
    const values = actions(ann).getByRole('button', { name: /^Focus: mudar .* para \d$/ });
    await until('the values of two cards', async () => (await values.count()) === 8);
    await ann.waitForTimeout(300);
    await shot(ann, 'rattlesnake-focus-two-cards-pt');
    // Each value: in the group of its own card's words, drawn within that group's box.
    const misplaced = await values.evaluateAll((els) =>
      els.flatMap((el) => {
        const aria = el.getAttribute('aria-label') ?? '';
        const group = el.closest('.group');
        const words = group?.querySelector('.group-label')?.textContent ?? '(no group)';
        const b = el.getBoundingClientRect();
        const g = group?.getBoundingClientRect();
        const inside = g && b.left >= g.left - 1 && b.right <= g.right + 1 && b.top >= g.top - 1 && b.bottom <= g.bottom + 1;
        return words === aria.replace(/ \d$/, '') && inside ? [] : [`"${aria}" beside "${words}"`];
      }),
    );
    expect(misplaced).toEqual([]);
    expect(await actions(ann).locator('.group-label').allTextContents()).toEqual(deal.ann.map((card) => `Focus: mudar ${card} para`));
    expect(folks.errors).toEqual([]);
  });
});
