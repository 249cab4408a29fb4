/**
 * Duel on real screens (issue 12): "HIT!" covers no label on a phone (DPR 2 and 3), while the reveal lies on the
 * table and after the next card is placed. Under prefers-reduced-motion and with three players (the round goes on), so
 * the table is at rest and looks the same for as long as the test looks at it: each step waits for what it checks to
 * be drawn and measures no time or frame, so the file runs beside others (the reveal's hold and motion, timed, are in
 * duel-reveal.test.ts). People play chosen cards through the action bar; the scene is read through its test hook
 * (`window.__tumbleweedScene.bounds()`, packages/client/src/scenes/pixi.ts).
 * Needs `npm run build` first. Screenshots: test-artifacts/duel-reveal-hit-*.png.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, PHONE, shot, useStack } from '../support/browser';
import { atATableOn, click, type Hooked } from '../support/duel-table';
import { layoutProblems, measure, type Snapshot } from '../support/screens';
import { tableInPortuguese } from '../support/table';

jest.setTimeout(120_000);

// The same server as duel-reveal.test.ts (this file's table has no bots).
const stack = useStack({ BOT_DELAY_MS: '50', LIMIT_CREATES_PER_MINUTE: '0' });
const atATable = atATableOn(stack);

/**
 * Ann on a laptop, Bob and Cat on phones (DPR 2 and 3) at a three-seat table, no bots: at rest at once (reduced motion),
 * so the moment of measuring does not matter; three players, so the round goes on after a hit.
 */
const threeAtATable = () => {
  const phone = (dpr: number): BrowserContextOptions => ({ ...PHONE, deviceScaleFactor: dpr, reducedMotion: 'reduce' });
  return atATable([
    { name: 'Ann', options: DESKTOP },
    { name: 'Bob', options: phone(2) },
    { name: 'Cat', options: phone(3) },
  ]);
};

/**
 * On Bob's and Cat's phones: waits for `label` on the table, measures it (screenshot `<shotName>-<who>-phone-dpr<n>`)
 * and asks its layout whole; returns both looks.
 */
async function onThePhones(bob: Page, cat: Page, label: string, shotName: string): Promise<Snapshot[]> {
  const looks: Snapshot[] = [];
  for (const [page, dpr, name] of [
    [bob, 2, 'bob'],
    [cat, 3, 'cat'],
  ] as const) {
    await page.waitForFunction((l) => !!(window as unknown as Hooked).__tumbleweedScene?.bounds().items.some((i) => i.label === l), label, {
      timeout: 15_000,
    });
    const look = await measure(page);
    await shot(page, `${shotName}-${name}-phone-dpr${dpr}`);
    expect(layoutProblems(look, dpr)).toEqual([]);
    looks.push(look);
  }
  return looks;
}

test('"HIT!" covers no label on a phone, during the reveal and after it', async () => {
  const { folks, pages } = await threeAtATable();
  const [ann, bob, cat] = pages;
  try {
    // Ann shoots Bob while he reloads; Cat hides behind her barricade. Bob is hit; Ann and Cat play on.
    await click(ann, 'Play Pistol');
    await click(ann, 'Aim at Bob');
    await click(bob, 'Play Reload');
    await click(cat, 'Play Barricade');
    for (const during of await onThePhones(bob, cat, 'HIT!', 'duel-reveal-hit'))
      expect(during.scene.items.some((i) => i.kind === 'text' && i.label === 'HIT!')).toBe(true);
    // Ann places her next card: once the hold is over it shows face down; the reveal's stamp stays for the round.
    await click(ann, 'Play Barricade');
    await cat.waitForFunction(
      () => ((window as unknown as Hooked).__tumbleweedScene?.bounds().items.filter((i) => i.label === '★').length ?? 0) >= 1,
      undefined,
      { timeout: 10_000 },
    );
    const after = await measure(cat);
    await shot(cat, 'duel-reveal-hit-cat-phone-dpr3-after');
    expect(after.scene.items.some((i) => i.kind === 'text' && i.label === 'HIT!')).toBe(true);
    expect(layoutProblems(after, 3)).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('a shot that did not land says why on the table: BLOCKED by a barricade, DODGED by a player who fired', async () => {
  const { folks, pages } = await threeAtATable();
  const [ann, bob, cat] = pages;
  try {
    // Ann's pistol at Bob's barricade; Cat's pistol at Ann, who fired (moving). Nobody is hit.
    await click(ann, 'Play Pistol');
    await click(ann, 'Aim at Bob');
    await click(bob, 'Play Barricade');
    await click(cat, 'Play Pistol');
    await click(cat, 'Aim at Ann');
    for (const during of await onThePhones(bob, cat, 'BLOCKED', 'duel-reveal-missed')) {
      // (the old client: no word on the table; the reason only in the log, under the fold)
      const stamps = during.scene.items.filter((i) => i.kind === 'text' && /^(HIT!|RELOADED|DODGED|BLOCKED)$/.test(i.label)).map((i) => i.label);
      expect(stamps.sort()).toEqual(['BLOCKED', 'DODGED']);
    }
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

// In Portuguese the words are longer: the centre's "Quem chegar a $3 vence" ran 4 px under the top seat's box on a
// phone, and the stamp (then "ATINGIDO!", masculine for anyone; now "LEVOU TIRO!") leaned 2 px over the "Jogou:" line.
test("in Portuguese on a phone the stamp and the centre's words cover nothing either", async () => {
  const { folks, pages } = await threeAtATable();
  const [ann, bob, cat] = pages;
  try {
    // Bob reloads, Cat hides; then Bob and Cat switch to Portuguese, and Ann shoots Bob.
    await click(bob, 'Play Reload');
    await click(cat, 'Play Barricade');
    for (const page of [bob, cat]) {
      await tableInPortuguese(page);
    }
    await click(ann, 'Play Pistol');
    await click(ann, 'Aim at Bob');
    for (const during of await onThePhones(bob, cat, 'LEVOU TIRO!', 'duel-reveal-hit-pt'))
      expect(during.scene.items.some((i) => i.kind === 'text' && i.label.startsWith('Rodada 1'))).toBe(true);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
