/**
 * Saloon Showdown's part of the table page: the Pixi scene (scenes/saloon.ts), the action bar, the log words. The bar's
 * moves outside a race are the turn bar's (saloon-turn-bar.ts); the race panel is here.
 *
 * Every move is a DOM button built from the engine's `legalFromView(view)`. Accessible names are stable, so tests
 * and screen readers can rely on them. A card reads "<colour> <area> <Noise>, <n> bullets[, <symbol>]", e.g.
 * "red head Bang, 2 bullets, Booty".
 *
 *   your turn     "Draw from deck", "Take public card N (<card>)" (N = 1–4), "Cash Loot (N Booty)",
 *                 "Cash Loot (1 Booty: <card>)", "Threaten <name> with the <colour> gun"
 *   after a draw  "Discard <card>"
 *   your turn, holding three Wanted Alive
 *                 "Wanted Alive: take <name>'s Bounty" (one per other player)
 *   your turn, holding three Desperados (3+ players)
 *                 "Desperado gun: <colour>" and "Desperado target: <name>" (toggles, aria-pressed; two of each),
 *                 then "I have nothing to lose!" (enabled once two guns and two targets are picked)
 *   threatened    "You're bluffing!", "Do you?"; with the symbols also "I am the Law", "Wanted Alive: take <name>'s
 *                 Bounty" (name = the threatener), "Escape on Horseback: <name> becomes the target" (one per new
 *                 target; with several, behind "Escape on Horseback…", then Cancel) or plain "Escape on Horseback" (2 players, or the second escape), "Truel with <name>"
 *                 (three Desperados: the third player of the Truel). After two escapes the threatener gets
 *                 "You're bluffing!" / "Do you?".
 *   anyone else   "Crash! (Bottle)" — the Bottle interrupt, only when legal (3 cards of the threatening gun's colour,
 *                 or in a Standoff's chain of a drawn gun's colour); "I don't think so! (<colour> gun)" — join a
 *                 Mexican Standoff with that free gun, during a threat or the chain's window
 *   races         a duel, a Truel, a Mexican Standoff (after the Judge's flip), the Turkey (What the Wind Brings):
 *                 "Gun: red", "Gun: blue", "Gun: green", "Gun: yellow", "Gun: Bottle" (toggles, aria-pressed; no
 *                 Bottle in a Standoff or the Turkey), "Area: head", "Area: chest", "Area: arm", "Area: leg" (on a
 *                 silhouette), "Noise: Bang", "Noise: Boom", "Noise: Blam", or "Crash!" with the Bottle; in a
 *                 Standoff also "Target: <name>" (another player still in it). The shot goes off as soon as every
 *                 part is picked ("Shoot!" fires it too). In a Standoff and the Turkey the 3 flipped cards are
 *                 listed as text: `data-testid="flipped"`.
 *   header        "Larger gun glyphs" (toggle, aria-pressed; "Glyphs" on the button), beside the sound's: bigger
 *                 shapes and letters on guns and cards — a setting of this device, not a move (GameUi.settings)
 *
 * Every response window (a threat, a Standoff's chain, a race) is spelled out in `data-testid="saloon-window"`:
 * who must answer or races, who may still say "I don't think so!" or hit with the Bottle (by seat position only —
 * never who holds the cards), and its countdown.
 *
 * Your cards are also listed as text: `data-testid="hand"`, one item per card with the card's name as its label.
 */
import { Saloon, type SaloonEvent } from '@tumbleweed/engine';
import { h, listNames } from '../dom';
import { drawOver } from '../table/draw-over';
import { youContext } from './you';
import { describeSaloonEvent } from './saloon-log';
import {
  cap,
  cardLabel,
  dollars,
  finalScore,
  GUN_CSS,
  GUN_GLYPH,
  GUN_LETTER,
  lastDuelWords,
  revealWords,
  saloonStandings,
  scoreDetail,
  shotWords,
  T,
  turkeyWords,
} from './saloon-words';
import { RaceResult } from './saloon-result';
import { whoMayStill } from './saloon-window';
import type { DrawWhen } from '../scenes/common';
import type { SaloonScene, SaloonSceneModel } from '../scenes/saloon';
import { list } from '../state';
import { localEnd, secondsUntil } from '../clock';
import { JsonBoard, type JsonBoardLike } from './json-board';
import { saloonInfo } from './saloon-info';
import { groupRuns, keyHint, RACE_KEYS } from './saloon-bar';
import { TurnBar, type TurnPicks } from './saloon-turn-bar';
import type { GameModule, GameUi, SeatSummary, ServerEvent, Standing, TableContext } from './types';

type View = Saloon.SaloonView;
type Intent = Saloon.SaloonIntent;
type Colour = Saloon.Colour;
type Area = Saloon.Area;
type Noise = Saloon.Noise;

export type SaloonBoardLike = JsonBoardLike;

const GLYPH_KEY = 'tumbleweed:saloon:bigGlyphs';

/**
 * The frame that first showed something (a race's GO!, a response window), by key: a player's reaction is the time
 * from it to their input (fair races).
 */
class ShownAt {
  private key = '';
  private at: number | null = null;

  /** `key` shows from the next frame on (nothing when it is the one marked already; '' forgets). */
  mark(key: string): void {
    if (key === this.key) return;
    this.key = key;
    this.at = null;
    if (key)
      requestAnimationFrame((t) => {
        if (this.key === key) this.at = t;
      });
  }

