import fc from 'fast-check';
import { isError, type GameEvent, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { CARDS, FULL_HAND, sortHand, type Card } from './cards';
import { apply, legalIntents, pending, setup, timeout, type DuelIntent } from './rules';
import type { DuelState, Play } from './state';
import { legalFromView, pendingFromView, view } from './view';
import { duel } from './index';

/**
 * Random games: a seed for the table, one for the players, 2–6 seats, each seat a random-legal player or the bot,
 * now and then the countdown runs out, and now and then someone sends an arbitrary (often illegal) intent.
 */
type Step = { kind: 'apply'; seat: Seat; intent: DuelIntent } | { kind: 'timeout' };

interface GameSpec {
  seed: number;
  playerSeed: number;
  bots: boolean[];
  target: number;
  /** Per mille chance that a step is a timeout instead of a commit. */
  timeoutRate: number;
  /** Per mille chance that a step is a junk intent from a random seat. */
  junkRate: number;
}

/**
 * Any mix of seats, bot-only tables included. To keep the file fast these games are played for at most CAP
 * steps; every invariant is still checked on every state reached.
 */
const CAP = 300;
const spec: fc.Arbitrary<GameSpec> = fc.integer({ min: 2, max: 6 }).chain((seats) =>
  fc.record({
    seed: fc.integer(),
    playerSeed: fc.integer(),
    bots: fc.array(fc.boolean(), { minLength: seats, maxLength: seats }),
    target: fc.integer({ min: 3, max: 10 }),
    timeoutRate: fc.constantFrom(0, 0, 20, 150),
    junkRate: fc.constantFrom(0, 30),
  }),
);

/**
 * Every table must finish, bot-only ones included. Measured: 6 random seats to $10 take at most ~2,100 commits
 * over 300 seeds; 6 bots to $10 take 3,250 on average and at most 4,407 over 100 seeds. The bound leaves a margin.
 */
const MAX_STEPS = 20_000;
const endingSpec: fc.Arbitrary<GameSpec> = spec;

function junk(rng: Rng, seats: number): { seat: Seat; intent: DuelIntent } {
  const cards: unknown[] = [...CARDS, 'knife', undefined];
  const targets: unknown[] = [null, undefined, -1, seats, 1.5, ...Array.from({ length: seats }, (_, i) => i)];
  const types = ['commit', 'commit', 'commit', 'fold'];
  const intent = { type: rng.pick(types), card: rng.pick(cards), target: rng.pick(targets) } as unknown as DuelIntent;
  return { seat: rng.int(seats + 1), intent };
}

function sameIntent(a: DuelIntent, b: DuelIntent): boolean {
  return a.type === b.type && a.card === b.card && (a.target ?? null) === (b.target ?? null);
}

interface Played {
  steps: Step[];
  states: DuelState[];
  events: GameEvent[][];
}

/** Plays one game to the end, checking `check` on every state; returns the log for replay. */
function play(g: GameSpec, check: (s: DuelState, events: GameEvent[]) => void, mustEnd = false): Played {
  const seats = g.bots.length;
  let state = setup({ seats, options: { target: g.target } }, Rng.fromSeed(g.seed));
  const rng = Rng.fromSeed(g.playerSeed);
  const out: Played = { steps: [], states: [state], events: [] };
  check(state, []);
  while (state.phase !== 'over') {
    if (mustEnd && out.steps.length >= MAX_STEPS) throw new Error(`game did not end within ${MAX_STEPS} steps`);
    if (!mustEnd && out.steps.length >= CAP) break;
    const roll = rng.int(1000);
    if (roll < g.junkRate) {
      const { seat, intent } = junk(rng, seats);
      const r = apply(state, seat, intent);
      const legal = seat < seats && legalIntents(state, seat).some((l) => sameIntent(l, intent));
      // A commit is accepted exactly when it is one of the seat's legal intents.
      expect(isError(r)).toBe(!legal);
      if (isError(r)) continue;
      out.steps.push({ kind: 'apply', seat, intent });
      state = r.state;
      out.states.push(state);
      out.events.push(r.events);
      check(state, r.events);
      continue;
    }
    let step: Step;
    if (roll < g.junkRate + g.timeoutRate) step = { kind: 'timeout' };
    else {
      const seat = rng.pick(pending(state));
      const intent = g.bots[seat] ? duel.bot(view(state, seat), rng) : rng.pick(legalIntents(state, seat));
      step = { kind: 'apply', seat, intent };
    }
    const r = step.kind === 'timeout' ? timeout(state) : apply(state, step.seat, step.intent);
    if (isError(r)) throw new Error(`${JSON.stringify(step)}: ${r.error.code}`);
    out.steps.push(step);
    state = r.state;
    out.states.push(state);
    out.events.push(r.events);
    check(state, r.events);
  }
  return out;
}

function replay(g: GameSpec, steps: Step[]): Omit<Played, 'steps'> {
  let state = setup({ seats: g.bots.length, options: { target: g.target } }, Rng.fromSeed(g.seed));
  const out = { states: [state], events: [] as GameEvent[][] };
  for (const step of steps) {
    const r = step.kind === 'timeout' ? timeout(state) : apply(state, step.seat, step.intent);
    if (isError(r)) throw new Error(r.error.code);
    state = r.state;
    out.states.push(state);
    out.events.push(r.events);
  }
  return out;
}

const noCheck = () => {};

/* Plain checks: jest's expect is far too slow for millions of assertions; a failure throws and fast-check shrinks. */
function must(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}
function same(a: unknown, b: unknown, what: string): void {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  if (x !== y) throw new Error(`${what}: ${x} !== ${y}`);
}
const SIX = JSON.stringify(FULL_HAND);
const isGun = (c: Card) => c === 'pistol' || c === 'rifle';

describe('Duel properties over random games', () => {
  test('cards are conserved: hand + aside + face-down card is always the six starting cards', () => {
    fc.assert(
      fc.property(spec, (g) => {
        play(g, (s) => {
          s.players.forEach((p, seat) => {
            const all = sortHand([...p.hand, ...p.aside, ...(p.commit ? [p.commit.card] : [])]);
            must(JSON.stringify(all) === SIX, `seat ${seat} holds ${JSON.stringify(all)}`);
          });
        });
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  test('shootouts: living hands are never empty, nobody who fires is hit, at least one heart survives', () => {
    fc.assert(
      fc.property(spec, (g) => {
        play(g, (s, events) => {
          if (s.phase === 'shootout') {
            s.players.forEach((p, seat) => must(!p.alive || p.commit !== null || p.hand.length > 0, `seat ${seat} has no card`));
            must(s.players.filter((p) => p.alive).length >= 2, 'a shootout with fewer than two hearts');
          }
          for (const e of events) {
            if (e.type !== 'revealed') continue;
            const plays = e.plays as Play[];
            const hit = e.hit as Seat[];
            must(
              plays.some((p) => !hit.includes(p.seat)),
              'every heart fell',
            );
            for (const p of plays) {
              const incoming = plays.filter((q) => q.target === p.seat).map((q) => q.card);
              const expected = (p.card === 'barricade' && incoming.includes('rifle')) || (p.card === 'reload' && incoming.length > 0);
              must(hit.includes(p.seat) === expected, `seat ${p.seat} ${p.card} under ${incoming} hit=${hit}`);
              must(!isGun(p.card) || !hit.includes(p.seat), 'a shooter was hit');
            }
          }
        });
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  test('every game ends within the bound with one winner at the target; $1 per round won', () => {
    fc.assert(
      fc.property(endingSpec, (g) => {
        let rounds = 0;
        let ended = 0;
        const { states } = play(
          g,
          (s, events) => {
            rounds += events.filter((e) => e.type === 'round_won').length;
            ended += events.filter((e) => e.type === 'game_won').length;
            must(s.phase === 'over' || duel.outcome(s) === null, 'outcome before the end');
          },
          true,
        );
        const out = duel.outcome(states[states.length - 1]!);
        must(out !== null, 'no outcome');
        expect(out!.winners).toHaveLength(1);
        expect(out!.scores[out!.winners[0]!]).toBe(g.target);
        expect(out!.scores.filter((m) => m >= g.target)).toHaveLength(1);
        expect(out!.scores.reduce((a, b) => a + b, 0)).toBe(rounds);
        expect(ended).toBe(1);
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  test('the same seed and the same intents replay identically, events included', () => {
    fc.assert(
      fc.property(spec, (g) => {
        const first = play(g, noCheck);
        const again = replay(g, first.steps);
        expect(JSON.stringify(again.states)).toBe(JSON.stringify(first.states));
        expect(JSON.stringify(again.events)).toBe(JSON.stringify(first.events));
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  test('views: a seat sees its own hand and card only, spectators see neither, legal moves match', () => {
    const publicKeys = JSON.stringify(['alive', 'aside', 'committed', 'handCount', 'money']);
    fc.assert(
      fc.property(spec, (g) => {
        play(g, (s) => {
          const seats = s.players.length;
          const who: (Seat | null)[] = [null, ...Array.from({ length: seats }, (_, i) => i)];
          const views = who.map((w) => view(s, w));
          const spectator = views[0]!;
          same(pendingFromView(spectator), pending(s), 'pending');
          same(spectator.hand, [], 'spectator hand');
          must(spectator.commit === null, 'spectator sees a commit');
          same(legalFromView(spectator), [], 'spectator moves');
          for (const v of views) for (const p of v.players) same(Object.keys(p).sort(), JSON.parse(publicKeys), 'player keys');
          for (let me = 0; me < seats; me++) {
            const v = views[me + 1]!;
            same(v.hand, s.players[me]!.hand, 'own hand');
            same(v.commit, s.players[me]!.commit, 'own commit');
            same(legalFromView(v), legalIntents(s, me), 'legal moves');
          }
          // Non-interference: swapping what another seat holds face down for a card from its hand (same counts,
          // same public aside) must not change anybody else's view.
          for (let other = 0; other < seats; other++) {
            const p = s.players[other]!;
            if (!p.commit) continue;
            const swapIn = p.hand.find((c) => c !== p.commit!.card);
            if (!swapIn) continue;
            const alt = structuredClone(s);
            const q = alt.players[other]!;
            q.hand[q.hand.indexOf(swapIn)] = p.commit.card;
            q.commit = { card: swapIn, target: isGun(swapIn) ? (other + 1) % seats : null };
            who.forEach((w, i) => {
              if (w !== other) same(view(alt, w), views[i], `view of ${w} depends on seat ${other}'s secret`);
            });
          }
        });
      }),
      { numRuns: 60 },
    );
  }, 30_000);

  test('the bot only ever picks a legal intent', () => {
    fc.assert(
      fc.property(spec, fc.integer(), (g, botSeed) => {
        const rng = Rng.fromSeed(botSeed);
        play(g, (s) => {
          for (const seat of pending(s)) {
            const pick = duel.bot(view(s, seat), rng);
            must(
              legalIntents(s, seat).some((l) => sameIntent(l, pick)),
              `bot picked ${JSON.stringify(pick)}`,
            );
          }
        });
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});

describe('the junk-intent generator used above', () => {
  test('junk intents cover illegal cards, targets and types', () => {
    const rng = Rng.fromSeed(3);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const { intent } = junk(rng, 3);
      seen.add(String(intent.type));
      seen.add(String(intent.card as Card | undefined));
    }
    expect([...seen].sort()).toEqual(['barricade', 'commit', 'fold', 'knife', 'pistol', 'reload', 'rifle', 'undefined']);
  });
});
