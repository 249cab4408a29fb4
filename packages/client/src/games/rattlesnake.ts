/**
 * Rattlesnake's part of the table page: the Pixi scene (scenes/rattlesnake.ts), the action bar and the log words.
 *
 * Everything the player may do is a DOM button built from the engine's `legalFromView(view)` (only legal actions
 * appear). Accessible names are stable, so tests and screen readers can rely on them ("X (n)" is a card's name and
 * value, e.g. "Focus (1)"; a Hit is "Hit"; a second copy of the same name gets " #2", " #3"…):
 *
 *   your turn        "Attack", "Buy Disarm (5)" (then hand toggles + "Confirm buy" / "Cancel buy"; on a phone the
 *                    buys wait behind "Buy a card…", then "Back"),
 *                    "Use Reload", "Use Scout", "Use Switch Up (draw 2)", "Use Switch Up (take Focus (1))",
 *                    "Use Quick Draw (new hand)" (two or more of these behind "Use an ability…", then "Back"), "End turn"
 *   commitments      "Select Focus (1)" toggles (aria-pressed), then "Commit 1 card" / "Commit 2 cards" (greyed
 *                    "Commit (pick cards first)" before); the defender also has "Commit no cards" and "Use Reload" /
 *                    "Use Scout" / "Use Switch Up (…)". Held sideways the toggles are for screen readers and the digit
 *                    keys only (style.css): the cards are tapped on the felt, "Your hand — tap cards to pick"
 *   ability window   "Focus: set Disarm (5) to 3", "Distract: your Focus (1) +1", "Distract: their Disarm (5) −1",
 *                    "Disarm", "Dodge 'n' Shoot", "Pass"; with many options a picker first: "Use Focus…",
 *                    "Use Distract…" (then the options and "Back"). A card's choices show as "Focus: set Disarm (5)
 *                    to" 1 2 3 4, "Distract: their Disarm (5)" +1 −1
 *   answer           "Take Cover (cancel)", "Allow"
 *   Scout            "Put back Focus (1)"
 *   after an attack  "Use Double Tap", "Use Quick Draw (attack again)", "Pass"
 *
 * The hand in the scene is clickable too (same toggles); hovering or long-pressing any card shows its text.
 *
 * Those are the accessible names (aria-label where the button shows less): a select toggle shows the card ("Focus (1)"),
 * buy and out-of-attack abilities show their cards after a "Buy:" / "Use:" group label, an ability's choices after
 * the card they change ("Distract: their Scout (2)" −1), so the bar stays small on a phone. Keys (types.ts ACTION_KEY):
 * the digits pick the n-th select toggle, else the n-th choice, a Focus value its own digit ("3" sets 3); Enter commits / confirms the buy / passes / allows; A attacks,
 * E ends the turn. An ability window with more than 4 choices lists one "Use Focus…" per ability first.
 */
import { Rattlesnake, type RattlesnakeEvent } from '@tumbleweed/engine';
import { cap, h, mediaMatches, onMediaChange, SIDEWAYS } from '../dom';
import { drawOver } from '../table/draw-over';
import { language, listNames, t } from '../i18n';
import { youContext } from './you';
// Pixi stays out of the lobby's script: the scene is loaded when a table opens (types only here).
import type { DrawWhen } from '../scenes/common';
import type { RattlesnakeScene, RattlesnakeSceneModel } from '../scenes/rattlesnake';
import { list } from '../state';
import { JsonBoard, type JsonBoardLike } from './json-board';
import { rattlesnakeInfo } from './rattlesnake-info';
import { EventMoment } from './rattlesnake-moment';
import { afterPrompt, coverPrompt, rulesText, standingsOf, verdict, VERDICT_FORMS, windowPrompt } from './rattlesnake-words';
import type { GameModule, GameUi, SeatSummary, Standing, TableContext } from './types';

/** The picker behind "Use…": the abilities usable out of an attack (Reload, Scout, Switch Up, Quick Draw). */
const USE_PICKER = 'use';
/** The picker behind "Buy…" (a phone): the saloon's cards to buy. */
const BUY_PICKER = 'buy';
// (SIDEWAYS, dom.ts: a phone held sideways; style.css hides the bar's card toggles there)
/**
 * A phone-sized screen, upright or held sideways (table-life.css's rules for each): the bar groups the buys behind one
 * button there. Held sideways, five buy buttons took the bar to two rows and left the felt 131 px of 320 (568×320).
 */
const PHONE = `(max-width: 520px), ${SIDEWAYS}`;
const phone = (): boolean => mediaMatches(PHONE);

type View = Rattlesnake.RattlesnakeView;
type Intent = Rattlesnake.RattlesnakeIntent;
type AbilityIntent = Rattlesnake.AbilityIntent;

export type RattlesnakeBoardLike = JsonBoardLike;

/** "Focus (1)", "Hit", "High Noon". */
export function cardLabel(id: string | null | undefined): string {
  const c = Rattlesnake.cardInfo(id);
  if (!c) return t('rattlesnake:aCard');
  if (c.kind === 'action') return `${c.name} (${c.value})`;
  return c.name;
}

