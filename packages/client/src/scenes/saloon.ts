import { Container, Graphics, Text } from 'pixi.js';
import { Saloon } from '@tumbleweed/engine';
import { createPixiApp, type PixiScene } from './pixi';
import { Motion, MAX_TWEEN_MS } from './motion';
import {
  INK,
  PAPER,
  GOLD,
  CREAM,
  text,
  fit,
  fitFirst,
  fitLines,
  lineHeight,
  addLabel,
  placeIn,
  cardBack as back,
  asCard,
  asBox,
  asMark,
  clearForRedraw,
  DrawAfterPaint,
  type DrawWhen,
  ownStyle,
  shrinkType,
  feltLayout,
  sharpen,
  measureText,
} from './common';
import { cap, GUN_GLYPH, GUN_LETTER, lastDuelWords, revealWords, shotWords, T } from '../games/saloon-words';
import { youContext } from '../games/you';
type RacePhase = Extract<Saloon.Phase, { kind: 'duel' | 'truel' | 'standoff' | 'turkey' }>;

type Colour = Saloon.Colour;
type View = Saloon.SaloonView;

/**
 * Saloon Showdown's Pixi table. It only draws; every move is a DOM button (games/saloon.ts).
 * Guns are told apart by colour, SHAPE and GLYPH (colour-blind players): red ● circle "R", blue ■ square "B",
 * green ▲ triangle "G", yellow ◆ diamond "Y". Cards carry the same shape and letter in their colour band.
 */
export const GUN_COLOUR: Record<Colour, number> = { red: 0xc23b2a, blue: 0x2e66c9, green: 0x2c8a3c, yellow: 0xe8b923 };
/** Text drawn on a colour: dark ink on yellow, cream elsewhere. */
const ON_COLOUR: Record<Colour, number> = { red: 0xfff3dc, blue: 0xfff3dc, green: 0xfff3dc, yellow: 0x2b1a0e };

export interface SaloonSceneModel {
  view: View;
  names: string[];
  started: boolean;
  /** Colour-blind aid: larger shapes and letters. */
  bigGlyphs: boolean;
  /** Seconds left in the threat window (null: no threat). */
  threatLeft: number | null;
  /** Seconds left in the open window: the threat, the Standoff chain, a race (null: none or not started). */
  windowLeft: number | null;
  /** My misfire lock-out, seconds left (null: none). */
  lockLeft: number | null;
  /** A duelist's compact layout (the scene is shorter then; the buttons need the room). */
  compactDuel: boolean;
  /**
   * A replay watched as everyone, during a duel: each seat's cards at this step (every hand is open there; a duelist's
   * is empty before "Go!", the swapped hands dealt unseen). Absent at a table.
   */
  hands?: readonly (readonly string[])[];
}

const FELT = 0x2f5d3a;
const RED = 0xd0372a;

/** A gun's shape, centred on (0,0), radius r. */
function gunShape(g: Graphics, colour: Colour, r: number): Graphics {
  switch (colour) {
    case 'red':
      return g.circle(0, 0, r);
    case 'blue':
      return g.rect(-r * 0.88, -r * 0.88, r * 1.76, r * 1.76);
    case 'green':
      return g.poly([0, -r * 1.1, r * 1.05, r * 0.8, -r * 1.05, r * 0.8]);
    case 'yellow':
      return g.poly([0, -r * 1.15, r * 1.0, 0, 0, r * 1.15, -r * 1.0, 0]);
  }
}

/** The colour mark: shape in the gun's colour with its letter, outlined so it reads on any background. */
function gunMark(colour: Colour, r: number, dim = false, onBand = false): Container {
  const c = asMark(new Container());
  // On a card's colour band the shape is cream (the band already carries the colour), elsewhere it is the colour.
  const g = gunShape(new Graphics(), colour, r)
    .fill(onBand ? CREAM : GUN_COLOUR[colour])
    .stroke({ width: Math.max(1.5, r * 0.14), color: INK });
  c.addChild(g);
  const t = text(GUN_LETTER[colour], { fontSize: Math.max(8, r * 1.05), fontWeight: 'bold', fill: onBand ? INK : ON_COLOUR[colour] });
  t.anchor.set(0.5, colour === 'green' ? 0.35 : 0.5);
  c.addChild(t);
  if (dim) c.alpha = 0.35;
  return c;
}

/**
 * `t` narrowed to `max` pixels: its type smaller, down to `floor`, then cut with "…". A card's "sem balas" at the felt's
 * least size (READ_PX) on a 360-wide phone's 44 px card read "sem b…"; a little smaller, it reads whole.
 */
function shrinkToFit(t: Text, max: number, floor: number): Text {
  return fit(shrinkType(t, max, floor), max);
}

/**
 * A face-up card w×h, top-left at (0,0): colour band with shape + letter, area, noise, bullets, symbol.
 * `readable`: the least type size of its words, in the scene's units (the scene's READ_PX at the scale it is drawn at): a
 * phone's felt, drawn smaller than it is laid out, drew its cards' words 6.3–8.4 px (the symbols and "no bullets" at
 * 11–12 % of a card ~48 px wide). Its words take at least that size wherever the card's height holds them (its colour
 * band grows lower for them, down to a fifth of the card), else one size alike; the colour's word, where it does not fit beside the shape at
 * that size, gives way to the larger shape alone (as with larger glyphs: the band's colour, the shape and its letter
 * still say it); a symbol's name too long for the card takes its short form ("Escape", "Fuga") before any "…".
 */
export function cardFace(id: string, w: number, h: number, big: boolean, highlight = false, readable = 0): Container {
  const c = asCard(new Container());
  const info = Saloon.cardInfo(id);
  const r = Math.max(4, w * 0.09);
  const g = new Graphics();
  if (!info) {
    g.roundRect(0, 0, w, h, r).fill(0x888888);
    c.addChild(g);
    return c;
  }
  // Under the band, top to bottom: area, noise, bullets; the symbol at the foot. On a small card the type shrinks
  // until they all fit apart — as much on every card of that size, whatever it carries (a row reads evenly).
  const booty = info.symbol === 'booty';
  // (a card too low for its four lines at `readable` under a band of a fifth of it gives them one size alike: at
  // 360×640, 44 px wide, the symbols at 10 px held the area and the noise to 7.5, where they had been 8 and 7.6)
  const least = Math.min(readable, Math.max(7, (h * 0.77 - 5) / 4.75));
  const symbolSize = Math.max(7, least, w * (booty ? 0.15 : 0.11));
  const br = Math.max(2.5, w * 0.06);
  const noBulletsSize = Math.max(7, least, w * 0.12);
  // (a line of type is ~1.15 times its size tall; the tallest foot is Booty's, the tallest middle a row of bullets)
  const foot = Math.max(7, least, w * 0.15) * 1.15 + 1;
  const bulletsH = Math.max(noBulletsSize * 1.15, br * 3.2 + 1);
  // The band: 30 % of the card, less (down to 20 %) where the area and the noise would be smaller than `least` under it.
  const under = (band: number) => (h - 4 - foot - bulletsH - band - Math.max(2, h * 0.03)) / 2.45;
  const band = under(h * 0.3) >= least ? h * 0.3 : Math.max(h * 0.2, h * 0.3 - (least - under(h * 0.3)) * 2.45);
  g.roundRect(0, 0, w, h, r).fill(PAPER).stroke({ width: 2, color: INK });
  g.roundRect(2, 2, w - 4, band, r * 0.7).fill(GUN_COLOUR[info.colour]);
  c.addChild(g);
  const word = big ? null : text(cap(T(`colour.${info.colour}`)), { fontSize: Math.max(8, least, w * 0.15), fontWeight: 'bold', fill: ON_COLOUR[info.colour] });
  const small = Math.min(band * 0.3, w * 0.2);
  // (the word beside the small shape, or the large shape alone where the word at its size would be cut)
  const withWord = word !== null && word.width <= w - small * 2.4 - 8;
  const mr = withWord ? small : Math.min(band * 0.44, w * 0.3);
  const mark = gunMark(info.colour, mr, false, true);
  mark.position.set(withWord ? 4 + mr * 1.1 : w / 2, 2 + band / 2);
  c.addChild(mark);
  if (word && withWord) {
    word.anchor.set(0, 0.5);
    word.position.set(8 + mr * 2.2, 2 + band / 2);
    c.addChild(word);
  } else word?.destroy();
  const top = band + Math.max(2, h * 0.03);
  const fs = Math.max(7, Math.min(Math.max(least, w * 0.19), under(band)));
  const area = text(T(`area.${info.area}`).toUpperCase(), { fontSize: fs, fontWeight: 'bold' });
  shrinkToFit(area, w - 6, Math.min(fs, w * 0.19));
  area.anchor.set(0.5, 0);
  area.position.set(w / 2, top);
  c.addChild(area);
  const noise = text(`${T(`noise.${info.noise}`)}!`, {
    fontSize: Math.max(Math.min(fs, least), fs * 0.95),
    fontStyle: 'italic',
    fill: 0x7c2f12,
    fontWeight: 'bold',
  });
  shrinkToFit(noise, w - 6, Math.min(fs, w * 0.18));
  noise.anchor.set(0.5, 0);
  noise.position.set(w / 2, top + fs * 1.2);
  c.addChild(noise);
  // Bullets: little brass rounds; "no bullets" when none.
  const by = top + fs * 2.45;
  if (info.bullets === 0) {
    const t = text(T('card.noBullets'), { fontSize: noBulletsSize, fill: 0x6b5a44 });
    shrinkToFit(t, w - 6, Math.max(7, w * 0.12));
    t.anchor.set(0.5, 0);
    t.position.set(w / 2, by);
    c.addChild(t);
  } else {
    const step = br * 2.8;
    const x0 = w / 2 - ((info.bullets - 1) * step) / 2;
    const bg = asMark(new Graphics());
    for (let i = 0; i < info.bullets; i++) {
      bg.roundRect(x0 + i * step - br * 0.7, by, br * 1.4, br * 3.2, br * 0.7)
        .fill(0xb8862b)
        .stroke({ width: 1, color: INK });
    }
    c.addChild(bg);
  }
  if (info.symbol) {
    const st = text('', {
      fontSize: symbolSize,
      fill: booty ? 0x8a5a00 : 0x6b5a44,
      fontWeight: booty ? 'bold' : 'normal',
    });
    fitFirst(st, booty ? [T('card.bootyScene')] : [T(`symbol.${info.symbol}`), T(`symbolShort.${info.symbol}`)], w - 6);
    if (st.text.endsWith('…')) {
      st.text = booty ? T('card.bootyScene') : T(`symbolShort.${info.symbol}`);
      shrinkToFit(st, w - 6, Math.max(7, w * (booty ? 0.15 : 0.11)));
    }
    st.anchor.set(0.5, 1);
    st.position.set(w / 2, h - 4);
    c.addChild(st);
  }
  if (highlight) c.addChild(new Graphics().roundRect(2, 2, w - 4, h - 4, r).stroke({ width: 4, color: GOLD }));
  return c;
}

