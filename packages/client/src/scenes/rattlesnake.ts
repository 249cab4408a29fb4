import { Container, Graphics, Text, type Application } from 'pixi.js';
import { Rattlesnake } from '@tumbleweed/engine';
import { createPixiApp } from './pixi';
import { INK, PAPER, GOLD, CREAM, text, fit, addLabel, placeIn, cardBack as back } from './common';
import { t } from '../i18n';

/** Everything the Rattlesnake scene draws, prepared by the Rattlesnake UI. */
export interface RattlesnakeSceneModel {
  view: Rattlesnake.RattlesnakeView;
  names: string[];
  started: boolean;
  /** Hand cards toggled (commitment or a buy's price). */
  selected: Set<string>;
  /** Hand cards that may be clicked now. */
  selectable: Set<string>;
  /** Saloon cards that may be bought now. */
  buyable: Set<string>;
  buyTarget: string | null;
  /** The best combo of each seat while the reveal is on the table. */
  combos: [Rattlesnake.Combo | null, Rattlesnake.Combo | null] | null;
}

export interface RattlesnakeSceneHooks {
  onHandCard(id: string): void;
  onSaloonCard(id: string): void;
}

/** What a card does, in the current language (names stay as printed). */
export function rulesText(c: Rattlesnake.CardInfo): string {
  if (c.kind === 'action') return t(`rattlesnake:ability.${c.ability}`);
  if (c.kind === 'event') return t(`rattlesnake:event.${c.event}`);
  return '';
}

