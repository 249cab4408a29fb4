import { eventsFor, isError, type GameEvent, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { bulletsOf, card, deckIds, type Area, type Colour, type Noise } from './cards';
import type { SaloonIntent } from './intents';
import { majorities, majorityColours, majority } from './majority';
import {
  apply,
  deadline,
  DUEL_LIMIT_MS,
  FALSE_START_MS,
  GO_DELAY_MS,
  legalIntents,
  locations,
  MISFIRE_LOCK_MS,
  options,
  outcome,
  pending,
  race,
  racePreview,
  setup,
  timeout,
  viewAtGo,
  winnersOf,
} from './rules';
import { judgeShot } from './shared';
import type { SaloonState } from './state';
import { legalFromView, view } from './view';
import type * as Saloon from './intents';
import { saloon } from './index';
import { craft, picker, run, type Craft } from './testkit';

/* ---------- helpers ---------- */

function tick(state: SaloonState, now?: number): { state: SaloonState; events: GameEvent[] } {
  const r = timeout(state, now);
  if (isError(r)) throw new Error(r.error.code);
  return r;
}

function errorOf(state: SaloonState, seat: Seat, intent: unknown, now?: number): string | null {
  const r = apply(state, seat, intent as SaloonIntent, now);
  return isError(r) ? r.error.code : null;
}

function money(s: SaloonState): number {
  return s.players.reduce((m, p) => m + p.loot + p.bounty, 0);
}

function bankPaid(events: GameEvent[]): number {
  return events.filter((e) => e.type === 'bank_paid').reduce((m, e) => m + (e.amount as number), 0);
}

const shoot = (gun: Colour | 'bottle', area: Area, noise?: Noise): SaloonIntent => (noise ? { type: 'shoot', gun, area, noise } : { type: 'shoot', gun, area });
const THREATEN = (gun: Colour, target: Seat): SaloonIntent => ({ type: 'threaten', gun, target });
const DUEL: SaloonIntent = { type: 'answer', call: 'duel' };
const BLUFF: SaloonIntent = { type: 'answer', call: 'bluffing' };

/**
 * A 3-seat table where seat 0 threatens seat 1 with `gun` at t=0 and seat 1 answers "Do you?" at t=1000.
 * After the swap seat 0 holds `handOf1` and seat 1 holds `handOf0`.
 */
function toDuel(handOf0: string[], handOf1: string[], gun: Colour = 'yellow', c: Craft = {}, hand2?: string[]) {
  const pick = picker();
  const used = new Set([...handOf0, ...handOf1]);
  const third =
    hand2 ??
    [0, 1, 2].map(() => {
      let id: string;
      do id = pick({});
      while (used.has(id));
      return id;
    });
  const s = craft([handOf0, handOf1, third], c);
  return run(s, [
    [0, THREATEN(gun, 1), 0],
    [1, DUEL, 1000],
  ]);
}

/* ---------- majorities and the judge ---------- */

describe('majority judging', () => {
  test('tie shapes of three values: 3 → that one; 2–1 → the pair; 1–1–1 → all three', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(majority(['b', 'b', 'b'], order)).toEqual(['b']);
    expect(majority(['c', 'a', 'c'], order)).toEqual(['c']);
    expect(majority(['d', 'a', 'b'], order)).toEqual(['a', 'b', 'd']);
    expect(majority(['a', 'b'], order)).toEqual(['a', 'b']);
    expect(majority([], order)).toEqual([]);
  });

  test('colour, area and noise are judged independently on a real hand', () => {
    const pick = picker();
    const hand = [
      pick({ colour: 'blue', area: 'head', noise: 'blam' }),
      pick({ colour: 'blue', area: 'head', noise: 'bang' }),
      pick({ colour: 'red', area: 'arm', noise: 'boom' }),
    ];
    expect(majorities(hand)).toEqual({ colours: ['blue'], areas: ['head'], noises: ['bang', 'boom', 'blam'] });
    const hand2 = [
      pick({ colour: 'yellow', area: 'arm', noise: 'boom' }),
      pick({ colour: 'green', area: 'arm', noise: 'boom' }),
      pick({ colour: 'red', area: 'leg', noise: 'boom' }),
    ];
    expect(majorities(hand2)).toEqual({ colours: ['red', 'green', 'yellow'], areas: ['arm'], noises: ['boom'] });
  });

  test("majorityColours (the Bottle's question) is the colours of majorities, for hands of 0 to 5 cards", () => {
    const rng = Rng.fromSeed(21);
    for (let n = 0; n < 400; n++) {
      const hand = rng.shuffle(deckIds(false)).slice(0, n % 6);
      expect(majorityColours(hand)).toEqual(majorities(hand).colours);
    }
  });

  test('judgeShot: the majority gun, area and noise; any tied value; the Bottle names only the area', () => {
    const pick = picker();
    const hand = [
      pick({ colour: 'blue', area: 'head', noise: 'blam' }),
      pick({ colour: 'blue', area: 'head', noise: 'bang' }),
      pick({ colour: 'red', area: 'arm', noise: 'boom' }),
    ];
    const guns = { red: null, blue: null, green: null, yellow: null };
    const ok = (s: SaloonIntent, g: Record<Colour, Seat | null> = guns) => judgeShot({ hand, guns: g, shooter: 1, now: 0 }, s as never);
    for (const noise of ['bang', 'boom', 'blam'] as const) expect(ok(shoot('blue', 'head', noise))).toBe(true);
    expect(ok(shoot('red', 'head', 'bang'))).toBe(false);
    expect(ok(shoot('blue', 'arm', 'bang'))).toBe(false);
    expect(ok(shoot('bottle', 'head'))).toBe(false);
    const blueTaken = { ...guns, blue: 0 };
    expect(ok(shoot('bottle', 'head'), blueTaken)).toBe(true);
    expect(ok(shoot('bottle', 'arm'), blueTaken)).toBe(false);
  });
});