function cardBack(w: number, h: number, label = ''): Container {
  return back(w, h, { fill: 0x7c2f12, label, radius: 0.09, labelScale: 0.28 });
}

function bottleShape(h: number): Graphics {
  const w = h * 0.42;
  const g = asMark(new Graphics());
  g.roundRect(-w / 2, -h * 0.1, w, h * 0.6, w * 0.25)
    .fill(0x3f7f5a)
    .stroke({ width: 2, color: INK });
  g.rect(-w * 0.18, -h * 0.5, w * 0.36, h * 0.42)
    .fill(0x3f7f5a)
    .stroke({ width: 2, color: INK });
  g.rect(-w * 0.5, h * 0.05, w, h * 0.18).fill(PAPER);
  return g;
}

/**
 * The least type size, in CSS pixels, of the words a player reads on the table (the cards' area, noise and symbol, the
 * players' lines, the guns' captions): a table drawn smaller than it is laid out (a phone's felt) draws them larger in
 * its own units. Before, a phone held sideways (844×390) drew every one of them under 10 px (the symbols 6.7 px).
 */
const READ_PX = 10;

/** How long a freshly shown card grows and fades in (a deal, a flip). */
const CARD_IN_MS = 320;
/** A payout's coin or a Wound's cross flying to its seat. */
const FLY_MS = MAX_TWEEN_MS;

/** A table this narrow (a phone held upright) is laid out in columns: the hand under the middle, the guns compact. */
const isNarrow = (W: number): boolean => W < 600;

/**
 * A phone's felt held sideways, beside its action bar (table-life.css): narrow, and at least this many times wider than
 * high. My hand goes beside the public cards there, as on a wide table: under them, the two rows shared ~300 px of
 * height with the players and the guns, their cards ~46 px wide (844×390), their area and noise drawn 8.4 px. (The
 * felt beside a bar of 32% is 1.86–1.88 times wider than high at 740×360 and 844×390; beside a threat's bar of 44%,
 * 1.52–1.53, and there my hand stays under the threat: beside it, it was drawn 36 px wide at 740×360.)
 */
const LOW_WIDE = 1.75;

/**
 * A player's box's three lines (the name; Loot and Bounty; Wounds and cards in hand): their type (at least `least`,
 * READ_PX at the scale the felt is drawn at), where each goes and the box's height. Spaced by the felt's type size
 * (`fs`); a felt drawn so small that the least size is the larger spaces them by their own (at 360×640, four players,
 * the lines lay 2 px over each other in a box laid out for 11 px type and drawn at 14).
 */
function boxLines(fs: number, least: number): { sizes: [number, number, number]; y: [number, number, number]; h: number } {
  const name = Math.max(fs, least);
  const line = Math.max(10, fs - 1, least);
  const y2 = Math.max(6 + fs * 1.2, 4 + lineHeight(name));
  const y3 = Math.max(8 + fs * 2.3, y2 + lineHeight(line));
  // (a Text's box is about 1.15 times its size)
  return { sizes: [name, line, line], y: [4, y2, y3], h: Math.max(fs * 3 + 16, Math.ceil(y3 + line * 1.15 + 2)) };
}

/** A seat's name on the felt: mine "You" ("you" where `lower`), else the player's name or "Seat n". */
function seatName(m: SaloonSceneModel, seat: number, lower = false): string {
  return seat === m.view.seat ? (lower ? T('scene.you') : T('scene.You')) : (m.names[seat] ?? T('scene.seat', { n: seat + 1 }));
}

/**
 * A Standoff's chain on the felt (drawChain): the steps of its title, of each gun's row and of the Judge's line, and the
 * size of its words (`at`: at least `least`, READ_PX on the screen; at 740×360, five players, its rows were 9 px tall).
 */
function chainRows(fs: number, least: number) {
  const at = (size: number): number => Math.max(size, least);
  return {
    at,
    title: Math.max(fs * 2.4, lineHeight(at(fs + 6)) + 4),
    row: Math.max(fs * 1.9, 22, lineHeight(at(fs + 1)) + 4),
    judge: Math.max(fs * 1.8, lineHeight(at(fs)) + 6),
  };
}

/** What a threat's answers do, in words: the line under the threat on the felt. */
function answerWords(m: SaloonSceneModel, target: number): string {
  const ask = m.view.options.russianRoulette ? T('scene.askRoulette') : T('scene.askBluff');
  return target === m.view.seat ? T('scene.answerLine', { ask }) : T('scene.answerLineOther', { name: seatName(m, target), ask });
}

/** A phone's threat row (drawThreat): the gun's radius and centre at the left, where its words start, the countdown's size. */
function threatRowEnds(fs: number) {
  const r = fs * 1.1;
  const gx = 12 + r * 1.1;
  return { r, gx, x: gx + r * 1.1 + 8, countSize: fs * 2 };
}

/**
 * A threat's row on a felt drawn small (a phone's, its least type size above its own): the gun at the left, the
 * countdown at the right (as wide as its widest, so its words do not wrap again as it counts down), and between them
 * what the answers do, at the least type size. Who points which gun at whom is the status bar's line, in the same
 * words, and the players' boxes say it ("— threatens", "— threatened"): on the felt it took two lines more, and
 * my hand's cards were drawn 27 px wide under it (568×320, six players).
 */
function briefThreatRow(m: SaloonSceneModel, target: number, W: number, fs: number, least: number) {
  const { r, gx, x, countSize } = threatRowEnds(fs);
  const countW = measureText(T('scene.secondsLeft', { seconds: 88 }), { fontSize: countSize, fontWeight: 'bold', stroke: { color: INK, width: 4 } }).width;
  const size = Math.max(10, fs - 1, least);
  const wrap = Math.max(60, W - 12 - countW - 8 - x);
  const wordsH = measureText(answerWords(m, target), { fontSize: size, wordWrap: true, wordWrapWidth: wrap }).height;
  return { r, gx, x, countSize, size, wrap, height: Math.max(r * 2.3, wordsH, lineHeight(countSize)) };
}

/** A phone's low row of guns and the Bottle: each caption's forms (the colour's word; a holder's name, then its first word). */
function lowCaptions(m: SaloonSceneModel): { forms: string[]; held: boolean }[] {
  const captions = Saloon.COLOURS.map((c) => {
    const holder = m.view.guns[c];
    if (holder === null) return { forms: [cap(T(`colour.${c}`))], held: false };
    const name = seatName(m, holder);
    return { forms: [name, name.split(' ')[0]], held: true };
  });
  captions.push({ forms: [T('scene.bottle')], held: false });
  return captions;
}

