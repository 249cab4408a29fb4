import { Duel, type DuelEvent } from '@tumbleweed/engine';
import { h } from '../dom';
import { drawOver } from '../table/draw-over';
import { listNames, t } from '../i18n';
import { youContext } from './you';
import type { DrawWhen } from '../scenes/common';
import type { DuelScene, DuelSceneModel } from '../scenes/duel';
import { list } from '../state';
import { duelInfo } from './duel-info';
import { JsonBoard } from './json-board';
import { ACTION_KEY, type GameModule, type GameUi, type SeatSummary, type Standing, type TableContext } from './types';

type Card = Duel.Card;

/** Display name of a card ("Pistol"), in the current language. */
export function cardLabel(card: Card): string {
  return t(`duel:cards.${card}`);
}

/** The action bar's view before the first full state has arrived: nobody, no cards (the scene waits for the board). */
const NO_VIEW: Duel.DuelView = {
  seat: null,
  target: 0,
  round: 0,
  shootout: 0,
  phase: 'shootout',
  players: [],
  hand: [],
  commit: null,
  lastReveal: null,
  winner: null,
};

/**
 * The end of a Duel, best first: each seat's money and how it was made (a dollar for each round it was the last one
 * standing in, out of the rounds played). Equal money shares a place; the winner is the table's (or the board's).
 */
export function duelStandings(board: Pick<Duel.DuelView, 'players' | 'round' | 'winner'>, winners: readonly number[]): Standing[] {
  const { players } = board;
  const won = new Set(winners.length ? winners : board.winner !== null ? [board.winner] : []);
  return players
    .map((p, seat) => ({ seat, money: p.money }))
    .sort((a, b) => b.money - a.money || Number(won.has(b.seat)) - Number(won.has(a.seat)) || a.seat - b.seat)
    .map(({ seat, money }) => ({
      seat,
      place: 1 + players.filter((q) => q.money > money).length,
      score: t('duel:score', { money: String(money) }),
      detail: t('duel:standings.detail', { won: String(money), rounds: String(Math.max(board.round, money)) }),
      winner: won.has(seat),
    }));
}

/**
 * Sentences for one reveal: who fired at whom, who ducked, who reloaded, who was hit, told to the seat `me` ("You
 * fired…", "… at you — you are hit!"; `me` -1: nobody's, a watcher's).
 */
export function describeReveal(r: Duel.Reveal, name: (seat: number) => string, me = -1): string[] {
  const out: string[] = [t('duel:log.cardsUp', { shootout: String(r.shootout), round: String(r.round) })];
  const playOf = (seat: number) => r.plays.find((p) => p.seat === seat);
  const guns = r.plays.filter((p) => Duel.isGun(p.card));
  const rest = r.plays.filter((p) => !Duel.isGun(p.card));
  const ctx = (seat: number) => youContext(me, seat);
  for (const p of guns) {
    const target = p.target ?? -1;
    const context = youContext(me, p.seat, target);
    const shot = { shooter: name(p.seat), card: t(`duel:cardA.${p.card}`), target: name(target), context };
    const theirs = playOf(target)?.card;
    // (each shot by its own card: a pistol at a barricade is held, though a rifle at the same seat went through)
    const result = Duel.shotResult(p.card, theirs);
    if (result === 'lands') out.push(t('duel:log.shotHit', shot));
    else if (result === 'dodged') out.push(t('duel:log.shotMissed', shot));
    else if (result === 'blocked' && theirs) out.push(t('duel:log.shotHeld', { ...shot, theirs: t(`duel:cardThe.${theirs}`) }));
    else out.push(t('duel:log.shot', shot));
  }
  for (const p of rest) {
    const who = name(p.seat);
    const card = t(`duel:cardA.${p.card}`);
    if (r.reloaded.includes(p.seat)) out.push(t('duel:log.reloaded', { name: who, context: ctx(p.seat) }));
    else if (r.hit.includes(p.seat))
      out.push(t(p.card === 'barricade' ? 'duel:log.barricadePierced' : 'duel:log.reloadCut', { name: who, context: ctx(p.seat) }));
    else out.push(t('duel:log.played', { name: who, card, context: ctx(p.seat) }));
  }
  return out;
}

