/**
 * A player at a table, for the table shell's browser tests (phone fit, end screen, keyboard, TV, contrast): a table
 * made from the lobby with bots, a Duel played to its end by clicking, boxes measured in CSS pixels.
 */
import { Client } from 'colyseus.js';
import type { Locator, Page } from 'playwright-core';
import { DUEL_AIM, DUEL_PLAY } from './browser';
import { measure, type Snapshot } from './screens';

export async function until(what: string, fn: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 60));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A watching host creates a `game` table from Node with a test seed (the lobby never sends one; the server needs
 * ALLOW_TEST_SEED), no turn timer; players then join by its code. Returns the code and a `leave` for the host.
 */
export async function hostTable(
  base: string,
  game: string,
  seats: number,
  bots: number,
  seed: number,
  options: object = {},
): Promise<{ code: string; leave: () => Promise<void> }> {
  const host = await new Client(base.replace(/^http/, 'ws')).create(game, {
    name: 'Host',
    seats,
    bots,
    seed,
    spectate: true,
    options: { ...options, turnSeconds: 0 },
  });
  host.onMessage('*', () => undefined); // the host only watches
  return {
    code: host.roomId,
    leave: () =>
      host.leave().then(
        () => undefined,
        () => undefined,
      ),
  };
}

/** The waiting room of a table waiting for its players (table/waiting-room.ts), by its title. */
export const waitingRoom = (page: Page) => page.getByRole('region', { name: 'Invite your friends' });

/** The heights of the action bar and the felt (the scene's box), in CSS px, rounded. */
export const tableHeights = (page: Page) =>
  page.evaluate(() => ({
    bar: Math.round(document.querySelector('.actions')?.getBoundingClientRect().height ?? 0),
    felt: Math.round(document.querySelector('.scene')?.getBoundingClientRect().height ?? 0),
  }));

/** A button of the action bar by its accessible name (exact when a string). */
export const actionButton = (page: Page, name: string | RegExp) => page.locator('.actions').getByRole('button', { name, exact: typeof name === 'string' });

/**
 * Aims the picked gun with the bar's `button` ("Aim at Bob") as its player would: a click on it where it shows, else a
 * tap on that player's box on the felt (a phone's bar keeps its "Aim at …" for screen readers and the digit keys only).
 */