  /** ms from that frame to now (to 0.1 ms), or null while it is unknown. */
  since(): number | null {
    return this.at === null ? null : Math.max(0, Math.round((performance.now() - this.at) * 10) / 10);
  }
}
/** The intents that race in a response window (judged by reaction time from when the window showed). */
const WINDOW_INTENTS: readonly string[] = ['answer', 'crash', 'standoff'];
export { T };
type RacePhase = Extract<Saloon.Phase, { kind: 'duel' | 'truel' | 'standoff' | 'turkey' }>;
const RACE_KINDS: ReadonlySet<string> = new Set<RacePhase['kind']>(['duel', 'truel', 'standoff', 'turkey']);
/** The races that leave a record (`lastDuel`): their end is told over the felt (saloon-result.ts). */
const RECORDED_RACES: ReadonlySet<string> = new Set<RacePhase['kind']>(['duel', 'truel', 'standoff']);
/** "Go!" has happened (a duel or Truel) / the cards are flipped (a Standoff or the Turkey). */
const raceGo = (ph: RacePhase): boolean => (ph.kind === 'duel' || ph.kind === 'truel' ? ph.go : ph.stage === 'race');
/** The race's start: "Go!" or the flip. */
const raceStart = (ph: RacePhase): number => ph.goAt;
/** A row of the action bar: its buttons under a title (`short`: the title's words on a phone). */
/** A card as a DOM chip: colour band with the gun's glyph, area, noise, bullets, symbol. */
function cardChip(id: string): HTMLElement {
  const c = Saloon.cardInfo(id);
  if (!c) return h('li', {}, '?');
  return h(
    'li',
    { class: `saloon-chip ${c.colour}`, 'aria-label': cardLabel(id), style: `--gun:${GUN_CSS[c.colour]}` },
    h('span', { class: 'glyph', 'aria-hidden': 'true' }, `${GUN_GLYPH[c.colour]}${GUN_LETTER[c.colour]}`),
    h(
      'span',
      { class: 'chip-body', 'aria-hidden': 'true' },
      h('b', {}, `${cap(T(`colour.${c.colour}`))} ${T(`area.${c.area}`)}`),
      ` ${T(`noise.${c.noise}`)}! `,
      h('span', { class: 'bullets' }, T('card.bullets', { count: c.bullets })),
      c.symbol === 'booty' ? h('span', { class: 'booty' }, ` ${T('card.booty')}`) : null,
    ),
  );
}

class SaloonUi implements GameUi<SaloonEvent> {
  private scene: SaloonScene | null = null;
  private destroyed = false;
  /** A race's end, told over the felt for a moment (the state is at the next turn already). */
  private readonly result: RaceResult;
  private actionsSignature = '';
  private bigGlyphs = false;
  /** Duel picks: gun (or the Bottle), area, noise. */
  private pick: { gun: Colour | 'bottle' | null; area: Area | null; noise: Noise | 'crash' | null; target: number | null } = {
    gun: null,
    area: null,
    noise: null,
    target: null,
  };
  /** Every move outside a race. */
  private readonly turnBar = new TurnBar({ name: (seat) => this.ctx.name(seat), send: (intent) => this.send(intent), redraw: () => this.update('afterTap') });
  /** Countdowns: a window's end (server clock) → its end on this clock, tolerant of a skewed clock. */
  private localEnds = new Map<number, number>();
  private duelKey = '';
  /** The race (and its stage) the page was last scrolled for. */
  private scrolledFor = '';
  /** Local end of my misfire lock-out (ms, this clock), and the shots already seen. */
  private lockEnd = 0;
  private shotsSeen = 0;
  private ticker = 0;

  private readonly board: JsonBoard<View, Intent>;
  /**
   * Fair races: my cards, sent by the server just before "Go!", shown at `goAt` on the synced clock (not when the
   * state saying "Go!" arrives, which is later the farther I am); and when "Go!" showed here (the frame's time, for my
   * reaction time).
   */
  private early: { goAt: number; cards: string[] } | null = null;
  private goTimer = 0;
  private goShown = new ShownAt();
  /** The race whose GO! this page showed by its synced clock, before the state said so. */
  private goByClock = 0;
  /** The frame that first showed the response window now open here. */
  private windowShown = new ShownAt();

  /** "Larger gun glyphs": this device's setting, in the table's header (made when the table asks: settings()). */
  private glyphBtn: HTMLButtonElement | null = null;

  constructor(
    private readonly ctx: TableContext,
    private readonly els: { scene: HTMLElement; actions: HTMLElement },
    kept?: TurnPicks,
  ) {
    this.board = new JsonBoard<View, Intent>(ctx, Saloon.viewFromSynced, Saloon.legalFromView);
    // (the turn bar's half-asked move of the page before a language switch; a race's picks start over)
    if (kept) this.turnBar.restore(kept);
    try {
      this.bigGlyphs = localStorage.getItem(GLYPH_KEY) === '1';
    } catch {
      // private mode
    }
    this.result = new RaceResult(els.scene);
    els.scene.classList.add('saloon-scene');
    els.actions.classList.add('saloon-actions');
    // The scene (and Pixi) load only at a table: the lobby imports this module.
    import('../scenes/saloon')
      .then(({ SaloonScene }) => SaloonScene.create(els.scene))
      .then((scene) => {
        if (this.destroyed) return scene.destroy();
        this.scene = scene;
        this.update();
      })
      .catch((err: unknown) => {
        console.error('Saloon scene failed to start', err);
        els.scene.replaceChildren(h('p', { class: 'scene-fallback' }, T('ui.sceneFailed')));
      });
    this.ticker = window.setInterval(() => this.tick(), 200);
  }

  private send(intent: Intent): void {
    // An answer, the Bottle or "I don't think so!" in an open window races too: the reaction goes with it.
    const reactionMs = WINDOW_INTENTS.includes(intent.type) ? this.windowShown.since() : null;
    this.board.send(reactionMs === null ? intent : ({ ...intent, reactionMs } as Intent));
    this.update('afterTap');
  }