class DuelUi implements GameUi<DuelEvent> {
  private selected: Card | null = null;
  /**
   * My view, rebuilt from the synced flat board like every game's, and its guard: a card sent and not yet confirmed
   * (my own part of the board has not changed since) leaves no second one to offer.
   */
  private readonly board: JsonBoard<Duel.DuelView, Duel.DuelIntent>;
  private actionsSignature = '';
  private scene: DuelScene | null = null;
  private destroyed = false;

  constructor(
    private readonly ctx: TableContext,
    private readonly els: { scene: HTMLElement; actions: HTMLElement },
    kept?: unknown,
  ) {
    this.board = new JsonBoard<Duel.DuelView, Duel.DuelIntent>(ctx, Duel.viewFromSynced, Duel.legalFromView, Duel.ownPartKey);
    // (the gun picked on the page before a language switch: dropped at the first update if no longer playable)
    if (typeof kept === 'string' && (Duel.CARDS as readonly string[]).includes(kept)) this.selected = kept as Card;
    // (table-life.css: on a phone the bar is compact, two buttons a row)
    els.actions.classList.add('duel-actions');
    // The scene (and Pixi with it) is loaded only at a table: the lobby imports this module for its titles and options.
    import('../scenes/duel')
      .then(({ DuelScene }) => DuelScene.create(els.scene, { onCard: (c) => this.choose(c), onAim: (s) => this.aim(s) }))
      .then((scene) => {
        if (this.destroyed) return scene.destroy();
        this.scene = scene;
        this.update();
      })
      .catch((err: unknown) => {
        console.error('Duel scene failed to start', err);
        els.scene.replaceChildren(h('p', { class: 'scene-fallback' }, t('duel:sceneFailed')));
      });
  }

  private state() {
    return this.board.state();
  }

  /** The engine's DuelView for my seat, so the engine's own `legalFromView` says what I may do. */
  private view(): Duel.DuelView {
    return this.board.view() ?? NO_VIEW;
  }

  private legal(v: Duel.DuelView): Duel.DuelIntent[] {
    return this.board.legal(v);
  }

  private choose(card: Card): void {
    const v = this.view();
    const moves = this.legal(v).filter((i) => i.card === card);
    if (moves.length === 0) return;
    if (Duel.isGun(card)) {
      this.selected = this.selected === card ? null : card;
      this.update('afterTap');
    } else {
      this.send(card, null);
    }
  }

  private aim(target: number): void {
    const v = this.view();
    const card = this.selected;
    if (!card || !this.legal(v).some((i) => i.card === card && i.target === target)) return;
    this.send(card, target);
  }

  private cancelAim(): void {
    this.selected = null;
    this.update('afterTap');
  }

  private send(card: Card, target: number | null): void {
    this.board.send({ type: 'commit', card, target });
    this.selected = null;
    this.update('afterTap');
  }

  /** The server refused the last intent: offer the cards again. */
  refused(): void {
    this.board.refused();
    this.update();
  }

  /** `when`: 'afterTap' from the player's own taps (see DrawWhen). */
  update(when: DrawWhen = 'now'): void {
    this.board.settle();
    const v = this.view();
    const legal = this.legal(v);
    if (this.selected && !legal.some((i) => i.card === this.selected)) this.selected = null;
    this.renderActions(v, legal);
    // Before the board has arrived there is no table to draw (not a round 0 played to $0), as in every game.
    if (v !== NO_VIEW) this.scene?.update(this.sceneModel(v, legal), when);
  }

