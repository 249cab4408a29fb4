import fc from 'fast-check';
import { eventsFor, isError, type GameEvent, type Seat } from '../core/game';
import { deckIds, WIND_EVENTS } from './cards';
import { intentKey } from './intents';
import { apply, interrupters, legalIntents, locations, pending } from './rules';
import { playGame, replay, type Player, type SimConfig } from './sim';
import type { SaloonState } from './state';
import { publicPart, secretPart, viewFromSynced } from './synced';
import { legalFromView, view } from './view';
import { expectEqual } from '../core/testkit';

/**
 * Random tables: 2–6 seats, every option combination, bots and random-legal players, now and then a silent seat
 * that lets the countdown run out. Games run on the simulator's clock exactly as the server would drive them.
 */
interface Spec {
  seed: number;
  seats: number;
  randoms: number;
  idleRate: number;
  roulette: boolean;
  simplified: boolean;
  threatSeconds: number;
  wind: boolean;
}
const spec: fc.Arbitrary<Spec> = fc.record({
  seed: fc.integer(),
  seats: fc.integer({ min: 2, max: 6 }),
  randoms: fc.integer({ min: 0, max: 2 }),
  idleRate: fc.constantFrom(0, 0, 50, 300),
  roulette: fc.boolean(),
  simplified: fc.boolean(),
  threatSeconds: fc.constantFrom(3, 10, 60),
  wind: fc.boolean(),
});

/** Measured: the longest bot/random game of 6 seats takes ~150 steps; the bound leaves a wide margin. */
const MAX_STEPS = 3000;

function config(g: Spec, onStep?: SimConfig['onStep']): SimConfig {
  const players: Player[] = Array.from({ length: g.seats }, (_, i) => (i < g.randoms ? 'random' : 'bot'));
  return {
    seats: g.seats,
    players,
    idleRate: g.idleRate,
    options: { russianRoulette: g.roulette, simplified: g.simplified, threatSeconds: g.threatSeconds, wind: g.wind },
    maxSteps: MAX_STEPS,
    onStep,
  };
}

const money = (s: SaloonState) => s.players.reduce((m, p) => m + p.loot + p.bounty, 0);
const bankPaid = (events: GameEvent[]) => events.filter((e) => e.type === 'bank_paid').reduce((m, e) => m + (e.amount as number), 0);

