import { Container, Graphics, Rectangle, Text, TextStyle, type TextStyleOptions } from 'pixi.js';
import { BOX, CARD, MARK, STACK } from './pixi';

/** The palette and type shared by every game's scene. */
export const INK = 0x2b1a0e;
export const PAPER = 0xf6ead2;
export const GOLD = 0xe0a530;
export const CREAM = 0xfff3dc;
export const FONT = 'Georgia, "Times New Roman", serif';

/**
 * One TextStyle for every label drawn with the same options. Pixi keys a label's rendered texture by its words and its
 * TextStyle object (not the style's values), so two labels alike in everything but their style object were each
 * measured and rendered: sharing the style, a redraw finds the labels of the drawing before still rendered (see
 * clearForRedraw). A label whose style must change after it is made takes one of its own first (`ownStyle`).
 */
const styles = new Map<string, TextStyle>();
const MAX_STYLES = 500;

export function text(value: string, style: TextStyleOptions): Text {
  const options = { fontFamily: FONT, fill: INK, ...style };
  const key = JSON.stringify(options);
  let shared = styles.get(key);
  if (!shared) {
    if (styles.size >= MAX_STYLES) styles.clear(); // (labels drawn with a forgotten style keep it)
    shared = new TextStyle(options);
    styles.set(key, shared);
  }
  return new Text({ text: value, style: shared });
}

/** Sizes of words measured for a layout (worked out several times a draw: Saloon's scale search), by words and style. */
const measured = new Map<string, { width: number; height: number }>();
const MAX_MEASURED = 2000;

/**
 * The size `value` takes drawn by `text` in `style`, measured once: a layout that asks whether words fit need not make
 * and throw away a label each time. (The felts' fonts are the system's, never late.)
 */
export function measureText(value: string, style: TextStyleOptions): { width: number; height: number } {
  const key = `${value}\u0000${JSON.stringify(style)}`;
  let size = measured.get(key);
  if (!size) {
    const t = text(value, style);
    size = { width: t.width, height: t.height };
    t.destroy();
    if (measured.size >= MAX_MEASURED) measured.clear();
    measured.set(key, size);
  }
  return size;
}

/**
 * The felt a desktop lays a table out for (1366×768: about 1000×560), and the most a larger one is zoomed (feltLayout):
 * a 2560×1440 monitor's felt (2216×1204) is laid out as a desktop's, 2.15 times larger. (At 1.8 it was laid out 1231
 * wide, and Saloon's threat, beside my hand in less than 600 of it, took a phone's compact panel.)
 */
const DESKTOP_FELT = { w: 1000, h: 560 };
const ZOOM_MAX = 2.2;

/**
 * A felt of `size` as it is laid out: a TV's or a large monitor's (1530×826 on a 1080p TV) as a desktop's, its root
 * scaled up by `zoom` (1.48 there, at most ZOOM_MAX), the players' words growing with it to be read across a room; a
 * desktop's felt or a smaller one as it is (`zoom` 1). `width` and `height`: the size to lay the table out in.
 */
export function feltLayout(size: { width: number; height: number }): { zoom: number; width: number; height: number } {
  const zoom = Math.max(1, Math.min(ZOOM_MAX, size.width / DESKTOP_FELT.w, size.height / DESKTOP_FELT.h));
  return { zoom, width: size.width / zoom, height: size.height / zoom };
}

/**
 * Every Text under `root` rasterized at `resolution` device pixels per unit: a scene drawn larger (its root scaled up,
 * a TV's felt) keeps its words as sharp as the screen, not stretched from the renderer's resolution.
 */
export function sharpen(root: Container, resolution: number): void {
  for (const child of root.children) {
    if (child instanceof Text) child.resolution = resolution;
    else sharpen(child, resolution);
  }
}

/** `t`'s style made its own, to change: the one `text` gave it is shared with every label drawn alike. */
export function ownStyle(t: Text): TextStyle {
  t.style = t.style.clone();
  return t.style;
}

/**
 * `t`'s type made smaller, down to `floor`, until it is no wider than `max` (in a style of its own: see ownStyle); it
 * stays wider once at `floor`. (A Text's width is not quite proportional to its size: a few steps.)
 */
