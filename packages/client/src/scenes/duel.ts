import { Container, Graphics, Text, type Application } from 'pixi.js';
import { Duel } from '@tumbleweed/engine';
import { createPixiApp, type PixiScene } from './pixi';
import { MAX_TWEEN_MS, Motion, reducedMotion, type TweenProps } from './motion';
import { tableMoment } from './duel-held';
import { OVAL_BOX_H, OVAL_BOX_MIN_H, OVAL_BOX_W, ovalBoxH, ovalLayout, type Oval, type Spot } from './duel-oval';
import { stampOf, stampShooter, type StampKind } from './duel-stamp';
import {
  INK,
  PAPER,
  GOLD,
  text,
  fit,
  asCard,
  asBox,
  clearForRedraw,
  DrawAfterPaint,
  sharpen,
  feltLayout,
  fingerSized,
  fitLines,
  lineHeight,
  shrinkType,
  type DrawWhen,
  measureText,
} from './common';
import { t } from '../i18n';
import { touchScreen } from '../dom';

type Card = Duel.Card;

/** Everything the Duel scene draws, prepared by the Duel UI from the Schema state. */
export interface DuelSceneModel {
  view: Duel.DuelView;
  names: string[];
  bots: boolean[];
  started: boolean;
  pending: number[];
  /** Cards I may click now. */
  playable: Set<Card>;
  /** Gun picked, waiting for a target. */
  selected: Card | null;
  /** Seats I may click to aim the selected gun at. */
  aimable: Set<number>;
  /** A card was sent and the server has not confirmed it yet. */
  placing: boolean;
  /** A replay: the hand is named, never how to play it. */
  replay?: boolean;
}

export interface DuelSceneHooks {
  onCard(card: Card): void;
  onAim(seat: number): void;
}

/** A card's printed name, in the current language. */
const label = (card: Card): string => t(`duel:cards.${card}`);
const CARD_COLOR: Record<Card, number> = { pistol: 0x7a4a22, rifle: 0x35506e, barricade: 0x6e5a2a, reload: 0x2f6b3a };

const RED = 0xc0281e;
const GREEN = 0x2f7a35;
/** A reveal's stamps: a hit in red, a reload in green, a shot that did not land (dodged, blocked) in the ink's blue. */
const STAMP_COLOURS: Record<StampKind, number> = { hit: RED, reloaded: GREEN, dodged: 0x2b4f86, blocked: 0x2b4f86 };

function drawIcon(card: Card, color: number): Graphics {
  const g = new Graphics();
  switch (card) {
    case 'pistol':
      g.roundRect(-16, -9, 30, 8, 2).fill(color);
      g.poly([2, -2, 12, -2, 8, 14, -1, 14]).fill(color);
      g.circle(-1, 2, 3).stroke({ width: 2, color });
      break;
    case 'rifle':
      g.roundRect(-24, -4, 40, 5, 2).fill(color);
      g.poly([10, -4, 24, -4, 26, 10, 16, 10, 10, 2]).fill(color);
      g.rect(-6, 1, 3, 6).fill(color);
      break;
    case 'barricade':
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 3; col++) {
          const x = -18 + col * 12 + (row % 2 === 1 ? 6 : 0) - (row % 2 === 1 && col === 2 ? 6 : 0);
          g.rect(x, -12 + row * 9, row % 2 === 1 && col === 2 ? 6 : 11, 8).fill(color);
        }
      }
      break;
    case 'reload':
      g.arc(0, 0, 12, -Math.PI * 0.25, Math.PI * 1.45).stroke({ width: 4, color });
      g.poly([6, -15, 15, -4, 3, -3]).fill(color);
      break;
  }
  return g;
}

/** A face-up card of size w×h, drawn centred on (0,0). */
function cardFace(card: Card, w: number, hgt: number, small = false): Container {
  const c = asCard(new Container());
  const color = CARD_COLOR[card];
  c.addChild(
    new Graphics()
      .roundRect(-w / 2, -hgt / 2, w, hgt, Math.max(4, w * 0.1))
      .fill(PAPER)
      .stroke({ width: 2, color: INK }),
  );
  const band = Math.max(14, hgt * 0.24);
  c.addChild(new Graphics().roundRect(-w / 2 + 3, -hgt / 2 + 3, w - 6, band, 4).fill(color));
  const name = fit(text(label(card), { fontSize: Math.max(9, Math.min(15, w * 0.19)), fontWeight: 'bold', fill: 0xfff6e0 }), w - 8);
  name.anchor.set(0.5, 0.5);
  name.position.set(0, -hgt / 2 + 3 + band / 2);
  c.addChild(name);
  const icon = drawIcon(card, color);
  const s = (Math.min(w, hgt * 0.7) / 56) * (small ? 0.9 : 1);
  icon.scale.set(s);
  icon.position.set(0, band * 0.45);
  c.addChild(icon);
  return c;
}

