import { Container, Graphics, Text, type Application } from 'pixi.js';
import { Rattlesnake } from '@tumbleweed/engine';
import { createPixiApp, type PixiScene } from './pixi';
import { INK, PAPER, GOLD, CREAM, text, fit, fitLines, lineHeight, addLabel, placeIn, cardBack as back, asCard, stackIn } from './common';
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
  const c = asCard(new Container());
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
    // Still too tall (a narrow card): one line, shortened.
    if (name.height > hgt * 0.45) {
      name.style.wordWrap = false;
      fit(name, w - 6);
    }
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
  // Frames lie on the card's own edge (not around it), so cards side by side never touch.
  if (o.highlight) c.addChild(new Graphics().roundRect(2, 2, w - 4, hgt - 4, r).stroke({ width: 4, color: GOLD }));
  if (o.selected) c.addChild(new Graphics().roundRect(2, 2, w - 4, hgt - 4, r).stroke({ width: 4, color: 0x2f9be0 }));
  else if (o.clickable) c.addChild(new Graphics().roundRect(1, 1, w - 2, hgt - 2, r).stroke({ width: 2, color: CREAM, alpha: 0.9 }));
  return c;
}

function cardBack(seat: number, w: number, hgt: number, label = ''): Container {
  return back(w, hgt, { fill: BACK_COLOR[seat] ?? 0x7c2f12, label, radius: 0.1, labelScale: 0.3 });
}

