/**
 * Layout checks for real screens (issue 12): what a table page draws — the Pixi scene through its test hook
 * (`window.__tumbleweedScene.bounds()`, packages/client/src/scenes/pixi.ts) and the DOM around it (action bar, status
 * bar, seat list) — measured in CSS pixels, and the problems a player would see: text or cards cut by the canvas or
 * the screen, text wider than its card or box, labels on top of each other, cards on top of other cards or of labels,
 * a scene drawn into a corner of its canvas, a canvas blurrier than the screen.
 */
import type { Page } from 'playwright-core';
import type { SceneBounds, SceneRect } from '../../packages/client/src/scenes/pixi';

/** The scene hook's answer, as the client declares it (types only: nothing of the client runs in the tests). */
export type { SceneBounds, SceneRect };

/** A DOM element around the scene: a button or the prompt of the action bar, the status bar, a seat in the list. */
export interface DomRect {
  kind: 'button' | 'prompt' | 'status' | 'seat';
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Its content is wider / taller than its box (cut or spilling out). */
  overflowX: number;
  overflowY: number;
}
export interface Snapshot {
  viewport: { width: number; height: number };
  scene: SceneBounds;
  dom: DomRect[];
}

type Rect = { x: number; y: number; width: number; height: number };

/** Rounding slack: a Text's box is its line box, a hair taller than the glyphs; borders are drawn half outside. */
const SLACK = 1.5;

const overlap = (a: Rect, b: Rect): number => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > SLACK && h > SLACK ? Math.round(Math.min(w, h)) : 0;
};
const inside = (a: Rect, b: Rect): boolean =>
  a.x >= b.x - SLACK && a.y >= b.y - SLACK && a.x + a.width <= b.x + b.width + SLACK && a.y + a.height <= b.y + b.height + SLACK;
const box = (r: Rect): string => `[${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}]`;
const name = (r: { kind: string; label: string }): string => (r.kind === 'text' ? JSON.stringify(r.label.replace(/\s+/g, ' ').slice(0, 48)) : r.kind);

/**
 * Scrolls the table into view as a player would have it (the whole scene on the screen, scrolling only when it is
 * not) and reads the scene's rectangles and the DOM around it in one go (one consistent moment of the page).
 */
export async function measure(page: Page): Promise<Snapshot> {
  // The pointer off the table: a card's hover text (a DOM tip over the scene) is not what is measured here.
  await page.mouse.move(0, 0);
  // (the scene starts after the page: the first moves may be on the bar before it is drawn. Six tours share two cores
  // in screens.test.ts, and a desktop at DPR 3 draws a 4098×2304 canvas without a GPU: in CI the first scene once took
  // more than 10 s to start. What is measured here is the layout, not the speed.)
  await page.waitForFunction(() => 'bounds' in ((window as unknown as { __tumbleweedScene?: object }).__tumbleweedScene ?? {}), undefined, { timeout: 30_000 });
  // The layout at rest: a card still on its way to a pile (a tween, after its delay) was once measured on top of the
  // pile's label. No tween running or waiting to (the scene says so: `moving`), and every rectangle the same for
  // 300 ms and over 3 frames drawn; a scene that never sits still (a race's countdown) is measured after 4 s anyway.
  // (The frames too: on a loaded 2-core machine a frame can take longer than 300 ms to come, and the rectangles of a
  // card half-way through its slide stood still that long: in CI, six Duel cards were measured half-way between their
  // players' boxes and their places, 48 px over the boxes. And `moving`: in CI, after that, five Duel cards were still
  // measured inside their players' boxes, over the "DODGED" stamps, where no card rests. Not reproduced here; whatever
  // held them still, a card on its way is a tween, and the scene's ticker runs while one does, its delay included.)
  // And the snapshot itself shows the scene at rest: a tween that began between the wait and the snapshot (the bots'
  // committed cards slide to their places when a reveal's 1.5 s hold ends, a timer, not a tween: in CI, five bots'
  // cards were measured inside their boxes, over the "DODGED" stamps, though a screenshot just before showed the table
  // at rest) means waiting and measuring again.
  for (let attempt = 1; ; attempt++) {
    await atRest(page);
    const snap = await snapshot(page);
    if (!snap.scene.moving || attempt >= 3) return snap;
  }
}