export function shrinkType(t: Text, max: number, floor: number): Text {
  let size = Number(t.style.fontSize);
  if (t.width > max && size > floor) {
    const style = ownStyle(t);
    for (let i = 0; i < 4 && t.width > max && size > floor; i++) {
      size = Math.max(floor, (size * max * 0.99) / t.width);
      style.fontSize = size;
    }
  }
  return t;
}

/**
 * Empties `root` for a new drawing and returns what destroys the old one: call it once the new drawing is rendered.
 * Pixi keeps a label's rendered texture while any label with the same words and style (`text`) holds it, so the
 * labels a redraw shares with the drawing before (most of them) are not rendered again: destroyed first, every one
 * of them was.
 */
export function clearForRedraw(root: Container): () => void {
  const old = root.removeChildren();
  return () => {
    for (const child of old) child.destroy({ children: true });
  };
}

/**
 * When a scene draws a change. `'now'`: at once, in the same task. `'afterTap'`: just after the browser's next paint,
 * for a change the player's own tap or key made: the page's answer to it (the pressed button, the action bar's next
 * step) is painted at once, and the scene's drawing, the longest work of a change (tens of milliseconds on a phone),
 * follows in a task of its own instead of holding that paint back. What comes from the server draws now: a race's
 * cards are on the screen in the same frame as its GO!.
 */
export type DrawWhen = 'now' | 'afterTap';

/** A scene's drawing asked for after the next paint (`DrawWhen`): once, however often it is asked for before then. */
export class DrawAfterPaint {
  private frame = 0;
  private timer = 0;

  constructor(private readonly draw: () => void) {}

  /** Draws the scene `when` (the scene's own drawing cancels the one asked for, whoever calls it). */
  redraw(when: DrawWhen): void {
    if (when === 'now') this.draw();
    else this.request();
  }

  private request(): void {
    if (this.frame || this.timer) return;
    // A frame callback runs just before the paint; a task queued from it runs after the paint.
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.timer = window.setTimeout(() => {
        this.timer = 0;
        this.draw();
      }, 0);
    });
  }

  /** Drops the drawing asked for: the scene is drawn now (it always draws its latest state), or goes away. */
  cancel(): void {
    cancelAnimationFrame(this.frame);
    window.clearTimeout(this.timer);
    this.frame = this.timer = 0;
  }
}

/** Shortens a Text to fit `max` pixels. */
export function fit(t: Text, max: number): Text {
  const full = t.text;
  let n = full.length;
  while (t.width > max && n > 1) {
    n -= 1;
    t.text = `${full.slice(0, n)}…`;
  }
  return t;
}

/**
 * The first of `forms` (the full words, then shorter ones) that fits `max` pixels; the last, shortened with "…", when
 * none does. Portuguese's "Saque $20 · Recompensa $20" was cut before its second amount where "Rec." fits.
 */
export function fitFirst(t: Text, forms: readonly string[], max: number): Text {
  for (const form of forms) {
    t.text = form;
    if (t.width <= max) return t;
  }
  return fit(t, max);
}

/**
 * The first of `forms` whose word-wrapped lines fit `maxH` pixels, or the last of them shortened (fitLines): a short
 * form that keeps what matters ("You lose — 1 Hit") before a long one cut ("You lose: Single 4 beats S…").
 */
export function fitLinesFirst(t: Text, forms: readonly string[], maxH: number): Text {
  for (const form of forms) {
    t.text = form;
    if (t.height <= maxH) return t;
  }
  return fitLines(t, maxH);
}

/** Shortens a word-wrapped Text to fit `maxH` pixels (its last line ends in "…"). */
export function fitLines(t: Text, maxH: number): Text {
  const full = t.text;
  if (t.height <= maxH) return t;
  // The longest start that fits (binary search: each try measures the text again).
  let lo = 1;
  let hi = full.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    t.text = `${full.slice(0, mid).trimEnd()}…`;
    if (t.height <= maxH) lo = mid;
    else hi = mid - 1;
  }
  t.text = `${full.slice(0, lo).trimEnd()}…`;
  return t;
}

