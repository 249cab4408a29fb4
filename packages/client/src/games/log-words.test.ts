/**
 * The table's "What happened" log, as a player reads it: every event of seeded bot games of each game (every seat
 * count it allows, Saloon with What the Wind Brings too), as seat 0 receives it, is worded by its game's UI in whole
 * English sentences: no placeholder left, no "undefined", no name of a seat that is not there, nothing thrown. Each game's events are typed
 * (engine protocol/events.ts), so its UI reads their fields directly; this holds the words to the events the engine
 * really emits.
 */
import { Duel, eventsFor, isError, Rng, duel, rattlesnake, saloon, type Game, type GameWireEvent, type Intent } from '@tumbleweed/engine';
import { describeReveal, duelModule } from './duel';
import { rattlesnakeModule } from './rattlesnake';
import { saloonModule } from './saloon';
import type { GameModule, GameUi, TableContext } from './types';

// The page's i18n (../i18n) starts a browser language detector; here: the same English words, the same i18next.
jest.mock('../i18n', () => jest.requireActual('../i18n/english').english());

// No Pixi here: the scenes never finish loading (the log does not need them).
jest.mock('../scenes/duel', () => ({ DuelScene: { create: () => new Promise(() => {}) } }));
jest.mock('../scenes/rattlesnake', () => ({ RattlesnakeScene: { create: () => new Promise(() => {}) } }));
jest.mock('../scenes/saloon', () => ({ SaloonScene: { create: () => new Promise(() => {}) } }));

type AnyGame = Game<unknown, unknown, Intent, unknown>;
const NAMES = ['Ann', 'Bob', 'Cid', 'Dot', 'Eve', 'Fay'];

/** A game's UI at a table where I sit in seat 0, with no DOM behind it (only its words are read). */
function mountUi(module: GameModule): GameUi {
  const ctx: TableContext = {
    state: () => ({ status: 'playing', seats: [], winners: [] }) as unknown as ReturnType<TableContext['state']>,
    mySeat: () => 0,
    name: (seat) => NAMES[seat] ?? `<no seat ${seat}>`,
    send: () => undefined,
    serverNow: () => 0,
  };
  // (Saloon's UI ticks its countdowns on a timer of the page's window: none here.)
  Object.assign(globalThis, { window: { setInterval: () => 0, clearInterval: () => undefined, setTimeout: () => 0, clearTimeout: () => undefined } });
  const el = () => ({ classList: { add: () => undefined }, replaceChildren: () => undefined }) as unknown as HTMLElement;
  return module.mount(ctx, { scene: el(), actions: el() });
}

/** Every event seat 0 receives in a seeded bot game (bots play every seat; every fifth step the countdown runs out). */
function eventsOfGame(game: AnyGame, seats: number, seed: number, options: object): GameWireEvent[] {
  let state = game.setup({ seats, options: game.options(options) as unknown }, Rng.fromSeed(seed));
  const bots = Rng.fromSeed(seed + 1000);
  const out: GameWireEvent[] = [];
  let now = 1_700_000_000_000;
  for (let step = 0; game.outcome(state) === null && step < 300; step++) {
    now += 5_000;
    const seat = step % 5 === 4 ? undefined : game.pending(state)[0];
    let r = seat === undefined ? game.timeout(state, now) : game.apply(state, seat, game.bot(game.view(state, seat), bots), now);
    if (isError(r)) r = game.timeout(state, now);
    if (isError(r)) break;
    state = r.state;
    out.push(...(eventsFor(r.events, 0) as GameWireEvent[]));
  }
  return out;
}