/** Waits until the scene is at rest (see `measure`), 4 s at most. */
async function atRest(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as {
          __tumbleweedScene?: { bounds(): { items: Rect[]; moving: boolean } };
          __restSig?: string;
          __restSince?: number;
          __restFrame?: number;
          __frames?: number;
          __framesUntil?: number;
          __framesLoop?: boolean;
        };
        const now = performance.now();
        // The frames drawn, counted while measures wait (and 5 s after the last): no loop left running for good. One
        // loop at a time (`__framesLoop`), so a frame is never counted twice.
        w.__framesUntil = now + 5000;
        if (!w.__framesLoop) {
          w.__framesLoop = true;
          const tick = () => {
            w.__frames = (w.__frames ?? 0) + 1;
            if (performance.now() < (w.__framesUntil ?? 0)) requestAnimationFrame(tick);
            else w.__framesLoop = false;
          };
          requestAnimationFrame(tick);
        }
        const bounds = w.__tumbleweedScene?.bounds();
        const sig = JSON.stringify([bounds?.moving, bounds?.items.map((i) => [i.x, i.y, i.width, i.height].map(Math.round))]);
        const frames = w.__frames ?? 0;
        if (sig !== w.__restSig) {
          w.__restSig = sig;
          w.__restSince = now;
          w.__restFrame = frames;
        }
        return !bounds?.moving && now - (w.__restSince ?? now) >= 300 && frames - (w.__restFrame ?? frames) >= 3;
      },
      undefined,
      { polling: 50, timeout: 4000 },
    )
    .catch(() => undefined);
}

/** The scene's rectangles and the DOM around it, at one moment. */
function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const scene = document.querySelector('.scene');
    if (!scene) throw new Error('no .scene on the page');
    scene.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const hook = (window as unknown as { __tumbleweedScene?: { bounds(): unknown } }).__tumbleweedScene;
    if (!hook) throw new Error('no window.__tumbleweedScene: the scene is not drawn');
    const visible = (el: Element) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      // (a text kept for screen readers only, clipped to nothing on purpose, is not on the screen: not measured)
      const srOnly = s.clipPath === 'inset(50%)' && r.width <= 1 && r.height <= 1;
      return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0 && !srOnly;
    };
    const dom = (selector: string, kind: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)].filter(visible).map((el) => {
        const r = el.getBoundingClientRect();
        return {
          kind,
          label: (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' '),
          x: r.x,
          y: r.y,
          width: r.width,
          height: r.height,
          overflowX: el.scrollWidth - el.clientWidth,
          overflowY: el.scrollHeight - el.clientHeight,
        };
      });
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scene: hook.bounds(),
      dom: [...dom('.actions button', 'button'), ...dom('.actions .prompt', 'prompt'), ...dom('[data-testid=status]', 'status'), ...dom('.seats li', 'seat')],
    };
  }) as Promise<Snapshot>;
}