/* ---------- setup and options ---------- */

describe('setup and options', () => {
  test('options: defaults and ranges', () => {
    expect(options(undefined)).toEqual({ threatSeconds: 10, simplified: false, russianRoulette: false, wind: false });
    expect(options({ threatSeconds: 5, russianRoulette: true })).toEqual({ threatSeconds: 5, simplified: false, russianRoulette: true, wind: false });
    expect('error' in options({ wind: 'yes' as never })).toBe(true);
    for (const bad of [2, 61, 7.5]) expect('error' in options({ threatSeconds: bad })).toBe(true);
  });

  test('3 cards each, 4 public cards, $20 Loot and $20 Bounty each, play starts left of the dealer', () => {
    for (const seats of [2, 3, 6]) {
      const s = setup({ seats, options: options(undefined) as never }, Rng.fromSeed(seats));
      expect(s.players.every((p) => p.hand.length === 3 && p.loot === 20 && p.bounty === 20 && p.wounds === 0)).toBe(true);
      expect(s.public).toHaveLength(4);
      expect(s.active).toBe((s.dealer + 1) % seats);
      expect(locations(s).size).toBe(seats === 2 ? 52 : 64);
      expect(s.simplified).toBe(seats === 2);
    }
    const simple = setup({ seats: 4, options: { threatSeconds: 10, simplified: true, russianRoulette: false } }, Rng.fromSeed(1));
    expect(locations(simple).size).toBe(52);
    expect([...locations(simple).keys()].some((id) => ['desperado', 'standoff'].includes(String(card(id).symbol)))).toBe(false);
    expect(saloon.id).toBe('saloon');
    expect([saloon.minSeats, saloon.maxSeats]).toEqual([2, 6]);
  });
});

/* ---------- a turn ---------- */

