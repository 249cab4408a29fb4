/**
 * A new Rattlesnake table: the (empty) options and the deal — each player's shuffled personal deck and Hits, the
 * saloon's five face-up actions and its two piles of actions and events with High Noon last, the opening reveals
 * that pick the first player, and both hands drawn.
 */
import type { EngineError, Seat, SetupConfig } from '../core/game';
import type { RattlesnakeEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { baseValue, EVENTS, eventId, hitIds, personalDeck, SALOON_SLOTS, saloonActions } from './cards';
import { drawUpTo } from './deck';
import { SEATS } from './numbers';
import { other } from './shared';
import type { RattlesnakeOptions, RattlesnakePlayer, RattlesnakeState } from './state';

export function options(input: Partial<RattlesnakeOptions> | undefined): RattlesnakeOptions | { error: EngineError } {
  void input;
  return {};
}

export function setup(config: SetupConfig<RattlesnakeOptions>, rng: Rng): RattlesnakeState {
  if (config.seats !== SEATS) throw new RangeError(`Rattlesnake seats exactly ${SEATS}, got ${config.seats}`);
  const fresh = (seat: Seat): RattlesnakePlayer => ({ deck: rng.shuffle(personalDeck(seat)), hand: [], discard: [], hits: hitIds(seat), committed: null });
  const first = fresh(0);
  const second = fresh(1);
  const players: RattlesnakePlayer[] = [first, second];
  // The saloon: 5 face up; two piles of 4 actions + 2 events; 2 actions and 1 event back to the box; High Noon last.
  const actions = rng.shuffle(saloonActions());
  const saloon = actions.slice(0, SALOON_SLOTS);
  const pileActions = actions.slice(SALOON_SLOTS, SALOON_SLOTS + 8);
  const boxActions = actions.slice(SALOON_SLOTS + 8);
  const [e0, e1, e2, e3, e4] = rng.shuffle(EVENTS.filter((e) => e.event !== 'high-noon').map((e) => eventId(e.event)));
  if (e0 === undefined || e1 === undefined || e2 === undefined || e3 === undefined || e4 === undefined) {
    throw new Error('Rattlesnake needs 5 saloon events besides High Noon');
  }
  const pileA = rng.shuffle([...pileActions.slice(0, 4), e0, e1]);
  const pileB = rng.shuffle([...pileActions.slice(4, 8), e2, e3]);
  const state: RattlesnakeState = {
    options: {},
    players,
    saloon,
    saloonDeck: [...pileA, ...pileB, eventId('high-noon')],
    box: [...boxActions, e4],
    graveyard: [],
    active: 0,
    turn: 1,
    bought: false,
    attacksLeft: 1,
    step: { kind: 'main' },
    attack: null,
    response: null,
    scout: null,
    opening: { reveals: [], first: 0 },
    lastShowdown: null,
    winner: null,
    quiet: 0,
    rng: rng.state(), // a placeholder: set again once the deal below is done
  };
  // First player: reveal top cards until one is higher; revealed cards are discarded.
  // Decision: if every card ties (practically impossible) seat 0 starts.
  for (;;) {
    const a = first.deck.shift();
    const b = second.deck.shift();
    if (a === undefined || b === undefined) break;
    first.discard.push(a);
    second.discard.push(b);
    state.opening.reveals.push([a, b]);
    const va = baseValue(a) ?? 0;
    const vb = baseValue(b) ?? 0;
    if (va !== vb) {
      state.opening.first = va > vb ? 0 : 1;
      break;
    }
  }
  state.active = state.opening.first;
  const ignored: RattlesnakeEmitted[] = [];
  drawUpTo(state, state.active, rng, ignored);
  drawUpTo(state, other(state.active), rng, ignored);
  state.rng = rng.state();
  return state;
}
