/**
 * Saloon Showdown's turn bar: every move outside a race, from the engine's legal intents. On your turn: draw (the deck
 * or a public card), cash Loot, threaten (the gun, then whom), discard; the special cards (Wanted Alive, a Desperado's
 * two guns and two targets). Threatened: the answers, the Law, Wanted Alive, Escape on Horseback (and to whom), a
 * Truel. Anyone: "I don't think so!" and the Bottle. A move that asks two things asks them one at a time (`step`).
 */
import { Saloon } from '@tumbleweed/engine';
import { h } from '../dom';
import { gunGlyph, RACE_KEYS, shortCard, type BarRow, type Button } from './saloon-bar';
import { cap, cardLabel, GUN_LETTER, T } from './saloon-words';

type View = Saloon.SaloonView;
type Intent = Saloon.SaloonIntent;
type Colour = Saloon.Colour;

/** A step of the turn bar that asks a second question: whom to threaten with this gun, or which Booty to cash. */
export type TurnStep = { kind: 'threat'; gun: Colour } | { kind: 'cash' } | { kind: 'desperado' } | { kind: 'escape'; threat: string } | null;

/** The bar's move asked halfway: its second question, and a Desperado's picks (kept across a redrawn page). */
export interface TurnPicks {
  step: TurnStep;
  desp: { guns: Colour[]; targets: number[] };
}

export class TurnBar {
  /** The bar's second question, if a first button opened one (threaten: the gun, then whom). */
  step: TurnStep = null;
  /** Desperado's "I have nothing to lose": the two guns and two targets picked so far. */
  private desp: { guns: Colour[]; targets: number[] } = { guns: [], targets: [] };

  /** `name`: a seat's name; `send`: the intent of a button; `redraw`: the bar again after a step or a pick. */
  constructor(private readonly io: { name(seat: number): string; send(intent: Intent): void; redraw(): void }) {}

  /** The move asked halfway, if any. */
  keep(): TurnPicks | null {
    return this.step ? { step: this.step, desp: { guns: [...this.desp.guns], targets: [...this.desp.targets] } } : null;
  }

  /** The move asked halfway on the page before (a language switch): `rows` drops it if it is no longer legal. */
  restore(kept: TurnPicks): void {
    this.step = kept.step;
    this.desp = kept.desp;
  }

  /** Not my turn (any more): a Desperado's picks start over. */
  clearPicks(): void {
    this.desp = { guns: [], targets: [] };
  }

