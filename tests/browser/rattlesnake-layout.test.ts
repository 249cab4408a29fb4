/**
 * Rattlesnake on real screens (issue 12), its layout and keyboard: a player against a bot on a 1366×768 desktop and a
 * 390×844 phone (DPR 2). What is checked is what the player sees: cards print what they do, a verdict after each
 * showdown (on the table and in the log), a desktop table that uses its felt, a phone decision with its cards and the
 * action bar on one screen, keyboard shortcuts. Nothing here measures a clock or a frame, so the file runs beside
 * others; the cards' motion (a count of tweens) is in rattlesnake-screens.test.ts, which runs alone.
 * Needs `npm run build` first. Screenshots: test-artifacts/rattlesnake-screens-*.png.
 */
import type { Page } from 'playwright-core';
import { people, shot, useStack } from '../support/browser';
import { actions, DESKTOP, handCards, isFaceText, move, PHONE, playUntil, tableWithBotOn } from '../support/rattlesnake-screens';
import { measure, type SceneRect, type Snapshot } from '../support/screens';
import { leaveToLobby, until } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '60', LIMIT_CREATES_PER_MINUTE: '0' });
const tableWithBot = tableWithBotOn(stack);

const prompt = async (page: Page) => ((await actions(page).locator('.prompt').textContent()) ?? '').trim();

const texts = (snap: Snapshot) => snap.scene.items.filter((i) => i.kind === 'text');
const cards = (snap: Snapshot) => snap.scene.items.filter((i) => i.kind === 'card');
/** The texts drawn on card `c` (index in items). */
const onCard = (snap: Snapshot, c: number) => snap.scene.items.filter((i) => i.kind === 'text' && i.parent === c);

const VERDICT = /^(You win|You lose): .+ — .+$/;