export async function aim(page: Page, button: Locator, timeout = 10_000): Promise<void> {
  await button.waitFor({ state: 'attached', timeout });
  if (await button.evaluate((b) => b.getBoundingClientRect().width > 1)) return button.click({ timeout });
  const name = ((await button.textContent()) ?? '').replace(/^Aim at /, '').trim();
  const { items } = (await measure(page)).scene;
  // (a name the felt cut, "Calamity …", is still its box)
  const names = (label: string) => label === name || (label.endsWith('…') && name.startsWith(label.slice(0, -1).trim()));
  const box = items.find((b, i) => b.kind === 'box' && b.tap && items.some((t) => t.parent === i && t.kind === 'text' && names(t.label)));
  if (!box?.tap) throw new Error(`no box of "${name}" to tap on the felt`);
  const [x, y] = [box.tap.x + box.tap.width / 2, box.tap.y + box.tap.height / 2];
  await ((await page.evaluate(() => navigator.maxTouchPoints > 0)) ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
}

/**
 * Creates a table from the lobby (English unless the page says otherwise, no turn timer) as `name` (default Pat),
 * with the table options in `options` (label → value); returns its code.
 */
export async function createTable(
  page: Page,
  base: string,
  game: RegExp,
  seats: number,
  bots: number,
  options: Record<string, string> = {},
  name = 'Pat',
): Promise<string> {
  // (back in the lobby after leaving a table: no need to load the page again)
  if (!page.url().endsWith('#/')) await page.goto(`${base}/`);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.locator('label.game-choice strong', { hasText: game }).click();
  await page.getByLabel('Seats', { exact: true }).selectOption(String(seats));
  await page.getByLabel('Bots', { exact: true }).selectOption(String(bots));
  await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
  for (const [label, value] of Object.entries(options)) await page.getByLabel(label, { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/#\/table\/[A-Z0-9]{5}$/, { timeout: 10_000 });
  return ((await page.getByTestId('table-code').textContent()) ?? '').trim();
}

/**
 * Plays Duel by clicking the first card and aiming at the first target, until the end screen shows. The target is
 * chosen with the bar's "Aim at …" button and Enter, as a keyboard or screen-reader player does. (On a phone the bar
 * keeps that button for screen readers and keys, and a finger taps the player on the felt: `aim`, which measures the
 * felt first. Played that way, a game to its end took 38 s instead of 13–15 at six players and 18 s instead of 4 at
 * three, on a 390×844 phone.)
 */
export async function playDuelToEnd(page: Page, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  const winner = page.getByTestId('winner');
  while (Date.now() < end) {
    if (await winner.isVisible()) return;
    try {
      const aims = page.locator('.actions').getByRole('button', { name: DUEL_AIM, disabled: false });
      if ((await aims.count()) > 0) {
        await aims.first().press('Enter', { timeout: 3000 });
        continue;
      }
      const plays = page.locator('.actions').getByRole('button', { name: DUEL_PLAY, disabled: false });
      if ((await plays.count()) > 0) {
        await plays.first().click({ timeout: 3000 });
        continue;
      }
    } catch {
      // redrawn under the pointer: look again
    }
    await page.waitForTimeout(60);
  }
  throw new Error('no end of the game before the deadline');
}

/**
 * From the page's first frame on, records what moves the table under the player's eyes while the same table is shown,
 * each with the status bar's words before and after: every new size of the scene's canvas ("taller 42px", "shorter
 * 42px": the whole table drawn again at another size; `sceneResizes`), and every move of the table's top on the page
 * ("down 22px", "up 22px"; `tableMoves`), the end screen aside (it covers the table). Call before the page opens the table.
 *
 * The canvas itself is watched (Pixi sets its CSS size at each resize), not the scene's box sampled each frame: a box
 * sampled before the frame's ResizeObservers had held the bars at their tallest showed sizes never painted (a Saloon
 * threat counted twice, 5 then 23 px, for one new canvas).
 */
export async function watchSceneHeight(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sceneResizes: string[]; __tableMoves: string[] };
    w.__sceneResizes = [];
    w.__tableMoves = [];
    let canvas: HTMLCanvasElement | null = null;
    let sizes: MutationObserver | null = null;
    let last = 0;
    let top: number | null = null;
    let said = '';
    const statusWords = () => document.querySelector('[data-testid=status]')?.textContent ?? '';
    // (the end screen covers the table: the table may take the room the status bar no longer holds under it)
    const ended = () => document.querySelector('.endscreen:not([hidden])') !== null;
    const look = () => {
      const now = document.querySelector<HTMLCanvasElement>('.table-page.live .scene canvas');
      const words = statusWords();
      if (now !== canvas) {
        sizes?.disconnect();
        canvas = now;
        if (now) {
          last = Math.round(parseFloat(now.style.height) || 0);
          sizes = new MutationObserver(() => {
            const height = Math.round(parseFloat(now.style.height) || 0);
            if (height !== last && !ended())
              w.__sceneResizes.push(`${height > last ? 'taller' : 'shorter'} ${Math.abs(height - last)}px: "${said}" → "${statusWords()}"`);
            last = height;
          });
          sizes.observe(now, { attributes: true, attributeFilter: ['style'] });
        }
      }
      const main = document.querySelector('.table-main');
      if (main && !ended()) {
        const at = Math.round(main.getBoundingClientRect().top + window.scrollY);
        if (top !== null && at !== top) w.__tableMoves.push(`${at > top ? 'down' : 'up'} ${Math.abs(at - top)}px: "${said}" → "${words}"`);
        top = at;
      }
      said = words;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/** The scene's changes of height recorded since `watchSceneHeight`. */
export const sceneResizes = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __sceneResizes?: string[] }).__sceneResizes ?? []);

/** The moves of the table's top on the page recorded since `watchSceneHeight`. */
export const tableMoves = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __tableMoves?: string[] }).__tableMoves ?? []);

/** A long game's story: `n` more lines in the table's "What happened" (the side column's log), as the page draws them. */
export const addStoryLines = (page: Page, n = 40): Promise<void> =>
  page.evaluate((count) => {
    const list = document.querySelector('.side [role=log] ol');
    for (let i = 0; i < count; i++) list?.append(Object.assign(document.createElement('li'), { textContent: `Turn ${i}: a line of the story.` }));
  }, n);

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  bottom: number;
  right: number;
}

/** The first visible element's box in CSS pixels of the viewport, or null. */
export async function boxOf(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const el = [...document.querySelectorAll(sel)].find((e) => e.getClientRects().length > 0);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom, right: r.right };
  }, selector);
}

/**
 * The moves a player cannot see: enabled buttons of the action bar outside the screen or scrolled out of the bar (a
 * bar taller than its room scrolls inside itself and hides its last rows: a player would not know "End turn" is there).
 */