/** Tooltip text: name, value and what the card does. */
export function cardText(id: string): string {
  const c = Rattlesnake.cardInfo(id);
  if (!c) return '';
  if (c.kind === 'hit') return t('rattlesnake:text.hit');
  if (c.kind === 'event') return t('rattlesnake:text.event', { name: c.name, text: rulesText(c) });
  return t('rattlesnake:text.action', { name: c.name, value: String(c.value), text: rulesText(c) });
}

/** Labels for a list of card ids, with " #2" on repeated names so every label is unique. */
function uniqueLabels(ids: readonly string[], label: (id: string) => string = cardLabel): Map<string, string> {
  const seen = new Map<string, number>();
  const out = new Map<string, string>();
  for (const id of ids) {
    const base = label(id);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.set(id, n === 1 ? base : `${base} #${n}`);
  }
  return out;
}

/** What an ability does, in words ("set Disarm (5) to 3"). */
function abilityWords(
  u: { ability?: string; cardId: string; target?: string; value?: number; delta?: number; mode?: string; take?: string },
  card: (id: string | undefined) => string = cardLabel,
): string {
  const name = Rattlesnake.cardInfo(u.cardId)?.name ?? t('rattlesnake:aCard');
  switch (Rattlesnake.abilityOf(u.cardId)) {
    case 'focus':
      return t('rattlesnake:used.focus', { name, target: cardLabel(u.target), value: String(u.value) });
    case 'distract':
      return `${name}: ${card(u.target)} ${u.delta === 1 ? '+1' : '−1'}`;
    case 'switch-up':
      return u.mode === 'swap' ? t('rattlesnake:used.switchSwap', { name, card: cardLabel(u.take) }) : t('rattlesnake:used.switchDraw', { name });
    case 'quick-draw':
      return u.mode === 'again' ? t('rattlesnake:used.quickAgain', { name }) : t('rattlesnake:used.quickRefill', { name });
    default:
      return name;
  }
}

/**
 * An action bar button. `key` is its keyboard shortcut (types.ts ACTION_KEY): "Enter" for the move that confirms
 * (commit, confirm the buy, pass, allow), a letter for Attack (a) and End turn (e); the others get the digits in
 * order (the n-th card to select, or the n-th choice).
 */
type Button = {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  cls?: string;
  title?: string;
  disabled?: boolean;
  key?: string;
  aria?: string;
  before?: string;
  /** The choices on one card ("Focus: set Scout (2) to" 1 2 3 5): kept together in the bar, their words first. */
  group?: string;
};

/** How long the verdict of a showdown stays highlighted on the table. */
const VERDICT_MS = 6000;

/** A Rattlesnake page's picks, kept for the page drawn again (GameUi.keep). */
interface RattlesnakeKept {
  stage: string;
  selected: string[];
  buyTarget: string | null;
  picker: string | null;
}

class RattlesnakeUi implements GameUi<RattlesnakeEvent> {
  /** Hand cards toggled for a commitment or a buy's price. */
  private selected = new Set<string>();
  /** A saloon card chosen to buy (step 2: pick the price). */
  private buyTarget: string | null = null;
  /** Ability window picker: the card whose options are listed. */
  private picker: string | null = null;
  private stageKey = '';
  private actionsSignature = '';
  private scene: RattlesnakeScene | null = null;
  private destroyed = false;
  /** The last showdown seen, and when it was first seen (its verdict is highlighted for VERDICT_MS). */
  private showdownKey: string | null = null;
  private showdownAt = 0;
  private verdictTimer = 0;
  /** An event entering the saloon, told over the felt (rattlesnake-moment.ts). */
  private readonly eventMoment: EventMoment;
  private unlisten: (() => void)[] = [];

  private readonly board: JsonBoard<View, Intent>;

  constructor(
    private readonly ctx: TableContext,
    private readonly els: { scene: HTMLElement; actions: HTMLElement },
    kept?: RattlesnakeKept,
  ) {
    // (my hand in order of value, on the felt and on the bar alike: Rattlesnake.handOrder)
    this.board = new JsonBoard<View, Intent>(
      ctx,
      (pub, secret, seat) => {
        const v = Rattlesnake.viewFromSynced(pub, secret, seat);
        return { ...v, hand: Rattlesnake.handOrder(v.hand) };
      },
      Rattlesnake.legalFromView,
    );
    // (the picks of the page before a language switch, for the same stage: `update` drops them at another)
    if (kept) {
      this.stageKey = kept.stage;
      this.selected = new Set(kept.selected);
      this.buyTarget = kept.buyTarget;
      this.picker = kept.picker;
    }
    // (style.css: on a phone the bar is compact, its prompt left to the status bar that says the same)
    els.actions.classList.add('rattlesnake-actions');
    // (style.css: the felt's moments size their words by its width)
    els.scene.classList.add('rattlesnake-scene');
    this.eventMoment = new EventMoment(els.scene);
    // A phone turned: the bar groups its buys or not, the felt says where to pick cards (sceneModel's pickOnFelt).
    for (const query of [PHONE, SIDEWAYS]) this.unlisten.push(onMediaChange(query, () => this.update()));
    import('../scenes/rattlesnake')
      .then(({ RattlesnakeScene }) => RattlesnakeScene.create(els.scene, { onHandCard: (id) => this.toggle(id), onSaloonCard: (id) => this.chooseBuy(id) }))
      .then((scene) => {
        if (this.destroyed) return scene.destroy();
        this.scene = scene;
        this.update();
      })
      .catch((err: unknown) => {
        console.error('Rattlesnake scene failed to start', err);
        els.scene.replaceChildren(h('p', { class: 'scene-fallback' }, t('rattlesnake:sceneFailed')));
      });
  }

