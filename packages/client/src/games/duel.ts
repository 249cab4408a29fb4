import { Duel, duel } from '@tumbleweed/engine';
import { h, listNames } from '../dom';
import { DuelScene, type DuelSceneModel } from '../scenes/duel';
import { list, type TableStateLike } from '../state';
import type { GameModule, GameUi, SeatSummary, ServerEvent, TableContext } from './types';

type Card = Duel.Card;

/** The Duel board as the client decodes it: the engine's own description of what the server syncs. */
export type DuelBoardLike = Duel.SyncedDuelBoard;
export type DuelTableStateLike = TableStateLike<DuelBoardLike>;

/** Display names of the cards; the record type makes the compiler insist on every engine card. */
export const CARD_LABEL: Record<Card, string> = {
  pistol: 'Pistol',
  rifle: 'Rifle',
  barricade: 'Barricade',
  reload: 'Reload',
};

/** The board, or an empty one before the first full state has arrived. */
function boardOf(state: DuelTableStateLike): DuelBoardLike {
  return state.board ?? { target: 0, round: 0, shootout: 0, phase: '', players: [], lastReveal: null, winner: -1 };
}


/** The engine's DuelView, rebuilt from the Schema state, so the engine's own `legalFromView` says what I may do. */
export function viewFromState(state: DuelTableStateLike, mySeat: number): Duel.DuelView {
  return Duel.viewFromSynced(boardOf(state), mySeat);
}

const num = (e: ServerEvent, key: string): number => (typeof e[key] === 'number' ? (e[key] as number) : -1);

/** Sentences for one reveal: who fired at whom, who ducked, who reloaded, who was hit. */
export function describeReveal(r: Duel.Reveal, name: (seat: number) => string): string[] {
  const out = [`Shootout ${r.shootout} of round ${r.round} — cards up!`];
  const playOf = (seat: number) => r.plays.find((p) => p.seat === seat);
  const guns = r.plays.filter((p) => Duel.isGun(p.card));
  const rest = r.plays.filter((p) => !Duel.isGun(p.card));
  for (const p of guns) {
    const target = p.target ?? -1;
    const shot = `${name(p.seat)} fired a ${CARD_LABEL[p.card].toLowerCase()} at ${name(target)}`;
    const theirs = playOf(target)?.card;
    if (r.hit.includes(target)) out.push(`${shot} — ${name(target)} is hit!`);
    else if (theirs && Duel.isGun(theirs)) out.push(`${shot} — missed, ${name(target)} was on the move.`);
    else if (theirs) out.push(`${shot} — the ${CARD_LABEL[theirs].toLowerCase()} held.`);
    else out.push(`${shot}.`);
  }
  for (const p of rest) {
    const who = name(p.seat);
    if (r.reloaded.includes(p.seat)) out.push(`${who} reloaded and picked up every card played this round.`);
    else if (r.hit.includes(p.seat)) out.push(`${who} played a ${CARD_LABEL[p.card].toLowerCase()} — and was hit!`);
    else out.push(`${who} played a ${CARD_LABEL[p.card].toLowerCase()}.`);
  }
  return out;
}

class DuelUi implements GameUi {
  private selected: Card | null = null;
  /** "round.shootout" of a card sent but not yet confirmed, so buttons do not offer a second one. */
  private sentKey: string | null = null;
  private actionsSignature = '';
  private scene: DuelScene | null = null;
  private destroyed = false;

  constructor(
    private readonly ctx: TableContext,
    private readonly els: { scene: HTMLElement; actions: HTMLElement },
  ) {
    DuelScene.create(els.scene, { onCard: (c) => this.choose(c), onAim: (s) => this.aim(s) })
      .then((scene) => {
        if (this.destroyed) return scene.destroy();
        this.scene = scene;
        this.update();
      })
      .catch((err: unknown) => {
        console.error('Duel scene failed to start', err);
        els.scene.replaceChildren(h('p', { class: 'scene-fallback' }, 'The table picture could not be drawn here; use the buttons below to play.'));
      });
  }