/** The room a mark of radius `r` takes in the low row, besides its caption: the mark, 5 px to its caption, 6 px to the next. */
const lowMarkW = (r: number): number => r * 2.8 + 11;

/**
 * Do the guns' and the Bottle's captions fit beside their marks in a phone's low row `room` wide, at `size` (each in
 * its shortest form, a holder's in bold)? As drawTable lays them out.
 */
function lowRowFits(m: SaloonSceneModel, room: number, r: number, size: number): boolean {
  let width = 0;
  for (const { forms, held } of lowCaptions(m)) {
    width += lowMarkW(r) + measureText(forms[forms.length - 1], { fontSize: size, fontWeight: held ? 'bold' : 'normal' }).width;
  }
  return width <= room;
}

/**
 * Do every player's lines fit a box `bw` wide: the name (and "(you)", beside a dealer's token), and the short forms
 * of the money and the Wounds? Measured with $100 of Loot and of Bounty and two Wounds at least, so that a game's
 * growing numbers do not move the players from one row to two halfway through.
 */
function boxesFit(m: SaloonSceneModel, bw: number, fs: number, sizes: readonly [number, number, number]): boolean {
  const v = m.view;
  const widthOf = (words: string, size: number, bold = false): number => measureText(words, { fontSize: size, fontWeight: bold ? 'bold' : 'normal' }).width;
  return v.players.every((p, s) => {
    const money = { loot: Math.max(100, p.loot), bounty: Math.max(100, p.bounty) };
    const wounds = Math.max(2, p.wounds);
    const hand = T('scene.handCount', { wounds: `${'✚'.repeat(wounds)} ${T('scene.woundsShort', { count: wounds })}`, count: p.handCount });
    const name = `${m.names[s] ?? T('scene.seat', { n: s + 1 })}${s === v.seat ? T('scene.youTag') : ''}`;
    return (
      widthOf(name, sizes[0], true) <= bw - 12 - fs * 1.5 &&
      widthOf(T('scene.lootBountyShort', money), sizes[1]) <= bw - 12 &&
      widthOf(hand, sizes[2]) <= bw - 12
    );
  });
}

/**
 * The table's sizes at width W (and height H: a narrow felt LOW_WIDE times wider than high lays my hand beside the
 * middle): text size, the player boxes' grid, the guns' radius, and the least height of the
 * middle (the public cards at their smallest with their numbers and news); `minHeight` is the least height the whole
 * table is laid out in (a lower scene is drawn at this height and scaled down). `least`: the least type size, in the
 * units laid out in (the players' boxes grow to hold their lines at it).
 */
function tableLayout(m: SaloonSceneModel, W: number, H: number, least = 0) {
  const one = layoutIn(m, W, H, least, false);
  // Five or six in one row of a felt laid out wide and drawn small (a phone held sideways, 568–932 px) cut every box's
  // numbers and most names ("Loot $20 · B…", "no Wds · 3 c…", "Calamity K…"): two rows of three there (the felt drawn
  // a little smaller where they need the height, SaloonScene.draw).
  if (one.narrow || one.n < 5) return one;
  const bw = (W - 2 * one.pad - (one.cols - 1) * 6) / one.cols;
  return boxesFit(m, bw, one.fs, one.lines.sizes) ? one : layoutIn(m, W, H, least, true);
}

/** tableLayout's sizes, the players in one row on a wide felt or (`twoRows`) in rows of three. */
function layoutIn(m: SaloonSceneModel, W: number, H: number, least: number, twoRows: boolean) {
  const v = m.view;
  const pad = 8;
  const narrow = isNarrow(W);
  const lowWide = narrow && W >= LOW_WIDE * H;
  const fs = Math.max(11, Math.min(14, W / 48));
  const n = v.players.length;
  const lines = boxLines(fs, least);
  const cols = narrow || twoRows ? Math.min(n, 3) : Math.min(n, 6);
  const rows = Math.ceil(n / cols);
  const bh = lines.h;
  const gunR = Math.max(10, Math.min(narrow ? 15 : 20, W / 40)) * (m.bigGlyphs ? 1.35 : 1);
  // On a phone the guns and the Bottle sit in the empty cells of the players' last row when there are two or more
  // (4 players in rows of 3): the felt's height goes to the cards instead.
  const gunsInGrid = narrow && rows * cols - n >= 2;
  const lowR = Math.min(gunR, 10);
  // (otherwise, on a phone, one low row: each gun with its caption beside it, where the captions fit there at their
  // least size; else the guns in five slots, each caption under its gun — in Portuguese at 360 px, "Vermelho",
  // "Amarelo" and "Garrafa" beside the guns were cut to "Verme…", "A…", "Garr…" on a felt drawn at its full size)
  // A felt drawn so small that the least type size is above its own (a phone's felt held sideways, laid out wide):
  // the guns in the low row too, and one line of news, so that the height goes to the cards (at 568×320, six players,
  // the public cards were drawn 24 px wide, their words 5.6 px).
  const small = least > fs;
  const gunsLow = (narrow || small) && !gunsInGrid && lowRowFits(m, W - 2 * pad, lowR, Math.max(9, fs - 2, least));
  // (each caption under its gun as tall as it is drawn: at least READ_PX on the screen, on a felt drawn small more than
  // `fs`; at 568×320, six players, "Red gun" lay 2 px over the line under it)
  const gunRowH = 2 * gunR * 1.15 + Math.max(fs + 4, lineHeight(Math.max(9, fs - 2, least))) + 8;
  const top = pad + rows * (bh + 6) + 2 + (gunsInGrid ? 0 : gunsLow ? 2 * lowR * 1.35 + 6 : gunRowH);
  // Lines of news under the public cards: one on a phone (the cards need the height more).
  const newsLines = narrow || small ? 1 : 2;
  const publicMin =
    lineHeight(Math.max(10, fs - 1)) + 2 + 40 * 1.38 + lineHeight(Math.max(9, fs - 2)) + 2 + newsLines * (lineHeight(Math.max(10, fs - 1)) + 2) + 4;
  // (a threat, a duel or a race watched, in the middle: its lines of words, two of them wrapped, and the countdown)
  const publicShown = v.phase.kind === 'turn' || v.phase.kind === 'discard' || v.phase.kind === 'over';
  // (a threat on a phone: the gun beside its line, the words smaller; see drawThreat)
  // (on a felt drawn small, one row: see briefThreatRow)
  const threatNarrowMin =
    (v.phase.kind === 'threat' && narrow && small
      ? briefThreatRow(m, v.phase.target, W, fs, least).height
      : Math.max(fs * 1.1 * 2.3, 2 * lineHeight(Math.max(fs + 1, least)), lineHeight(fs * 2)) + 2 * lineHeight(Math.max(10, fs - 1, least))) +
    12 +
    (v.phase.kind === 'threat' && v.phase.escaped?.length ? 2 * lineHeight(Math.max(10, fs - 1, least)) : 0);
  // (a Standoff's chain on a phone: its title, a line per gun drawn, the Judge and the countdown at its smallest; see drawChain)
  const ph = v.phase;
  const chain = chainRows(fs, least);
  const chainMin = ph.kind === 'standoff' && ph.stage === 'chain' ? chain.title + ph.links.length * chain.row + chain.judge + lineHeight(fs * 1.6) + 6 : 0;
  // (a threat, a duel or a race in full: the gun, two lines of words, "Do you feel lucky?", the countdown at its
  // smallest, who answers and how)
  const fullMiddleMin =
    fs * 1.6 * 2.3 +
    4 +
    2 * lineHeight(Math.max(fs + 2, least)) +
    lineHeight(Math.max(fs + 6, least)) +
    lineHeight(fs) * 2 +
    2 * lineHeight(Math.max(10, fs - 1, least)) +
    24;
  const middleMin = publicShown
    ? publicMin
    : narrow && ph.kind === 'threat'
      ? threatNarrowMin
      : narrow && chainMin > 0
        ? Math.max(publicMin, chainMin)
        : Math.max(publicMin, fullMiddleMin);
  // (on a phone a scene lower than this is drawn smaller: the hand is laid out at 58 px so it stays readable then)
  const hand = v.seat !== null && narrow && !lowWide ? lineHeight(fs) + 4 + 58 * 1.38 : 0;
  // (a wide table puts the hand beside the middle: it needs the hand's height or the middle's, whichever is more)
  const beside = v.seat !== null && (!narrow || lowWide) ? Math.max(0, lineHeight(fs) + 4 + 52 * 1.38 - middleMin) : 0;
  return {
    pad,
    narrow,
    lowWide,
    fs,
    n,
    cols,
    rows,
    bh,
    lines,
    gunR,
    gunsInGrid,
    gunsLow,
    gunRowH,
    lowR,
    newsLines,
    middleMin,
    fullMiddleMin,
    publicShown,
    minHeight: Math.ceil(top + middleMin + hand + beside + pad),
  };
}