describe('turn actions', () => {
  test('draw from the deck, discard down to 3; the turn passes', () => {
    const pick = picker();
    const s = craft([
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
    ]);
    const top = s.deck[0]!;
    const a = run(s, [[0, { type: 'draw', from: 'deck' }]]);
    expect(a.state.phase.kind).toBe('discard');
    expect(a.state.players[0]?.hand).toContain(top);
    expect(eventsFor(a.events, 1).find((e) => e.type === 'you_drew')).toBeUndefined();
    expect(eventsFor(a.events, 0).find((e) => e.type === 'you_drew')?.cards).toEqual([top]);
    expect(errorOf(a.state, 0, { type: 'discard', cards: [] })).toBe('ILLEGAL_CARD');
    const b = run(a.state, [[0, { type: 'discard', cards: [top] }]]);
    expect(b.state.players[0]?.hand).toHaveLength(3);
    expect(b.state.discard).toEqual([top]);
    expect(b.state.active).toBe(1);
    expect(b.state.public).toEqual(s.public);
  });

  test('a public card: refilled at once, the dealer token moves to you, and at the end of your turn you replace all 4', () => {
    const pick = picker();
    const s = craft([
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
    ]);
    const taken = s.public[2];
    const a = run(s, [[0, { type: 'draw', from: 2 }]]);
    expect(a.state.dealer).toBe(0);
    expect(a.state.public[2]).toBe(s.deck[0]);
    expect(a.events.map((e) => e.type)).toEqual(['drew_public', 'dealer_moved']);
    const b = run(a.state, [[0, { type: 'discard', cards: [a.state.players[0]!.hand[0]!] }]]);
    const replaced = b.events.find((e) => e.type === 'public_replaced');
    expect(replaced?.discarded).toEqual(a.state.public);
    expect(b.state.public).toEqual(s.deck.slice(1, 5));
    expect(b.state.players[0]?.hand).toContain(taken);
    expect(errorOf(s, 0, { type: 'draw', from: 4 })).toBe('BAD_TARGET');
  });

  test('cash Loot: any number of Booty cards for $10 each from the bank, then draw back to 3', () => {
    const pick = picker();
    const b1 = pick({ symbol: 'booty' });
    const b2 = pick({ symbol: 'booty' });
    const plain = pick({ symbol: null });
    const s = craft([
      [b1, b2, plain],
      [pick({}), pick({}), pick({})],
    ]);
    expect(legalIntents(s, 0).filter((i) => i.type === 'cashLoot')).toHaveLength(3);
    expect(errorOf(s, 0, { type: 'cashLoot', cards: [plain] })).toBe('ILLEGAL_CARD');
    expect(errorOf(s, 0, { type: 'cashLoot', cards: [] })).toBe('ILLEGAL_CARD');
    const { state, events } = run(s, [[0, { type: 'cashLoot', cards: [b1, b2] }]]);
    expect(state.players[0]?.loot).toBe(40);
    expect(state.players[0]?.hand).toHaveLength(3);
    expect(events.filter((e) => e.type === 'bank_paid')).toEqual([{ type: 'bank_paid', seat: 0, amount: 20, into: 'loot', reason: 'cash_loot' }]);
    expect(state.active).toBe(1);
  });

  test("a $0 Bounty resets to $20 from the bank at the end of its owner's own turn only", () => {
    const pick = picker();
    const s = craft(
      [
        [pick({}), pick({}), pick({})],
        [pick({}), pick({}), pick({})],
      ],
      { players: [{ bounty: 0 }, { bounty: 0 }] },
    );
    const { state, events } = run(s, [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'discard', cards: [s.players[0]!.hand[0]!] }],
    ]);
    expect(state.players[0]?.bounty).toBe(20);
    expect(state.players[1]?.bounty).toBe(0);
    expect(events.filter((e) => e.type === 'bank_paid')).toEqual([{ type: 'bank_paid', seat: 0, amount: 20, into: 'bounty', reason: 'bounty_reset' }]);
  });

  test('the deck runs out: the discard pile is shuffled into a new deck', () => {
    const pick = picker();
    const hands = [
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
    ];
    const s = craft(hands, { deck: [] });
    expect(s.deck).toHaveLength(0);
    const discards = s.discard.length;
    const { state, events } = run(s, [[0, { type: 'draw', from: 'deck' }]]);
    expect(events[0]).toEqual({ type: 'reshuffled', count: discards });
    expect(state.deck).toHaveLength(discards - 1);
    expect(state.discard).toHaveLength(0);
  });

  test('turn countdown: draw the top card and discard it; discard countdown: the card just drawn', () => {
    const pick = picker();
    const s = craft([
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
    ]);
    const a = tick(s);
    expect(a.state.players[0]?.hand).toEqual(s.players[0]!.hand);
    expect(a.state.discard).toEqual([s.deck[0]]);
    expect(a.state.active).toBe(1);
    const d = run(s, [[0, { type: 'draw', from: 1 }]]).state;
    const b = tick(d);
    expect(b.state.players[0]?.hand).toEqual(s.players[0]!.hand);
    expect(b.state.discard).toContain(s.public[1]);
  });

  test('errors: wrong seat, unknown intent, not now, a taken gun, a bad target', () => {
    const pick = picker();
    const s = craft([
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
      [pick({}), pick({}), pick({})],
    ]);
    expect(errorOf(s, 1, { type: 'draw', from: 'deck' })).toBe('NOT_YOUR_TURN');
    expect(errorOf(s, 0, { type: 'dance' })).toBe('UNKNOWN_INTENT');
    expect(errorOf(s, 0, null)).toBe('UNKNOWN_INTENT');
    expect(errorOf(s, 7, { type: 'draw', from: 'deck' })).toBe('NOT_SEATED');
    expect(errorOf(s, 0, { type: 'discard', cards: [s.players[0]!.hand[0]] })).toBe('NOT_NOW');
    expect(errorOf(s, 0, THREATEN('red', 0))).toBe('BAD_TARGET');
    expect(errorOf(s, 0, { type: 'threaten', gun: 'purple', target: 1 })).toBe('BAD_TARGET');
    expect(errorOf(s, 1, BLUFF)).toBe('NOT_NOW');
    expect(errorOf(s, 0, shoot('red', 'head', 'bang'))).toBe('NOT_NOW');
    expect(errorOf(s, 2, { type: 'crash' })).toBe('NOT_NOW');
    const t = run(s, [[0, THREATEN('red', 1)]]).state;
    expect(t.guns.red).toBe(0);
    expect(errorOf(t, 2, BLUFF)).toBe('NOT_YOUR_TURN');
    expect(errorOf(t, 0, THREATEN('blue', 2))).toBe('NOT_NOW');
  });
});

