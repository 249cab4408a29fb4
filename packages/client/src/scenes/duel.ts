import { Container, Graphics, Text, type Application } from 'pixi.js';
import { Duel } from '@tumbleweed/engine';
import { createPixiApp, type PixiScene } from './pixi';
import { INK, PAPER, GOLD, text, fit, asCard, asBox } from './common';
import { t } from '../i18n';

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
  c.addChild(new Graphics().roundRect(-w / 2, -hgt / 2, w, hgt, Math.max(4, w * 0.1)).fill(PAPER).stroke({ width: 2, color: INK }));
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
  c.addChild(new Graphics().roundRect(-w / 2, -hgt / 2, w, hgt, Math.max(4, w * 0.1)).fill(0x7c2f12).stroke({ width: 2, color: INK }));
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
  c.addChild(new Graphics().rect(w / 2 - 1, hgt * 0.3, 2, hgt * 0.4).fill(INK).rect(w * 0.3, hgt * 0.42, w * 0.4, 2).fill(INK));
  return c;
}

const ease = (t: number) => 1 - Math.pow(1 - Math.min(1, Math.max(0, t)), 3);

interface Spot {
  seat: number;
  x: number;
  y: number;
  /** Where this player's card for the shootout lies on the table. */
  cx: number;
  cy: number;
  /** How wide the "→ name" label under the card may be (it must not reach the player's box beside it). */
  labelW: number;
}

export class DuelScene {
  private readonly root = new Container();
  private model: DuelSceneModel | null = null;
  private tweens: ((now: number) => void)[] = [];
  /** The ticker runs (and re-renders every frame) until then. */
  private animateUntil = 0;
  /** When aiming started; the target outlines pulse for a moment. */
  private aimSince = 0;
  private lastRevealKey: string | null = null;
  private revealAt = -Infinity;

  private readonly app: Application;

  private constructor(
    private readonly px: PixiScene,
    private readonly host: HTMLElement,
    private readonly hooks: DuelSceneHooks,
  ) {
    const app = (this.app = px.app);
    app.stage.addChild(this.root);
    app.ticker.add(() => {
      const now = performance.now();
      for (const f of this.tweens) f(now);
      if (now > this.animateUntil) app.ticker.stop();
    });
  }

  static async create(host: HTMLElement, hooks: DuelSceneHooks): Promise<DuelScene> {
    let scene: DuelScene | null = null;
    const px = await createPixiApp(host, () => scene?.draw());
    scene = new DuelScene(px, host, hooks);
    return scene;
  }

  update(model: DuelSceneModel): void {
    this.model = model;
    // Five or six players need a taller table on a narrow screen; the resize observer redraws.
    const tall = this.host.clientWidth < 560 && model.names.length >= 5 ? '700px' : '';
    if (this.host.style.height !== tall) this.host.style.height = tall;
    const r = model.view.lastReveal;
    const key = r ? `${r.round}.${r.shootout}` : '';
    // Animate a reveal seen happening, not one that was already on the table when we arrived.
    if (this.lastRevealKey !== null && key !== this.lastRevealKey && r) this.revealAt = performance.now();
    this.lastRevealKey = key;
    this.draw();
  }

  destroy(): void {
    this.tweens = [];
    this.px.stop();
  }

