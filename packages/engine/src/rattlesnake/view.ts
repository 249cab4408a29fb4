import type { Seat } from '../core/game';
import { abilityOf, baseValue, cardInfo, MAX_VALUE, MIN_VALUE, type EventKind } from './cards';
import type { AbilityIntent, RattlesnakeIntent } from './intents';
import { activeEvents, buyCost, handSize, pendingOf } from './shared';
import type { AttackInfo, RattlesnakeState, Showdown, Step, UsedAbility } from './state';
import { cloneState } from '../core/clone';
import { at } from '../core/at';

export interface RevealedCard {
  id: string;
  /** Current value (after Focus / Distract); null for a Hit. */
  value: number | null;
}

export interface RattlesnakePlayerView {
  /** Hit cards still in front of the player. */
  hits: string[];
  deckCount: number;
  /** Face up, last = top. */
  discard: string[];
  handCount: number;
  /** Face-down cards in the current attack: the count only (null = not committed). */
  committedCount: number | null;
  /** The committed cards once revealed, with current values. */
  revealed: RevealedCard[] | null;
}

/** What one seat (or a spectator, seat null) may know. Nothing here is secret from that recipient. */
export interface RattlesnakeView {
  seat: Seat | null;
  turn: number;
  /** Holds the pistol. */
  active: Seat;
  step: Step;
  /** Seats whose decision the game waits for. */
  pending: Seat[];
  handSize: number;
  buyCost: number;
  /** Events in the saloon (in effect). */
  events: EventKind[];
  bought: boolean;
  attacksLeft: number;
  players: RattlesnakePlayerView[];
  /** Own hand; empty for a spectator. */
  hand: string[];
  /** Own face-down commitment (null for a spectator or when not committed). */
  myCommit: string[] | null;
  /** The card you put back on top of your deck with Scout, while it is still there (null otherwise; for you only). */
  myDeckTop: string | null;
  saloon: (string | null)[];
  saloonDeckCount: number;
  boxCount: number;
  graveyard: string[];
  attack: Pick<AttackInfo, 'attacker' | 'defender' | 'revealed'> | null;
  /** An ability waiting for the Take Cover answer (public). */
  response: (UsedAbility & { responder: Seat }) | null;
  /** A Scout waiting for its user to put a card back; `drawn` only for that user. */
  scout: { seat: Seat; drawn: string[] } | null;
  /** How the first player was chosen: each round of revealed top cards [seat 0, seat 1]. */
  opening: { reveals: [string, string][]; first: Seat };
  lastShowdown: Showdown | null;
  winner: Seat | null;
  /** Turns in a row without anyone taking a Hit; at STALEMATE_TURNS the player starting the next turn takes one. */
  quiet: number;
}

export function revealedOf(state: Pick<RattlesnakeState, 'attack'>, committed: readonly string[]): RevealedCard[] {
  const values = state.attack?.values;
  const out: RevealedCard[] = new Array(committed.length);
  for (let i = 0; i < committed.length; i++) {
    const id = committed[i]!; // i < committed.length
    out[i] = { id, value: values?.[id] ?? baseValue(id) };
  }
  return out;
}

export function view(state: RattlesnakeState, seat: Seat | null): RattlesnakeView {
  const me = seat === null ? null : state.players[seat];
  const revealed = state.attack?.revealed === true;
  return {
    seat,
    turn: state.turn,
    active: state.active,
    step: { ...state.step },
    pending: pendingOf(state),
    handSize: handSize(state.saloon),
    buyCost: buyCost(state.saloon),
    events: activeEvents(state.saloon),
    bought: state.bought,
    attacksLeft: state.attacksLeft,
    players: state.players.map((p) => ({
      hits: [...p.hits],
      deckCount: p.deck.length,
      discard: [...p.discard],
      handCount: p.hand.length,
      committedCount: p.committed ? p.committed.length : null,
      revealed: revealed && p.committed ? revealedOf(state, p.committed) : null,
    })),
    hand: me ? [...me.hand] : [],
    myCommit: me?.committed ? [...me.committed] : null,
    myDeckTop: me?.knownTop && me.deck[0] === me.knownTop ? me.knownTop : null,
    saloon: [...state.saloon],
    saloonDeckCount: state.saloonDeck.length,
    boxCount: state.box.length,
    graveyard: [...state.graveyard],
    attack: state.attack ? { attacker: state.attack.attacker, defender: state.attack.defender, revealed: state.attack.revealed } : null,
    response: state.response ? { ...state.response, responder: 1 - state.response.seat } : null,
    scout: state.scout ? { seat: state.scout.seat, drawn: state.scout.seat === seat ? [...state.scout.drawn] : [] } : null,
    opening: { reveals: state.opening.reveals.map(([a, b]) => [a, b] as [string, string]), first: state.opening.first },
    lastShowdown: state.lastShowdown ? cloneState(state.lastShowdown) : null,
    winner: state.winner,
    quiet: state.quiet ?? 0,
  };
}

