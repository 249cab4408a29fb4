import { Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';

/** The palette and type shared by every game's scene. */
export const INK = 0x2b1a0e;
export const PAPER = 0xf6ead2;
export const GOLD = 0xe0a530;
export const CREAM = 0xfff3dc;
export const FONT = 'Georgia, "Times New Roman", serif';

export function text(value: string, style: TextStyleOptions): Text {
  return new Text({ text: value, style: { fontFamily: FONT, fill: INK, ...style } });
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

/** A left-aligned label at (x, y) in `root`, shortened to `maxW` pixels when given. */
export function addLabel(root: Container, value: string, x: number, y: number, size: number, color = CREAM, bold = false, maxW = 0): Text {
  const t = text(value, { fontSize: size, fill: color, fontWeight: bold ? 'bold' : 'normal' });
  if (maxW > 0) fit(t, maxW);
  t.position.set(x, y);
  root.addChild(t);
  return t;
}

/** Adds `c` to `root` at (x, y). */
export function placeIn(root: Container, c: Container, x: number, y: number): Container {
  c.position.set(x, y);
  root.addChild(c);
  return c;
}

/**
 * A face-down card: a coloured back with a gold inner frame and a star, or a short label (a pile's count).
 * `radius` and `labelScale` are fractions of the width.
 */
export function cardBack(w: number, h: number, opts: { fill: number; label?: string; radius: number; labelScale: number }): Container {
  const c = new Container();
  c.addChild(new Graphics().roundRect(0, 0, w, h, Math.max(4, w * opts.radius)).fill(opts.fill).stroke({ width: 2, color: INK }));
  c.addChild(new Graphics().roundRect(3, 3, w - 6, h - 6, 3).stroke({ width: 1.5, color: GOLD }));
  const label = opts.label ?? '';
  const t = text(label || '★', { fontSize: Math.max(10, w * (label ? opts.labelScale : 0.4)), fill: label ? CREAM : GOLD, fontWeight: 'bold' });
  t.anchor.set(0.5);
  t.position.set(w / 2, h / 2);
  c.addChild(t);
  return c;
}
