/**
 * Saloon Showdown's part of the table page: the Pixi scene (scenes/saloon.ts), the action bar, the log words.
 *
 * Every move is a DOM button built from the engine's `legalFromView(view)`. Accessible names are stable, so tests
 * and screen readers can rely on them. A card reads "<colour> <area> <Noise>, <n> bullets[, <symbol>]", e.g.
 * "red head Bang, 2 bullets, Booty".
 *
 *   your turn     "Draw from deck", "Take public card N (<card>)" (N = 1–4), "Cash Loot (N Booty)",
 *                 "Cash Loot (1 Booty: <card>)", "Threaten <name> with the <colour> gun"
 *   after a draw  "Discard <card>"
 *   threatened    "You're bluffing!", "Do you?"
 *   anyone else   "Crash! (Bottle)" — the Bottle interrupt, only when legal (3 cards of the threatening gun's colour)
 *   duel (at GO)  "Gun: red", "Gun: blue", "Gun: green", "Gun: yellow", "Gun: Bottle" (toggles, aria-pressed),
 *                 "Area: head", "Area: chest", "Area: arm", "Area: leg" (on a silhouette),
 *                 "Noise: Bang", "Noise: Boom", "Noise: Blam", or "Crash!" with the Bottle;
 *                 the shot goes off as soon as gun, area and noise are all picked ("Shoot!" fires it too).
 *   always        "Larger gun glyphs" (toggle, aria-pressed): bigger shapes and letters on guns and cards
 *
 * Your cards are also listed as text: `data-testid="hand"`, one item per card with the card's name as its label.
 */
import { Saloon, saloon } from '@tumbleweed/engine';
import { h, listNames } from '../dom';
import { GUN_CSS, GUN_GLYPH, GUN_LETTER, revealWords, SaloonScene, type SaloonSceneModel } from '../scenes/saloon';
import { list } from '../state';
import { JsonBoard, type JsonBoardLike } from './json-board';
import type { GameModule, GameUi, SeatSummary, ServerEvent, TableContext } from './types';

type View = Saloon.SaloonView;
type Intent = Saloon.SaloonIntent;
type Colour = Saloon.Colour;
type Area = Saloon.Area;
type Noise = Saloon.Noise;

export type SaloonBoardLike = JsonBoardLike;

const GLYPH_KEY = 'tumbleweed:saloon:bigGlyphs';
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const num = (e: ServerEvent, key: string): number => (typeof e[key] === 'number' ? (e[key] as number) : -1);
const str = (e: ServerEvent, key: string): string => (typeof e[key] === 'string' ? (e[key] as string) : '');
const strs = (e: ServerEvent, key: string): string[] => (Array.isArray(e[key]) ? (e[key] as unknown[]).filter((x): x is string => typeof x === 'string') : []);

/** "red head Bang, 2 bullets, Booty". */
export function cardLabel(id: string | null | undefined): string {
  const c = Saloon.cardInfo(id ?? '');
  if (!c) return 'a card';
  return `${c.colour} ${c.area} ${cap(c.noise)}, ${plural(c.bullets, 'bullet')}${c.symbol ? `, ${Saloon.SYMBOL_NAMES[c.symbol]}` : ''}`;
}

function cards(ids: readonly string[]): string {
  return ids.length ? ids.map(cardLabel).join('; ') : 'nothing';
}

/** A card as a DOM chip: colour band with the gun's glyph, area, noise, bullets, symbol. */
function cardChip(id: string): HTMLElement {
  const c = Saloon.cardInfo(id);
  if (!c) return h('li', {}, '?');
  return h(
    'li',
    { class: `saloon-chip ${c.colour}`, 'aria-label': cardLabel(id), style: `--gun:${GUN_CSS[c.colour]}` },
    h('span', { class: 'glyph', 'aria-hidden': 'true' }, `${GUN_GLYPH[c.colour]}${GUN_LETTER[c.colour]}`),
    h('span', { class: 'chip-body', 'aria-hidden': 'true' }, h('b', {}, `${cap(c.colour)} ${c.area}`), ` ${Saloon.NOISE_NAMES[c.noise]} `, h('span', { class: 'bullets' }, plural(c.bullets, 'bullet')), c.symbol === 'booty' ? h('span', { class: 'booty' }, ' $Booty') : null),
  );
}

type Button = { label: string; text?: Node | string; onClick: () => void; pressed?: boolean; cls?: string; title?: string; disabled?: boolean };

