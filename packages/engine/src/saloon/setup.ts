/**
 * A new Saloon Showdown table: the options a host may set (checked, with their defaults) and the deal — a random
 * dealer, three cards each starting at the dealer's left, four public cards, the Bounties and Loot from the bank,
 * and, with What the Wind Brings, the five event cards shuffled into the deck after the public cards are out.
 */
import type { EngineError, SetupConfig } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { deckIds, WIND_EVENTS } from './cards';
import { takeTop } from './deck';
import { DEFAULT_OPTIONS, MAX_THREAT_SECONDS, MIN_THREAT_SECONDS, SEAT_RANGE, START_BOUNTY, START_LOOT } from './numbers';
import { HAND_SIZE, PUBLIC_CARDS } from './shared';
import type { SaloonOptions, SaloonPlayer, SaloonState } from './state';
import { playerOf } from './own';

export function options(input: Partial<SaloonOptions> | undefined): SaloonOptions | { error: EngineError } {
  const o = { ...DEFAULT_OPTIONS, ...(input ?? {}) };
  if (!Number.isInteger(o.threatSeconds) || o.threatSeconds < MIN_THREAT_SECONDS || o.threatSeconds > MAX_THREAT_SECONDS) {
    return { error: { code: 'BAD_OPTION', message: `threatSeconds must be a whole number from ${MIN_THREAT_SECONDS} to ${MAX_THREAT_SECONDS}.` } };
  }
  if (typeof o.simplified !== 'boolean') return { error: { code: 'BAD_OPTION', message: 'simplified must be true or false.' } };
  if (typeof o.russianRoulette !== 'boolean') return { error: { code: 'BAD_OPTION', message: 'russianRoulette must be true or false.' } };
  if (typeof o.wind !== 'boolean') return { error: { code: 'BAD_OPTION', message: 'wind must be true or false.' } };
  return { threatSeconds: o.threatSeconds, simplified: o.simplified, russianRoulette: o.russianRoulette, wind: o.wind };
}

export function setup(config: SetupConfig<SaloonOptions>, rng: Rng): SaloonState {
  const n = config.seats;
  if (!Number.isInteger(n) || n < SEAT_RANGE.min || n > SEAT_RANGE.max) {
    throw new RangeError(`Saloon Showdown seats ${SEAT_RANGE.min}–${SEAT_RANGE.max}, got ${n}`);
  }
  const opts = options(config.options);
  if ('error' in opts) throw new RangeError(opts.error.message);
  const simplified = opts.simplified || n === 2;
  // Decision: the dealer is drawn at random; play starts at the dealer's left.
  const dealer = rng.int(n);
  const state: SaloonState = {
    options: opts,
    simplified,
    players: Array.from({ length: n }, (): SaloonPlayer => ({ hand: [], loot: START_LOOT, bounty: START_BOUNTY, wounds: 0 })),
    deck: rng.shuffle(deckIds(simplified)),
    discard: [],
    public: [],
    dealer,
    active: (dealer + 1) % n,
    turn: 1,
    guns: { red: null, blue: null, green: null, yellow: null },
    phase: { kind: 'turn' },
    lastReveal: null,
    lastDuel: null,
    endAfter: null,
    clock: 0,
    rng: rng.state(), // a placeholder: set again once the deal below is done
  };
  const ignored: SaloonEmitted[] = [];
  for (let i = 0; i < HAND_SIZE; i++) for (let k = 1; k <= n; k++) playerOf(state, (dealer + k) % n).hand.push(takeTop(state, rng, ignored));
  for (let i = 0; i < PUBLIC_CARDS; i++) state.public.push(takeTop(state, rng, ignored));
  if (opts.wind) {
    // After the public cards: the 5 event cards are shuffled into the deck.
    state.deck = rng.shuffle([...state.deck, ...WIND_EVENTS]);
    state.wind = { queue: [], held: [], done: [], resolving: false };
  }
  state.rng = rng.state();
  return state;
}
