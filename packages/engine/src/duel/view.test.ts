import { isError, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { FULL_HAND, type Card } from './cards';
import { apply, setup, type DuelIntent } from './rules';
import type { DuelState } from './state';
import { cardsLeft, legalFromView, pendingFromView, view } from './view';

function start(seats: number): DuelState {
  return setup({ seats, options: { target: 7 } }, Rng.fromSeed(3));
}

function commit(state: DuelState, seat: Seat, card: Card, target: Seat | null = null): DuelState {
  const r = apply(state, seat, { type: 'commit', card, target } as DuelIntent);
  if (isError(r)) throw new Error(r.error.code);
  return r.state;
}

describe('cardsLeft: what a player may still hold, from public information', () => {
  const table: [Card[], Card[]][] = [
    [[], ['pistol', 'pistol', 'pistol', 'rifle', 'barricade', 'reload']],
    [['pistol'], ['pistol', 'pistol', 'rifle', 'barricade', 'reload']],
    [
      ['rifle', 'pistol'],
      ['pistol', 'pistol', 'barricade', 'reload'],
    ],
    [
      ['pistol', 'pistol', 'pistol', 'rifle'],
      ['barricade', 'reload'],
    ],
    [['barricade', 'pistol', 'rifle', 'pistol', 'pistol'], ['reload']],
  ];
  test.each(table)('aside %j → %j', (aside, left) => {
    expect(cardsLeft({ aside })).toEqual(left);
  });

  test('agrees with the real hand plus the face-down card', () => {
    let s = start(3);
    s = commit(s, 0, 'pistol', 1);
    s = commit(s, 1, 'barricade');
    s = commit(s, 2, 'rifle', 0); // reveal
    s = commit(s, 0, 'rifle', 2); // face down, not yet revealed
    const seen = view(s, 1).players[0]!;
    expect(seen?.aside).toEqual(['pistol']);
    expect(seen?.handCount).toBe(4);
    expect(cardsLeft(seen)).toEqual(['pistol', 'pistol', 'rifle', 'barricade', 'reload']);
  });
});

describe('pendingFromView', () => {
  test('living players who have not committed, in seat order', () => {
    let s = start(4);
    expect(pendingFromView(view(s, null))).toEqual([0, 1, 2, 3]);
    s = commit(s, 2, 'pistol', 0);
    expect(pendingFromView(view(s, 0))).toEqual([0, 1, 3]);
  });

  test('the dead are not waited for', () => {
    let s = start(3);
    s = commit(s, 0, 'rifle', 1);
    s = commit(s, 1, 'barricade');
    s = commit(s, 2, 'pistol', 0);
    expect(view(s, null).players.map((p) => p.alive)).toEqual([true, false, true]);
    expect(pendingFromView(view(s, 2))).toEqual([0, 2]);
  });

  test('nobody once the game is over', () => {
    const players = view(start(2), null).players;
    expect(pendingFromView({ phase: 'over', players })).toEqual([]);
    expect(pendingFromView({ phase: 'shootout', players })).toEqual([0, 1]);
  });
});

describe('a seat’s view', () => {
  test('shows its own hand and face-down card, and of others only counts, aside and whether they committed', () => {
    let s = start(3);
    s = commit(s, 1, 'rifle', 2);
    const mine = view(s, 1);
    expect(mine.seat).toBe(1);
    expect(mine.target).toBe(7);
    expect(mine.hand).toEqual(['pistol', 'pistol', 'pistol', 'barricade', 'reload']);
    expect(mine.commit).toEqual({ card: 'rifle', target: 2 });
    const theirs = view(s, 0);
    expect(theirs.hand).toEqual(FULL_HAND);
    expect(theirs.commit).toBeNull();
    expect(theirs.players[1]).toEqual({ money: 0, alive: true, handCount: 5, aside: [], committed: true });
    expect(JSON.stringify({ ...theirs, hand: [] })).not.toContain('rifle'); // nothing but its own hand names a rifle
  });

  test('legalFromView: every card once, guns at each living opponent; nothing after committing', () => {
    let s = start(3);
    expect(legalFromView(view(s, 0))).toEqual([
      { type: 'commit', card: 'pistol', target: 1 },
      { type: 'commit', card: 'pistol', target: 2 },
      { type: 'commit', card: 'rifle', target: 1 },
      { type: 'commit', card: 'rifle', target: 2 },
      { type: 'commit', card: 'barricade', target: null },
      { type: 'commit', card: 'reload', target: null },
    ]);
    s = commit(s, 0, 'barricade');
    expect(legalFromView(view(s, 0))).toEqual([]);
  });

  test('the view is a copy: changing it does not change the game', () => {
    const s = start(2);
    const v = view(s, 0);
    v.hand.pop();
    v.players[1]!.aside.push('rifle');
    expect(s.players[0]?.hand).toEqual(FULL_HAND);
    expect(s.players[1]?.aside).toEqual([]);
  });
});

describe('the spectator view', () => {
  test('has no hand, no face-down card and no moves, but all public information', () => {
    let s = start(3);
    s = commit(s, 0, 'pistol', 1);
    s = commit(s, 1, 'reload');
    s = commit(s, 2, 'barricade'); // reveal: 1 is hit
    s = commit(s, 0, 'rifle', 2); // face down
    const v = view(s, null);
    expect(v.seat).toBeNull();
    expect(v.hand).toEqual([]);
    expect(v.commit).toBeNull();
    expect(legalFromView(v)).toEqual([]);
    expect(v.players).toEqual([
      { money: 0, alive: true, handCount: 4, aside: ['pistol'], committed: true },
      { money: 0, alive: false, handCount: 5, aside: ['reload'], committed: false },
      { money: 0, alive: true, handCount: 5, aside: ['barricade'], committed: false },
    ]);
    expect(v.lastReveal).toEqual({
      round: 1,
      shootout: 1,
      plays: [
        { seat: 0, card: 'pistol', target: 1 },
        { seat: 1, card: 'reload', target: null },
        { seat: 2, card: 'barricade', target: null },
      ],
      hit: [1],
      reloaded: [],
    });
    expect(JSON.stringify(v)).not.toContain('rifle');
    expect(Object.keys(v).sort()).toEqual(['commit', 'hand', 'lastReveal', 'phase', 'players', 'round', 'seat', 'shootout', 'target', 'winner'].sort());
  });
});