class SaloonUi implements GameUi {
  private scene: SaloonScene | null = null;
  private destroyed = false;
  private actionsSignature = '';
  private bigGlyphs = false;
  /** Duel picks: gun (or the Bottle), area, noise. */
  private pick: { gun: Colour | 'bottle' | null; area: Area | null; noise: Noise | 'crash' | null } = { gun: null, area: null, noise: null };
  private duelKey = '';
  /** Local end of my misfire lock-out (ms, this clock), and the shots already seen. */
  private lockEnd = 0;
  private shotsSeen = 0;
  private ticker = 0;
  private threatSeen = 0;
  private threatLocalEnd = 0;

  private readonly board: JsonBoard<View, Intent>;

  constructor(
    private readonly ctx: TableContext,
    private readonly els: { scene: HTMLElement; actions: HTMLElement },
  ) {
    this.board = new JsonBoard<View, Intent>(ctx, Saloon.viewFromSynced, Saloon.legalFromView);
    try {
      this.bigGlyphs = localStorage.getItem(GLYPH_KEY) === '1';
    } catch {
      // private mode
    }
    els.scene.classList.add('saloon-scene');
    els.actions.classList.add('saloon-actions');
    SaloonScene.create(els.scene)
      .then((scene) => {
        if (this.destroyed) return scene.destroy();
        this.scene = scene;
        this.update();
      })
      .catch((err: unknown) => {
        console.error('Saloon scene failed to start', err);
        els.scene.replaceChildren(h('p', { class: 'scene-fallback' }, 'The table picture could not be drawn here; use the buttons below to play.'));
      });
    this.ticker = window.setInterval(() => this.tick(), 200);
  }

  private send(intent: Intent): void {
    this.board.send(intent);
    this.update();
  }

  refused(): void {
    this.board.refused();
    this.update();
  }

  /** Seconds left in the threat window, from the phase's end, tolerant of a skewed clock. */
  private threatLeft(v: View): number | null {
    if (v.phase.kind !== 'threat') return null;
    const until = v.phase.until;
    if (until !== this.threatSeen) {
      this.threatSeen = until;
      const remaining = until - Date.now();
      const max = v.options.threatSeconds * 1000;
      this.threatLocalEnd = remaining > max + 2000 || remaining < -2000 ? Date.now() + max : until;
    }
    return Math.max(0, Math.ceil((this.threatLocalEnd - Date.now()) / 1000));
  }

  private lockLeft(): number | null {
    const ms = this.lockEnd - Date.now();
    return ms > 0 ? ms / 1000 : null;
  }

  private tick(): void {
    const v = this.board.view();
    if (!v) return;
    if (v.phase.kind === 'threat' || this.lockEnd > Date.now() - 300) this.update();
  }

  private isDuelist(v: View): boolean {
    return v.phase.kind === 'duel' && v.seat !== null && (v.phase.threatener === v.seat || v.phase.target === v.seat);
  }

  update(): void {
    const v = this.board.view();
    this.board.settle();
    if (v && v.phase.kind === 'duel') {
      const key = `${v.turn}|${v.phase.startedAt}`;
      if (key !== this.duelKey) {
        this.duelKey = key;
        this.pick = { gun: null, area: null, noise: null };
        this.shotsSeen = 0;
        this.lockEnd = 0;
      }
      // My misfire: a 2 s lock-out from the moment I see it; the picks start over.
      const shots = v.phase.shots;
      for (const s of shots.slice(this.shotsSeen)) {
        if (s.seat === v.seat && !s.correct) {
          this.lockEnd = Date.now() + Math.max(0, (v.phase.lockedUntil[s.seat] ?? s.at) - s.at);
          this.pick = { gun: null, area: null, noise: null };
        }
      }
      this.shotsSeen = shots.length;
    } else if (this.duelKey) {
      this.duelKey = '';
      this.lockEnd = 0;
    }
    const duelist = v ? this.isDuelist(v) : false;
    if (duelist && !this.els.scene.classList.contains('saloon-duel')) {
      // The duel: a shorter scene and the buttons right under it, scrolled into view — it is a race.
      this.els.scene.classList.add('saloon-duel');
      window.setTimeout(() => this.els.scene.scrollIntoView({ block: 'start' }), 0);
    } else if (!duelist) this.els.scene.classList.remove('saloon-duel');
    const legal = this.board.legal(v);
    this.renderActions(v, legal);
    if (v && this.scene) this.scene.update(this.sceneModel(v, duelist));
  }