  /** Marks the frame that first showed the response window now open (a threat, a Standoff's chain). */
  private noteWindow(v: View): void {
    const w = v.window;
    this.windowShown.mark(w && (w.kind === 'threat' || w.kind === 'chain') ? `${w.kind}:${w.until}` : '');
  }

  race(preview: { goAt: number; cards: string[] }): void {
    this.early = preview;
    window.clearTimeout(this.goTimer);
    // (re-armed when it fires a hair early: the synced clock may have moved by a new sample meanwhile)
    const arm = () => {
      const left = preview.goAt - this.ctx.serverNow();
      if (left > 0) this.goTimer = window.setTimeout(arm, Math.max(1, left));
      else this.update();
    };
    arm();
  }

  /** My view from the synced state — or, from "Go!" on by the synced clock, as it is at "Go!" with the cards sent ahead. */
  private view(): View | null {
    const v = this.board.view();
    const early = this.early;
    if (!v || !early) return v;
    const ph = v.phase;
    if (!('goAt' in ph) || ph.goAt !== early.goAt || this.ctx.serverNow() < early.goAt) return v;
    const ahead = Saloon.viewAtGo(v, early.cards);
    if (ahead !== v) this.goByClock = early.goAt;
    return ahead;
  }

  /** Marks the frame that first showed "Go!" of `race` here. */
  private noteGo(race: RacePhase): void {
    if (raceGo(race)) this.goShown.mark(String(race.goAt));
  }

  refused(): void {
    this.board.refused();
    this.update();
  }

  /** Seconds left until `until` (server clock; at most `maxMs` away), tolerant of a skewed clock. */
  private secondsLeft(until: number, maxMs: number): number {
    let local = this.localEnds.get(until);
    if (local === undefined) {
      local = localEnd(until, maxMs, maxMs) ?? until;
      if (this.localEnds.size > 20) this.localEnds.clear();
      this.localEnds.set(until, local);
    }
    return secondsUntil(local);
  }

  /** Seconds left in the threat window, from the phase's end, tolerant of a skewed clock. */
  private threatLeft(v: View): number | null {
    if (v.phase.kind !== 'threat') return null;
    return this.secondsLeft(v.phase.until, v.options.threatSeconds * 1000);
  }

  /** Seconds left in the open window (threat, Standoff chain, race), or null. */
  private windowLeft(v: View): number | null {
    const w = v.window;
    if (!w || !w.until) return null;
    const max = w.kind === 'threat' ? v.options.threatSeconds * 1000 : w.kind === 'chain' ? Saloon.STANDOFF_WINDOW_MS : Saloon.DUEL_LIMIT_MS;
    return this.secondsLeft(w.until, max);
  }

  private lockLeft(): number | null {
    const ms = this.lockEnd - Date.now();
    return ms > 0 ? ms / 1000 : null;
  }

  private tick(): void {
    const v = this.view();
    if (!v) return;
    if (v.window || this.lockEnd > Date.now() - 300) this.update();
  }

  private isDuelist(v: View): boolean {
    return v.phase.kind === 'duel' && v.seat !== null && (v.phase.threatener === v.seat || v.phase.target === v.seat);
  }

  /** The race I am in (a duel, a Truel, a Standoff past its chain, the Turkey unless I drew it), or null. */
  private myRace(v: View): RacePhase | null {
    const me = v.seat;
    const ph = v.phase;
    if (me === null) return null;
    if (ph.kind === 'duel') return ph.threatener === me || ph.target === me ? ph : null;
    if (ph.kind === 'truel') return Saloon.truelSeats(ph).includes(me) ? ph : null;
    if (ph.kind === 'standoff') return ph.stage !== 'chain' && Saloon.standoffSeats(ph).includes(me) ? ph : null;
    if (ph.kind === 'turkey') return me !== ph.drawer ? ph : null;
    return null;
  }

  /** `when`: 'afterTap' from the player's own taps (see DrawWhen). */
  update(when: DrawWhen = 'now'): void {
    const v = this.view();
    this.board.settle();
    const race = v ? this.myRace(v) : null;
    if (v && race) {
      const key = `${v.turn}|${race.kind}|${raceStart(race)}`;
      if (key !== this.duelKey) {
        this.duelKey = key;
        this.pick = { gun: null, area: null, noise: null, target: null };
        this.shotsSeen = 0;
        this.lockEnd = 0;
      }
      // My misfire: a 2 s lock-out from the moment I see it; the picks start over.
      const shots = race.shots;
      for (const s of shots.slice(this.shotsSeen)) {
        if (s.seat === v.seat && !s.correct) {
          this.lockEnd = Date.now() + Math.max(0, (race.lockedUntil[s.seat] ?? s.at) - s.at);
          this.pick = { gun: null, area: null, noise: null, target: null };
        }
      }
      this.shotsSeen = shots.length;
    } else if (this.duelKey) {
      this.duelKey = '';
      this.lockEnd = 0;
      // The race scrolled the felt up under the status bar; the next decision opens at the top of the page again.
      // (Checked when the timer runs: a race that ended before its own scroll ran is not scrolled to afterwards.)
      if (this.scrolledFor) {
        this.scrolledFor = '';
        window.setTimeout(() => {
          if (window.scrollY > 0 && !this.scrolledFor) window.scrollTo({ top: 0, behavior: 'instant' as ScrollBehavior });
        }, 0);
      }
    }
    if (!v || v.phase.kind !== 'turn' || v.active !== v.seat) this.turnBar.clearPicks();
    const duelist = race !== null;
    if (duelist && race) {
      // The duel: a shorter scene and the buttons right under it, scrolled into view — it is a race. The scene's top
      // goes just under the status bar (pinned at the top of the screen on a table); again at GO! if it has moved.
      this.els.scene.classList.add('saloon-duel');
      const at = `${this.duelKey}|${raceGo(race)}`;
      if (at !== this.scrolledFor) {
        this.scrolledFor = at;
        window.setTimeout(() => {
          if (this.scrolledFor !== at || this.destroyed) return; // the race is over already: stay where the page is
          const status = document.querySelector('[data-testid="status"]');
          const pinned = status ? status.getBoundingClientRect().height + 8 : 0;
          const top = this.els.scene.getBoundingClientRect().top - pinned;
          if (Math.abs(top) > 4) window.scrollTo({ top: Math.max(0, window.scrollY + top), behavior: 'instant' as ScrollBehavior });
        }, 0);
      }
    } else this.els.scene.classList.remove('saloon-duel');
    if (race) this.noteGo(race);
    if (v) this.noteWindow(v);
    if (v && !this.ctx.replay) this.showRaceEnd(v);
    const legal = this.board.legal(v);
    this.renderActions(v, legal);
    if (v && this.scene) this.scene.update(this.sceneModel(v, duelist), when);
  }