function cardBack(w: number, hgt: number): Container {
  const c = asCard(new Container());
  c.addChild(
    new Graphics()
      .roundRect(-w / 2, -hgt / 2, w, hgt, Math.max(4, w * 0.1))
      .fill(0x7c2f12)
      .stroke({ width: 2, color: INK }),
  );
  c.addChild(new Graphics().roundRect(-w / 2 + 4, -hgt / 2 + 4, w - 8, hgt - 8, 3).stroke({ width: 1.5, color: GOLD }));
  const star = text('★', { fontSize: Math.max(12, w * 0.4), fill: GOLD });
  star.anchor.set(0.5);
  c.addChild(star);
  return c;
}

function heart(size: number): Text {
  const t = text('♥', { fontSize: size, fill: RED, fontWeight: 'bold' });
  return t;
}

function grave(size: number): Container {
  const c = new Container();
  const w = size * 0.7;
  const hgt = size * 0.9;
  c.addChild(
    new Graphics()
      .moveTo(0, hgt)
      .lineTo(0, w / 2)
      .arc(w / 2, w / 2, w / 2, Math.PI, 0)
      .lineTo(w, hgt)
      .closePath()
      .fill(0x8a8a8a)
      .stroke({ width: 1.5, color: INK }),
  );
  c.addChild(
    new Graphics()
      .rect(w / 2 - 1, hgt * 0.3, 2, hgt * 0.4)
      .fill(INK)
      .rect(w * 0.3, hgt * 0.42, w * 0.4, 2)
      .fill(INK),
  );
  return c;
}

/** A player's box: its margin, and the height under which its money shares the name's line (a short box). */
const BOX_PAD = 8;
const ONE_LINE_BELOW = 64;
/** The least height of a short box at a phone's type: its line of name and money, and the line of its state or stamp. */
const SHORT_BOX_MIN_H = 39;
/**
 * The least height of a box of one line (the smallest phone held sideways, six players in two rows: 23 px): its name and
 * its money, a reveal's stamp in the money's place while the reveal is held; the border says who decides or may be aimed at.
 */
const LINE_BOX_MIN_H = 22;
/** The type of a player's box: a phone's (`compact`) or a desktop's. */
const boxType = (compact: boolean) => ({ name: compact ? 12 : 16, money: compact ? 13 : 15 });

/** The name on a player's box: mine says it is me; a phone's leaves the bots' mark to the players list. */
function boxTitle(m: DuelSceneModel, seat: number, compact: boolean): string {
  const name = m.names[seat] || t('duel:scene.openSeat');
  if (seat === m.view.seat) return t('duel:scene.you', { name });
  return m.bots[seat] && !compact ? t('duel:scene.bot', { name }) : name;
}

/** Whether every player's name fits whole on a phone's boxes `sw`×`sh` (a short one has its money on the same line). */
function namesFit(m: DuelSceneModel, sw: number, sh: number): boolean {
  const type = boxType(true);
  return m.names.every((_, seat) => {
    const title = measureText(boxTitle(m, seat, true), { fontSize: type.name, fontWeight: 'bold' });
    const p = m.view.players[seat];
    const money =
      sh < ONE_LINE_BELOW && p && m.started
        ? measureText(t('duel:scene.moneyShort', { money: String(p.money) }), { fontSize: type.money, fontWeight: 'bold' })
        : null;
    return title.width <= sw - 2 * BOX_PAD - (money ? money.width + 6 : 0);
  });
}

/** When the reveal's pieces move, in ms after the reveal reached this screen (each tween ≤ MAX_TWEEN_MS). */
const FLIP_MS = 260;
/** Each seat's card turns up a little after the one before it (by its place around the table). */
const FLIP_STAGGER = 70;
const ARROW_DELAY = 330;
const STAMP_DELAY = 480;
const PAYOUT_DELAY = 820;

/** A moment something happened on this screen, that a redraw in the middle of its animation picks up again. */
interface Moment {
  at: number;
}

export class DuelScene {
  private readonly root = new Container();
  private model: DuelSceneModel | null = null;
  private readonly motion: Motion;
  /** When aiming started; the target outlines fade in. */
  private aimSince = 0;
  private lastRevealKey: string | null = null;
  /** The last reveal seen happening on this screen (not one already on the table when we arrived). */
  private revealAt = -Infinity;
  /** Until then the revealed round stays on the table as it was revealed: cards placed since are not shown yet. */
  private holdUntil = -Infinity;
  private holdTimer: ReturnType<typeof setTimeout> | null = null;
  /** The reveal on the table (the last one, or one still held while a newer one waits in `queued`). */
  private shown: Duel.Reveal | null = null;
  private queued: Duel.Reveal | null = null;
  /** Each seat's money at the last update: a rise is a payout, and a coin flies to that seat. */
  private money: number[] | null = null;
  private payout: (Moment & { seats: number[] }) | null = null;
  /** My hand at the last update: cards that were not in it are dealt (they fly in from the table). */
  private hand: Card[] | null = null;
  private dealt: (Moment & { fresh: boolean[] }) | null = null;
  /** When each seat's card went down (it slides from the player onto the table). */
  private placedAt: number[] = [];
  private committed: boolean[] = [];
  private readonly later = new DrawAfterPaint(() => this.draw());
  /** The words' context on a touch screen: "tap a card", not "click" (i18n keys `…_touch`). */
  private get touch(): 'touch' | undefined {
    return touchScreen() ? 'touch' : undefined;
  }

