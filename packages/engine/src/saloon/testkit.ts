/**
 * Saloon Showdown test kit (tests only; left out of the build): pick cards by their features, craft a state as a
 * literal, play a list of moves. Shared by rules.test.ts and symbols.test.ts.
 */
import { isError, type Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import { Rng } from '../core/rng';
import { CARDS, deckIds, type CardInfo } from './cards';
import type { SaloonIntent } from './intents';
import { apply } from './rules';
import type { Phase, SaloonPlayer, SaloonState } from './state';

export type Spec = Partial<Pick<CardInfo, 'colour' | 'area' | 'noise' | 'bullets' | 'symbol'>>;

/** Picks distinct cards from the table by their features. */
export function picker() {
  const used = new Set<string>();
  return (spec: Spec): string => {
    const c = CARDS.find((x) => !used.has(x.id) && (Object.keys(spec) as (keyof Spec)[]).every((k) => x[k] === spec[k]));
    if (!c) throw new Error(`no card ${JSON.stringify(spec)}`);
    used.add(c.id);
    return c.id;
  };
}

export interface Craft {
  players?: Partial<SaloonPlayer>[];
  public?: string[];
  active?: Seat;
  dealer?: Seat;
  phase?: Phase;
  simplified?: boolean;
  russianRoulette?: boolean;
  endAfter?: Seat | null;
  discard?: string[];
  deck?: string[];
}

/** A state as a literal: seat 0 active in its turn, the dealer the last seat; unlisted cards in the deck in table order. */
export function craft(hands: string[][], c: Craft = {}): SaloonState {
  const n = hands.length;
  const simplified = c.simplified ?? n === 2;
  const all = deckIds(simplified);
  const usedInHands = new Set([...hands.flat(), ...(c.public ?? []), ...(c.discard ?? [])]);
  const rest = all.filter((id) => !usedInHands.has(id));
  const pub = c.public ?? rest.splice(0, 4);
  const deck = c.deck ?? rest;
  const discard = c.discard ?? (c.deck ? rest.filter((id) => !c.deck?.includes(id)) : []);
  return {
    options: { threatSeconds: 10, simplified, russianRoulette: c.russianRoulette ?? false },
    simplified,
    players: hands.map((hand, s) => ({ hand: [...hand], loot: 20, bounty: 20, wounds: 0, ...(c.players?.[s] ?? {}) })),
    deck,
    discard,
    public: pub,
    dealer: c.dealer ?? n - 1,
    active: c.active ?? 0,
    turn: 1,
    guns: { red: null, blue: null, green: null, yellow: null },
    phase: c.phase ?? { kind: 'turn' },
    lastReveal: null,
    lastDuel: null,
    endAfter: c.endAfter ?? null,
    clock: 0,
    rng: Rng.fromSeed(7).state(),
  };
}

export type Move = [Seat, SaloonIntent, number?];

export function run(state: SaloonState, moves: Move[]): { state: SaloonState; events: SaloonEmitted[] } {
  const events: SaloonEmitted[] = [];
  for (const [seat, intent, now] of moves) {
    const r = apply(state, seat, intent, now);
    if (isError(r)) throw new Error(`seat ${seat} ${JSON.stringify(intent)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}