const SIZE_WORDS = [null, null, 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'] as const;

/** "Set of three 4s", "Run of 3 to 5", "Single 5", "No combo" — in the current language. */
export function describeCombo(c: Rattlesnake.Combo | null): string {
  if (!c) return t('rattlesnake:combo.none');
  if (c.kind === 'single') return t('rattlesnake:combo.single', { top: String(c.top) });
  if (c.kind === 'set') {
    const word = SIZE_WORDS[c.size];
    const size = word ? t(`rattlesnake:combo.size.${word}`) : String(c.size);
    return t('rattlesnake:combo.set', { size, top: String(c.top) });
  }
  return t('rattlesnake:combo.run', { from: String(c.top - c.size + 1), to: String(c.top) });
}

/** Value bands: 1 green … 5 red. */
const VALUE_COLOR = [0x777777, 0x2f7a35, 0x35506e, 0x6e5a2a, 0x7a4a22, 0xa3281e];
/** Deck backs: purple for the first seat, orange for the second (as the printed decks). */
const BACK_COLOR = [0x4b2a6e, 0xb0561a];

interface FaceOpts {
  /** Current value when changed by Focus / Distract. */
  value?: number | null;
  highlight?: boolean;
  selected?: boolean;
  clickable?: boolean;
  dim?: boolean;
}

/** A face-up card w×h with its top-left at (0,0). */
function cardFace(id: string, w: number, hgt: number, o: FaceOpts = {}): Container {
  const c = new Container();
  const info = Rattlesnake.cardInfo(id);
  const r = Math.max(4, w * 0.1);
  const g = new Graphics();
  if (info?.kind === 'event') {
    g.roundRect(0, 0, w, hgt, r).fill(0x1d2a44).stroke({ width: 3, color: GOLD });
    g.roundRect(4, 4, w - 8, hgt - 8, r * 0.6).stroke({ width: 1, color: GOLD });
    c.addChild(g);
    const tag = text(t('rattlesnake:scene.eventTag'), { fontSize: Math.max(8, w * 0.15), fill: GOLD, fontWeight: 'bold', letterSpacing: 1 });
    tag.anchor.set(0.5, 0);
    tag.position.set(w / 2, 6);
    c.addChild(tag);
    const name = text(info.name, { fontSize: Math.max(9, w * 0.17), fill: CREAM, fontWeight: 'bold', align: 'center', wordWrap: true, wordWrapWidth: w - 8 });
    name.anchor.set(0.5);
    name.position.set(w / 2, hgt / 2 + 4);
    c.addChild(name);
  } else if (info?.kind === 'hit') {
    g.roundRect(0, 0, w, hgt, r).fill(0x8c1c13).stroke({ width: 2, color: INK });
    g.roundRect(3, 3, w - 6, hgt - 6, r * 0.6).stroke({ width: 1, color: 0xf0b0a0 });
    c.addChild(g);
    const tag = text(t('rattlesnake:scene.hitTag'), { fontSize: Math.max(9, w * 0.26), fill: CREAM, fontWeight: 'bold' });
    tag.anchor.set(0.5);
    tag.position.set(w / 2, hgt / 2);
    c.addChild(tag);
  } else if (info?.kind === 'action') {
    const value = o.value ?? info.value;
    g.roundRect(0, 0, w, hgt, r).fill(PAPER).stroke({ width: 2, color: INK });
    // Long names ("Dodge 'n' Shoot") wrap onto two lines in a taller band rather than being cut.
    const name = text(info.name, { fontSize: Math.max(7, Math.min(14, w * 0.17)), fill: CREAM, fontWeight: 'bold', align: 'center', wordWrap: true, wordWrapWidth: w - 6, lineHeight: Math.max(8, Math.min(15, w * 0.19)) });
    if (name.height > hgt * 0.45) fit(name, w - 6);
    const band = Math.max(13, hgt * 0.24, name.height + 4);
    g.roundRect(3, 3, w - 6, band, 4).fill(VALUE_COLOR[info.value] ?? 0x555555);
    c.addChild(g);
    name.anchor.set(0.5);
    name.position.set(w / 2, 3 + band / 2);
    c.addChild(name);
    const changed = value !== info.value;
    const big = text(String(value), { fontSize: Math.max(14, w * 0.48), fontWeight: 'bold', fill: changed ? 0x1f5fa8 : INK });
    big.anchor.set(0.5);
    big.position.set(w / 2, band + (hgt - band) / 2);
    c.addChild(big);
    if (changed) {
      const was = text(t('rattlesnake:scene.was', { value: String(info.value) }), { fontSize: Math.max(8, w * 0.14), fill: 0x1f5fa8 });
      was.anchor.set(0.5, 1);
      was.position.set(w / 2, hgt - 3);
      c.addChild(was);
    }
  } else {
    g.roundRect(0, 0, w, hgt, r).fill(0x888888);
    c.addChild(g);
  }
  if (o.dim) c.alpha = 0.55;
  if (o.highlight) c.addChild(new Graphics().roundRect(-3, -3, w + 6, hgt + 6, r + 2).stroke({ width: 4, color: GOLD }));
  if (o.selected) c.addChild(new Graphics().roundRect(-3, -3, w + 6, hgt + 6, r + 2).stroke({ width: 4, color: 0x2f9be0 }));
  else if (o.clickable) c.addChild(new Graphics().roundRect(-2, -2, w + 4, hgt + 4, r + 1).stroke({ width: 2, color: CREAM, alpha: 0.9 }));
  return c;
}

function cardBack(seat: number, w: number, hgt: number, label = ''): Container {
  return back(w, hgt, { fill: BACK_COLOR[seat] ?? 0x7c2f12, label, radius: 0.1, labelScale: 0.3 });
}

function emptySlot(w: number, hgt: number, label = ''): Container {
  const c = new Container();
  c.addChild(new Graphics().roundRect(0, 0, w, hgt, Math.max(4, w * 0.1)).stroke({ width: 1.5, color: CREAM, alpha: 0.4 }));
  if (label) {
    const t = text(label, { fontSize: Math.max(8, w * 0.16), fill: CREAM, align: 'center', wordWrap: true, wordWrapWidth: w - 4 });
    t.alpha = 0.6;
    t.anchor.set(0.5);
    t.position.set(w / 2, hgt / 2);
    c.addChild(t);
  }
  return c;
}

export class RattlesnakeScene {
  private readonly root = new Container();
  private model: RattlesnakeSceneModel | null = null;
  private readonly tip: HTMLDivElement;
  private pressTimer = 0;

  private constructor(
    private readonly app: Application,
    private readonly host: HTMLElement,
    private readonly stop: () => void,
    private readonly hooks: RattlesnakeSceneHooks,
  ) {
    app.stage.addChild(this.root);
    this.tip = document.createElement('div');
    this.tip.className = 'card-tip';
    this.tip.setAttribute('role', 'tooltip');
    this.tip.hidden = true;
    host.append(this.tip);
  }

  static async create(host: HTMLElement, hooks: RattlesnakeSceneHooks): Promise<RattlesnakeScene> {
    let scene: RattlesnakeScene | null = null;
    const { app, stop } = await createPixiApp(host, () => scene?.draw());
    scene = new RattlesnakeScene(app, host, stop, hooks);
    return scene;
  }

  update(model: RattlesnakeSceneModel): void {
    this.model = model;
    this.draw();
  }

  destroy(): void {
    window.clearTimeout(this.pressTimer);
    this.tip.remove();
    this.stop();
  }

  private showTip(id: string, card: Container): void {
    const info = Rattlesnake.cardInfo(id);
    if (!info) return;
    const b = card.getBounds();
    const body: string =
      info.kind === 'action'
        ? t('rattlesnake:scene.tipAction', { value: String(info.value), text: rulesText(info) })
        : info.kind === 'event'
          ? t('rattlesnake:scene.tipEvent', { text: rulesText(info) })
          : t('rattlesnake:scene.tipHit');
    this.tip.replaceChildren();
    const title = document.createElement('strong');
    title.textContent = info.name;
    this.tip.append(title, document.createElement('br'), body);
    this.tip.hidden = false;
    const W = this.host.clientWidth;
    const tw = Math.min(260, W - 8);
    this.tip.style.width = `${tw}px`;
    this.tip.style.left = `${Math.max(4, Math.min(W - tw - 4, b.x + b.width / 2 - tw / 2))}px`;
    const below = b.y + b.height + 6;
    const tall = this.tip.offsetHeight;
    this.tip.style.top = `${below + tall > this.host.clientHeight ? Math.max(4, b.y - tall - 6) : below}px`;
  }

  private hideTip(): void {
    window.clearTimeout(this.pressTimer);
    this.tip.hidden = true;
  }

  /** Hover (mouse) or long-press (touch) shows the card's text; a tap calls `onTap`. */
  private inspectable(c: Container, id: string, onTap?: () => void): Container {
    c.eventMode = 'static';
    c.cursor = onTap ? 'pointer' : 'help';
    c.on('pointerover', (e) => {
      if (e.pointerType === 'mouse') this.showTip(id, c);
    });
    c.on('pointerout', () => this.hideTip());
    c.on('pointerdown', (e) => {
      if (e.pointerType === 'mouse') return;
      window.clearTimeout(this.pressTimer);
      this.pressTimer = window.setTimeout(() => this.showTip(id, c), 450);
    });
    c.on('pointerup', () => window.clearTimeout(this.pressTimer));
    c.on('pointerupoutside', () => this.hideTip());
    if (onTap) c.on('pointertap', onTap);
    return c;
  }

  private label(value: string, x: number, y: number, size: number, color = CREAM, bold = false, maxW = 0): Text {
    return addLabel(this.root, value, x, y, size, color, bold, maxW);
  }

  private place(c: Container, x: number, y: number): Container {
    return placeIn(this.root, c, x, y);
  }

  draw(): void {
    const m = this.model;
    if (!m) return;
    for (const child of this.root.removeChildren()) child.destroy({ children: true });
    const W = this.app.renderer.width / this.app.renderer.resolution;
    const H = this.app.renderer.height / this.app.renderer.resolution;
    const v = m.view;
    const me = v.seat ?? 0;
    const opp = 1 - me;
    const pad = 8;
    // Height needed ≈ 8 text lines + 5.8 card widths (two player rows, saloon, attack, hand): fit both ways.
    const fs = Math.max(11, Math.min(14, W / 40));
    const cw = Math.max(34, Math.min(78, (W - 2 * pad) / 7.6, (H - 8 * (fs + 2) - 76) / 5.8));
    const ch = cw * 1.4;
    const sw = cw * 0.62;
    const sh = sw * 1.4;
    const gap = Math.max(4, cw * 0.1);

    this.root.addChild(new Graphics().roundRect(2, 2, W - 4, H - 4, 12).fill(0x2f5d3a));

    // A player's row: name line, then Hits in front, hand (backs, opponent only), deck, discard.
    const playerRow = (seat: number, y: number): number => {
      const p = v.players[seat];
      const isMe = seat === v.seat;
      const deciding = v.pending.includes(seat);
      let title: string = isMe ? t('rattlesnake:scene.you', { name: m.names[seat] }) : m.names[seat];
      if (v.active === seat) title = t('rattlesnake:scene.pistol', { title });
      if (deciding && v.winner === null) title = t('rattlesnake:scene.deciding', { title });
      this.label(title, pad + 4, y, fs, deciding ? GOLD : CREAM, true, W - 2 * pad);
      y += fs + 6;
      if (!p) return y;
      let x = pad + 4;
      const caption = (s: string, cx: number, w: number) => {
        const t = this.label(s, cx, y + sh + 2, Math.max(9, fs - 2), CREAM, false, w + 30);
        t.alpha = 0.85;
      };
      // Hits in front
      const hitStep = Math.min(sw + 3, sw * 0.7 + 3);
      if (p.hits.length === 0) this.place(emptySlot(sw, sh, t('rattlesnake:scene.noHits')), x, y);
      p.hits.forEach((id, i) => this.place(this.inspectable(cardFace(id, sw, sh), id), x + i * hitStep, y));
      const hitsW = Math.max(sw, (Math.max(1, p.hits.length) - 1) * hitStep + sw);
      caption(t('rattlesnake:scene.hitsInFront', { n: String(p.hits.length) }), x, hitsW);
      x += Math.max(hitsW, fs * 7) + gap * 2;
      if (!isMe) {
        const n = p.handCount;
        const step = Math.min(sw * 0.35, 14);
        for (let i = 0; i < Math.max(1, n); i++) this.place(n === 0 ? emptySlot(sw, sh) : cardBack(seat, sw, sh), x + i * step, y);
        const handW = Math.max(0, n - 1) * step + sw;
        caption(t('rattlesnake:scene.hand', { n: String(n) }), x, handW);
        x += Math.max(handW, fs * 4) + gap * 2;
      }
      this.place(p.deckCount > 0 ? cardBack(seat, sw, sh, String(p.deckCount)) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
      caption(t('rattlesnake:scene.deck', { n: String(p.deckCount) }), x, sw);
      x += Math.max(sw, fs * 4) + gap * 2;
      const top = p.discard[p.discard.length - 1];
      this.place(top ? this.inspectable(cardFace(top, sw, sh), top) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
      caption(t('rattlesnake:scene.discard', { n: String(p.discard.length) }), x, sw);
      return y + sh + fs + 6;
    };

    let y = pad;
    y = playerRow(opp, y) + 2;

    // The saloon: 5 slots (events look different), the saloon deck, the graveyard.
    this.label(t('rattlesnake:scene.saloonHead', { count: v.buyCost }), pad + 4, y, fs, CREAM, true, W * 0.6);
    y += fs + 6;
    let x = pad + 4;
    v.saloon.forEach((id) => {
      if (id === null) this.place(emptySlot(cw, ch, t('rattlesnake:scene.empty')), x, y);
      else {
        const buyable = m.buyable.has(id);
        const face = cardFace(id, cw, ch, { clickable: buyable, selected: m.buyTarget === id });
        this.place(this.inspectable(face, id, buyable ? () => this.hooks.onSaloonCard(id) : undefined), x, y);
      }
      x += cw + gap;
    });
    x += gap;
    this.place(v.saloonDeckCount > 0 ? cardBack(2, sw, sh, String(v.saloonDeckCount)) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
    this.label(t('rattlesnake:scene.saloon'), x, y + sh + 2, Math.max(9, fs - 2));
    this.label(t('rattlesnake:scene.saloonDeck', { n: String(v.saloonDeckCount) }), x, y + sh + fs, Math.max(9, fs - 2));
    x += sw + gap * 2;
    const grave = v.graveyard[v.graveyard.length - 1];
    this.place(grave ? this.inspectable(cardFace(grave, sw, sh), grave) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
    this.label(t('rattlesnake:scene.graveyard'), x, y + sh + 2, Math.max(9, fs - 2));
    this.label(t('rattlesnake:scene.graveyardCount', { count: v.graveyard.length }), x, y + sh + fs, Math.max(9, fs - 2));
    y += ch + 8;

    // The attack: face-down commitments with their counts, then the reveal with the combos highlighted and named.
    const bh = ch * 0.9;
    const bw = bh / 1.4;
    const half = (W - 2 * pad) / 2;
    const side = (seat: number, x0: number) => {
      const p = v.players[seat];
      const who = seat === v.seat ? { name: m.names[seat], context: 'me' } : { name: m.names[seat] };
      const combo = m.combos?.[seat] ?? null;
      let head: string = v.attack?.attacker === seat ? t('rattlesnake:scene.attack', who) : t('rattlesnake:scene.defence', who);
      let ids: { id: string; value: number | null }[] = [];
      let backs = 0;
      let dim = false;
      if (p?.revealed) {
        ids = p.revealed;
        head += `: ${describeCombo(combo)}`;
      } else if (p?.committedCount != null) {
        if (seat === v.seat && v.myCommit) {
          ids = v.myCommit.map((id) => ({ id, value: null }));
          dim = true;
          head = t('rattlesnake:scene.faceDown', { head, n: String(v.myCommit.length) });
        } else {
          backs = p.committedCount;
          head = t('rattlesnake:scene.faceDown', { head, n: String(p.committedCount) });
        }
      } else head = t('rattlesnake:scene.choosing', { head });
      this.label(head, x0, y, fs, combo && p?.revealed ? GOLD : CREAM, true, half - 8);
      const n = Math.max(ids.length, backs);
      const step = n > 1 ? Math.min(bw + 4, (half - 12 - bw) / (n - 1)) : 0;
      const cy = y + fs + 6;
      if (n === 0 && p?.committedCount === 0) this.label(t('rattlesnake:scene.noCards'), x0, cy + bh / 2 - fs / 2, fs, CREAM);
      for (let i = 0; i < backs; i++) this.place(cardBack(seat, bw, bh), x0 + i * step, cy);
      ids.forEach((r, i) => {
        const face = cardFace(r.id, bw, bh, { value: r.value, highlight: combo?.cards.includes(r.id) ?? false, dim });
        this.place(this.inspectable(face, r.id), x0 + i * step, cy);
      });
    };
    const inAttack = v.attack && (v.step.kind === 'attackerCommit' || v.step.kind === 'defenderCommit' || v.step.kind === 'window');
    if (v.attack && inAttack) {
      side(v.attack.attacker, pad + 4);
      side(v.attack.defender, pad + 4 + half);
    } else {
      const sd = v.lastShowdown;
      const lines: string[] = [];
      if (!m.started) lines.push(t('rattlesnake:scene.waiting'));
      else if (sd) {
        const name = (s: number): string => (s === v.seat ? t('rattlesnake:scene.youWord') : m.names[s]);
        lines.push(t('rattlesnake:scene.lastAttack', { attacker: name(sd.attacker), defender: name(sd.defender) }));
        const result: string = sd.attackerWon ? t('rattlesnake:scene.hit', { count: sd.hits }) : t('rattlesnake:scene.held');
        lines.push(
          sd.dodge
            ? sd.attackerWon
              ? t('rattlesnake:scene.dodgeHit')
              : t('rattlesnake:scene.dodgeHeld')
            : t('rattlesnake:scene.combos', { attack: describeCombo(sd.attackerCombo), defence: describeCombo(sd.defenderCombo), result }),
        );
      } else lines.push(t('rattlesnake:scene.noAttack'));
      lines.forEach((s, i) => {
        const t = text(s, { fontSize: fs, fill: CREAM, align: 'center', wordWrap: true, wordWrapWidth: W - 4 * pad, fontWeight: i === 1 ? 'bold' : 'normal' });
        t.anchor.set(0.5, 0);
        t.position.set(W / 2, y + 10 + i * (fs * 2.6));
        this.root.addChild(t);
      });
    }
    if (v.events.length > 0) {
      const names = v.events.map((e) => Rattlesnake.EVENTS.find((d) => d.event === e)?.name ?? e);
      const line = this.label(t('rattlesnake:scene.inEffect', { names: names.join(', ') }), pad + 4, y + fs + bh + 8, Math.max(9, fs - 2), GOLD, false, W - 2 * pad);
      line.alpha = 0.9;
    }
    y += fs + bh + 8 + fs + 4;

    // My row and my hand (bottom).
    if (v.seat !== null) {
      y = playerRow(me, y);
      const hand = v.hand;
      const hy = y + fs + 4;
      this.label(t('rattlesnake:scene.yourHand'), pad + 4, hy - fs - 2, fs, CREAM, true);
      const n = hand.length;
      const step = n > 1 ? Math.min(cw + gap, (W - 2 * pad - 8 - cw) / (n - 1)) : 0;
      hand.forEach((id, i) => {
        const sel = m.selected.has(id);
        const can = m.selectable.has(id);
        const face = cardFace(id, cw, ch, { selected: sel, clickable: can });
        this.place(this.inspectable(face, id, can ? () => this.hooks.onHandCard(id) : undefined), pad + 4 + i * step, hy - (sel ? 8 : 0));
      });
      if (n === 0) this.label(t('rattlesnake:scene.emptyHand'), pad + 4, hy + 10, fs, CREAM);
    } else {
      playerRow(me, y);
    }
    this.app.render();
  }
}
