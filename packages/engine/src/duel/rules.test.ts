import { eventsFor, isError, type GameEvent, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { FULL_HAND, without, type Card } from './cards';
import { apply, hitsOf, options, outcome, pending, setup, shotResult, timeout, legalIntents, type DuelIntent, type ShotResult } from './rules';
import type { DuelPlayer, DuelState } from './state';
import { duel } from './index';

/* ---------- helpers ---------- */

function start(seats: number, target = 5): DuelState {
  return setup({ seats, options: { target } }, Rng.fromSeed(7));
}

interface PlayerSpec {
  money?: number;
  alive?: boolean;
  /** Cards already played this round; the hand is the rest of the six. */
  aside?: Card[];
  hand?: Card[];
}

/** A mid-round state built as a literal; hands default to the six cards minus what lies aside. */
function craft(specs: PlayerSpec[], extra: Partial<DuelState> = {}): DuelState {
  const players: DuelPlayer[] = specs.map((p) => ({
    money: p.money ?? 0,
    alive: p.alive ?? true,
    aside: [...(p.aside ?? [])],
    hand: p.hand ? [...p.hand] : without(FULL_HAND, p.aside ?? []),
    commit: null,
  }));
  return {
    options: { target: 5 },
    players,
    round: 1,
    shootout: 1,
    phase: 'shootout',
    lastReveal: null,
    winner: null,
    rng: Rng.fromSeed(11).state(),
    ...extra,
  };
}

/** 'pistol>2' aims a pistol at seat 2; 'barricade' and 'reload' are not aimed. */
function parse(play: string): DuelIntent {
  const [card, target] = play.split('>');
  return { type: 'commit', card: card as Card, target: target === undefined ? null : Number(target) };
}

/** Each seat in order commits its play ('-' skips a seat, e.g. a dead one). Fails the test on any error. */
function shootout(state: DuelState, plays: string[]): { state: DuelState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  plays.forEach((play, seat) => {
    if (play === '-') return;
    const r = apply(state, seat, parse(play));
    if (isError(r)) throw new Error(`seat ${seat} ${play}: ${r.error.code} ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  });
  return { state, events };
}

function revealed(events: GameEvent[]): { hit: Seat[]; reloaded: Seat[] } {
  const r = events.find((e) => e.type === 'revealed');
  if (!r) throw new Error('no reveal');
  return { hit: r.hit as Seat[], reloaded: r.reloaded as Seat[] };
}

function errorCode(state: DuelState, seat: Seat, intent: unknown): string | null {
  const r = apply(state, seat, intent as DuelIntent);
  return isError(r) ? r.error.code : null;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    Object.values(o).forEach(deepFreeze);
    Object.freeze(o);
  }
  return o;
}

/* ---------- resolution table ---------- */

describe('every shootout resolution in the rulebook', () => {
  // [description, plays by seat, seats hit, seats that reloaded]
  const table: [string, string[], Seat[], Seat[]][] = [
    ['pistol vs pistol: both fire, nobody is hit', ['pistol>1', 'pistol>0'], [], []],
    ['rifle vs pistol: both fire, nobody is hit', ['rifle>1', 'pistol>0'], [], []],
    ['rifle vs rifle: both fire, nobody is hit', ['rifle>1', 'rifle>0'], [], []],
    ['pistol at a barricade: nothing happens', ['pistol>1', 'barricade'], [], []],
    ['rifle at a barricade: the rifle goes through', ['rifle>1', 'barricade'], [1], []],
    ['pistol at a reloader: hit', ['pistol>1', 'reload'], [1], []],
    ['rifle at a reloader: hit', ['rifle>1', 'reload'], [1], []],
    ['barricade vs reload: nobody fires, the reloader reloads', ['barricade', 'reload'], [], [1]],
    ['barricade vs barricade: nothing happens', ['barricade', 'barricade'], [], []],
    ['everyone reloading (2): both reload', ['reload', 'reload'], [], [0, 1]],
    ['everyone reloading (3): all reload', ['reload', 'reload', 'reload'], [], [0, 1, 2]],
    ['two guns at one reloader: hit once', ['pistol>2', 'rifle>2', 'reload'], [2], []],
    ['two pistols at one barricader: safe', ['pistol>2', 'pistol>2', 'barricade'], [], []],
    ['pistol and rifle at one barricader: the rifle hits', ['pistol>2', 'rifle>2', 'barricade'], [2], []],
    ['fired at while firing: safe (1 fires at 2, 0 and 2 fire at 1)', ['pistol>1', 'pistol>2', 'rifle>1'], [], []],
    ['a shooter aimed at by a rifle is still safe; its reloading target is hit', ['pistol>2', 'rifle>0', 'reload'], [2], []],
    ['barricade with nobody aiming at it', ['barricade', 'pistol>2', 'pistol>1'], [], []],
    ['reload with nobody aiming while others duel', ['reload', 'pistol>2', 'rifle>1'], [], [0]],
    ['one reloader shot, another not', ['pistol>1', 'reload', 'reload'], [1], [2]],
    ['rifle at a barricader and pistol at a reloader: both fall', ['rifle>1', 'barricade', 'reload', 'pistol>2'], [1, 2], []],
    ['pistol at the barricader, rifle at the reloader', ['pistol>1', 'barricade', 'reload', 'rifle>2'], [2], []],
    ['three guns at one reloader in a ring of shooters', ['pistol>3', 'pistol>3', 'rifle>3', 'reload'], [3], []],
    ['six players, three duels', ['pistol>1', 'reload', 'rifle>3', 'barricade', 'pistol>5', 'barricade'], [1, 3], []],
  ];

  test.each(table)('%s', (_name, plays, hit, reloaded) => {
    const { state, events } = shootout(start(plays.length), plays);
    expect(revealed(events)).toEqual({ hit, reloaded });
    // The same resolution through the pure function, independent of the order seats committed in.
    const asPlays = plays.map((p, seat) => ({ seat, card: parse(p).card, target: parse(p).target ?? null }));
    expect(hitsOf([...asPlays].reverse()).sort()).toEqual(hit);

    const survivors = plays.map((_, s) => s).filter((s) => !hit.includes(s));
    expect(survivors.length).toBeGreaterThan(0);
    if (survivors.length === 1) {
      // The round is over: the last heart earns $1 and everyone is back with six cards.
      expect(state.players.map((p) => p.money)).toEqual(plays.map((_, s) => (s === survivors[0] ? 1 : 0)));
      expect(state.round).toBe(2);
    } else {
      expect(state.players.map((p) => p.alive)).toEqual(plays.map((_, s) => !hit.includes(s)));
      expect(state.round).toBe(1);
      expect(state.shootout).toBe(2);
      state.players.forEach((p, s) => {
        const card = parse(plays[s]!).card;
        if (reloaded.includes(s)) {
          // Reloading from a fresh hand brings the reload itself straight back.
          expect(p.hand).toEqual(FULL_HAND);
          expect(p.aside).toEqual([]);
        } else {
          expect(p.aside).toEqual([card]);
          expect(p.hand).toEqual(without(FULL_HAND, [card]));
        }
      });
    }
  });
});

// One shot, by the card it meets (what the log and the table tell of it; hitsOf is built on it).
test.each<[Card, Card | null, ShotResult | null]>([
  ['pistol', 'reload', 'lands'],
  ['rifle', 'reload', 'lands'],
  ['rifle', 'barricade', 'lands'],
  ['pistol', 'barricade', 'blocked'],
  ['pistol', 'pistol', 'dodged'],
  ['rifle', 'pistol', 'dodged'],
  ['pistol', 'rifle', 'dodged'],
  ['rifle', null, null],
])('a %s at a seat that played %s: %s', (gun, theirs, result) => {
  expect(shotResult(gun, theirs)).toBe(result);
});

describe('reloading', () => {
  test('not fired at: every card placed aside this round comes back, the reload included', () => {
    const state = craft([{ aside: ['pistol', 'rifle', 'pistol'] }, { aside: ['pistol'] }]);
    const after = shootout(state, ['reload', 'barricade']).state;
    expect(after.players[0]?.hand).toEqual(FULL_HAND);
    expect(after.players[0]?.aside).toEqual([]);
    expect(after.players[1]?.aside).toEqual(['pistol', 'barricade']);
    expect(after.players[1]?.hand).toEqual(['pistol', 'pistol', 'rifle', 'reload']);
  });

  test('fired at: hit, and the cards stay aside', () => {
    const state = craft([{ aside: ['pistol'] }, { aside: ['pistol', 'rifle'] }, {}]);
    const after = shootout(state, ['pistol>1', 'reload', 'barricade']).state;
    expect(after.players[1]?.alive).toBe(false);
    expect(after.players[1]?.aside).toEqual(['pistol', 'rifle', 'reload']);
    expect(after.players[1]?.hand).toEqual(['pistol', 'pistol', 'barricade']);
  });

  test('a player down to the reload still has a card to play', () => {
    const state = craft([{ aside: ['pistol', 'pistol', 'pistol', 'rifle', 'barricade'] }, {}]);
    expect(legalIntents(state, 0)).toEqual([{ type: 'commit', card: 'reload', target: null }]);
    const after = shootout(state, ['reload', 'barricade']).state;
    expect(after.players[0]?.hand).toEqual(FULL_HAND);
  });
});

describe('played cards', () => {
  test('lie aside face up, visible to everyone, in the order played', () => {
    let state = start(3);
    state = shootout(state, ['pistol>1', 'barricade', 'pistol>0']).state;
    state = shootout(state, ['rifle>2', 'pistol>2', 'barricade']).state; // 2 behind a barricade is hit by the rifle
    expect(state.players[2]?.alive).toBe(false);
    for (const seat of [0, 1, 2, null]) {
      expect(duel.view(state, seat).players.map((p) => p.aside)).toEqual([
        ['pistol', 'rifle'],
        ['barricade', 'pistol'],
        ['pistol', 'barricade'],
      ]);
    }
  });

  test('dead players sit out: the shootout resolves without them', () => {
    const state = craft([{}, {}, { alive: false, aside: ['reload'] }]);
    expect(pending(state)).toEqual([0, 1]);
    const { events } = shootout(state, ['pistol>1', 'barricade', '-']);
    expect(revealed(events)).toEqual({ hit: [], reloaded: [] });
  });
});

/* ---------- errors ---------- */

describe('errors have stable codes and leave the state untouched', () => {
  const three = () => craft([{}, {}, { alive: false, aside: ['reload'] }, {}]);
  const committed = () => shootout(three(), ['barricade']).state;
  const overState = () => craft([{ money: 5 }, { money: 2 }], { phase: 'over', winner: 0 });
  const noRifle = () => craft([{ aside: ['rifle'] }, {}]);

  const table: [string, string, () => DuelState, Seat, unknown][] = [
    ['already committed', 'NOT_YOUR_TURN', committed, 0, { type: 'commit', card: 'pistol', target: 1 }],
    ['dead this round', 'NOT_YOUR_TURN', three, 2, { type: 'commit', card: 'pistol', target: 1 }],
    ['card not in hand', 'ILLEGAL_CARD', noRifle, 0, { type: 'commit', card: 'rifle', target: 1 }],
    ['not a Duel card', 'ILLEGAL_CARD', three, 0, { type: 'commit', card: 'knife', target: 1 }],
    ['pistol without a target', 'NEED_TARGET', three, 0, { type: 'commit', card: 'pistol' }],
    ['rifle with a null target', 'NEED_TARGET', three, 0, { type: 'commit', card: 'rifle', target: null }],
    ['aiming at yourself', 'ILLEGAL_TARGET', three, 0, { type: 'commit', card: 'pistol', target: 0 }],
    ['aiming at a dead player', 'ILLEGAL_TARGET', three, 0, { type: 'commit', card: 'rifle', target: 2 }],
    ['aiming at an empty seat', 'ILLEGAL_TARGET', three, 0, { type: 'commit', card: 'pistol', target: 4 }],
    ['aiming a barricade', 'ILLEGAL_TARGET', three, 0, { type: 'commit', card: 'barricade', target: 1 }],
    ['aiming a reload', 'ILLEGAL_TARGET', three, 0, { type: 'commit', card: 'reload', target: 3 }],
    ['game over', 'GAME_OVER', overState, 1, { type: 'commit', card: 'pistol', target: 0 }],
    ['unknown intent', 'UNKNOWN_INTENT', three, 0, { type: 'fold' }],
    ['seat not at the table', 'NOT_SEATED', three, 4, { type: 'commit', card: 'barricade' }],
  ];

  test.each(table)('%s → %s', (_name, code, make, seat, intent) => {
    const state = deepFreeze(make());
    const before = JSON.stringify(state);
    expect(errorCode(state, seat, intent)).toBe(code);
    expect(JSON.stringify(state)).toBe(before);
  });

  test('a legal commit does not mutate the state it was given', () => {
    const state = deepFreeze(start(2));
    const r = apply(state, 0, { type: 'commit', card: 'pistol', target: 1 });
    expect(isError(r)).toBe(false);
    expect(state.players[0]?.hand).toEqual(FULL_HAND);
  });

  test('barricade and reload may omit the target', () => {
    expect(errorCode(start(2), 0, { type: 'commit', card: 'barricade' })).toBeNull();
    expect(errorCode(start(2), 0, { type: 'commit', card: 'reload' })).toBeNull();
  });
});

/* ---------- rounds and the end of the game ---------- */

describe('rounds', () => {
  test('the last heart standing earns $1 and a new round starts with full hands', () => {
    const state = craft([{ aside: ['pistol', 'barricade'] }, { aside: ['rifle'] }, { alive: false, aside: ['reload'] }], {
      shootout: 3,
    });
    const { state: next, events } = shootout(state, ['pistol>1', 'reload', '-']);
    expect(events.filter((e) => e.type !== 'committed' && e.type !== 'you_committed').map((e) => e.type)).toEqual(['revealed', 'round_won', 'round_started']);
    expect(events.find((e) => e.type === 'round_won')).toMatchObject({ seat: 0, round: 1, money: 1 });
    expect(next.round).toBe(2);
    expect(next.shootout).toBe(1);
    expect(next.phase).toBe('shootout');
    for (const p of next.players) {
      expect(p).toMatchObject({ alive: true, hand: FULL_HAND, aside: [], commit: null });
    }
    expect(next.players.map((p) => p.money)).toEqual([1, 0, 0]);
    expect(pending(next)).toEqual([0, 1, 2]);
    expect(outcome(next)).toBeNull();
    // The last reveal stays visible after the new round starts.
    expect(next.lastReveal).toMatchObject({ round: 1, shootout: 3, hit: [1] });
  });

  test('reaching the target wins the game', () => {
    const state = craft([{ money: 4 }, { money: 4 }]);
    expect(outcome(state)).toBeNull();
    const { state: over, events } = shootout(state, ['reload', 'rifle>0']);
    expect(events.map((e) => e.type)).toContain('game_won');
    expect(events.find((e) => e.type === 'game_won')).toMatchObject({ seat: 1, money: 5 });
    expect(events.map((e) => e.type)).not.toContain('round_started');
    expect(over.phase).toBe('over');
    expect(over.winner).toBe(1);
    expect(outcome(over)).toEqual({ winners: [1], scores: [4, 5] });
    expect(pending(over)).toEqual([]);
    expect(legalIntents(over, 0)).toEqual([]);
    expect(errorCode(over, 0, { type: 'commit', card: 'pistol', target: 1 })).toBe('GAME_OVER');
  });

  test('a custom target is honoured', () => {
    const three = craft([{ money: 2 }, { money: 0 }], { options: { target: 3 } });
    expect(shootout(three, ['pistol>1', 'reload']).state.phase).toBe('over');
    const ten = craft([{ money: 5 }, { money: 0 }], { options: { target: 10 } });
    const next = shootout(ten, ['pistol>1', 'reload']).state;
    expect(next.phase).toBe('shootout');
    expect(next.players[0]?.money).toBe(6);
  });

  test('options: $5 by default, $3–$10 accepted, anything else is BAD_OPTIONS', () => {
    expect(options(undefined)).toEqual({ target: 5 });
    expect(options({})).toEqual({ target: 5 });
    expect(options({ target: 3 })).toEqual({ target: 3 });
    expect(options({ target: 10 })).toEqual({ target: 10 });
    for (const target of [2, 11, 4.5, NaN]) {
      expect(options({ target })).toEqual({ error: expect.objectContaining({ code: 'BAD_OPTIONS' }) });
    }
  });

  test('setup: 2–6 seats, everyone alive with the six cards and $0', () => {
    for (const seats of [2, 3, 4, 5, 6]) {
      const s = start(seats);
      expect(s.players).toHaveLength(seats);
      for (const p of s.players) expect(p).toEqual({ money: 0, alive: true, hand: FULL_HAND, aside: [], commit: null });
      expect(pending(s)).toEqual([...Array(seats).keys()]);
    }
    expect(() => start(1)).toThrow(RangeError);
    expect(() => start(7)).toThrow(RangeError);
  });
});

/* ---------- timeout ---------- */

describe('timeout', () => {
  test('plays a random legal card for exactly the seats still pending', () => {
    const state = shootout(craft([{}, {}, { alive: false, aside: ['reload'] }, {}]), ['rifle>3']).state;
    expect(pending(state)).toEqual([1, 3]);
    const r = timeout(state);
    if (isError(r)) throw new Error(r.error.code);
    expect(r.events[0]).toEqual({ type: 'timed_out', seats: [1, 3] });
    expect(r.events.filter((e) => e.type === 'committed').map((e) => e.seat)).toEqual([1, 3]);
    const plays = r.events.find((e) => e.type === 'revealed')!.plays as { seat: Seat; card: Card; target: Seat | null }[];
    expect(plays.map((p) => p.seat)).toEqual([0, 1, 3]);
    expect(plays[0]).toEqual({ seat: 0, card: 'rifle', target: 3 });
    for (const p of plays.slice(1)) {
      expect(legalIntents(state, p.seat)).toContainEqual({ type: 'commit', card: p.card, target: p.target });
    }
    // Deterministic: the random pick comes from the state's own generator, which moves on.
    expect(timeout(state)).toEqual(r);
    expect(r.state.rng).not.toEqual(state.rng);
  });

  test('over many states, every timed-out card is legal and its target a living opponent', () => {
    let state = start(4);
    for (let i = 0; i < 200 && state.phase === 'shootout'; i++) {
      const before = state;
      const r = timeout(state);
      if (isError(r)) throw new Error(r.error.code);
      const plays = r.events.find((e) => e.type === 'revealed')!.plays as { seat: Seat; card: Card; target: Seat | null }[];
      for (const p of plays) {
        expect(legalIntents(before, p.seat)).toContainEqual({ type: 'commit', card: p.card, target: p.target });
      }
      state = r.state;
    }
  });

  test("a late player's card is a random card from their hand (each card as likely), then a random target: 4 guns in 6 cards fire 2/3 of the time at any table size", () => {
    for (const seats of [2, 6]) {
      const count: Record<Card, number> = { pistol: 0, rifle: 0, barricade: 0, reload: 0 };
      const targets = new Map<Seat, number>();
      let plays = 0;
      for (let seed = 1; seed <= 400; seed++) {
        const state = craft(
          Array.from({ length: seats }, () => ({})),
          { rng: Rng.fromSeed(seed).state() },
        );
        const r = timeout(state);
        if (isError(r)) throw new Error(r.error.code);
        for (const e of r.events.filter((x) => x.type === 'you_committed')) {
          count[e.card as Card] += 1;
          plays += 1;
          if (e.seat === 0 && e.target !== null) targets.set(e.target as Seat, (targets.get(e.target as Seat) ?? 0) + 1);
        }
      }
      // The full hand is 3 pistols, a rifle, a barricade and a reload.
      expect(Math.abs((count.pistol + count.rifle) / plays - 4 / 6)).toBeLessThan(0.03);
      expect(Math.abs(count.pistol / plays - 3 / 6)).toBeLessThan(0.03);
      for (const c of ['rifle', 'barricade', 'reload'] as const) expect(Math.abs(count[c] / plays - 1 / 6)).toBeLessThan(0.03);
      // Seat 0's guns are aimed evenly at the other seats.
      const aimed = [...targets.values()];
      expect(aimed).toHaveLength(seats - 1);
      const mean = aimed.reduce((a, b) => a + b, 0) / aimed.length;
      for (const k of aimed) expect(Math.abs(k - mean) / mean).toBeLessThan(0.25);
    }
  });

  test('nothing pending → NOTHING_PENDING', () => {
    const over = craft([{ money: 5 }, {}], { phase: 'over', winner: 0 });
    const r = timeout(over);
    expect(isError(r) && r.error.code).toBe('NOTHING_PENDING');
  });
});

/* ---------- events ---------- */

describe('events', () => {
  const r = apply(start(3), 1, { type: 'commit', card: 'rifle', target: 2 });
  const events = isError(r) ? [] : r.events;

  test('the public "committed" event names the seat, never the card', () => {
    expect(events).toContainEqual({ type: 'committed', seat: 1 });
  });

  test('"you_committed" is addressed to the committing seat only', () => {
    expect(events).toContainEqual({ type: 'you_committed', to: [1], seat: 1, card: 'rifle', target: 2 });
    expect(eventsFor(events, 1)).toEqual([
      { type: 'committed', seat: 1 },
      { type: 'you_committed', seat: 1, card: 'rifle', target: 2 },
    ]);
    for (const other of [0, 2, null]) expect(eventsFor(events, other)).toEqual([{ type: 'committed', seat: 1 }]);
    expect(JSON.stringify(eventsFor(events, 0))).not.toContain('rifle');
  });

  test('the reveal is public and carries every play', () => {
    const { events: all } = shootout(start(2), ['pistol>1', 'barricade']);
    const reveal = {
      type: 'revealed',
      round: 1,
      shootout: 1,
      plays: [
        { seat: 0, card: 'pistol', target: 1 },
        { seat: 1, card: 'barricade', target: null },
      ],
      hit: [],
      reloaded: [],
    };
    for (const who of [0, 1, null]) expect(eventsFor(all, who)).toContainEqual(reveal);
  });

  test('reveal events list hits in seat order and the reveal stays on the state', () => {
    const { state, events } = shootout(start(4), ['rifle>1', 'barricade', 'reload', 'pistol>2']);
    expect(revealed(events)).toEqual({ hit: [1, 2], reloaded: [] });
    expect(state.lastReveal).toEqual({ round: 1, shootout: 1, plays: events.find((e) => e.type === 'revealed')!.plays, hit: [1, 2], reloaded: [] });
  });
});
