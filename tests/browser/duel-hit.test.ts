/**
 * Duel on real screens (issue 12): "HIT!" covers no label on a phone (DPR 2 and 3), while the reveal lies on the
 * table and after the next card is placed. Under prefers-reduced-motion and with three players (the round goes on), so
 * the table is at rest and looks the same for as long as the test looks at it: each step waits for what it checks to
 * be drawn and measures no time or frame, so the file runs beside others (the reveal's hold and motion, timed, are in
 * duel-reveal.test.ts). People play chosen cards through the action bar; the scene is read through its test hook
 * (`window.__tumbleweedScene.bounds()`, packages/client/src/scenes/pixi.ts).
 * Needs `npm run build` first. Screenshots: test-artifacts/duel-reveal-hit-*.png.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { DESKTOP, PHONE, shot, useStack } from '../support/browser';
import { atATableOn, click, type Hooked } from '../support/duel-table';
import { layoutProblems, measure } from '../support/screens';

jest.setTimeout(120_000);

// The same server as duel-reveal.test.ts (this file's table has no bots).
const stack = useStack({ BOT_DELAY_MS: '50', LIMIT_CREATES_PER_MINUTE: '0' });
const atATable = atATableOn(stack);

test('"HIT!" covers no label on a phone, during the reveal and after it', async () => {
  // At rest at once (reduced motion), so the moment of measuring does not matter; three players, so the round goes on.
  const phone = (dpr: number): BrowserContextOptions => ({ ...PHONE, deviceScaleFactor: dpr, reducedMotion: 'reduce' });
  const { folks, pages } = await atATable([
    { name: 'Ann', options: DESKTOP },
    { name: 'Bob', options: phone(2) },
    { name: 'Cat', options: phone(3) },
  ]);
  const [ann, bob, cat] = pages;
  try {
    // Ann shoots Bob while he reloads; Cat hides behind her barricade. Bob is hit; Ann and Cat play on.
    await click(ann, 'Play Pistol');
    await click(ann, 'Aim at Bob');
    await click(bob, 'Play Reload');
    await click(cat, 'Play Barricade');
    for (const [page, dpr, name] of [
      [bob, 2, 'bob'],
      [cat, 3, 'cat'],
    ] as const) {
      await page.waitForFunction(() => !!(window as unknown as Hooked).__tumbleweedScene?.bounds().items.some((i) => i.label === 'HIT!'), undefined, {
        timeout: 15_000,
      });
      const during = await measure(page);
      await shot(page, `duel-reveal-hit-${name}-phone-dpr${dpr}`);
      expect(during.scene.items.some((i) => i.kind === 'text' && i.label === 'HIT!')).toBe(true);
      expect(layoutProblems(during, dpr)).toEqual([]);
    }
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
  const phone = (dpr: number): BrowserContextOptions => ({ ...PHONE, deviceScaleFactor: dpr, reducedMotion: 'reduce' });
  const { folks, pages } = await atATable([
    { name: 'Ann', options: DESKTOP },
    { name: 'Bob', options: phone(2) },
    { name: 'Cat', options: phone(3) },
  ]);
  const [ann, bob, cat] = pages;
  try {
    // Ann's pistol at Bob's barricade; Cat's pistol at Ann, who fired (moving). Nobody is hit.
    await click(ann, 'Play Pistol');
    await click(ann, 'Aim at Bob');
    await click(bob, 'Play Barricade');
    await click(cat, 'Play Pistol');
    await click(cat, 'Aim at Ann');
    for (const [page, dpr, name] of [
      [bob, 2, 'bob'],
      [cat, 3, 'cat'],
    ] as const) {
      await page.waitForFunction(() => !!(window as unknown as Hooked).__tumbleweedScene?.bounds().items.some((i) => i.label === 'BLOCKED'), undefined, {
        timeout: 15_000,
      });
      const during = await measure(page);
      await shot(page, `duel-reveal-missed-${name}-phone-dpr${dpr}`);
      // (the old client: no word on the table; the reason only in the log, under the fold)
      const stamps = during.scene.items.filter((i) => i.kind === 'text' && /^(HIT!|RELOADED|DODGED|BLOCKED)$/.test(i.label)).map((i) => i.label);
      expect(stamps.sort()).toEqual(['BLOCKED', 'DODGED']);
      expect(layoutProblems(during, dpr)).toEqual([]);
    }
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