  private sceneModel(v: View, duelist: boolean): SaloonSceneModel {
    return {
      view: v,
      names: v.players.map((_, i) => this.ctx.name(i)),
      started: this.board.state().status !== 'waiting',
      bigGlyphs: this.bigGlyphs,
      threatLeft: this.threatLeft(v),
      lockLeft: this.lockLeft(),
      compactDuel: duelist,
    };
  }

  statusText(): string | null {
    const v = this.board.view();
    if (!v || this.board.state().status !== 'playing') return null;
    return this.prompt(v, this.board.legal(v));
  }

  private who(seat: number, me: number | null): string {
    return seat === me ? 'you' : this.ctx.name(seat);
  }

  private prompt(v: View, legal: Intent[]): string {
    const me = v.seat;
    const ph = v.phase;
    const crash = legal.some((i) => i.type === 'crash');
    if (me !== null && v.pending.includes(me) && this.board.sending()) return 'Sending…';
    switch (ph.kind) {
      case 'turn':
        if (v.active === me) return 'Your turn: draw a card, cash Booty, or threaten someone with a gun';
        return `${this.ctx.name(v.active)}'s turn…`;
      case 'discard':
        if (v.active === me) return 'You hold 4 cards: discard one';
        return `${this.ctx.name(v.active)} is discarding…`;
      case 'threat': {
        const t = `${ph.threatener === me ? 'You point' : `${this.ctx.name(ph.threatener)} points`} the ${ph.gun} gun at ${this.who(ph.target, me)}`;
        if (ph.target === me) return `${this.ctx.name(ph.threatener)} points the ${ph.gun} gun at you: "Do you feel lucky?" Call the bluff or duel — silence means a duel`;
        if (crash) return `${t}. You hold 3 ${ph.gun} cards: hit ${this.ctx.name(ph.threatener)} with the Bottle!`;
        return `${t}. Waiting for the answer…`;
      }
      case 'duel': {
        const duelist = ph.threatener === me || ph.target === me;
        if (!ph.go) return duelist ? 'DUEL! Hands swapped — Ready…' : `Duel: ${this.ctx.name(ph.threatener)} against ${this.ctx.name(ph.target)} — Ready…`;
        if (duelist) {
          const lock = this.lockLeft();
          if (lock !== null) return `Misfire! You can shoot again in ${lock.toFixed(1)} s`;
          return 'GO! Pick the gun, the body area and the noise of your majority';
        }
        if (crash) return `Duel on! You hold 3 ${ph.gun} cards: hit ${this.ctx.name(ph.threatener)} with the Bottle!`;
        return `GO! ${this.ctx.name(ph.threatener)} and ${this.ctx.name(ph.target)} are drawing…`;
      }
      // The special-symbol phases (issue 5) are in the engine; this table cannot act in them yet, it only says what
      // is going on while the game's own clock moves them along.
      case 'truel':
        return 'A Truel! Three gunslingers draw at once…';
      case 'standoff':
        return 'A Mexican Standoff!';
      case 'turkey':
        return 'The Turkey runs through the saloon!';
      case 'over':
        return 'Game over.';
    }
  }