/** The least height the table (not a duelist's race) is laid out in, in a felt W×H. */
const tableMinHeight = (m: SaloonSceneModel, W: number, H: number, least = 0): number => tableLayout(m, W, H, least).minHeight;

export class SaloonScene {
  private readonly root = new Container();
  /** Coins and crosses on their way to a seat: above the table, kept across redraws (a redraw clears `root`). */
  private readonly fx = new Container();
  private readonly motion: Motion;
  private model: SaloonSceneModel | null = null;
  private readonly later = new DrawAfterPaint(() => this.draw());
  /** When each card id was first drawn face up in its place (a deal, a draw, a flip): it grows in for CARD_IN_MS. */
  private shownAt = new Map<string, number>();
  /** The least type size of the table's words, in the units it is laid out in: READ_PX at the scale it is drawn at. */
  private least = 0;
  /** The player boxes of the last table drawn (where payouts fly to). */
  private seatBoxes: { x: number; y: number; w: number; h: number }[] = [];
  private lastPlayers: { loot: number; bounty: number; wounds: number }[] | null = null;

  private constructor(private readonly px: PixiScene) {
    px.app.stage.addChild(this.root, this.fx);
    this.motion = new Motion(px.app);
  }

  /**
   * A card face drawn at (x, y), w×h: the first time its id shows in this place it grows from 60 % and fades in
   * around its centre (never beyond its own rectangle), picking up where it was if a redraw comes mid-way.
   */
  private placeCard(c: Container, key: string, x: number, y: number, w: number, h: number): Container {
    this.place(c, x, y);
    const now = this.motion.now();
    const at = this.shownAt.get(key);
    if (at === undefined) this.shownAt.set(key, now);
    const elapsed = at === undefined ? 0 : now - at;
    if (elapsed < CARD_IN_MS) {
      c.pivot.set(w / 2, h / 2);
      c.position.set(x + w / 2, y + h / 2);
      const k = elapsed / CARD_IN_MS;
      this.motion.from(c, { scale: 0.6 + 0.4 * k, alpha: 0.15 + 0.85 * k }, CARD_IN_MS - elapsed);
    }
    return c;
  }

  /** Coins for a payout and a red cross for a Wound fly from the middle of the felt to the seat's box. */
  private flyToSeats(
    prev: { loot: number; bounty: number; wounds: number }[],
    next: { loot: number; bounty: number; wounds: number }[],
    W: number,
    H: number,
  ): void {
    next.forEach((p, s) => {
      const q = prev[s];
      const box = this.seatBoxes[s];
      if (!q || !box) return;
      const gain = p.loot + p.bounty - (q.loot + q.bounty);
      const marks: Graphics[] = [];
      if (gain > 0) marks.push(new Graphics().circle(0, 0, 9).fill(GOLD).stroke({ width: 2, color: INK }).circle(0, 0, 4).stroke({ width: 1.5, color: INK }));
      for (let i = q.wounds; i < p.wounds; i++) marks.push(new Graphics().rect(-3, -9, 6, 18).rect(-9, -3, 18, 6).fill(RED).stroke({ width: 1, color: INK }));
      marks.forEach((g, i) => {
        g.position.set(box.x + box.w - 14 - i * 20, box.y + box.h / 2);
        this.fx.addChild(g);
        const done = () => g.destroy();
        if (!this.motion.from(g, { x: W / 2, y: H / 2, alpha: 0.4, scale: 1.6 }, FLY_MS, i * 60, () => this.motion.to(g, { alpha: 0 }, 250, 150, done))) done();
      });
    });
  }

  static async create(host: HTMLElement): Promise<SaloonScene> {
    let scene: SaloonScene | null = null;
    const px = await createPixiApp(host, () => scene?.draw());
    scene = new SaloonScene(px);
    return scene;
  }

  update(model: SaloonSceneModel, when: DrawWhen = 'now'): void {
    this.model = model;
    this.later.redraw(when);
  }

  destroy(): void {
    this.later.cancel();
    this.motion.destroy();
    this.px.stop();
  }

  private label(value: string, x: number, y: number, size: number, color = CREAM, bold = false, maxW = 0): Text {
    return addLabel(this.root, value, x, y, size, color, bold, maxW);
  }

  private centred(value: string, x: number, y: number, size: number, color = CREAM, bold = false, wrap = 0): Text {
    const t = text(value, {
      fontSize: size,
      fill: color,
      fontWeight: bold ? 'bold' : 'normal',
      align: 'center',
      ...(wrap > 0 ? { wordWrap: true, wordWrapWidth: wrap } : {}),
    });
    t.anchor.set(0.5, 0);
    t.position.set(x, y);
    this.root.addChild(t);
    return t;
  }

  private place(c: Container, x: number, y: number): Container {
    return placeIn(this.root, c, x, y);
  }

  private nameOf(seat: number, lower = false): string {
    return seatName(this.model as SaloonSceneModel, seat, lower);
  }

  draw(): void {
    this.later.cancel();
    const m = this.model;
    // Nothing to draw yet (the table's state on its way, a table waiting for its players): the bare wood, after a resize too.
    if (!m) return this.px.app.render();
    const dropOld = clearForRedraw(this.root);
    // A felt larger than a desktop's (a TV or a large monitor) is laid out as a desktop's and drawn larger.
    const { zoom, width: SW, height: SH } = feltLayout(this.px.size());
    const v = m.view;
    this.seatBoxes = [];
    const race = m.compactDuel && (v.phase.kind === 'duel' || v.phase.kind === 'truel' || v.phase.kind === 'standoff' || v.phase.kind === 'turkey');
    // A table lower than it can be laid out in (a small phone) is drawn whole and smaller, never clipped.
    let k = race ? 1 : Math.min(1, SH / tableMinHeight(m, SW, SH));
    // (drawn smaller, the least type size is larger in the table's units, and the players' boxes grow to hold their
    // lines at it: laid out again at that size, the scale a little smaller, twice)
    for (let i = 0; i < 2 && !race && k < 1; i++) k = Math.min(k, SH / tableMinHeight(m, SW, SH, READ_PX / (k * zoom)));
    // (drawn smaller, it is laid out wider, SW / k: a phone's felt held sideways then takes a wide felt's layout, whose
    // players in two rows (tableLayout) may need more height than the phone's layout it was scaled by; smaller again)
    if (!race) k = Math.min(k, SH / tableMinHeight(m, SW / k, SH / k, READ_PX / (k * zoom)));
    // (those steps scale by the layouts of other widths; drawn at k, a phone's felt is laid out SW / k wide, and where
    // that is a wide felt's layout (my hand beside the middle), it may need less height than the phone's (my hand under
    // it) it was scaled by: at 568×320, six players, it was drawn at half its size. There, the largest scale whose own
    // layout fits, found by halves; a phone's layout drawn as one keeps its scale, which gives its cards the most room)
    if (!race && k < 1 && isNarrow(SW) && !isNarrow(SW / k)) {
      const fitsAt = (s: number): boolean => tableMinHeight(m, SW / s, SH / s, READ_PX / (s * zoom)) * s <= SH;
      let hi = 1;
      for (let i = 0; i < 6; i++) {
        const mid = (k + hi) / 2;
        if (fitsAt(mid)) k = mid;
        else hi = mid;
      }
    }
    this.root.scale.set(k * zoom);
    this.fx.scale.set(k * zoom);
    this.least = READ_PX / (k * zoom);
    const W = SW / k;
    const H = SH / k;
    this.root.addChild(new Graphics().roundRect(2, 2, W - 4, H - 4, 12).fill(FELT));
    if (race) this.drawCompactDuel(m, v.phase as RacePhase, W, H);
    else this.drawTable(m, W, H);
    // Money and Wounds that changed since the last drawing fly to their seat (once the table shows the seats).
    const players = v.players.map((p) => ({ loot: p.loot, bounty: p.bounty, wounds: p.wounds }));
    if (this.lastPlayers && this.seatBoxes.length && m.started) this.flyToSeats(this.lastPlayers, players, W, H);
    if (this.seatBoxes.length || !this.lastPlayers) this.lastPlayers = players;
    if (this.shownAt.size > 200) {
      const now = this.motion.now();
      for (const [k, t] of this.shownAt) if (now - t > 10_000) this.shownAt.delete(k);
    }
    if (zoom > 1) sharpen(this.root, this.px.app.renderer.resolution * zoom * k);
    this.px.app.render();
    dropOld();
  }