  private sceneModel(v: View, duelist: boolean): SaloonSceneModel {
    return {
      view: v,
      names: v.players.map((_, i) => this.ctx.name(i)),
      started: this.board.state().status !== 'waiting',
      bigGlyphs: this.bigGlyphs,
      threatLeft: this.threatLeft(v),
      windowLeft: this.windowLeft(v),
      lockLeft: this.lockLeft(),
      compactDuel: duelist,
      // (a replay watched as everyone: the duelists' cards on the felt)
      hands: this.ctx.peek && v.phase.kind === 'duel' ? v.players.map((_, seat) => this.ctx.peek?.(seat) ?? []) : undefined,
    };
  }

  statusText(): string | null {
    const v = this.view();
    if (!v || this.board.state().status !== 'playing') return null;
    const what = this.prompt(v, this.board.legal(v));
    // (a watcher is told so, as every game's watcher is: "You are watching. Pat's turn…")
    return v.seat === null ? T('core.watching', { what }) : what;
  }

  /** A seat's name, or for my own "you" (`capital`: "You", a sentence's start). */
  private who(seat: number, me: number | null, capital = false): string {
    return seat !== me ? this.ctx.name(seat) : capital ? T('scene.You') : T('log.you');
  }

  private prompt(v: View, legal: Intent[]): string {
    const me = v.seat;
    const ph = v.phase;
    const crash = legal.some((i) => i.type === 'crash');
    const step = this.turnBar.step;
    if (me !== null && v.pending.includes(me) && this.board.sending()) return T('ui.sending');
    switch (ph.kind) {
      case 'turn':
        if (v.active === me && step?.kind === 'threat') return T('turnBar.whom', { colour: T(`colour.${step.gun}`) });
        if (v.active === me && step?.kind === 'cash') return T('turnBar.cashWhich');
        if (v.active === me) return T('core.yourTurn');
        return T('core.theirTurn', { name: this.ctx.name(v.active) });
      case 'discard':
        if (v.active === me) return T('core.youDiscard');
        return T('core.theyDiscard', { name: this.ctx.name(v.active) });
      case 'threat': {
        const gun = T(`colour.${ph.gun}`);
        const tp = {
          threatener: this.ctx.name(ph.threatener),
          gun,
          cards: T(`cardsColour.${ph.gun}`),
          target: this.who(ph.target, me),
          name: this.ctx.name(ph.threatener),
          context: youContext(me, ph.threatener),
        };
        const escaped = ph.escaped?.length ?? 0;
        if (escaped >= 2) {
          if (ph.threatener === me) return T('prompt.threatenerDecides', { target: this.ctx.name(ph.target) });
          return T('prompt.threatenerDecidesOther', { threatener: this.ctx.name(ph.threatener) });
        }
        if (escaped === 1 && ph.target === me) return T('prompt.escapedAtMe', { threatener: this.ctx.name(ph.threatener), gun });
        if (ph.target === me) return T('core.threatAtMe', { threatener: this.ctx.name(ph.threatener), gun });
        if (legal.some((i) => i.type === 'standoff'))
          return T('prompt.joinOrWait', { threatener: this.who(ph.threatener, me), gun, target: this.who(ph.target, me) });
        if (escaped === 1) return T('prompt.escapedTarget', tp);
        if (crash) return T('core.threatCrash', tp);
        return T('core.threatWait', tp);
      }
      case 'duel': {
        const duelist = ph.threatener === me || ph.target === me;
        const ab = { a: this.ctx.name(ph.threatener), b: this.ctx.name(ph.target) };
        if (!ph.go) return duelist ? T('core.duelReady') : T('core.duelReadyWatch', ab);
        if (duelist) {
          const lock = this.lockLeft();
          if (lock !== null) return T('prompt.misfire', { seconds: lock.toFixed(1) });
          return T('core.duelGo');
        }
        if (crash) return T('core.duelCrash', { cards: T(`cardsColour.${ph.gun}`), name: this.ctx.name(ph.threatener) });
        return T('core.duelWatch', ab);
      }
      case 'truel': {
        const mine = me !== null && Saloon.truelSeats(ph).includes(me);
        if (mine) {
          const lock = this.lockLeft();
          if (!ph.go) return T('prompt.truelReady');
          return lock !== null ? T('prompt.misfire', { seconds: lock.toFixed(1) }) : T('prompt.truelGo');
        }
        return T('prompt.truelWatch', { desperado: this.ctx.name(ph.desperado), others: listNames(ph.others.map((s) => this.ctx.name(s))) });
      }
      case 'standoff': {
        const names = listNames(Saloon.standoffSeats(ph).map((s) => this.who(s, me)));
        if (ph.stage === 'chain')
          return legal.some((i) => i.type === 'standoff')
            ? T('prompt.chainJoin')
            : T('prompt.chain', { names: cap(names), judge: this.who(ph.judge, me), context: youContext(me, ph.judge) });
        const mine = me !== null && Saloon.standoffSeats(ph).includes(me);
        if (ph.stage === 'ready') return T('prompt.standoffReady', { judge: this.who(ph.judge, me), context: youContext(me, ph.judge) });
        if (mine) {
          const lock = this.lockLeft();
          return lock !== null ? T('prompt.misfire', { seconds: lock.toFixed(1) }) : T('prompt.standoffRace');
        }
        if (ph.judge === me && !ph.wind) return T('prompt.judge');
        return T('prompt.standoffWatch', { names });
      }
      case 'turkey': {
        if (ph.drawer === me) return T('prompt.turkeyDrawer');
        if (ph.stage === 'ready') return T('prompt.turkeyReady');
        const lock = this.lockLeft();
        return lock !== null ? T('prompt.misfire', { seconds: lock.toFixed(1) }) : T('prompt.turkeyRace');
      }
      case 'over':
        return T('ui.gameOver');
    }
  }