/* ---------- the bluff call and Russian Roulette ---------- */

describe('calling the bluff', () => {
  test("more Bullets takes $20 of the other's Loot; both reveal, discard and draw 3", () => {
    const pick = picker();
    const strong = [pick({ bullets: 3 }), pick({ bullets: 2 }), pick({ bullets: 1 })];
    const weak = [pick({ bullets: 0 }), pick({ bullets: 1 }), pick({ bullets: 1 })];
    const s = craft([weak, strong, [pick({}), pick({}), pick({})]]);
    const { state, events } = run(s, [
      [0, THREATEN('red', 1), 0],
      [1, BLUFF, 500],
    ]);
    expect(state.players[1]?.loot).toBe(40);
    expect(state.players[0]?.loot).toBe(0);
    expect(state.lastReveal).toEqual({
      kind: 'bluff',
      hands: [
        { seat: 0, cards: weak, bullets: 2 },
        { seat: 1, cards: strong, bullets: 6 },
      ],
      winner: 1,
      amount: 20,
    });
    expect(events.find((e) => e.type === 'bluff_called')).toMatchObject({ winner: 1, amount: 20 });
    expect(state.discard).toEqual(expect.arrayContaining([...weak, ...strong]));
    expect(state.players[0]?.hand).toHaveLength(3);
    expect(state.players[1]?.hand).toHaveLength(3);
    expect(state.guns.red).toBeNull();
    expect(state.active).toBe(1);
    expect(money(state)).toBe(money(s));
  });

  test('a tie goes to the threatener; the $20 is capped at the Loot the loser actually holds', () => {
    const pick = picker();
    const a = [pick({ bullets: 1 }), pick({ bullets: 1 }), pick({ bullets: 0 })];
    const b = [pick({ bullets: 2 }), pick({ bullets: 0 }), pick({ bullets: 0 })];
    expect(bulletsOf(a)).toBe(bulletsOf(b));
    const s = craft([a, b], { players: [{}, { loot: 7 }] });
    const { state } = run(s, [
      [0, THREATEN('blue', 1)],
      [1, BLUFF],
    ]);
    expect(state.players[0]?.loot).toBe(27);
    expect(state.players[1]?.loot).toBe(0);
    expect(state.lastReveal?.amount).toBe(7);
  });

  test("Russian Roulette: a d6 against the threatener's Bullets, shown to all; equal rolls again; Click! pays the threatened, Bang! the threatener", () => {
    const pick = picker();
    const th = [pick({ bullets: 1 }), pick({ bullets: 1 }), pick({ bullets: 1 })];
    const tg = [pick({ bullets: 0 }), pick({ bullets: 0 }), pick({ bullets: 0 })];
    const seen = new Set<string>();
    let rerolled = false;
    for (let seed = 0; seed < 60; seed++) {
      const s = { ...craft([th, tg], { russianRoulette: true }), rng: Rng.fromSeed(seed).state() };
      const { state, events } = run(s, [
        [0, THREATEN('green', 1)],
        [1, BLUFF],
      ]);
      const e = events.find((x) => x.type === 'roulette') as GameEvent;
      const rolls = e.rolls as number[];
      const last = rolls[rolls.length - 1]!;
      expect(rolls.slice(0, -1).every((r) => r === 3)).toBe(true);
      expect(last).not.toBe(3);
      if (rolls.length > 1) rerolled = true;
      expect(e.result).toBe(last > 3 ? 'click' : 'bang');
      expect(state.players[0]?.loot).toBe(last > 3 ? 0 : 40);
      expect(state.players[1]?.loot).toBe(last > 3 ? 40 : 0);
      expect(state.lastReveal).toMatchObject({ kind: 'roulette', hands: [{ seat: 0, cards: th, bullets: 3 }], rolls });
      expect(e.to).toBeUndefined();
      seen.add(String(e.result));
    }
    expect(seen).toEqual(new Set(['click', 'bang']));
    expect(rerolled).toBe(true);
  });
});

/* ---------- the duel ---------- */