  /** The rows of the bar for `v`, from the engine's legal intents (`legal`). */
  rows(v: View, legal: Intent[]): BarRow[] {
    const rows: BarRow[] = [];
    const btn = (label: string, intent: Intent, extra: Partial<Button> = {}): Button => ({ label, onClick: () => this.io.send(intent), ...extra });
    const of = <T extends Intent['type']>(t: T) => legal.filter((i): i is Extract<Intent, { type: T }> => i.type === t);
    const ask = (next: TurnStep) => () => {
      this.step = next;
      this.io.redraw();
    };
    const cancel: Button = { label: T('turnBar.cancel'), cls: 'secondary', key: 'c', onClick: ask(null) };
    // Threatening asks two things, one at a time (a button per player and gun would be up to 20): first the gun, then
    // whom; cashing a single Booty card is a second question too. Both come from the engine's legal intents.
    const threats = of('threaten');
    const cash = of('cashLoot');
    const all = cash.reduce<Extract<Intent, { type: 'cashLoot' }> | null>((best, i) => (!best || i.cards.length > best.cards.length ? i : best), null);
    const singles = all && all.cards.length > 1 ? cash.filter((c) => c.cards.length === 1) : [];
    const st = this.step;
    const desperado = of('desperado');
    // (an escape's second question lasts as long as the same threat offers escapes to other players)
    const threatKey = v.phase.kind === 'threat' ? `${v.phase.threatener}:${v.phase.target}:${v.phase.gun}:${v.phase.escaped?.length ?? 0}` : '';
    const escapeOpen = st?.kind === 'escape' && st.threat === threatKey && of('answer').some((i) => i.call === 'escape' && i.target !== undefined);
    if (st?.kind === 'escape') {
      if (!escapeOpen) this.step = null;
    } else if (
      v.phase.kind !== 'turn' ||
      v.active !== v.seat ||
      (st?.kind === 'threat' && !threats.some((i) => i.gun === st.gun)) ||
      (st?.kind === 'cash' && singles.length === 0) ||
      (st?.kind === 'desperado' && desperado.length === 0)
    )
      this.step = null;
    if (this.step?.kind === 'threat') {
      const gun = this.step.gun;
      const whom = threats.filter((i) => i.gun === gun);
      rows.push({
        title: T('turnBar.whom', { colour: T(`colour.${gun}`) }),
        buttons: [
          ...whom.map((i) =>
            btn(T('ui.threaten', { name: this.io.name(i.target), colour: T(`colour.${gun}`) }), i, {
              cls: `gun ${gun}`,
              text: T('turnBar.target', { name: this.io.name(i.target), bounty: v.players[i.target]?.bounty ?? 0 }),
            }),
          ),
          cancel,
        ],
      });
      return rows;
    }
    if (this.step?.kind === 'cash') {
      rows.push({
        title: T('turnBar.cashWhich'),
        buttons: [
          ...singles.map((i) => btn(T('ui.cashOne', { card: cardLabel(i.cards[0]) }), i, { cls: 'cash secondary', text: shortCard(i.cards[0]) })),
          cancel,
        ],
      });
      return rows;
    }
    if (this.step?.kind === 'desperado') {
      const guns = [...new Set(desperado.flatMap((i) => i.guns))];
      const targets = [...new Set(desperado.flatMap((i) => i.targets))];
      const d = this.desp;
      const toggle = <T>(list: T[], x: T): T[] => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x].slice(-2));
      const chosen = desperado.find(
        (i) =>
          i.guns.length === d.guns.length &&
          i.guns.every((g) => d.guns.includes(g)) &&
          i.targets.length === d.targets.length &&
          i.targets.every((x) => d.targets.includes(x)),
      );
      rows.push({
        title: T('special.desperadoRowTitle'),
        short: T('special.desperadoRowTitleShort'),
        buttons: [
          ...guns.map((g) => ({
            label: T('special.desperadoGun', { colour: T(`colour.${g}`) }),
            text: h('span', {}, gunGlyph(g), ` ${cap(T(`colour.${g}`))}`),
            cls: `pick gun ${g}`,
            pressed: d.guns.includes(g),
            onClick: () => {
              this.desp = { ...this.desp, guns: toggle(this.desp.guns, g) };
              this.io.redraw();
            },
          })),
          ...targets.map((x) => ({
            label: T('special.desperadoTarget', { name: this.io.name(x) }),
            text: this.io.name(x),
            cls: 'pick',
            pressed: d.targets.includes(x),
            onClick: () => {
              this.desp = { ...this.desp, targets: toggle(this.desp.targets, x) };
              this.io.redraw();
            },
          })),
          {
            label: T('special.desperadoGo'),
            cls: 'special desperado',
            title: T('special.desperadoGoTitle'),
            disabled: !chosen,
            confirm: true,
            onClick: () => chosen && this.io.send(chosen),
          },
          cancel,
        ],
      });
      return rows;
    }
    const main: Button[] = [];
    for (const i of of('draw')) {
      if (i.from === 'deck') main.push(btn(T('ui.drawDeck'), i, { text: T('turnBar.deck'), group: T('turnBar.drawGroup') }));
      else {
        const id = v.public[i.from];
        main.push(
          btn(T('ui.takePublic', { n: i.from + 1, card: cardLabel(id) }), i, {
            text: String(i.from + 1),
            cls: 'secondary public',
            title: T('ui.takePublicTitle', { card: cardLabel(id) }),
            group: T('turnBar.drawGroup'),
          }),
        );
      }
    }
    if (all)
      main.push(
        btn(T('ui.cashAll', { count: all.cards.length }), all, { cls: 'cash', title: T('ui.cashTitle', { amount: Saloon.BOOTY_VALUE * all.cards.length }) }),
      );
    if (singles.length) main.push({ label: T('turnBar.cashOne'), cls: 'cash secondary', onClick: ask({ kind: 'cash' }) });
    const guns = Saloon.COLOURS.filter((g) => threats.some((i) => i.gun === g));
    guns.forEach((g) =>
      main.push({
        label: T('turnBar.threatenWith', { colour: T(`colour.${g}`) }),
        text: h('span', {}, gunGlyph(g), h('span', { class: 'letter' }, GUN_LETTER[g]), h('span', { class: 'word' }, ` ${cap(T(`colour.${g}`))}…`)),
        cls: `gun threat-gun ${g}`,
        key: RACE_KEYS.gun[g],
        title: T('turnBar.threatenWithTitle', { colour: T(`colour.${g}`) }),
        group: T('turnBar.threatenGroup'),
        onClick: ask({ kind: 'threat', gun: g }),
      }),
    );
    if (main.length) rows.push({ title: '', buttons: main });
    const wanted = of('wanted');
    if (wanted.length) {
      rows.push({
        title: T('special.wantedRowTitle'),
        buttons: wanted.map((i) =>
          btn(T('special.wantedTurn', { name: this.io.name(i.target) }), i, {
            cls: 'special wanted',
            text: `${this.io.name(i.target)} ($${v.players[i.target]?.bounty ?? 0})`,
            title: T('special.wantedTurnTitle', { name: this.io.name(i.target), amount: v.players[i.target]?.bounty ?? 0 }),
          }),
        ),
      });
    }
    // Holding three Desperados: "I have nothing to lose…" asks the rest (two guns, two targets) as a second question.
    if (desperado.length)
      rows.push({
        title: '',
        buttons: [{ label: T('special.desperadoOpen'), cls: 'special desperado', title: T('special.desperadoGoTitle'), onClick: ask({ kind: 'desperado' }) }],
      });
    const discards = of('discard');
    if (discards.length)
      rows.push({
        title: '',
        buttons: discards.map((i) =>
          btn(T('ui.discard', { card: cardLabel(i.cards[0]) }), i, { cls: 'secondary', text: shortCard(i.cards[0]), group: T('turnBar.discardGroup') }),
        ),
      });
    const answers: Button[] = [];
    const specials: Button[] = [];
    const escapes: Button[] = [];
    const truels: Button[] = [];
    const ph = v.phase;
    const threatener = ph.kind === 'threat' ? ph.threatener : -1;
    const bountyOf = (s: number) => v.players[s]?.bounty ?? 0;
    const seenEscape = new Set<string>();
    for (const i of of('answer')) {
      if (i.call === 'bluffing')
        answers.push(btn(T('ui.bluffing'), i, { cls: 'bluff', title: v.options.russianRoulette ? T('ui.bluffingRouletteTitle') : T('ui.bluffingTitle') }));
      else if (i.call === 'duel') answers.push(btn(T('ui.doYou'), i, { cls: 'duel', title: T('ui.doYouTitle') }));
      else if (i.call === 'law')
        specials.push(btn(T('special.law'), i, { cls: 'special law', title: T('special.lawTitle', { amount: bountyOf(threatener) }) }));
      else if (i.call === 'wanted')
        specials.push(
          btn(T('special.wantedAnswer', { name: this.io.name(threatener) }), i, {
            cls: 'special wanted',
            title: T('special.wantedAnswerTitle', { amount: bountyOf(threatener) }),
          }),
        );
      else if (i.call === 'escape') {
        const key = String(i.target ?? '');
        if (seenEscape.has(key)) continue;
        seenEscape.add(key);
        if (i.target === undefined) specials.push(btn(T('special.escape'), i, { cls: 'special escape', title: T('special.escapeLastTitle') }));
        else
          escapes.push(
            btn(T('special.escapeTo', { name: this.io.name(i.target) }), i, {
              cls: 'special escape',
              text: this.io.name(i.target),
              title: T('special.escapeTitle'),
            }),
          );
      } else if (i.call === 'desperado' && i.target !== undefined)
        truels.push(
          btn(T('special.truelWith', { name: this.io.name(i.target) }), i, {
            cls: 'special desperado',
            text: this.io.name(i.target),
            title: T('special.truelWithTitle', { name: this.io.name(i.target) }),
          }),
        );
    }
    // Escaping to one of several players asks whom as a second question (a button per player would fill a phone's bar).
    if (escapes.length > 1 && this.step?.kind === 'escape') return [{ title: T('special.escapeRowTitle'), buttons: [...escapes, cancel] }];
    if (escapes.length > 1)
      specials.push({
        label: T('special.escapeOpen'),
        cls: 'special escape',
        title: T('special.escapeTitle'),
        onClick: ask({ kind: 'escape', threat: threatKey }),
      });
    if (answers.length) rows.push({ title: '', buttons: answers });
    if (specials.length) rows.push({ title: '', buttons: specials });
    if (escapes.length === 1) rows.push({ title: T('special.escapeRowTitle'), buttons: escapes });
    if (truels.length) rows.push({ title: T('special.truelRowTitle'), buttons: truels });
    // "I don't think so!": one button per free gun (the first Standoff card held).
    const joins = of('standoff');
    const last = ph.kind === 'threat' || ph.kind === 'standoff' ? ph.threatener : -1;
    const seenGun = new Set<string>();
    const joinBtns: Button[] = [];
    for (const i of joins) {
      if (seenGun.has(i.gun)) continue;
      seenGun.add(i.gun);
      joinBtns.push(
        btn(T('special.standoffJoin', { colour: T(`colour.${i.gun}`) }), i, {
          // On a phone the row's title says "I don't think so!": each button is its gun (glyph and colour), so up to
          // three guns fit one row of a 360 px screen.
          text: h(
            'span',
            {},
            gunGlyph(i.gun),
            h('span', { class: 'word' }, ` ${T('special.standoffJoin', { colour: T(`colour.${i.gun}`) })}`),
            h('span', { class: 'short' }, ` ${cap(T(`colour.${i.gun}`))}`),
          ),
          cls: `special standoff gun join-gun ${i.gun}`,
          title: T('special.standoffJoinTitle', { colour: T(`colour.${i.gun}`), name: this.io.name(last) }),
        }),
      );
    }
    if (joinBtns.length) rows.push({ title: T('special.standoffRowTitle'), short: T('special.standoffRowTitleShort'), buttons: joinBtns });
    const crash = of('crash')[0];
    if (crash) rows.push({ title: '', buttons: [btn(T('ui.crash'), crash, { cls: 'crash', title: T('ui.crashTitle') })] });
    return rows;
  }
}
