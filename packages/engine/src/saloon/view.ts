import type { Seat } from '../core/game';
import { isBooty, type Colour } from './cards';
import type { SaloonIntent, ShootIntent } from './intents';
import {
  answersFor,
  canCrash,
  clone,
  holdsThree,
  pendingOf,
  scoreOf,
  shotsFor,
  standoffJoins,
  standoffSeats,
  standoffShotsFor,
  threatDecider,
  truelSeats,
  turkeyShots,
} from './shared';
import type { DuelRecord, Phase, Reveal, SaloonOptions, SaloonState } from './state';

export interface SaloonPlayerView {
  loot: number;
  bounty: number;
  wounds: number;
  handCount: number;
  /** Loot + Bounty − $10 × Wounds. */
  score: number;
}

/** What one seat (or a spectator, seat null) may know. Nothing here is secret from that recipient. */
export interface SaloonView {
  seat: Seat | null;
  options: SaloonOptions;
  simplified: boolean;
  turn: number;
  active: Seat;
  dealer: Seat;
  /** Public: the threat (with its window end), the duel (its "Go!" time, end, lock-outs and shots). */
  phase: Phase;
  pending: Seat[];
  players: SaloonPlayerView[];
  /** Own hand; empty for a spectator, and for a duelist before "Go!". */
  hand: string[];
  public: string[];
  deckCount: number;
  /** Face up, last = top. */
  discard: string[];
  guns: Record<Colour, Seat | null>;
  lastReveal: Reveal | null;
  lastDuel: DuelRecord | null;
  endAfter: Seat | null;
  /** What the Wind Brings (with the option): events waiting, held to be shuffled back, and set aside. */
  wind: SaloonState['wind'] | null;
  /** The response window or race now open (its end, who must act, who may still interrupt), or null. Public. */
  window: SaloonWindow | null;
}

/**
 * Who may still act in the window now open, by the rules' positions only — never by what anyone holds (a seat in
 * `mayJoin` may have no Standoff card; one in `mayCrash` may not hold the 3 cards). The same for every recipient.
 *  - `until`: the window's end (ms, the server's clock): the threat's answer window, the Standoff chain's window,
 *    a race's end (0 before "Go!" / the flip: `goAt` is then the start)
 *  - `act`: seats the game waits for (the answer) or that race
 *  - `mayJoin`: seats that may still say "I don't think so!" (a Standoff card and a free gun needed)
 *  - `mayCrash`: seats that may still hit with the Bottle (3 cards of the right colour needed)
 */
export interface SaloonWindow {
  kind: 'threat' | 'chain' | 'ready' | 'race';
  until: number;
  goAt: number;
  act: Seat[];
  mayJoin: Seat[];
  mayCrash: Seat[];
}

/** The public window of `phase` (see SaloonWindow). */
export function windowOf(phase: Phase, seats: number, guns: Readonly<Record<Colour, Seat | null>>, simplified: boolean): SaloonWindow | null {
  const all = Array.from({ length: seats }, (_, s) => s);
  const freeGun = (Object.keys(guns) as Colour[]).some((g) => guns[g] === null);
  const joinable = !simplified && seats > 2 && freeGun;
  switch (phase.kind) {
    case 'threat': {
      const decider = threatDecider(phase);
      const twoEscapes = (phase.escaped?.length ?? 0) >= 2;
      return {
        kind: 'threat',
        until: phase.until,
        goAt: 0,
        act: [decider],
        mayJoin: joinable && !twoEscapes ? all.filter((s) => s !== phase.threatener && s !== phase.target) : [],
        mayCrash: all.filter((s) => s !== phase.threatener),
      };
    }
    case 'standoff': {
      const inIt = standoffSeats(phase);
      if (phase.stage === 'chain') {
        return {
          kind: 'chain',
          until: phase.until,
          goAt: 0,
          act: [],
          mayJoin: joinable ? all.filter((s) => s !== phase.threatener && s !== phase.judge && !phase.links.some((l) => l.seat === s)) : [],
          mayCrash: inIt.length > 0 ? all : [],
        };
      }
      return { kind: phase.stage, until: phase.stage === 'race' ? phase.endsAt : 0, goAt: phase.goAt, act: inIt, mayJoin: [], mayCrash: [] };
    }
    case 'duel':
      return {
        kind: phase.go ? 'race' : 'ready',
        until: phase.go ? phase.endsAt : 0,
        goAt: phase.goAt,
        act: [phase.threatener, phase.target],
        mayJoin: [],
        mayCrash: phase.wind ? [] : all.filter((s) => s !== phase.threatener && s !== phase.target),
      };
    case 'truel':
      return { kind: phase.go ? 'race' : 'ready', until: phase.go ? phase.endsAt : 0, goAt: phase.goAt, act: truelSeats(phase), mayJoin: [], mayCrash: [] };
    case 'turkey':
      return {
        kind: phase.stage,
        until: phase.stage === 'race' ? phase.endsAt : 0,
        goAt: phase.goAt,
        act: all.filter((s) => s !== phase.drawer),
        mayJoin: [],
        mayCrash: [],
      };
    default:
      return null;
  }
}

