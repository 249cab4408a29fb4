import { Application, Container, Rectangle, Text, Ticker } from 'pixi.js';

/**
 * True when WebGL would run on the CPU (SwiftShader, llvmpipe: no GPU, e.g. headless or a VM). There every WebGL
 * frame costs ~100 ms, while Pixi's 2D canvas renderer keeps 60 fps for a card table.
 */
function softwareWebGL(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return true;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software|basic render/i.test(name);
  } catch {
    return true;
  }
}

/**
 * The canvas's pixels per CSS pixel: the screen's own (2 on most phones and Retina laptops, 3 on many phones), so
 * text and card edges are as sharp as the screen can show. Capped for odd devices and extreme zoom, where a canvas
 * that large would cost memory for no visible gain.
 */
export function screenResolution(): number {
  return Math.min(4, Math.max(1, window.devicePixelRatio || 1));
}

/** A scene's drawing area in CSS pixels (the same units as the page and the host box), whatever the resolution. */
export interface SceneSize {
  width: number;
  height: number;
}

/**
 * What a scene draws with: the Pixi application and its size in CSS pixels. Every scene lays itself out from
 * `size()` only: Pixi's `app.screen` is in CSS pixels (with `autoDensity` the canvas backing store is
 * `resolution` times larger, which the scenes never need to know).
 */
export interface PixiScene {
  app: Application;
  size(): SceneSize;
  /**
   * Calls `fn` when `node` is tapped: pressed and released on it, or on what a redraw put in its place under the
   * finger with the same `key` (which card, which player). Use instead of Pixi's `pointertap`.
   */
  onTap(node: Container, key: string, fn: () => void): void;
  stop(): void;
}

/** What `onTap` made tappable: the test hook reads where a tap takes them. */
const tappable = new WeakSet<Container>();

/**
 * Taps that outlive a redraw. A scene draws itself again whenever the table changes (another player places a card, a
 * bot answers) and a finger rests 100–300 ms on what it taps: Pixi's `pointertap` wants the press and the release on
 * one object, and a press on a card drawn again before the finger lifted was no tap at all. The press is remembered
 * here by its key, the thing's meaning, until the release on `host`'s canvas.
 */
function taps(host: HTMLElement): { onTap: PixiScene['onTap']; stop(): void } {
  let press: { key: string; pointer: number } | null = null;
  // Every press starts with none remembered (one that ended off the felt left its key behind); this capturing
  // listener on the canvas's parent runs before Pixi's own on the canvas.
  const forget = (): void => {
    press = null;
  };
  host.addEventListener('pointerdown', forget, { capture: true });
  return {
    onTap(node, key, fn) {
      node.eventMode = 'static';
      tappable.add(node);
      node.on('pointerdown', (e) => {
        press = { key, pointer: e.pointerId };
      });
      node.on('pointerup', (e) => {
        const was = press;
        press = null;
        if (was?.key === key && was.pointer === e.pointerId) fn();
      });
    },
    stop: () => host.removeEventListener('pointerdown', forget, { capture: true }),
  };
}

/*
 * Marks read by `sceneBounds()` (the test hook below), set as a container's Pixi `label`:
 *  - CARD: a card, face up or down, or an empty card slot;
 *  - BOX: a panel that holds labels (a player's box, the hand strip): its texts must fit inside it;
 *  - MARK: a drawn sign that is read like a word (a gun's shape, a card's bullets): no text may cover it;
 *  - STACK: a fan of cards that may overlap each other on purpose (a hand of backs, Hits in front): the part of a
 *    card under the next one is hidden by design.
 * A Text held by a card, a box or a mark must fit inside it; every other Text must fit inside the scene.
 */
export const CARD = 'card';
export const BOX = 'box';
export const MARK = 'mark';
export const STACK = 'stack';

/** One rectangle the scene draws, in CSS pixels of the viewport (as `getBoundingClientRect`). */
export interface SceneRect {
  kind: 'text' | 'card' | 'box' | 'mark';
  /** A Text's words; its kind otherwise. */
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Index (in `items`) of the card, box or mark holding this one; -1: the scene itself. */
  parent: number;
  /** Which fan (STACK container) the card holding this one is part of; '' when none. */
  stack: string;
  /** A card's own scale: below 1 while it grows into place (Saloon's dealt cards), 1 at rest. */
  scale?: number;
  /**
   * A Text's font size as drawn, in CSS px: its style's fontSize times the scale of everything holding it (a felt drawn
   * smaller, a TV's drawn larger). Its box (`height`) is its line box, of one line or several: this is the size of its words.
   */
  fontSize?: number;
  /** Where a tap takes it (CSS px, viewport coordinates): its hit area, else its box. Only on what a tap does something to. */
  tap?: Rect;
}

type Rect = { x: number; y: number; width: number; height: number };

