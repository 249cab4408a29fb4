/**
 * Duel's players around the oval: where each box and each player's card lie, and whether they all lie apart. Five or
 * six on a laptop's low oval (1280×720, 1366×768) laid the two seats of a side one over the other (by 24 px, a name
 * hidden) and the top player's card over the next seat's (by 22–30 px) (a new player's review).
 */

/** A player's box on a desktop's oval: as wide and, where the oval has room, as tall. */
export const OVAL_BOX_W = 200;
export const OVAL_BOX_H = 118;
/** The lowest box of a crowded oval: the "Played:" line's room. Lower than that, the players sit in a grid. */
export const OVAL_BOX_MIN_H = 90;
/** Room above a card on the table for its caption ("shootout 1"), and under it for its "→ name" label. */
export const CAPTION_H = 14;
export const CAPTION_W = 48;
export const LABEL_H = 16;

export interface Spot {
  seat: number;
  x: number;
  y: number;
  /** Where this player's card for the shootout lies on the table. */
  cx: number;
  cy: number;
  /** How wide the "→ name" label under the card may be (it must not reach the player's box beside it). */
  labelW: number;
  /**
   * A crowded phone table (five or six players; four on a small phone, where the oval's cards lay on the boxes): the
   * spots are a grid of rows, each card right beside its player's box, with no room above or below it for the caption
   * and the "→ name" label (the arrows and the log say it).
   */
  tight?: boolean;
  /** No caption ("shootout 1") over the card: a crowded oval's cards have no room for it (the centre says the shootout). */
  bare?: boolean;
}

export interface Oval {
  n: number;
  /** My seat (at the bottom; the others around from there). */
  base: number;
  W: number;
  tableH: number;
  /** A player's box, and a card on the table. */
  sw: number;
  sh: number;
  slotW: number;
  slotH: number;
  phone: boolean;
}

const angleOf = (rel: number, n: number) => Math.PI / 2 + (rel * 2 * Math.PI) / n;

/**
 * How tall the players' boxes around a desktop's oval may be: the boxes whose places overlap across must be a box's
 * height and a gap apart up and down: ry·k ≥ h + gap, where ry = tableH/2 − h/2 − 6 and k is the least difference of
 * the sines of two such seats' angles.
 */
export function ovalBoxH(n: number, W: number, tableH: number): number {
  const gap = 6;
  const rx = Math.max(0, W / 2 - OVAL_BOX_W / 2 - 6);
  let k = Infinity;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const a = angleOf(i, n);
      const b = angleOf(j, n);
      if (Math.abs(Math.cos(a) - Math.cos(b)) * rx < OVAL_BOX_W + gap) k = Math.min(k, Math.abs(Math.sin(a) - Math.sin(b)));
    }
  if (k === Infinity) return OVAL_BOX_H;
  return Math.min(OVAL_BOX_H, Math.floor((k * (tableH / 2 - 6) - gap) / (1 + k / 2)));
}

/**
 * The spots around the oval. Each card lies beside its player at the top and the bottom of the table, inward on the
 * sides of a wide table, else (a phone) below a spot in the upper half and above one in the lower half, leaving room
 * for its caption and label. `inward`: the top and bottom players' cards toward the middle instead, apart from each
 * other (six on a laptop, where beside them they lay on the next seats' cards). `bare`: no card has a caption.
 */
export function ovalSpots(o: Oval, inward = false, bare = false): Spot[] {
  const { n, base, W, tableH, sw, sh, slotW, slotH, phone } = o;
  const rx = Math.max(0, W / 2 - sw / 2 - 6);
  const ry = Math.max(0, tableH / 2 - sh / 2 - 6);
  const spots: Spot[] = [];
  for (let seat = 0; seat < n; seat++) {
    const rel = (seat - base + n) % n;
    const a = angleOf(rel, n);
    const x = W / 2 + rx * Math.cos(a);
    const y = tableH / 2 + ry * Math.sin(a);
    const beside = slotW + 2 * 12 - 6;
    if (Math.abs(Math.cos(a)) < 0.3) {
      if (inward) {
        // (side by side in the middle of the table, between the top box and the bottom one: the top player's on the
        // left, the bottom one's on the right)
        const cy = tableH / 2 + (CAPTION_H - LABEL_H) / 2;
        spots.push({ seat, x, y, cx: x + (Math.sin(a) < 0 ? -1 : 1) * (slotW / 2 + 10), cy, labelW: beside, bare });
      } else spots.push({ seat, x, y, cx: x + sw / 2 + slotW / 2 + 12, cy: y, labelW: beside, bare });
    } else if (!phone) {
      const dir = Math.cos(a) < 0 ? 1 : -1;
      spots.push({ seat, x, y, cx: x + dir * (sw / 2 + slotW / 2 + 12), cy: y, labelW: beside, bare });
    } else {
      const below = Math.sin(a) < 0.2;
      const off = sh / 2 + 20 + slotH / 2 + (below ? 0 : 14);
      spots.push({ seat, x, y, cx: x, cy: y + (below ? off : -off), labelW: slotW * 2 });
    }
  }
  return spots;
}

type Rect = { what: string; x: number; y: number; w: number; h: number };

/** Boxes, and cards with their caption and label, that lie over one another or outside the table: "box 1 over card 3". */
export function ovalClashes(spots: readonly Spot[], o: Pick<Oval, 'W' | 'tableH' | 'sw' | 'sh' | 'slotW' | 'slotH'>): string[] {
  // (a card, its caption above it and its "→ name" label under it, as wide as their words may be)
  const rects: Rect[] = spots.flatMap((s) => [
    { what: `box ${s.seat}`, x: s.x - o.sw / 2, y: s.y - o.sh / 2, w: o.sw, h: o.sh },
    { what: `card ${s.seat}`, x: s.cx - o.slotW / 2, y: s.cy - o.slotH / 2, w: o.slotW, h: o.slotH },
    ...(s.bare ? [] : [{ what: `caption ${s.seat}`, x: s.cx - CAPTION_W / 2, y: s.cy - o.slotH / 2 - CAPTION_H, w: CAPTION_W, h: CAPTION_H }]),
    { what: `label ${s.seat}`, x: s.cx - s.labelW / 2, y: s.cy + o.slotH / 2, w: s.labelW, h: LABEL_H },
  ]);
  const over = (a: Rect, b: Rect) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;
  const out: string[] = [];
  for (let i = 0; i < rects.length; i++) {
    const a = rects[i];
    if (a.x < -2 || a.y < -2 || a.x + a.w > o.W + 2 || a.y + a.h > o.tableH + 2) out.push(`${a.what} outside the table`);
    for (let j = i + 1; j < rects.length; j++) {
      const b = rects[j];
      // (a player's card beside its own box touches it by design)
      if (a.what.split(' ')[1] === b.what.split(' ')[1]) continue;
      if (over(a, b)) out.push(`${a.what} over ${b.what}`);
    }
  }
  return out;
}

/**
 * The spots around a desktop's oval: their cards beside their players, or inward, or either without captions; null when
 * none lies apart (a grid then).
 */
export function ovalLayout(o: Oval): Spot[] | null {
  for (const bare of [false, true])
    for (const inward of [false, true]) {
      const spots = ovalSpots(o, inward, bare);
      if (ovalClashes(spots, o).length === 0) return spots;
    }
  return null;
}