describe('the duel', () => {
  const pick = picker();
  // Seat 1 answers "Do you?"; after the swap seat 0 holds B and seat 1 holds A.
  const A = [
    pick({ colour: 'red', area: 'head', noise: 'bang' }),
    pick({ colour: 'red', area: 'head', noise: 'boom' }),
    pick({ colour: 'blue', area: 'chest', noise: 'bang' }),
  ];
  const B = [
    pick({ colour: 'green', area: 'leg', noise: 'blam' }),
    pick({ colour: 'green', area: 'arm', noise: 'blam' }),
    pick({ colour: 'blue', area: 'leg', noise: 'boom' }),
  ];
  const winA = shoot('red', 'head', 'bang'); // correct for the holder of A (seat 1)
  const winB = shoot('green', 'leg', 'blam'); // correct for the holder of B (seat 0)

  test('hands are swapped unseen; "Go!" comes GO_DELAY_MS later through deadline; shots before it are TOO_EARLY', () => {
    const { state, events } = toDuel(A, B);
    expect(state.phase).toMatchObject({ kind: 'duel', startedAt: 1000, goAt: 1000 + GO_DELAY_MS, go: false });
    expect(deadline(state)).toBe(1000 + GO_DELAY_MS);
    expect(state.players[0]?.hand).toEqual(B);
    expect(state.players[1]?.hand).toEqual(A);
    expect(view(state, 0).hand).toEqual([]);
    expect(view(state, 1).hand).toEqual([]);
    expect(view(state, 0).players[0]?.handCount).toBe(3);
    expect(JSON.stringify(eventsFor(events, 0))).not.toContain(B[0]);
    expect(pending(state)).toEqual([]);
    expect(legalIntents(state, 1)).toEqual([]);
    expect(errorOf(state, 1, winA, 2000)).toBe('TOO_EARLY');
    const go = tick(state);
    expect(go.events.filter((e) => e.type === 'duel_hand').map((e) => [e.to, e.cards])).toEqual([
      [[0], B],
      [[1], A],
    ]);
    expect(view(go.state, 0).hand).toEqual(B);
    expect(view(go.state, 1).hand).toEqual(A);
    expect(view(go.state, 2).hand).toHaveLength(3);
    expect(deadline(go.state)).toBe(1000 + GO_DELAY_MS + DUEL_LIMIT_MS);
    expect(pending(go.state)).toEqual([0, 1]);
  });

  test('a shot arriving after goAt is judged after "Go!" even if timeout was not called yet', () => {
    const { state } = toDuel(A, B);
    const r = run(state, [[1, winA, 2600]]);
    expect(r.events.map((e) => e.type).slice(0, 4)).toEqual(['go', 'duel_hand', 'duel_hand', 'shot']);
    expect(r.state.lastDuel?.winner).toBe(1);
  });

  test("the first correct shot wins: the loser takes a Wound and loses their Bounty to the winner's Loot; +$10 Bounty from the bank; both draw 3", () => {
    const { state } = toDuel(A, B, 'yellow', { players: [{ bounty: 35 }, {}] });
    const go = tick(state).state;
    const before = money(go);
    const r = run(go, [[0, winB, 2800]]);
    const s = r.state;
    expect(s.players[1]?.wounds).toBe(1);
    expect(s.players[1]?.bounty).toBe(0);
    expect(s.players[0]?.loot).toBe(40);
    expect(s.players[0]?.bounty).toBe(45);
    expect(money(s) - before).toBe(bankPaid(r.events));
    expect(r.events.filter((e) => e.type === 'bank_paid')).toEqual([{ type: 'bank_paid', seat: 0, amount: 10, into: 'bounty', reason: 'duel_won' }]);
    expect(s.discard).toEqual(expect.arrayContaining([...A, ...B]));
    expect(s.players[0]?.hand).toHaveLength(3);
    expect(s.players[1]?.hand).toHaveLength(3);
    expect(s.lastDuel).toMatchObject({ winner: 0, result: 'won', shots: [{ seat: 0, correct: true, at: 2800 }] });
    expect(s.guns.yellow).toBeNull();
    expect(s.active).toBe(1);
    expect(errorOf(s, 1, winA, 2801)).toBe('NOT_NOW');
  });

  test('a loser with $0 Bounty gives the winner nothing', () => {
    const { state } = toDuel(A, B, 'yellow', { players: [{}, { bounty: 0 }] });
    const r = run(tick(state).state, [[0, winB, 3000]]);
    expect(r.state.players[0]?.loot).toBe(20);
    expect(r.state.players[0]?.bounty).toBe(20);
    expect(r.state.players[1]?.wounds).toBe(1);
    expect(bankPaid(r.events)).toBe(0);
  });

  test('a misfire locks that duelist out for 2 s; the other may still shoot', () => {
    const go = tick(toDuel(A, B).state).state;
    const m = run(go, [[1, shoot('blue', 'head', 'bang'), 3000]]);
    expect(m.events.find((e) => e.type === 'misfire')).toEqual({ type: 'misfire', seat: 1, lockedUntil: 3000 + MISFIRE_LOCK_MS });
    expect(errorOf(m.state, 1, winA, 3000 + MISFIRE_LOCK_MS - 1)).toBe('LOCKED_OUT');
    // A malformed shot is answered for what it is, lock-out or not.
    expect(errorOf(m.state, 1, shoot('purple' as Colour, 'head', 'bang'), 3500)).toBe('BAD_SHOT');
    expect(errorOf(m.state, 1, { type: 'shoot', gun: 'red', area: 'head' }, 3500)).toBe('BAD_SHOT');
    expect(errorOf(m.state, 0, winB, 3500)).toBeNull();
    const late = run(m.state, [[1, winA, 3000 + MISFIRE_LOCK_MS]]);
    expect(late.state.lastDuel?.winner).toBe(1);
    expect(late.state.lastDuel?.shots.map((x) => x.correct)).toEqual([false, true]);
  });

  test('a shot naming a target outside a Standoff is refused (no legal shot names one), locked out or not', () => {
    const go = tick(toDuel(A, B).state).state;
    expect(legalIntents(go, 1).some((i) => i.type === 'shoot' && 'target' in i)).toBe(false);
    expect(errorOf(go, 1, { ...(winA as Saloon.ShootIntent), target: 0 }, 3000)).toBe('BAD_TARGET');
    const m = run(go, [[1, shoot('blue', 'head', 'bang'), 3000]]);
    expect(errorOf(m.state, 1, { ...(winA as Saloon.ShootIntent), target: 0 }, 3500)).toBe('BAD_TARGET');
    expect(errorOf(go, 1, winA, 3000)).toBeNull();
  });

  test('a shot sooner than FALSE_START_MS after "Go!" is a false start: a misfire with the right cards, by its time or by the reaction the server accepted', () => {
    const goAt = 1000 + GO_DELAY_MS;
    const go = tick(toDuel(A, B).state).state;
    const early = run(go, [[1, winA, goAt + FALSE_START_MS - 1]]);
    expect(early.state.phase).toMatchObject({ kind: 'duel', lockedUntil: [0, goAt + FALSE_START_MS - 1 + MISFIRE_LOCK_MS, 0] });
    expect(early.events.find((e) => e.type === 'shot')).toMatchObject({ seat: 1, correct: false, falseStart: true, reactionMs: FALSE_START_MS - 1 });
    // On time by the clock, but the reaction the server accepted is 60 ms: still a false start.
    const claimed = run(go, [[1, { ...(winA as Saloon.ShootIntent), reactionMs: 60 }, goAt + 400]]);
    expect(claimed.events.find((e) => e.type === 'shot')).toMatchObject({ correct: false, falseStart: true, reactionMs: 60 });
    // Exactly the floor is a fair shot.
    const fair = run(go, [[1, winA, goAt + FALSE_START_MS]]);
    expect(fair.state.lastDuel).toMatchObject({ winner: 1, shots: [{ seat: 1, correct: true, reactionMs: FALSE_START_MS }] });
  });

  test('the race seen ahead: race() tells "Go!" and the racers; racePreview() is exactly the hand shown at "Go!"; viewAtGo() lists the same shots', () => {
    const { state } = toDuel(A, B);
    expect(race(state)).toEqual({ goAt: 1000 + GO_DELAY_MS, seats: [0, 1], falseStartMs: FALSE_START_MS, go: false, scheduled: true, intents: ['shoot'] });
    expect(racePreview(state, 0)).toEqual({ goAt: 1000 + GO_DELAY_MS, cards: B });
    expect(racePreview(state, 1)).toEqual({ goAt: 1000 + GO_DELAY_MS, cards: A });
    expect(racePreview(state, 2)).toBeNull(); // not a duelist
    const go = tick(state).state;
    for (const seat of [0, 1]) {
      const ahead = viewAtGo(view(state, seat), racePreview(state, seat)!.cards);
      expect(ahead).toEqual(view(go, seat));
      expect(legalFromView(ahead)).toEqual(legalIntents(go, seat));
    }
    expect(race(go)).toMatchObject({ go: true });
    expect(racePreview(go, 0)).toBeNull(); // "Go!" given: nothing ahead
    expect(race(tick(go).state)).toBeNull();
  });

  test('a threat is a response window: race() opens it at the threat, for the threatened player and whoever may interrupt it', () => {
    const yellows = [pick({ colour: 'yellow', symbol: null }), pick({ colour: 'yellow', symbol: null }), pick({ colour: 'yellow', symbol: null })];
    const mixed = [pick({ colour: 'red', symbol: null }), pick({ colour: 'green', symbol: null }), pick({ colour: 'yellow', symbol: null })];
    const bottle = run(craft([A, B, yellows]), [[0, THREATEN('yellow', 1), 500]]).state;
    expect(race(bottle)).toEqual({ goAt: 500, seats: [1, 2], falseStartMs: 0, go: true, scheduled: false, intents: ['answer', 'crash', 'standoff'] });
    expect(racePreview(bottle, 1)).toBeNull(); // nothing is sent ahead: the threat shows when it arrives
    const quiet = run(craft([A, B, mixed]), [[0, THREATEN('yellow', 1), 500]]).state;
    expect(race(quiet)?.seats).toEqual([1]);
  });

  test('nobody shoots correctly for 20 s after "Go!": the duel is abandoned, no winner, both draw 3', () => {
    const go = tick(toDuel(A, B).state).state;
    const r = tick(go);
    expect(r.events.find((e) => e.type === 'duel_abandoned')).toMatchObject({ at: 1000 + GO_DELAY_MS + DUEL_LIMIT_MS });
    expect(r.state.players.map((p) => p.wounds)).toEqual([0, 0, 0]);
    expect(r.state.lastDuel).toMatchObject({ winner: null, result: 'abandoned' });
    expect(r.state.active).toBe(1);
    expect(money(r.state)).toBe(money(go));
    // A late shot is refused: the deadline has passed.
    expect(errorOf(go, 1, winA, 1000 + GO_DELAY_MS + DUEL_LIMIT_MS)).toBe('NOT_NOW');
  });

  test('silence is "Do you?": the threat window (a table option) ends in a duel', () => {
    const p = picker();
    const s = craft([
      [p({}), p({}), p({})],
      [p({}), p({}), p({})],
    ]);
    s.options.threatSeconds = 5;
    const t = run(s, [[0, THREATEN('red', 1), 100]]).state;
    expect(deadline(t)).toBe(5100);
    const r = tick(t);
    expect(r.events[0]).toEqual({ type: 'answered', seat: 1, call: 'duel', silent: true });
    expect(r.state.phase).toMatchObject({ kind: 'duel', goAt: 5100 + GO_DELAY_MS });
    // An answer after the window is too late: the duel has started.
    expect(errorOf(t, 1, BLUFF, 5100)).toBe('NOT_NOW');
    expect(errorOf(t, 1, BLUFF, 5099)).toBeNull();
  });

  test('Bottle, first use: the gun you need is in the threatener\'s hand — name the area and "Crash!"', () => {
    // Seat 1 (target) ends up holding A, whose majority colour is red: seat 0 threatens with the red gun.
    const go = tick(toDuel(A, B, 'red').state).state;
    expect(errorOf(go, 1, winA, 3000)).toBe('GUN_TAKEN');
    expect(errorOf(go, 1, shoot('bottle', 'head', 'bang'), 3000)).toBe('BAD_SHOT');
    expect(errorOf(go, 0, shoot('bottle', 'leg'), 3000)).toBe('BOTTLE_NOT_ALLOWED');
    expect(legalIntents(go, 1).filter((i) => i.type === 'shoot' && i.gun === 'bottle')).toHaveLength(4);
    expect(legalIntents(go, 1).some((i) => i.type === 'shoot' && i.gun === 'red')).toBe(false);
    const r = run(go, [[1, { type: 'shoot', gun: 'bottle', area: 'head', noise: 'crash' }, 3000]]);
    expect(r.state.lastDuel).toMatchObject({ winner: 1, shots: [{ gun: 'bottle', noise: 'crash', correct: true }] });
    // "In both cases … they will collect $20 from the Bank as Loot": on top of the duel's Bounty and raise.
    expect(r.events.flatMap((e) => (e.type === 'bank_paid' && e.seat === 1 ? [[e.reason, e.into, e.amount]] : []))).toEqual([
      ['duel_won', 'bounty', 10],
      ['bottle', 'loot', 20],
    ]);
    expect(r.state.players[1]).toMatchObject({ loot: 20 + 20 + 20, bounty: 30 });
    expect(money(r.state) - money(go)).toBe(bankPaid(r.events));
    // The threatener may grab the gun they hold.
    const r0 = run(go, [[0, shoot('red', 'leg', 'blam'), 3000]]);
    expect(r0.events.find((e) => e.type === 'shot')).toMatchObject({ seat: 0, gun: 'red', correct: false });
    expect(r0.state.phase).toMatchObject({ kind: 'duel', lockedUntil: [3000 + MISFIRE_LOCK_MS, 0, 0] });
  });

  test("Bottle, second use: 3 cards of the threatening gun's colour hit the threatener, stop the threat, +$20 from the bank", () => {
    const p = picker();
    const reds = [p({ colour: 'red' }), p({ colour: 'red' }), p({ colour: 'red' })];
    const s = craft([[p({ colour: 'blue' }), p({}), p({})], [p({ colour: 'blue' }), p({}), p({})], reds]);
    const t = run(s, [[0, THREATEN('red', 1), 0]]).state;
    expect(legalIntents(t, 2)).toEqual([{ type: 'crash' }]);
    expect(pending(t)).toEqual([1]);
    expect(legalIntents(t, 0).some((i) => i.type === 'crash')).toBe(false);
    const { state, events } = run(t, [[2, { type: 'crash' }, 2000]]);
    expect(events.find((e) => e.type === 'crashed')).toMatchObject({ seat: 2, target: 0, gun: 'red', cards: reds, stopped: 'threat' });
    expect(state.players[2]?.loot).toBe(40);
    expect(state.players[2]?.hand).toHaveLength(3);
    expect(state.players[2]?.hand.some((id) => reds.includes(id))).toBe(false);
    expect(state.lastReveal).toMatchObject({ kind: 'bottle', winner: 2, amount: 20 });
    expect(state.players.map((x) => x.wounds)).toEqual([0, 0, 0]);
    expect(state.active).toBe(1);
    expect(state.guns.red).toBeNull();
    // Wrong colour: nothing to crash with.
    const blue = run(s, [[0, THREATEN('blue', 1), 0]]).state;
    expect(errorOf(blue, 2, { type: 'crash' })).toBe('NOT_NOW');
    // It also stops a duel under way; the duelists keep their (swapped) hands.
    const duel = run(t, [[1, DUEL, 1000]]).state;
    const stopped = run(duel, [[2, { type: 'crash' }, 1200]]);
    expect(stopped.state.lastDuel).toMatchObject({ result: 'stopped', winner: null });
    expect(stopped.state.players[0]?.hand).toEqual(s.players[1]!.hand);
    expect(view(stopped.state, 0).hand).toEqual(s.players[1]!.hand);
  });
});

