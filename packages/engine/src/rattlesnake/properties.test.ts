import fc from 'fast-check';
import { eventsFor, isError, type GameEvent, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { allCards, hitIds } from './cards';
import { intentKey, type RattlesnakeIntent } from './intents';
import { apply, legalIntents, locations, outcome, pending, setup, timeout } from './rules';
import type { RattlesnakeState } from './state';
import { legalFromView, view } from './view';
import { rattlesnake } from './index';
import { expectEqual } from '../core/testkit';

/**
 * Random games: a seed for the table and one for the players, each seat the bot or a random-legal player,
 * now and then the countdown runs out, and now and then a junk intent from any seat (it must be refused, or be legal).
 */
interface Spec {
  seed: number;
  playerSeed: number;
  bots: [boolean, boolean];
  timeoutRate: number;
  junkRate: number;
}

const spec: fc.Arbitrary<Spec> = fc.record({
  seed: fc.integer(),
  playerSeed: fc.integer(),
  bots: fc.tuple(fc.boolean(), fc.boolean()),
  timeoutRate: fc.constantFrom(0, 0, 30, 200),
  junkRate: fc.constantFrom(0, 50),
});

/** Measured: bot and random games end within a few hundred steps; the bound leaves a wide margin. */
const MAX_STEPS = 4000;
const ALL = allCards().sort();

function junk(rng: Rng, state: RattlesnakeState): { seat: Seat; intent: RattlesnakeIntent } {
  const ids = [...ALL, 'nope', undefined];
  const types = ['buy', 'attack', 'commit', 'ability', 'putBack', 'cover', 'allow', 'pass', 'endTurn', 'dance'];
  const type = rng.pick(types);
  const intent = {
    type,
    cardId: rng.pick([...state.players[rng.int(2)]!.hand, ...state.saloon.filter((c): c is string => c !== null), ...ids]),
    discard: [rng.pick(ids), rng.pick(ids)],
    cards: rng.int(2) ? [] : [rng.pick([...state.players[0]!.hand, ...ids])],
    target: rng.pick(ids),
    value: rng.int(8) - 1,
    delta: rng.pick([1, -1, 2]),
    mode: rng.pick(['swap', 'draw', 'again', 'refill', 'x']),
  } as unknown as RattlesnakeIntent;
  return { seat: rng.int(3), intent };
}

interface Played {
  intents: ({ seat: Seat; intent: RattlesnakeIntent } | 'timeout')[];
  states: RattlesnakeState[];
  events: GameEvent[][];
}

function play(g: Spec, check: (s: RattlesnakeState, events: GameEvent[], prev: RattlesnakeState) => void): Played {
  let state = setup({ seats: 2, options: {} }, Rng.fromSeed(g.seed));
  const rng = Rng.fromSeed(g.playerSeed);
  const out: Played = { intents: [], states: [state], events: [] };
  check(state, [], state);
  while (outcome(state) === null) {
    if (out.intents.length >= MAX_STEPS) throw new Error(`game did not end within ${MAX_STEPS} steps`);
    const roll = rng.int(1000);
    if (roll < g.junkRate) {
      const { seat, intent } = junk(rng, state);
      const r = apply(state, seat, intent);
      if (!isError(r)) {
        expect(legalIntents(state, seat).map(intentKey)).toContain(intentKey(intent));
        out.intents.push({ seat, intent });
        const prev = state;
        state = r.state;
        out.states.push(state);
        out.events.push(r.events);
        check(state, r.events, prev);
      }
      continue;
    }
    const [seat] = pending(state);
    if (seat === undefined) throw new Error('a game not over waits on nobody');
    let r;
    if (roll < g.junkRate + g.timeoutRate) {
      r = timeout(state);
      out.intents.push('timeout');
    } else {
      const intent = g.bots[seat] ? rattlesnake.bot(view(state, seat), rng) : rng.pick(legalIntents(state, seat));
      r = apply(state, seat, intent);
      out.intents.push({ seat, intent });
    }
    if (isError(r)) throw new Error(`${r.error.code}: ${r.error.message}`);
    const prev = state;
    state = r.state;
    out.states.push(state);
    out.events.push(r.events);
    check(state, r.events, prev);
  }
  return out;
}

function invariants(s: RattlesnakeState): void {
  // cards conserved across deck/hand/discard/graveyard/box/saloon/saloon deck/in front/committed
  expect([...locations(s).keys()].sort()).toEqual(ALL);
  s.players.forEach((p, seat) => {
    // In front of a player lie only their own Hit cards, at most their four.
    expect(p.hits.filter((id) => !hitIds(seat).includes(id))).toEqual([]);
    expect(p.hits.length).toBeLessThanOrEqual(4);
  });
  const over = s.step.kind === 'over';
  expect(pending(s)).toHaveLength(over ? 0 : 1);
  if (over) expect(s.players.some((p) => p.hits.length === 0)).toBe(true);
  else expect(s.players.every((p) => p.hits.length > 0)).toBe(true);
}

function hidden(s: RattlesnakeState, events: GameEvent[], prev: RattlesnakeState): void {
  for (const seat of [0, 1] as Seat[]) {
    const v = view(s, seat);
    expectEqual(legalFromView(v), legalIntents(s, seat));
    const opp = s.players[1 - seat]!;
    // The view: the opponent's hand, both deck orders (but for the card you put back on top with Scout, still
    // there), the box, the saloon deck, a face-down commitment.
    const mine = s.players[seat]!;
    const ownDeck = mine.knownTop && mine.deck[0] === mine.knownTop ? mine.deck.slice(1) : mine.deck;
    const secret = [...opp.hand, ...opp.deck, ...ownDeck, ...s.box, ...s.saloonDeck];
    if (!s.attack?.revealed) secret.push(...(opp.committed ?? []));
    // History stays public (the opening reveals, the last showdown's combos) without saying where those cards are now.
    const history = JSON.stringify([s.opening, s.lastShowdown]);
    const seenView = JSON.stringify({ ...v, opening: null, lastShowdown: null });
    for (const id of secret) if (!history.includes(`"${id}"`)) expect(seenView.includes(`"${id}"`)).toBe(false);
    // The events: a card hidden from this seat before and after the step is never named to it.
    const hiddenBefore = new Set([...prev.players[1 - seat]!.hand, ...prev.players[1 - seat]!.deck, ...prev.saloonDeck, ...prev.box]);
    // (Cards made public in the step — a discarded hand, a Dodge 'n' Shoot flip — may be reshuffled into a deck at once.)
    const madePublic = JSON.stringify(events.filter((e) => !e.to && (e.type === 'discarded_hand' || e.type === 'dodge_flip')));
    const seenEvents = JSON.stringify(eventsFor(events, seat));
    for (const id of [...opp.hand, ...opp.deck, ...s.box, ...s.saloonDeck]) {
      if (hiddenBefore.has(id) && !madePublic.includes(`"${id}"`)) expect(seenEvents.includes(`"${id}"`)).toBe(false);
    }
  }
  // Private events go to their owner only; their public twins carry counts, never cards.
  for (const e of events) {
    if (e.type === 'you_drew' || e.type === 'you_committed' || e.type === 'you_put_back') expect(e.to).toEqual([e.seat]);
    else expect(e.to).toBeUndefined();
    if (e.type === 'drew' || e.type === 'committed') expect(Object.keys(e).sort()).toEqual(['count', 'seat', 'type']);
    if (e.type === 'put_back') expect(Object.keys(e).sort()).toEqual(['seat', 'type']);
  }
  const spectator = view(s, null);
  expect(spectator.hand).toEqual([]);
  expect(spectator.myCommit).toBeNull();
  expect(legalFromView(spectator)).toEqual([]);
  const seenBySpectator = JSON.stringify({ ...spectator, opening: null, lastShowdown: null });
  for (const p of s.players) for (const id of [...p.hand, ...p.deck]) expect(seenBySpectator.includes(`"${id}"`)).toBe(false);
}

/**
 * Intents close to a legal one: the same with its card lists in another order or an undefined field (still legal), and
 * with one thing changed — a card swapped for another, one dropped, added or doubled, a value or delta moved, a number
 * sent as text, another mode or type, an extra field (legal only when the list holds the result too).
 */
function nearMisses(rng: Rng, legal: RattlesnakeIntent): RattlesnakeIntent[] {
  const l = legal as unknown as Record<string, unknown>;
  const out: Record<string, unknown>[] = [
    { ...l, target: l.target },
    { ...l, extra: 1 },
    { ...l, type: rng.pick(['buy', 'commit', 'ability', 'cover', 'pass']) },
  ];
  for (const k of Object.keys(l)) {
    const v = l[k];
    if (typeof v === 'string' && k !== 'type') {
      out.push({ ...l, [k]: rng.pick(ALL) });
      if (k === 'mode') out.push({ ...l, mode: rng.pick(['swap', 'draw', 'again', 'refill']) });
    } else if (Array.isArray(v)) {
      out.push({ ...l, [k]: [...v].reverse() }, { ...l, [k]: v.slice(1) }, { ...l, [k]: [...v, rng.pick(ALL)] });
      if (v.length > 0) out.push({ ...l, [k]: [...v, v[0]] }, { ...l, [k]: [rng.pick(ALL), ...v.slice(1)] });
    } else if (typeof v === 'number') {
      out.push({ ...l, [k]: v + rng.pick([1, -1, 2, -2]) }, { ...l, [k]: String(v) }, { ...l, [k]: -v });
    }
  }
  return out as unknown as RattlesnakeIntent[];
}

describe('Rattlesnake properties', () => {
  test('cards are conserved, Hits stay in range, one decision is pending, every game ends', () => {
    fc.assert(
      fc.property(spec, (g) => {
        play(g, (s) => invariants(s));
      }),
      { numRuns: 100 },
    );
  });

  test('views hide hands, deck orders, the box, the saloon deck and face-down cards; legalFromView = legalIntents', () => {
    fc.assert(
      fc.property(spec, (g) => {
        play(g, hidden);
      }),
      { numRuns: 12 },
    );
  });

  test('the same seed and the same intents replay byte for byte', () => {
    fc.assert(
      fc.property(spec, (g) => {
        const first = play(g, () => undefined);
        let state = setup({ seats: 2, options: {} }, Rng.fromSeed(g.seed));
        first.intents.forEach((step, i) => {
          const r = step === 'timeout' ? timeout(state) : apply(state, step.seat, step.intent);
          if (isError(r)) throw new Error(r.error.code);
          expect(JSON.stringify(r.events)).toBe(JSON.stringify(first.events[i]));
          state = r.state;
        });
        expect(JSON.stringify(state)).toBe(JSON.stringify(first.states[first.states.length - 1]));
      }),
      { numRuns: 40 },
    );
  });

  test('apply accepts exactly the legal intents: near misses of legal ones are refused unless the list holds them too', () => {
    let refused = 0;
    let accepted = 0;
    fc.assert(
      fc.property(spec, (g) => {
        const rng = Rng.fromSeed(g.playerSeed);
        play({ ...g, junkRate: 0 }, (s) => {
          for (const seat of pending(s)) {
            const legal = legalIntents(s, seat);
            const keys = new Set(legal.map(intentKey));
            for (let n = 0; n < 6; n++) {
              const l = rng.pick(legal);
              expect(isError(apply(s, seat, l))).toBe(false);
              for (const intent of nearMisses(rng, l)) {
                const ok = !isError(apply(s, seat, intent));
                expect({ intent, ok }).toEqual({ intent, ok: keys.has(intentKey(intent)) });
                if (ok) accepted++;
                else refused++;
              }
            }
          }
        });
      }),
      { numRuns: 15 },
    );
    // Both answers were seen many times (the near misses are not all refused, nor all accepted).
    expect(Math.min(accepted, refused)).toBeGreaterThan(1000);
  });

  test('every legal intent applies', () => {
    fc.assert(
      fc.property(spec, (g) => {
        play({ ...g, junkRate: 0 }, (s) => {
          for (const seat of pending(s)) {
            const legal = legalIntents(s, seat);
            expect(legal.length).toBeGreaterThan(0);
            for (const intent of legal.slice(0, 40)) expect(isError(apply(s, seat, intent))).toBe(false);
          }
        });
      }),
      { numRuns: 8 },
    );
  });
});
