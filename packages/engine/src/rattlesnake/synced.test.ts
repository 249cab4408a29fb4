import { unflatten, type Flat } from '../core/flat';
import { playGame } from './sim';
import { publicPart, secretPart, viewFromSynced } from './synced';
import { view } from './view';
import { expectEqual } from '../core/testkit';

/** Every path and JSON text of a flat map, as one text to search for card codes. */
const textOf = (flat: Flat) => [...flat].flat().join('\n');

describe('what the server syncs for Rattlesnake', () => {
  test('each seat rebuilds exactly its own view from the public and its private map; a spectator only the public one', () => {
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      playGame(seed, seed % 2 ? ['bot', 'random'] : ['random', 'bot'], 400, 30, (s) => {
        const pub = publicPart(view(s, null));
        for (const seat of [0, 1]) expectEqual(viewFromSynced(pub, secretPart(view(s, seat)), seat), view(s, seat));
        expectEqual(viewFromSynced(pub, null, null), view(s, null));
        expectEqual(viewFromSynced(Object.fromEntries(pub), Object.fromEntries(secretPart(view(s, 1))), 1), view(s, 1));
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  test("the public map places no card in either hand or face down; a seat's map names only its own", () => {
    for (let seed = 100; seed < 120; seed++) {
      playGame(seed, ['bot', 'bot'], 400, 0, (s) => {
        // `opening` and `lastShowdown` are public history: cards seen then, wherever they are now.
        const { opening: _o, lastShowdown: _l, ...position } = unflatten(publicPart(view(s, null))) as Record<string, unknown>;
        const pub = JSON.stringify(position);
        s.players.forEach((p, seat) => {
          for (const id of p.hand) expect(pub).not.toContain(`"${id}"`);
          if (p.committed && !s.attack?.revealed) for (const id of p.committed) expect(pub).not.toContain(`"${id}"`);
          const other = textOf(secretPart(view(s, 1 - seat)));
          if (p.hand.length > 0) expect(textOf(secretPart(view(s, seat)))).toContain(`"${p.hand[0]}"`);
          for (const id of p.hand) expect(other).not.toContain(`"${id}"`);
        });
      });
    }
  });
});