/** Everything wrong with one snapshot, in words ([] when the layout is clean). */
export function layoutProblems(snap: Snapshot, dpr: number): string[] {
  const out: string[] = [];
  const { scene, viewport } = snap;
  const canvas = scene.canvas;
  const screen: Rect = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const items = scene.items;

  // Sharp on this screen: the canvas and its texts at the screen's pixel ratio; the scene as large as its canvas.
  const want = Math.min(4, dpr);
  if (scene.resolution !== want) out.push(`canvas resolution ${scene.resolution}, the screen has ${dpr}`);
  // (a Text drawn larger than its raster, a scene zoomed without its words, is blurred; one drawn smaller is not)
  const blurry = scene.textResolutions.filter((r) => r < want - 0.01);
  if (blurry.length) out.push(`texts drawn at resolution ${blurry.join(', ')}, the screen has ${dpr}`);
  if (Math.abs(scene.screen.width - canvas.width) > 1 || Math.abs(scene.screen.height - canvas.height) > 1) {
    out.push(`scene ${scene.screen.width}×${scene.screen.height} in a canvas box of ${Math.round(canvas.width)}×${Math.round(canvas.height)}`);
  }

  // Drawn over the whole canvas, not into a corner of it.
  const drawn = items.filter((i) => i.kind !== 'box');
  if (drawn.length === 0) out.push('nothing drawn');
  else {
    const right = Math.max(...drawn.map((i) => i.x + i.width)) - canvas.x;
    const bottom = Math.max(...drawn.map((i) => i.y + i.height)) - canvas.y;
    if (right < canvas.width * 0.6 || bottom < canvas.height * 0.6) {
      out.push(`the scene fills only ${Math.round(right)}×${Math.round(bottom)} of its ${Math.round(canvas.width)}×${Math.round(canvas.height)} canvas`);
    }
  }

  items.forEach((it) => {
    // On the canvas and on the screen.
    if (!inside(it, canvas)) out.push(`${name(it)} ${box(it)} is cut by the canvas ${box(canvas)}`);
    else if (!inside(it, screen)) out.push(`${name(it)} ${box(it)} is off the screen ${viewport.width}×${viewport.height}`);
    // A text fits its card or box.
    if (it.kind === 'text' && it.parent >= 0 && !inside(it, items[it.parent])) {
      out.push(`${name(it)} ${box(it)} is wider or taller than its ${items[it.parent].kind} ${box(items[it.parent])}`);
    }
  });

  /** The cards and boxes holding item `i`. */
  const holders = (i: number): Set<number> => {
    const s = new Set<number>();
    for (let p = items[i].parent; p >= 0; p = items[p].parent) s.add(p);
    return s;
  };
  const held = items.map((_, i) => holders(i));
  /** Two items of one fan (a hand of backs, Hits in front) may overlap: the upper card hides the lower one on purpose. */
  const sameFan = (a: SceneRect, b: SceneRect) => a.stack !== '' && a.stack === b.stack;

  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i];
      const b = items[j];
      if (sameFan(a, b) || held[i].has(j) || held[j].has(i)) continue;
      // Texts on texts, cards on cards or on texts, boxes on anything but what they hold.
      const o = overlap(a, b);
      if (o) out.push(`${name(a)} ${box(a)} overlaps ${name(b)} ${box(b)} by ${o}px`);
    }
  }

  // A fan of like cards (Hits in front, a hand of backs) shows their word whole on the top card, and on the others
  // wholly or not at all: stacked Hits read "HIHIHIHIT", each Hit's word cut by the next. (A fan of different cards,
  // my hand on a phone held sideways, shows each card in part as a fan does, the whole card a long-press away: not
  // asked here, nor a card under a different one with its like further on: Disarm, Hit, Disarm. A few pixels in sight
  // are a glyph's side bearing: 4 px of a back's ★ box show no ink.)
  /** The words drawn on card `c` (its name, value, what it does; on a back its mark). */
  const wordsOn = (c: number): string[] => items.filter((u) => u.kind === 'text' && u.parent === c).map((u) => u.label);
  /** Cards `a` and `b` are alike: every word on one is on the other (a like card under the next shows fewer, a back none). */
  const like = (a: number, b: number): boolean => {
    const [wa, wb] = [wordsOn(a), wordsOn(b)];
    return wa.every((w) => wb.includes(w)) || wb.every((w) => wa.includes(w));
  };
  items.forEach((t, i) => {
    const card = items[t.parent];
    if (t.kind !== 'text' || !card || card.stack === '') return;
    if (!items.some((u, k) => k !== i && u.kind === 'text' && u.label === t.label && items[u.parent]?.stack === card.stack)) return;
    const over: [number, number][] = [];
    for (let j = t.parent + 1; j < items.length; j++) {
      const b = items[j];
      if (b.kind !== 'card' || b.stack !== card.stack || held[i].has(j) || b.y > t.y + SLACK || b.y + b.height < t.y + t.height - SLACK) continue;
      const from = Math.max(t.x, b.x);
      const to = Math.min(t.x + t.width, b.x + b.width);
      if (to <= from) continue;
      // (the first card over the words decides: a different card cuts them as a fan does)
      if (over.length === 0 && !like(t.parent, j)) return;
      over.push([from, to]);
    }
    over.sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let end = -Infinity;
    for (const [from, to] of over) {
      const start = Math.max(from, end);
      if (to > start) covered += to - start;
      end = Math.max(end, to);
    }
    if (covered > SLACK && t.width - covered >= 5)
      out.push(`${name(t)} ${box(t)} is cut by the card fanned over it: ${Math.round(t.width - covered)}px of it in sight`);
  });

  // The DOM around the scene: on the screen's width, nothing cut, no button on another one, none over the table.
  const buttons = snap.dom.filter((d) => d.kind === 'button');
  for (const d of snap.dom) {
    if (d.x < -SLACK || d.x + d.width > viewport.width + SLACK) out.push(`${d.kind} "${d.label}" ${box(d)} leaves the ${viewport.width}px screen`);
    if (d.overflowX > 1) out.push(`${d.kind} "${d.label}" ${box(d)} is cut: its content is ${d.overflowX}px wider than its box`);
    if (d.overflowY > 1 && d.kind !== 'seat') out.push(`${d.kind} "${d.label}" ${box(d)} is cut: its content is ${d.overflowY}px taller than its box`);
    if (overlap(d, canvas)) out.push(`${d.kind} "${d.label}" ${box(d)} covers the table ${box(canvas)}`);
  }
  for (let i = 0; i < buttons.length; i++) {
    for (let j = i + 1; j < buttons.length; j++) {
      const o = overlap(buttons[i], buttons[j]);
      if (o) out.push(`button "${buttons[i].label}" ${box(buttons[i])} overlaps button "${buttons[j].label}" ${box(buttons[j])} by ${o}px`);
    }
  }
  return out;
}