  private turnButtons(v: View, legal: Intent[]): { rows: { title: string; buttons: Button[] }[] } {
    const rows: { title: string; buttons: Button[] }[] = [];
    const btn = (label: string, intent: Intent, extra: Partial<Button> = {}): Button => ({ label, onClick: () => this.send(intent), ...extra });
    const of = <T extends Intent['type']>(t: T) => legal.filter((i): i is Extract<Intent, { type: T }> => i.type === t);
    const main: Button[] = [];
    for (const i of of('draw')) {
      if (i.from === 'deck') main.push(btn('Draw from deck', i, { text: 'Draw from deck' }));
      else {
        const id = v.public[i.from];
        main.push(btn(`Take public card ${i.from + 1} (${cardLabel(id)})`, i, { text: `Take public card ${i.from + 1}`, cls: 'secondary', title: `${cardLabel(id)} — you also take the dealer token` }));
      }
    }
    const cash = of('cashLoot');
    const all = cash.reduce<Extract<Intent, { type: 'cashLoot' }> | null>((best, i) => (!best || i.cards.length > best.cards.length ? i : best), null);
    if (all) main.push(btn(`Cash Loot (${all.cards.length} Booty)`, all, { cls: 'cash', title: `+$${10 * all.cards.length} from the bank` }));
    if (all && all.cards.length > 1) for (const i of cash.filter((c) => c.cards.length === 1)) main.push(btn(`Cash Loot (1 Booty: ${cardLabel(i.cards[0])})`, i, { cls: 'cash secondary' }));
    if (main.length) rows.push({ title: '', buttons: main });
    const threats = of('threaten');
    const targets = [...new Set(threats.map((i) => i.target))];
    for (const t of targets) {
      const bs = threats
        .filter((i) => i.target === t)
        .map((i) =>
          btn(`Threaten ${this.ctx.name(t)} with the ${i.gun} gun`, i, {
            text: h('span', {}, h('span', { class: 'glyph', style: `color:${GUN_CSS[i.gun]}`, 'aria-hidden': 'true' }, GUN_GLYPH[i.gun]), ` ${cap(i.gun)}`),
            cls: `gun ${i.gun}`,
          }),
        );
      rows.push({ title: `Threaten ${this.ctx.name(t)} (Bounty $${v.players[t]?.bounty ?? 0}) with a gun:`, buttons: bs });
    }
    const discards = of('discard');
    if (discards.length) rows.push({ title: '', buttons: discards.map((i) => btn(`Discard ${cardLabel(i.cards[0])}`, i, { cls: 'secondary' })) });
    const answers: Button[] = [];
    for (const i of of('answer')) {
      if (i.call === 'bluffing') answers.push(btn("You're bluffing!", i, { cls: 'bluff', title: v.options.russianRoulette ? 'Russian Roulette: they roll a die against their Bullets' : 'Both hands are shown; more Bullets takes $20 (a tie goes to the threatener)' }));
      else answers.push(btn('Do you?', i, { cls: 'duel', title: 'A duel: you swap hands and shoot at GO' }));
    }
    if (answers.length) rows.push({ title: '', buttons: answers });
    const crash = of('crash')[0];
    if (crash) rows.push({ title: '', buttons: [btn('Crash! (Bottle)', crash, { cls: 'crash', title: 'Hit the threatener with the Bottle: +$20 from the bank' })] });
    return { rows };
  }

  /** The duel's picks: legal shots decide which guns are usable (a gun in the other duelist's hand is not). */
  private shootIfReady(v: View, legal: Intent[]): void {
    const { gun, area, noise } = this.pick;
    if (!gun || !area || !noise || this.lockLeft() !== null) return;
    const shot = legal.find((i): i is Saloon.ShootIntent => i.type === 'shoot' && i.gun === gun && i.area === area && (gun === 'bottle' ? true : i.noise === noise));
    if (!shot) return;
    this.pick = { gun: null, area: null, noise: null };
    this.send(gun === 'bottle' ? { type: 'shoot', gun: 'bottle', area, noise: 'crash' } : shot);
    void v;
  }

  private choose(part: 'gun' | 'area' | 'noise', value: string): void {
    const p = this.pick as Record<string, string | null>;
    p[part] = p[part] === value ? null : value;
    if (part === 'gun') {
      if (value === 'bottle' && this.pick.noise !== 'crash') this.pick.noise = null;
      if (value !== 'bottle' && this.pick.noise === 'crash') this.pick.noise = null;
    }
    const v = this.board.view();
    if (v) this.shootIfReady(v, this.board.legal(v));
    this.update();
  }