  /**
   * The duelist's view: who against whom, my 3 new cards (or the flipped ones) as large as the room allows, the shots
   * so far. "Ready…" / "GO!" / a misfire's count-down are written once, in the race panel right under the scene,
   * where the buttons are.
   */
  private drawCompactDuel(m: SaloonSceneModel, ph: RacePhase, W: number, H: number): void {
    const v = m.view;
    const fs = Math.max(12, Math.min(16, W / 30));
    const go = ph.kind === 'duel' || ph.kind === 'truel' ? ph.go : ph.stage === 'race';
    // Top down: who races (one line, two at most on a phone); bottom up: the shots so far or a hint (two lines at
    // most); my 3 cards (or the flipped ones) as large as the room left between them.
    const title = fitLines(this.centred(this.raceTitle(ph), W / 2, 6, fs, GOLD, true, W - 20), 2 * lineHeight(fs));
    const top = title.y + title.height + 4;
    let line: Text;
    if (ph.shots.length > 0) {
      const last = ph.shots.slice(-2).map((s) => this.shotWords(s));
      line = this.centred(last.join('   ·   '), W / 2, 0, Math.max(11, fs - 2), 0xffc2b0, true, W - 24);
    } else {
      const flippedRace = ph.kind === 'standoff' || ph.kind === 'turkey';
      const hint = !go ? (flippedRace ? T('special.flippedHidden') : T('scene.hintSwap')) : flippedRace ? T('scene.hintFlipped') : T('scene.hintDuel');
      line = this.centred(hint, W / 2, 0, Math.max(11, fs - 3), CREAM, false, W - 24);
    }
    fitLines(line, 2 * lineHeight(line.style.fontSize));
    // A felt too low for the line under the smallest cards (a phone held sideways): the cards only (the log has the
    // shots, How to play the hint).
    const withLine = H - 6 - line.height - 4 - top >= 40;
    if (!withLine) line.destroy();
    const ch = Math.max(40, H - 6 - (withLine ? line.height + 4 : 0) - top);
    const cw = Math.min(ch / 1.38, (W - 40) / 3.3);
    const chh = cw * 1.38;
    const gap = Math.min(16, cw * 0.12);
    const x0 = W / 2 - (3 * cw + 2 * gap) / 2;
    // A duel or Truel: my new hand; a Standoff or the Turkey: the 3 flipped cards everyone reads.
    const shown = ph.kind === 'standoff' || ph.kind === 'turkey' ? ph.flipped : v.hand;
    const raceKey = `${v.turn}:${ph.kind}:${ph.goAt}`;
    for (let i = 0; i < 3; i++) {
      const id = shown[i];
      const x = x0 + i * (cw + gap);
      if (id) this.placeCard(cardFace(id, cw, chh, m.bigGlyphs), `race:${raceKey}:${id}`, x, top, cw, chh);
      else this.place(cardBack(cw, chh, '?'), x, top);
    }
    if (withLine) line.y = top + chh + 4;
  }