describe.each([
  ['duel', duel as unknown as AnyGame, duelModule, [{}], { type: 'wind_event', card: 'event-noon', kind: 'noon', seat: 1 }],
  ['rattlesnake', rattlesnake as unknown as AnyGame, rattlesnakeModule, [{}], { type: 'round_started', round: 2 }],
  ['saloon', saloon as unknown as AnyGame, saloonModule, [{}, { wind: true, russianRoulette: true }], { type: 'round_won', seat: 1, round: 1, money: 1 }],
] as const)('%s', (_id, game, module, optionSets, foreign) => {
  const ui = mountUi(module);
  const events = optionSets.flatMap((options) =>
    Array.from({ length: game.maxSeats - game.minSeats + 1 }, (_, i) => game.minSeats + i).flatMap((seats) =>
      [1, 2].flatMap((seed) => eventsOfGame(game, seats, seed, options)),
    ),
  );

  test('every event of its bot games is worded in whole sentences', () => {
    expect(events.length).toBeGreaterThan(200);
    const bad: { event: GameWireEvent; line: string }[] = [];
    let lines = 0;
    for (const event of events) {
      for (const line of ui.describe(event)) {
        lines++;
        if (!line.trim() || /undefined|NaN|null|\{\{|<no seat|\$-1\b|\[object/.test(line)) bad.push({ event, line });
      }
    }
    expect(bad.slice(0, 3)).toEqual([]);
    expect(lines).toBeGreaterThan(events.length / 3);
  });

  test('what I do and what happens to me is told to me as "you", never by my own name', () => {
    const mine = events.flatMap((event) => ui.describe(event)).filter((line) => /\bAnn\b/.test(line));
    expect(mine.slice(0, 5)).toEqual([]);
  });

  if (_id === 'saloon')
    test("the cards a Standoff or the Turkey flipped are discarded under a name, never as that player's hand", () => {
      const flipped = ['red-head-1', 'blue-arm-2', 'green-leg-3'];
      for (const reason of ['standoff', 'turkey'] as const) {
        const [line] = ui.describe({ type: 'discarded', seat: 1, cards: flipped, reason });
        expect(line).toMatch(/^Bob discarded /);
        expect(line).not.toMatch(/hand/);
      }
      // A duel's hands are: each duelist throws theirs away.
      expect(ui.describe({ type: 'discarded', seat: 1, cards: flipped, reason: 'duel' })[0]).toMatch(/^Bob discarded their hand: /);
    });

  test('an event another game would word, or a type it does not know, adds no line', () => {
    expect(ui.describe(foreign)).toEqual([]);
    expect(ui.describe({ type: 'no_such_event' } as unknown as GameWireEvent)).toEqual([]);
  });
});

// A barricade or a reload that did not save its player was told as a second hit ("Bob played a barricade — and was
// hit!" under "Cid fired a rifle at Bob — Bob is hit!"); what the card did (or did not) is the news.
const REVEALS: [string, Duel.Play[], number, string[]][] = [
  [
    'a rifle through a barricade',
    [
      { seat: 2, card: 'rifle', target: 1 },
      { seat: 1, card: 'barricade', target: null },
    ],
    -1,
    ['Cid fired a rifle at Bob — Bob is hit!', 'Bob played a barricade — the rifle went through it.'],
  ],
  [
    'a pistol held by a barricade',
    [
      { seat: 2, card: 'pistol', target: 1 },
      { seat: 1, card: 'barricade', target: null },
    ],
    -1,
    ['Cid fired a pistol at Bob — the barricade held.', 'Bob played a barricade.'],
  ],
  [
    'a pistol and a rifle at one barricade: the pistol held, the rifle through',
    [
      { seat: 2, card: 'pistol', target: 0 },
      { seat: 1, card: 'rifle', target: 0 },
      { seat: 0, card: 'barricade', target: null },
    ],
    0,
    ['Cid fired a pistol at you — the barricade held.', 'Bob fired a rifle at you — you are hit!', 'You played a barricade — the rifle went through it.'],
  ],
  [
    'a reload cut short, told to me',
    [
      { seat: 2, card: 'pistol', target: 0 },
      { seat: 0, card: 'reload', target: null },
    ],
    0,
    ['Cid fired a pistol at you — you are hit!', 'You played a reload — the shot came first.'],
  ],
];
test.each(REVEALS)('Duel: %s', (_, plays, me, lines) => {
  const reveal = { round: 1, shootout: 2, plays, hit: Duel.hitsOf(plays), reloaded: [] };
  expect(describeReveal(reveal, (s) => NAMES[s], me).slice(1)).toEqual(lines);
});