  private duelPanel(v: View, legal: Intent[], hand: HTMLElement | null): { sig: string; el: HTMLElement } {
    const ph = v.phase as Extract<Saloon.Phase, { kind: 'duel' }>;
    const shots = legal.filter((i): i is Saloon.ShootIntent => i.type === 'shoot');
    const locked = this.lockLeft() !== null;
    const live = ph.go && shots.length > 0 && !locked;
    const bottleOk = shots.some((i) => i.gun === 'bottle');
    const p = this.pick;
    const b = (label: string, text: Node | string, pressed: boolean, onClick: () => void, disabled: boolean, cls = '', title = ''): HTMLButtonElement =>
      h('button', { type: 'button', class: `pick ${cls}`, 'aria-label': label, 'aria-pressed': String(pressed), disabled: disabled || null, title: title || null, onclick: onClick }, text);
    const guns = Saloon.COLOURS.map((c) => {
      const holder = v.guns[c];
      const usable = shots.some((i) => i.gun === c);
      const title = holder !== null && holder !== v.seat ? `${this.ctx.name(holder)} holds the ${c} gun` : '';
      return b(`Gun: ${c}`, h('span', {}, h('span', { class: 'glyph', 'aria-hidden': 'true' }, GUN_GLYPH[c]), ` ${cap(c)}`), p.gun === c, () => this.choose('gun', c), !live || !usable, `gun ${c}`, title);
    });
    guns.push(b('Gun: Bottle', 'Bottle', p.gun === 'bottle', () => this.choose('gun', 'bottle'), !live || !bottleOk, 'bottle', 'Only when the gun you need is in someone else\'s hand: name the area and shout "Crash!"'));
    const areas = Saloon.AREAS.map((a) => b(`Area: ${a}`, cap(a), p.area === a, () => this.choose('area', a), !live, `area area-${a}`));
    const silhouette = h('div', { class: 'silhouette', role: 'group', 'aria-label': 'Body area' });
    silhouette.innerHTML =
      '<svg viewBox="0 0 100 160" aria-hidden="true"><circle cx="50" cy="20" r="14"/><rect x="33" y="36" width="34" height="52" rx="8"/><rect x="14" y="38" width="14" height="48" rx="6"/><rect x="72" y="38" width="14" height="48" rx="6"/><rect x="35" y="90" width="13" height="62" rx="6"/><rect x="52" y="90" width="13" height="62" rx="6"/></svg>';
    silhouette.append(...areas);
    const noises: HTMLButtonElement[] =
      p.gun === 'bottle'
        ? [b('Crash!', 'Crash!', p.noise === 'crash', () => this.choose('noise', 'crash'), !live, 'noise crash')]
        : Saloon.NOISES.map((n) => b(`Noise: ${cap(n)}`, Saloon.NOISE_NAMES[n], p.noise === n, () => this.choose('noise', n), !live, 'noise'));
    const ready = !!(p.gun && p.area && p.noise);
    const shoot = h('button', { type: 'button', class: 'shoot', disabled: !live || !ready || null, onclick: () => this.shootIfReady(v, legal) }, 'Shoot!');
    const word = !ph.go ? 'Ready…' : locked ? `Misfire! ${(this.lockLeft() ?? 0).toFixed(1)} s` : shots.length ? 'GO!' : '…';
    const el = h(
      'div',
      { class: `saloon-duelpanel${ph.go ? ' go' : ''}${locked ? ' locked' : ''}` },
      h('p', { class: 'duel-word', 'data-testid': 'duel-word', 'aria-live': 'assertive' }, word),
      hand,
      h('div', { class: 'duel-row' }, h('div', { class: 'duel-group', role: 'group', 'aria-label': 'Gun' }, h('span', { class: 'group-title' }, '1. Gun'), ...guns)),
      h(
        'div',
        { class: 'duel-row two' },
        h('div', { class: 'duel-group' }, h('span', { class: 'group-title' }, '2. Area'), silhouette),
        h('div', { class: 'duel-group', role: 'group', 'aria-label': 'Noise' }, h('span', { class: 'group-title' }, p.gun === 'bottle' ? '3. Shout' : '3. Noise'), ...noises, shoot),
      ),
    );
    const sig = JSON.stringify([word, live, p, shots.length, bottleOk, Saloon.COLOURS.map((c) => v.guns[c])]);
    return { sig, el };
  }