describe('Saloon Showdown properties', () => {
  test('thousands of games: money is conserved except logged bank payments, the deck is conserved, every game ends', () => {
    let games = 0;
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(spec, (g) => {
        const deck = [...deckIds(g.simplified || g.seats === 2), ...(g.wind ? WIND_EVENTS : [])].sort();
        const r = playGame(
          g.seed,
          config(g, (s, _step, events, prev) => {
            // Plain checks (jest's expect is too slow for ~100,000 steps); a failure names the broken rule.
            const fail = (what: string) => {
              throw new Error(`seed ${g.seed} turn ${s.turn}: ${what}`);
            };
            if (money(s) - money(prev) !== bankPaid(events)) fail('money not conserved outside bank payments');
            for (const e of events) if (e.type === 'bank_paid' && !((e.amount as number) > 0)) fail('empty bank payment');
            const where = [...locations(s).keys()].sort();
            if (where.length !== deck.length || where.some((id, i) => id !== deck[i])) fail('deck not conserved');
            for (const p of s.players) if (p.loot < 0 || p.bounty < 0) fail('negative money');
            const handSizes = s.players.map((p) => p.hand.length);
            const off = handSizes.filter((n) => n !== 3);
            if (s.phase.kind === 'discard' ? off.length !== 1 || off[0] !== 4 : off.length !== 0) fail(`hand sizes ${handSizes}`);
            if (s.public.length !== 4) fail('public cards');
            for (const e of events) {
              const k = e.type === 'escaped' ? `escaped:${e.result as string}` : e.type;
              if (
                [
                  'wanted_alive',
                  'i_am_the_law',
                  'law_won_duel',
                  'escaped:new_target',
                  'escaped:threatener_answers',
                  'escaped:cancelled',
                  'truel_started',
                  'truel_won',
                  'i_dont_think_so',
                  'judge_flipped',
                  'standoff_won',
                  'wind_event',
                  'turkey_shot',
                  'showdown_at_noon',
                  'hail_of_bullets',
                  'bank_heist',
                  'wind_shuffled_back',
                ].includes(k)
              )
                seen.set(k, (seen.get(k) ?? 0) + 1);
            }
          }),
        );
        expect(r.outcome).not.toBeNull();
        expect(r.steps.length).toBeLessThan(MAX_STEPS);
        games++;
      }),
      { numRuns: 2000 },
    );
    expect(games).toBe(2000);
    // The special symbols do come up in play (bots and random players use them).
    for (const k of [
      'wanted_alive',
      'i_am_the_law',
      'escaped:new_target',
      'escaped:threatener_answers',
      'escaped:cancelled',
      'truel_started',
      'truel_won',
      'i_dont_think_so',
      'judge_flipped',
      'standoff_won',
      'wind_event',
      'turkey_shot',
      'showdown_at_noon',
      'hail_of_bullets',
      'bank_heist',
    ])
      expect([k, seen.get(k) ?? 0]).not.toEqual([k, 0]);
  });

  test('every option on (What the Wind Brings, not simplified, 3–6 seats, bots only): thousands of games end, conserve money and cards, and the bots use every symbol', () => {
    const everyOption = fc.record({
      seed: fc.integer(),
      seats: fc.integer({ min: 3, max: 6 }),
      roulette: fc.boolean(),
      threatSeconds: fc.constantFrom(3, 10, 60),
    });
    const uses = new Map<string, number>();
    const use = (k: string) => uses.set(k, (uses.get(k) ?? 0) + 1);
    let games = 0;
    fc.assert(
      fc.property(everyOption, (g) => {
        const deck = [...deckIds(false), ...WIND_EVENTS].sort();
        const r = playGame(g.seed, {
          seats: g.seats,
          options: { wind: true, simplified: false, russianRoulette: g.roulette, threatSeconds: g.threatSeconds },
          maxSteps: MAX_STEPS,
          onStep: (s, step, events, prev) => {
            const fail = (what: string) => {
              throw new Error(`seed ${g.seed} seats ${g.seats} turn ${s.turn}: ${what}`);
            };
            if (money(s) - money(prev) !== bankPaid(events)) fail('money not conserved outside bank payments');
            const where = [...locations(s).keys()].sort();
            if (where.length !== deck.length || where.some((id, i) => id !== deck[i])) fail('deck not conserved');
            for (const p of s.players) if (p.loot < 0 || p.bounty < 0) fail('negative money');
            // A bot's interrupt comes only from a seat the engine lists as an interrupter.
            if (step?.kind === 'apply' && !pending(prev).includes(step.seat) && !interrupters(prev).includes(step.seat))
              fail(`seat ${step.seat} acted unasked`);
            for (const e of events) {
              if (e.type === 'wanted_alive') use(e.answer ? 'Wanted Alive (answer)' : 'Wanted Alive (action)');
              else if (e.type === 'escaped') use('Escape');
              else if (e.type === 'crashed') use(`Bottle (${e.stopped as string})`);
              else if (e.type === 'answered' && e.call === 'desperado') use('Truel (answer)');
              else if (e.type === 'nothing_to_lose') use('Desperado');
              else if (e.type === 'i_am_the_law') use('The Law');
              else if (e.type === 'law_won_duel') use('The Law (won a duel)');
              else if (e.type === 'i_dont_think_so') use('Standoff');
              else if (e.type === 'standoff_won') use('Standoff (won)');
              else if (e.type === 'turkey_shot') use('Turkey');
              else if (e.type === 'shot' && e.gun === 'bottle') use('Bottle (first use)');
            }
          },
        });
        if (r.outcome === null) throw new Error(`seed ${g.seed} seats ${g.seats}: unfinished after ${r.steps.length} steps`);
        games++;
      }),
      { numRuns: 1500 },
    );
    expect(games).toBe(1500);
    const expected = [
      'Wanted Alive (action)',
      'Wanted Alive (answer)',
      'The Law',
      'The Law (won a duel)',
      'Escape',
      'Desperado',
      'Truel (answer)',
      'Standoff',
      'Standoff (won)',
      'Bottle (threat)',
      'Bottle (standoff)',
      'Bottle (first use)',
      'Turkey',
    ];
    expect(expected.filter((k) => !uses.get(k))).toEqual([]);
  });

  test('the same seed, intents and times replay byte for byte', () => {
    fc.assert(
      fc.property(spec, (g) => {
        const states: string[] = [];
        const events: string[] = [];
        const r = playGame(
          g.seed,
          config(g, (s, step, ev) => {
            if (step) {
              states.push(JSON.stringify(s));
              events.push(JSON.stringify(ev));
            }
          }),
        );
        const again = replay(g.seed, g.seats, config(g).options, r.steps);
        expect(again.states.slice(1).map((s) => JSON.stringify(s))).toEqual(states);
        expect(again.events.map((e) => JSON.stringify(e))).toEqual(events);
      }),
      { numRuns: 60 },
    );
  });

  test('views and events never show another hand (nor a duelist its swapped hand before "Go!"); legalFromView = legalIntents; synced strings rebuild each view', () => {
    fc.assert(
      fc.property(spec, (g) => {
        playGame(
          g.seed,
          config(g, (s, _step, events, prev) => {
            const pub = publicPart(view(s, null));
            // History (the last reveal) stays public without saying where those cards are now.
            const strip = (v: object) => JSON.stringify({ ...v, lastReveal: null });
            const madePublic = JSON.stringify(
              events.filter(
                (e) =>
                  !e.to &&
                  ['discarded', 'bluff_called', 'roulette', 'crashed', 'drew_public', 'public_replaced', 'judge_flipped', 'turkey_flipped'].includes(e.type),
              ),
            );
            for (let seat = 0; seat < s.players.length; seat++) {
              const v = view(s, seat);
              if (JSON.stringify(legalFromView(v)) !== JSON.stringify(legalIntents(s, seat))) throw new Error('legalFromView differs');
              if (JSON.stringify(viewFromSynced(pub, secretPart(v), seat)) !== JSON.stringify(v)) throw new Error('synced view differs');
              const seen = strip(v);
              const seenEvents = JSON.stringify(eventsFor(events, seat));
              s.players.forEach((p, other) => {
                if (other === seat) return;
                for (const id of p.hand) if (seen.includes(`"${id}"`)) throw new Error(`seat ${seat} sees ${id} in seat ${other}'s hand`);
                // A Showdown at Noon may swap the hand a seat has just drawn into in the same step: it knows what it passed.
                const swapped = events.some((e) => e.type === 'showdown_at_noon');
                const hiddenBefore = new Set(swapped ? [] : prev.players.flatMap((q, k) => (k === seat ? [] : q.hand)).concat(prev.deck));
                for (const id of p.hand) {
                  if (hiddenBefore.has(id) && !madePublic.includes(`"${id}"`) && seenEvents.includes(`"${id}"`))
                    throw new Error(`an event tells seat ${seat} about ${id}`);
                }
              });
              const ph = s.phase;
              const beforeGo =
                (ph.kind === 'duel' && (seat === ph.threatener || seat === ph.target)) || (ph.kind === 'truel' && [ph.desperado, ...ph.others].includes(seat));
              if ((ph.kind === 'duel' || ph.kind === 'truel') && !ph.go && beforeGo) {
                if (v.hand.length > 0) throw new Error('a duelist sees its hand before Go');
                // Cards shown publicly in this step (a discard before a reshuffle) are history, not where they are now.
                for (const id of s.players[seat]!.hand)
                  if (seenEvents.includes(`"${id}"`) && !madePublic.includes(`"${id}"`)) throw new Error('an event shows a duelist its hand before Go');
              }
              for (const id of s.deck) if (seen.includes(`"${id}"`)) throw new Error(`seat ${seat} sees the deck card ${id}`);
            }
            const spectator = view(s, null);
            expect(spectator.hand).toEqual([]);
            expect(legalFromView(spectator)).toEqual([]);
            expectEqual(viewFromSynced(pub, null, null), spectator);
            const seenBySpectator = strip(spectator);
            for (const p of s.players) for (const id of p.hand) if (seenBySpectator.includes(`"${id}"`)) throw new Error(`a spectator sees ${id}`);
            // Private events go to their owner only.
            for (const e of events) {
              const ok = e.type === 'you_drew' || e.type === 'duel_hand' ? JSON.stringify(e.to) === JSON.stringify([e.seat]) : e.to === undefined;
              if (!ok) throw new Error(`event ${e.type} has the wrong audience`);
            }
          }),
        );
      }),
      { numRuns: 40 },
    );
  });

  test('an answer to a threat is accepted exactly when the list holds it: near misses of listed answers are refused', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(spec, (g) => {
        playGame(
          g.seed,
          config(g, (s) => {
            if (s.phase.kind !== 'threat') return;
            for (const seat of pending(s)) {
              const legal = legalIntents(s, seat).filter((i) => i.type === 'answer');
              const keys = new Set(legalIntents(s, seat).map(intentKey));
              const hand = s.players[seat]!.hand;
              for (const a of legal) {
                const o = a as unknown as Record<string, unknown>;
                const variants: Record<string, unknown>[] = [
                  o,
                  { ...o, card: o.card, target: o.target },
                  { ...o, extra: 1 },
                  { ...o, card: hand[0] },
                  { ...o, card: undefined },
                  { ...o, target: ((o.target as number | undefined) ?? 0) + 1 },
                  { ...o, target: undefined },
                  { ...o, target: String(o.target) },
                  { ...o, call: 'escape' },
                  { ...o, call: 'duel' },
                ];
                for (const v of variants) {
                  const ok = !isError(apply(s, seat, v as never, s.clock));
                  expect({ v, ok }).toEqual({ v, ok: keys.has(intentKey(v as never)) });
                  if (ok) accepted++;
                  else refused++;
                }
              }
            }
          }),
        );
      }),
      { numRuns: 20 },
    );
    expect(Math.min(accepted, refused)).toBeGreaterThan(100);
  });

  test("every legal intent applies at the current time (a locked-out duelist's shots excepted); anything else is refused with a code", () => {
    fc.assert(
      fc.property(spec, (g) => {
        playGame(
          g.seed,
          config(g, (s) => {
            if (s.phase.kind === 'over') return;
            const seats = new Set<Seat>([...pending(s), ...s.players.map((_, i) => i).filter((i) => legalIntents(s, i).length > 0)]);
            for (const seat of seats) {
              const legal = legalIntents(s, seat);
              if (pending(s).includes(seat)) expect(legal.length).toBeGreaterThan(0);
              const ph = s.phase;
              const locked = (ph.kind === 'duel' || ph.kind === 'truel' || ph.kind === 'standoff' || ph.kind === 'turkey') && s.clock < ph.lockedUntil[seat]!;
              for (const intent of legal.slice(0, 60)) {
                const r = apply(s, seat, intent, s.clock);
                if (locked && intent.type === 'shoot') expect(isError(r) && r.error.code).toBe('LOCKED_OUT');
                else expect(isError(r) ? r.error.code : null).toBeNull();
              }
            }
            // A non-legal intent from a seat with nothing to do is refused.
            for (let seat = 0; seat < s.players.length; seat++) {
              const keys = new Set(legalIntents(s, seat).map(intentKey));
              for (const junk of [
                { type: 'draw', from: 'deck' },
                { type: 'answer', call: 'duel' },
                { type: 'crash' },
                { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' },
              ] as const) {
                if (keys.has(intentKey(junk))) continue;
                const r = apply(s, seat, junk, s.clock);
                if (!isError(r)) throw new Error(`accepted ${JSON.stringify(junk)} from seat ${seat}`);
              }
            }
          }),
        );
      }),
      { numRuns: 15 },
    );
  });
});