export interface SceneBounds {
  /** The canvas's box on the page (CSS pixels, viewport coordinates). */
  canvas: Rect;
  /** The scene's own size (`app.screen`): equal to the canvas box. */
  screen: SceneSize;
  /** Canvas pixels per CSS pixel, and the resolution its Texts are drawn at. */
  resolution: number;
  /** The device pixels per CSS pixel each Text is rasterized at on screen (its resolution over its scene's scale). */
  textResolutions: number[];
  devicePixelRatio: number;
  /** In drawing order: later items are drawn over earlier ones. */
  items: SceneRect[];
  /** Something is moving or waiting to (a tween, in its delay too): the scene's ticker runs only then (motion.ts). */
  moving: boolean;
}

/** Where a tap takes `node`, on the page (`canvas`: the canvas's box): its hit area, else its bounds `b`. */
function tapBox(node: Container, b: Rect, canvas: { x: number; y: number }): Rect {
  const area = node.hitArea;
  if (!(area instanceof Rectangle)) return { x: canvas.x + b.x, y: canvas.y + b.y, width: b.width, height: b.height };
  const a = node.toGlobal({ x: area.x, y: area.y });
  const z = node.toGlobal({ x: area.x + area.width, y: area.y + area.height });
  return { x: canvas.x + a.x, y: canvas.y + a.y, width: z.x - a.x, height: z.y - a.y };
}

/**
 * The labelled rectangles of everything drawn (texts, cards, boxes, marks), for tests:
 * `window.__tumbleweedScene.bounds()`. Present in every build; it tells nothing that is not on the screen already.
 */
export function sceneBounds(app: Application): SceneBounds {
  const c = app.canvas.getBoundingClientRect();
  const items: SceneRect[] = [];
  const textResolutions = new Set<number>();
  let stacks = 0;
  // (a Text's resolution over its scene root's scale: the device pixels per CSS pixel it is rasterized at on screen)
  // (`scale`: the product of the scales from the stage down to `node`, its own included)
  const walk = (node: Container, parent: number, stack: string, rootScale = 1, above = 1): void => {
    const scale = above * Math.abs(node.scale.x);
    if (!node.visible || !node.renderable || node.alpha <= 0) return;
    let here = parent;
    let inStack = stack;
    const mark = node.label;
    if (mark === STACK) inStack = `${STACK}${++stacks}`;
    const kind = node instanceof Text ? 'text' : mark === CARD ? 'card' : mark === BOX ? 'box' : mark === MARK ? 'mark' : null;
    if (kind && !(node instanceof Text && node.text.trim() === '')) {
      const b = node.getBounds();
      items.push({
        kind,
        label: node instanceof Text ? node.text : kind,
        x: c.x + b.x,
        y: c.y + b.y,
        width: b.width,
        height: b.height,
        parent,
        stack: inStack,
        ...(kind === 'card' ? { scale: node.scale.x } : {}),
        ...(node instanceof Text ? { fontSize: Math.round(Number(node.style.fontSize) * scale * 100) / 100 } : {}),
        ...(node.eventMode === 'static' && tappable.has(node) ? { tap: tapBox(node, b, c) } : {}),
      });
      if (node instanceof Text) textResolutions.add(Math.round((node.resolution / rootScale) * 100) / 100);
      if (kind !== 'text') here = items.length - 1;
    }
    for (const child of node.children) walk(child, here, inStack, node === app.stage ? child.scale.x : rootScale, scale);
  };
  walk(app.stage, -1, '');
  return {
    canvas: { x: c.x, y: c.y, width: c.width, height: c.height },
    screen: { width: app.screen.width, height: app.screen.height },
    resolution: app.renderer.resolution,
    textResolutions: [...textResolutions],
    devicePixelRatio: window.devicePixelRatio,
    items,
    moving: app.ticker.started,
  };
}

/** The scenes' test hooks, oldest first, while their scenes live (see `sceneBounds`). */
const liveHooks: { bounds(): SceneBounds }[] = [];

declare global {
  interface Window {
    /** The scene on the page, for tests (see `sceneBounds`). */
    __tumbleweedScene?: { bounds(): SceneBounds };
  }
}

/** How often Pixi's housekeeping runs while the table sits still (ms). */
const HOUSEKEEPING_MS = 250;
/** Scenes that hold the system ticker stopped (a scene may start before the one it replaces is gone). */
let quietScenes = 0;

/**
 * Pixi's system ticker, which drives its housekeeping (texture GC, the hover updates of a still pointer), runs a
 * requestAnimationFrame loop for as long as the page is open: 60 frames a second at a table where nothing moves, about
 * a tenth of a core in Chromium even with nothing to draw (a phone's battery, a laptop's fan). It is stopped here and
 * stepped by hand instead: every frame while the scene's own ticker animates, and a few times a second otherwise.
 * Returns the function that hands the system ticker back to Pixi.
 */
