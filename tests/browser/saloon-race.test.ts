/**
 * Saloon Showdown's race on real screens (issue 12): Pat creates a 2-seat table with one easy bot from the lobby
 * ("Bot speed": Easy) on a 1366×768 desktop and on a 390×844 phone, threatens the bot or calls its threat, and at
 * "GO!" everything a duelist needs is on the screen at once, without scrolling: the three cards to read, every gun,
 * every area, every noise and the Shoot button — none of it under the pinned status bar or below the fold. "GO!" is
 * written once on the page (not in the scene and again in the panel), and every pick has its own key (`data-key`:
 * the gun's colour initial, a letter per area and noise, Enter for Shoot!) that the table routes to it.
 * Screenshots: test-artifacts/saloon-race-<desktop|phone>.png. Needs `npm run build` first.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { people, shot, useStack } from '../support/browser';
import { AREAS, COLOURS, majority, NOISES, parseCards } from '../support/saloon';

jest.setTimeout(180_000);

const stack = useStack({ BOT_DELAY_MS: '50' });

const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1366, height: 768 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

type Box = { x: number; y: number; width: number; height: number };

/** Plays until "GO!" of a duel this page fights (threatens the bot, calls its threats); false at the deadline. */
async function untilGo(page: Page, deadline: number): Promise<boolean> {
  const actions = page.locator('.actions');
  const button = (name: string | RegExp) => actions.getByRole('button', { name, exact: typeof name === 'string' });
  while (Date.now() < deadline) {
    try {
      const word = page.getByTestId('duel-word');
      if ((await word.count()) > 0 && (await word.textContent()) === 'GO!' && (await page.getByTestId('hand').locator('li').count()) === 3) return true;
      if ((await word.count()) === 0) {
        if ((await button('Do you?').count()) > 0) await button('Do you?').click({ timeout: 2000 });
        else if ((await button(/^Threaten .* with the \w+ gun$/).count()) > 0) await button(/^Threaten .* with the \w+ gun$/).first().click({ timeout: 2000 });
        else if ((await button(/^Discard /).count()) > 0) await button(/^Discard /).first().click({ timeout: 2000 });
        else if ((await button('Draw from deck').count()) > 0) await button('Draw from deck').click({ timeout: 2000 });
      }
    } catch {
      // redrawn under the pointer
    }
    await page.waitForTimeout(40);
  }
  return false;
}