  /** The race's picks: legal shots decide which guns (and targets) are usable (a gun in another duelist's hand is not). */
  private shootIfReady(v: View, legal: Intent[]): void {
    const { gun, area, noise, target } = this.pick;
    if (!gun || !area || !noise || this.lockLeft() !== null) return;
    const needTarget = v.phase.kind === 'standoff';
    if (needTarget && target === null) return;
    const shot = legal.find(
      (i): i is Saloon.ShootIntent =>
        i.type === 'shoot' && i.gun === gun && i.area === area && (gun === 'bottle' ? true : i.noise === noise) && (!needTarget || i.target === target),
    );
    if (!shot) return;
    this.pick = { gun: null, area: null, noise: null, target: null };
    const fired: Saloon.ShootIntent = gun === 'bottle' ? { type: 'shoot', gun: 'bottle', area, noise: 'crash' } : shot;
    // The reaction goes with the shot: the server judges the race by it, as far as it can check (fair races).
    const reactionMs = this.goShown.since();
    this.send(reactionMs === null ? fired : { ...fired, reactionMs });
  }

  private choose(part: 'gun' | 'area' | 'noise' | 'target', value: string | number): void {
    const p = this.pick as Record<string, string | number | null>;
    p[part] = p[part] === value ? null : value;
    if (part === 'gun') {
      if (value === 'bottle' && this.pick.noise !== 'crash') this.pick.noise = null;
      if (value !== 'bottle' && this.pick.noise === 'crash') this.pick.noise = null;
    }
    const v = this.view();
    if (v) this.shootIfReady(v, this.board.legal(v));
    this.update('afterTap');
  }