  private send(intent: Intent): void {
    this.board.send(intent);
    this.selected.clear();
    this.buyTarget = null;
    this.picker = null;
    this.update('afterTap');
  }

  refused(): void {
    this.board.refused();
    this.update();
  }

  private toggle(id: string): void {
    const v = this.board.view();
    if (!v || !this.selectableHand(v, this.board.legal(v)).has(id)) return;
    if (this.selected.has(id)) this.selected.delete(id);
    else {
      if (this.buyTarget && this.selected.size >= v.buyCost) this.selected.clear();
      this.selected.add(id);
    }
    this.update('afterTap');
  }

  private chooseBuy(id: string | null): void {
    const v = this.board.view();
    if (id !== null && (!v || !this.board.legal(v).some((i) => i.type === 'buy' && i.cardId === id))) return;
    this.buyTarget = this.buyTarget === id ? null : id;
    this.selected.clear();
    this.update('afterTap');
  }

  /** Hand cards that may be toggled now. */
  private selectableHand(v: View, legal: Intent[]): Set<string> {
    if (v.step.kind === 'attackerCommit' || v.step.kind === 'defenderCommit') {
      if (legal.some((i) => i.type === 'commit')) return new Set(v.hand);
    }
    if (this.buyTarget) return new Set(legal.flatMap((i) => (i.type === 'buy' && i.cardId === this.buyTarget ? i.discard : [])));
    return new Set();
  }

  /** `when`: 'afterTap' from the player's own taps (see DrawWhen). */
  update(when: DrawWhen = 'now'): void {
    const v = this.board.view();
    this.board.settle();
    if (v) {
      const key = `${v.turn}|${v.step.kind}|${v.attacksLeft}|${v.bought}|${v.response ? 1 : 0}|${v.scout ? 1 : 0}`;
      if (key !== this.stageKey) {
        this.stageKey = key;
        this.selected.clear();
        this.buyTarget = null;
        this.picker = null;
      }
      for (const id of [...this.selected]) if (!v.hand.includes(id)) this.selected.delete(id);
    }
    if (v) this.noteShowdown(v);
    // (not in a replay, nor once the game is won: the end screen is up)
    if (v) this.eventMoment.update(v.events, v.winner !== null || this.ctx.replay === true);
    const legal = this.board.legal(v);
    if (this.buyTarget && !legal.some((i) => i.type === 'buy' && i.cardId === this.buyTarget)) this.buyTarget = null;
    this.renderActions(v, legal);
    if (v) this.scene?.update(this.sceneModel(v, legal), when);
  }

  /** A new showdown: its verdict is highlighted for a while (then redrawn calmer). */
  private noteShowdown(v: View): void {
    const key = v.lastShowdown ? JSON.stringify(v.lastShowdown) + v.turn : '';
    const first = this.showdownKey === null;
    if (key === this.showdownKey) return;
    this.showdownKey = key;
    // (a table opened long after its last showdown shows that verdict calm)
    this.showdownAt = key && !first ? Date.now() : key ? 1 : 0;
    window.clearTimeout(this.verdictTimer);
    if (this.showdownAt > 1) this.verdictTimer = window.setTimeout(() => this.update(), VERDICT_MS + 50);
  }

  private combos(v: View): [Rattlesnake.Combo | null, Rattlesnake.Combo | null] | null {
    if (!v.attack?.revealed) return null;
    const sandstorm = v.events.includes('sandstorm');
    const of = (seat: number) =>
      Rattlesnake.bestCombo(
        (v.players[seat]?.revealed ?? []).flatMap((r) => (r.value === null ? [] : [{ id: r.id, value: r.value }])),
        sandstorm,
      );
    return [of(0), of(1)];
  }

  private sceneModel(v: View, legal: Intent[]): RattlesnakeSceneModel {
    const state = this.board.state();
    const sd = v.lastShowdown;
    return {
      view: v,
      names: [0, 1].map((i) => this.ctx.name(i)),
      started: state.status !== 'waiting',
      selected: new Set(this.selected),
      selectable: this.selectableHand(v, legal),
      buyable: new Set(legal.flatMap((i) => (i.type === 'buy' ? [i.cardId] : []))),
      buyTarget: this.buyTarget,
      combos: this.combos(v),
      verdict: sd ? VERDICT_FORMS.map((form) => verdict(sd, v.seat, (s) => this.ctx.name(s), form)) : null,
      verdictFresh: this.showdownAt > 1 && Date.now() - this.showdownAt < VERDICT_MS,
      pickOnFelt: mediaMatches(SIDEWAYS) && this.ctx.replay !== true,
    };
  }

  /** Whose decision it is, in words (also shown in the table's status bar). */
  statusText(): string | null {
    const v = this.board.view();
    const s = this.board.state();
    if (!v || s.status !== 'playing') return null;
    return this.prompt(v, this.board.legal(v));
  }