/** All k-element combinations of items, in order (lexicographic by position). */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const n = items.length;
  if (k > n) return out;
  const idx: number[] = [];
  for (let i = 0; i < k; i++) idx.push(i);
  for (;;) {
    const combo = new Array<T>(k);
    for (let i = 0; i < k; i++) combo[i] = items[idx[i]!] as T; // idx holds k increasing indices below n
    out.push(combo);
    // The rightmost index that can still move right, then every index after it just after it.
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return out;
    idx[i]!++; // 0 ≤ i < k = idx.length
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

/** All subsets in a stable order (by size, then position). */
export function subsets<T>(items: readonly T[], minSize: number): T[][] {
  const out: T[][] = [];
  for (let k = minSize; k <= items.length; k++) for (const c of combinations(items, k)) out.push(c);
  return out;
}

/** A commitment of each subset of the hand, in `subsets` order. */
function commits(hand: readonly string[], minSize: number): RattlesnakeIntent[] {
  const sets = subsets(hand, minSize);
  const out: RattlesnakeIntent[] = new Array(sets.length);
  for (let i = 0; i < sets.length; i++) out[i] = { type: 'commit', cards: sets[i]! }; // i < sets.length
  return out;
}

/**
 * The hand abilities (Reload, Scout, Switch Up, Quick Draw's "draw 6"): the same list wherever they may be used — the
 * active player deciding outside an attack, and the defender before committing.
 */
function outOfAttackAbilities(hand: readonly string[], graveyard: readonly string[]): AbilityIntent[] {
  const out: AbilityIntent[] = [];
  for (const cardId of hand) {
    const a = abilityOf(cardId);
    if (a === 'reload' || a === 'scout') out.push({ type: 'ability', cardId });
    else if (a === 'switch-up') {
      out.push({ type: 'ability', cardId, mode: 'draw' });
      for (const take of graveyard) out.push({ type: 'ability', cardId, mode: 'swap', take });
    } else if (a === 'quick-draw') out.push({ type: 'ability', cardId, mode: 'refill' });
  }
  return out;
}

/** What `legalFromView` reads of a view: a whole view, or the same fields taken straight from the state (checks.ts). */
export type LegalInput = Pick<RattlesnakeView, 'seat' | 'pending' | 'step' | 'attacksLeft' | 'bought' | 'buyCost' | 'saloon' | 'graveyard'> & {
  readonly hand: readonly string[];
  readonly response: unknown;
  readonly scout: { readonly drawn: readonly string[] } | null;
  /** Read in the ability window only. */
  readonly players: readonly { readonly revealed: readonly RevealedCard[] | null }[];
};

/**
 * The legal intents of the viewing seat, from its view alone. `legalIntents(state, seat)` is defined as this
 * applied to `view(state, seat)`, so clients, bots and the engine can never disagree.
 */
export function legalFromView(v: LegalInput): RattlesnakeIntent[] {
  const me = v.seat;
  if (me === null || !v.pending.includes(me)) return [];
  if (v.response) {
    const out: RattlesnakeIntent[] = [{ type: 'allow' }];
    for (const cardId of v.hand) if (abilityOf(cardId) === 'take-cover') out.push({ type: 'cover', cardId });
    return out;
  }
  if (v.scout) return v.scout.drawn.map((cardId) => ({ type: 'putBack', cardId }));
  const step = v.step;
  switch (step.kind) {
    case 'main': {
      const out: RattlesnakeIntent[] = [{ type: 'endTurn' }];
      if (v.attacksLeft > 0 && v.hand.length > 0) out.push({ type: 'attack' });
      if (!v.bought && v.hand.length >= v.buyCost) {
        const prices = combinations(v.hand, v.buyCost);
        for (const cardId of v.saloon) {
          if (cardId === null || cardInfo(cardId)?.kind !== 'action') continue;
          for (const discard of prices) out.push({ type: 'buy', cardId, discard });
        }
      }
      for (const a of outOfAttackAbilities(v.hand, v.graveyard)) out.push(a);
      return out;
    }
    case 'attackerCommit':
      return commits(v.hand, 1);
    case 'defenderCommit': {
      const out = commits(v.hand, 0);
      for (const a of outOfAttackAbilities(v.hand, v.graveyard)) out.push(a);
      return out;
    }
    case 'window': {
      const out: RattlesnakeIntent[] = [{ type: 'pass' }];
      const seats = 'Rattlesnake seats are 0 and 1';
      const mine = at(v.players, me, seats).revealed ?? [];
      const theirs = at(v.players, 1 - me, seats).revealed ?? [];
      const all = [...(at(v.players, 0, seats).revealed ?? []), ...(at(v.players, 1, seats).revealed ?? [])];
      for (const cardId of v.hand) {
        const a = abilityOf(cardId);
        if (a === 'focus') {
          for (const r of mine) {
            if (r.value === null) continue;
            for (let value = MIN_VALUE; value <= MAX_VALUE; value++) if (value !== r.value) out.push({ type: 'ability', cardId, target: r.id, value });
          }
        } else if (a === 'distract') {
          for (const r of all) {
            if (r.value === null) continue;
            if (r.value < MAX_VALUE) out.push({ type: 'ability', cardId, target: r.id, delta: 1 });
            if (r.value > MIN_VALUE) out.push({ type: 'ability', cardId, target: r.id, delta: -1 });
          }
        } else if (a === 'disarm') {
          if (theirs.length > 0) out.push({ type: 'ability', cardId });
        } else if (a === 'dodge-n-shoot') out.push({ type: 'ability', cardId });
      }
      return out;
    }
    case 'after': {
      const out: RattlesnakeIntent[] = [{ type: 'pass' }];
      for (const cardId of v.hand) {
        const a = abilityOf(cardId);
        if (a === 'double-tap' && step.success) out.push({ type: 'ability', cardId });
        else if (a === 'quick-draw') out.push({ type: 'ability', cardId, mode: 'again' });
      }
      return out;
    }
    default:
      return [];
  }
}