  /** The race panel (duel, Truel, Standoff, Turkey): the cards to read, then gun, area, noise (and a target). */
  private duelPanel(v: View, legal: Intent[], hand: HTMLElement | null, ph: RacePhase): { sig: string; el: HTMLElement } {
    const go = raceGo(ph);
    const shots = legal.filter((i): i is Saloon.ShootIntent => i.type === 'shoot');
    const locked = this.lockLeft() !== null;
    const live = go && shots.length > 0 && !locked;
    const bottleOk = shots.some((i) => i.gun === 'bottle');
    const p = this.pick;
    const b = (
      label: string,
      text: Node | string,
      pressed: boolean,
      onClick: () => void,
      disabled: boolean,
      cls = '',
      title = '',
      key = '',
    ): HTMLButtonElement =>
      h(
        'button',
        {
          type: 'button',
          class: `pick ${cls}`,
          'aria-label': label,
          'aria-pressed': String(pressed),
          disabled: disabled || null,
          title: title || null,
          onclick: onClick,
          'data-key': key || null,
          'aria-keyshortcuts': key ? key.toUpperCase() : null,
        },
        text,
        key ? keyHint(key) : null,
      );
    const guns = Saloon.COLOURS.map((c) => {
      const holder = v.guns[c];
      const usable = shots.some((i) => i.gun === c);
      const title =
        holder !== null && holder !== v.seat && ph.kind !== 'standoff' && ph.kind !== 'turkey'
          ? T('ui.holdsGun', { name: this.ctx.name(holder), colour: T(`colour.${c}`) })
          : '';
      return b(
        T('ui.gun', { colour: T(`colour.${c}`) }),
        h('span', {}, h('span', { class: 'glyph', 'aria-hidden': 'true' }, GUN_GLYPH[c]), ` ${cap(T(`colour.${c}`))}`),
        p.gun === c,
        () => this.choose('gun', c),
        !live || !usable,
        `gun ${c}`,
        title,
        RACE_KEYS.gun[c],
      );
    });
    const flippedRace = ph.kind === 'standoff' || ph.kind === 'turkey';
    if (!flippedRace)
      guns.push(
        b(
          T('ui.gunBottle'),
          T('ui.bottle'),
          p.gun === 'bottle',
          () => this.choose('gun', 'bottle'),
          !live || !bottleOk,
          'bottle',
          T('ui.bottleTitle'),
          RACE_KEYS.gun.bottle,
        ),
      );
    const areas = Saloon.AREAS.map((a) =>
      b(
        T('ui.areaBtn', { area: T(`area.${a}`) }),
        cap(T(`area.${a}`)),
        p.area === a,
        () => this.choose('area', a),
        !live,
        `area area-${a}`,
        '',
        RACE_KEYS.area[a],
      ),
    );
    const silhouette = h('div', { class: 'silhouette', role: 'group', 'aria-label': T('ui.bodyArea') });
    silhouette.innerHTML =
      '<svg viewBox="0 0 100 160" aria-hidden="true"><circle cx="50" cy="20" r="14"/><rect x="33" y="36" width="34" height="52" rx="8"/><rect x="14" y="38" width="14" height="48" rx="6"/><rect x="72" y="38" width="14" height="48" rx="6"/><rect x="35" y="90" width="13" height="62" rx="6"/><rect x="52" y="90" width="13" height="62" rx="6"/></svg>';
    silhouette.append(...areas);
    const noises: HTMLButtonElement[] =
      p.gun === 'bottle'
        ? [b(T('ui.crashShout'), T('ui.crashShout'), p.noise === 'crash', () => this.choose('noise', 'crash'), !live, 'noise crash', '', RACE_KEYS.noise.crash)]
        : Saloon.NOISES.map((n) =>
            b(
              T('ui.noiseBtn', { noise: T(`noise.${n}`) }),
              `${T(`noise.${n}`)}!`,
              p.noise === n,
              () => this.choose('noise', n),
              !live,
              'noise',
              '',
              RACE_KEYS.noise[n],
            ),
          );
    const targets = ph.kind === 'standoff' && v.seat !== null ? Saloon.standoffSeats(ph).filter((s) => s !== v.seat) : [];
    const targetBtns = targets.map((s, k) =>
      b(
        T('special.target', { name: this.ctx.name(s) }),
        this.ctx.name(s),
        p.target === s,
        () => this.choose('target', s),
        !live || !shots.some((i) => i.target === s),
        'target',
        '',
        k + RACE_KEYS.firstTarget <= 9 ? String(k + RACE_KEYS.firstTarget) : '',
      ),
    );
    const ready = !!(p.gun && p.area && p.noise && (targets.length === 0 || p.target !== null));
    const shoot = h(
      'button',
      {
        type: 'button',
        class: 'shoot',
        disabled: !live || !ready || null,
        onclick: () => this.shootIfReady(v, legal),
        'aria-label': T('ui.shoot'),
        'data-key': RACE_KEYS.shoot,
        'aria-keyshortcuts': RACE_KEYS.shoot,
      },
      T('ui.shoot'),
      keyHint(RACE_KEYS.shoot),
    );
    const word = !go ? T('ui.ready') : locked ? T('ui.misfireWord', { seconds: (this.lockLeft() ?? 0).toFixed(1) }) : shots.length ? T('ui.go') : '…';
    // A Standoff or the Turkey: everyone reads the same 3 flipped cards (not a hand).
    const flipped = flippedRace
      ? h(
          'div',
          { class: 'saloon-hand saloon-flipped' },
          h(
            'span',
            { class: 'group-title' },
            ph.flipped.length ? T(ph.kind === 'turkey' ? 'special.flippedTurkey' : 'special.flipped') : T('special.flippedHidden'),
          ),
          h(
            'ul',
            { 'data-testid': 'flipped', 'aria-label': T(ph.kind === 'turkey' ? 'special.flippedTurkey' : 'special.flipped') },
            ...ph.flipped.map(cardChip),
          ),
        )
      : hand;
    const rows = [
      // (data-go: how GO! came here — 'clock', at the server's instant with the cards sent ahead; or 'state')
      h(
        'p',
        { class: 'duel-word', 'data-testid': 'duel-word', 'aria-live': 'assertive', 'data-go': go ? (this.goByClock === ph.goAt ? 'clock' : 'state') : null },
        word,
      ),
      flipped,
      h(
        'div',
        { class: 'duel-row' },
        h('div', { class: 'duel-group', role: 'group', 'aria-label': T('ui.gunGroup') }, h('span', { class: 'group-title' }, T('ui.gunTitle')), ...guns),
      ),
      h(
        'div',
        { class: 'duel-row two' },
        h('div', { class: 'duel-group' }, h('span', { class: 'group-title' }, T('ui.areaTitle')), silhouette),
        h(
          'div',
          { class: 'duel-group', role: 'group', 'aria-label': T('ui.noiseGroup') },
          h('span', { class: 'group-title' }, p.gun === 'bottle' ? T('ui.shoutTitle') : T('ui.noiseTitle')),
          ...noises,
          targets.length ? null : shoot,
        ),
      ),
    ];
    if (targets.length)
      rows.push(
        h(
          'div',
          { class: 'duel-row' },
          h(
            'div',
            { class: 'duel-group saloon-targets', role: 'group', 'aria-label': T('special.targetGroup') },
            h('span', { class: 'group-title' }, T('special.targetTitle')),
            ...targetBtns,
            shoot,
          ),
        ),
      );
    const el = h('div', { class: `saloon-duelpanel saloon-race-${ph.kind}${go ? ' go' : ''}${locked ? ' locked' : ''}` }, ...rows);
    const sig = JSON.stringify([
      ph.kind,
      word,
      live,
      p,
      ph.shots.length,
      bottleOk,
      Saloon.COLOURS.map((c) => v.guns[c]),
      ph.kind === 'standoff' || ph.kind === 'turkey' ? ph.flipped : [],
      targets,
    ]);
    return { sig, el };
  }