  private drawTable(m: SaloonSceneModel, W: number, H: number): void {
    const v = m.view;
    const L = tableLayout(m, W, H, this.least);
    const { pad, narrow, fs, n, cols, rows, bh, lines, gunR } = L;
    // (a size of its words at least `least`: READ_PX on the screen)
    const rd = (size: number): number => Math.max(size, this.least);

    // 1. The players: name, dealer token, Loot / Bounty / Wounds, cards in hand; the active player framed in gold.
    const bw = (W - 2 * pad - (cols - 1) * 6) / cols;
    const ph = v.phase;
    const threatener = ph.kind === 'threat' || ph.kind === 'duel' ? ph.threatener : -1;
    const target = ph.kind === 'threat' || ph.kind === 'duel' ? ph.target : -1;
    for (let s = 0; s < n; s++) {
      const p = v.players[s];
      const x = pad + (s % cols) * (bw + 6);
      const y = pad + Math.floor(s / cols) * (bh + 6);
      const active = v.active === s && ph.kind !== 'over';
      // The box holds its labels (they must fit inside it).
      const box = asBox(this.place(new Container(), x, y));
      this.seatBoxes[s] = { x, y, w: bw, h: bh };
      box.addChild(
        new Graphics()
          .roundRect(0, 0, bw, bh, 8)
          .fill(s === v.seat ? 0x23472c : 0x1f3b26)
          .stroke({ width: active ? 3 : 1.5, color: active ? GOLD : 0x8fb596 }),
      );
      let nx = 6;
      if (v.dealer === s) {
        // The dealer token: a cream disc with its letter.
        const tok = asMark(new Container());
        tok.addChild(
          new Graphics()
            .circle(0, 0, fs * 0.62)
            .fill(CREAM)
            .stroke({ width: 1.5, color: INK }),
        );
        const d = text('D', { fontSize: fs * 0.8, fontWeight: 'bold' });
        d.anchor.set(0.5);
        tok.addChild(d);
        placeIn(box, tok, nx + fs * 0.62, 5 + fs * 0.62);
        nx += fs * 1.5;
      }
      const role = s === threatener ? T('scene.threatens') : s === target ? T('scene.threatened') : this.roleOf(ph, s);
      addLabel(
        box,
        `${m.names[s] ?? T('scene.seat', { n: s + 1 })}${s === v.seat ? T('scene.youTag') : ''}${role}`,
        nx,
        lines.y[0],
        lines.sizes[0],
        active ? GOLD : CREAM,
        true,
        bw - nx - 6,
      );
      // (the words in full, or shorter where a narrow box would cut the numbers: "Recompe…")
      const money = { loot: p.loot, bounty: p.bounty };
      addLabel(box, [T('scene.lootBounty', money), T('scene.lootBountyShort', money)], 6, lines.y[1], lines.sizes[1], CREAM, false, bw - 12);
      const wounds = (short: boolean) =>
        p.wounds > 0
          ? `${'✚'.repeat(p.wounds)} ${T(short ? 'scene.woundsShort' : 'scene.wounds', { count: p.wounds })}`
          : T(short ? 'scene.noWoundsShort' : 'scene.noWounds');
      addLabel(
        box,
        [T('scene.handCount', { wounds: wounds(false), count: p.handCount }), T('scene.handCount', { wounds: wounds(true), count: p.handCount })],
        6,
        lines.y[2],
        lines.sizes[2],
        p.wounds > 0 ? 0xffb0a0 : CREAM,
        false,
        bw - 12,
      );
    }
    let y = pad + rows * (bh + 6) + 2;

    // 2. Guns and the Bottle, each with its holder: in a row of their own, or in the players' last row (a phone).
    const capFs = rd(Math.max(9, fs - 2));
    const gx0 = L.gunsInGrid ? pad + (n % cols) * (bw + 6) : pad;
    const slot = L.gunsInGrid ? (W - pad - gx0) / 5 : Math.min((W - 2 * pad) / 5, narrow ? 78 : 130);
    const r = L.gunsInGrid ? Math.min(gunR, slot * 0.32, (bh - lineHeight(capFs) - 8) / 2.3) : L.gunsLow ? L.lowR : gunR;
    const gy = L.gunsInGrid ? pad + (rows - 1) * (bh + 6) + 4 + r * 1.15 : L.gunsLow ? y + r * 1.35 + 2 : y + gunR + 6;
    // What each gun's caption says (the colour, or who holds it: in full, or the name's first word), then the Bottle's.
    const captions = L.gunsLow
      ? lowCaptions(m)
      : [
          ...Saloon.COLOURS.map((c) => {
            const holder = v.guns[c];
            if (holder === null) return { forms: [cap(narrow ? T(`colour.${c}`) : T('scene.gunCaption', { colour: T(`colour.${c}`) }))], held: false };
            return { forms: [T('scene.holdsIt', { name: this.nameOf(holder), context: youContext(v.seat, holder) })], held: true };
          }),
          { forms: [T('scene.bottle')], held: false },
        ];
    const capText = (i: number) =>
      text(captions[i].forms[0], { fontSize: capFs, fill: captions[i].held ? GOLD : CREAM, fontWeight: captions[i].held ? 'bold' : 'normal' });
    // In the low row each mark sits at the left of its slot, its caption beside it; each slot as wide as its caption,
    // the room left shared between them. (Five even slots, 71 px at 390 wide, cut "Vermelho" and "Amarelo" to "Verm…"
    // and the gun's holder to "Cala…" once the captions were 10 px.)
    const lowTexts = L.gunsLow ? captions.map((_, i) => capText(i)) : [];
    const markW = lowMarkW(r);
    const room = W - 2 * pad;
    const rowW = () => lowTexts.reduce((sum, t) => sum + markW + t.width, 0);
    // (a holder's first name before any word is cut)
    lowTexts.forEach((t, i) => {
      if (rowW() > room && captions[i].forms.length > 1) fitFirst(t, captions[i].forms, t.width - (rowW() - room));
    });
    // (then smaller type, down to the size the captions had before READ_PX: 9 px; only then cut)
    const styles = lowTexts.map((t) => ownStyle(t));
    for (let size = capFs, i = 0; i < 12 && rowW() > room && size > Math.max(9, fs - 2); i++) {
      size = Math.max(Math.max(9, fs - 2), size * 0.97);
      for (const style of styles) style.fontSize = size;
    }
    const over = Math.max(0, rowW() - room);
    if (over > 0) {
      const words = lowTexts.reduce((sum, t) => sum + t.width, 0);
      lowTexts.forEach((t) => fit(t, t.width * (1 - over / words)));
    }
    const spare = L.gunsLow ? Math.max(0, room - rowW()) / 5 : 0;
    const lowX = lowTexts.map((_, i) => gx0 + lowTexts.slice(0, i).reduce((sum, t) => sum + markW + t.width + spare, 0));
    // Each caption under its mark: five even slots, or, where an even one would cut a caption and the five fit
    // otherwise, each slot as wide as its caption (or its mark) and the room left shared between them (four players
    // at 360 px in Portuguese: the guns in the players' last row, slots of 45 px, "Vermelho" cut to "Verme…").
    const slots = ((): number[] => {
      const even = [slot, slot, slot, slot, slot];
      if (L.gunsLow) return even;
      const needs = captions.map((c) => Math.max(measureText(c.forms[0], { fontSize: capFs, fontWeight: c.held ? 'bold' : 'normal' }).width + 4, r * 2.8));
      const need = needs.reduce((sum, w) => sum + w, 0);
      if (needs.every((w) => w <= slot) || need > 5 * slot) return even;
      return needs.map((w) => w + (5 * slot - need) / 5);
    })();
    const slotX = (i: number) => gx0 + slots.slice(0, i).reduce((sum, w) => sum + w, 0);
    const markX = (i: number) => (L.gunsLow ? lowX[i] + r * 1.4 + 2 : slotX(i) + slots[i] / 2);
    const caption = (i: number) => {
      if (!L.gunsLow) {
        const c = captions[i];
        return fit(this.centred(c.forms[0], markX(i), gy + r * 1.3 + 2, capFs, c.held ? GOLD : CREAM, c.held), slots[i] - 4);
      }
      const t = lowTexts[i];
      t.anchor.set(0, 0.5);
      t.position.set(markX(i) + r * 1.4 + 3, gy);
      this.root.addChild(t);
      return t;
    };
    Saloon.COLOURS.forEach((c, i) => {
      const cx = markX(i);
      const holder = v.guns[c];
      this.place(gunMark(c, r, holder !== null), cx, gy);
      if (holder !== null) {
        // The gun is in a hand: drawn faded on the table, the holder named in gold.
        const ring = new Graphics().circle(0, 0, r * 1.35).stroke({ width: 3, color: GOLD });
        this.place(ring, cx, gy);
      }
      caption(i);
    });
    this.place(bottleShape(r * 2.2), markX(4), gy);
    caption(4);
    y = L.gunsInGrid ? y : L.gunsLow ? gy + r * 1.35 + 4 : y + L.gunRowH;

    // 3. The middle (the threat, the duel, or the 4 public cards with the deck and the discard pile) and my hand:
    // under it on a narrow table, beside it (on the right) on a wide one, so the felt is used across. A wide felt
    // taller than it is wide (a tablet held upright: 784×906 at 800×1280) has my hand under the middle too: beside it,
    // both their cards were held to the width, and the felt's lower 40% stayed empty. A phone's felt held sideways
    // (narrow, LOW_WIDE) has my hand beside the middle too: under it, both rows were held to the height.
    const mine = v.seat !== null;
    const tall = !narrow && H > W;
    const side = (!narrow || L.lowWide) && mine && !tall;
    const handCount = Math.max(3, v.hand.length);
    // (as tall as the title is drawn: at least READ_PX on the screen, on a felt drawn small larger than `fs`; 2 px over
    // my hand's cards at 740×360, five players in two rows)
    const titleH = lineHeight(rd(fs)) + 4;
    // Under the public cards: their numbers, then two lines of news.
    const newsStep = lineHeight(rd(Math.max(10, fs - 1))) + 2;
    const infoH = lineHeight(rd(Math.max(9, fs - 2))) + 2 + L.newsLines * newsStep;
    const headH = lineHeight(rd(Math.max(10, fs - 1))) + 2;
    const numH = lineHeight(rd(Math.max(9, fs - 2))) + 2;
    const band = H - pad - y;
    // The public cards' width in a middle `w` wide and `h` high: the 4 cards, the deck (a smaller back) and the discard
    // pile's top card (as large as the others: its words must stay readable) in one row of 5.8 card widths, or (when
    // that gives larger cards, on a tall felt) two rows of two beside the deck and the discard pile, 3.3 card widths.
    // (A phone's felt held upright lays them in two rows too where that draws them clearly larger, my hand under them:
    // at 390×844 one row drew them 55 px wide, held to the width, over 184–239 px of empty felt above my hand.)
    const publicRows = (w: number, h: number): { oneRow: number; twoRows: number } => {
      const room = w - 2 * pad - 8;
      const oneRow = Math.min(narrow ? 62 : 160, (room - 36) / 5.8, (h - headH - infoH - 4) / 1.38);
      const twoRows = narrow && side ? 0 : Math.min(narrow ? 120 : 160, (room - 22) / 3.3, (h - headH - infoH - numH - 8) / 2.76);
      return { oneRow, twoRows };
    };
    const publicCw = (w: number, h: number): { cw: number; grid: boolean } => {
      const { oneRow, twoRows } = publicRows(w, h);
      return twoRows > oneRow * 1.1 ? { cw: twoRows, grid: true } : { cw: oneRow, grid: false };
    };
    /** The widest a card of my hand is drawn, beside the middle or under it on a tall felt. */
    const HAND_MAX = 150;
    const handCw = (w: number) => Math.min(HAND_MAX, (w - pad - 8 * (handCount - 1) - 4) / handCount, (band - titleH) / 1.38);
    // Wide: the split between the middle and my hand that gives the smaller of their cards the most room.
    let midW = W;
    if (side) {
      let best = -1;
      for (let share = 0.4; share <= 0.76; share += 0.02) {
        const w = Math.round(W * share);
        const worst = Math.min(publicCw(w, band).cw, handCw(W - w));
        if (worst > best) {
          best = worst;
          midW = w;
        }
      }
    }
    const handW = W - midW;
    let cwHand: number;
    // (beside a phone's narrow middle, held sideways, no wider than the room: at 740×360 a 52 px card ran 10 px off the felt)
    if (side) cwHand = L.lowWide ? handCw(handW) : Math.max(52, handCw(handW));
    else {
      const handMax = Math.min(narrow ? 82 : tall ? HAND_MAX : 96, (W - 2 * pad - 12) / Math.max(4, handCount + 0.3));
      // (the hand shrinks first when the table is low: the public cards keep their least room above it…)
      cwHand = Math.max(40, Math.min(handMax, (H - pad - y - L.middleMin - titleH) / 1.38));
      if (L.publicShown) {
        // (…but on a low felt the public cards and my hand share the height evenly: both stay readable; the hand
        // takes what the public cards cannot use)
        const even = (H - pad - y - headH - infoH - 4 - titleH) / (2 * 1.38);
        const most = publicRows(W, Infinity);
        const publicMax = narrow ? most.oneRow : publicCw(W, Infinity).cw;
        cwHand = Math.max(40, Math.min(cwHand, handMax, even + Math.max(0, even - publicMax)));
        // (a tall one lays them in two rows where a third of the height each, with my hand's, draws them clearly larger
        // than one row can: the same width as my hand's, which takes what they cannot use)
        const thirds = (H - pad - y - headH - infoH - numH - 8 - titleH) / (3 * 1.38);
        if (narrow && Math.min(thirds, most.twoRows) > most.oneRow * 1.1) cwHand = Math.max(40, Math.min(cwHand, thirds + Math.max(0, thirds - most.twoRows)));
      }
    }
    const chHand = cwHand * 1.38;
    const bottom = mine && !side ? H - pad - chHand - titleH : H - pad;
    const midH = bottom - y;
    if (ph.kind === 'threat') {
      this.drawThreat(m, ph, y, midH, midW, fs, narrow || (isNarrow(midW) && midH < L.fullMiddleMin));
    } else if (ph.kind === 'duel') {
      this.drawDuelWatch(m, ph, y, midH, midW, fs);
    } else if (ph.kind === 'standoff' && ph.stage === 'chain') {
      this.drawChain(m, ph, y, midH, midW, fs);
    } else if (ph.kind === 'truel' || ph.kind === 'standoff' || ph.kind === 'turkey') {
      this.drawRaceWatch(m, ph, y, midH, midW, fs);
    } else {
      const pub = publicCw(midW, midH);
      const grid = pub.grid;
      const cw = Math.max(40, pub.cw);
      const ch = cw * 1.38;
      this.label(T('scene.publicCards', { context: v.seat === null ? 'watch' : undefined }), pad + 4, y, rd(Math.max(10, fs - 1)), CREAM, true, midW - 2 * pad);
      const cy = y + headH;
      v.public.forEach((id, i) => {
        const x = pad + 4 + (grid ? i % 2 : i) * (cw + 6);
        const yy = cy + (grid ? Math.floor(i / 2) * (ch + numH + 4) : 0);
        this.placeCard(cardFace(id, cw, ch, m.bigGlyphs, false, this.least), `public:${i}:${id}`, x, yy, cw, ch);
        const num = text(String(i + 1), { fontSize: rd(Math.max(9, fs - 2)), fill: GOLD, fontWeight: 'bold' });
        num.position.set(x + 2, yy + ch + 1);
        this.root.addChild(num);
      });
      let x = pad + 4 + (grid ? 2 : 4) * (cw + 6) + 8;
      const sw = cw * 0.8;
      const sh = sw * 1.38;
      this.place(cardBack(sw, sh, String(v.deckCount)), x, cy);
      this.label(T('scene.deck'), x, cy + sh + 2, rd(Math.max(9, fs - 2)), CREAM, false, sw + 6);
      const top = v.discard[v.discard.length - 1];
      // (in two rows the discard pile goes under the deck)
      const dy = grid ? cy + ch + numH + 4 : cy;
      if (!grid) x += sw + 8;
      if (top && x + cw < midW - pad) {
        this.place(cardFace(top, cw, ch, m.bigGlyphs, false, this.least), x, dy);
        this.label(T('scene.discard'), x, dy + ch + 2, rd(Math.max(9, fs - 2)), CREAM, false, cw + 4);
      }
      const news = this.news(m);
      let ny = cy + (grid ? 2 : 1) * (ch + numH) + (grid ? 4 : 0);
      // Each line of news in as many lines as the felt has room for above my hand, cut with "…" where it has not: on
      // one line a 360 px phone cut "No threat yet. On your turn: draw, Cash Loot, or threaten someone wit…" over 75 px
      // of empty felt (six players), and a duel's outcome likewise. The layout counts one line each (`newsLines`).
      news.slice(0, L.newsLines).forEach((line, i) => {
        // (the first leaves the second its one line, where the layout counts two)
        const room = bottom - (i === 0 && L.newsLines > 1 && news.length > 1 ? newsStep : 0) - ny;
        if (room < newsStep) return;
        const size = rd(Math.max(10, fs - 1));
        const words = text(line, {
          fontSize: size,
          fill: i === 0 ? GOLD : CREAM,
          fontWeight: i === 0 ? 'bold' : 'normal',
          wordWrap: true,
          wordWrapWidth: midW - 2 * pad - 8,
          // (a word longer than the line, if any, is broken rather than drawn past the felt's edge)
          breakWords: true,
          lineHeight: newsStep - 2,
        });
        fitLines(words, room - 2);
        words.position.set(pad + 4, ny);
        this.root.addChild(words);
        ny += words.height + 2;
      });
    }

    // 4. My hand.
    if (mine) {
      const hx = side ? midW : pad + 4;
      // (beside the public cards it lines up with them; beside a threat or a duel, the middle of the felt)
      const hy0 = side ? (L.publicShown ? y : y + Math.max(0, (band - titleH - chHand) / 2)) : bottom;
      const hy = hy0 + titleH - 2;
      const title = v.hand.length === 0 ? T('scene.handHidden') : T('scene.hand', { count: Saloon.bulletsOf(v.hand) });
      this.label(title, hx, hy0, rd(fs), CREAM, true, W - hx - pad);
      v.hand.forEach((id, i) =>
        this.placeCard(cardFace(id, cwHand, chHand, m.bigGlyphs, false, this.least), `hand:${id}`, hx + i * (cwHand + 8), hy, cwHand, chHand),
      );
      if (v.hand.length === 0) for (let i = 0; i < 3; i++) this.place(cardBack(cwHand, chHand), hx + i * (cwHand + 8), hy);
    }
  }