  private readonly app: Application;

  private constructor(
    private readonly px: PixiScene,
    private readonly host: HTMLElement,
    private readonly hooks: DuelSceneHooks,
  ) {
    const app = (this.app = px.app);
    app.stage.addChild(this.root);
    this.motion = new Motion(app);
  }

  static async create(host: HTMLElement, hooks: DuelSceneHooks): Promise<DuelScene> {
    let scene: DuelScene | null = null;
    const px = await createPixiApp(host, () => scene?.draw());
    scene = new DuelScene(px, host, hooks);
    return scene;
  }

  /** True while a reveal is held on the table (REVEAL_HOLD_MS after it reached this screen). */
  private holding(now = performance.now()): boolean {
    return now < this.holdUntil;
  }

  update(model: DuelSceneModel, when: DrawWhen = 'now'): void {
    const now = performance.now();
    const first = this.model === null;
    this.model = model;
    // Five or six players need a taller table on a narrow screen; the resize observer redraws.
    const tall = this.host.clientWidth < 560 && model.names.length >= 5 ? '700px' : '';
    if (this.host.style.height !== tall) this.host.style.height = tall;
    const v = model.view;
    const r = v.lastReveal;
    const key = r ? `${r.round}.${r.shootout}` : '';
    if (this.lastRevealKey === null) {
      // Arriving at a table: its last reveal lies there already (no animation, no hold).
      this.shown = r;
    } else if (key !== this.lastRevealKey) {
      // A reveal seen happening is animated and held; one that comes while another is held waits for its turn.
      if (!r) this.shown = this.queued = null;
      else if (this.holding(now)) this.queued = r;
      else this.hold(r, now);
    }
    this.lastRevealKey = key;

    // A payout: money that went up since the last update.
    const money = v.players.map((p) => p.money);
    if (this.money && model.started) {
      const seats = money.flatMap((m, seat) => (m > (this.money?.[seat] ?? m) ? [seat] : []));
      if (seats.length) this.payout = { at: now, seats };
    }
    this.money = money;

    // Cards dealt into my hand (a new round, a reload): the ones of each kind beyond what I held before.
    const hand = model.started && v.seat !== null ? v.hand : [];
    if (this.hand && hand.length > this.hand.length) {
      const before = new Map<Card, number>();
      for (const c of this.hand) before.set(c, (before.get(c) ?? 0) + 1);
      const seen = new Map<Card, number>();
      const fresh = hand.map((c) => {
        const k = (seen.get(c) ?? 0) + 1;
        seen.set(c, k);
        return k > (before.get(c) ?? 0);
      });
      this.dealt = { at: now, fresh };
    } else if (this.hand && hand.join() !== this.hand.join()) {
      this.dealt = null;
    }
    this.hand = [...hand];

    v.players.forEach((p, seat) => {
      if (p.committed && !this.committed[seat] && !first) this.placedAt[seat] = now;
      this.committed[seat] = p.committed;
    });
    this.later.redraw(when);
  }

  /** Shows reveal `r` from `now`, held on the table for REVEAL_HOLD_MS; then the next one waiting, if any. */
  private hold(r: Duel.Reveal, now: number): void {
    this.shown = r;
    this.revealAt = now;
    this.holdUntil = now + Duel.REVEAL_HOLD_MS;
    if (this.holdTimer) clearTimeout(this.holdTimer);
    // The held round leaves the table when the hold ends, whether or not anything else changes by then.
    this.holdTimer = setTimeout(() => {
      this.holdTimer = null;
      const next = this.queued;
      this.queued = null;
      if (next) this.hold(next, performance.now());
      this.draw();
    }, Duel.REVEAL_HOLD_MS + 20);
  }

  destroy(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.later.cancel();
    this.motion.destroy();
    this.px.stop();
  }

  /**
   * Tweens `target` from `from` to where it was drawn, `delay` ms after `since`; a redraw in the middle of it (a
   * patch, a resize) carries on from where the tween had got to instead of starting again. Nothing moves under
   * prefers-reduced-motion (see Motion).
   */
  private animate(target: Container, from: TweenProps, since: number, delay: number, ms: number, done?: () => void): void {
    const elapsed = performance.now() - since;
    if (elapsed >= delay + ms) return;
    if (elapsed <= delay) {
      this.motion.from(target, from, ms, delay - elapsed, done);
      return;
    }
    const k = 1 - (1 - (elapsed - delay) / ms) ** 3;
    const now: Record<keyof TweenProps, number> = { x: target.x, y: target.y, alpha: target.alpha, scale: target.scale.x, rotation: target.rotation };
    const part: TweenProps = {};
    for (const key of Object.keys(from) as (keyof TweenProps)[]) {
      const f = from[key] as number;
      part[key] = f + (now[key] - f) * k;
    }
    this.motion.from(target, part, ms - (elapsed - delay), 0, done);
  }