  private prompt(v: View, legal: Intent[]): string {
    const me = v.seat;
    const who = list(this.board.state().pending)[0] ?? v.pending[0] ?? -1;
    const them = who >= 0 ? this.ctx.name(who) : t('rattlesnake:prompt.otherPlayer');
    if (v.winner !== null) return t('rattlesnake:prompt.over');
    if (me !== null && v.pending.includes(me) && this.board.sending()) return t('rattlesnake:prompt.sending');
    if (me === null) return t('rattlesnake:prompt.watching', { name: them });
    const mine = v.pending.includes(me) && legal.length > 0;
    const name = this.ctx.name(1 - me);
    if (v.response) {
      const ability = abilityWords(v.response, this.ownedCard);
      return mine ? coverPrompt(name, ability, legal) : t('rattlesnake:prompt.coverTheirs', { name, ability });
    }
    if (v.scout) return mine ? t('rattlesnake:prompt.scoutMine') : t('rattlesnake:prompt.scoutTheirs', { name });
    switch (v.step.kind) {
      case 'main': {
        if (!mine) return t('rattlesnake:prompt.mainTheirs', { name });
        if (this.buyTarget) return t('rattlesnake:prompt.buying', { card: cardLabel(this.buyTarget), count: v.buyCost });
        const choices = [
          !v.bought && legal.some((i) => i.type === 'buy') ? t('rattlesnake:prompt.choice.buy') : '',
          v.attacksLeft > 0 && legal.some((i) => i.type === 'attack') ? t('rattlesnake:prompt.choice.attack') : '',
          t('rattlesnake:prompt.choice.end'),
        ].filter(Boolean);
        return t('rattlesnake:prompt.yourTurn', { choices: new Intl.ListFormat(language(), { type: 'disjunction' }).format(choices) });
      }
      case 'attackerCommit':
        return mine ? t('rattlesnake:prompt.attackMine') : t('rattlesnake:prompt.attackTheirs', { name });
      case 'defenderCommit': {
        const count = v.players[1 - me]?.committedCount ?? 0;
        return mine ? t('rattlesnake:prompt.defendMine', { name, count }) : t('rattlesnake:prompt.defendTheirs', { name });
      }
      case 'window':
        return mine ? windowPrompt(legal) : t('rattlesnake:prompt.windowTheirs', { name });
      case 'after': {
        const hit = v.step.success;
        if (!mine) return t('rattlesnake:prompt.afterTheirs', { name });
        return afterPrompt(hit, legal);
      }
      default:
        return t('rattlesnake:prompt.wait');
    }
  }

