/** What Duel's table says while a reveal is held (duel-held.ts): the revealed shootout, not the round the state moved on to. */
import type { Duel } from '@tumbleweed/engine';
import { tableMoment } from './duel-held';

const alive = (n: number, out: number[] = []) => Array.from({ length: n }, (_, s) => ({ alive: !out.includes(s) }));
// Ann (0) shot Bob (1) while he reloaded in round 1's first shootout: round 2 began at once, every heart back.
const roundEnding: Duel.Reveal = {
  round: 1,
  shootout: 1,
  plays: [
    { seat: 0, card: 'pistol', target: 1 },
    { seat: 1, card: 'reload', target: null },
  ],
  hit: [1],
  reloaded: [],
};
// Three seats: Cid (2) was out since shootout 1; Bob shot in shootout 2, Ann barricaded. The round goes on.
const midRound: Duel.Reveal = {
  round: 3,
  shootout: 2,
  plays: [
    { seat: 0, card: 'barricade', target: null },
    { seat: 1, card: 'pistol', target: 0 },
  ],
  hit: [],
  reloaded: [],
};

test.each<[string, Parameters<typeof tableMoment>, [number, number, boolean[]]]>([
  [
    'held: the revealed round, the hit player out though the next round is on',
    [{ round: 2, shootout: 1, players: alive(2) }, roundEnding, true],
    [1, 1, [true, false]],
  ],
  ['after the hold: the round the state is in, every heart back', [{ round: 2, shootout: 1, players: alive(2) }, roundEnding, false], [2, 1, [true, true]]],
  ['held mid-round: a seat out before the reveal stays out', [{ round: 3, shootout: 3, players: alive(3, [2]) }, midRound, true], [3, 2, [true, true, false]]],
  ['no reveal yet', [{ round: 1, shootout: 1, players: alive(3) }, null, true], [1, 1, [true, true, true]]],
])('%s', (_, args, [round, shootout, standing]) => {
  const m = tableMoment(...args);
  expect([m.round, m.shootout, standing.map((_s, seat) => m.alive(seat))]).toEqual([round, shootout, standing]);
});