/** How many cards the scene drew, for a sanity check that the table was really on screen. */
export const cardCount = (snap: Snapshot): number => snap.scene.items.filter((i) => i.kind === 'card').length;

/**
 * The least height, in CSS px, of a line of words on a felt that must stay readable on every screen (a card's words,
 * a player's line). Saloon's felt is drawn smaller to give its bar room: held sideways under its bar, its players'
 * "Loot $20 · Bounty $20" lines were drawn 6 px tall at the first decision of a 740×360 phone and 3.4 px when
 * threatened (a 360×640 phone held upright: 8.5–10.7 px).
 */
export const READABLE_PX = 7.5;

/**
 * The tallest band across the felt with nothing drawn in it, between the first thing drawn and the last (CSS px): room
 * a layout left unused.
 */
export function emptyBand(snap: Snapshot): { y: number; height: number } {
  const drawn = snap.scene.items.filter((i) => i.parent < 0).sort((a, b) => a.y - b.y);
  let widest = { y: 0, height: 0 };
  let bottom = drawn[0]?.y ?? 0;
  for (const it of drawn) {
    if (it.y - bottom > widest.height) widest = { y: bottom, height: it.y - bottom };
    bottom = Math.max(bottom, it.y + it.height);
  }
  return widest;
}

/** The felt left empty under the last thing drawn (CSS px): room a layout left unused at the felt's foot. */
export function emptyFoot(snap: Snapshot): number {
  const { canvas, items } = snap.scene;
  return canvas.y + canvas.height - Math.max(...items.filter((i) => i.parent < 0).map((i) => i.y + i.height));
}