  private buttons(v: View, legal: Intent[]): Button[] {
    const out: Button[] = [];
    const me = v.seat;
    if (me === null || legal.length === 0) return out;
    const btn = (label: string, intent: Intent, extra: Partial<Button> = {}): Button => ({ label, onClick: () => this.send(intent), ...extra });
    const names = uniqueLabels(v.hand);
    const of = <T extends Intent['type']>(t: T) => legal.filter((i): i is Extract<Intent, { type: T }> => i.type === t);

    if (v.response) {
      const cover = of('cover')[0];
      if (cover) out.push(btn(t('rattlesnake:buttons.cover'), cover, { title: cardText(cover.cardId) }));
      const allow = of('allow')[0];
      if (allow) out.push(btn(t('rattlesnake:buttons.allow'), allow, { cls: 'secondary', key: 'Enter' }));
      return out;
    }
    if (v.scout) {
      const labels = uniqueLabels(of('putBack').map((i) => i.cardId));
      for (const i of of('putBack')) out.push(btn(t('rattlesnake:buttons.putBack', { card: labels.get(i.cardId) ?? '' }), i, { title: cardText(i.cardId) }));
      return out;
    }
    const abilities = of('ability');
    /** One button per distinct effect (two Scouts in hand do the same). */
    /** "Use:" once, then each ability by its card ("Reload"; "Use Reload" for screen readers and tests). */
    // Two or more of them (rarely used, out of an attack) wait behind one "Use…" button: the bar keeps to two rows.
    const outOfAttack = () => {
      const found: Button[] = [];
      const seen = new Set<string>();
      for (const i of abilities) {
        const a = Rattlesnake.abilityOf(i.cardId);
        let label: string = '';
        let short: string = '';
        if (a === 'reload') {
          label = t('rattlesnake:buttons.useReload');
          short = t('rattlesnake:buttons.short.reload');
        } else if (a === 'scout') {
          label = t('rattlesnake:buttons.useScout');
          short = t('rattlesnake:buttons.short.scout');
        } else if (a === 'switch-up' && i.mode === 'swap') {
          label = t('rattlesnake:buttons.switchTake', { card: cardLabel(i.take) });
          short = t('rattlesnake:buttons.short.switchTake', { card: cardLabel(i.take) });
        } else if (a === 'switch-up') {
          label = t('rattlesnake:buttons.switchDraw');
          short = t('rattlesnake:buttons.short.switchDraw');
        } else if (a === 'quick-draw' && i.mode === 'refill') {
          label = t('rattlesnake:buttons.quickRefill');
          short = t('rattlesnake:buttons.short.quickRefill');
        }
        if (!label || seen.has(label)) continue;
        found.push(
          btn(short, i, { cls: 'ability', title: cardText(i.cardId), aria: label, before: seen.size === 0 ? t('rattlesnake:buttons.useGroup') : undefined }),
        );
        seen.add(label);
      }
      if (found.length > 1)
        out.push({
          label: t('rattlesnake:buttons.useMenu'),
          aria: t('rattlesnake:buttons.useMenuLabel'),
          cls: 'ability',
          onClick: () => ((this.picker = USE_PICKER), this.update('afterTap')),
        });
      else out.push(...found);
      return found;
    };
    // "Use…" opened: the abilities and Back, nothing else.
    if (this.picker === USE_PICKER && (v.step.kind === 'main' || v.step.kind === 'attackerCommit' || v.step.kind === 'defenderCommit')) {
      const found = outOfAttack();
      out.length = 0;
      if (found.length > 0) {
        out.push(...found);
        out.push({ label: t('rattlesnake:buttons.back'), onClick: () => ((this.picker = null), this.update('afterTap')), cls: 'secondary', key: '' });
        return out;
      }
      this.picker = null;
    }
    const selectToggles = () => {
      const can = this.selectableHand(v, legal);
      for (const id of v.hand) {
        if (!can.has(id)) continue;
        // The card's name on the toggle ("Focus (1)"), its full name for screen readers and tests ("Select Focus (1)").
        const card = names.get(id) ?? '';
        out.push({
          label: card,
          aria: t('rattlesnake:buttons.select', { card }),
          onClick: () => this.toggle(id),
          pressed: this.selected.has(id),
          cls: 'select',
          title: cardText(id),
        });
      }
    };

    switch (v.step.kind) {
      case 'main': {
        if (this.buyTarget) {
          selectToggles();
          const pick = [...this.selected];
          const buy = of('buy').find((i) => i.cardId === this.buyTarget && pick.length === i.discard.length && i.discard.every((c) => pick.includes(c)));
          if (buy) out.push(btn(t('rattlesnake:buttons.confirmBuy'), buy, { key: 'Enter' }));
          out.push({ label: t('rattlesnake:buttons.cancelBuy'), onClick: () => this.chooseBuy(null), cls: 'secondary', key: '' });
          return out;
        }
        const attack = of('attack')[0];
        if (attack) out.push(btn(t('rattlesnake:buttons.attack'), attack, { cls: 'attack', key: 'a' }));
        const buyable = [...new Set(of('buy').map((i) => i.cardId))];
        const labels = uniqueLabels(buyable);
        // "Buy:" once, then the cards by name (their full names, "Buy Focus (1)", for screen readers and tests). On a
        // phone they wait behind one "Buy…" button (the saloon's cards on the felt start a buy too).
        const buys: Button[] = buyable.map((id, i) => {
          const card = labels.get(id) ?? '';
          return {
            label: card,
            aria: t('rattlesnake:buttons.buy', { card }),
            before: i === 0 ? t('rattlesnake:buttons.buyGroup') : undefined,
            onClick: () => this.chooseBuy(id),
            cls: 'buy',
            title: cardText(id),
          };
        });
        if (this.picker === BUY_PICKER && buys.length > 0) {
          out.length = 0;
          out.push(...buys, {
            label: t('rattlesnake:buttons.back'),
            onClick: () => ((this.picker = null), this.update('afterTap')),
            cls: 'secondary',
            key: '',
          });
          return out;
        }
        if (buys.length > 2 && phone())
          out.push({
            label: t('rattlesnake:buttons.buyMenu'),
            aria: t('rattlesnake:buttons.buyMenuLabel'),
            cls: 'buy',
            onClick: () => ((this.picker = BUY_PICKER), this.update('afterTap')),
          });
        else out.push(...buys);
        outOfAttack();
        const end = of('endTurn')[0];
        if (end) out.push(btn(t('rattlesnake:buttons.endTurn'), end, { cls: 'secondary', key: 'e' }));
        return out;
      }
      case 'attackerCommit':
      case 'defenderCommit': {
        selectToggles();
        const pick = [...this.selected];
        const commit = of('commit').find((i) => i.cards.length === pick.length && i.cards.every((c) => pick.includes(c)));
        if (commit && pick.length > 0) out.push(btn(t('rattlesnake:buttons.commit', { count: pick.length }), commit, { cls: 'attack', key: 'Enter' }));
        const none = of('commit').find((i) => i.cards.length === 0);
        if (none && pick.length === 0) out.push(btn(t('rattlesnake:buttons.commitNone'), none, { cls: 'secondary', key: 'Enter' }));
        // An attack with nothing picked yet: where the commitment will be, greyed (held sideways the bar had nothing
        // else to show: the cards are picked on the felt there).
        else if (pick.length === 0 && of('commit').length > 0)
          out.push({ label: t('rattlesnake:buttons.commitFirst'), onClick: () => undefined, cls: 'attack', disabled: true, key: '' });
        outOfAttack();
        return out;
      }
      case 'window': {
        const mineRevealed = new Set((v.players[me]?.revealed ?? []).map((r) => r.id));
        const valueOf = new Map([...(v.players[0]?.revealed ?? []), ...(v.players[1]?.revealed ?? [])].map((r) => [r.id, r.value]));
        const shown = (id: string | undefined) => `${Rattlesnake.cardInfo(id)?.name ?? t('rattlesnake:card')} (${valueOf.get(id ?? '') ?? '?'})`;
        const labelOf = (i: AbilityIntent): string => {
          switch (Rattlesnake.abilityOf(i.cardId)) {
            case 'focus':
              return t('rattlesnake:buttons.focus', { card: shown(i.target), value: String(i.value) });
            case 'distract':
              return t(mineRevealed.has(i.target ?? '') ? 'rattlesnake:buttons.distractYours' : 'rattlesnake:buttons.distractTheirs', {
                card: shown(i.target),
                delta: i.delta === 1 ? '+1' : '−1',
              });
            case 'disarm':
              return t('rattlesnake:buttons.disarm');
            case 'dodge-n-shoot':
              return t('rattlesnake:buttons.dodge');
            default:
              return t('rattlesnake:buttons.use', { name: Rattlesnake.cardInfo(i.cardId)?.name ?? t('rattlesnake:card') });
          }
        };
        /**
         * An ability's choices, those on one card together after its words: "Focus: set Scout (2) to" 1 2 3 5,
         * "Distract: their Disarm (5)" +1 −1 (the whole "Focus: set Scout (2) to 3" for screen readers and tests). One
         * button each, "Focus: set Scout (2) to 1" … took 177–214 px: held sideways the four of them ran to two or
         * three rows, and the bar kept that height for the game.
         */
        const choices = (intents: AbilityIntent[]): Button[] => {
          let last = '';
          // (two revealed cards of one name and value are the same choice: "their Double Tap (5)" −1 once)
          const seen = new Set<string>();
          // A Focus value is its own key ("3" sets 3), on the first card it may change.
          const keys = new Set<string>();
          return intents.flatMap((i) => {
            if (seen.has(labelOf(i))) return [];
            seen.add(labelOf(i));
            const ability = Rattlesnake.abilityOf(i.cardId);
            const on = { card: shown(i.target) };
            const group =
              ability === 'focus'
                ? t('rattlesnake:buttons.group.focus', on)
                : ability === 'distract'
                  ? t(mineRevealed.has(i.target ?? '') ? 'rattlesnake:buttons.group.distractYours' : 'rattlesnake:buttons.group.distractTheirs', on)
                  : '';
            const label = ability === 'focus' ? String(i.value) : ability === 'distract' ? (i.delta === 1 ? '+1' : '−1') : labelOf(i);
            const before = group && group !== last ? group : undefined;
            last = group;
            const key = ability === 'focus' && !keys.has(label) ? (keys.add(label), label) : undefined;
            return [btn(label, i, { cls: 'ability', title: cardText(i.cardId), aria: labelOf(i), before, key, group: group || undefined })];
          });
        };
        // Same-named cards do the same thing: keep one card per ability.
        const byAbility = new Map<string, AbilityIntent[]>();
        const firstCard = new Map<string, string>();
        for (const i of abilities) {
          const a = Rattlesnake.abilityOf(i.cardId) ?? '';
          if (!firstCard.has(a)) firstCard.set(a, i.cardId);
          if (firstCard.get(a) !== i.cardId) continue;
          byAbility.set(a, [...(byAbility.get(a) ?? []), i]);
        }
        if (this.picker && byAbility.has(this.picker)) {
          out.push(...choices(byAbility.get(this.picker) ?? []));
          out.push({ label: t('rattlesnake:buttons.back'), onClick: () => ((this.picker = null), this.update('afterTap')), cls: 'secondary', key: '' });
          return out;
        }
        // Many choices (a phone has no room for ten buttons): one button per ability, its choices a tap away.
        const many = abilities.length > 4;
        for (const [a, intents] of byAbility) {
          const name = Rattlesnake.cardInfo(intents[0].cardId)?.name ?? a;
          if (intents.length > 1 && many)
            out.push({
              label: t('rattlesnake:buttons.useMany', { name }),
              onClick: () => ((this.picker = a), this.update('afterTap')),
              cls: 'ability',
              title: cardText(intents[0].cardId),
            });
          else out.push(...choices(intents));
        }
        const pass = of('pass')[0];
        if (pass) out.push(btn(t('rattlesnake:buttons.pass'), pass, { cls: 'pass', key: 'Enter' }));
        return out;
      }
      case 'after': {
        const seen = new Set<string>();
        for (const i of abilities) {
          const a = Rattlesnake.abilityOf(i.cardId);
          const label: string = a === 'double-tap' ? t('rattlesnake:buttons.doubleTap') : a === 'quick-draw' ? t('rattlesnake:buttons.quickAgain') : '';
          if (!label || seen.has(label)) continue;
          seen.add(label);
          out.push(btn(label, i, { cls: 'ability', title: cardText(i.cardId) }));
        }
        const pass = of('pass')[0];
        if (pass) out.push(btn(t('rattlesnake:buttons.pass'), pass, { cls: 'pass', key: 'Enter' }));
        return out;
      }
      default:
        return out;
    }
  }