export async function hiddenMoves(page: Page, where: string): Promise<string[]> {
  const hidden = await page.evaluate(() => {
    const bar = document.querySelector('.actions');
    if (!bar) return [];
    const seen = bar.getBoundingClientRect();
    return [...bar.querySelectorAll<HTMLButtonElement>('button:enabled')]
      .filter((b) => b.getClientRects().length > 0 && !b.closest('[aria-hidden="true"]'))
      .flatMap((b) => {
        const r = b.getBoundingClientRect();
        const inBar = r.top >= seen.top - 1 && r.bottom <= seen.bottom + 1;
        const onScreen = r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.left >= -1 && r.right <= window.innerWidth + 1;
        return inBar && onScreen
          ? []
          : [
              `"${(b.getAttribute('aria-label') || b.textContent || '').trim()}" [${Math.round(r.top)}–${Math.round(r.bottom)}] (bar shows ${Math.round(seen.top)}–${Math.round(seen.bottom)}, screen ${window.innerHeight})`,
            ];
      });
  });
  return hidden.map((h) => `${where}: the move ${h} is out of sight`);
}

/**
 * What a player sees at the top of the page, in words; [] when the status, the table and every move all show.
 * `minTable`: the least share of the screen's height the table may be squeezed to.
 */
export async function phoneProblems(page: Page, where: string, minTable = 0.3): Promise<string[]> {
  const out: string[] = [];
  const vh = await page.evaluate(() => window.innerHeight);
  const scrolled = await page.evaluate(() => window.scrollY);
  if (scrolled !== 0) out.push(`${where}: the page opened scrolled by ${scrolled}px`);
  for (const [what, sel] of [
    ['status bar', '[data-testid=status]'],
    ['table', '.scene'],
    ['action bar', '.actions'],
  ] as const) {
    const b = await boxOf(page, sel);
    if (!b) out.push(`${where}: no ${what}`);
    else if (b.y < -1 || b.bottom > vh + 1) out.push(`${where}: the ${what} [${Math.round(b.y)}–${Math.round(b.bottom)}] is not within the ${vh}px screen`);
  }
  const scene = await boxOf(page, '.scene');
  if (scene && scene.height < minTable * vh) out.push(`${where}: the table is squeezed to ${Math.round(scene.height)}px`);
  out.push(...(await hiddenMoves(page, where)));
  return out;
}

/**
 * The texts on the felt whose words match `label` and are drawn less than `min` CSS px tall (their bounding box): too
 * small to read. None matching is a problem too.
 */
export async function smallTexts(page: Page, where: string, label: RegExp, min: number): Promise<string[]> {
  const texts = (await measure(page)).scene.items.filter((i) => i.kind === 'text' && label.test(i.label));
  if (texts.length === 0) return [`${where}: no text like ${label} on the felt`];
  return texts.filter((t) => t.height < min).map((t) => `${where}: "${t.label}" is drawn ${t.height.toFixed(1)}px tall (less than ${min}px: unreadable)`);
}

/** The rows of cards on the felt (the public cards, my hand…), top to bottom, each with the width of its widest card. */
export async function cardRows(page: Page): Promise<{ y: number; width: number }[]> {
  return cardRowsOf(await measure(page));
}

/** `cardRows` of a snapshot already taken. */
export function cardRowsOf(snap: Snapshot): { y: number; width: number }[] {
  const cards = snap.scene.items.filter((i) => i.kind === 'card' && i.parent < 0);
  const rows: { y: number; width: number }[] = [];
  for (const c of [...cards].sort((a, b) => a.y - b.y)) {
    const row = rows.find((r) => Math.abs(r.y - c.y) < 4);
    if (row) row.width = Math.max(row.width, c.width);
    else rows.push({ y: c.y, width: c.width });
  }
  return rows;
}

/** The rows of cards (see `cardRows`) whose widest card is narrower than `min` CSS px: their words are too small to read. */
export async function smallCards(page: Page, where: string, min: number): Promise<string[]> {
  const rows = await cardRows(page);
  if (rows.length === 0) return [`${where}: no card on the felt`];
  return rows
    .filter((r) => r.width < min)
    .map((r) => `${where}: the cards at y=${Math.round(r.y)} are ${Math.round(r.width)}px wide (less than ${min}px: unreadable)`);
}

/**
 * Leaves the table for the lobby as a player does: "Leave", and in the middle of a game "Leave the table" in the
 * dialog that asks first (table/leave.ts). `leave`: the button's words in the page's language.
 */