  private draw(): void {
    const m = this.model;
    if (!m) return;
    for (const child of this.root.removeChildren()) child.destroy({ children: true });
    this.tweens = [];
    const { width: W, height: H } = this.px.size();
    const phone = W < 560;
    const v = m.view;
    const mine = v.seat !== null && m.started;
    // Hand strip: as tall as a full hand of six cards needs at this width.
    const handCardW = Math.min(phone ? 64 : 80, (W - 16 - (phone ? 5 : 10) * 5) / 6);
    const handH = mine ? Math.round(handCardW * 1.38 + 42) : 0;
    const tableH = H - handH;
    // Not laid out yet (a page being redrawn): nothing to draw until the next update.
    if (W < 80 || tableH < 80) return;

    // Felt table with a wooden rim.
    const tcx = W / 2;
    const tcy = tableH / 2;
    this.root.addChild(
      new Graphics()
        .ellipse(tcx, tcy, W / 2 - 6, tableH / 2 - 6)
        .fill(0x6b4426)
        .ellipse(tcx, tcy, W / 2 - 16, tableH / 2 - 16)
        .fill(0x2f5d3a),
    );

    const n = m.names.length;
    const sw = phone ? Math.min(124, Math.floor(W / 3) - 18) : 200;
    const sh = phone ? 112 : 118;
    const rx = Math.max(0, W / 2 - sw / 2 - 6);
    const ry = Math.max(0, tableH / 2 - sh / 2 - 6);
    const base = v.seat ?? 0;
    const slotW = phone ? 44 : 58;
    const slotH = Math.round(slotW * 1.4);
    const spots: Spot[] = [];
    for (let seat = 0; seat < n; seat++) {
      const rel = (seat - base + n) % n;
      const a = Math.PI / 2 + (rel * 2 * Math.PI) / n;
      const x = tcx + rx * Math.cos(a);
      const y = tcy + ry * Math.sin(a);
      // Where this player's card lies: beside the spot at the top and bottom of the table, inward on the
      // sides of a wide table, else below a spot in the upper half and above one in the lower half
      // (leaving room for its caption and "→ name" label).
      const beside = slotW + 2 * 12 - 6;
      if (Math.abs(Math.cos(a)) < 0.3) {
        spots.push({ seat, x, y, cx: x + sw / 2 + slotW / 2 + 12, cy: y, labelW: beside });
      } else if (!phone) {
        const dir = Math.cos(a) < 0 ? 1 : -1;
        spots.push({ seat, x, y, cx: x + dir * (sw / 2 + slotW / 2 + 12), cy: y, labelW: beside });
      } else {
        const below = Math.sin(a) < 0.2;
        const off = sh / 2 + 20 + slotH / 2 + (below ? 0 : 14);
        spots.push({ seat, x, y, cx: x, cy: y + (below ? off : -off), labelW: slotW * 2 });
      }
    }

    // Centre: where we are in the game.
    const centre = text(
      m.started ? t('duel:scene.centre', { round: String(v.round), shootout: String(v.shootout), target: String(v.target) }) : t('duel:scene.waiting'),
      { fontSize: phone ? 12 : 15, fill: 0xf6e3b8, fontWeight: 'bold' },
    );
    centre.position.set(10, 8);
    this.root.addChild(centre);

    const now = performance.now();
    const since = now - this.revealAt;
    const animating = since < 2000;
    const reveal = v.lastReveal;
    const anyCommitted = v.players.some((p) => p.committed);

    // Shots of the last reveal: arrows from shooter's card to the target's card.
    if (reveal) {
      const arrows = new Container();
      arrows.alpha = anyCommitted ? 0.3 : 0.9;
      for (const p of reveal.plays) {
        if (!Duel.isGun(p.card) || p.target === null) continue;
        const from = spots[p.seat];
        const to = spots[p.target];
        if (!from || !to) continue;
        const hit = reveal.hit.includes(p.target);
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
        if (animating) {
          const start = 350 + p.seat * 60;
          this.tweens.push((t) => {
            g.alpha = ease((t - this.revealAt - start) / 400);
          });
          g.alpha = 0;
        }
      }
      this.root.addChild(arrows);
    }

    for (const spot of spots) this.drawSpot(m, spot, sw, sh, slotW, slotH, phone, animating);

    if (mine) this.drawHand(m, W, tableH, handH, phone);

    if (m.aimable.size > 0 && this.aimSince === 0) this.aimSince = now;
    if (m.aimable.size === 0) this.aimSince = 0;
    this.animateUntil = Math.max(animating ? this.revealAt + 2000 : 0, this.aimSince ? this.aimSince + 1500 : 0);
    for (const f of this.tweens) f(now);
    this.app.render();
    if (this.animateUntil > now) this.app.ticker.start();
    else this.app.ticker.stop();
  }