  private renderActions(v: View | null, legal: Intent[]): void {
    const s = this.board.state();
    const prompt =
      s.status === 'waiting'
        ? t('rattlesnake:prompt.waiting')
        : s.status === 'over'
          ? t('rattlesnake:prompt.over')
          : v
            ? this.prompt(v, legal)
            : t('rattlesnake:prompt.setup');
    const buttons = v ? this.buttons(v, legal) : [];
    // A menu opened from the bar ("Use Distract…", a phone's "Buy…") is a bar of its own kind: held at its own height
    // while it lasts, the bar's height back after it (layout.ts holdTallest).
    this.els.actions.classList.toggle('picking', this.picker !== null);
    // The digits, in order, for the buttons with no key of their own (the select toggles first: "3" picks the third card),
    // past those a button has already (a Focus value).
    const taken = new Set(buttons.map((b) => b.key));
    let digit = 0;
    for (const b of [...buttons.filter((b) => b.cls === 'select'), ...buttons.filter((b) => b.cls !== 'select')]) {
      if (b.key !== undefined) continue;
      while (taken.has(String(++digit)));
      if (digit <= 9) b.key = String(digit);
    }
    const signature = JSON.stringify([prompt, buttons.map((b) => [b.label, b.aria, b.pressed, b.cls, b.key, b.disabled]), phone()]);
    if (signature === this.actionsSignature) return;
    this.actionsSignature = signature;
    // (focus stays in the bar after a move, on the same button when it is still there: keyboard.ts, for every game)
    /**
     * The elements of the bar. A card's choices: its words, then its buttons in a row of their own that never breaks
     * (beside the words, or under them when the bar is too narrow for both).
     */
    const items: { group?: string; el: HTMLElement; choices?: HTMLElement }[] = [];
    for (const b of buttons) {
      const el = h(
        'button',
        {
          type: 'button',
          class: b.cls ?? null,
          'aria-pressed': b.pressed === undefined ? null : String(b.pressed),
          disabled: b.disabled === true,
          'aria-label': b.aria ?? null,
          title: b.title ?? null,
          'data-key': b.key || null,
          onclick: b.onClick,
        },
        b.label,
      );
      const run = items[items.length - 1];
      // A card's choices in one run: in Portuguese "Focus: mudar Switch Up (4) para" 1 2 3 5 wrapped its 5 to the next
      // row, beside the next card's words ("5 Focus: mudar Reload (1) para"); a group's label stays on the line of its
      // first button.
      if (b.group && run?.group === b.group && run.choices && !b.before) run.choices.append(el);
      else {
        const choices = b.group ? h('span', { class: 'choices' }, el) : undefined;
        const label = b.before ? h('span', { class: 'group-label', 'aria-hidden': 'true' }, b.before) : null;
        items.push({ group: b.group, choices, el: b.before || choices ? h('span', { class: 'group' }, label, choices ?? el) : el });
      }
    }
    drawOver(this.els.actions, h('p', { class: 'prompt' }, prompt), ...items.map((i) => i.el));
  }