  private state(): DuelTableStateLike {
    return this.ctx.state() as DuelTableStateLike;
  }

  private view(): Duel.DuelView {
    return viewFromState(this.state(), this.ctx.mySeat());
  }

  private key(v: Duel.DuelView): string {
    return `${v.round}.${v.shootout}`;
  }

  private legal(v: Duel.DuelView): Duel.DuelIntent[] {
    if (this.state().status !== 'playing' || this.sentKey === this.key(v)) return [];
    return Duel.legalFromView(v);
  }

  private choose(card: Card): void {
    const v = this.view();
    const moves = this.legal(v).filter((i) => i.card === card);
    if (moves.length === 0) return;
    if (Duel.isGun(card)) {
      this.selected = this.selected === card ? null : card;
      this.update();
    } else {
      this.send(v, card, null);
    }
  }

  private aim(target: number): void {
    const v = this.view();
    const card = this.selected;
    if (!card || !this.legal(v).some((i) => i.card === card && i.target === target)) return;
    this.send(v, card, target);
  }

  private cancelAim(): void {
    this.selected = null;
    this.update();
  }

  private send(v: Duel.DuelView, card: Card, target: number | null): void {
    this.ctx.send({ type: 'commit', card, target });
    this.sentKey = this.key(v);
    this.selected = null;
    this.update();
  }

  /** The server refused the last intent: offer the cards again. */
  refused(): void {
    this.sentKey = null;
    this.update();
  }