  private renderActions(v: View | null, legal: Intent[]): void {
    const s = this.board.state();
    const prompt = s.status === 'waiting' ? 'The game starts when every seat is taken.' : s.status === 'over' ? 'Game over.' : v ? this.prompt(v, legal) : 'Setting up the table…';
    const duelist = v ? this.isDuelist(v) && s.status === 'playing' : false;
    const rows = v && !duelist ? this.turnButtons(v, legal).rows : [];
    const hand = v?.seat !== null && v ? v.hand : [];
    const handEl =
      v && v.seat !== null
        ? h(
            'div',
            { class: 'saloon-hand' },
            h('span', { class: 'group-title' }, hand.length ? `Your cards (${Saloon.bulletsOf(hand)} Bullets):` : 'Your cards: hidden until GO!'),
            h('ul', { 'data-testid': 'hand', 'aria-label': 'Your cards' }, ...hand.map(cardChip)),
          )
        : null;
    const panel = v && duelist ? this.duelPanel(v, legal, handEl) : null;
    const news = v ? this.newsLine(v) : '';
    const signature = JSON.stringify([prompt, rows.map((r) => [r.title, r.buttons.map((b) => [b.label, b.cls, b.pressed])]), panel?.sig ?? '', hand, news, this.bigGlyphs]);
    if (signature === this.actionsSignature) return;
    this.actionsSignature = signature;
    const glyphBtn = h('button', { type: 'button', class: 'secondary glyph-toggle', 'aria-pressed': String(this.bigGlyphs), title: 'Bigger gun shapes and letters (R ● red, B ■ blue, G ▲ green, Y ◆ yellow)' }, 'Larger gun glyphs');
    glyphBtn.addEventListener('click', () => {
      this.bigGlyphs = !this.bigGlyphs;
      try {
        localStorage.setItem(GLYPH_KEY, this.bigGlyphs ? '1' : '0');
      } catch {
        // not remembered
      }
      this.update();
    });
    this.els.actions.classList.toggle('big-glyphs', this.bigGlyphs);
    this.els.actions.replaceChildren(
      h('p', { class: 'prompt' }, prompt),
      ...(panel ? [panel.el] : []),
      ...rows.map((r) =>
        h(
          'div',
          { class: 'saloon-row', role: r.title ? 'group' : null, 'aria-label': r.title || null },
          r.title ? h('span', { class: 'group-title' }, r.title) : null,
          ...r.buttons.map((b) =>
            h('button', { type: 'button', class: b.cls ?? null, 'aria-label': b.label, title: b.title ?? null, disabled: b.disabled || null, onclick: b.onClick }, b.text ?? b.label),
          ),
        ),
      ),
      ...(handEl && !panel ? [handEl] : []),
      h('p', { class: 'saloon-news', 'data-testid': 'saloon-news' }, news),
      glyphBtn,
    );
  }

  /** The last duel and the last reveal, in words (also drawn on the table). */
  private newsLine(v: View): string {
    const me = v.seat;
    const name = (s: number) => (s === me ? 'You' : this.ctx.name(s));
    const out: string[] = [];
    const d = v.lastDuel;
    if (d) {
      if (d.result === 'won' && d.winner !== null) out.push(`Last duel: ${this.ctx.name(d.winner)} won the duel against ${this.ctx.name(d.winner === d.threatener ? d.target : d.threatener)}.`);
      else if (d.result === 'stopped') out.push(`Last duel: ${name(d.threatener)} vs ${name(d.target)}, stopped by a Bottle.`);
      else out.push(`Last duel: ${name(d.threatener)} vs ${name(d.target)}, nobody hit in time.`);
    }
    if (v.lastReveal) out.push(revealWords(v.lastReveal, name));
    if (v.endAfter !== null && v.phase.kind !== 'over') out.push(`The game ends after ${name(v.endAfter)}'s turn.`);
    return out.join(' ');
  }