  /**
   * A revealed card with whose it is: "Bob's Double Tap (5)", "your Double Tap (5)" (both players may show one of a
   * name: the log said "Distract: Double Tap (5) −1" and left it to guess). Read from the table as it is now; a card
   * no longer revealed is named alone.
   */
  private readonly ownedCard = (id: string | undefined): string => {
    const card = cardLabel(id);
    const owner = this.board.view()?.players.findIndex((p) => (p.revealed ?? []).some((r) => r.id === id)) ?? -1;
    if (owner < 0) return card;
    return owner === this.ctx.mySeat()
      ? t('rattlesnake:log.cardOf', { card, context: 'me' })
      : t('rattlesnake:log.cardOf', { card, name: this.ctx.name(owner) });
  };

  describe(e: RattlesnakeEvent): string[] {
    const me = this.ctx.mySeat();
    /** The subject of a sentence: `_me` context ("You take") for my seat, else the name ("Ann takes"). */
    const as = (s: number) => (s === me ? { name: this.ctx.name(s), context: 'me' } : { name: this.ctx.name(s) });
    const cards = (ids: string[]) => listNames(ids.map(cardLabel));
    const orNothing = (ids: string[]) => cards(ids) || t('rattlesnake:nothing');
    switch (e.type) {
      case 'turn_started':
        return [t('rattlesnake:log.turnStarted', { ...as(e.seat), turn: String(e.turn) })];
      case 'turn_ended':
        return [t('rattlesnake:log.turnEnded', as(e.seat))];
      case 'drew':
        return e.seat === me ? [] : [t('rattlesnake:log.drew', { name: this.ctx.name(e.seat), count: e.count })];
      case 'you_drew':
        return e.seat === me ? [t('rattlesnake:log.youDrew', { cards: cards(e.cards) })] : [];
      case 'reshuffled':
        return [t('rattlesnake:log.reshuffled', { ...as(e.seat), count: e.count })];
      case 'discarded_hand':
        return [t('rattlesnake:log.discardedHand', { ...as(e.seat), cards: orNothing(e.cards) })];
      case 'hit_taken':
        return [t('rattlesnake:log.hitTaken', { ...as(e.seat), count: e.left }), ...(e.into === 'deck' ? [t('rattlesnake:log.hitIntoDeck', as(e.seat))] : [])];
      case 'stalemate':
        return [t('rattlesnake:log.stalemate', { ...as(e.seat), turns: String(e.turns) })];
      case 'game_won':
        return [t('rattlesnake:log.gameWon', as(e.seat))];
      case 'bought':
        return [t('rattlesnake:log.bought', { ...as(e.seat), card: cardLabel(e.cardId), cards: cards(e.discarded) })];
      case 'attack_declared':
        return [t('rattlesnake:log.attackDeclared', as(e.seat))];
      case 'committed':
        return e.seat === me ? [] : [t('rattlesnake:log.committed', { name: this.ctx.name(e.seat), count: e.count })];
      case 'you_committed':
        return [e.cards.length ? t('rattlesnake:log.youCommitted', { cards: cards(e.cards) }) : t('rattlesnake:log.youCommittedNone')];
      case 'passed':
        return [t('rattlesnake:log.passed', as(e.seat))];
      case 'ability_used':
        return [t('rattlesnake:log.abilityUsed', { ...as(e.seat), ability: abilityWords(e, this.ownedCard) })];
      case 'covered':
        return [t('rattlesnake:log.covered', { ...as(e.seat), card: cardLabel(e.cancelled) })];
      case 'allowed':
        return [t('rattlesnake:log.allowed', { ...as(e.seat), card: cardLabel(e.cardId) })];
      case 'put_back':
        return e.seat === me ? [] : [t('rattlesnake:log.putBack', { name: this.ctx.name(e.seat) })];
      case 'you_put_back':
        return [t('rattlesnake:log.youPutBack', { card: cardLabel(e.cardId), cards: cards(e.kept) })];
      case 'saloon_slot_empty':
        return [t('rattlesnake:log.slotEmpty', { slot: String(e.slot + 1) })];
      case 'saloon_refilled': {
        const info = Rattlesnake.cardInfo(e.cardId);
        if (info?.kind === 'event') return [t('rattlesnake:log.event', { name: info.name, text: rulesText(info) })];
        return [t('rattlesnake:log.newInSaloon', { card: cardLabel(e.cardId) })];
      }
      case 'revealed':
        return [t('rattlesnake:log.revealed', { attack: orNothing(e.attacker), defence: orNothing(e.defender) })];
      case 'value_changed':
        return [t('rattlesnake:log.valueChanged', { card: cap(this.ownedCard(e.cardId)), value: String(e.value), from: String(e.from) })];
      case 'disarmed':
        return [t('rattlesnake:log.disarmed', { ...as(e.seat), card: cardLabel(e.cardId) })];
      case 'switched':
        return [t('rattlesnake:log.switched', { ...as(e.seat), card: cardLabel(e.cardId) })];
      case 'dodge_flip': {
        const attack = e.attacker !== null ? cardLabel(e.attacker) : t('rattlesnake:nothing');
        const defence = e.defender !== null ? cardLabel(e.defender) : t('rattlesnake:nothing');
        return [t('rattlesnake:log.dodgeFlip', { attack, defence })];
      }
      // (one line: who won, with what, by which rule, and what it did)
      case 'attack_resolved':
        return [verdict(e, me >= 0 ? me : null, (s) => this.ctx.name(s))];
      case 'attack_abandoned':
        return [t('rattlesnake:log.abandoned', as(e.seat))];
      case 'timed_out':
        return [t('rattlesnake:log.timedOut', as(e.seat))];
      default:
        return [];
    }
  }