  update(): void {
    const v = this.view();
    if (this.sentKey !== null && this.sentKey !== this.key(v)) this.sentKey = null;
    const legal = this.legal(v);
    if (this.selected && !legal.some((i) => i.card === this.selected)) this.selected = null;
    this.renderActions(v, legal);
    this.scene?.update(this.sceneModel(v, legal));
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
      placing: this.sentKey !== null && !v.commit && v.seat !== null && list(state.pending).includes(v.seat),
    };
  }

  private prompt(v: Duel.DuelView, legal: Duel.DuelIntent[]): string {
    const state = this.state();
    if (state.status === 'waiting') return 'The shootout starts as soon as every seat is taken.';
    if (state.status === 'over') return 'Game over.';
    if (v.seat === null) return 'You are watching. Everyone’s card is revealed at once.';
    const me = v.players[v.seat];
    if (!me?.alive) return 'You were hit — you sit out the rest of this round.';
    if (v.commit) {
      const at = v.commit.target !== null ? ` aimed at ${this.ctx.name(v.commit.target)}` : '';
      return `Your card is down: ${CARD_LABEL[v.commit.card]}${at}. Waiting for the reveal…`;
    }
    if (this.sentKey !== null && list(this.state().pending).includes(v.seat)) return 'Placing your card…';
    if (legal.length === 0) return 'Waiting…';
    if (this.selected) return `Who do you aim your ${CARD_LABEL[this.selected]} at?`;
    return 'Pick a card for this shootout (a gun then needs a target):';
  }

  private renderActions(v: Duel.DuelView, legal: Duel.DuelIntent[]): void {
    const playable = Duel.CARDS.filter((c) => legal.some((i) => i.card === c));
    const targets = this.selected ? legal.filter((i) => i.card === this.selected && i.target != null) : [];
    const prompt = this.prompt(v, legal);
    const signature = JSON.stringify([prompt, playable, this.selected, targets.map((t) => [t.target, this.ctx.name(t.target ?? -1)])]);
    if (signature === this.actionsSignature) return;
    this.actionsSignature = signature;

    const buttons: HTMLElement[] = playable.map((card) => {
      const held = v.hand.filter((c) => c === card).length;
      return h(
        'button',
        {
          type: 'button',
          class: 'play',
          'data-card': card,
          'aria-pressed': Duel.isGun(card) ? String(this.selected === card) : null,
          title: `You hold ${held}`,
          onclick: () => this.choose(card),
        },
        `Play ${CARD_LABEL[card]}`,
      );
    });
    for (const t of targets) {
      const seat = t.target as number;
      buttons.push(h('button', { type: 'button', class: 'aim', 'data-seat': seat, onclick: () => this.aim(seat) }, `Aim at ${this.ctx.name(seat)}`));
    }
    if (this.selected) buttons.push(h('button', { type: 'button', class: 'secondary', onclick: () => this.cancelAim() }, 'Cancel'));
    this.els.actions.replaceChildren(h('p', { class: 'prompt' }, prompt), ...buttons);
  }

  describe(e: ServerEvent): string[] {
    const name = (seat: number) => this.ctx.name(seat);
    const me = this.ctx.mySeat();
    switch (e.type) {
      case 'committed':
        return num(e, 'seat') === me ? [] : [`${name(num(e, 'seat'))} placed a card face down.`];
      case 'you_committed': {
        const card = e.card;
        if (typeof card !== 'string' || !Duel.isCard(card)) return [];
        const target = num(e, 'target');
        return [`You placed your ${CARD_LABEL[card]}${target >= 0 ? `, aimed at ${name(target)}` : ''}.`];
      }
      case 'timed_out': {
        const seats = Array.isArray(e.seats) ? (e.seats as number[]) : [];
        return [`Time ran out for ${listNames(seats.map(name))} — a random card was played.`];
      }
      case 'revealed': {
        const r = e as unknown as Duel.Reveal;
        if (!Array.isArray(r.plays)) return [];
        return describeReveal({ ...r, hit: r.hit ?? [], reloaded: r.reloaded ?? [] }, name);
      }
      case 'round_won':
        return [`${name(num(e, 'seat'))} is the last one standing and wins round ${num(e, 'round')} — now $${num(e, 'money')}.`];
      case 'round_started':
        return [`Round ${num(e, 'round')}: everyone picks up a full hand again.`];
      case 'game_won':
        return [`${name(num(e, 'seat'))} wins the game with $${num(e, 'money')}!`];
      default:
        return [];
    }
  }

  seatSummary(seat: number): SeatSummary {
    const state = this.state();
    const p = list(boardOf(state).players)[seat];
    if (!p || state.status === 'waiting') return { score: '', alive: null };
    return { score: `$${p.money}`, alive: p.alive };
  }

  winnerText(): string {
    const state = this.state();
    const board = boardOf(state);
    const seat = list(state.winners)[0] ?? board.winner;
    if (seat === undefined || seat < 0) return 'The game is over.';
    const money = list(board.players)[seat]?.money ?? 0;
    return `${this.ctx.name(seat)} wins with $${money}!`;
  }

  destroy(): void {
    this.destroyed = true;
    this.scene?.destroy();
    this.scene = null;
  }
}

export const duelModule: GameModule = {
  id: duel.id,
  title: 'Duel',
  year: 'Once Upon a Game in the West (2010)',
  blurb: 'Everyone picks a card in secret; all are revealed at once. Last one standing takes a dollar.',
  enabled: true,
  minSeats: duel.minSeats,
  maxSeats: duel.maxSeats,
  options: [
    {
      key: 'target',
      label: 'Target money',
      hint: 'First to this many dollars wins.',
      min: Duel.TARGET_RANGE.min,
      max: Duel.TARGET_RANGE.max,
      value: Duel.DEFAULT_OPTIONS.target,
      format: (v) => `$${v}`,
    },
  ],
  rules: [
    'Everyone holds 3 pistols, a rifle, a barricade and a reload.',
    'Each shootout, everyone secretly picks one card (and a target for a gun). All are revealed together.',
    'Whoever fires is not hit. A barricade stops pistols, not rifles.',
    'Reloading while shot at: hit. Reloading in peace: take back every card you played this round.',
    'Last one standing earns $1. First to the target money wins.',
  ],
  mount: (ctx, els) => new DuelUi(ctx, els),
};