/* ---------- the end ---------- */

describe('the end of the game', () => {
  test("$130 Loot: the game ends at the end of the turn of the player to that player's right", () => {
    const p = picker();
    const booty = p({ symbol: 'booty' });
    const hands = [
      [p({}), p({}), p({})],
      [booty, p({}), p({})],
      [p({}), p({}), p({})],
    ];
    const s = craft(hands, { active: 1, dealer: 0, players: [{}, { loot: 120 }, {}] });
    const a = run(s, [[1, { type: 'cashLoot', cards: [booty] }]]);
    expect(a.state.endAfter).toBe(0);
    expect(a.events.find((e) => e.type === 'end_triggered')).toEqual({ type: 'end_triggered', seat: 1, reason: 'loot', endAfter: 0 });
    const pass = (st: SaloonState) => tick(st).state;
    const b = pass(a.state); // seat 2's turn
    expect(outcome(b)).toBeNull();
    const c = tick(b); // seat 0's turn: the last
    expect(outcome(c.state)).not.toBeNull();
    expect(c.events.find((e) => e.type === 'game_over')).toBeDefined();
    expect(errorOf(c.state, 1, { type: 'draw', from: 'deck' })).toBe('GAME_OVER');
    expect(isError(timeout(c.state))).toBe(true);
    expect(pending(c.state)).toEqual([]);
  });

  test('a third Wound in the turn of the player to the right ends the game at the end of that same turn', () => {
    const p = picker();
    const A = [
      p({ colour: 'red', area: 'head', noise: 'bang' }),
      p({ colour: 'red', area: 'head', noise: 'boom' }),
      p({ colour: 'blue', area: 'chest', noise: 'bang' }),
    ];
    const B = [
      p({ colour: 'green', area: 'leg', noise: 'blam' }),
      p({ colour: 'green', area: 'arm', noise: 'blam' }),
      p({ colour: 'blue', area: 'leg', noise: 'boom' }),
    ];
    const { state } = toDuel(A, B, 'yellow', { players: [{}, { wounds: 2 }] });
    const r = run(tick(state).state, [[0, shoot('green', 'leg', 'blam'), 3000]]);
    expect(r.events.find((e) => e.type === 'end_triggered')).toEqual({ type: 'end_triggered', seat: 1, reason: 'wounds', endAfter: 0 });
    expect(r.state.phase.kind).toBe('over');
    expect(outcome(r.state)).toEqual({ winners: [0], scores: [20 + 20 + 20 + 10, 20 + 0 - 30, 40] });
  });

  test('score = Loot + Bounty − $10 × Wounds; ties by Bounty, then shared', () => {
    const P = (loot: number, bounty: number, wounds = 0) => ({ hand: [], loot, bounty, wounds });
    expect(winnersOf([P(50, 20), P(60, 20, 1), P(30, 30)])).toEqual([0, 1]);
    expect(winnersOf([P(40, 30), P(50, 20), P(69, 0)])).toEqual([0]);
    expect(winnersOf([P(100, 20), P(10, 20), P(120, 0)])).toEqual([0]);
    expect(winnersOf([P(10, 20), P(90, 40, 1)])).toEqual([1]);
  });
});

describe('two-player / simplified game', () => {
  test('two seats always play without Desperado and Mexican Standoff cards', () => {
    const s = setup({ seats: 2, options: { threatSeconds: 10, simplified: false, russianRoulette: false } }, Rng.fromSeed(3));
    expect(s.simplified).toBe(true);
    expect(locations(s).size).toBe(52);
    const ids = [...locations(s).keys()].map(card);
    expect(ids.some((c) => c.symbol === 'desperado' || c.symbol === 'standoff')).toBe(false);
  });
});