  /** The last bluff call / roulette / Bottle and the last duel, in words. */
  private news(m: SaloonSceneModel): string[] {
    const v = m.view;
    const out: string[] = [];
    // (`plain`: a name never told as "You", where the sentence has no form of its own for me: "You was the Law")
    const plain = (s: number) => m.names[s] ?? T('scene.seat', { n: s + 1 });
    const d = v.lastDuel;
    if (d) out.push(lastDuelWords(d, (s) => this.nameOf(s), plain));
    const r = v.lastReveal;
    if (r) out.push(revealWords(r, (s) => this.nameOf(s), plain));
    if (out.length === 0) out.push(T('scene.noThreat', { context: v.seat === null ? 'watch' : undefined }));
    return out;
  }

  /**
   * `compact`: a phone's felt, its height kept for my hand under the threat, or a middle too narrow and too low for the
   * whole panel (a phone held sideways). The middle's width alone chose it: a laptop's threat beside my hand, less
   * than 600 wide, lost "Do you feel lucky?" and ended its line on a colon.
   */
  private drawThreat(
    m: SaloonSceneModel,
    ph: Extract<Saloon.Phase, { kind: 'threat' }>,
    y: number,
    hgt: number,
    W: number,
    fs: number,
    compact: boolean,
  ): void {
    const v = m.view;
    const cx = W / 2;
    // (words at least READ_PX on the screen: on a felt drawn small, larger than its own sizes)
    const rd = (size: number): number => Math.max(size, this.least);
    const me = v.seat;
    let ty = y + 2;
    if (ph.escaped?.length)
      ty +=
        this.centred(T('scene.escaped', { names: ph.escaped.map((s) => this.nameOf(s)).join(', ') }), cx, ty, rd(Math.max(10, fs - 1)), 0xffc2b0, true, W - 24)
          .height + 4;
    const left = m.threatLeft ?? 0;
    // A phone's row: the gun at its left, the countdown at its right (the words between them are each row's own).
    const rowEnds = (): { count: Text; x: number; r: number } => {
      const { r, gx, x, countSize } = threatRowEnds(fs);
      this.place(gunMark(ph.gun, r), gx, ty + r * 1.15);
      const count = text(T('scene.secondsLeft', { seconds: left }), {
        fontSize: countSize,
        fill: left <= 3 ? RED : CREAM,
        fontWeight: 'bold',
        stroke: { color: INK, width: 4 },
      });
      count.anchor.set(1, 0);
      count.position.set(W - 12, ty);
      this.root.addChild(count);
      return { count, x, r };
    };
    if (compact && this.least > fs) {
      // A felt drawn small: one row, the gun, what the answers do and the countdown (see briefThreatRow).
      const row = briefThreatRow(m, ph.target, W, fs, this.least);
      rowEnds();
      const words = text(answerWords(m, ph.target), { fontSize: row.size, fill: CREAM, wordWrap: true, wordWrapWidth: row.wrap });
      words.position.set(row.x, ty);
      this.root.addChild(words);
      return;
    }
    // One under the other, each as tall as its words: who escaped, the gun, the threat, "Feeling lucky?", the
    // countdown (as large as the room left allows), who must answer and how.
    const answer = this.centred(answerWords(m, ph.target), cx, 0, rd(Math.max(10, fs - 1)), CREAM, false, W - 24);
    const line = T('scene.threatLine', {
      a: this.nameOf(ph.threatener),
      gun: T(`colour.${ph.gun}`),
      b: this.nameOf(ph.target, true),
      context: youContext(me, ph.threatener),
    });
    if (compact) {
      // A phone: one row — the gun, the threat's line, the countdown — and what the answers do under it, so the felt's
      // height goes to my hand (what I answer with). "Do you feel lucky?" is the status bar's line already.
      const { count, x: wx, r } = rowEnds();
      const words = text(line, {
        fontSize: rd(fs + 1),
        fill: CREAM,
        fontWeight: 'bold',
        wordWrap: true,
        wordWrapWidth: Math.max(60, W - 12 - count.width - 8 - wx),
      });
      words.position.set(wx, ty);
      this.root.addChild(words);
      ty += Math.max(r * 2.3, words.height, count.height) + 4;
      answer.y = ty;
      return;
    } else {
      const r = fs * 1.6;
      this.place(gunMark(ph.gun, r), cx, ty + r * 1.15);
      ty += r * 2.3 + 4;
      ty += this.centred(line, cx, ty, rd(fs + 2), CREAM, true, W - 24).height + 4;
      ty += this.centred(T('scene.feelLucky'), cx, ty, rd(fs + 6), GOLD, true, W - 24).height + 4;
    }
    const size = Math.max(fs, Math.min(fs * 4, hgt * 0.3, (y + hgt - ty - answer.height - 8) / 1.3));
    const t = this.centred(T('scene.secondsLeft', { seconds: left }), cx, ty, size, left <= 3 ? RED : CREAM, true);
    ownStyle(t).stroke = { color: INK, width: 4 };
    answer.y = ty + t.height + 4;
  }