describe('Rattlesnake on a desktop and on a phone', () => {
  test('cards print what they do; a verdict after the showdown, on the table and in the log; the desktop uses its felt', async () => {
    const folks = people(stack().browser);
    try {
      for (const [name, options] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await folks.open(name, options);
        await tableWithBot(page);
        const snap = await measure(page);
        await shot(page, `rattlesnake-screens-${name}-start`);

        // Every action card face-up in the saloon and in my hand prints its words, inside the card.
        const big = cards(snap).filter((c) => c.width >= 44);
        const printed = big.filter((c) => onCard(snap, snap.scene.items.indexOf(c)).some((t) => isFaceText(t.label)));
        expect(printed.length).toBeGreaterThanOrEqual(8); // 5 saloon cards and a hand of 5, less a Hit or an empty slot
        for (const c of printed) {
          for (const t of onCard(snap, snap.scene.items.indexOf(c))) {
            expect(t.x >= c.x - 1 && t.x + t.width <= c.x + c.width + 1 && t.y >= c.y - 1 && t.y + t.height <= c.y + c.height + 1).toBe(true);
          }
        }

        if (name === 'desktop') {
          // The felt is used: cards reach across the canvas, and they are large.
          const canvas = snap.scene.canvas;
          const right = Math.max(...cards(snap).map((c) => c.x + c.width)) - canvas.x;
          const bottom = Math.max(...cards(snap).map((c) => c.y + c.height)) - canvas.y;
          expect(right / canvas.width).toBeGreaterThan(0.9);
          expect(bottom / canvas.height).toBeGreaterThan(0.85);
          expect(Math.max(...big.map((c) => c.width))).toBeGreaterThanOrEqual(90);
        }

        // A showdown: its verdict stands on the table and in the log.
        let verdict: SceneRect | undefined;
        await playUntil(page, 'a showdown', async () => {
          verdict = texts(await measure(page)).find((t) => VERDICT.test(t.label.replace(/\s+/g, ' ')));
          return !!verdict;
        });
        await shot(page, `rattlesnake-screens-${name}-verdict`);
        const line = (verdict?.label ?? '').replace(/\s+/g, ' ');
        expect(line).toMatch(/(Single \d|Set of \w+ \ds|Run of \d to \d|No combo|Dodge 'n' Shoot)/);
        const log = ((await page.getByRole('log').textContent()) ?? '').replace(/\s+/g, ' ');
        expect(log).toContain(line);
        await leaveToLobby(page);
      }
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
    }
  });

  test('on a phone every decision fits one screen with the table: a compact action bar, every card in view', async () => {
    const folks = people(stack().browser);
    try {
      const page = await folks.open('phone', PHONE);
      await tableWithBot(page);
      let decisions = 0;
      for (let i = 0; i < 14; i++) {
        const n = await actions(page).getByRole('button').count();
        if (n > 0) {
          decisions += 1;
          const what = await prompt(page);
          // The bar is scrolled to the bottom of the screen: the whole table is still above it.
          await actions(page).evaluate((el) => el.scrollIntoView({ block: 'end' }));
          const bar = await actions(page).boundingBox();
          const snap = await measure(page).catch(() => null);
          if (!snap || !bar) continue;
          // measure() scrolled the scene into view ("nearest"): bring the bar back to the bottom and measure again.
          await actions(page).evaluate((el) => el.scrollIntoView({ block: 'end' }));
          const at = await page.evaluate(() => {
            const hook = (window as unknown as { __tumbleweedScene: { bounds(): { items: { kind: string; y: number; height: number }[] } } }).__tumbleweedScene;
            const items = hook.bounds().items.filter((i) => i.kind === 'card');
            const b = document.querySelector('.actions')?.getBoundingClientRect();
            return {
              top: Math.min(...items.map((i) => i.y)),
              bottom: Math.max(...items.map((i) => i.y + i.height)),
              barTop: b?.top ?? 0,
              barBottom: b?.bottom ?? 0,
            };
          });
          const where = `"${what}" (${n} buttons, ${Math.round(bar.height)} px)`;
          // (at most four rows of moves, each a finger's 44 px on a touch screen: 210 px; 200 when they were 38)
          if (bar.height > 212) await shot(page, 'rattlesnake-screens-phone-tall-bar');
          expect({ where, barHeight: Math.round(bar.height) <= 212 }).toEqual({ where, barHeight: true });
          expect({
            where,
            cardsFromTop: at.top >= -1,
            cardsAboveBar: at.bottom <= at.barTop + 1,
            barOnScreen: at.barBottom <= snap.viewport.height + 1,
          }).toEqual({
            where,
            cardsFromTop: true,
            cardsAboveBar: true,
            barOnScreen: true,
          });
          if (decisions === 2) await shot(page, 'rattlesnake-screens-phone-decision');
          // "Take Cover?" (when the bot happens to use an ability and Pat holds Take Cover): the ability's card is on the table.
          if (what.startsWith('Take Cover?')) {
            expect(texts(snap).some((t) => / uses$/.test(t.label))).toBe(true);
            await shot(page, 'rattlesnake-screens-phone-take-cover');
          }
        }
        await move(page);
        await page.waitForTimeout(150);
      }
      expect(decisions).toBeGreaterThanOrEqual(5);
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
    }
  });

  test('keyboard: digits pick the n-th card, Enter commits, A attacks, E ends the turn; focus stays in the bar', async () => {
    const folks = people(stack().browser);
    try {
      const page = await folks.open('desktop', DESKTOP);
      await tableWithBot(page);
      const keys = async () =>
        actions(page)
          .locator('button')
          .evaluateAll((bs) => bs.map((b) => [b.getAttribute('aria-label') ?? b.textContent ?? '', b.getAttribute('data-key') ?? '']));
      let sawCommit = false;
      let sawMain = false;
      for (let i = 0; i < 30 && !(sawCommit && sawMain); i++) {
        const text = await prompt(page);
        const bar = await keys();
        // The table moved on between the two reads (a bot's move): the bar may be the next decision's; look again.
        if ((await prompt(page)) !== text) continue;
        const keyOf = (name: RegExp) => bar.find(([label]) => name.test(label))?.[1];
        // No key twice in one bar.
        const given = bar.map(([, k]) => k).filter(Boolean);
        expect(new Set(given).size).toBe(given.length);
        if (/^(Attack|Defend):/.test(text) && !sawCommit) {
          sawCommit = true;
          const selects = bar.filter(([label]) => label.startsWith('Select '));
          expect(selects.map(([, k]) => k)).toEqual(selects.map((_, n) => String(n + 1)));
          // My hand in order of value (a Set's cards side by side, a Run's in a row; Hits last), on the bar and on the
          // felt alike, so that the n-th key picks the n-th card one sees (the rules doc's decision).
          const barValues = selects.map(([label]) => Number(/\((\d)\)/.exec(label)?.[1] ?? 9));
          expect(barValues).toEqual([...barValues].sort((a, b) => a - b));
          const snap = await measure(page);
          const feltValues = handCards(snap).map(({ index }) => Number(onCard(snap, index).find((x) => /^[1-5]$/.test(x.label))?.label ?? 9));
          if ((await prompt(page)) === text) expect(feltValues).toEqual(barValues);
          // A select toggle pressed from the keyboard (Space), once: the bar is drawn again, the focus stays on it.
          // (The bar is drawn over itself, keeping its buttons, so a patch that draws it again between the key's
          // down and up does not take the press away; a bot's move that ended the decision sends us to the next one.)
          const selected = async () => (await actions(page).locator('button.select').first().getAttribute('aria-pressed')) === 'true';
          await actions(page).locator('button.select').first().focus();
          await page.keyboard.press('Space');
          await until('the card selected', async () => (await selected()) || (await prompt(page)) !== text, 3000).catch(() => undefined);
          if ((await prompt(page)) !== text) {
            sawCommit = false;
            continue;
          }
          expect(await selected()).toBe(true);
          expect(await page.evaluate(() => document.activeElement?.closest('.actions') !== null && document.activeElement?.tagName === 'BUTTON')).toBe(true);
          expect(
            await actions(page)
              .locator('button.select')
              .first()
              .evaluate((b) => b === document.activeElement),
          ).toBe(true);
          const after = await keys();
          expect(after.find(([label]) => /^Commit 1 card$/.test(label))?.[1]).toBe('Enter');
        } else if (/^Your turn: /.test(text) && !sawMain) {
          sawMain = true;
          if (keyOf(/^Attack$/) !== undefined) expect(keyOf(/^Attack$/)).toBe('a');
          expect(keyOf(/^End turn$/)).toBe('e');
        }
        await move(page);
        await page.waitForTimeout(150);
      }
      expect([sawCommit, sawMain]).toEqual([true, true]);
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
    }
  });
});