  seatSummary(seat: number): SeatSummary {
    const v = this.board.view();
    const p = v?.players[seat];
    if (!p || this.board.state().status === 'waiting') return { score: '', alive: null };
    return { score: t('rattlesnake:score', { count: p.hits.length }), alive: null };
  }

  winnerText(): string {
    const state = this.board.state();
    const v = this.board.view();
    const seat = list(state.winners)[0] ?? v?.winner ?? -1;
    if (seat === undefined || seat === null || seat < 0) return t('rattlesnake:over');
    // ("You win — …" on the winner's page, "… — you have no Hits left!" on the other's)
    const context = youContext(this.ctx.mySeat(), seat, 1 - seat);
    return t('rattlesnake:winner', { winner: this.ctx.name(seat), loser: this.ctx.name(1 - seat), context });
  }

  /** The end screen's standings (see standingsOf). */
  standings(): Standing[] {
    const v = this.board.view();
    const state = this.board.state();
    if (!v || state.status !== 'over') return [];
    return standingsOf(v, list(state.winners));
  }

  /** The cards picked (for an attack, a defence, a price), the saloon card to buy, the ability asked for: at this stage. */
  keep(): RattlesnakeKept | undefined {
    if (this.selected.size === 0 && !this.buyTarget && !this.picker) return undefined;
    return { stage: this.stageKey, selected: [...this.selected], buyTarget: this.buyTarget, picker: this.picker };
  }

  destroy(): void {
    window.clearTimeout(this.verdictTimer);
    for (const off of this.unlisten.splice(0)) off();
    this.els.actions.classList.remove('rattlesnake-actions');
    this.els.scene.classList.remove('rattlesnake-scene');
    this.eventMoment.dispose();
    this.destroyed = true;
    this.scene?.destroy();
    this.scene = null;
  }
}

export const rattlesnakeModule: GameModule = {
  info: rattlesnakeInfo,
  cardWords: cardLabel,
  mount: (ctx, els, kept) => new RattlesnakeUi(ctx, els, kept as RattlesnakeKept | undefined),
};
