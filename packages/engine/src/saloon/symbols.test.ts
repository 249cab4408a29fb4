import { isError, type GameEvent, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { bot } from './bot';
import { CARDS, isWindEvent, WIND_EVENTS, type CardInfo } from './cards';
import type { SaloonIntent } from './intents';
import { apply, interrupters, legalIntents, pending, setup, timeout } from './rules';
import type { Phase, SaloonPlayer, SaloonState } from './state';
import { view } from './view';
import { majorities } from './majority';
import { craft, run } from './testkit';

/* ---------- helpers: ./testkit ---------- */

function errorOf(state: SaloonState, seat: Seat, intent: unknown, now?: number): string | null {
  const r = apply(state, seat, intent as SaloonIntent, now);
  return isError(r) ? r.error.code : null;
}

const money = (s: SaloonState) => s.players.reduce((m, p) => m + p.loot + p.bounty, 0);
const bankPaid = (events: GameEvent[]) => events.filter((e) => e.type === 'bank_paid').reduce((m, e) => m + (e.amount as number), 0);
const ofSymbol = (symbol: CardInfo['symbol']) => CARDS.filter((c) => c.symbol === symbol).map((c) => c.id);
const LAW = ofSymbol('law');
const WANTED = ofSymbol('wanted');
const ESCAPE = ofSymbol('escape');
const PLAIN = CARDS.filter((c) => c.symbol === null).map((c) => c.id);
const plain = (k: number) => PLAIN.slice(3 * k, 3 * k + 3);
const THREATEN = (gun: 'red' | 'blue' | 'green' | 'yellow', target: Seat): SaloonIntent => ({ type: 'threaten', gun, target });
const answer = (call: Extract<SaloonIntent, { type: 'answer' }>['call'], more: { card?: string; target?: Seat } = {}): SaloonIntent => ({
  type: 'answer',
  call,
  ...more,
});

/* ---------- Wanted Alive ---------- */

describe('Wanted Alive', () => {
  test.each([
    { bounty: 35, loot: 55 },
    { bounty: 0, loot: 20 },
  ])("as a Cash Loot action: three cards take another player's whole Bounty (Bounty $bounty → Loot $loot); no bank money", ({ bounty, loot }) => {
    const s = craft([WANTED.slice(0, 3), plain(0), plain(1)], { players: [{}, {}, { bounty }] });
    const legal = legalIntents(s, 0).filter((i) => i.type === 'wanted');
    expect(legal).toEqual([
      { type: 'wanted', cards: WANTED.slice(0, 3), target: 1 },
      { type: 'wanted', cards: WANTED.slice(0, 3), target: 2 },
    ]);
    const { state, events } = run(s, [[0, { type: 'wanted', cards: WANTED.slice(0, 3), target: 2 }, 100]]);
    expect(state.players[0]?.loot).toBe(loot);
    expect(state.players[2]?.bounty).toBe(0);
    expect(money(state) - money(s)).toBe(bankPaid(events));
    expect(state.players[0]?.hand).toHaveLength(3);
    expect(state.discard).toEqual(expect.arrayContaining(WANTED.slice(0, 3)));
    expect(state.active).toBe(1);
    expect(events.some((e) => e.type === 'wanted_alive' && e.answer === false)).toBe(true);
  });

  test('the robbed player gets $20 back only at the end of their own turn', () => {
    const s = craft([WANTED.slice(0, 3), plain(0), plain(1)]);
    let { state } = run(s, [[0, { type: 'wanted', cards: WANTED.slice(0, 3), target: 2 }, 100]]);
    state = run(state, [
      [1, { type: 'draw', from: 'deck' }, 200],
      [1, { type: 'discard', cards: [state.players[1]!.hand[0]!] }, 300],
    ]).state;
    expect(state.players[2]?.bounty).toBe(0);
    const r = run(state, [[2, { type: 'draw', from: 'deck' }, 400]]);
    const after = run(r.state, [[2, { type: 'discard', cards: [r.state.players[2]!.hand[0]!] }, 500]]);
    expect(after.state.players[2]?.bounty).toBe(20);
    expect(after.events.find((e) => e.type === 'bank_paid')).toMatchObject({ seat: 2, reason: 'bounty_reset' });
  });

  test.each([
    ['two Wanted and a plain card', [WANTED[0], WANTED[1], PLAIN[0]], 1, 'ILLEGAL_CARD'],
    ['yourself', WANTED.slice(0, 3), 0, 'BAD_TARGET'],
    ['nobody', WANTED.slice(0, 3), 7, 'BAD_TARGET'],
  ] as const)('refused: %s', (_name, cards, target, code) => {
    const s = craft([[WANTED[0]!, WANTED[1]!, cards[2] === PLAIN[0] ? PLAIN[0]! : WANTED[2]!], plain(1), plain(2)]);
    expect(errorOf(s, 0, { type: 'wanted', cards, target })).toBe(code);
  });

  test("threatened while holding three: reveal them, take the threatener's Bounty, the threatener's turn ends", () => {
    const s = craft([plain(0), WANTED.slice(0, 3), plain(1)], { players: [{ bounty: 30 }] });
    const t = run(s, [[0, THREATEN('red', 1), 0]]).state;
    expect(legalIntents(t, 1)).toContainEqual(answer('wanted'));
    const { state, events } = run(t, [[1, answer('wanted'), 1000]]);
    expect(state.players[1]?.loot).toBe(50);
    // The threatener's own turn ended: its $0 Bounty is reset at once.
    expect(state.players[0]?.bounty).toBe(20);
    expect(events.filter((e) => e.type === 'bank_paid')).toEqual([expect.objectContaining({ seat: 0, amount: 20, reason: 'bounty_reset' })]);
    expect(state.lastReveal).toMatchObject({ kind: 'wanted', winner: 1, amount: 30 });
    expect(state.phase).toEqual({ kind: 'turn' });
    expect(state.active).toBe(1);
    expect(state.guns.red).toBeNull();
    expect(state.players[1]?.hand).toHaveLength(3);
    expect(state.players[1]?.hand.some((id) => WANTED.slice(0, 3).includes(id))).toBe(false);
  });

  test('without three Wanted Alive the answer is refused', () => {
    const s = craft([plain(0), [WANTED[0]!, WANTED[1]!, PLAIN[9]!], plain(1)]);
    const t = run(s, [[0, THREATEN('red', 1), 0]]).state;
    expect(legalIntents(t, 1)).not.toContainEqual(answer('wanted'));
    expect(errorOf(t, 1, answer('wanted'), 500)).toBe('ILLEGAL_CARD');
  });
});

/* ---------- The Law ---------- */

describe('The Law', () => {
  test.each([
    { threatenerBounty: 30, paid: 30 },
    { threatenerBounty: 0, paid: 0 },
  ])(
    '"I am the Law": the threatener loses the turn, the Law collects its Bounty ($threatenerBounty) from the bank, discards and draws 3',
    ({ threatenerBounty, paid }) => {
      const s = craft([plain(0), LAW.slice(0, 3), plain(1)], { players: [{ bounty: threatenerBounty }] });
      const t = run(s, [[0, THREATEN('blue', 1), 0]]).state;
      expect(legalIntents(t, 1)).toEqual([answer('bluffing'), answer('duel'), answer('law')]);
      const { state, events } = run(t, [[1, answer('law'), 1000]]);
      expect(state.players[1]?.loot).toBe(20 + paid);
      const lawPay = events.filter((e) => e.type === 'bank_paid' && e.reason === 'law');
      expect(lawPay).toEqual(paid ? [expect.objectContaining({ seat: 1, amount: paid, into: 'loot' })] : []);
      expect(state.players[0]?.loot).toBe(20);
      expect(state.discard).toEqual(expect.arrayContaining(LAW.slice(0, 3)));
      expect(state.players[1]?.hand).toHaveLength(3);
      expect(state.lastReveal).toMatchObject({ kind: 'law', winner: 1, amount: threatenerBounty });
      expect(state.active).toBe(1);
      expect(money(state) - money(t)).toBe(bankPaid(events));
    },
  );

  test("a Law-holder who wins a duel also collects the loser's Bounty again from the bank", () => {
    // Seat 0 holds three Laws and threatens; after the swap it holds seat 1's reds (red, head, bang majority).
    const reds = ['red-head-3', 'red-head-4', 'red-chest-3'];
    const s = craft([LAW.slice(0, 3), reds, plain(2)], { players: [{}, { bounty: 25 }] });
    const { state, events } = run(s, [
      [0, THREATEN('yellow', 1), 0],
      [1, answer('duel'), 1000],
      [0, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' }, 3000],
    ]);
    expect(state.lastDuel).toMatchObject({ winner: 0, result: 'won' });
    expect(state.players[0]?.loot).toBe(20 + 25 + 25);
    expect(state.players[0]?.bounty).toBe(30);
    expect(events.find((e) => e.type === 'law_won_duel')).toMatchObject({ seat: 0, amount: 25 });
    expect(events.filter((e) => e.type === 'bank_paid').map((e) => e.reason)).toEqual(['duel_won', 'law_duel']);
  });

  test("the Law's opponent winning gets no bonus; holding the Laws only after the swap is not being the Law", () => {
    const reds = ['red-head-3', 'red-head-4', 'red-chest-3'];
    const s = craft([LAW.slice(0, 3), reds, plain(2)]);
    // Seat 1 shoots from the three Laws it now holds.
    const r = run(s, [
      [0, THREATEN('yellow', 1), 0],
      [1, answer('duel'), 1000],
    ]);
    expect(r.state.players[1]?.hand).toEqual(LAW.slice(0, 3));
    // red-arm-3, blue-leg-1, green-head-4: any colour, any area, Boom!
    const d = run(r.state, [[1, { type: 'shoot', gun: 'red', area: 'arm', noise: 'boom' }, 3000]]);
    expect(d.state.lastDuel).toMatchObject({ winner: 1 });
    expect(d.events.some((e) => e.type === 'law_won_duel')).toBe(false);
    expect(d.state.players[1]?.loot).toBe(40);
  });
});

/* ---------- Escape on Horseback ---------- */

describe('Escape on Horseback', () => {
  const esc = ESCAPE[0]!;
  const esc2 = ESCAPE[1]!;

  test('the escaper discards it, draws one and gives the threatener a new target (anyone but the two of them)', () => {
    const s = craft([plain(0), [esc, PLAIN[3]!, PLAIN[4]!], plain(2), plain(3)]);
    const t = run(s, [[0, THREATEN('green', 1), 0]]).state;
    expect(legalIntents(t, 1).filter((i) => i.type === 'answer' && i.call === 'escape')).toEqual([
      answer('escape', { card: esc, target: 2 }),
      answer('escape', { card: esc, target: 3 }),
    ]);
    const { state, events } = run(t, [[1, answer('escape', { card: esc, target: 3 }), 2000]]);
    expect(state.phase).toMatchObject({ kind: 'threat', threatener: 0, target: 3, gun: 'green', until: 12_000, escaped: [1] });
    expect(pending(state)).toEqual([3]);
    expect(state.players[1]?.hand).toHaveLength(3);
    expect(state.players[1]?.hand).not.toContain(esc);
    expect(state.discard).toContain(esc);
    expect(state.guns.green).toBe(0);
    expect(events.find((e) => e.type === 'escaped')).toMatchObject({ seat: 1, result: 'new_target', target: 3 });
  });

  test.each([
    ['the threatener as new target', { card: esc, target: 0 }, 'BAD_TARGET'],
    ['yourself as new target', { card: esc, target: 1 }, 'BAD_TARGET'],
    ['no new target', { card: esc }, 'BAD_TARGET'],
    ['a card that is not an Escape', { card: PLAIN[3], target: 2 }, 'ILLEGAL_CARD'],
    ['an Escape you do not hold', { card: esc2, target: 2 }, 'ILLEGAL_CARD'],
  ] as const)('refused: %s', (_name, more, code) => {
    const s = craft([plain(0), [esc, PLAIN[3]!, PLAIN[4]!], plain(2)]);
    const t = run(s, [[0, THREATEN('green', 1), 0]]).state;
    expect(errorOf(t, 1, answer('escape', more), 500)).toBe(code);
  });

  test('the second target escapes too: the threatener chooses duel or bluff-call against it; silence is a duel', () => {
    const s = craft([plain(0), [esc, PLAIN[3]!, PLAIN[4]!], [esc2, PLAIN[5]!, PLAIN[6]!]]);
    const t = run(s, [
      [0, THREATEN('green', 1), 0],
      [1, answer('escape', { card: esc, target: 2 }), 1000],
    ]).state;
    // No third target: the second escaper names none.
    expect(legalIntents(t, 2).filter((i) => i.type === 'answer' && i.call === 'escape')).toEqual([answer('escape', { card: esc2 })]);
    expect(errorOf(t, 2, answer('escape', { card: esc2, target: 1 }), 1500)).toBe('BAD_TARGET');
    const e2 = run(t, [[2, answer('escape', { card: esc2 }), 2000]]);
    expect(e2.state.phase).toMatchObject({ kind: 'threat', threatener: 0, target: 2, escaped: [1, 2], until: 12_000 });
    expect(pending(e2.state)).toEqual([0]);
    expect(legalIntents(e2.state, 0)).toEqual([answer('bluffing'), answer('duel')]);
    expect(legalIntents(e2.state, 2)).toEqual([]);
    expect(errorOf(e2.state, 2, answer('duel'), 2500)).toBe('NOT_YOUR_TURN');
    // The threatener calls the duel.
    const duel = run(e2.state, [[0, answer('duel'), 3000]]);
    expect(duel.state.phase).toMatchObject({ kind: 'duel', threatener: 0, target: 2 });
    // Or says nothing: a duel too, answered silently by the threatener.
    const silent = timeout(e2.state);
    if (isError(silent)) throw new Error('timeout');
    expect(silent.events.find((e) => e.type === 'answered')).toMatchObject({ seat: 0, call: 'duel', silent: true });
    expect(silent.state.phase).toMatchObject({ kind: 'duel', threatener: 0, target: 2 });
    // Or calls the bluff against the second target.
    const bluff = run(e2.state, [[0, answer('bluffing'), 3000]]);
    expect(bluff.events.find((e) => e.type === 'bluff_called')).toMatchObject({ threatener: 0, target: 2 });
  });

  test('the second target may answer with The Law instead', () => {
    const s = craft([plain(0), [esc, PLAIN[3]!, PLAIN[4]!], LAW.slice(0, 3)]);
    const { state } = run(s, [
      [0, THREATEN('green', 1), 0],
      [1, answer('escape', { card: esc, target: 2 }), 1000],
      [2, answer('law'), 2000],
    ]);
    expect(state.players[2]?.loot).toBe(40);
    expect(state.active).toBe(1);
  });

  test('in a 2-player game the threat is simply cancelled', () => {
    const s = craft([plain(0), [esc, PLAIN[3]!, PLAIN[4]!]]);
    const t = run(s, [[0, THREATEN('green', 1), 0]]).state;
    expect(legalIntents(t, 1)).toContainEqual(answer('escape', { card: esc }));
    expect(errorOf(t, 1, answer('escape', { card: esc, target: 0 }), 500)).toBe('BAD_TARGET');
    const { state, events } = run(t, [[1, answer('escape', { card: esc }), 1000]]);
    expect(events.find((e) => e.type === 'escaped')).toMatchObject({ seat: 1, result: 'cancelled' });
    expect(state.phase).toEqual({ kind: 'turn' });
    expect(state.active).toBe(1);
    expect(state.guns.green).toBeNull();
    expect(money(state)).toBe(money(s));
    expect(state.players[1]?.hand).toHaveLength(3);
  });

  test('the Bottle still hits the threatener after an escape', () => {
    const greens = ['green-head-2', 'green-chest-2', 'green-chest-4'];
    const s = craft([plain(0), [esc, PLAIN[3]!, PLAIN[4]!], plain(2), greens]);
    const t = run(s, [
      [0, THREATEN('green', 1), 0],
      [1, answer('escape', { card: esc, target: 2 }), 1000],
    ]).state;
    expect(legalIntents(t, 3)).toEqual([{ type: 'crash' }]);
    const { state } = run(t, [[3, { type: 'crash' }, 1500]]);
    expect(state.players[3]?.loot).toBe(40);
    expect(state.phase).toEqual({ kind: 'turn' });
  });
});

/* ---------- the bot ---------- */

describe('the bot and the symbols', () => {
  test('it answers "I am the Law" and reveals Wanted Alive when threatened, and takes the richest Bounty with Wanted Alive', () => {
    const law = run(craft([plain(0), LAW.slice(0, 3), plain(1)]), [[0, THREATEN('red', 1), 0]]).state;
    expect(bot(view(law, 1), Rng.fromSeed(3))).toEqual(answer('law'));
    const wanted = run(craft([plain(0), WANTED.slice(0, 3), plain(1)]), [[0, THREATEN('red', 1), 0]]).state;
    expect(bot(view(wanted, 1), Rng.fromSeed(3))).toEqual(answer('wanted'));
    const turn = craft([WANTED.slice(0, 3), plain(0), plain(1)], { players: [{}, { bounty: 10 }, { bounty: 40 }] });
    expect(bot(view(turn, 0), Rng.fromSeed(3))).toEqual({ type: 'wanted', cards: WANTED.slice(0, 3), target: 2 });
  });

  test('as the threatener after two escapes it answers legally', () => {
    const s = craft([plain(0), [ESCAPE[0]!, PLAIN[3]!, PLAIN[4]!], [ESCAPE[1]!, PLAIN[5]!, PLAIN[6]!]]);
    const t = run(s, [
      [0, THREATEN('green', 1), 0],
      [1, answer('escape', { card: ESCAPE[0], target: 2 }), 1000],
      [2, answer('escape', { card: ESCAPE[1] }), 2000],
    ]).state;
    expect(legalIntents(t, 0)).toContainEqual(bot(view(t, 0), Rng.fromSeed(3)));
  });
});

/* ---------- Desperado: the Truel ---------- */

describe('Desperado and the Truel', () => {
  const DESP = ofSymbol('desperado'); // red-head-2, red-chest-2, blue-chest-1: red, head|chest, Blam!
  const reds = ['red-head-3', 'red-head-4', 'red-chest-3']; // red, head, Bang!
  const NOTHING: SaloonIntent = { type: 'desperado', guns: ['blue', 'green'], targets: [1, 3] };

  function truel(players: Partial<SaloonPlayer>[] = []) {
    const s = craft([DESP.slice(0, 3), reds, plain(2), plain(3)], { players });
    return run(s, [[0, NOTHING, 0]]);
  }

  test('"I have nothing to lose": two guns, two targets, no answer and no interrupt; hands pass to the right among the three', () => {
    const s = craft([DESP.slice(0, 3), reds, plain(2), plain(3)]);
    expect(legalIntents(s, 0)).toContainEqual(NOTHING);
    const { state, events } = truel();
    expect(state.phase).toMatchObject({ kind: 'truel', desperado: 0, others: [1, 3], go: false, goAt: 1500 });
    expect(state.guns).toEqual({ red: null, blue: 0, green: 0, yellow: null });
    // Seats 0, 1, 3 clockwise: 0 gets 1's hand, 1 gets 3's, 3 gets 0's.
    expect(state.players[0]?.hand).toEqual(reds);
    expect(state.players[1]?.hand).toEqual(plain(3));
    expect(state.players[3]?.hand).toEqual(DESP.slice(0, 3));
    expect(events.some((e) => JSON.stringify(e).includes(DESP[0]!))).toBe(false);
    for (const seat of [0, 1, 3]) expect(view(state, seat).hand).toEqual([]);
    expect(view(state, 2).hand).toEqual(plain(2));
    expect(pending(state)).toEqual([]);
    for (let seat = 0; seat < 4; seat++) expect(legalIntents(state, seat)).toEqual([]);
    expect(errorOf(state, 1, answer('duel'), 500)).toBe('NOT_NOW');
    expect(errorOf(state, 0, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' }, 1000)).toBe('TOO_EARLY');
  });

  test('the Desperado hits either one first: he takes both Bounties, both take a Wound', () => {
    let { state } = truel([{}, { bounty: 30 }, {}, { bounty: 15 }]);
    state = (timeout(state) as { state: SaloonState }).state;
    expect(pending(state)).toEqual([0, 1, 3]);
    expect(errorOf(state, 2, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' }, 1600)).toBe('NOT_YOUR_TURN');
    const before = money(state);
    const r = run(state, [[0, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' }, 2000]]);
    expect(r.events.find((e) => e.type === 'truel_won')).toMatchObject({ winners: [0], losers: [1, 3] });
    expect(r.events.find((e) => e.type === 'desperado_checked')).toMatchObject({ seat: 0, cards: DESP.slice(0, 3) });
    expect(r.state.players.map((p) => [p.loot, p.bounty, p.wounds])).toEqual([
      [65, 20, 0],
      [20, 0, 1],
      [20, 20, 0],
      [20, 0, 1],
    ]);
    expect(money(r.state) - before).toBe(bankPaid(r.events));
    expect(r.state.active).toBe(1);
    expect(r.state.guns).toEqual({ red: null, blue: null, green: null, yellow: null });
    for (const p of r.state.players) expect(p.hand).toHaveLength(3);
  });

  test.each([
    { bounty: 20, each: 10, left: 0 },
    { bounty: 25, each: 12, left: 1 },
    { bounty: 1, each: 0, left: 1 },
  ])('either other hits the Desperado first: each takes half his Bounty ($bounty → $each each, $left stays); he takes a Wound', ({ bounty, each, left }) => {
    let { state } = truel([{ bounty }]);
    state = (timeout(state) as { state: SaloonState }).state;
    const r = run(state, [
      [0, { type: 'shoot', gun: 'red', area: 'leg', noise: 'bang' }, 1800],
      [3, { type: 'shoot', gun: 'red', area: 'chest', noise: 'blam' }, 2000],
    ]);
    expect(r.events.find((e) => e.type === 'truel_won')).toMatchObject({ winners: [1, 3], losers: [0], shooter: 3 });
    expect(r.state.players[0]).toMatchObject({ wounds: 1, loot: 20 });
    expect(r.state.players[1]?.loot).toBe(20 + each);
    expect(r.state.players[3]?.loot).toBe(20 + each);
    expect(r.state.players[1]!.wounds + r.state.players[3]!.wounds).toBe(0);
    // The Desperado's turn ended: a $0 Bounty is reset, else the odd dollar stays.
    expect(r.state.players[0]?.bounty).toBe(left === 0 ? 20 : left);
    expect(r.state.lastDuel).toMatchObject({ winner: 3, result: 'won', truel: [0, 1, 3] });
  });

  test('nobody hits within 20 s: abandoned, no money moves, all three draw fresh hands', () => {
    let { state } = truel();
    state = (timeout(state) as { state: SaloonState }).state;
    const r = timeout(state);
    if (isError(r)) throw new Error('timeout');
    expect(r.events.some((e) => e.type === 'truel_abandoned')).toBe(true);
    expect(r.state.players.map((p) => p.loot + p.bounty)).toEqual([40, 40, 40, 40]);
    expect(r.state.active).toBe(1);
  });

  test('threatened while holding three Desperados: a Truel at once with the threatener and a player of your choice', () => {
    const s = craft([reds, DESP.slice(0, 3), plain(2)]);
    const t = run(s, [[0, THREATEN('yellow', 1), 0]]).state;
    expect(legalIntents(t, 1)).toContainEqual(answer('desperado', { target: 2 }));
    expect(errorOf(t, 1, answer('desperado', { target: 0 }), 500)).toBe('BAD_TARGET');
    const { state } = run(t, [[1, answer('desperado', { target: 2 }), 1000]]);
    expect(state.phase).toMatchObject({ kind: 'truel', desperado: 1, others: [0, 2], guns: [], goAt: 2500 });
    expect(state.guns.yellow).toBe(0);
  });

  test.each([
    ['without three Desperados', [DESP[0]!, DESP[1]!, PLAIN[0]!], NOTHING, 'ILLEGAL_CARD'],
    ['the same gun twice', DESP.slice(0, 3), { type: 'desperado', guns: ['blue', 'blue'], targets: [1, 3] }, 'BAD_TARGET'],
    ['yourself as a target', DESP.slice(0, 3), { type: 'desperado', guns: ['blue', 'red'], targets: [0, 3] }, 'BAD_TARGET'],
    ['one target', DESP.slice(0, 3), { type: 'desperado', guns: ['blue', 'red'], targets: [3] }, 'BAD_TARGET'],
  ] as const)('refused: %s', (_name, hand, intent, code) => {
    const s = craft([[...hand], reds, plain(2), plain(3)]);
    expect(errorOf(s, 0, intent)).toBe(code);
  });

  test('the bot says "I have nothing to lose" at the two biggest Bounties, and plays the Truel legally', () => {
    const s = craft([DESP.slice(0, 3), reds, plain(2), plain(3)], { players: [{}, { bounty: 40 }, { bounty: 10 }, { bounty: 30 }] });
    expect(bot(view(s, 0), Rng.fromSeed(3))).toMatchObject({ type: 'desperado', targets: [1, 3] });
    let { state } = truel();
    state = (timeout(state) as { state: SaloonState }).state;
    for (const seat of [0, 1, 3]) expect(legalIntents(state, seat)).toContainEqual(bot(view(state, seat), Rng.fromSeed(9)));
  });
});

/* ---------- Mexican Standoff ---------- */

describe('Mexican Standoff', () => {
  const SO = ofSymbol('standoff'); // red-chest-4, blue-arm-1, green-head-1, …
  const blues = ['blue-head-1', 'blue-head-4', 'blue-chest-3'];

  function chain(hand3: string[] = [SO[2]!, PLAIN[6]!, PLAIN[7]!], extra: string[][] = []) {
    const s = craft([plain(0), plain(1), [SO[1]!, PLAIN[3]!, PLAIN[4]!], hand3, ...extra]);
    return run(s, [
      [0, THREATEN('red', 1), 0],
      [2, { type: 'standoff', card: SO[1]!, gun: 'blue' }, 1000],
    ]);
  }

  test('"I don\'t think so!": a player with a Standoff card discards it (drawing one), takes a free gun and threatens the last threatener', () => {
    const s = craft([plain(0), plain(1), [SO[1]!, PLAIN[3]!, PLAIN[4]!], plain(3)]);
    const t = run(s, [[0, THREATEN('red', 1), 0]]).state;
    expect(legalIntents(t, 2).filter((i) => i.type === 'standoff')).toEqual(['blue', 'green', 'yellow'].map((gun) => ({ type: 'standoff', card: SO[1], gun })));
    expect(errorOf(t, 2, { type: 'standoff', card: SO[1], gun: 'red' }, 500)).toBe('GUN_TAKEN');
    expect(errorOf(t, 2, { type: 'standoff', card: PLAIN[3], gun: 'blue' }, 500)).toBe('ILLEGAL_CARD');
    expect(errorOf(t, 3, { type: 'standoff', card: PLAIN[9], gun: 'blue' }, 500)).toBe('NOT_NOW');
    const { state, events } = chain();
    expect(state.phase).toMatchObject({
      kind: 'standoff',
      stage: 'chain',
      threatener: 2,
      judge: 1,
      links: [
        { seat: 0, gun: 'red' },
        { seat: 2, gun: 'blue' },
      ],
      until: 6000,
    });
    expect(events.find((e) => e.type === 'i_dont_think_so')).toMatchObject({ seat: 2, gun: 'blue', target: 0 });
    expect(state.players[2]?.hand).toHaveLength(3);
    expect(state.discard).toContain(SO[1]);
    expect(errorOf(state, 1, answer('duel'), 1500)).toBe('NOT_NOW');
    expect(pending(state)).toEqual([]);
  });

  test("the chain, the Judge's flip and the race: the winner takes the hit player's Bounty, $10 from each other player in it (not the Judge), +$10", () => {
    let { state } = chain();
    // Seat 3 joins, pointing at seat 2; the window reopens.
    state = run(state, [[3, { type: 'standoff', card: SO[2]!, gun: 'green' }, 3000]]).state;
    expect(state.phase).toMatchObject({ threatener: 3, until: 8000 });
    expect(legalIntents(state, 2).some((i) => i.type === 'standoff')).toBe(false);
    let r = timeout(state);
    if (isError(r)) throw new Error('timeout');
    state = r.state;
    expect(state.phase).toMatchObject({ stage: 'ready', goAt: 9500 });
    expect(state.guns).toEqual({ red: null, blue: null, green: null, yellow: null });
    expect(errorOf(state, 3, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang', target: 0 }, 9000)).toBe('TOO_EARLY');
    r = timeout(state);
    if (isError(r)) throw new Error('timeout');
    state = r.state;
    const ph = state.phase as Extract<Phase, { kind: 'standoff' }>;
    expect(ph.stage).toBe('race');
    expect(ph.flipped).toHaveLength(3);
    expect(pending(state)).toEqual([0, 2, 3]);
    expect(view(state, null).phase).toMatchObject({ flipped: ph.flipped });
    const m = majorities(ph.flipped);
    const good = { type: 'shoot', gun: 'yellow', area: m.areas[0]!, noise: m.noises[0]! } as const;
    expect(errorOf(state, 1, { ...good, target: 0 }, 10_000)).toBe('NOT_YOUR_TURN');
    expect(errorOf(state, 3, { ...good, target: 1 }, 10_000)).toBe('BAD_TARGET');
    expect(errorOf(state, 3, { ...good, target: 3 }, 10_000)).toBe('BAD_TARGET');
    expect(errorOf(state, 3, { type: 'shoot', gun: 'bottle', area: m.areas[0], target: 0 }, 10_000)).toBe('BOTTLE_NOT_ALLOWED');
    const before = money(state);
    const handsBefore = state.players.map((p) => [...p.hand]);
    const w = run(state, [[3, { ...good, target: 0 }, 10_000]]);
    expect(w.events.find((e) => e.type === 'standoff_won')).toMatchObject({ winner: 3, hit: 0 });
    expect(w.state.players.map((p) => [p.loot, p.bounty, p.wounds])).toEqual([
      [20, 20, 1], // its Bounty taken, then reset at the end of its own turn
      [20, 20, 0], // the Judge
      [20, 10, 0],
      [50, 30, 0],
    ]);
    expect(money(w.state) - before).toBe(bankPaid(w.events));
    expect(w.state.discard).toEqual(expect.arrayContaining(ph.flipped));
    expect(w.state.active).toBe(1);
    // Decision: the rulebook has the duelists redraw, not the Standoff's players: everyone keeps their hand.
    expect(w.state.players.map((p) => p.hand)).toEqual(handsBefore);
    expect(w.events.some((e) => e.type === 'discarded' && e.reason === 'standoff' && e.seat !== 1)).toBe(false);
  });

  test('in the race a malformed shot is BAD_SHOT even during a lock-out', () => {
    let { state } = chain();
    state = (timeout(state) as { state: SaloonState }).state;
    state = (timeout(state) as { state: SaloonState }).state;
    const m = majorities((state.phase as Extract<Phase, { kind: 'standoff' }>).flipped);
    const wrongArea = (['head', 'chest', 'arm', 'leg'] as const).find((a) => !m.areas.includes(a)) ?? 'head';
    const wrongNoise = (['bang', 'boom', 'blam'] as const).find((n) => !m.noises.includes(n)) ?? 'bang';
    const locked = run(state, [[0, { type: 'shoot', gun: 'red', area: wrongArea, noise: wrongNoise, target: 2 }, 7000]]).state;
    expect(errorOf(locked, 0, { type: 'shoot', gun: 'red', area: m.areas[0], noise: m.noises[0], target: 2 }, 8000)).toBe('LOCKED_OUT');
    expect(errorOf(locked, 0, { type: 'shoot', gun: 'red', area: 'belly', noise: m.noises[0], target: 2 }, 8000)).toBe('BAD_SHOT');
  });

  test('a misfire locks out for 2 s; nobody correct in 20 s: the Standoff is abandoned', () => {
    let { state } = chain();
    state = (timeout(state) as { state: SaloonState }).state;
    state = (timeout(state) as { state: SaloonState }).state;
    const ph = state.phase as Extract<Phase, { kind: 'standoff' }>;
    const m = majorities(ph.flipped);
    const wrongArea = (['head', 'chest', 'arm', 'leg'] as const).find((a) => !m.areas.includes(a));
    if (wrongArea) {
      state = run(state, [[0, { type: 'shoot', gun: 'red', area: wrongArea, noise: m.noises[0], target: 2 }, 7000]]).state;
      expect(errorOf(state, 0, { type: 'shoot', gun: 'red', area: m.areas[0], noise: m.noises[0], target: 2 }, 8000)).toBe('LOCKED_OUT');
    }
    const r = timeout(state);
    if (isError(r)) throw new Error('timeout');
    expect(r.events.find((e) => e.type === 'standoff_ended')).toMatchObject({ result: 'abandoned' });
    expect(r.state.phase).toEqual({ kind: 'turn' });
    expect(r.state.players.map((p) => p.loot + p.bounty)).toEqual([40, 40, 40, 40]);
  });

  test('the Bottle during the chain knocks the gun holder out (+$20); with fewer than two left the Standoff ends', () => {
    const { state } = chain(blues);
    expect(legalIntents(state, 3)).toContainEqual({ type: 'crash' });
    const r = run(state, [[3, { type: 'crash' }, 2000]]);
    expect(r.events.find((e) => e.type === 'crashed')).toMatchObject({ seat: 3, target: 2, gun: 'blue', stopped: 'standoff' });
    expect(r.events.find((e) => e.type === 'standoff_ended')).toMatchObject({ result: 'broken' });
    expect(r.state.players[3]?.loot).toBe(40);
    expect(r.state.phase).toEqual({ kind: 'turn' });
  });

  test('the Bottle with more left: the hit player leaves, the others go on to the race', () => {
    const { state } = chain([SO[2]!, PLAIN[6]!, PLAIN[7]!], [blues]);
    const s2 = run(state, [
      [3, { type: 'standoff', card: SO[2]!, gun: 'green' }, 2000],
      [4, { type: 'crash' }, 2500],
    ]).state;
    expect(s2.phase).toMatchObject({ kind: 'standoff', stage: 'chain', out: [2], threatener: 3 });
    expect(s2.guns.blue).toBeNull();
    const ready = (timeout(s2) as { state: SaloonState }).state;
    const race = (timeout(ready) as { state: SaloonState }).state;
    expect(pending(race)).toEqual([0, 3]);
  });

  test('after one Escape the chain may start against the threatener (the new target is the Judge); after two it may not', () => {
    const esc = ESCAPE[0]!;
    const s = craft([plain(0), [esc, PLAIN[3]!, PLAIN[4]!], [ESCAPE[1]!, PLAIN[5]!, PLAIN[6]!], [SO[1]!, PLAIN[7]!, PLAIN[8]!]]);
    const one = run(s, [
      [0, THREATEN('red', 1), 0],
      [1, answer('escape', { card: esc, target: 2 }), 1000],
    ]).state;
    const j = run(one, [[3, { type: 'standoff', card: SO[1]!, gun: 'blue' }, 1500]]).state;
    expect(j.phase).toMatchObject({ kind: 'standoff', judge: 2, links: [{ seat: 0 }, { seat: 3 }] });
    const two = run(one, [[2, answer('escape', { card: ESCAPE[1] }), 2000]]).state;
    expect(legalIntents(two, 3).some((i) => i.type === 'standoff')).toBe(false);
  });

  test('interrupters: the seats that may hit with the Bottle or join the Standoff, without being waited for', () => {
    const s = craft([plain(0), plain(1), [SO[1]!, PLAIN[3]!, PLAIN[4]!], blues]);
    expect(interrupters(s)).toEqual([]);
    const t = run(s, [[0, THREATEN('blue', 1), 0]]).state;
    expect(pending(t)).toEqual([1]);
    expect(interrupters(t)).toEqual([2, 3]);
  });

  test('the bot says "I don\'t think so!" when it can and shoots correctly in the race', () => {
    const s = craft([plain(0), plain(1), [SO[1]!, PLAIN[3]!, PLAIN[4]!], plain(3)]);
    const t = run(s, [[0, THREATEN('red', 1), 0]]).state;
    expect(bot(view(t, 2), Rng.fromSeed(3))).toMatchObject({ type: 'standoff', card: SO[1] });
    let { state } = chain();
    state = (timeout(state) as { state: SaloonState }).state;
    state = (timeout(state) as { state: SaloonState }).state;
    const shot = bot(view(state, 2), Rng.fromSeed(4));
    expect(legalIntents(state, 2)).toContainEqual(shot);
    const r = run(state, [[2, shot, 9000]]);
    expect(r.events.some((e) => e.type === 'standoff_won' || e.type === 'misfire')).toBe(true);
  });
});

/* ---------- What the Wind Brings ---------- */

describe('What the Wind Brings (table option)', () => {
  /** Seat 0 draws from a deck whose top is `top`, then discards the card it drew; events resolve as seat 1's turn starts. */
  function windy(hands: string[][], top: string[], players: Partial<SaloonPlayer>[] = []) {
    const s = craft(hands, { players });
    s.options.wind = true;
    s.wind = { queue: [], held: [], done: [], resolving: false };
    s.deck = [...top, ...s.deck.filter((id) => !top.includes(id))];
    const d = run(s, [[0, { type: 'draw', from: 'deck' }, 100]]);
    const drawn = d.state.players[0]!.hand[3]!;
    const r = run(d.state, [[0, { type: 'discard', cards: [drawn] }, 200]]);
    return { before: s, drew: d, state: r.state, events: [...d.events, ...r.events] };
  }

  test('setup: with the option the 5 event cards are shuffled into the deck after the public cards', () => {
    const s = setup({ seats: 4, options: { threatSeconds: 10, simplified: false, russianRoulette: false, wind: true } }, Rng.fromSeed(5));
    expect(s.deck.filter(isWindEvent).sort()).toEqual([...WIND_EVENTS].sort());
    expect([...s.public, ...s.players.flatMap((p) => p.hand)].some(isWindEvent)).toBe(false);
    expect(
      setup({ seats: 4, options: { threatSeconds: 10, simplified: false, russianRoulette: false, wind: false } }, Rng.fromSeed(5)).deck.some(isWindEvent),
    ).toBe(false);
  });

  test("an event drawn stops play: the drawer gets the next card; the event resolves at the next turn's start and is set aside", () => {
    const { drew, state, events } = windy([plain(0), plain(1), plain(2)], ['event-hail', PLAIN[20]!]);
    expect(drew.state.players[0]?.hand).toContain(PLAIN[20]);
    expect(drew.events.find((e) => e.type === 'wind_drawn')).toMatchObject({ card: 'event-hail', seat: 0, held: false });
    expect(drew.state.wind?.queue).toEqual([{ card: 'event-hail', by: 0 }]);
    expect(events.find((e) => e.type === 'wind_event')).toMatchObject({ kind: 'hail', seat: 0 });
    expect(state.wind).toEqual({ queue: [], held: [], done: ['event-hail'], resolving: false });
    expect(view(state, null).wind?.done).toEqual(['event-hail']);
  });

  test('Hail of Bullets: everyone shows their Bullets; all with the most collect $20', () => {
    const hands = [plain(0), ['red-arm-4', 'blue-chest-3', 'green-head-2'], ['red-leg-3', 'blue-head-4', 'green-arm-2']];
    const { state, events } = windy(hands, ['event-hail', PLAIN[20]!]);
    const bullets = state.players.map((p) => p.hand.reduce((n, id) => n + CARDS.find((c) => c.id === id)!.bullets, 0));
    const best = Math.max(...bullets);
    expect(events.find((e) => e.type === 'hail_of_bullets')).toMatchObject({ bullets });
    const paid = events.flatMap((e) => (e.type === 'bank_paid' && e.reason === 'hail' ? [e.seat] : []));
    expect(paid).toEqual(bullets.map((b, s) => (b === best ? s : -1)).filter((s) => s >= 0));
  });

  test("The Great Bank Heist: the poorest collect $10 per Booty on the other players' cards", () => {
    const booty = ofSymbol('booty');
    const hands = [[booty[0]!, PLAIN[0]!, PLAIN[1]!], [booty[1]!, booty[2]!, PLAIN[2]!], plain(3)];
    const { state, events } = windy(hands, ['event-heist', PLAIN[20]!], [{ loot: 50 }, { loot: 30 }, { loot: 10 }]);
    expect(events.find((e) => e.type === 'bank_heist')).toMatchObject({ booty: [state.players[0]!.hand.filter((id) => booty.includes(id)).length, 2, 0] });
    const heist = events.flatMap((e) => (e.type === 'bank_paid' && e.reason === 'heist' ? [e] : []));
    expect(heist).toHaveLength(1);
    expect(heist[0]).toMatchObject({ seat: 2 });
    expect(state.players[2]?.loot).toBe(10 + heist[0]!.amount);
  });

  test('The Turkey: 3 cards flipped; the first other player to shoot it and the drawer each collect $10 and discard a Wound; an event flipped meanwhile is shuffled back', () => {
    const flip = ['red-head-3', 'red-head-4', 'event-heist', 'red-chest-3']; // red, head, Bang!
    const { state } = windy([plain(0), plain(1), plain(2)], ['event-turkey-1', PLAIN[20]!, ...flip], [{ wounds: 1 }, { wounds: 2 }]);
    expect(state.phase).toMatchObject({ kind: 'turkey', drawer: 0, stage: 'ready', goAt: 1700 });
    expect(state.active).toBe(1);
    const race = (timeout(state) as { state: SaloonState; events: GameEvent[] }).state;
    expect(race.phase).toMatchObject({ stage: 'race', flipped: ['red-head-3', 'red-head-4', 'red-chest-3'] });
    expect(race.wind?.held).toEqual(['event-heist']);
    expect(pending(race)).toEqual([1, 2]);
    expect(errorOf(race, 0, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' }, 2000)).toBe('NOT_YOUR_TURN');
    const r = run(race, [
      [2, { type: 'shoot', gun: 'blue', area: 'arm', noise: 'bang' }, 2000],
      [1, { type: 'shoot', gun: 'green', area: 'head', noise: 'bang' }, 2100],
    ]);
    expect(r.events.find((e) => e.type === 'turkey_shot')).toMatchObject({ seat: 1, drawer: 0 });
    expect(r.state.players.map((p) => [p.loot, p.wounds])).toEqual([
      [30, 0],
      [30, 1],
      [20, 0],
    ]);
    expect(r.state.phase).toEqual({ kind: 'turn' });
    expect(r.state.active).toBe(1);
    expect(r.state.wind).toMatchObject({ held: [], done: ['event-turkey-1'], resolving: false });
    expect(r.state.deck).toContain('event-heist');
    expect(r.events.some((e) => e.type === 'wind_shuffled_back')).toBe(true);
  });

  test("an event card flipped by the Judge is the Judge's: The Turkey pays the Judge, who does not shoot it", () => {
    const SO = ofSymbol('standoff');
    const s = craft([plain(0), plain(1), plain(2), [SO[0]!, PLAIN[12]!, PLAIN[13]!]], { players: [{}, {}, { wounds: 1 }, {}] });
    s.options.wind = true;
    s.wind = { queue: [], held: [], done: [], resolving: false };
    const top = [PLAIN[20]!, 'event-turkey-1', PLAIN[21]!, PLAIN[22]!, PLAIN[23]!];
    s.deck = [...top, ...s.deck.filter((id) => !top.includes(id))];
    // Seat 0 threatens seat 2 (the Judge); seat 3 says "I don't think so!" (drawing PLAIN[20]).
    let state = run(s, [
      [0, { type: 'threaten', gun: 'red', target: 2 }, 0],
      [3, { type: 'standoff', card: SO[0]!, gun: 'blue' }, 1000],
    ]).state;
    expect(state.phase).toMatchObject({ kind: 'standoff', judge: 2 });
    state = (timeout(state) as { state: SaloonState }).state; // the chain closes
    const flipped = timeout(state) as { state: SaloonState; events: GameEvent[] }; // the Judge flips: the Turkey, then 3 cards
    expect(flipped.events.find((e) => e.type === 'wind_drawn')).toMatchObject({ card: 'event-turkey-1', seat: 2 });
    const abandoned = timeout(flipped.state) as { state: SaloonState }; // nobody shoots: the Standoff ends, seat 0's turn ends
    const turkey = abandoned.state;
    expect(turkey.phase).toMatchObject({ kind: 'turkey', drawer: 2 });
    const race = (timeout(turkey) as { state: SaloonState }).state;
    expect(pending(race)).toEqual([0, 1, 3]);
    const m = majorities((race.phase as Extract<Phase, { kind: 'turkey' }>).flipped);
    const shot = { type: 'shoot', gun: 'green', area: m.areas[0]!, noise: m.noises[0]! } as const;
    expect(errorOf(race, 2, shot, race.clock + 500)).toBe('NOT_YOUR_TURN');
    const r = run(race, [[0, shot, race.clock + 500]]);
    expect(r.events.find((e) => e.type === 'turkey_shot')).toMatchObject({ seat: 0, drawer: 2 });
    expect(r.state.players.map((p) => [p.loot, p.wounds])).toEqual([
      [30, 0],
      [20, 0],
      [30, 0],
      [20, 0],
    ]);
  });

  test('Showdown at Noon with three or more tied for the biggest Bounty: a Standoff race among them, then the turn goes on', () => {
    const { state, events } = windy([plain(0), plain(1), plain(2), plain(3)], ['event-noon', PLAIN[20]!], [{ bounty: 30 }, { bounty: 30 }, {}, { bounty: 30 }]);
    expect(events.find((e) => e.type === 'showdown_at_noon')).toMatchObject({ seats: [0, 1, 3], standoff: true });
    expect(state.phase).toMatchObject({ kind: 'standoff', stage: 'ready', wind: true, judge: 0 });
    expect(interrupters(state)).toEqual([]);
    const race = (timeout(state) as { state: SaloonState }).state;
    expect(pending(race)).toEqual([0, 1, 3]);
    const m = majorities((race.phase as Extract<Phase, { kind: 'standoff' }>).flipped);
    const r = run(race, [[3, { type: 'shoot', gun: 'red', area: m.areas[0]!, noise: m.noises[0], target: 1 }, 3000]]);
    expect(r.state.players.map((p) => [p.loot, p.bounty, p.wounds])).toEqual([
      [20, 20, 0],
      [20, 0, 1],
      [20, 20, 0],
      [60, 40, 0],
    ]);
    expect(r.state.phase).toEqual({ kind: 'turn' });
    expect(r.state.active).toBe(1);
  });

  test('Showdown at Noon: the two biggest Bounties duel; no Bottle hit; afterwards the turn that was starting goes on', () => {
    const reds = ['red-head-3', 'red-head-4', 'red-chest-3'];
    const greens = ['green-head-2', 'green-chest-2', 'green-chest-4'];
    const { state, events } = windy([plain(0), plain(1), reds], ['event-noon', PLAIN[20]!], [{}, { bounty: 40 }, { bounty: 30 }]);
    expect(events.find((e) => e.type === 'showdown_at_noon')).toMatchObject({ seats: [1, 2] });
    expect(state.phase).toMatchObject({ kind: 'duel', threatener: 1, target: 2, wind: true });
    expect(state.players[1]?.hand).toEqual(reds);
    expect(legalIntents({ ...state, players: state.players.map((p, s) => (s === 0 ? { ...p, hand: greens } : p)) }, 0)).toEqual([]);
    const go = (timeout(state) as { state: SaloonState }).state;
    const r = run(go, [[1, { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' }, 2500]]);
    expect(r.state.lastDuel).toMatchObject({ winner: 1 });
    expect(r.state.players[1]).toMatchObject({ loot: 50, bounty: 50 });
    expect(r.state.phase).toEqual({ kind: 'turn' });
    expect(r.state.active).toBe(1);
    expect(r.state.turn).toBe(state.turn);
  });
});
