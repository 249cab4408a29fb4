/** Saloon Showdown's window line: who may still act in an open threat (games/saloon-window.ts). */
import type { Saloon } from '@tumbleweed/engine';
import { CARDS } from '@tumbleweed/engine/saloon/cards';
import { whoMayStill } from './saloon-window';

// Bob (1) threatens Cid (2) with the red gun; I (Ann, 0) watch, Dee (3) too. The window names everyone who might still
// act (the others' hands are unknown), and me only when my own hand allows it.
describe('who may still act in a threat: me only when my hand allows', () => {
  const ids = (pick: (c: (typeof CARDS)[number]) => boolean, n: number) =>
    CARDS.filter(pick)
      .slice(0, n)
      .map((c) => c.id);
  const threat = (hand: string[]) =>
    ({
      seat: 0,
      hand,
      phase: { kind: 'threat', threatener: 1, target: 2, gun: 'red', until: 0 },
      guns: { red: 1, blue: null, green: null, yellow: null },
      window: { kind: 'threat', until: 0, goAt: 0, act: [2], mayJoin: [0, 3], mayCrash: [0, 2, 3] },
    }) as unknown as Saloon.SaloonView;
  test.each([
    ['three red cards', ids((c) => c.colour === 'red' && c.symbol !== 'standoff', 3), { mayJoin: [3], mayCrash: [0, 2, 3] }],
    [
      'one red card',
      [...ids((c) => c.colour === 'red' && c.symbol !== 'standoff', 1), ...ids((c) => c.colour === 'blue' && c.symbol !== 'standoff', 2)],
      { mayJoin: [3], mayCrash: [2, 3] },
    ],
    [
      'a Standoff card',
      [...ids((c) => c.symbol === 'standoff', 1), ...ids((c) => c.colour === 'green' && c.symbol !== 'standoff', 2)],
      { mayJoin: [0, 3], mayCrash: [2, 3] },
    ],
  ])('my hand: %s', (_, hand, expected) => {
    expect(whoMayStill(threat(hand))).toEqual(expected);
  });
});