test.each(SCREENS)('on a $name, the whole race panel is on screen at GO!, GO! is shown once, and every pick has its key', async ({ name, options }) => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open(name, { ...options, locale: 'en-US' });
    await page.goto(`${stack().base}/`);
    await page.getByLabel('Your name', { exact: true }).fill('Pat');
    await page.locator('label.game-choice strong', { hasText: 'Saloon Showdown' }).click();
    await page.getByLabel('Seats', { exact: true }).selectOption('2');
    await page.getByLabel('Bots', { exact: true }).selectOption('1');
    expect(await page.getByLabel('Bot speed', { exact: true }).inputValue()).toBe('normal');
    await page.getByLabel('Bot speed', { exact: true }).selectOption('easy');
    await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.waitForURL(/#\/table\/[A-Z0-9]{5}$/, { timeout: 10_000 });

    let fought = false;
    const deadline = Date.now() + 120_000;
    while (!fought && Date.now() < deadline) {
      if (!(await untilGo(page, deadline))) break;
      // (the easy bot needs ~1.1 s: measure at once)
      const boxes = await page.evaluate(() => {
        const box = (el: Element | null) => {
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        };
        const all = (sel: string) => [...document.querySelectorAll(sel)].map((e) => ({ name: e.getAttribute('aria-label') ?? e.textContent ?? sel, box: box(e) }));
        const status = document.querySelector('[data-testid="status"]');
        const hand = document.querySelector('[data-testid="hand"]');
        const handShown = !!hand && hand.getBoundingClientRect().width > 2;
        // The cards to read: the hand list when it is shown, else the three cards drawn big in the scene.
        const items: any[] = (window as any).__tumbleweedScene?.bounds?.().items ?? [];
        const sceneCards = items.filter((b) => b.kind === 'card');
        const cards = handShown
          ? all('[data-testid="hand"] li')
          : sceneCards.map((b: any, i: number) => ({ name: `scene card ${i + 1}`, box: { x: b.x, y: b.y, width: b.width, height: b.height } }));
        // (the log's history of what happened says "GO!" too: not a sign to look at)
        const goTexts = [...document.querySelectorAll('body *')].filter((e) => e.children.length === 0 && /\bGO!/.test(e.textContent ?? '') && (e as HTMLElement).offsetParent !== null && !e.closest('[role="log"]')).length;
        const sceneGo = items.filter((b: any) => b.kind === 'text' && /\bGO!/.test(b.label ?? '')).length;
        return {
          vh: window.innerHeight,
          vw: window.innerWidth,
          // room for the status bar pinned at the top (where it is now, or its height when it has scrolled away)
          statusBottom: status ? Math.max(status.getBoundingClientRect().bottom, status.getBoundingClientRect().height) : 0,
          parts: [...cards, ...all('.saloon-duelpanel button.pick'), ...all('.saloon-duelpanel button.shoot')],
          goTexts,
          sceneGo,
        };
      });
      await shot(page, `saloon-race-${name}`);
      const off = boxes.parts.filter((p: { box: Box | null }) => !p.box || p.box.y < boxes.statusBottom - 1 || p.box.y + p.box.height > boxes.vh + 1 || p.box.x < -1 || p.box.x + p.box.width > boxes.vw + 1);
      expect(boxes.parts.length).toBeGreaterThanOrEqual(3 + 4 + 4 + 3 + 1);
      expect(off.map((p: { name: string; box: Box | null }) => `${p.name} at ${JSON.stringify(p.box)} (screen ${boxes.vw}×${boxes.vh}, status bar to ${boxes.statusBottom})`)).toEqual([]);
      expect(boxes.goTexts + boxes.sceneGo).toBe(1);

      // The keys (the table routes a key to the button with that data-key): the gun's colour initial, the area's and
      // the noise's own letters, all different; the shot goes off by them.
      const labels = await page.getByTestId('hand').locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      const cards = parseCards(labels);
      const colour = majority(cards.map((c) => c[0]), COLOURS)[0];
      const area = majority(cards.map((c) => c[1]), AREAS)[0];
      const noise = majority(cards.map((c) => c[2].toLowerCase()), NOISES)[0];
      const panel = page.locator('.saloon-duelpanel');
      const keys = await panel.locator('button[data-key]').evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label') ?? e.textContent ?? '', e.getAttribute('data-key') ?? '']));
      const keyOf = new Map(keys.map(([label, k]) => [label, k]));
      expect(new Set(keys.map(([, k]) => k.toLowerCase())).size).toBe(keys.length);
      expect(keyOf.get('Gun: red')).toBe('r');
      expect(keyOf.get('Gun: blue')).toBe('b');
      expect(keyOf.get('Gun: green')).toBe('g');
      expect(keyOf.get('Gun: yellow')).toBe('y');
      expect(keyOf.get('Shoot!')).toBe('Enter');
      for (const a of AREAS) expect(keyOf.get(`Area: ${a}`)).toMatch(/^[a-z0-9]$/);
      for (const n of NOISES) expect(keyOf.get(`Noise: ${n.charAt(0).toUpperCase()}${n.slice(1)}`)).toMatch(/^[a-z0-9]$/);
      if ((await page.getByTestId('duel-word').count()) === 0) continue; // the bot was quicker: the next duel
      const gunEnabled = await panel.getByRole('button', { name: `Gun: ${colour}`, exact: true }).isEnabled();
      const picks = gunEnabled ? [keyOf.get(`Gun: ${colour}`), keyOf.get(`Area: ${area}`), keyOf.get(`Noise: ${noise.charAt(0).toUpperCase()}${noise.slice(1)}`)] : [keyOf.get('Gun: Bottle'), keyOf.get(`Area: ${area}`)];
      try {
        for (const k of picks) await panel.locator(`button[data-key="${k}"]`).click({ timeout: 1000 });
        if (!gunEnabled) await panel.locator('button[aria-label="Crash!"]').click({ timeout: 1000 });
      } catch {
        continue; // the bot drew first and the panel went away: the next duel
      }
      fought = true;
    }
    expect(fought).toBe(true);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