/** The height of one line of text at `size` px (Georgia's line box, rounded up), for laying rows out. */
export const lineHeight = (size: number): number => Math.ceil(size * 1.25);

/** A left-aligned label at (x, y) in `root`, shortened to `maxW` pixels when given. */
export function addLabel(root: Container, value: string | readonly string[], x: number, y: number, size: number, color = CREAM, bold = false, maxW = 0): Text {
  const forms = typeof value === 'string' ? [value] : value;
  const t = text(forms[0] ?? '', { fontSize: size, fill: color, fontWeight: bold ? 'bold' : 'normal' });
  if (maxW > 0) fitFirst(t, forms, maxW);
  t.position.set(x, y);
  root.addChild(t);
  return t;
}

/** A finger's least target on a touch screen, in CSS px (as touch.css gives every button: Apple's 44 pt, WCAG 2.5.5). */
export const FINGER_PX = 44;

/**
 * Lets a card drawn smaller than a finger (`w`×`h` in its own units, `cssPerUnit` CSS px each: the felt's scale) take
 * taps past its edges: its hit area grows toward FINGER_PX, at most `room.x` to each side (half the gap to its
 * neighbours, so that no two meet) and `room.y` up and down. A card as large as a finger keeps its own box. `centred`:
 * the card is drawn around its origin (Duel's), not from it.
 */
export function fingerSized(c: Container, w: number, h: number, cssPerUnit: number, room: { x: number; y: number }, centred = false): Container {
  const want = FINGER_PX / cssPerUnit;
  const dx = Math.max(0, Math.min(room.x, (want - w) / 2));
  const dy = Math.max(0, Math.min(room.y, (want - h) / 2));
  const [x0, y0] = centred ? [-w / 2, -h / 2] : [0, 0];
  if (dx > 0 || dy > 0) c.hitArea = new Rectangle(x0 - dx, y0 - dy, w + 2 * dx, h + 2 * dy);
  return c;
}

/** Marks `c` as a card for the scenes' test hook (scenes/pixi.ts `sceneBounds`). */
export function asCard<T extends Container>(c: T): T {
  c.label = CARD;
  return c;
}

/** Marks `c` as a box whose labels must fit inside it (scenes/pixi.ts `sceneBounds`). */
export function asBox<T extends Container>(c: T): T {
  c.label = BOX;
  return c;
}

/** Marks `c` as a drawn sign (a gun's shape, bullets) that no text may cover (scenes/pixi.ts `sceneBounds`). */
export function asMark<T extends Container>(c: T): T {
  c.label = MARK;
  return c;
}

/** A new container in `root` for a fan of cards that overlap each other on purpose (scenes/pixi.ts `sceneBounds`). */
export function stackIn(root: Container): Container {
  const s = new Container();
  s.label = STACK;
  root.addChild(s);
  return s;
}

/** Adds `c` to `root` at (x, y). */
export function placeIn(root: Container, c: Container, x: number, y: number): Container {
  c.position.set(x, y);
  root.addChild(c);
  return c;
}

/**
 * A face-down card: a coloured back with a gold inner frame and a star, or a short label (a pile's count); `bare`:
 * neither (a back under the next one in a fan). `radius` and `labelScale` are fractions of the width.
 */
export function cardBack(w: number, h: number, opts: { fill: number; label?: string; radius: number; labelScale: number; bare?: boolean }): Container {
  const c = asCard(new Container());
  c.addChild(
    new Graphics()
      .roundRect(0, 0, w, h, Math.max(4, w * opts.radius))
      .fill(opts.fill)
      .stroke({ width: 2, color: INK }),
  );
  c.addChild(new Graphics().roundRect(3, 3, w - 6, h - 6, 3).stroke({ width: 1.5, color: GOLD }));
  if (opts.bare) return c;
  const label = opts.label ?? '';
  const t = text(label || '★', { fontSize: Math.max(10, w * (label ? opts.labelScale : 0.4)), fill: label ? CREAM : GOLD, fontWeight: 'bold' });
  t.anchor.set(0.5);
  t.position.set(w / 2, h / 2);
  c.addChild(t);
  return c;
}