  private renderActions(v: View | null, legal: Intent[]): void {
    const s = this.board.state();
    const prompt = s.status === 'waiting' ? T('ui.waiting') : s.status === 'over' ? T('ui.gameOver') : v ? this.prompt(v, legal) : T('ui.settingUp');
    const race = v && s.status === 'playing' ? this.myRace(v) : null;
    const duelist = race !== null;
    const rows = v && !duelist ? this.turnBar.rows(v, legal) : [];
    const hand = v?.seat !== null && v ? v.hand : [];
    const handEl =
      v && v.seat !== null
        ? h(
            'div',
            { class: 'saloon-hand' },
            h('span', { class: 'group-title' }, hand.length ? T('ui.yourCards', { count: Saloon.bulletsOf(hand) }) : T('ui.yourCardsHidden')),
            h('ul', { 'data-testid': 'hand', 'aria-label': T('ui.yourCardsList') }, ...hand.map(cardChip)),
          )
        : null;
    const panel = v && race ? this.duelPanel(v, legal, handEl, race) : null;
    const news = v ? this.newsLine(v) : '';
    const windowParts = v && s.status === 'playing' ? this.windowLine(v) : [];
    const windowLine = windowParts.map(([long]) => long).join(' · ');
    const signature = JSON.stringify([
      prompt,
      windowLine,
      rows.map((r) => [r.title, r.buttons.map((b) => [b.label, b.cls, b.pressed, b.disabled, b.title, typeof b.text === 'string' ? b.text : '', b.group])]),
      panel?.sig ?? '',
      hand,
      news,
      this.bigGlyphs,
    ]);
    if (signature === this.actionsSignature) return;
    this.actionsSignature = signature;
    this.els.actions.classList.toggle('big-glyphs', this.bigGlyphs);
    let digit = 0;
    drawOver(
      this.els.actions,
      // In a race the status bar says what to do: the panel keeps its room for the cards and the buttons.
      ...(panel ? [] : [h('p', { class: 'prompt' }, prompt)]),
      h(
        'p',
        { class: 'saloon-window', 'data-testid': 'saloon-window', 'aria-live': 'polite', hidden: windowLine ? null : true },
        ...windowParts.flatMap(([long, short], i) => [
          ...(i > 0 ? [' · '] : []),
          ...(short === long ? [long] : [h('span', { class: 'long-form' }, long), h('span', { class: 'short-form' }, short)]),
        ]),
      ),
      ...(panel ? [panel.el] : []),
      ...rows.map((r) =>
        h(
          'div',
          { class: 'saloon-row', role: r.title ? 'group' : null, 'aria-label': r.title || null },
          r.title
            ? h(
                'span',
                { class: 'group-title' },
                ...(r.short ? [h('span', { class: 'long-form' }, r.title), h('span', { class: 'short-form' }, r.short)] : [r.title]),
              )
            : null,
          ...groupRuns(r.buttons).flatMap((run) => {
            const els = run.map((b) => {
              // Keys: the n-th choice of the bar by its digit (1–9), a confirmation by Enter, a gun by its initial.
              const key = b.key ?? (b.confirm ? 'Enter' : ++digit <= 9 ? String(digit) : '');
              return h(
                'button',
                {
                  type: 'button',
                  class: b.cls ?? null,
                  'aria-label': b.label,
                  'aria-pressed': b.pressed === undefined ? null : String(b.pressed),
                  title: b.title ?? null,
                  disabled: b.disabled || null,
                  onclick: b.onClick,
                  'data-key': key || null,
                  'aria-keyshortcuts': key.length === 1 ? key.toUpperCase() : key || null,
                },
                b.text ?? b.label,
                key ? keyHint(key) : null,
              );
            });
            // A group's buttons stay together, after its label.
            return run[0].group ? [h('span', { class: 'group' }, h('span', { class: 'group-label', 'aria-hidden': 'true' }, run[0].group), ...els)] : els;
          }),
        ),
      ),
      ...(handEl && !panel ? [handEl] : []),
      h('p', { class: 'saloon-news', 'data-testid': 'saloon-news' }, news),
    );
  }

  /**
   * Everyone who may still act in the open window, with its countdown (by position; me only if my hand allows:
   * whoMayStill): its parts, each in its full words and in the shorter ones of a phone's bar (the same when none).
   */
  private windowLine(v: View): [string, string][] {
    const w = v.window;
    if (!w) return [];
    const me = v.seat;
    const names = (seats: number[]) => listNames(seats.map((s) => this.who(s, me)));
    const left = this.windowLeft(v) ?? 0;
    const ph = v.phase;
    const { mayJoin, mayCrash } = whoMayStill(v);
    // (a phone's bar counts more than two: "Bottle: 4 players (3 red)" kept six seats' line to two lines at 360 px)
    const few = (seats: number[]) => (seats.length > 2 ? T('window.players', { count: seats.length }) : names(seats));
    const parts: [string, string][] = [];
    const one = (words: string) => parts.push([words, words]);
    const join = () => parts.push([T('window.mayJoin', { names: names(mayJoin) }), T('window.mayJoinShort', { names: few(mayJoin) })]);
    const crash = (long: 'window.mayCrash' | 'window.duelCrash', gun: Saloon.Colour) => {
      const cards = T(`cardsColour.${gun}`);
      parts.push([T(long, { names: names(mayCrash), cards }), T('window.mayCrashShort', { names: few(mayCrash), cards })]);
    };
    if (w.kind === 'threat') {
      const decider = w.act[0];
      one(T('window.answer', { name: this.ctx.name(decider), seconds: left, context: youContext(me, decider) }));
      if (mayJoin.length) join();
      if (mayCrash.length && ph.kind === 'threat') crash('window.mayCrash', ph.gun);
    } else if (w.kind === 'chain') {
      one(T('window.chain', { seconds: left }));
      if (mayJoin.length) join();
      if (mayCrash.length) parts.push([T('window.chainCrash'), T('window.chainCrashShort')]);
    } else if (w.kind === 'ready') one(T('window.ready', { names: names(w.act) }));
    else {
      one(T('window.race', { names: names(w.act), seconds: left }));
      if (mayCrash.length && ph.kind === 'duel') crash('window.duelCrash', ph.gun);
    }
    return parts;
  }