function emptySlot(w: number, hgt: number, label = ''): Container {
  const c = asCard(new Container());
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

  private readonly app: Application;

  private constructor(
    private readonly px: PixiScene,
    private readonly host: HTMLElement,
    private readonly hooks: RattlesnakeSceneHooks,
  ) {
    this.app = px.app;
    this.app.stage.addChild(this.root);
    this.tip = document.createElement('div');
    this.tip.className = 'card-tip';
    this.tip.setAttribute('role', 'tooltip');
    this.tip.hidden = true;
    host.append(this.tip);
  }

  static async create(host: HTMLElement, hooks: RattlesnakeSceneHooks): Promise<RattlesnakeScene> {
    let scene: RattlesnakeScene | null = null;
    const px = await createPixiApp(host, () => scene?.draw());
    scene = new RattlesnakeScene(px, host, hooks);
    return scene;
  }

  update(model: RattlesnakeSceneModel): void {
    this.model = model;
    this.draw();
  }

  destroy(): void {
    window.clearTimeout(this.pressTimer);
    this.tip.remove();
    this.px.stop();
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
    const { width: W, height: H } = this.px.size();
    const v = m.view;
    const me = v.seat ?? 0;
    const opp = 1 - me;
    const seated = v.seat !== null;
    const pad = 8;
    const fs = Math.max(11, Math.min(14, W / 40));
    const small = Math.max(9, fs - 2);
    const inner = W - 2 * pad - 8;
    // Rows, top to bottom: the opponent, the saloon, the attack, me, my hand. Their words are laid out first (a
    // row's captions are as wide as their words), then the cards get the largest size that fits both ways.
    const titleH = lineHeight(fs) + 4;
    const capH = 2 + lineHeight(small);
    const headLines = W < 600 ? 2 : 1;
    const headH = headLines * lineHeight(fs) + 4;
    const eventsH = v.events.length > 0 ? lineHeight(small) + 4 : 0;
    const caption = (s: string): Text => {
      const c = text(s, { fontSize: small, fill: CREAM });
      c.alpha = 0.85;
      return c;
    };
    const deckCaps = [caption(t('rattlesnake:scene.saloon')), caption(t('rattlesnake:scene.saloonDeck', { n: String(v.saloonDeckCount) }))];
    const graveCaps = [caption(t('rattlesnake:scene.graveyard')), caption(t('rattlesnake:scene.graveyardCount', { count: v.graveyard.length }))];
    const deckCapW = Math.max(...deckCaps.map((c) => c.width));
    const graveCapW = Math.max(...graveCaps.map((c) => c.width));
    const sizes = (cw: number) => {
      const sw = cw * 0.62;
      const ch = cw * 1.4;
      return { cw, ch, sw, sh: sw * 1.4, gap: Math.max(4, cw * 0.1), bh: ch * 0.9, bw: ch * 0.9 / 1.4 };
    };
    type Sizes = ReturnType<typeof sizes>;
    const saloonW = (z: Sizes) => 5 * (z.cw + z.gap) + z.gap + Math.max(z.sw, deckCapW) + 2 * z.gap + Math.max(z.sw, graveCapW);
    const rowH = (z: Sizes) => titleH + z.sh + capH + 6;
    const saloonH = (z: Sizes) => titleH + Math.max(z.ch, z.sh + 2 + 2 * lineHeight(small)) + 8;
    const attackH = (z: Sizes) => headH + z.bh + 4 + eventsH;
    const handH = (z: Sizes) => lineHeight(fs) + 10 + z.ch;
    const totalH = (z: Sizes) => 2 * pad + 2 * rowH(z) + saloonH(z) + attackH(z) + (seated ? handH(z) : 0);
    let cw = 78;
    while (cw > 30 && (saloonW(sizes(cw)) > inner || totalH(sizes(cw)) > H)) cw -= 1;
    const { ch, sw, sh, gap, bh, bw } = sizes(cw);

    this.root.addChild(new Graphics().roundRect(2, 2, W - 4, H - 4, 12).fill(0x2f5d3a));

    // A player's row: name line, then Hits in front, hand (backs, opponent only), deck, discard, each captioned.
    const playerRow = (seat: number, y: number): number => {
      const p = v.players[seat];
      const isMe = seat === v.seat;
      const deciding = v.pending.includes(seat);
      let title: string = isMe ? t('rattlesnake:scene.you', { name: m.names[seat] }) : m.names[seat];
      if (v.active === seat) title = t('rattlesnake:scene.pistol', { title });
      if (deciding && v.winner === null) title = t('rattlesnake:scene.deciding', { title });
      this.label(title, pad + 4, y, fs, deciding ? GOLD : CREAM, true, inner);
      y += titleH;
      const end = y + sh + capH + 6;
      if (!p) return end;
      const cols: { w: number; cap: Text; draw: (x: number) => void }[] = [];
      // Hits in front
      const hitStep = sw * 0.7 + 3;
      const hitsW = Math.max(sw, (Math.max(1, p.hits.length) - 1) * hitStep + sw);
      cols.push({
        w: hitsW,
        cap: caption(t('rattlesnake:scene.hitsInFront', { n: String(p.hits.length) })),
        draw: (x) => {
          if (p.hits.length === 0) this.place(emptySlot(sw, sh, t('rattlesnake:scene.noHits')), x, y);
          const hits = stackIn(this.root);
          p.hits.forEach((id, i) => placeIn(hits, this.inspectable(cardFace(id, sw, sh), id), x + i * hitStep, y));
        },
      });
      if (!isMe) {
        const n = p.handCount;
        const step = Math.min(sw * 0.35, 14);
        cols.push({
          w: Math.max(0, n - 1) * step + sw,
          cap: caption(t('rattlesnake:scene.hand', { n: String(n) })),
          draw: (x) => {
            const fan = stackIn(this.root);
            for (let i = 0; i < Math.max(1, n); i++) placeIn(fan, n === 0 ? emptySlot(sw, sh) : cardBack(seat, sw, sh), x + i * step, y);
          },
        });
      }
      cols.push({
        w: sw,
        cap: caption(t('rattlesnake:scene.deck', { n: String(p.deckCount) })),
        draw: (x) => this.place(p.deckCount > 0 ? cardBack(seat, sw, sh, String(p.deckCount)) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y),
      });
      const top = p.discard[p.discard.length - 1];
      cols.push({
        w: sw,
        cap: caption(t('rattlesnake:scene.discard', { n: String(p.discard.length) })),
        draw: (x) => this.place(top ? this.inspectable(cardFace(top, sw, sh), top) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y),
      });
      // A column is as wide as its cards or its caption; on a narrow screen the captions give way.
      const room = inner - 2 * gap * (cols.length - 1);
      const need = cols.reduce((a, c) => a + Math.max(c.w, c.cap.width), 0);
      if (need > room) {
        const spare = Math.max(0, room - cols.reduce((a, c) => a + c.w, 0)) / cols.length;
        for (const c of cols) fit(c.cap, c.w + spare);
      }
      let x = pad + 4;
      for (const c of cols) {
        c.draw(x);
        placeIn(this.root, c.cap, x, y + sh + 2);
        x += Math.max(c.w, c.cap.width) + gap * 2;
      }
      return end;
    };

    let y = pad;
    y = playerRow(opp, y);

    // The saloon: 5 slots (events look different), the saloon deck, the graveyard.
    this.label(t('rattlesnake:scene.saloonHead', { count: v.buyCost }), pad + 4, y, fs, CREAM, true, inner);
    y += titleH;
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
    deckCaps.forEach((c, i) => placeIn(this.root, c, x, y + sh + 2 + i * lineHeight(small)));
    x += Math.max(sw, deckCapW) + gap * 2;
    const grave = v.graveyard[v.graveyard.length - 1];
    this.place(grave ? this.inspectable(cardFace(grave, sw, sh), grave) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
    graveCaps.forEach((c, i) => placeIn(this.root, c, x, y + sh + 2 + i * lineHeight(small)));
    y += saloonH(sizes(cw)) - titleH;

    // The attack: face-down commitments with their counts, then the reveal with the combos highlighted and named.
    const half = inner / 2;
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
      // The heading wraps (two lines on a narrow screen) before it is shortened.
      const ht = text(head, { fontSize: fs, fill: combo && p?.revealed ? GOLD : CREAM, fontWeight: 'bold', wordWrap: true, wordWrapWidth: half - 8 });
      fitLines(ht, headLines * lineHeight(fs));
      placeIn(this.root, ht, x0, y);
      const n = Math.max(ids.length, backs);
      const step = n > 1 ? Math.min(bw + 4, (half - 8 - bw) / (n - 1)) : 0;
      const cy = y + headH;
      if (n === 0 && p?.committedCount === 0) this.label(t('rattlesnake:scene.noCards'), x0, cy + bh / 2 - fs / 2, fs, CREAM, false, half - 8);
      const fan = stackIn(this.root);
      for (let i = 0; i < backs; i++) placeIn(fan, cardBack(seat, bw, bh), x0 + i * step, cy);
      ids.forEach((r, i) => {
        const face = cardFace(r.id, bw, bh, { value: r.value, highlight: combo?.cards.includes(r.id) ?? false, dim });
        placeIn(fan, this.inspectable(face, r.id), x0 + i * step, cy);
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
      // Centred sentences, one under the other, within the attack's place.
      let ty = y + 6;
      const bottom = y + headH + bh;
      lines.forEach((s, i) => {
        const line = text(s, { fontSize: fs, fill: CREAM, align: 'center', wordWrap: true, wordWrapWidth: inner - 8, fontWeight: i === 1 ? 'bold' : 'normal' });
        fitLines(line, Math.max(lineHeight(fs), bottom - ty));
        line.anchor.set(0.5, 0);
        line.position.set(W / 2, ty);
        this.root.addChild(line);
        ty += line.height + fs * 0.6;
      });
    }
    if (v.events.length > 0) {
      const names = v.events.map((e) => Rattlesnake.EVENTS.find((d) => d.event === e)?.name ?? e);
      const line = this.label(t('rattlesnake:scene.inEffect', { names: names.join(', ') }), pad + 4, y + headH + bh + 4, small, GOLD, false, inner);
      line.alpha = 0.9;
    }
    y += attackH(sizes(cw));

    // My row and my hand (bottom); a selected card rises into the gap under the "Your hand" line.
    y = playerRow(me, y);
    if (seated) {
      this.label(t('rattlesnake:scene.yourHand'), pad + 4, y, fs, CREAM, true, inner);
      const hy = y + lineHeight(fs) + 10;
      const hand = v.hand;
      const n = hand.length;
      // My cards take the room left at the bottom (larger than the saloon's on a tall phone: easier to read and tap).
      const k = Math.max(n, 5);
      const hw = Math.max(cw, Math.min(96, (H - pad - hy) / 1.4, (inner - gap * (k - 1)) / k));
      const step = n > 1 ? Math.min(hw + gap, (inner - hw) / (n - 1)) : 0;
      const fan = stackIn(this.root);
      hand.forEach((id, i) => {
        const sel = m.selected.has(id);
        const can = m.selectable.has(id);
        const face = cardFace(id, hw, hw * 1.4, { selected: sel, clickable: can });
        placeIn(fan, this.inspectable(face, id, can ? () => this.hooks.onHandCard(id) : undefined), pad + 4 + i * step, hy - (sel ? 8 : 0));
      });
      if (n === 0) this.label(t('rattlesnake:scene.emptyHand'), pad + 4, hy + 10, fs, CREAM);
    }
    this.app.render();
  }
}
