import { Container, Graphics, Text, type Application } from 'pixi.js';
import { Rattlesnake } from '@tumbleweed/engine';
import { createPixiApp, type PixiScene } from './pixi';
import {
  INK,
  PAPER,
  GOLD,
  CREAM,
  text,
  fit,
  fitLines,
  fitLinesFirst,
  lineHeight,
  addLabel,
  placeIn,
  cardBack as back,
  asBox,
  asCard,
  stackIn,
  clearForRedraw,
  DrawAfterPaint,
  type DrawWhen,
  ownStyle,
  feltLayout,
  fingerSized,
  sharpen,
} from './common';
import { t } from '../i18n';
import { describeCombo, faceText, rulesText } from '../games/rattlesnake-words';
import { Motion } from './motion';

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
  /**
   * The last showdown's verdict ("You lose: Set of two 4s beats Single 1 — 1 Hit"), then its short form for a felt with
   * no room for it ("You lose — 1 Hit"), and whether it just happened.
   */
  verdict: readonly string[] | null;
  verdictFresh: boolean;
  /**
   * The hand's cards are picked here only, not on the action bar too (a phone held sideways: style.css hides the bar's
   * card toggles there, which took it to two rows): "Your hand" says so while a card may be picked.
   */
  pickOnFelt: boolean;
}

export interface RattlesnakeSceneHooks {
  onHandCard(id: string): void;
  onSaloonCard(id: string): void;
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
  /** A pile's top card, or a card under a like one in a fan: name and value only (its words are a hover / long-press away). */
  plain?: boolean;
  /** A Hit under the next one in a fan: its frame only (its word, cut by the card over it, read "HI", "HI", "HIT"), as a bare back. */
  bare?: boolean;
  /**
   * A card under the next one in a fan: how much of its width is in sight. Its name is laid out there, on two lines or
   * shortened, not under the card over it (two Double Taps under a Disarm at 932×430 read "Double Ta", "Double Ta").
   */
  inSight?: number;
}

/** Cards narrower than this print no ability text (a pile's top card, a Hit in front): name and value only. */
const TEXT_MIN_W = 44;

/**
 * A card at least this wide prints its name (and an event's tag) at least 10 px and its rule text at least 9 px, fewer
 * of its words shown whole (the rest a long-press away): a phone held upright draws its Saloon's cards and its hand
 * 54–65 px wide (RattlesnakeScene.draw; 54 on a 390×844 phone when the bars hold their tallest and an event is in
 * effect), where sizes in proportion to the width drew names 8–9.8 px and rule text 7.5, too small to read. (A
 * desktop's cards, 90 px and wider, are drawn larger than that anyway; narrower ones, a phone held sideways, keep
 * their sizes.)
 */
const READ_W = 54;

/** The card's few words in the box (x, y, w, h) of card `c`, as many lines as fit (the last one ending in "…"). */
function printText(c: Container, words: string, x: number, y: number, w: number, h: number, size: number, fill: number): void {
  const lh = Math.ceil(size * 1.15);
  if (!words || h < lh || w < 20) return;
  const body = text(words, { fontSize: size, fill, align: 'center', wordWrap: true, breakWords: true, wordWrapWidth: w, lineHeight: lh });
  fitLines(body, h);
  body.anchor.set(0.5, 0);
  body.position.set(x + w / 2, y);
  c.addChild(body);
}

/** Whether card `i` of `n` fanned `step` apart, each `w` wide, lies partly under the next one. */
function covered(i: number, n: number, step: number, w: number): boolean {
  return i + 1 < n && step < w;
}

/** How much of card `i` of `n` fanned `step` apart, each `w` wide, is in sight (FaceOpts.inSight): all of the top one. */
function inSightOf(i: number, n: number, step: number, w: number): number | undefined {
  return covered(i, n, step, w) ? step : undefined;
}

/**
 * Whether card `i` of a fan `step` apart lies under a like card (the same name) fanned over it: its words would show
 * cut beside the same words whole on the top one (two Disarms at 932×430: 44 px of 53 of the lower one's in sight).
 */
function underLike(ids: readonly string[], i: number, step: number, w: number): boolean {
  return covered(i, ids.length, step, w) && Rattlesnake.cardInfo(ids[i + 1])?.name === Rattlesnake.cardInfo(ids[i])?.name;
}