/** Whether `seat` may see its own hand now: not while it is a duelist waiting for "Go!". */
export function handVisible(phase: Phase, seat: Seat): boolean {
  if (phase.kind === 'truel') return phase.go || !truelSeats(phase).includes(seat);
  return !(phase.kind === 'duel' && !phase.go && (seat === phase.threatener || seat === phase.target));
}

export function view(state: SaloonState, seat: Seat | null): SaloonView {
  const me = seat === null ? null : state.players[seat];
  return {
    seat,
    options: { ...state.options },
    simplified: state.simplified,
    turn: state.turn,
    active: state.active,
    dealer: state.dealer,
    phase: clone(state.phase),
    pending: pendingOf(state.phase, state.active),
    players: state.players.map((p) => ({ loot: p.loot, bounty: p.bounty, wounds: p.wounds, handCount: p.hand.length, score: scoreOf(p) })),
    hand: me && seat !== null && handVisible(state.phase, seat) ? [...me.hand] : [],
    public: [...state.public],
    deckCount: state.deck.length,
    discard: [...state.discard],
    guns: { ...state.guns },
    lastReveal: state.lastReveal ? clone(state.lastReveal) : null,
    lastDuel: state.lastDuel ? clone(state.lastDuel) : null,
    endAfter: state.endAfter,
    wind: state.wind ? clone(state.wind) : null,
    window: windowOf(state.phase, state.players.length, state.guns, state.simplified),
  };
}

/** All non-empty subsets of items, by size then position. */
export function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) out.push(items.filter((_, i) => mask & (1 << i)));
  return out.sort((a, b) => a.length - b.length);
}

/** What `legalFromView` reads of a view: a whole view, or the same fields taken straight from the state (checks.ts). */
export type LegalInput = Pick<SaloonView, 'seat' | 'phase' | 'active' | 'guns'> & {
  readonly hand: readonly string[];
  readonly public: readonly unknown[];
  /** Only how many. */
  readonly players: readonly unknown[];
};

/**
 * The legal intents of the viewing seat, from its view alone. `legalIntents(state, seat)` is defined as this
 * applied to `view(state, seat)`, so clients, bots and the engine can never disagree. Time is not in a view: a shot
 * during a misfire lock-out is listed and refused with LOCKED_OUT; before "Go!" no shot is listed.
 */
export function legalFromView(v: LegalInput): SaloonIntent[] {
  const me = v.seat;
  if (me === null) return [];
  const out: SaloonIntent[] = [];
  const ph = v.phase;
  if (ph.kind === 'turn' && v.active === me) {
    out.push({ type: 'draw', from: 'deck' });
    v.public.forEach((_, i) => out.push({ type: 'draw', from: i }));
    for (const cards of subsets(v.hand.filter(isBooty))) out.push({ type: 'cashLoot', cards });
    if (holdsThree(v.hand, 'desperado') && v.players.length > 2) {
      const free = (Object.keys(v.guns) as Colour[]).filter((g) => v.guns[g] === null);
      const others = v.players.map((_, s) => s).filter((s) => s !== me);
      for (const guns of subsets(free).filter((x) => x.length === 2))
        for (const targets of subsets(others).filter((x) => x.length === 2)) out.push({ type: 'desperado', guns, targets });
    }
    if (holdsThree(v.hand, 'wanted'))
      for (let target = 0; target < v.players.length; target++) if (target !== me) out.push({ type: 'wanted', cards: [...v.hand], target });
    for (const gun of Object.keys(v.guns) as Colour[]) {
      if (v.guns[gun] !== null) continue;
      for (let target = 0; target < v.players.length; target++) if (target !== me) out.push({ type: 'threaten', gun, target });
    }
  } else if (ph.kind === 'discard' && v.active === me) {
    for (const c of v.hand) out.push({ type: 'discard', cards: [c] });
  } else if (ph.kind === 'threat' && threatDecider(ph) === me) {
    out.push(...answersFor(ph, v.players.length, v.hand));
  } else if (ph.kind === 'duel' && ph.go && (ph.threatener === me || ph.target === me)) {
    shotsFor(v.hand, v.guns, me, out as ShootIntent[]);
  } else if (ph.kind === 'turkey' && ph.stage === 'race' && me !== ph.drawer) {
    turkeyShots(out as ShootIntent[]);
  } else if (ph.kind === 'standoff' && ph.stage === 'race' && standoffSeats(ph).includes(me)) {
    standoffShotsFor(ph, me, out as ShootIntent[]);
  } else if (ph.kind === 'truel' && ph.go && truelSeats(ph).includes(me)) {
    shotsFor(v.hand, v.guns, me, out as ShootIntent[]);
  }
  for (const join of standoffJoins(ph, v.guns, me, v.hand)) out.push(join);
  if (canCrash(ph, me, v.hand)) out.push({ type: 'crash' });
  return out;
}