  private sceneModel(v: Duel.DuelView, legal: Duel.DuelIntent[]): DuelSceneModel {
    const state = this.state();
    return {
      view: v,
      names: list(state.seats).map((_, i) => this.ctx.name(i)),
      bots: list(state.seats).map((s) => s.kind === 'bot'),
      started: state.status !== 'waiting',
      pending: list(state.pending),
      playable: new Set(legal.map((i) => i.card)),
      selected: this.selected,
      aimable: new Set(legal.flatMap((i) => (i.card === this.selected && i.target != null ? [i.target] : []))),
      placing: this.board.sending() && !v.commit && v.seat !== null && list(state.pending).includes(v.seat),
      replay: this.ctx.replay === true,
    };
  }

  /** The status bar asks whom to aim at while a gun is picked (the action bar's own prompt is for screen readers). */
  statusText(): string | null {
    const v = this.view();
    if (this.state().status !== 'playing' || !this.selected) return null;
    return this.prompt(v, this.legal(v));
  }

  private prompt(v: Duel.DuelView, legal: Duel.DuelIntent[]): string {
    const state = this.state();
    if (state.status === 'waiting') return t('duel:prompt.waiting');
    if (state.status === 'over') return t('duel:prompt.over');
    // The table's state is on its way (the status bar says "Joining the table…"): not a spectator's words yet.
    if (v === NO_VIEW) return '';
    if (v.seat === null) return t('duel:prompt.watching');
    const me = v.players[v.seat];
    if (!me?.alive) return t('duel:prompt.hit');
    if (v.commit) {
      const card = cardLabel(v.commit.card);
      if (v.commit.target !== null) return t('duel:prompt.downAimed', { card, target: this.ctx.name(v.commit.target) });
      return t('duel:prompt.down', { card });
    }
    if (this.board.sending() && list(this.state().pending).includes(v.seat)) return t('duel:prompt.placing');
    if (legal.length === 0) return t('duel:prompt.wait');
    if (this.selected) return t('duel:prompt.aim', { card: cardLabel(this.selected) });
    return t('duel:prompt.pick');
  }

  private renderActions(v: Duel.DuelView, legal: Duel.DuelIntent[]): void {
    const playable = Duel.CARDS.filter((c) => legal.some((i) => i.card === c));
    // While waiting, the hand stays in the bar (disabled): the bar keeps its height, so the felt above it does not
    // jump each time a decision's buttons come and go.
    // Aiming, the bar holds the picked gun, Cancel and the targets (the other cards come back with Cancel).
    // (once the game is won, none: nothing is played any more, and the end screen's "See the table" showed greyed cards)
    const shown = v.phase === 'over' ? [] : this.selected ? [this.selected] : playable.length > 0 ? playable : Duel.CARDS.filter((c) => v.hand.includes(c));
    const targets = this.selected ? legal.filter((i) => i.card === this.selected && i.target != null) : [];
    const prompt = this.prompt(v, legal);
    const signature = JSON.stringify([prompt, playable, v.hand, this.selected, targets.map((i) => [i.target, this.ctx.name(i.target ?? -1)])]);
    if (signature === this.actionsSignature) return;
    this.actionsSignature = signature;

    // Keys (the table routes them): digits pick the n-th card; once a gun is picked, the n-th target; C cancels.
    const aiming = this.selected !== null;
    const buttons: HTMLElement[] = shown.map((card, n) => {
      const held = v.hand.filter((c) => c === card).length;
      const live = playable.includes(card);
      const key = aiming || !live ? null : String(n + 1);
      return h(
        'button',
        {
          type: 'button',
          class: 'play',
          'data-card': card,
          'aria-pressed': Duel.isGun(card) ? String(this.selected === card) : null,
          title: t('duel:buttons.held', { count: held }),
          [ACTION_KEY]: key,
          'aria-keyshortcuts': key,
          disabled: live ? null : true,
          onclick: () => this.choose(card),
        },
        t('duel:buttons.play', { card: cardLabel(card) }),
      );
    });
    // Cancel beside the picked gun, before the targets: on a phone the two share a row with the first target (six seats'
    // five targets, the gun and Cancel took four rows of 44 px, Cancel under the bar's edge at 360×640).
    if (this.selected) {
      buttons.push(
        h(
          'button',
          { type: 'button', class: 'secondary cancel', [ACTION_KEY]: 'c', 'aria-keyshortcuts': 'C', onclick: () => this.cancelAim() },
          t('duel:buttons.cancel'),
        ),
      );
    }
    for (const [n, i] of targets.entries()) {
      const seat = i.target as number;
      const key = String(n + 1);
      buttons.push(
        h(
          'button',
          { type: 'button', class: 'aim', 'data-seat': seat, [ACTION_KEY]: key, 'aria-keyshortcuts': key, onclick: () => this.aim(seat) },
          t('duel:buttons.aim', { name: this.ctx.name(seat) }),
        ),
      );
    }
    // A move redraws the bar: focus stays in it instead of dropping to the top of the page. It stays on its button while
    // that is still a choice, else goes to the first choice (a gun picked: the first target).
    const hadFocus = this.els.actions.contains(document.activeElement) && document.activeElement !== this.els.actions;
    drawOver(this.els.actions, h('p', { class: 'prompt' }, prompt), ...buttons);
    const focused = document.activeElement;
    if (hadFocus && !(focused && this.els.actions.contains(focused) && focused.hasAttribute(ACTION_KEY)))
      (this.els.actions.querySelector<HTMLElement>(`[${ACTION_KEY}="1"]`) ?? this.els.actions.querySelector('button'))?.focus();
  }