  /** A player's part in a Truel, a Standoff or the Turkey, for the player boxes. */
  private roleOf(ph: Saloon.Phase, s: number): string {
    if (ph.kind === 'truel') return s === ph.desperado ? ` — ${T('scene.roleDesperado')}` : ph.others.includes(s) ? ` — ${T('scene.roleTruel')}` : '';
    if (ph.kind === 'standoff') {
      if (s === ph.judge && !ph.wind) return ` — ${T('scene.judgeRole')}`;
      const link = ph.links.find((l) => l.seat === s);
      if (link) return ph.out.includes(s) ? ' — ✗' : ` — ${GUN_GLYPH[link.gun]}`;
    }
    if (ph.kind === 'turkey' && s === ph.drawer) return ` — ${T('scene.roleTurkey')}`;
    return '';
  }

  private raceTitle(ph: RacePhase): string {
    const names = (seats: number[]) =>
      seats.map((x) => (ph.kind === 'truel' && x === ph.desperado ? T('scene.desperado', { name: this.nameOf(x) }) : this.nameOf(x))).join(' · ');
    if (ph.kind === 'duel') return T('scene.duelTitle', { a: this.nameOf(ph.threatener), gun: T(`colour.${ph.gun}`), b: this.nameOf(ph.target, true) });
    if (ph.kind === 'truel') return T('scene.truel', { names: names(Saloon.truelSeats(ph)) });
    if (ph.kind === 'standoff') return `${T('scene.standoff')} — ${names(Saloon.standoffSeats(ph))}`;
    return `${T('scene.turkey')} ${T('scene.turkeyBy', { name: this.nameOf(ph.drawer) })}`;
  }

  private shotWords(s: Saloon.ShotRecord): string {
    return shotWords(
      s,
      (x) => this.nameOf(x),
      (x) => this.nameOf(x, true),
    );
  }

  /** The Standoff's chain: who points which gun at whom, the Judge, the window's countdown. */
  private drawChain(m: SaloonSceneModel, ph: Extract<Saloon.Phase, { kind: 'standoff' }>, y: number, hgt: number, W: number, fs: number): void {
    const cx = W / 2;
    const rows = chainRows(fs, this.least);
    this.centred(T('scene.standoff'), cx, y + 2, rows.at(fs + 6), GOLD, true, W - 24);
    let ly = y + rows.title;
    const rowH = rows.row;
    ph.links.forEach((l, i) => {
      const aim = i === 0 ? ph.judge : ph.links[i - 1].seat;
      const out = ph.out.includes(l.seat);
      const mark = gunMark(l.gun, fs * 0.75, out);
      this.place(mark, cx - W * 0.3, ly + rowH / 2 - 2);
      const who = out ? T('scene.out', { name: this.nameOf(l.seat) }) : this.nameOf(l.seat);
      this.label(
        T('scene.pointsAt', { name: who, target: this.nameOf(aim, true) }),
        cx - W * 0.3 + fs * 1.4,
        ly + 2,
        rows.at(fs + 1),
        out ? 0x9aa59c : CREAM,
        true,
        W * 0.6,
      );
      ly += rowH;
    });
    this.centred(T('scene.judge', { name: this.nameOf(ph.judge) }), cx, ly + 4, rows.at(fs), CREAM, false, W - 24);
    const left = m.windowLeft ?? 0;
    const size = Math.max(fs * 1.6, Math.min(hgt - (ly - y) - rows.judge - fs * 0.7, fs * 3.2));
    const t = this.centred(T('scene.secondsLeft', { seconds: left }), cx, ly + rows.judge, size, left <= 2 ? RED : CREAM, true);
    ownStyle(t).stroke = { color: INK, width: 4 };
  }

  /** A Truel, a Standoff past its chain or the Turkey, watched: who races, the flipped cards, Ready / GO!, the shots. */
  private drawRaceWatch(
    m: SaloonSceneModel,
    ph: Extract<Saloon.Phase, { kind: 'truel' | 'standoff' | 'turkey' }>,
    y: number,
    hgt: number,
    W: number,
    fs: number,
  ): void {
    const cx = W / 2;
    const title = this.centred(this.raceTitle(ph), cx, y + 2, fs + 3, GOLD, true, W - 24);
    const go = ph.kind === 'truel' ? ph.go : ph.stage === 'race';
    // (under the title, which wraps on a narrow felt)
    let ty = Math.max(y + fs * 2.2, title.y + title.height + 2);
    if (ph.kind === 'standoff' || ph.kind === 'turkey') {
      if (ph.kind === 'standoff' && !ph.wind)
        this.centred(T('scene.judge', { name: this.nameOf(ph.judge) }), cx, ty, Math.max(10, fs - 1), CREAM, false, W - 24);
      ty += fs + 4;
      const cw = Math.max(40, Math.min(84, (W - 60) / 3.4, (hgt - (ty - y) - fs * 4) / 1.38));
      const ch = cw * 1.38;
      const x0 = cx - (3 * cw + 2 * 10) / 2;
      for (let i = 0; i < 3; i++) {
        const id = ph.flipped[i];
        this.place(id ? cardFace(id, cw, ch, m.bigGlyphs) : cardBack(cw, ch, '?'), x0 + i * (cw + 10), ty);
      }
      ty += ch + 6;
    }
    const big = Math.max(fs * 1.6, Math.min(fs * 3, (hgt - (ty - y)) * 0.4));
    const word = go ? (m.windowLeft !== null ? `${T('ui.go')} ${T('scene.secondsLeft', { seconds: m.windowLeft })}` : T('ui.go')) : T('ui.ready');
    const t = this.centred(word, cx, ty, big, go ? GOLD : CREAM, true);
    ownStyle(t).stroke = { color: INK, width: 5 };
    ph.shots.slice(-2).forEach((s, i) => this.centred(this.shotWords(s), cx, ty + big * 1.25 + i * (fs + 3), Math.max(10, fs - 1), 0xffc2b0, true, W - 24));
  }

  private drawDuelWatch(m: SaloonSceneModel, ph: Extract<Saloon.Phase, { kind: 'duel' }>, y: number, hgt: number, W: number, fs: number): void {
    const cx = W / 2;
    const title = this.centred(
      T('scene.duelWatchTitle', { a: this.nameOf(ph.threatener), b: this.nameOf(ph.target, true) }),
      cx,
      y + 4,
      fs + 4,
      GOLD,
      true,
      W - 24,
    );
    // Under the title, which wraps on a narrow felt (Saloon held sideways: "Ready…" was drawn over its second line).
    const ty = Math.max(y + fs * 2.6, title.y + title.height + 2);
    // (smaller beside the duelists' cards, a replay's: room for them under it)
    const big = m.hands ? Math.min(hgt * 0.2, W / 8) : Math.min(hgt * 0.35, W / 6);
    const t = this.centred(ph.go ? T('ui.go') : T('ui.ready'), cx, ty, big, ph.go ? GOLD : CREAM, true);
    ownStyle(t).stroke = { color: INK, width: 6 };
    const lines = ph.shots.map((s) => this.shotWords(s));
    lines.slice(-3).forEach((l, i) => this.centred(l, cx, ty + big + 6 + i * (fs + 4), fs, 0xffc2b0, true, W - 24));
    // A replay watched as everyone: each duelist's three cards under their name, so the viewer sees who read them
    // right ("GO!" stood over an empty felt, the hands only in words beside or under it: a reviewer's replay).
    // (side by side or one over the other, whichever draws the cards larger: a laptop's low felt, a phone's tall one)
    if (!m.hands) return;
    const top = ty + big + 6 + Math.min(3, lines.length) * (fs + 4) + 8;
    const labelH = lineHeight(fs) + 2;
    const gap = 8;
    const cardH = (rows: number) => Math.min((y + hgt - top - rows * (labelH + gap) - gap) / rows, ((W / (3 - rows) - 40) / 3.3) * 1.38);
    const side = cardH(1) >= cardH(2);
    const colW = side ? W / 2 : W;
    const ch = cardH(side ? 1 : 2);
    const cw = ch / 1.38;
    if (cw < 30) return;
    [ph.threatener, ph.target].forEach((seat, i) => {
      const ry = side ? top : top + i * (labelH + ch + gap);
      const mid = side ? colW * i + colW / 2 : cx;
      fit(this.centred(T('scene.duelistCards', { name: this.nameOf(seat) }), mid, ry, fs, CREAM, true), colW - 24);
      const hand = m.hands?.[seat] ?? [];
      const x0 = mid - (3 * cw + 2 * gap) / 2;
      for (let i = 0; i < 3; i++) {
        const id = hand[i];
        const x = x0 + i * (cw + gap);
        if (id) this.place(cardFace(id, cw, ch, m.bigGlyphs, false, this.least), x, ry + labelH);
        else this.place(cardBack(cw, ch, '?'), x, ry + labelH);
      }
    });
  }
}