export async function leaveToLobby(page: Page, leave = 'Leave'): Promise<void> {
  await page.getByRole('button', { name: leave, exact: true }).click();
  const confirm = page.getByTestId('leave-confirm');
  await Promise.race([page.waitForURL(/#\/$/), confirm.waitFor()]);
  if (await confirm.isVisible()) await confirm.click();
  await page.waitForURL(/#\/$/);
}

/**
 * Times a moment over the felt (games/moment.ts, `data-testid` = `testId`) on the page's own clock, from shown to
 * hidden (a loaded machine's late test steps do not count). Start it before the moment; `lasted()` once it is hidden.
 */
export async function timeMoment(page: Page, testId: string): Promise<{ lasted(): Promise<number> }> {
  await page.evaluate((id) => {
    const w = window as unknown as { __moment: { shown?: number; hidden?: number } };
    w.__moment = {};
    new MutationObserver(() => {
      const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      if (el && !el.hidden && w.__moment.shown === undefined) w.__moment.shown = performance.now();
      if (el?.hidden && w.__moment.shown !== undefined && w.__moment.hidden === undefined) w.__moment.hidden = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
  }, testId);
  return {
    lasted: async () => {
      const m = await page.evaluate(() => (window as unknown as { __moment: { shown?: number; hidden?: number } }).__moment);
      return (m.hidden ?? 0) - (m.shown ?? 0);
    },
  };
}

/** Where a moment over the felt (games/moment.ts) lies: wholly inside the felt, and its share of the felt's width and area. */
export async function momentOnFelt(page: Page, testId: string): Promise<{ inside: boolean; width: number; area: number }> {
  const box = await page.getByTestId(testId).boundingBox();
  const felt = await page.locator('.scene').boundingBox();
  if (!box || !felt) throw new Error(`no felt or no ${testId}`);
  const inside = box.x >= felt.x && box.y >= felt.y && box.x + box.width <= felt.x + felt.width && box.y + box.height <= felt.y + felt.height;
  return { inside, width: box.width / felt.width, area: (box.width * box.height) / (felt.width * felt.height) };
}

/**
 * Opens `log` (a game log, as downloaded) in the replay viewer at `base`, in any language (the file field by its id);
 * resolves once the replay shows.
 */
export async function openReplay(page: Page, base: string, log: object): Promise<void> {
  await page.goto(`${base}/#/replay`);
  await page.locator('#replay-file').setInputFiles({ name: 'tumbleweed-TEST1.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(log)) });
  await until('the replay', async () => ((await page.getByTestId('replay-title').textContent()) ?? '').startsWith('Replay — '));
}

/**
 * Opens the table header's menu where the header keeps its settings and the table's link there (a phone held
 * upright: "Menu"); elsewhere they are in the header's row and nothing is done.
 */
export async function openHeaderMenu(page: Page): Promise<void> {
  const menu = page.locator('.table-head .head-menu');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** Switches a table page to Portuguese from its header (its menu on a phone) and waits for it redrawn ("Sair"). */
export async function tableInPortuguese(page: Page): Promise<void> {
  await openHeaderMenu(page);
  await page.getByTestId('language').selectOption('pt-BR');
  await page.getByRole('button', { name: 'Sair', exact: true }).waitFor();
}

/** Every control in sight smaller than `min` (a finger: 44 CSS px) in either direction, as "where: what "words" w×h". */
export const smallTargets = async (page: Page, where: string, min = 44): Promise<string[]> => {
  // measured at rest: a card growing in (the end card starts at 97%) is not the size it will be tapped at
  await until(`${where} at rest`, () =>
    page.evaluate(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)),
  );
  return page.evaluate(
    ({ where, min }) => {
      const out: string[] = [];
      const controls = document.querySelectorAll('button, select, input, textarea, a[href], summary, [role=button]');
      for (const el of controls) {
        // a radio or checkbox is tapped through its label
        const target = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? (el.closest('label') ?? el) : el;
        const r = target.getBoundingClientRect();
        const style = getComputedStyle(el);
        // hidden from the eye: nothing to tap
        if (r.width <= 2 || r.height <= 2 || style.visibility === 'hidden' || style.clipPath === 'inset(50%)') continue;
        // (nor where nothing takes taps: the replay's action bar shows the watched seat's moves, inert)
        if (el.closest('[aria-hidden=true], [hidden], [inert], .pixi-a11y, #pixi-accessibility') !== null) continue;
        if (r.bottom < 0 || r.right < 0 || r.left > innerWidth) continue;
        if (r.width < min || r.height < min) {
          const words = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 28);
          out.push(`${where}: ${el.tagName.toLowerCase()} "${words}" ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
      }
      return out;
    },
    { where, min },
  );
};