  describe(e: DuelEvent): string[] {
    const name = (seat: number) => this.ctx.name(seat);
    const me = this.ctx.mySeat();
    const ctx = (seat: number) => youContext(me, seat);
    switch (e.type) {
      case 'committed':
        return e.seat === me ? [] : [t('duel:log.committed', { name: name(e.seat) })];
      case 'you_committed':
        if (e.target !== null) return [t('duel:log.youCommittedAimed', { card: t(`duel:cardA.${e.card}`), target: name(e.target) })];
        return [t('duel:log.youCommitted', { card: t(`duel:cardA.${e.card}`) })];
      case 'timed_out':
        return [t('duel:log.timedOut', { names: listNames(e.seats.map((s) => (s === me ? t('duel:log.you') : name(s)))) })];
      case 'revealed':
        return describeReveal(e, name, me);
      case 'round_won':
        return [t('duel:log.roundWon', { name: name(e.seat), round: String(e.round), money: String(e.money), context: ctx(e.seat) })];
      case 'round_started':
        return [t('duel:log.roundStarted', { round: String(e.round) })];
      case 'game_won':
        return [t('duel:log.gameWon', { name: name(e.seat), money: String(e.money), context: ctx(e.seat) })];
      default:
        return [];
    }
  }

  seatSummary(seat: number): SeatSummary {
    const state = this.state();
    const p = this.view().players[seat];
    if (!p || state.status === 'waiting') return { score: '', alive: null };
    return { score: t('duel:score', { money: String(p.money) }), alive: p.alive };
  }

  standings(): Standing[] {
    const state = this.state();
    if (state.status === 'waiting') return [];
    return duelStandings(this.view(), list(state.winners));
  }

  winnerText(): string {
    const state = this.state();
    const v = this.view();
    const seat = list(state.winners)[0] ?? v.winner;
    if (seat === undefined || seat === null || seat < 0) return t('duel:over');
    const money = v.players[seat]?.money ?? 0;
    // ("You win with $3!" on the winner's own page)
    return t('duel:winner', { name: this.ctx.name(seat), money: String(money), context: youContext(this.ctx.mySeat(), seat) });
  }

  /** The gun picked and not yet aimed. */
  keep(): Card | undefined {
    return this.selected ?? undefined;
  }

  destroy(): void {
    this.destroyed = true;
    this.els.actions.classList.remove('duel-actions');
    this.scene?.destroy();
    this.scene = null;
  }
}

export const duelModule: GameModule = {
  info: duelInfo,
  cardWords: (id) => cardLabel(id as Card),
  mount: (ctx, els, kept) => new DuelUi(ctx, els, kept),
};