  private drawSpot(m: DuelSceneModel, spot: Spot, sw: number, sh: number, slotW: number, slotH: number, phone: boolean, animating: boolean): void {
    const v = m.view;
    const p = v.players[spot.seat];
    const reveal = v.lastReveal;
    const isMe = spot.seat === v.seat;
    const pending = m.pending.includes(spot.seat);
    const aimable = m.aimable.has(spot.seat);

    // Card on the table: face down once committed, else the card revealed last.
    const play = reveal?.plays.find((q) => q.seat === spot.seat);
    const slot = new Container();
    slot.position.set(spot.cx, spot.cy);
    if (p?.committed) {
      slot.addChild(cardBack(slotW, slotH));
    } else if (play && m.started) {
      const face = cardFace(play.card, slotW, slotH, true);
      slot.addChild(face);
      if (reveal) {
        const cap = text(t('duel:scene.caption', { shootout: String(reveal.shootout) }), { fontSize: phone ? 9 : 11, fill: 0xf6e3b8, fontStyle: 'italic' });
        cap.anchor.set(0.5, 1);
        cap.position.set(0, -slotH / 2 - 1);
        slot.addChild(cap);
      }
      if (play.target !== null) {
        const at = fit(text(`→ ${m.names[play.target] ?? ''}`, { fontSize: phone ? 10 : 12, fill: 0xfff6e0, fontWeight: 'bold' }), spot.labelW);
        at.anchor.set(0.5, 0);
        at.position.set(0, slotH / 2 + 2);
        slot.addChild(at);
      }
      if (animating) {
        const start = 80 + spot.seat * 110;
        face.scale.x = 0;
        this.tweens.push((t) => {
          face.scale.x = ease((t - this.revealAt - start) / 260);
        });
      }
    }
    this.root.addChild(slot);

    const c = asBox(new Container());
    c.position.set(spot.x - sw / 2, spot.y - sh / 2);
    const alive = p ? p.alive : true;
    const border = aimable ? RED : pending ? GOLD : isMe ? 0xa3421c : INK;
    const bw = aimable || pending ? 4 : isMe ? 3 : 2;
    c.addChild(new Graphics().roundRect(0, 0, sw, sh, 10).fill(alive ? PAPER : 0xcfc6b6).stroke({ width: bw, color: border }));

    const pad = 8;
    const nameSize = phone ? 12 : 16;
    const name = m.names[spot.seat] || t('duel:scene.openSeat');
    // Narrow spots keep the name whole; the players list still says who is a bot.
    const title = isMe ? t('duel:scene.you', { name }) : m.bots[spot.seat] && !phone ? t('duel:scene.bot', { name }) : name;
    c.addChild(Object.assign(fit(text(title, { fontSize: nameSize, fontWeight: 'bold' }), sw - pad * 2), { x: pad, y: 5 }));

    const lifeY = 8 + nameSize + 2;
    if (p && m.started) {
      const icon = alive ? heart(phone ? 18 : 22) : grave(phone ? 18 : 22);
      icon.position.set(pad, lifeY + (alive ? -2 : 1));
      c.addChild(icon);
      const money = text(t('duel:scene.money', { money: String(p.money), target: String(v.target) }), { fontSize: phone ? 13 : 15, fontWeight: 'bold', fill: GREEN });
      money.position.set(pad + (phone ? 20 : 26), lifeY + 1);
      c.addChild(money);
    }

    let state = '';
    if (!m.started) state = m.names[spot.seat] ? t('duel:scene.seated') : t('duel:scene.waitingPlayer');
    else if (aimable) state = t('duel:scene.clickToAim');
    else if (!alive) state = t('duel:scene.out');
    else if (pending) state = t('duel:scene.deciding');
    else if (p?.committed) state = t('duel:scene.placed');
    if (state) {
      const st = fit(text(state, { fontSize: phone ? 11 : 13, fontStyle: 'italic', fill: aimable ? RED : 0x5a3d26, fontWeight: aimable ? 'bold' : 'normal' }), sw - pad * 2);
      st.position.set(pad, lifeY + (phone ? 21 : 26));
      c.addChild(st);
    }
    if (p && m.started) {
      const played = p.aside.length ? t('duel:scene.played', { cards: p.aside.map(label).join(', ') }) : t('duel:scene.playedNothing');
      const line = text(played, { fontSize: phone ? 10 : 12, wordWrap: true, wordWrapWidth: sw - pad * 2, fill: 0x3d2a18 });
      line.position.set(pad, lifeY + (phone ? 37 : 46));
      c.addChild(line);
    }

    // Stamps from the last reveal.
    if (reveal && m.started) {
      const hit = reveal.hit.includes(spot.seat);
      const reloaded = reveal.reloaded.includes(spot.seat);
      const recent = reveal.round === v.round || v.phase === 'over';
      if ((hit || reloaded) && recent) {
        const stamp = text(hit ? t('duel:scene.stampHit') : t('duel:scene.stampReloaded'), { fontSize: phone ? 14 : 18, fontWeight: 'bold', fill: hit ? RED : GREEN, stroke: { color: 0xffffff, width: 3 } });
        stamp.anchor.set(1, 0);
        stamp.rotation = -0.12;
        stamp.position.set(sw - 6, lifeY);
        c.addChild(stamp);
      }
      if (hit && animating) {
        const flash = new Graphics().roundRect(0, 0, sw, sh, 10).fill(RED);
        flash.alpha = 0;
        c.addChild(flash);
        this.tweens.push((t) => {
          const dt = t - this.revealAt - 600;
          flash.alpha = dt < 0 || dt > 1100 ? 0 : 0.45 * Math.abs(Math.sin((dt / 1100) * Math.PI * 3));
        });
      }
    }

    if (aimable) {
      c.eventMode = 'static';
      c.cursor = 'crosshair';
      c.on('pointertap', () => this.hooks.onAim(spot.seat));
      const pulse = new Graphics().roundRect(-3, -3, sw + 6, sh + 6, 12).stroke({ width: 3, color: RED });
      c.addChild(pulse);
      this.tweens.push((t) => {
        pulse.alpha = t - this.aimSince > 1400 ? 1 : 0.5 + 0.5 * Math.cos((t - this.aimSince) / 110);
      });
    }
    this.root.addChild(c);
  }

