/**
 * Rattlesnake's part of the table page: the Pixi scene (scenes/rattlesnake.ts), the action bar and the log words.
 *
 * Everything the player may do is a DOM button built from the engine's `legalFromView(view)` (only legal actions
 * appear). Accessible names are stable, so tests and screen readers can rely on them ("X (n)" is a card's name and
 * value, e.g. "Focus (1)"; a Hit is "Hit"; a second copy of the same name gets " #2", " #3"…):
 *
 *   your turn        "Attack", "Buy Disarm (5)" (then hand toggles + "Confirm buy" / "Cancel buy"),
 *                    "Use Reload", "Use Scout", "Use Switch Up (draw 2)", "Use Switch Up (take Focus (1))",
 *                    "Use Quick Draw (new hand)", "End turn"
 *   commitments      "Select Focus (1)" toggles (aria-pressed), then "Commit 1 card" / "Commit 2 cards";
 *                    the defender also has "Commit no cards" and "Use Reload" / "Use Scout" / "Use Switch Up (…)"
 *   ability window   "Focus: set Disarm (5) to 3", "Distract: your Focus (1) +1", "Distract: their Disarm (5) −1",
 *                    "Disarm", "Dodge 'n' Shoot", "Pass"; with many options a picker first: "Use Focus…",
 *                    "Use Distract…" (then the options and "Back")
 *   answer           "Take Cover (cancel)", "Allow"
 *   Scout            "Put back Focus (1)"
 *   after an attack  "Use Double Tap", "Use Quick Draw (attack again)", "Pass"
 *
 * The hand in the scene is clickable too (same toggles); hovering or long-pressing any card shows its text.
 */
import { Rattlesnake, rattlesnake } from '@tumbleweed/engine';
import { h, listNames } from '../dom';
import { RattlesnakeScene, type RattlesnakeSceneModel } from '../scenes/rattlesnake';
import { list } from '../state';
import { JsonBoard, type JsonBoardLike } from './json-board';
import type { GameModule, GameUi, SeatSummary, ServerEvent, TableContext } from './types';

type View = Rattlesnake.RattlesnakeView;
type Intent = Rattlesnake.RattlesnakeIntent;
type AbilityIntent = Rattlesnake.AbilityIntent;

export type RattlesnakeBoardLike = JsonBoardLike;

/** "Focus (1)", "Hit", "High Noon". */
export function cardLabel(id: string | null | undefined): string {
  const c = Rattlesnake.cardInfo(id);
  if (!c) return 'a card';
  if (c.kind === 'action') return `${c.name} (${c.value})`;
  return c.name;
}