  private draw(): void {
    this.later.cancel();
    const m = this.model;
    // Nothing to draw yet (the table's state on its way, a table waiting for its players): the bare wood, after a resize too.
    if (!m) return this.px.app.render();
    this.motion.clear();
    const dropOld = clearForRedraw(this.root);
    // A felt larger than a desktop's (a TV or a large monitor) is drawn as a desktop's, larger: the players' boxes and
    // their words grow with it, to be read across a room.
    const { zoom, width: W, height: H } = feltLayout(this.px.size());
    this.root.scale.set(zoom);
    const phone = W < 560;
    const v = m.view;
    const mine = v.seat !== null && m.started;
    // Hand strip: as tall as a full hand of six cards needs at this width.
    let handCardW = Math.min(phone ? 64 : 80, (W - 16 - (phone ? 5 : 10) * 5) / 6);
    // (`beside`: its words beside the cards, not over them; see drawHand)
    const stripH = (cardW: number, beside = false) => (mine ? Math.round(cardW * 1.38 + (beside ? 16 : 42)) : 0);
    // A short, wide table (a phone held sideways): the oval has no room for a box above and a box below its middle.
    // There the hand takes at most about 42% of the height, and the players sit in one row (see below). A narrow felt
    // twice as wide as tall is one too (568×320 held sideways: 552×169, where the upright phone's hand strip left the
    // players 39 px).
    const short = (!phone || W >= 2 * H) && H - stripH(handCardW) < 2 * OVAL_BOX_H + 24;
    if (short) handCardW = Math.min(handCardW, Math.max(34, (H * 0.42 - 42) / 1.38));
    // A short table's hand says what to do beside its cards, in the room the row of cards leaves on its left: the
    // players have the 26 px of the line over the cards.
    const handH = stripH(handCardW, short);
    // A short table is a phone's, however wide: its players' boxes have a phone's type.
    const compact = phone || short;
    const tableH = H - handH;
    // Not laid out yet (a page being redrawn): nothing to draw until the next update.
    if (W < 80 || H < 80) return dropOld();

    // Felt table with a wooden rim.
    const tcx = W / 2;
    const tcy = tableH / 2;
    // (radii never below 0: a felt squeezed under its hand (a replay at 568×320 before its controls were made short)
    // threw "The minor-axis radius provided (-4) is negative" from the canvas)
    const rim = (inset: number): [number, number] => [Math.max(0, W / 2 - inset), Math.max(0, tableH / 2 - inset)];
    this.root.addChild(
      new Graphics()
        .ellipse(tcx, tcy, ...rim(6))
        .fill(0x6b4426)
        .ellipse(tcx, tcy, ...rim(16))
        .fill(0x2f5d3a),
    );

    const n = m.names.length;
    const base = v.seat ?? 0;
    const spots: Spot[] = [];
    const now = performance.now();
    const held = this.holding(now);
    // (while a reveal is held: its shootout, and who stood in it, though the state may be in the next round)
    const moment = tableMoment(v, this.shown, held);
    // Centre: where we are in the game.
    const where = m.started
      ? t('duel:scene.centre', { round: String(moment.round), shootout: String(moment.shootout), target: String(v.target) })
      : t('duel:scene.waiting');
    // (on one line above a short table's row of players)
    const centre = text(short ? where.replace(/\n/g, ' · ') : where, { fontSize: phone ? 12 : 15, fill: 0xf6e3b8, fontWeight: 'bold' });
    centre.position.set(10, 8);
    let sw: number;
    let sh: number;
    let slotW: number;
    let slotH: number;
    // Around the oval (a desktop's: its boxes as tall as the oval allows, its cards where they lie apart), else a grid.
    const slot0 = phone ? 44 : 58;
    const oval: Oval = {
      n,
      base,
      W,
      tableH,
      sw: phone ? Math.min(124, Math.floor(W / 3) - 18) : OVAL_BOX_W,
      sh: phone ? 112 : ovalBoxH(n, W, tableH),
      slotW: slot0,
      slotH: Math.round(slot0 * 1.4),
      phone,
    };
    // (a phone's oval only where its cards lie apart from the boxes and within the table: four on a 360×640 phone laid
    // their cards 17–33 px over the next seats' boxes and over my hand's panel)
    const around = (phone && n >= 5) || short ? null : phone || oval.sh >= OVAL_BOX_MIN_H ? ovalLayout(oval) : null;
    if (!around) {
      // Five or six around an oval on a phone overlap (their cards lay on the boxes next to them; four too on a 360×640
      // phone, ovalLayout says when): a grid of two columns instead, the other players in seat order from the top left,
      // me at the bottom; each card beside its player. The boxes are as tall as the rows allow (the "Played:" line
      // needs 90 px; the seats list has it too). A short table: one row (two where one cuts the names), me last.
      const top = centre.y + centre.height + 6;
      const grid = (cols: number) => {
        const rows = Math.ceil(n / cols);
        const cellW = (W - 16) / cols;
        const cellH = Math.max(30, (tableH - top - 8) / rows);
        const h = Math.min(62, cellH - 6);
        const w = Math.round(h / 1.4);
        // (room for the red outline of a player to aim at: 3 px around the box; a short table's rows are 8 px apart)
        const sh = Math.min(112, Math.floor(cellH - (short ? 8 : 12)));
        return { cols, cellW, cellH, slotW: w, slotH: Math.round(w * 1.4), sw: Math.floor(cellW - w - 14), sh };
      };
      let g = grid(short ? n : 2);
      // A short table's row cut its players' names: six in a row at 740×360 left each box 58 px and each name one letter
      // ("C…", "D…"). Two rows then, where a box keeps its two lines (their cards are smaller). On the smallest phone
      // (568×320) two rows leave a box 23 px, one line: still two rows where the names fit them whole, for one row left
      // each box 38 px, each name a letter under its money ("C$0.").
      if (short && n > 2 && !namesFit(m, g.sw, g.sh)) {
        const two = grid(Math.ceil(n / 2));
        if (two.sh >= SHORT_BOX_MIN_H || (two.sh >= LINE_BOX_MIN_H && namesFit(m, two.sw, two.sh))) g = two;
      }
      const { cols, cellW, cellH } = g;
      ({ slotW, slotH, sw, sh } = g);
      for (let seat = 0; seat < n; seat++) {
        const rel = (seat - base + n) % n;
        // (me last: the bottom row, near my hand)
        const cell = rel === 0 ? n - 1 : rel - 1;
        const cx0 = 8 + (cell % cols) * cellW;
        const y = top + Math.floor(cell / cols) * cellH + cellH / 2;
        const x = cx0 + 2 + sw / 2;
        spots.push({ seat, x, y, cx: cx0 + 2 + sw + 6 + slotW / 2, cy: y, labelW: slotW, tight: true });
      }
    } else {
      ({ sw, sh, slotW, slotH } = oval);
      spots.push(...around);
    }

    // Beside a seat's box, not under it: Portuguese's "Quem chegar a $5 vence" ran 4 px under the top box on a phone.
    // (a box to the right of the words, level with them: they take a smaller size, not less than a phone's 10 px)
    const room = Math.min(
      ...spots
        .map((s) => ({ left: s.x - sw / 2, top: s.y - sh / 2, bottom: s.y + sh / 2 }))
        .filter((b) => b.left > centre.x && b.top < centre.y + centre.height && b.bottom > centre.y)
        .map((b) => b.left - centre.x - 6),
    );
    shrinkType(centre, room, phone ? 10 : 12);
    this.root.addChild(centre);

    const reveal = this.shown;
    // The revealed cards lie on the table while the hold lasts, then for the rest of their round (until each player
    // places their next card), and at the end of the game; never into the next round.
    const showReveal = !!reveal && m.started && (held || reveal.round === v.round || v.phase === 'over');
    const anyCommitted = !held && v.players.some((p) => p.committed);
    // Seat order around the table from me: the cards turn up in that order.
    const order = (seat: number) => (seat - base + n) % n;

    // Shots of the last reveal: arrows from shooter's card to the target's card, while both lie face up (a card
    // placed since, shown face down, takes its arrows away).
    const faceUp = (seat: number) => held || !v.players[seat]?.committed;
    if (reveal && showReveal) {
      const arrows = new Container();
      arrows.alpha = anyCommitted ? 0.5 : 0.9;
      for (const p of reveal.plays) {
        if (!Duel.isGun(p.card) || p.target === null || !faceUp(p.seat) || !faceUp(p.target)) continue;
        const from = spots[p.seat];
        const to = spots[p.target];
        if (!from || !to) continue;
        // (red for a shot that landed: a pistol at a barricade did not, though a rifle at it did)
        const hit = Duel.shotLands(p.card, reveal.plays.find((q) => q.seat === p.target)?.card);
        const g = new Graphics();
        const color = hit ? RED : 0xf3e6c8;
        const width = p.card === 'rifle' ? 5 : 3;
        const dx = to.cx - from.cx;
        const dy = to.cy - from.cy;
        const len = Math.hypot(dx, dy) || 1;
        const ux = dx / len;
        const uy = dy / len;
        const sx = from.cx + ux * (slotW * 0.55);
        const sy = from.cy + uy * (slotW * 0.55);
        const ex = to.cx - ux * (slotW * 0.65);
        const ey = to.cy - uy * (slotW * 0.65);
        g.moveTo(sx, sy).lineTo(ex, ey).stroke({ width, color, cap: 'round' });
        g.poly([ex + ux * 10, ey + uy * 10, ex - uy * 7, ey + ux * 7, ex + uy * 7, ey - ux * 7]).fill(color);
        arrows.addChild(g);
        this.animate(g, { alpha: 0 }, this.revealAt, ARROW_DELAY + order(p.seat) * 40, 300);
      }
      this.root.addChild(arrows);
    }

    for (const spot of spots)
      this.drawSpot(m, spot, spots, sw, sh, slotW, slotH, compact, {
        held,
        alive: moment.alive(spot.seat),
        showReveal,
        order: order(spot.seat),
        handY: tableH + 40,
        W,
      });

    if (mine) this.drawHand(m, W, tableH, handH, phone, short);

    // A payout: a coin flies from the middle of the table to each seat that just earned a dollar.
    if (this.payout && !reducedMotion() && now - this.payout.at < PAYOUT_DELAY + MAX_TWEEN_MS) {
      for (const seat of this.payout.seats) {
        const spot = spots[seat];
        if (!spot) continue;
        const coin = new Graphics().circle(0, 0, 11).fill(GOLD).stroke({ width: 2, color: INK }).circle(0, 0, 6).stroke({ width: 1.5, color: 0x8a5a10 });
        coin.position.set(spot.x - sw / 2 + 16, spot.y - sh / 2 + 8 + (phone ? 12 : 16) + 14);
        this.root.addChild(coin);
        this.animate(coin, { x: tcx, y: tcy, scale: 1.8, alpha: 0 }, this.payout.at, PAYOUT_DELAY, MAX_TWEEN_MS, () => {
          coin.visible = false;
        });
      }
    }

    if (m.aimable.size > 0 && this.aimSince === 0) this.aimSince = now;
    if (m.aimable.size === 0) this.aimSince = 0;
    if (zoom > 1) sharpen(this.root, this.app.renderer.resolution * zoom);
    this.app.render();
    dropOld();
  }

