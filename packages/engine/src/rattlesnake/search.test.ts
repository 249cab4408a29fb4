import type { BotLevel, Seat } from '../core/game';
import { Rng } from '../core/rng';
import { allCards } from './cards';
import { determinize } from './determinize';
import { intentKey } from './intents';
import { legalIntents, pending } from './rules';
import { searchRattlesnake } from './search';
import { playGame } from './sim';
import type { RattlesnakeState } from './state';
import { view } from './view';
import { rattlesnake } from './index';

const LEVELS: BotLevel[] = ['easy', 'normal', 'hard'];
/** Few playouts and no wall-clock cap: quick, and the choice cannot depend on the machine. */
const QUICK = { iterations: 24, maxMs: Infinity };

/** States met in real games between normal bots, one in `every`. */
function states(games: number, every: number): RattlesnakeState[] {
  const out: RattlesnakeState[] = [];
  for (let g = 0; g < games; g++) {
    let n = 0;
    playGame(500 + g, ['bot', 'bot'], 1500, 0, (s) => {
      if (n++ % every === 0 && s.step.kind !== 'over') out.push(structuredClone(s));
    });
  }
  return out;
}

/**
 * The same table with different secrets from `seat`'s side: the opponent's hand, deck and face-down cards dealt
 * again among themselves, the seat's own deck reordered (a card it put back with Scout stays on top), the saloon
 * deck and the box reshuffled.
 */
function otherSecrets(s: RattlesnakeState, seat: Seat, rng: Rng): RattlesnakeState {
  const alt = structuredClone(s);
  const opp = alt.players[1 - seat]!;
  const hidden = alt.attack?.revealed ? [] : (opp.committed ?? []);
  const pool = rng.shuffle([...opp.hand, ...opp.deck, ...hidden]);
  opp.hand = pool.splice(0, opp.hand.length);
  opp.deck = pool.splice(0, opp.deck.length);
  if (opp.committed && !alt.attack?.revealed) opp.committed = pool.splice(0, opp.committed.length);
  opp.knownTop = null;
  if (alt.scout && alt.scout.seat !== seat) alt.scout.drawn = opp.hand.slice(0, alt.scout.drawn.length);
  const me = alt.players[seat]!;
  const keep = me.knownTop && me.deck[0] === me.knownTop ? 1 : 0;
  me.deck = [...me.deck.slice(0, keep), ...rng.shuffle(me.deck.slice(keep))];
  alt.saloonDeck = rng.shuffle(alt.saloonDeck);
  alt.box = rng.shuffle(alt.box);
  return alt;
}

function cardsOf(s: RattlesnakeState): string[] {
  return [
    ...s.players.flatMap((p) => [...p.deck, ...p.hand, ...p.discard, ...p.hits, ...(p.committed ?? [])]),
    ...s.saloon.flatMap((c) => (c === null ? [] : [c])),
    ...s.saloonDeck,
    ...s.box,
    ...s.graveyard,
  ].sort();
}

describe('the Rattlesnake bots read nothing but their own view', () => {
  test('two tables that differ only in what the bot cannot see get the same decision, at every level, for the same seed', () => {
    const rng = Rng.fromSeed(21);
    let compared = 0;
    let differentTruth = 0;
    for (const s of states(6, 7)) {
      const seat = pending(s)[0]!;
      const alt = otherSecrets(s, seat, rng);
      expect(view(alt, seat)).toEqual(view(s, seat)); // the premise: the bot's view is the same
      if (JSON.stringify(alt) !== JSON.stringify(s)) differentTruth++;
      for (const level of LEVELS) {
        if (level === 'hard' && compared % 6 !== 0) continue; // the search is slower: a sample of the states
        const play = (x: RattlesnakeState) =>
          level === 'hard'
            ? searchRattlesnake(view(x, seat), Rng.fromSeed(compared), QUICK).intent
            : rattlesnake.bot(view(x, seat), Rng.fromSeed(compared), level);
        expect(intentKey(play(alt))).toBe(intentKey(play(s)));
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
    expect(differentTruth).toBeGreaterThan(compared / 2);
  });

  test('a sampled world shows the bot exactly its own view, and holds every card of the game once', () => {
    const rng = Rng.fromSeed(4);
    const every = allCards().sort();
    let checked = 0;
    for (const s of states(8, 3)) {
      for (const seat of [0, 1]) {
        const v = view(s, seat);
        const world = determinize(v, rng);
        expect(view(world, seat)).toEqual(v);
        expect(cardsOf(world)).toEqual(every);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('the hard Rattlesnake bot', () => {
  test('always picks a legal intent, and the same one for the same view and seed', () => {
    let checked = 0;
    for (const s of states(3, 9)) {
      const seat = pending(s)[0]!;
      const legal = legalIntents(s, seat);
      if (legal.length < 2) continue;
      const v = view(s, seat);
      const a = searchRattlesnake(v, Rng.fromSeed(checked), QUICK).intent;
      expect(legal.map(intentKey)).toContain(intentKey(a));
      expect(searchRattlesnake(v, Rng.fromSeed(checked), QUICK).intent).toEqual(a);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  test("is the game's bot at level hard", () => {
    const s = states(1, 5).find((x) => legalIntents(x, pending(x)[0]!).length > 3) as RattlesnakeState;
    const v = view(s, pending(s)[0]!);
    expect(rattlesnake.bot(v, Rng.fromSeed(8), 'hard')).toEqual(searchRattlesnake(v, Rng.fromSeed(8)).intent);
  });
});