/** Tooltip text: name, value and what the card does. */
export function cardText(id: string): string {
  const c = Rattlesnake.cardInfo(id);
  if (!c) return '';
  if (c.kind === 'hit') return 'Hit — no value. A Hit in a commitment is only a bluff; it never counts in a combo.';
  if (c.kind === 'event') return `Event: ${c.name} — ${c.text} (In effect for the rest of the game; cannot be bought.)`;
  return `${c.name} — value ${c.value}. ${c.text}`;
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const num = (e: ServerEvent, key: string): number => (typeof e[key] === 'number' ? (e[key] as number) : -1);
const str = (e: ServerEvent, key: string): string => (typeof e[key] === 'string' ? (e[key] as string) : '');
const strs = (e: ServerEvent, key: string): string[] => (Array.isArray(e[key]) ? (e[key] as unknown[]).filter((x): x is string => typeof x === 'string') : []);

/** What an ability does, in words ("set Disarm (5) to 3"). */
function abilityWords(u: { ability?: string; cardId: string; target?: string; value?: number; delta?: number; mode?: string; take?: string }): string {
  const name = Rattlesnake.cardInfo(u.cardId)?.name ?? 'a card';
  switch (Rattlesnake.abilityOf(u.cardId)) {
    case 'focus':
      return `${name}: set ${cardLabel(u.target)} to ${u.value}`;
    case 'distract':
      return `${name}: ${cardLabel(u.target)} ${u.delta === 1 ? '+1' : '−1'}`;
    case 'switch-up':
      return u.mode === 'swap' ? `${name} (take ${cardLabel(u.take)} from the graveyard)` : `${name} (draw 2)`;
    case 'quick-draw':
      return u.mode === 'again' ? `${name} (draw 1 and attack again)` : `${name} (discard the hand, draw 6)`;
    default:
      return name;
  }
}

type Button = { label: string; onClick: () => void; pressed?: boolean; cls?: string; title?: string; disabled?: boolean };

class RattlesnakeUi implements GameUi {
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

  private readonly board: JsonBoard<View, Intent>;

  constructor(
    private readonly ctx: TableContext,
    private readonly els: { scene: HTMLElement; actions: HTMLElement },
  ) {
    this.board = new JsonBoard<View, Intent>(ctx, Rattlesnake.viewFromSynced, Rattlesnake.legalFromView);
    RattlesnakeScene.create(els.scene, { onHandCard: (id) => this.toggle(id), onSaloonCard: (id) => this.chooseBuy(id) })
      .then((scene) => {
        if (this.destroyed) return scene.destroy();
        this.scene = scene;
        this.update();
      })
      .catch((err: unknown) => {
        console.error('Rattlesnake scene failed to start', err);
        els.scene.replaceChildren(h('p', { class: 'scene-fallback' }, 'The table picture could not be drawn here; use the buttons below to play.'));
      });
  }

  private send(intent: Intent): void {
    this.board.send(intent);
    this.selected.clear();
    this.buyTarget = null;
    this.picker = null;
    this.update();
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
    this.update();
  }

  private chooseBuy(id: string | null): void {
    const v = this.board.view();
    if (id !== null && (!v || !this.board.legal(v).some((i) => i.type === 'buy' && i.cardId === id))) return;
    this.buyTarget = this.buyTarget === id ? null : id;
    this.selected.clear();
    this.update();
  }

  /** Hand cards that may be toggled now. */
  private selectableHand(v: View, legal: Intent[]): Set<string> {
    if (v.step.kind === 'attackerCommit' || v.step.kind === 'defenderCommit') {
      if (legal.some((i) => i.type === 'commit')) return new Set(v.hand);
    }
    if (this.buyTarget) return new Set(legal.flatMap((i) => (i.type === 'buy' && i.cardId === this.buyTarget ? i.discard : [])));
    return new Set();
  }

  update(): void {
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
    const legal = this.board.legal(v);
    if (this.buyTarget && !legal.some((i) => i.type === 'buy' && i.cardId === this.buyTarget)) this.buyTarget = null;
    this.renderActions(v, legal);
    if (v) this.scene?.update(this.sceneModel(v, legal));
  }

  private combos(v: View): [Rattlesnake.Combo | null, Rattlesnake.Combo | null] | null {
    if (!v.attack?.revealed) return null;
    const sandstorm = v.events.includes('sandstorm');
    const of = (seat: number) =>
      Rattlesnake.bestCombo((v.players[seat]?.revealed ?? []).flatMap((r) => (r.value === null ? [] : [{ id: r.id, value: r.value }])), sandstorm);
    return [of(0), of(1)];
  }

  private sceneModel(v: View, legal: Intent[]): RattlesnakeSceneModel {
    const state = this.board.state();
    return {
      view: v,
      names: [0, 1].map((i) => this.ctx.name(i)),
      started: state.status !== 'waiting',
      selected: new Set(this.selected),
      selectable: this.selectableHand(v, legal),
      buyable: new Set(legal.flatMap((i) => (i.type === 'buy' ? [i.cardId] : []))),
      buyTarget: this.buyTarget,
      combos: this.combos(v),
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
    const them = who >= 0 ? this.ctx.name(who) : 'The other player';
    if (v.winner !== null) return 'Game over.';
    if (me !== null && v.pending.includes(me) && this.board.sending()) return 'Sending…';
    if (me === null) return `You are watching. ${them} is deciding…`;
    const mine = v.pending.includes(me) && legal.length > 0;
    const opp = this.ctx.name(1 - me);
    if (v.response) {
      const used = `${abilityWords(v.response)}`;
      return mine ? `Take Cover? ${opp} used ${used}` : `${opp} may cancel your ${used} with Take Cover…`;
    }
    if (v.scout) return mine ? 'Scout: pick one of the two cards you drew to put back on top of your deck' : `${opp} is putting a Scout card back…`;
    switch (v.step.kind) {
      case 'main':
        if (!mine) return `${opp}'s turn: buying, attacking or ending the turn…`;
        if (this.buyTarget) return `Buy ${cardLabel(this.buyTarget)}: pick ${plural(v.buyCost, 'card')} from your hand to discard, then Confirm buy`;
        return `Your turn: ${[!v.bought && legal.some((i) => i.type === 'buy') ? 'buy' : '', v.attacksLeft > 0 && legal.some((i) => i.type === 'attack') ? 'attack' : '', 'end turn'].filter(Boolean).join(', ').replace(/, (?=[^,]*$)/, ' or ')}`;
      case 'attackerCommit':
        return mine ? 'Attack: pick at least 1 card from your hand to commit face down' : `${opp} is choosing attack cards…`;
      case 'defenderCommit': {
        const n = v.players[1 - me]?.committedCount ?? 0;
        return mine ? `Defend: ${opp} committed ${plural(n, 'card')}. Pick your defence cards (or none)` : `${opp} is choosing defence cards…`;
      }
      case 'window':
        return mine ? 'Use an ability or pass' : `${opp} may use an ability or pass…`;
      case 'after': {
        const hit = v.step.success;
        if (!mine) return `${opp} may follow up (Double Tap, Quick Draw) or pass…`;
        return hit ? 'Your attack hit! Double Tap, attack again with Quick Draw, or pass' : 'Your attack missed. Attack again with Quick Draw, or pass';
      }
      default:
        return 'Waiting…';
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
      if (cover) out.push(btn('Take Cover (cancel)', cover, { title: cardText(cover.cardId) }));
      const allow = of('allow')[0];
      if (allow) out.push(btn('Allow', allow, { cls: 'secondary' }));
      return out;
    }
    if (v.scout) {
      const labels = uniqueLabels(of('putBack').map((i) => i.cardId));
      for (const i of of('putBack')) out.push(btn(`Put back ${labels.get(i.cardId)}`, i, { title: cardText(i.cardId) }));
      return out;
    }
    const abilities = of('ability');
    /** One button per distinct effect (two Scouts in hand do the same). */
    const outOfAttack = () => {
      const seen = new Set<string>();
      for (const i of abilities) {
        const a = Rattlesnake.abilityOf(i.cardId);
        let label = '';
        if (a === 'reload') label = 'Use Reload';
        else if (a === 'scout') label = 'Use Scout';
        else if (a === 'switch-up') label = i.mode === 'swap' ? `Use Switch Up (take ${cardLabel(i.take)})` : 'Use Switch Up (draw 2)';
        else if (a === 'quick-draw' && i.mode === 'refill') label = 'Use Quick Draw (new hand)';
        if (!label || seen.has(label)) continue;
        seen.add(label);
        out.push(btn(label, i, { cls: 'ability', title: cardText(i.cardId) }));
      }
    };
    const selectToggles = () => {
      const can = this.selectableHand(v, legal);
      for (const id of v.hand) {
        if (!can.has(id)) continue;
        out.push({ label: `Select ${names.get(id)}`, onClick: () => this.toggle(id), pressed: this.selected.has(id), cls: 'select', title: cardText(id) });
      }
    };

    switch (v.step.kind) {
      case 'main': {
        if (this.buyTarget) {
          selectToggles();
          const pick = [...this.selected];
          const buy = of('buy').find((i) => i.cardId === this.buyTarget && pick.length === i.discard.length && i.discard.every((c) => pick.includes(c)));
          if (buy) out.push(btn('Confirm buy', buy));
          out.push({ label: 'Cancel buy', onClick: () => this.chooseBuy(null), cls: 'secondary' });
          return out;
        }
        const attack = of('attack')[0];
        if (attack) out.push(btn('Attack', attack, { cls: 'attack' }));
        const buyable = [...new Set(of('buy').map((i) => i.cardId))];
        const labels = uniqueLabels(buyable);
        for (const id of buyable) out.push({ label: `Buy ${labels.get(id)}`, onClick: () => this.chooseBuy(id), cls: 'buy', title: cardText(id) });
        outOfAttack();
        const end = of('endTurn')[0];
        if (end) out.push(btn('End turn', end, { cls: 'secondary' }));
        return out;
      }
      case 'attackerCommit':
      case 'defenderCommit': {
        selectToggles();
        const pick = [...this.selected];
        const commit = of('commit').find((i) => i.cards.length === pick.length && i.cards.every((c) => pick.includes(c)));
        if (commit && pick.length > 0) out.push(btn(`Commit ${plural(pick.length, 'card')}`, commit, { cls: 'attack' }));
        const none = of('commit').find((i) => i.cards.length === 0);
        if (none && pick.length === 0) out.push(btn('Commit no cards', none, { cls: 'secondary' }));
        outOfAttack();
        return out;
      }
      case 'window': {
        const mineRevealed = new Set((v.players[me]?.revealed ?? []).map((r) => r.id));
        const valueOf = new Map([...(v.players[0]?.revealed ?? []), ...(v.players[1]?.revealed ?? [])].map((r) => [r.id, r.value]));
        const shown = (id: string | undefined) => `${Rattlesnake.cardInfo(id)?.name ?? 'card'} (${valueOf.get(id ?? '') ?? '?'})`;
        const labelOf = (i: AbilityIntent): string => {
          switch (Rattlesnake.abilityOf(i.cardId)) {
            case 'focus':
              return `Focus: set ${shown(i.target)} to ${i.value}`;
            case 'distract':
              return `Distract: ${mineRevealed.has(i.target ?? '') ? 'your' : 'their'} ${shown(i.target)} ${i.delta === 1 ? '+1' : '−1'}`;
            case 'disarm':
              return 'Disarm';
            case 'dodge-n-shoot':
              return "Dodge 'n' Shoot";
            default:
              return `Use ${Rattlesnake.cardInfo(i.cardId)?.name ?? 'card'}`;
          }
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
          for (const i of byAbility.get(this.picker) ?? []) out.push(btn(labelOf(i), i, { cls: 'ability', title: cardText(i.cardId) }));
          out.push({ label: 'Back', onClick: () => ((this.picker = null), this.update()), cls: 'secondary' });
          return out;
        }
        for (const [a, intents] of byAbility) {
          const name = Rattlesnake.cardInfo(intents[0].cardId)?.name ?? a;
          if (intents.length > 6) out.push({ label: `Use ${name}…`, onClick: () => ((this.picker = a), this.update()), cls: 'ability', title: cardText(intents[0].cardId) });
          else for (const i of intents) out.push(btn(labelOf(i), i, { cls: 'ability', title: cardText(i.cardId) }));
        }
        const pass = of('pass')[0];
        if (pass) out.push(btn('Pass', pass, { cls: 'pass' }));
        return out;
      }
      case 'after': {
        const seen = new Set<string>();
        for (const i of abilities) {
          const a = Rattlesnake.abilityOf(i.cardId);
          const label = a === 'double-tap' ? 'Use Double Tap' : a === 'quick-draw' ? 'Use Quick Draw (attack again)' : '';
          if (!label || seen.has(label)) continue;
          seen.add(label);
          out.push(btn(label, i, { cls: 'ability', title: cardText(i.cardId) }));
        }
        const pass = of('pass')[0];
        if (pass) out.push(btn('Pass', pass, { cls: 'pass' }));
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
        ? 'The shootout starts as soon as both seats are taken.'
        : s.status === 'over'
          ? 'Game over.'
          : v
            ? this.prompt(v, legal)
            : 'Setting up the table…';
    const buttons = v ? this.buttons(v, legal) : [];
    const signature = JSON.stringify([prompt, buttons.map((b) => [b.label, b.pressed, b.cls])]);
    if (signature === this.actionsSignature) return;
    this.actionsSignature = signature;
    this.els.actions.replaceChildren(
      h('p', { class: 'prompt' }, prompt),
      ...buttons.map((b) =>
        h(
          'button',
          {
            type: 'button',
            class: b.cls ?? null,
            'aria-pressed': b.pressed === undefined ? null : String(b.pressed),
            title: b.title ?? null,
            onclick: b.onClick,
          },
          b.label,
        ),
      ),
    );
  }

  describe(e: ServerEvent): string[] {
    const name = (seat: number) => this.ctx.name(seat);
    const me = this.ctx.mySeat();
    const seat = num(e, 'seat');
    const who = seat === me ? 'You' : name(seat);
    const cards = (ids: string[]) => listNames(ids.map(cardLabel));
    switch (e.type) {
      case 'turn_started':
        return [`Turn ${num(e, 'turn')}: ${seat === me ? 'your' : `${name(seat)}'s`} turn. Both players draw up to a full hand.`];
      case 'turn_ended':
        return [`${who} ended the turn.`];
      case 'drew':
        return seat === me ? [] : [`${name(seat)} drew ${plural(num(e, 'count'), 'card')}.`];
      case 'you_drew':
        return seat === me ? [`You drew ${cards(strs(e, 'cards'))}.`] : [];
      case 'reshuffled':
        return [`${who} shuffled ${seat === me ? 'your' : 'their'} discard pile into a new deck (${plural(num(e, 'count'), 'card')}).`];
      case 'discarded_hand':
        return [`${who} discarded ${seat === me ? 'your' : 'their'} hand: ${cards(strs(e, 'cards')) || 'nothing'}.`];
      case 'hit_taken':
        return [`${who} ${seat === me ? 'take' : 'takes'} a Hit! ${plural(num(e, 'left'), 'Hit')} left in front of ${seat === me ? 'you' : 'them'}.`];
      case 'game_won':
        return [`${who} ${seat === me ? 'win' : 'wins'} the shootout!`];
      case 'bought':
        return [`${who} bought ${cardLabel(str(e, 'cardId'))} from the saloon, discarding ${cards(strs(e, 'discarded'))}.`];
      case 'attack_declared':
        return [`${who} ${seat === me ? 'attack' : 'attacks'}!`];
      case 'committed':
        return seat === me ? [] : [`${name(seat)} committed ${plural(num(e, 'count'), 'card')} face down.`];
      case 'you_committed': {
        const c = strs(e, 'cards');
        return [c.length ? `You committed ${cards(c)} face down.` : 'You committed no cards.'];
      }
      case 'passed':
        return [`${who} passed.`];
      case 'ability_used':
        return [`${who} used ${abilityWords(e as unknown as { cardId: string })}.`];
      case 'covered':
        return [`${who} took cover: ${cardLabel(str(e, 'cancelled'))} is cancelled.`];
      case 'allowed':
        return [`${who} let ${cardLabel(str(e, 'cardId'))} happen.`];
      case 'put_back':
        return seat === me ? [] : [`${name(seat)} put one card back on top of their deck.`];
      case 'you_put_back':
        return [`You put ${cardLabel(str(e, 'cardId'))} back on top of your deck and kept ${cards(strs(e, 'kept'))}.`];
      case 'saloon_slot_empty':
        return [`Saloon slot ${num(e, 'slot') + 1} stays empty: the saloon deck is used up.`];
      case 'saloon_refilled': {
        const id = str(e, 'cardId');
        const info = Rattlesnake.cardInfo(id);
        if (info?.kind === 'event') return [`Event! ${info.name} enters the saloon: ${info.text}`];
        return [`${cardLabel(id)} is new in the saloon.`];
      }
      case 'revealed': {
        const att = strs(e, 'attacker');
        const def = strs(e, 'defender');
        return [`Reveal! Attack: ${cards(att) || 'nothing'}. Defence: ${cards(def) || 'nothing'}.`];
      }
      case 'value_changed':
        return [`${cardLabel(str(e, 'cardId'))} now counts as ${num(e, 'value')} (was ${num(e, 'from')}).`];
      case 'disarmed':
        return [`Disarmed: ${seat === me ? 'your' : `${name(seat)}'s`} ${cardLabel(str(e, 'cardId'))} is knocked away.`];
      case 'switched':
        return [`${who} took ${cardLabel(str(e, 'cardId'))} from the graveyard.`];
      case 'dodge_flip': {
        const a = typeof e.attacker === 'string' ? cardLabel(e.attacker) : 'nothing';
        const d = typeof e.defender === 'string' ? cardLabel(e.defender) : 'nothing';
        return [`Dodge 'n' Shoot: the attacker turns ${a}, the defender turns ${d}.`];
      }
      case 'attack_resolved': {
        const sd = e as unknown as Rattlesnake.Showdown;
        const a = sd.attacker === me ? 'Your' : `${name(sd.attacker)}'s`;
        const d = sd.defender === me ? 'your' : `${name(sd.defender)}'s`;
        const how = sd.dodge ? "on the Dodge 'n' Shoot flip" : `${Rattlesnake.describeCombo(sd.attackerCombo)} against ${Rattlesnake.describeCombo(sd.defenderCombo)}`;
        return [sd.attackerWon ? `${a} attack hits (${how}) — ${plural(sd.hits, 'Hit')}!` : `${d.charAt(0).toUpperCase()}${d.slice(1)} defence holds (${how}).`];
      }
      case 'attack_abandoned':
        return [`${who} ran out of time and called off the attack.`];
      case 'timed_out':
        return [`Time ran out for ${seat === me ? 'you' : name(seat)}.`];
      default:
        return [];
    }
  }

  seatSummary(seat: number): SeatSummary {
    const v = this.board.view();
    const p = v?.players[seat];
    if (!p || this.board.state().status === 'waiting') return { score: '', alive: null };
    return { score: `${plural(p.hits.length, 'Hit')} left`, alive: null };
  }

  winnerText(): string {
    const state = this.board.state();
    const v = this.board.view();
    const seat = list(state.winners)[0] ?? v?.winner ?? -1;
    if (seat === undefined || seat === null || seat < 0) return 'The game is over.';
    return `${this.ctx.name(seat)} wins — ${this.ctx.name(1 - seat)} has no Hits left!`;
  }

  destroy(): void {
    this.destroyed = true;
    this.scene?.destroy();
    this.scene = null;
  }
}

export const rattlesnakeModule: GameModule = {
  id: rattlesnake.id,
  title: 'Rattlesnake',
  year: 'a deck-building shootout for 2',
  blurb: 'Build your deck in the saloon, commit cards face down, outdraw the other outlaw. Knock out all 4 of their Hits.',
  enabled: true,
  minSeats: rattlesnake.minSeats,
  maxSeats: rattlesnake.maxSeats,
  options: [],
  rules: [
    'Each of you has a 10-card deck and 4 Hit cards in front of you. Lose all 4 and you lose.',
    'On your turn: buy one saloon card (discard 2 cards from your hand), attack once, then end the turn.',
    'Attack: commit cards face down; the defender answers face down; both are revealed.',
    'Strongest combo wins: more cards, then a Set (equal values) over a Run (consecutive), then the higher card; ties to the defender.',
    'After the reveal both may use abilities (Focus, Distract, Disarm, Dodge \u2019n\u2019 Shoot). A hit sends a Hit card into the defender\u2019s deck.',
  ],
  mount: (ctx, els) => new RattlesnakeUi(ctx, els),
};
