/**
 * The Saloon view of the special symbols: the public response window (who must act, who may still interrupt, by
 * position only), and hidden information kept out of other seats' and spectators' views (hands, the Desperado's
 * unchecked cards). `legalFromView(view(state, seat))` is `legalIntents` for every seat.
 */
import { CARDS, type CardInfo } from './cards';
import type { SaloonIntent } from './intents';
import { legalIntents } from './rules';
import { craft, run } from './testkit';
import type { SaloonState } from './state';
import { legalFromView, view } from './view';
import type { Flat } from '../core/flat';
import { publicPart, secretPart, viewFromSynced } from './synced';

const ofSymbol = (symbol: CardInfo['symbol']) => CARDS.filter((c) => c.symbol === symbol).map((c) => c.id);
const PLAIN = CARDS.filter((c) => c.symbol === null).map((c) => c.id);
const plain = (k: number) => PLAIN.slice(3 * k, 3 * k + 3);
const SO = ofSymbol('standoff');
const DESP = ofSymbol('desperado');

function everySeatAgrees(s: SaloonState): void {
  for (let seat = 0; seat < s.players.length; seat++) {
    expect(legalFromView(view(s, seat))).toEqual(legalIntents(s, seat));
    // The window is public: the same for every recipient, spectators included.
    expect(view(s, seat).window).toEqual(view(s, null).window);
    // What a seat gets over the wire rebuilds its own view exactly.
    expect(viewFromSynced(publicPart(view(s, null)), secretPart(view(s, seat)), seat)).toEqual(view(s, seat));
  }
  // The window and the pending seats do not travel: the reader computes them from the phase, as the server does.
  expect([...publicPart(view(s, null)).keys()].filter((k) => /^\/(window|pending)\b/.test(k))).toEqual([]);
}

/**
 * Every path and JSON text of a public map, and the view it decodes to (its piles carry cards as numbers), as one
 * text to search for card ids.
 */
const textOf = (flat: Flat) => [...[...flat].flat(), JSON.stringify(viewFromSynced(flat, null, null))].join('\n');

/** No card of any hand appears in a text, except the recipient's own. */
function leaks(s: SaloonState, text: string, own: number | null): string[] {
  const out: string[] = [];
  s.players.forEach((p, seat) => {
    if (seat === own) return;
    for (const c of p.hand) if (text.includes(`"${c}"`) && !s.public.includes(c) && !s.discard.includes(c)) out.push(`${seat}:${c}`);
  });
  return out;
}

describe('the public response window', () => {
  test('a threat: the target answers; anyone but the threatener and the target may say "I don\'t think so!" — by position, not by hand', () => {
    const s = craft([plain(0), plain(1), [SO[1]!, PLAIN[20]!, PLAIN[21]!], plain(3)]);
    const t = run(s, [[0, { type: 'threaten', gun: 'red', target: 1 }, 0]]).state;
    const w = view(t, null).window;
    expect(w).toMatchObject({ kind: 'threat', until: 10_000, act: [1], mayJoin: [2, 3], mayCrash: [1, 2, 3] });
    everySeatAgrees(t);
  });

  test('the Standoff chain: its 5 s window, who may still join, then the race among the players in it', () => {
    const s = craft([plain(0), plain(1), [SO[1]!, PLAIN[20]!, PLAIN[21]!], plain(3)]);
    const c = run(s, [
      [0, { type: 'threaten', gun: 'red', target: 1 }, 0],
      [2, { type: 'standoff', card: SO[1]!, gun: 'blue' }, 1000],
    ]).state;
    expect(view(c, 3).window).toMatchObject({ kind: 'chain', until: 6000, act: [], mayJoin: [3] });
    everySeatAgrees(c);
  });

  test('a simplified table never lists anyone who may join a Standoff', () => {
    const s = craft([plain(0), plain(1), plain(2)], { simplified: true });
    const t = run(s, [[0, { type: 'threaten', gun: 'red', target: 1 }, 0]]).state;
    expect(view(t, null).window?.mayJoin).toEqual([]);
  });
});

describe('hidden information', () => {
  test("a Truel: the Desperado's unchecked cards and the other hands reach no other seat and no spectator", () => {
    const reds = ['red-head-3', 'red-head-4', 'red-chest-3'];
    const s = craft([DESP.slice(0, 3), reds, plain(2), plain(3)]);
    const nothing: SaloonIntent = { type: 'desperado', guns: ['blue', 'green'], targets: [1, 3] };
    const st = run(s, [[0, nothing, 0]]).state;
    // Before "Go!" the three see no hand at all; nobody ever sees another's.
    for (const seat of [0, 1, 3]) expect(view(st, seat).hand).toEqual([]);
    expect(leaks(st, textOf(publicPart(view(st, null))), null)).toEqual([]);
    for (let seat = 0; seat < 4; seat++) expect(leaks(st, JSON.stringify(view(st, seat)), seat)).toEqual([]);
    everySeatAgrees(st);
    expect(view(st, null).window).toMatchObject({ kind: 'ready', act: [0, 1, 3], mayCrash: [] });
  });

  test("the spectator's view (the public field) holds no hand during a threat and a Standoff", () => {
    const s = craft([plain(0), plain(1), [SO[1]!, PLAIN[20]!, PLAIN[21]!], plain(3)]);
    const t = run(s, [
      [0, { type: 'threaten', gun: 'red', target: 1 }, 0],
      [2, { type: 'standoff', card: SO[1]!, gun: 'blue' }, 1000],
    ]).state;
    expect(leaks(t, textOf(publicPart(view(t, null))), null)).toEqual([]);
    expect(view(t, null).hand).toEqual([]);
  });
});