  describe(e: ServerEvent): string[] {
    const me = this.ctx.mySeat();
    const name = (seat: number) => (seat === me ? 'you' : this.ctx.name(seat));
    const Name = (seat: number) => (seat === me ? 'You' : this.ctx.name(seat));
    const seat = num(e, 'seat');
    const gunWords = (g: string) => (g === 'bottle' ? 'the Bottle' : `the ${g} gun`);
    switch (e.type) {
      case 'turn_started':
        return [`Turn ${num(e, 'turn')}: ${seat === me ? 'your' : `${this.ctx.name(seat)}'s`} turn.`];
      case 'turn_ended':
        return [];
      case 'drew':
        return seat === me ? [] : [`${Name(seat)} drew ${plural(num(e, 'count'), 'card')}.`];
      case 'you_drew':
        return seat === me ? [`You drew ${cards(strs(e, 'cards'))}.`] : [];
      case 'drew_public':
        return [`${Name(seat)} took public card ${num(e, 'index') + 1} (${cardLabel(str(e, 'card'))}); ${cardLabel(str(e, 'replacement'))} replaces it.`];
      case 'dealer_moved':
        return [`${Name(seat)} ${seat === me ? 'take' : 'takes'} the dealer token.`];
      case 'discarded': {
        const reason = str(e, 'reason');
        const c = cards(strs(e, 'cards'));
        if (reason === 'cash_loot') return [];
        if (reason === 'draw') return [`${Name(seat)} discarded ${c}.`];
        if (reason === 'timeout') return [`${Name(seat)} threw away ${c} (time ran out).`];
        return [`${Name(seat)} discarded ${seat === me ? 'your' : 'their'} hand: ${c}.`];
      }
      case 'cashed_loot':
        return [`${Name(seat)} cashed ${plural(strs(e, 'cards').length, 'Booty card')}.`];
      case 'bank_paid': {
        const amt = num(e, 'amount');
        switch (str(e, 'reason')) {
          case 'cash_loot':
            return [`The bank pays ${name(seat)} $${amt} Loot for Booty.`];
          case 'bottle':
            return [`The bank pays ${name(seat)} $${amt} Loot for the Bottle.`];
          case 'duel_won':
            return [`${Name(seat)} won a duel: Bounty +$${amt}.`];
          case 'bounty_reset':
            return [`${seat === me ? 'Your' : `${this.ctx.name(seat)}'s`} Bounty was $0: the bank puts it back to $${amt}.`];
          default:
            return [`The bank pays ${name(seat)} $${amt}.`];
        }
      }
      case 'loot_moved': {
        const payer = num(e, 'payer');
        const payee = num(e, 'payee');
        const amt = num(e, 'amount');
        return [amt > 0 ? `${Name(payer)} ${payer === me ? 'pay' : 'pays'} ${name(payee)} $${amt} of Loot.` : `${Name(payer)} ${payer === me ? 'have' : 'has'} no Loot to pay ${name(payee)}.`];
      }
      case 'bounty_claimed':
        return [`${Name(seat)} ${seat === me ? 'collect' : 'collects'} ${num(e, 'from') === me ? 'your' : `${this.ctx.name(num(e, 'from'))}'s`} $${num(e, 'amount')} Bounty as Loot.`];
      case 'reshuffled':
        return [`The discard pile is shuffled into a new deck (${plural(num(e, 'count'), 'card')}).`];
      case 'public_replaced':
        return [`${Name(seat)} ${seat === me ? 'hold' : 'holds'} the dealer token: 4 new public cards.`];
      case 'threatened':
        return [`${Name(seat)} ${seat === me ? 'point' : 'points'} the ${str(e, 'gun')} gun at ${name(num(e, 'target'))}: "Do you feel lucky?"`];
      case 'answered':
        if (str(e, 'call') === 'bluffing') return [`${Name(seat)}: "You're bluffing!"`];
        return [e.silent ? `${Name(seat)} said nothing — that means "Do you?": a duel!` : `${Name(seat)}: "Do you?" — a duel!`];
      case 'bluff_called': {
        const hands = (e.hands as { seat: number; cards: string[]; bullets: number }[]) ?? [];
        const shown = hands.map((x) => `${Name(x.seat)} ${x.seat === me ? 'show' : 'shows'} ${plural(x.bullets, 'Bullet')} (${cards(x.cards)})`).join('; ');
        return [`Bluff called! ${shown}. ${Name(num(e, 'winner'))} ${num(e, 'winner') === me ? 'win' : 'wins'} the call.`];
      }
      case 'roulette': {
        const hands = (e.hands as { seat: number; cards: string[]; bullets: number }[]) ?? [];
        const b = hands[0]?.bullets ?? 0;
        const rolls = Array.isArray(e.rolls) ? (e.rolls as number[]).join(', then ') : '?';
        const res = str(e, 'result') === 'click' ? 'Click!' : 'Bang!';
        return [`Russian Roulette: ${Name(num(e, 'threatener'))} ${plural(b, 'Bullet')} (${cards(hands[0]?.cards ?? [])}); the die rolls ${rolls} — ${res} ${Name(num(e, 'winner'))} ${num(e, 'winner') === me ? 'win' : 'wins'}.`];
      }
      case 'duel_started':
        return [`Duel! ${Name(num(e, 'threatener'))} and ${name(num(e, 'target'))} swap hands unseen. Ready…`];
      case 'go':
        return ['GO!'];
      case 'duel_hand':
        return seat === me ? [`Your new hand: ${cards(strs(e, 'cards'))}.`] : [];
      case 'shot': {
        const g = str(e, 'gun');
        const noise = str(e, 'noise');
        const what = g === 'bottle' ? `grabs the Bottle: ${str(e, 'area')}, "Crash!"` : `grabs ${gunWords(g)}: ${str(e, 'area')}, "${cap(noise)}!"`;
        return [`${Name(seat)} ${what} — ${e.correct ? 'a hit!' : 'a misfire!'}`];
      }
      case 'misfire':
        return [`${Name(seat)} cannot shoot for 2 seconds.`];
      case 'duel_won':
        return [`${this.ctx.name(num(e, 'winner'))} won the duel against ${this.ctx.name(num(e, 'loser'))}!`];
      case 'wounded':
        return [`${Name(seat)} ${seat === me ? 'take' : 'takes'} a Wound (${num(e, 'wounds')} of 3).`];
      case 'duel_abandoned':
        return ['Nobody hit in 20 seconds: the duel is called off. Both throw away their hands and draw 3.'];
      case 'crashed':
        return [`Crash! ${Name(seat)} ${seat === me ? 'hit' : 'hits'} ${name(num(e, 'target'))} with the Bottle, holding 3 ${str(e, 'gun')} cards — the ${str(e, 'stopped') === 'duel' ? 'duel' : 'threat'} is over.`];
      case 'end_triggered': {
        const why = str(e, 'reason') === 'loot' ? 'has $130 Loot' : 'has 3 Wounds';
        return [`${Name(seat)} ${seat === me ? why.replace('has', 'have') : why}: the game ends after ${name(num(e, 'endAfter'))}${num(e, 'endAfter') === me ? 'r' : "'s"} turn.`];
      }
      case 'timed_out':
        return [`Time ran out for ${name(seat)}.`];
      case 'game_over': {
        const winners = Array.isArray(e.winners) ? (e.winners as number[]) : [];
        const scores = Array.isArray(e.scores) ? (e.scores as number[]) : [];
        return [`Game over! ${listNames(winners.map((w) => this.ctx.name(w)))} ${winners.length === 1 ? 'wins' : 'share the win'} with $${scores[winners[0]] ?? 0}.`];
      }
      default:
        return [];
    }
  }

  seatSummary(seat: number): SeatSummary {
    const v = this.board.view();
    const p = v?.players[seat];
    if (!p || this.board.state().status === 'waiting') return { score: '', alive: null };
    return { score: `$${p.loot} Loot · $${p.bounty} Bounty · ${plural(p.wounds, 'Wound')}`, alive: null };
  }

  winnerText(): string {
    const v = this.board.view();
    const winners = list(this.board.state().winners);
    if (!v || winners.length === 0) return 'The game is over.';
    const score = v.players[winners[0]]?.score ?? 0;
    const names = listNames(winners.map((w) => this.ctx.name(w)));
    return winners.length === 1 ? `${names} wins with a score of $${score}!` : `${names} share the win with $${score} each!`;
  }

  destroy(): void {
    this.destroyed = true;
    window.clearInterval(this.ticker);
    this.els.scene.classList.remove('saloon-scene', 'saloon-duel');
    this.els.actions.classList.remove('saloon-actions', 'big-glyphs');
    this.scene?.destroy();
    this.scene = null;
  }
}

export const saloonModule: GameModule = {
  id: saloon.id,
  title: 'Saloon Showdown',
  year: 'bluff and quick draws for 2–6',
  blurb: 'Point a gun and ask "Do you feel lucky?" — call the bluff, or duel: swap hands and shoot first, and right.',
  enabled: true,
  minSeats: saloon.minSeats,
  maxSeats: saloon.maxSeats,
  options: [
    {
      key: 'threatSeconds',
      label: 'Threat window',
      hint: 'Seconds to answer a threat; silence means a duel.',
      min: Saloon.MIN_THREAT_SECONDS,
      max: Saloon.MAX_THREAT_SECONDS,
      value: Saloon.DEFAULT_THREAT_SECONDS,
      format: (v) => `${v} seconds`,
    },
    { key: 'simplified', label: 'Simplified game', hint: 'Without Desperado and Mexican Standoff cards (always on with 2 players).', min: 0, max: 1, value: 0, format: (v) => (v ? 'On' : 'Off') },
    { key: 'russianRoulette', label: 'Russian Roulette', hint: 'A die against the Bullets replaces the bluff call.', min: 0, max: 1, value: 0, format: (v) => (v ? 'On' : 'Off') },
  ],
  rules: [
    'Everyone starts with $20 Loot and a $20 Bounty and holds 3 cards: a gun colour, a body area, a noise, Bullets.',
    'Your turn: draw a card (then discard one), cash Booty cards for $10 each, or threaten someone with a gun.',
    'Threatened? "You\'re bluffing!" shows both hands: more Bullets takes $20. "Do you?" starts a duel.',
    'Duel: you swap hands unseen; at GO grab the gun of your majority colour, name the majority area and noise. First correct shot wins the loser\'s Bounty.',
    'At $130 Loot or a third Wound the game ends soon; score = Loot + Bounty − $10 per Wound.',
  ],
  mount: (ctx, els) => new SaloonUi(ctx, els),
};