  /** The race that just ended here: who won and the winning shot, over the felt for a moment. */
  private showRaceEnd(v: View): void {
    const name = (s: number) => this.who(s, v.seat, true);
    const lower = (s: number) => this.who(s, v.seat);
    // (the misfires were on the race's panel as they came; what decided it is the hit)
    const hit = (d: Saloon.DuelRecord) => d.shots.filter((s) => s.correct).slice(-1);
    this.result.update({ racing: RECORDED_RACES.has(v.phase.kind), over: v.phase.kind === 'over', record: v.lastDuel }, (d) => [
      lastDuelWords(d, name, (s) => this.ctx.name(s), 'now'),
      ...hit(d).map((s) => shotWords(s, name, lower)),
    ]);
    // (so does the Turkey, which keeps no record, and the end screen)
    if (RACE_KINDS.has(v.phase.kind) || v.phase.kind === 'over') this.result.hide();
  }

  /** The last duel and the last reveal, in words (also drawn on the table). */
  private newsLine(v: View): string {
    const me = v.seat;
    const name = (s: number) => this.who(s, me, true);
    const out: string[] = [];
    const d = v.lastDuel;
    if (d) out.push(lastDuelWords(d, name, (s: number) => this.ctx.name(s)));
    if (v.lastReveal) out.push(revealWords(v.lastReveal, name, (s: number) => this.ctx.name(s)));
    if (v.endAfter !== null && v.phase.kind !== 'over') out.push(T('core.endsAfter', { name: this.ctx.name(v.endAfter), context: youContext(me, v.endAfter) }));
    return out.join(' ');
  }

  describe(e: SaloonEvent): string[] {
    return describeSaloonEvent(e, this.ctx.mySeat(), (seat) => this.ctx.name(seat));
  }

  /** The Turkey's end, told over the felt as a race's (it keeps no record for showRaceEnd to read). */
  event(e: ServerEvent): void {
    if (e.type !== 'turkey_shot' && e.type !== 'turkey_escaped') return;
    const me = this.ctx.mySeat();
    const [headline, ...lines] = turkeyWords(
      e,
      (s) => this.who(s, me >= 0 ? me : null, true),
      (s) => this.ctx.name(s),
    );
    if (headline) this.result.tell(headline, lines);
  }

  seatSummary(seat: number): SeatSummary {
    const v = this.view();
    const p = v?.players[seat];
    const status = this.board.state().status;
    if (!p || status === 'waiting') return { score: '', alive: null };
    // Once the game is over: the final score by the rulebook and how it was made (as the standings and the banner).
    if (status === 'over') return { score: T('end.seatFinal', { score: dollars(finalScore(p)), detail: scoreDetail(p) }), alive: null };
    return { score: T('ui.seatScore', { loot: p.loot, bounty: p.bounty, count: p.wounds }), alive: null };
  }

  standings(): Standing[] {
    const v = this.view();
    if (!v) return [];
    return saloonStandings(v.players, list(this.board.state().winners)).map((r) => ({
      seat: r.seat,
      place: r.place,
      score: T('end.score', { score: dollars(r.score) }),
      detail: scoreDetail(r),
      winner: r.winner,
    }));
  }

  winnerText(): string {
    const v = this.view();
    const winners = list(this.board.state().winners);
    if (!v || winners.length === 0) return T('ui.over');
    // The same figure as the standings: Loot + Bounty − $10 per Wound.
    const score = dollars(finalScore(v.players[winners[0]] ?? { loot: 0, bounty: 0, wounds: 0 }));
    // ("You win…" on the winner's page; a shared win names me last, as "you": "Bob and you share the win…")
    const me = this.ctx.mySeat();
    if (winners.length === 1) return T('ui.winnerOne', { names: this.ctx.name(winners[0]), score, context: youContext(me, winners[0]) });
    const names = listNames([...winners.filter((w) => w !== me), ...winners.filter((w) => w === me)].map((w) => this.who(w, me)));
    return T('ui.winnerMany', { names, score });
  }

  settings(): HTMLElement[] {
    if (!this.glyphBtn) {
      const btn = h(
        'button',
        {
          type: 'button',
          class: 'secondary glyph-toggle',
          'aria-label': T('ui.bigGlyphs'),
          'aria-pressed': String(this.bigGlyphs),
          title: T('ui.bigGlyphsTitle'),
          onclick: () => {
            this.bigGlyphs = !this.bigGlyphs;
            btn.setAttribute('aria-pressed', String(this.bigGlyphs));
            try {
              localStorage.setItem(GLYPH_KEY, this.bigGlyphs ? '1' : '0');
            } catch {
              // not remembered
            }
            this.update('afterTap');
          },
        },
        // (its short word in the header's row; in a phone's menu, its whole name)
        h('span', { class: 'head-word' }, T('ui.bigGlyphsShort')),
        h('span', { class: 'menu-word' }, T('ui.bigGlyphs')),
      );
      this.glyphBtn = btn;
    }
    return [this.glyphBtn];
  }

  /** The turn bar's move asked halfway (whom to threaten, which Booty, a Desperado's guns and targets). */
  keep(): TurnPicks | undefined {
    return this.turnBar.keep() ?? undefined;
  }

  destroy(): void {
    this.destroyed = true;
    window.clearInterval(this.ticker);
    window.clearTimeout(this.goTimer);
    this.result.dispose();
    this.els.scene.classList.remove('saloon-scene', 'saloon-duel');
    this.els.actions.classList.remove('saloon-actions', 'big-glyphs');
    this.scene?.destroy();
    this.scene = null;
  }
}

export const saloonModule: GameModule = {
  info: saloonInfo,
  cardWords: cardLabel,
  mount: (ctx, els, kept) => new SaloonUi(ctx, els, kept as TurnPicks | undefined),
};