function quietSystemTicker(app: Application): () => void {
  const system = Ticker.system;
  system.stop();
  quietScenes += 1;
  const step = () => system.update();
  app.ticker.add(step);
  const timer = window.setInterval(step, HOUSEKEEPING_MS);
  return () => {
    window.clearInterval(timer);
    app.ticker?.remove(step);
    quietScenes -= 1;
    if (quietScenes === 0) system.start();
  };
}

/**
 * A Pixi application filling `host`, resized with it (and with the screen's pixel ratio: a window moved to another
 * screen, a browser zoom). Shared by every game's scene. Its ticker is stopped: a scene calls `app.render()` after
 * drawing and starts the ticker only for animations.
 * The interactive bits of a scene are mirrored by real DOM buttons (the action bar), so Pixi's own
 * accessibility overlay stays off: it would only add a second, unlabelled copy of each control.
 */
export async function createPixiApp(host: HTMLElement, onResize: () => void): Promise<PixiScene> {
  const app = new Application();
  // A page drawn zoomed (the TV view on a screen larger than 1080p) shows each CSS pixel larger: as many more pixels.
  const sharpness = () => Math.min(4, screenResolution() * ((host as { currentCSSZoom?: number }).currentCSSZoom ?? 1));
  let resolution = sharpness();
  // The size the canvas is made at: the host may change size while Pixi starts (the page still settling), and the
  // first resize check compares against this one.
  let w = host.clientWidth;
  let hgt = host.clientHeight;
  await app.init({
    width: Math.max(1, w),
    height: Math.max(1, hgt),
    background: '#5b3a22',
    antialias: true,
    // The canvas is `resolution` device pixels per CSS pixel and styled back to the host's CSS size; Texts follow
    // the renderer's resolution (they have none of their own), so they stay sharp too.
    autoDensity: true,
    resolution,
    accessibilityOptions: { activateOnTab: false, enabledByDefault: false },
    // Card tables sit still most of the time: scenes render on change and run the ticker only while animating.
    autoStart: false,
    preference: softwareWebGL() ? 'canvas' : 'webgl',
  });
  const loud = quietSystemTicker(app);
  host.dataset.renderer = app.renderer.name;
  app.canvas.setAttribute('aria-hidden', 'true');
  app.canvas.style.display = 'block';
  host.replaceChildren(app.canvas);
  // Until a scene has something to draw (the table's state on its way, a table waiting for its players) its canvas
  // shows the wood under the felt, not a black rectangle (each scene's draw() renders its empty stage too, as after a
  // resize, which clears the canvas).
  app.render();
  const fit = () => {
    const r = sharpness();
    if (host.clientWidth === w && host.clientHeight === hgt && r === resolution) return;
    w = host.clientWidth;
    hgt = host.clientHeight;
    resolution = r;
    app.renderer.resize(Math.max(1, w), Math.max(1, hgt), resolution);
    onResize();
  };
  const observer = new ResizeObserver(fit);
  observer.observe(host);
  // The pixel ratio can change with no resize at all (the window dragged to another screen): a media query for the
  // current ratio fires once it no longer matches, and is set up again for the new one.
  let ratioQuery: MediaQueryList | null = null;
  const watchRatio = () => {
    ratioQuery?.removeEventListener('change', onRatio);
    ratioQuery = window.matchMedia?.(`(resolution: ${window.devicePixelRatio || 1}dppx)`) ?? null;
    ratioQuery?.addEventListener('change', onRatio);
  };
  function onRatio(): void {
    watchRatio();
    fit();
  }
  watchRatio();
  const tapper = taps(host);
  const hook = { bounds: () => sceneBounds(app) };
  liveHooks.push(hook);
  window.__tumbleweedScene = hook;
  return {
    app,
    size: () => ({ width: app.screen.width, height: app.screen.height }),
    onTap: tapper.onTap,
    stop: () => {
      tapper.stop();
      observer.disconnect();
      ratioQuery?.removeEventListener('change', onRatio);
      // (the hook is the latest scene still alive: a page remounted while its first scene was still starting — the
      // replay viewer's "Watch as" at once — had that one's late start and stop leave no hook at all)
      liveHooks.splice(liveHooks.indexOf(hook), 1);
      const latest = liveHooks[liveHooks.length - 1];
      if (latest) window.__tumbleweedScene = latest;
      else delete window.__tumbleweedScene;
      loud();
      // Pixi's shared pools (its batches, among others) are released with the last scene only: a scene destroyed
      // while another draws (one that finished starting after its page had moved on: "Watch as" changed again at
      // once) destroyed the batches that one was drawing with, and each of its later draws failed ("Cannot read
      // properties of null (reading 'clear')", seen in a clean-clone CI of the replay viewer).
      app.destroy({ removeView: true, releaseGlobalResources: liveHooks.length === 0 }, { children: true });
    },
  };
}