/** A face-up card w×h with its top-left at (0,0): name, value and (on cards large enough) what it does. */
function cardFace(id: string, w: number, hgt: number, o: FaceOpts = {}): Container {
  const c = asCard(new Container());
  const info = Rattlesnake.cardInfo(id);
  const r = Math.max(4, w * 0.1);
  const g = new Graphics();
  const legible = w >= READ_W;
  const wordsSize = Math.max(legible ? 9 : 7.5, Math.min(13, w * 0.115));
  const withText = !o.plain && w >= TEXT_MIN_W && hgt >= w * 1.2;
  if (info?.kind === 'event') {
    g.roundRect(0, 0, w, hgt, r).fill(0x1d2a44).stroke({ width: 3, color: GOLD });
    g.roundRect(4, 4, w - 8, hgt - 8, r * 0.6).stroke({ width: 1, color: GOLD });
    c.addChild(g);
    const tag = text(t('rattlesnake:scene.eventTag'), {
      fontSize: Math.max(legible ? 10 : 8, Math.min(13, w * 0.13)),
      fill: GOLD,
      fontWeight: 'bold',
      letterSpacing: 1,
    });
    fit(tag, w - 10);
    tag.anchor.set(0.5, 0);
    tag.position.set(w / 2, 6);
    c.addChild(tag);
    const name = text(info.name, {
      fontSize: Math.max(legible ? 10 : 8, Math.min(16, w * 0.15)),
      fill: CREAM,
      fontWeight: 'bold',
      align: 'center',
      wordWrap: true,
      breakWords: true,
      wordWrapWidth: w - 10,
    });
    fitLines(name, hgt * 0.4);
    if (withText) {
      name.anchor.set(0.5, 0);
      name.position.set(w / 2, 8 + tag.height);
      c.addChild(name);
      const top = name.y + name.height + 3;
      printText(c, faceText(info), 6, top, w - 12, hgt - 6 - top, wordsSize, CREAM);
    } else {
      name.anchor.set(0.5);
      name.position.set(w / 2, hgt / 2 + 4);
      c.addChild(name);
    }
  } else if (info?.kind === 'hit') {
    g.roundRect(0, 0, w, hgt, r).fill(0x8c1c13).stroke({ width: 2, color: INK });
    g.roundRect(3, 3, w - 6, hgt - 6, r * 0.6).stroke({ width: 1, color: 0xf0b0a0 });
    c.addChild(g);
    if (!o.bare) {
      const tag = text(t('rattlesnake:scene.hitTag'), { fontSize: Math.max(9, Math.min(26, w * 0.26)), fill: CREAM, fontWeight: 'bold' });
      tag.anchor.set(0.5);
      tag.position.set(w / 2, hgt / 2);
      c.addChild(tag);
    }
  } else if (info?.kind === 'action') {
    const value = o.value ?? info.value;
    g.roundRect(0, 0, w, hgt, r).fill(PAPER).stroke({ width: 2, color: INK });
    // Long names ("Dodge 'n' Shoot") wrap onto two lines in a taller band rather than being cut; under a card fanned
    // over it, in the part in sight.
    const nameSize = Math.max(legible ? 10 : 7, Math.min(16, w * 0.15));
    const seen = Math.max(20, Math.min(w, o.inSight ?? w));
    const name = text(info.name, {
      fontSize: nameSize,
      fill: CREAM,
      fontWeight: 'bold',
      align: 'center',
      wordWrap: true,
      wordWrapWidth: seen - 6,
      lineHeight: Math.ceil(nameSize * 1.12),
    });
    // Still too tall (a narrow card), or under a card with a word wider than the part in sight: one line, shortened.
    if (name.height > hgt * 0.4 || (o.inSight !== undefined && name.width > seen - 5)) {
      ownStyle(name).wordWrap = false;
      fit(name, seen - 6);
    }
    const band = Math.max(13, hgt * (withText ? 0.17 : 0.24), name.height + 4);
    g.roundRect(3, 3, w - 6, band, 4).fill(VALUE_COLOR[info.value] ?? 0x555555);
    c.addChild(g);
    name.anchor.set(0.5);
    name.position.set(seen / 2, 3 + band / 2);
    c.addChild(name);
    const changed = value !== info.value;
    const color = changed ? 0x1f5fa8 : INK;
    if (withText) {
      // The value under the name, then the words; a changed value says what it was, beside it.
      const big = text(String(value), { fontSize: Math.max(13, w * 0.26), fontWeight: 'bold', fill: color });
      big.anchor.set(changed ? 1 : 0.5, 0);
      big.position.set(w / 2, band + 3);
      c.addChild(big);
      if (changed) {
        const was = text(t('rattlesnake:scene.was', { value: String(info.value) }), { fontSize: wordsSize, fill: color });
        fit(was, w / 2 - 8);
        was.anchor.set(0, 0.5);
        was.position.set(w / 2 + 3, big.y + big.height / 2);
        c.addChild(was);
      }
      const top = big.y + big.height;
      printText(c, faceText(info), 4, top, w - 8, hgt - 4 - top, wordsSize, INK);
    } else {
      // (as large as the room under the band allows: a tiny card keeps its number off the name)
      const big = text(String(value), { fontSize: Math.max(8, Math.min(Math.max(14, w * 0.48), (hgt - band - 3) * 0.75)), fontWeight: 'bold', fill: color });
      big.anchor.set(0.5);
      big.position.set(w / 2, band + (hgt - band) / 2);
      c.addChild(big);
      if (changed) {
        const was = text(t('rattlesnake:scene.was', { value: String(info.value) }), { fontSize: Math.max(8, w * 0.14), fill: color });
        fit(was, w - 6);
        was.anchor.set(0.5, 1);
        was.position.set(w / 2, hgt - 3);
        c.addChild(was);
      }
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

function cardBack(seat: number, w: number, hgt: number, label = '', bare = false): Container {
  return back(w, hgt, { fill: BACK_COLOR[seat] ?? 0x7c2f12, label, radius: 0.1, labelScale: 0.3, bare });
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

/** A felt at least this wide lays its table in bands at full size (a desktop's three); narrower, a phone's five rows. */
const WIDE = 720;
/** A felt this much taller than wide (a tablet held upright) takes a phone's five rows, its cards up to TALL_MAX_CW. */
const TALL_ASPECT = 1.1;
const TALL_MAX_CW = 150;

/**
 * A felt this many times as wide as it is tall (a phone held sideways: 2.6–4.1; a desktop's: 1.7 at 1366×768) may be
 * drawn in two bands (RattlesnakeScene.bandsFor). Three bands on such a felt narrower than WIDE are drawn whole and
 * smaller, their words with them (5.5 px tall at 552×169, 7.2 at 618×203, 7.7 at 645×218); two keep their words at full
 * size (9.8–11 px), which is worth cards a little narrower: it always takes two. A wider one takes two when they draw
 * its cards at least TWO_BANDS_CARDS as wide as three do. (By cards alone an older Android held sideways, 640×360, and
 * an iPhone SE, 667×375, kept three bands: two drew their cards 0.84–0.89 as wide, 33 px instead of 37 at 640×360.)
 */
const TWO_BANDS_ASPECT = 2.2;
const TWO_BANDS_CARDS = 0.9;

/**
 * The saloon card's least width on a phone's felt before the whole table is drawn smaller instead (RattlesnakeScene.draw).
 * A felt lower than that (360×640: 338×316) draws its words smaller with it, their least sizes being fixed: at 40
 * (44 before) its cards' names are drawn 5.5 px, its piles' labels 7.9 (5.1 and 7.0), the cards 33 px wide (32).
 */
const NARROW_MIN_CW = 40;

/**
 * The least height of a phone's five rows (the opponent, the saloon, the attack, me, my hand) with saloon cards
 * NARROW_MIN_CW wide, at width W: the same sums as the narrow layout in RattlesnakeScene.draw.
 */
function narrowMinHeight(m: RattlesnakeSceneModel, W: number): number {
  const pad = 8;
  const fs = Math.max(11, Math.min(14, W / 40));
  const small = Math.max(10, fs - 2);
  const titleH = lineHeight(fs) + 4;
  const capH = 2 + lineHeight(small);
  const headH = (W < 600 ? 2 : 1) * lineHeight(fs) + 4;
  const eventsH = m.view.events.length > 0 ? lineHeight(small) + 4 : 0;
  const cw = NARROW_MIN_CW;
  const ch = cw * 1.4;
  // (the Saloon's piles in my row, `apart`)
  const sh = cw * 0.5 * 1.4;
  const rowH = titleH + sh + capH + 6;
  const myRowH = titleH + Math.max(sh + capH, sh + 2 + 2 * lineHeight(small)) + 6;
  const saloonH = titleH + ch + 8;
  const attackH = headH + ch * 0.72 + 4 + eventsH;
  const hand = m.view.seat !== null ? lineHeight(fs) + 10 + cw * 1.4 : 0;
  return Math.ceil(2 * pad + rowH + myRowH + saloonH + attackH + hand);
}

export class RattlesnakeScene {
  private readonly root = new Container();
  private model: RattlesnakeSceneModel | null = null;
  private readonly later = new DrawAfterPaint(() => this.draw());
  /** A low felt's layout (two bands or three) and the felt's size and seating it was chosen for (`bandsFor`). */
  private bands: { key: string; bands: 2 | 3 } | null = null;
  private readonly tip: HTMLDivElement;
  private pressTimer = 0;

  private readonly app: Application;
  private readonly motion: Motion;

  private constructor(
    private readonly px: PixiScene,
    private readonly host: HTMLElement,
    private readonly hooks: RattlesnakeSceneHooks,
  ) {
    this.app = px.app;
    this.motion = new Motion(this.app);
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

  update(model: RattlesnakeSceneModel, when: DrawWhen = 'now'): void {
    this.model = model;
    this.later.redraw(when);
  }

  destroy(): void {
    window.clearTimeout(this.pressTimer);
    this.tip.remove();
    this.later.cancel();
    this.motion.destroy();
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
    if (onTap) this.px.onTap(c, `card:${id}`, onTap);
    return c;
  }

  private label(value: string, x: number, y: number, size: number, color = CREAM, bold = false, maxW = 0): Text {
    return addLabel(this.root, value, x, y, size, color, bold, maxW);
  }

  private place(c: Container, x: number, y: number): Container {
    return placeIn(this.root, c, x, y);
  }

  /** Cards drawn this time, by a key that follows a card from place to place (its id; a face-down card by its place). */
  private tracked = new Map<string, { c: Container; from?: { x: number; y: number } | 'fade' }>();
  /** Where each key was drawn last time (root coordinates), and the size drawn at. */
  private lastPos = new Map<string, { x: number; y: number }>();
  private lastSize = '';
  /** Where each seat's deck and hand are (new cards come from there). */
  private deckAt: { x: number; y: number }[] = [];
  private handAt: { x: number; y: number }[] = [];
  private saloonDeckAt = { x: 0, y: 0 };

  /** Follows `c` (already placed) under `key`: moved since the last draw, it slides from where it was. */
  private track<T extends Container>(key: string, c: T, from?: { x: number; y: number } | 'fade'): T {
    this.tracked.set(key, { c, from });
    return c;
  }

  /** After a draw: what moved slides from where it was, what is new comes from its pile (or fades in). */
  private animate(W: number, H: number): void {
    const size = `${W}x${H}`;
    const first = this.lastSize === '';
    const resized = !first && size !== this.lastSize;
    this.lastSize = size;
    let started = 0;
    if (!first && !resized) {
      let order = 0;
      for (const [key, { c, from }] of this.tracked) {
        const was = this.lastPos.get(key);
        const delay = Math.min(200, order * 40);
        if (was) {
          if (Math.hypot(was.x - c.x, was.y - c.y) > 3 && this.motion.from(c, { x: was.x, y: was.y }, 320)) started += 1;
        } else if (from === 'fade') {
          if (this.motion.from(c, { alpha: 0, y: c.y - 12 }, 300, delay)) {
            started += 1;
            order += 1;
          }
        } else if (from) {
          if (this.motion.from(c, { x: from.x, y: from.y, alpha: 0.4 }, 340, delay)) {
            started += 1;
            order += 1;
          }
        }
      }
    }
    this.lastPos = new Map([...this.tracked].map(([k, { c }]) => [k, { x: c.x, y: c.y }]));
    this.tracked.clear();
    if (started) this.host.dataset.tweens = String(Number(this.host.dataset.tweens ?? 0) + started);
  }

  /**
   * A felt more than TWO_BANDS_ASPECT times as wide as it is tall (a phone held sideways, its action bar under the
   * table) is drawn in two bands or in three: two when narrower than WIDE, else measured by drawing neither
   * (TWO_BANDS_CARDS); chosen again only when the felt's size or my seat changes, so that a game keeps its layout.
   */
  private bandsFor(SW: number, SH: number, seated: boolean): 2 | 3 {
    const key = `${SW}x${SH} ${seated}`;
    if (this.bands?.key !== key) this.bands = { key, bands: SW < WIDE || this.draw(1, 2, true) >= TWO_BANDS_CARDS * this.draw(1, 3, true) ? 2 : 3 };
    return this.bands.bands;
  }

  /**
   * Draws the table. `shrink`: the felt is drawn this much smaller again (a felt too small for its bands, below).
   * `bands`: a low felt's layout (`bandsFor`). `trial`: draws nothing, returns how wide (CSS px) the saloon's cards
   * would be drawn (0 when drawn).
   */
  draw(shrink = 1, bands?: 2 | 3, trial = false): number {
    const m = this.model;
    // Nothing to draw yet (the table's state on its way, a table waiting for its players): the bare wood, after a resize too.
    if (!m) {
      this.later.cancel();
      this.px.app.render();
      return 0;
    }
    // A felt larger than a desktop's (a TV or a large monitor) is laid out as a desktop's and drawn larger.
    const { zoom, width: SW, height: SH } = feltLayout(this.px.size());
    if (bands === undefined && SW >= TWO_BANDS_ASPECT * SH) bands = this.bandsFor(SW, SH, m.view.seat !== null);
    const twoBands = bands === 2;
    if (!trial) {
      this.later.cancel();
      this.motion.clear();
      this.tracked.clear();
    }
    const dropOld = trial ? () => undefined : clearForRedraw(this.root);
    // A phone's felt lower than the five rows need with readable cards is drawn whole and smaller, never clipped.
    const k = (twoBands || SW >= WIDE ? 1 : Math.min(1, SH / narrowMinHeight(m, SW))) * shrink;
    if (!trial) this.root.scale.set(k * zoom);
    const W = SW / k;
    const H = SH / k;
    const v = m.view;
    const me = v.seat ?? 0;
    const opp = 1 - me;
    const seated = v.seat !== null;
    // Wide (a desktop): three bands, [the opponent | the saloon], the attack, [me | my hand]; two on a low felt.
    // Narrow (a phone held upright): five rows, one under the other. A felt as wide as a desktop's but taller than
    // wide (a tablet held upright: 784×1046 at 800×1280) takes the five rows too, with larger cards (TALL_MAX_CW): in
    // three bands its cards were held to half the width (86 px) over an empty middle.
    const tall = !twoBands && W >= WIDE && H > TALL_ASPECT * W;
    const wide = twoBands || (W >= WIDE && !tall);
    const pad = 8;
    const fs = wide ? Math.max(13, Math.min(16, W / 64)) : Math.max(11, Math.min(14, W / 40));
    // (the piles' labels, "Deck: 4", "Saloon deck: 13": 10 px at least, a phone's felt; drawn 9 px, a reviewer could not read them at 390×844)
    const small = Math.max(10, fs - 2);
    const inner = W - 2 * pad - 8;
    const x0 = pad + 4;
    const titleH = lineHeight(fs) + 4;
    const capH = 2 + lineHeight(small);
    const headLines = wide ? 1 : W < 600 ? 2 : 1;
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

    // A player's row: Hits in front, hand (backs, opponent only), deck, discard, each captioned.
    type Col = { w: (sw: number) => number; cap: Text; draw: (x: number, y: number, sw: number, sh: number) => void };
    const colsOf = (seat: number): Col[] => {
      const p = v.players[seat];
      if (!p) return [];
      const isMe = seat === v.seat;
      const cols: Col[] = [];
      // (fanned tighter on a desktop, where the piles sit beside the saloon)
      const hitStep = (sw: number) => (wide ? sw * 0.4 + 3 : sw * 0.7 + 3);
      cols.push({
        w: (sw) => Math.max(sw, (Math.max(1, p.hits.length) - 1) * hitStep(sw) + sw),
        cap: caption(t('rattlesnake:scene.hitsInFront', { n: String(p.hits.length) })),
        draw: (x, y, sw, sh) => {
          if (p.hits.length === 0) this.place(emptySlot(sw, sh, t('rattlesnake:scene.noHits')), x, y);
          const hits = stackIn(this.root);
          const last = p.hits.length - 1;
          p.hits.forEach((id, i) => this.track(id, placeIn(hits, this.inspectable(cardFace(id, sw, sh, { bare: i < last }), id), x + i * hitStep(sw), y)));
        },
      });
      if (!isMe) {
        const n = p.handCount;
        const step = (sw: number) => Math.min(sw * 0.35, wide ? 10 : 14);
        cols.push({
          w: (sw) => Math.max(0, n - 1) * step(sw) + sw,
          cap: caption(t('rattlesnake:scene.hand', { n: String(n) })),
          draw: (x, y, sw, sh) => {
            this.handAt[seat] = { x, y };
            const fan = stackIn(this.root);
            // (the star on the top card only: under the next card each star showed a sliver)
            for (let i = 0; i < Math.max(1, n); i++) placeIn(fan, n === 0 ? emptySlot(sw, sh) : cardBack(seat, sw, sh, '', i < n - 1), x + i * step(sw), y);
          },
        });
      }
      // The card I put back on my deck with Scout: I know it (nobody else does), so my deck shows it on top.
      const knownTop = isMe && p.deckCount > 0 ? v.myDeckTop : null;
      cols.push({
        w: (sw) => sw,
        cap: caption(knownTop ? t('rattlesnake:scene.deckKnownTop', { n: String(p.deckCount) }) : t('rattlesnake:scene.deck', { n: String(p.deckCount) })),
        draw: (x, y, sw, sh) => {
          this.deckAt[seat] = { x, y };
          if (knownTop) this.track(knownTop, this.place(this.inspectable(cardFace(knownTop, sw, sh, { plain: true }), knownTop), x, y));
          else this.place(p.deckCount > 0 ? cardBack(seat, sw, sh, String(p.deckCount)) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
        },
      });
      const top = p.discard[p.discard.length - 1];
      cols.push({
        w: (sw) => sw,
        cap: caption(t('rattlesnake:scene.discard', { n: String(p.discard.length) })),
        draw: (x, y, sw, sh) => {
          if (top) this.track(top, this.place(this.inspectable(cardFace(top, sw, sh, { plain: true }), top), x, y));
          else this.place(emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
        },
      });
      return cols;
    };
    const cols = [colsOf(0), colsOf(1)];
    const gapOf = (cw: number) => Math.max(4, Math.min(12, cw * 0.1));
    /** A row's width with its captions as wide as their words. */
    const rowNeed = (seat: number, sw: number, gap: number) =>
      cols[seat].reduce((a, c) => a + Math.max(c.w(sw), c.cap.width), 0) + 2 * gap * Math.max(0, cols[seat].length - 1);

    /** A player's row at (x, y), its piles within `maxW` (its title within `titleW`, as wide unless told). */
    const playerRow = (seat: number, x: number, y: number, maxW: number, sw: number, sh: number, gap: number, titleW = maxW): number => {
      const isMe = seat === v.seat;
      const deciding = v.pending.includes(seat);
      let title: string = isMe ? t('rattlesnake:scene.you', { name: m.names[seat] }) : m.names[seat];
      if (v.active === seat) title = t('rattlesnake:scene.pistol', { title });
      if (deciding && v.winner === null) title = t('rattlesnake:scene.deciding', { title });
      this.label(title, x, y, fs, deciding ? GOLD : CREAM, true, titleW);
      y += titleH;
      const row = cols[seat];
      // A column is as wide as its cards or its caption; when room is short the captions give way.
      const room = maxW - 2 * gap * (row.length - 1);
      if (rowNeed(seat, sw, gap) > maxW) {
        const spare = Math.max(0, room - row.reduce((a, c) => a + c.w(sw), 0)) / Math.max(1, row.length);
        for (const c of row) fit(c.cap, c.w(sw) + spare);
      }
      for (const c of row) {
        c.draw(x, y, sw, sh);
        placeIn(this.root, c.cap, x, y + sh + 2);
        x += Math.max(c.w(sw), c.cap.width) + gap * 2;
      }
      return titleH + sh + capH + 6;
    };

    // The saloon: 5 slots (events look different), the saloon deck, the graveyard.
    const pilesNeed = (sw: number, gap: number) => Math.max(sw, deckCapW) + 2 * gap + Math.max(sw, graveCapW);
    const saloonNeed = (cw: number, sw: number, gap: number) => 5 * (cw + gap) + gap + pilesNeed(sw, gap);
    /** The saloon's cards at (x, y); its deck and the graveyard after them, or at `piles` (a desktop; a phone's, in my row). */
    const saloonRow = (
      x: number,
      y: number,
      maxW: number,
      cw: number,
      ch: number,
      sw: number,
      sh: number,
      gap: number,
      piles?: { x: number; y: number },
    ): number => {
      this.label(t('rattlesnake:scene.saloonHead', { count: v.buyCost }), x, y, fs, CREAM, true, maxW);
      y += titleH;
      v.saloon.forEach((id) => {
        if (id === null) this.place(emptySlot(cw, ch, t('rattlesnake:scene.empty')), x, y);
        else {
          const buyable = m.buyable.has(id);
          const face = cardFace(id, cw, ch, { clickable: buyable, selected: m.buyTarget === id });
          if (buyable) fingerSized(face, cw, ch, k * zoom, { x: gap / 2, y: 10 });
          this.track(id, this.place(this.inspectable(face, id, buyable ? () => this.hooks.onSaloonCard(id) : undefined), x, y), this.saloonDeckAt);
        }
        x += cw + gap;
      });
      x += gap;
      if (piles) ({ x, y } = piles);
      this.saloonDeckAt = { x, y };
      this.place(v.saloonDeckCount > 0 ? cardBack(2, sw, sh, String(v.saloonDeckCount)) : emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
      deckCaps.forEach((c, i) => placeIn(this.root, c, x, y + sh + 2 + i * lineHeight(small)));
      x += Math.max(sw, deckCapW) + gap * 2;
      const grave = v.graveyard[v.graveyard.length - 1];
      if (grave) this.track(grave, this.place(this.inspectable(cardFace(grave, sw, sh, { plain: true }), grave), x, y));
      else this.place(emptySlot(sw, sh, t('rattlesnake:scene.empty')), x, y);
      graveCaps.forEach((c, i) => placeIn(this.root, c, x, y + sh + 2 + i * lineHeight(small)));
      return titleH + Math.max(ch, sh + 2 + 2 * lineHeight(small)) + 8;
    };

    /** The verdict's words: large while it is new, then calm. */
    const verdictSize = (fresh: boolean) => (fresh ? Math.round(fs * 1.25) : fs);
    /** The least room of the verdict's plate under the sentence above it: the gap, one line of its words, its padding. */
    const plateMinH = (size: number) => fs * 0.5 + lineHeight(size) + 12;
    // The attack: face-down commitments with their counts, then the reveal with the combos highlighted and named;
    // between attacks, the last showdown's verdict.
    const attackArea = (x: number, y: number, fullW: number, bw: number, bh: number): void => {
      let width = fullW;
      // An ability waiting for its Take Cover answer: its card, on the right, under who plays it.
      const r = v.response;
      if (r) {
        const rw = Math.max(bw, 56) + 4;
        const rx = x + fullW - rw;
        const who = r.seat === v.seat ? t('rattlesnake:scene.youUse') : t('rattlesnake:scene.uses', { name: m.names[r.seat] });
        const head = text(who, { fontSize: small, fill: GOLD, fontWeight: 'bold', align: 'center', wordWrap: true, breakWords: true, wordWrapWidth: rw });
        fitLines(head, headH);
        head.anchor.set(0.5, 0);
        head.position.set(rx + rw / 2, y);
        this.root.addChild(head);
        const used = cardFace(r.cardId, bw, bh, { highlight: true });
        this.track(`used:${r.cardId}`, placeIn(this.root, this.inspectable(used, r.cardId), rx + (rw - bw) / 2, y + headH), 'fade');
        width = fullW - rw - 8;
      }
      const half = width / 2;
      const side = (seat: number, sx: number) => {
        const p = v.players[seat];
        const who = seat === v.seat ? { name: m.names[seat], context: 'me' } : { name: m.names[seat] };
        const combo = m.combos?.[seat] ?? null;
        const attacking = v.attack?.attacker === seat;
        // (and its short form, without the name: "Defence: Set of three 5s" before "Calamity Kate's defence: Set…")
        let head: string = attacking ? t('rattlesnake:scene.attack', who) : t('rattlesnake:scene.defence', who);
        let short: string = attacking ? t('rattlesnake:scene.attackShort') : t('rattlesnake:scene.defenceShort');
        let ids: { id: string; value: number | null }[] = [];
        let backs = 0;
        let dim = false;
        const both = (f: (head: string) => string) => ((head = f(head)), (short = f(short)));
        if (p?.revealed) {
          ids = p.revealed;
          both((h) => `${h}: ${describeCombo(combo)}`);
        } else if (p?.committedCount != null) {
          const count = String(seat === v.seat && v.myCommit ? v.myCommit.length : p.committedCount);
          if (seat === v.seat && v.myCommit) {
            ids = v.myCommit.map((id) => ({ id, value: null }));
            dim = true;
          } else backs = p.committedCount;
          both((h) => t('rattlesnake:scene.faceDown', { head: h, n: count }));
        } else both((h) => t('rattlesnake:scene.choosing', { head: h }));
        // The heading wraps (two lines on a narrow screen), loses the name, and only then is shortened.
        const ht = text(head, { fontSize: fs, fill: combo && p?.revealed ? GOLD : CREAM, fontWeight: 'bold', wordWrap: true, wordWrapWidth: half - 8 });
        fitLinesFirst(ht, [head, short], headLines * lineHeight(fs));
        placeIn(this.root, ht, sx, y);
        const n = Math.max(ids.length, backs);
        const step = n > 1 ? Math.min(bw + 6, (half - 8 - bw) / (n - 1)) : 0;
        const cy = y + headH;
        if (n === 0 && p?.committedCount === 0) this.label(t('rattlesnake:scene.noCards'), sx, cy + bh / 2 - fs / 2, fs, CREAM, false, half - 8);
        const fan = stackIn(this.root);
        const from = seat === v.seat ? undefined : (this.handAt[seat] ?? 'fade');
        // (a back under the next one, fanned tighter than the cards are wide, without its star: it showed a sliver)
        for (let i = 0; i < backs; i++)
          this.track(`commit:${seat}:${i}`, placeIn(fan, cardBack(seat, bw, bh, '', covered(i, backs, step, bw)), sx + i * step, cy), from);
        const fanIds = ids.map((r) => r.id);
        ids.forEach((r, i) => {
          // (under a like card: its name and value, its words on the top one)
          const plain = underLike(fanIds, i, step, bw);
          const inSight = inSightOf(i, fanIds.length, step, bw);
          const face = cardFace(r.id, bw, bh, { value: r.value, highlight: combo?.cards.includes(r.id) ?? false, dim, plain, inSight });
          // My cards slide from my hand; a revealed card of theirs turns up where its back was.
          this.track(r.id, placeIn(fan, this.inspectable(face, r.id), sx + i * step, cy), 'fade');
        });
      };
      const inAttack = v.attack && (v.step.kind === 'attackerCommit' || v.step.kind === 'defenderCommit' || v.step.kind === 'window');
      if (v.attack && inAttack) {
        side(v.attack.attacker, x);
        side(v.attack.defender, x + half);
      } else {
        const sd = v.lastShowdown;
        const bottom = y + headH + bh;
        const name = (s: number): string => (s === v.seat ? t('rattlesnake:scene.youWord') : m.names[s]);
        const lines: string[] = [];
        if (!m.started) lines.push(t('rattlesnake:scene.waiting'));
        else if (sd) lines.push(t('rattlesnake:scene.lastAttack', { attacker: name(sd.attacker), defender: name(sd.defender) }));
        else lines.push(t('rattlesnake:scene.noAttack'));
        const verdict = m.started && sd && m.verdict;
        // The verdict: large on a gold plate while it is new, then calm. Its plate keeps a line's room under the
        // sentences, which are shortened first (a low attack band: a phone held sideways).
        const size = verdictSize(m.verdictFresh);
        const plateMin = verdict ? plateMinH(size) : 0;
        // Centred sentences, one under the other, within the attack's place.
        let ty = y + 6;
        lines.forEach((s) => {
          const line = text(s, { fontSize: fs, fill: CREAM, align: 'center', wordWrap: true, wordWrapWidth: width - 8 });
          fitLines(line, Math.max(lineHeight(fs), bottom - ty - plateMin));
          line.anchor.set(0.5, 0);
          line.position.set(x + width / 2, ty);
          this.root.addChild(line);
          ty += line.height + fs * 0.5;
        });
        if (verdict) {
          const boxW = Math.min(width - 8, Math.max(260, width * 0.8));
          const words = text(verdict[0], {
            fontSize: size,
            fill: m.verdictFresh ? INK : GOLD,
            fontWeight: 'bold',
            align: 'center',
            wordWrap: true,
            wordWrapWidth: boxW - 20,
          });
          fitLinesFirst(words, verdict, Math.max(lineHeight(size), bottom - ty - 12));
          const plate = asBox(new Container());
          const bh2 = words.height + 12;
          if (m.verdictFresh) plate.addChild(new Graphics().roundRect(0, 0, boxW, bh2, 10).fill(GOLD).stroke({ width: 2, color: INK }));
          words.anchor.set(0.5, 0);
          words.position.set(boxW / 2, 6);
          plate.addChild(words);
          this.track(`verdict:${verdict[0]}:${m.verdictFresh}`, placeIn(this.root, plate, x + (width - boxW) / 2, ty), m.verdictFresh ? 'fade' : undefined);
        }
      }
      if (v.events.length > 0) {
        const names = v.events.map((e) => Rattlesnake.EVENTS.find((d) => d.event === e)?.name ?? e);
        const line = this.label(t('rattlesnake:scene.inEffect', { names: names.join(', ') }), x, y + headH + bh + 4, small, GOLD, false, fullW);
        line.alpha = 0.9;
      }
    };

    /** My hand, `hw` wide cards; a selected card rises into the gap under the "Your hand" line. */
    const handRow = (x: number, y: number, maxW: number, hw: number, gap: number): void => {
      const pick = m.pickOnFelt && m.selectable.size > 0;
      this.label(t(pick ? 'rattlesnake:scene.yourHandPick' : 'rattlesnake:scene.yourHand'), x, y, fs, pick ? GOLD : CREAM, true, maxW);
      const hy = y + lineHeight(fs) + 10;
      const hand = v.hand;
      const n = hand.length;
      const step = n > 1 ? Math.min(hw + gap, (maxW - hw) / (n - 1)) : 0;
      const fan = stackIn(this.root);
      hand.forEach((id, i) => {
        const sel = m.selected.has(id);
        const can = m.selectable.has(id);
        const face = cardFace(id, hw, hw * 1.4, { selected: sel, clickable: can, plain: underLike(hand, i, step, hw), inSight: inSightOf(i, n, step, hw) });
        // (a small phone's cards, 26–30 px wide: a tap past a card's edge, into half the gap to the next, or just
        // above or below it, is still that card's)
        if (can) fingerSized(face, hw, hw * 1.4, k * zoom, { x: n > 1 ? Math.max(0, step - hw) / 2 : Infinity, y: 10 });
        this.track(
          id,
          placeIn(fan, this.inspectable(face, id, can ? () => this.hooks.onHandCard(id) : undefined), x + i * step, hy - (sel ? 8 : 0)),
          this.deckAt[me],
        );
      });
      if (n === 0) this.label(t('rattlesnake:scene.emptyHand'), x, hy + 10, fs, CREAM);
    };
    const handH = (hw: number) => lineHeight(fs) + 10 + hw * 1.4;
    const handSlots = Math.max(v.hand.length, 5);

    if (!trial) this.root.addChild(new Graphics().roundRect(2, 2, W - 4, H - 4, 12).fill(0x2f5d3a));
    // The player rows first (their decks and hands are where cards come from), then the rest.
    if (twoBands) {
      // Two bands, the largest cards that fit both ways: [the opponent | the saloon, its deck, the graveyard],
      // [me | the attack | my hand]. At the first decision on felts of 552×169, 651×186, 724×209 and 828×201, three
      // bands drew the saloon's cards 30, 33, 37 and 26 px wide, their words 5.5–7.2 px tall (13 at 828, where the
      // felt was not drawn smaller and its middle stayed empty); two draw them 29, 35, 43 and 42 px, words 9.8–11 px.
      const colGap = 16;
      // (attackArea between attacks: its top margin, one line of the last attack, a new verdict's plate)
      const verdictH = 6 + lineHeight(fs) + plateMinH(verdictSize(true));
      const z = (cw: number) => {
        const sw = cw * 0.6;
        const hw = cw * 1.05;
        // The attack's cards as tall as my hand leaves under the attack's heading, at least a card wide, and room for
        // the last attack's line and a new verdict's plate between attacks (attackArea).
        const bh = Math.max(lineHeight(fs) + 10 + hw * 1.4 - headH - 4 - eventsH, cw, verdictH - headH);
        return { cw, ch: cw * 1.4, sw, sh: sw * 1.4, gap: gapOf(cw), hw, bh, bw: bh / 1.4 };
      };
      type Z = ReturnType<typeof z>;
      const rowA = (s: Z) => titleH + Math.max(s.sh + capH + 6, s.ch, s.sh + 2 + 2 * lineHeight(small)) + 8;
      const rowB = (s: Z) => Math.max(titleH + s.sh + capH + 6, seated ? handH(s.hw) : 0, headH + s.bh + 4 + eventsH);
      // The attack: each side two cards wide, and the card an ability waits with (attackArea) beside them.
      const attackMin = (s: Z) => 4 * s.bw + 16 + Math.max(s.bw, 56) + 12;
      const handNeed = (s: Z) => (seated ? handSlots * (s.hw + s.gap) - s.gap + colGap : 0);
      const needW = (s: Z) =>
        Math.max(rowNeed(opp, s.sw, s.gap) + colGap + saloonNeed(s.cw, s.sw, s.gap), rowNeed(me, s.sw, s.gap) + colGap + attackMin(s) + handNeed(s));
      const needH = (s: Z) => 2 * pad + rowA(s) + rowB(s);
      let cw = 150;
      while (cw > 30 && (needW(z(cw)) > inner || needH(z(cw)) > H)) cw -= 1;
      const s = z(cw);
      // Too small even with the smallest cards: drawn whole and smaller.
      const over = Math.max(needW(s) / inner, needH(s) / H);
      if (over > 1.005 && shrink > 0.3) {
        dropOld();
        return this.draw(shrink / over, bands, trial);
      }
      if (trial) return s.cw * k;
      const spare = Math.max(0, H - needH(s));
      const yA = pad;
      const yB = yA + rowA(s) + spare / 2;
      const right = W - pad - 4;
      const handW = seated ? handNeed(s) - colGap : 0;
      const meW = rowNeed(me, s.sw, s.gap);
      const salW = saloonNeed(s.cw, s.sw, s.gap);
      playerRow(opp, x0, yA, inner - salW - colGap, s.sw, s.sh, s.gap);
      saloonRow(right - salW, yA, salW, s.cw, s.ch, s.sw, s.sh, s.gap);
      playerRow(me, x0, yB, meW, s.sw, s.sh, s.gap);
      const ax = x0 + meW + colGap;
      attackArea(ax, yB, right - handW - (seated ? colGap : 0) - ax, s.bw, s.bh);
      if (seated) handRow(right - handW, yB, handW, s.hw, s.gap);
    } else if (wide) {
      // Three bands, the largest cards that fit both ways: [the opponent | the saloon], [the attack | the saloon's
      // deck and the graveyard], [me | my hand]. cw: a saloon card's width; piles 0.6 of it; the attack's cards 0.95.
      const colGap = 16;
      const z = (cw: number) => {
        const sw = cw * 0.6;
        const ch = cw * 1.4;
        const bh = ch * 0.95;
        return { cw, ch, sw, sh: sw * 1.4, gap: gapOf(cw), bh, bw: bh / 1.4, hw: cw * 1.05 };
      };
      type Z = ReturnType<typeof z>;
      const pilesH = (s: Z) => s.sh + 2 + 2 * lineHeight(small);
      const rowA = (s: Z) => titleH + Math.max(s.sh + capH + 6, s.ch + 8);
      const rowB = (s: Z) => Math.max(headH + s.bh + 4 + eventsH, pilesH(s)) + 6;
      const rowC = (s: Z) => Math.max(titleH + s.sh + capH + 6, seated ? handH(s.hw) : 0);
      const cards5 = (s: Z) => 5 * (s.cw + s.gap) - s.gap;
      const fits = (s: Z) =>
        rowNeed(opp, s.sw, s.gap) + colGap + cards5(s) <= inner &&
        rowNeed(me, s.sw, s.gap) + colGap + (seated ? handSlots * (s.hw + s.gap) : 0) <= inner &&
        2 * pad + rowA(s) + rowB(s) + rowC(s) <= H;
      let cw = 150;
      while (cw > 30 && !fits(z(cw))) cw -= 1;
      const s0 = z(cw);
      // Too low for the three bands even with the smallest cards (a phone held sideways): drawn whole and smaller
      // (again if the wider felt that gives takes larger words).
      const need = 2 * pad + rowA(s0) + rowB(s0) + rowC(s0);
      if (need > H + 1 && shrink > 0.3) {
        dropOld();
        return this.draw((shrink * H) / need, bands, trial);
      }
      if (trial) return s0.cw * k;
      // A tall felt (the width decided cw): the attack's cards grow into the spare height, the rest goes between the bands.
      const grow = Math.min(Math.max(0, H - 2 * pad - rowA(s0) - rowB(s0) - rowC(s0)) * 0.7, s0.ch * 0.5);
      const s = { ...s0, bh: s0.bh + grow, bw: (s0.bh + grow) / 1.4 };
      const spare = Math.max(0, H - 2 * pad - rowA(s) - rowB(s) - rowC(s)) / 2;
      const yA = pad;
      const yB = yA + rowA(s) + spare;
      const yC = yB + rowB(s) + spare;
      const right = W - pad - 4;
      const salX = right - cards5(s);
      const pilesW = pilesNeed(s.sw, s.gap);
      const handW = seated ? Math.min(inner - rowNeed(me, s.sw, s.gap) - colGap, handSlots * (s.hw + s.gap) - s.gap) : 0;
      playerRow(opp, x0, yA, salX - colGap - x0, s.sw, s.sh, s.gap);
      playerRow(me, x0, yC, inner - (seated ? handW + colGap : 0), s.sw, s.sh, s.gap);
      saloonRow(salX, yA, cards5(s), s.cw, s.ch, s.sw, s.sh, s.gap, { x: right - pilesW, y: yB + Math.max(0, (rowB(s) - 6 - pilesH(s)) / 2) });
      attackArea(x0, yB, inner - pilesW - colGap, s.bw, s.bh);
      if (seated) handRow(right - handW, yC, handW, s.hw, s.gap);
    } else {
      // A phone's five rows (a tablet's too, `tall`). On a phone the Saloon's five cards take the felt's whole width and
      // its deck and the graveyard sit at the end of my row (`apart`), as a desktop puts them under its Saloon: beside
      // them in its row, at 390×844 (a felt 368 wide) the cards were held to 48 px, their names drawn 7 px and their rule
      // text 7.5 (READ_W); apart, 63 px, 10 and 9. (Two rows of Saloon cards needed a felt 580 px tall: 629 at the first
      // decision, then 520 once the action bar has held its tallest, table/layout.ts.) The piles half a Saloon card
      // wide and the attack's cards 0.72 of one tall: as large as beside them (30 and 60 px there).
      const apart = !tall;
      const z = (cw: number) => {
        const sw = cw * (apart ? 0.5 : 0.62);
        const ch = cw * 1.4;
        const bh = ch * (apart ? 0.72 : 0.9);
        return { cw, ch, sw, sh: sw * 1.4, gap: gapOf(cw), bh, bw: bh / 1.4 };
      };
      type Z = ReturnType<typeof z>;
      const rowH = (s: Z) => titleH + s.sh + capH + 6;
      // (my row holds the Saloon's piles too, their labels on two lines)
      const myRowH = (s: Z) => (apart ? titleH + Math.max(s.sh + capH, s.sh + 2 + 2 * lineHeight(small)) + 6 : rowH(s));
      const saloonH = (s: Z) => titleH + (apart ? s.ch : Math.max(s.ch, s.sh + 2 + 2 * lineHeight(small))) + 8;
      const saloonW = (s: Z) => (apart ? 5 * s.cw + 4 * s.gap : saloonNeed(s.cw, s.sw, s.gap));
      const attackH = (s: Z) => headH + s.bh + 4 + eventsH;
      const minHand = (s: Z) => handH(s.cw);
      const totalH = (s: Z) => 2 * pad + rowH(s) + saloonH(s) + attackH(s) + myRowH(s) + (seated ? minHand(s) : 0);
      let cw = tall ? TALL_MAX_CW : 78;
      while (cw > 30 && (saloonW(z(cw)) > inner || totalH(z(cw)) > H)) cw -= 1;
      const s0 = z(cw);
      if (trial) return s0.cw * k;
      // My hand as wide as the felt's width lets it (the room under it decides only on a low felt, below).
      const handWide = Math.max(s0.cw, Math.min(tall ? TALL_MAX_CW : 110, (inner - s0.gap * (handSlots - 1)) / handSlots));
      // A felt taller than its rows (the width decided cw: a phone held upright) leaves room over: the attack's cards
      // grow into part of it, three still side by side on each side; the rest goes between the rows, so that nothing
      // lies empty under my hand (at the first decision 125 px did at 390×844, 194 px on a 800×1280 tablet).
      const spare = Math.max(0, H - (totalH(s0) - (seated ? minHand(s0) - handH(handWide) : 0)));
      const grow = Math.max(0, Math.min(spare * 0.5, s0.ch * 0.5, ((inner / 2 - 20) / 3) * 1.4 - s0.bh));
      const s = { ...s0, bh: s0.bh + grow, bw: (s0.bh + grow) / 1.4 };
      const between = (spare - grow) / (seated ? 4 : 3);
      let y = pad;
      const yOpp = y;
      y += rowH(s) + between;
      const ySaloon = y;
      y += saloonH(s) + between;
      const yAttack = y;
      y += attackH(s) + between;
      const yMe = y;
      y += myRowH(s) + (seated ? between : 0);
      const pilesW = apart ? pilesNeed(s.sw, s.gap) : 0;
      playerRow(opp, x0, yOpp, inner, s.sw, s.sh, s.gap);
      playerRow(me, x0, yMe, apart ? inner - pilesW - 2 * s.gap : inner, s.sw, s.sh, s.gap, inner);
      saloonRow(x0, ySaloon, inner, s.cw, s.ch, s.sw, s.sh, s.gap, apart ? { x: x0 + inner - pilesW, y: yMe + titleH } : undefined);
      attackArea(x0, yAttack, inner, s.bw, s.bh);
      if (seated) {
        // My cards take the room left at the bottom (larger than the saloon's on a tall phone: easier to read and tap).
        const hy = y + lineHeight(fs) + 10;
        const hw = Math.max(s.cw, Math.min(handWide, (H - pad - hy) / 1.4));
        handRow(x0, y, inner, hw, s.gap);
      }
    }
    this.animate(W, H);
    if (zoom > 1) sharpen(this.root, this.app.renderer.resolution * zoom * k);
    this.app.render();
    dropOld();
    return 0;
  }
}