  private drawSpot(
    m: DuelSceneModel,
    spot: Spot,
    spots: Spot[],
    sw: number,
    sh: number,
    slotW: number,
    slotH: number,
    phone: boolean,
    at: { held: boolean; alive: boolean; showReveal: boolean; order: number; handY: number; W: number },
  ): void {
    const v = m.view;
    const p = v.players[spot.seat];
    const reveal = this.shown;
    const isMe = spot.seat === v.seat;
    const pending = m.pending.includes(spot.seat);
    const aimable = m.aimable.has(spot.seat);
    // While a reveal is held, a card placed for the next shootout is not shown yet.
    const committed = !!p?.committed && !at.held;

    // Card on the table: face down once committed, else the card revealed last (in its own round).
    const play = at.showReveal ? reveal?.plays.find((q) => q.seat === spot.seat) : undefined;
    const slot = new Container();
    slot.position.set(spot.cx, spot.cy);
    if (committed) {
      const back = cardBack(slotW, slotH);
      slot.addChild(back);
      // It slides onto the table from its player (mine from my hand), once any hold is over.
      const placed = Math.max(this.placedAt[spot.seat] ?? -Infinity, this.holdUntil);
      const fromX = isMe ? at.W / 2 : spot.x;
      const fromY = isMe ? at.handY : spot.y;
      this.animate(back, { x: fromX - spot.cx, y: fromY - spot.cy, scale: 0.6, alpha: 0 }, placed, 0, 300);
    } else if (play) {
      const face = cardFace(play.card, slotW, slotH, true);
      slot.addChild(face);
      if (reveal && !spot.tight && !spot.bare) {
        const cap = text(t('duel:scene.caption', { shootout: String(reveal.shootout) }), { fontSize: phone ? 9 : 11, fill: 0xf6e3b8, fontStyle: 'italic' });
        cap.anchor.set(0.5, 1);
        cap.position.set(0, -slotH / 2 - 1);
        slot.addChild(cap);
      }
      if (play.target !== null && !spot.tight) {
        const aimed = fit(text(`→ ${m.names[play.target] ?? ''}`, { fontSize: phone ? 10 : 12, fill: 0xfff6e0, fontWeight: 'bold' }), spot.labelW);
        aimed.anchor.set(0.5, 0);
        aimed.position.set(0, slotH / 2 + 2);
        slot.addChild(aimed);
      }
      // Turned up one after the other around the table.
      this.animate(face, { scale: 0.3, alpha: 0.15, rotation: -0.5 }, this.revealAt, at.order * FLIP_STAGGER, FLIP_MS);
    }
    this.root.addChild(slot);

    const c = asBox(new Container());
    c.position.set(spot.x - sw / 2, spot.y - sh / 2);
    const alive = at.alive;
    const border = aimable ? RED : pending ? GOLD : isMe ? 0xa3421c : INK;
    const bw = aimable || pending ? 4 : isMe ? 3 : 2;
    c.addChild(
      new Graphics()
        .roundRect(0, 0, sw, sh, 10)
        .fill(alive ? PAPER : 0xcfc6b6)
        .stroke({ width: bw, color: border }),
    );

    const pad = BOX_PAD;
    const type = boxType(phone);
    const nameSize = type.name;
    const title = boxTitle(m, spot.seat, phone);
    // A short box (a crowded phone table): the money on the name's line, at its right end, without the heart.
    const oneLine = sh < ONE_LINE_BELOW;
    // A box of one line (the smallest phone's two rows): a reveal's stamp in the money's place while the reveal is held.
    const lineBox = sh < SHORT_BOX_MIN_H;
    const kind = reveal && m.started ? stampOf(reveal, spot.seat) : null;
    const stamped = !!reveal && !!kind && (lineBox ? at.held : at.held || reveal.round === v.round || v.phase === 'over');
    // (there, only the dollars: the table's corner says how many win)
    const money =
      p && m.started && !(lineBox && stamped)
        ? text(oneLine ? t('duel:scene.moneyShort', { money: String(p.money) }) : t('duel:scene.money', { money: String(p.money), target: String(v.target) }), {
            fontSize: type.money,
            fontWeight: 'bold',
            fill: GREEN,
          })
        : null;
    const stamp =
      reveal && kind && stamped
        ? text(t(`duel:scene.stamp.${kind}`), {
            fontSize: lineBox ? 11 : phone ? 13 : 16,
            fontWeight: 'bold',
            fill: STAMP_COLOURS[kind],
            stroke: { color: 0xffffff, width: 3 },
          })
        : null;
    const ender = oneLine ? (lineBox && stamp ? stamp : money) : null;
    const nameW = ender ? sw - pad * 2 - ender.width - 6 : sw - pad * 2;
    c.addChild(Object.assign(fit(text(title, { fontSize: nameSize, fontWeight: 'bold' }), nameW), { x: pad, y: 5 }));

    const lifeY = oneLine ? 5 : 8 + nameSize + 2;
    if (money && oneLine) {
      money.anchor.set(1, 0);
      money.position.set(sw - pad, 4);
      c.addChild(money);
    } else if (money) {
      const icon = alive ? heart(phone ? 18 : 22) : grave(phone ? 18 : 22);
      icon.position.set(pad, lifeY + (alive ? -2 : 1));
      c.addChild(icon);
      money.position.set(pad + (phone ? 20 : 26), lifeY + 1);
      c.addChild(money);
    }

    // The row under the money: the player's state, and the stamp of the last reveal (HIT!, RELOADED) at its right end.
    const stateY = lifeY + (phone ? 21 : 26);
    let stampW = 0;
    let stampHit = false;
    if (reveal && kind && stamp) {
      stamp.anchor.set(1, 0.5);
      // (tilted as a stamp, but little: at -0.05 rad a wide one, RELOADED or Portuguese's LEVOU TIRO!, leaned 2 px over
      // the "Played:" line under it on a phone)
      stamp.rotation = -0.03;
      stamp.position.set(sw - pad + 2, lineBox ? sh / 2 : stateY + (phone ? 7 : 8));
      stampW = lineBox ? 0 : stamp.width;
      stampHit = kind === 'hit';
      c.addChild(stamp);
      // A shot's stamp flies in from the gun (the first that landed, for a hit); a reload rises from the player's own card.
      const shooter = stampShooter(reveal, spot.seat, kind);
      const src = spots[shooter ?? spot.seat];
      const fromX = src ? src.cx - c.x : stamp.x;
      const fromY = src ? src.cy - c.y : stamp.y;
      this.animate(stamp, { x: fromX, y: fromY, scale: 1.8, alpha: 0 }, this.revealAt, STAMP_DELAY, 360);
    }

    let state = '';
    if (stampHit && !alive)
      state = ''; // HIT! and the grave say it already
    else if (!m.started) state = m.names[spot.seat] ? t('duel:scene.seated') : t('duel:scene.waitingPlayer');
    else if (aimable) state = t('duel:scene.aimHere', { context: this.touch });
    else if (!alive) state = t('duel:scene.out');
    else if (pending) state = t('duel:scene.deciding');
    else if (committed) state = t('duel:scene.placed');
    // The stamp keeps its room: the state gets what is left, or gives way when too little is left to read.
    const stateW = sw - pad * 2 - (stampW ? stampW + 6 : 0);
    // (a crowded phone table's short box keeps the name and the money; its border says who may be aimed at)
    if (state && stateW >= 40 && stateY + (phone ? 13 : 16) <= sh) {
      const st = fit(
        text(state, { fontSize: phone ? 11 : 13, fontStyle: 'italic', fill: aimable ? RED : 0x5a3d26, fontWeight: aimable ? 'bold' : 'normal' }),
        stateW,
      );
      st.position.set(pad, stateY);
      c.addChild(st);
    }
    if (p && m.started && sh >= 90) {
      const played = p.aside.length ? t('duel:scene.played', { cards: p.aside.map(label).join(', ') }) : t('duel:scene.playedNothing');
      const line = text(played, { fontSize: phone ? 10 : 12, wordWrap: true, wordWrapWidth: sw - pad * 2, fill: 0x3d2a18 });
      line.position.set(pad, lifeY + (phone ? 39 : 47));
      // (within the box: a lower box of a crowded oval, ovalBoxH, has room for a line or two of a long round)
      fitLines(line, Math.max(lineHeight(phone ? 10 : 12), sh - line.y - 4));
      c.addChild(line);
    }

    if (aimable) {
      c.cursor = 'crosshair';
      this.px.onTap(c, `aim:${spot.seat}`, () => this.hooks.onAim(spot.seat));
      const outline = new Graphics().roundRect(-3, -3, sw + 6, sh + 6, 12).stroke({ width: 3, color: RED });
      c.addChild(outline);
      this.animate(outline, { alpha: 0 }, this.aimSince || performance.now(), 0, 300);
    }
    this.root.addChild(c);
  }