  private drawHand(m: DuelSceneModel, W: number, top: number, handH: number, phone: boolean): void {
    const v = m.view;
    const strip = asBox(new Container());
    strip.position.set(0, top);
    strip.addChild(new Graphics().rect(0, 0, W, handH).fill(0x3b2416).rect(0, 0, W, 3).fill(GOLD));
    const myTurn = m.playable.size > 0;
    let hint: string = t('duel:scene.hand');
    if (m.selected) hint = t('duel:scene.handReady', { card: label(m.selected) });
    else if (myTurn) hint = t('duel:scene.handTurn');
    else if (m.placing) hint = t('duel:scene.handPlacing');
    else if (v.seat !== null && !v.players[v.seat]?.alive) hint = t('duel:scene.handOut');
    const hintText = fit(text(hint, { fontSize: phone ? 12 : 14, fill: 0xf6e3b8, fontWeight: 'bold' }), W - 16);
    hintText.position.set(8, 6);
    strip.addChild(hintText);

    const hand = v.hand;
    const k = Math.max(1, hand.length);
    const gap = phone ? 5 : 10;
    let ch = handH - 40;
    let cw = Math.round(ch / 1.38);
    const maxW = (W - 16 - gap * (k - 1)) / k;
    if (cw > maxW) {
      cw = Math.floor(maxW);
      ch = Math.round(cw * 1.38);
    }
    const total = k * cw + (k - 1) * gap;
    let x = (W - total) / 2 + cw / 2;
    const y = 28 + ch / 2 + 2;
    for (const card of hand) {
      const face = cardFace(card, cw, ch);
      const playable = m.playable.has(card);
      const selected = m.selected === card;
      face.position.set(x, y - (selected ? 6 : 0));
      if (playable) {
        face.eventMode = 'static';
        face.cursor = 'pointer';
        face.on('pointertap', () => this.hooks.onCard(card));
        // The frame lies on the card's edge, so cards side by side never touch.
        face.addChild(
          new Graphics().roundRect(-cw / 2 + 2, -ch / 2 + 2, cw - 4, ch - 4, 6).stroke({ width: selected ? 4 : 3, color: selected ? RED : GOLD }),
        );
      } else {
        face.alpha = 0.6;
      }
      strip.addChild(face);
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