  /** My hand along the bottom; `beside`: its words left of the cards (a short table), not over them. */
  private drawHand(m: DuelSceneModel, W: number, top: number, handH: number, phone: boolean, beside: boolean): void {
    const v = m.view;
    const strip = asBox(new Container());
    strip.position.set(0, top);
    strip.addChild(new Graphics().rect(0, 0, W, handH).fill(0x3b2416).rect(0, 0, W, 3).fill(GOLD));
    const myTurn = m.playable.size > 0 && !m.replay;
    let hint: string = t('duel:scene.hand');
    if (m.selected) hint = t('duel:scene.handReady', { card: label(m.selected), context: this.touch });
    else if (myTurn) hint = t('duel:scene.handTurn', { context: this.touch });
    else if (m.placing) hint = t('duel:scene.handPlacing');
    // (out until the next round: not once the game is won, there is none)
    else if (v.seat !== null && !v.players[v.seat]?.alive && v.winner === null) hint = t('duel:scene.handOut');

    const hand = v.hand;
    const k = Math.max(1, hand.length);
    const gap = phone ? 5 : 10;
    let ch = handH - (beside ? 14 : 40);
    let cw = Math.round(ch / 1.38);
    const maxW = (W - 16 - gap * (k - 1)) / k;
    if (cw > maxW) {
      cw = Math.floor(maxW);
      ch = Math.round(cw * 1.38);
    }
    const total = k * cw + (k - 1) * gap;
    let x = (W - total) / 2 + cw / 2;
    const y = beside ? 3 + (handH - 3) / 2 : 28 + ch / 2 + 2;

    const hintStyle = { fontSize: phone ? 12 : 14, fill: 0xf6e3b8, fontWeight: 'bold' } as const;
    // (beside the cards: in lines as wide as the room left of them, as many as their height holds)
    const room = (W - total) / 2 - 16;
    const hintText = beside ? fitLines(text(hint, { ...hintStyle, wordWrap: true, wordWrapWidth: room }), handH - 10) : fit(text(hint, hintStyle), W - 16);
    hintText.position.set(8, beside ? y - hintText.height / 2 : 6);
    strip.addChild(hintText);

    const dealt = this.dealt && this.dealt.fresh.length === hand.length ? this.dealt : null;
    for (const [i, card] of hand.entries()) {
      const face = cardFace(card, cw, ch);
      const playable = m.playable.has(card);
      const selected = m.selected === card;
      face.position.set(x, y - (selected ? 6 : 0));
      if (playable) {
        face.cursor = 'pointer';
        this.px.onTap(face, `card:${card}`, () => this.hooks.onCard(card));
        // (a tap in the gap beside a card, half of it, is still that card's: a phone held sideways draws them 38 px wide)
        fingerSized(face, cw, ch, this.root.scale.x, { x: gap / 2, y: 6 }, true);
        // The frame lies on the card's edge, so cards side by side never touch.
        face.addChild(new Graphics().roundRect(-cw / 2 + 2, -ch / 2 + 2, cw - 4, ch - 4, 6).stroke({ width: selected ? 4 : 3, color: selected ? RED : GOLD }));
      } else {
        face.alpha = 0.6;
      }
      strip.addChild(face);
      // Dealt cards come in from the table, one after the other.
      if (dealt?.fresh[i]) this.animate(face, { y: face.y - ch, alpha: 0, scale: 0.7 }, dealt.at, i * 45, 300);
      x += cw + gap;
    }
    if (hand.length === 0) {
      const none = text(v.commit ? t('duel:scene.cardPlaced', { card: label(v.commit.card) }) : t('duel:scene.noCards'), { fontSize: 14, fill: 0xf6e3b8 });
      none.position.set(8, 30);
      strip.addChild(none);
    }
    this.root.addChild(strip);
  }
}
