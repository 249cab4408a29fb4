/**
 * Rattlesnake's end-of-game standings and showdown verdicts, from real games the engine's bots play to the end.
 */
import type { Rattlesnake as R } from '@tumbleweed/engine';

// The words in English through i18next itself (the app's i18n module needs a browser: a page language, a detector).
// The page's i18n (../i18n) starts a browser language detector; here: the same English words, the same i18next.
jest.mock('../i18n', () => jest.requireActual('../i18n/english').english());

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Rattlesnake } = require('@tumbleweed/engine') as { Rattlesnake: typeof R };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { playGame } = require('../../../engine/src/rattlesnake/sim') as typeof import('../../../engine/src/rattlesnake/sim');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const words = require('./rattlesnake-words') as typeof import('./rattlesnake-words');

describe('Rattlesnake standings', () => {
  test.each([1, 2, 3, 4, 5])('game %i: the winner first, with the Hits left in front and how many were taken', (seed) => {
    const game = playGame(seed, ['bot', 'bot']);
    expect(game.winner).not.toBeNull();
    const winner = game.winner as number;
    const view = Rattlesnake.view(game.final, 0);
    const rows = words.standingsOf(view, [winner]);
    expect(rows.map((r) => [r.seat, r.place, r.winner])).toEqual([
      [winner, 1, true],
      [1 - winner, 2, false],
    ]);
    const left = game.final.players[winner].hits.length;
    expect(left).toBeGreaterThan(0);
    expect(rows[0].score).toBe(left === 1 ? '1 Hit left' : `${left} Hits left`);
    expect(rows[0].detail).toBe(left === 4 ? 'took no Hits' : `took ${4 - left} Hit${4 - left === 1 ? '' : 's'} of 4`);
    expect(rows[1]).toMatchObject({ score: 'no Hits left', detail: 'took 4 Hits of 4' });
  });

  test('no winner yet (a game cut short): equal Hits share a place', () => {
    const game = playGame(7, ['bot', 'bot'], 1);
    const view = Rattlesnake.view(game.final, null);
    const rows = words.standingsOf(view, []);
    expect(rows.map((r) => [r.place, r.winner])).toEqual([
      [1, false],
      [1, false],
    ]);
  });
});

describe('Rattlesnake verdicts', () => {
  const set = (top: number, size: number): R.Combo => ({ kind: 'set', cards: [], size, top });
  const single = (top: number): R.Combo => ({ kind: 'single', cards: [], size: 1, top });
  const run = (top: number, size: number): R.Combo => ({ kind: 'run', cards: [], size, top });
  const names = (s: number) => ['Ann', 'Bob'][s];
  const sd = (over: Partial<R.Showdown>): R.Showdown => ({
    attacker: 0,
    defender: 1,
    attackerCombo: single(1),
    defenderCombo: set(4, 2),
    dodge: false,
    attackerWon: false,
    hits: 0,
    ...over,
  });

  test('who won, with what, from each seat', () => {
    expect(words.verdict(sd({}), 0, names)).toBe('You lose: Set of two 4s beats Single 1 (more cards) — the defence holds');
    expect(words.verdict(sd({}), 1, names)).toBe('You win: Set of two 4s beats Single 1 (more cards) — the defence holds');
    expect(words.verdict(sd({}), null, names)).toBe('Bob wins: Set of two 4s beats Single 1 (more cards) — the defence holds');
    expect(words.verdict(sd({}), 0, names, 'full')).toBe('You lose: Set of two 4s beats Single 1 — the defence holds');
    expect(words.verdict(sd({}), 0, names, 'short')).toBe('You lose — the defence holds');
  });

  // The rule that decided it, in brackets, whatever events were in effect (read back from the combos and who won).
  test.each<[string, Partial<R.Showdown>, string]>([
    [
      'more cards',
      { attackerCombo: set(5, 3), defenderCombo: single(5), attackerWon: true, hits: 2 },
      'You lose: Set of three 5s beats Single 5 (more cards) — 2 Hits',
    ],
    [
      'a Set over a Run',
      { attackerCombo: set(2, 2), defenderCombo: run(5, 2), attackerWon: true, hits: 1 },
      'You lose: Set of two 2s beats Run of 4 to 5 (a Set beats a Run) — 1 Hit',
    ],
    [
      'Sandstorm',
      { attackerCombo: set(2, 2), defenderCombo: run(5, 2) },
      'You win: Run of 4 to 5 beats Set of two 2s (Sandstorm: a Run beats a Set) — the defence holds',
    ],
    [
      'the higher card',
      { attackerCombo: single(5), defenderCombo: single(4), attackerWon: true, hits: 1 },
      'You lose: Single 5 beats Single 4 (the higher card) — 1 Hit',
    ],
    ['a tie', { attackerCombo: single(3), defenderCombo: single(3) }, 'You win: Single 3 ties Single 3 (a tie goes to the defender) — the defence holds'],
    [
      'Deadeye',
      { attackerCombo: single(3), defenderCombo: single(3), attackerWon: true, hits: 1 },
      'You lose: Single 3 ties Single 3 (Deadeye: a tie goes to the attacker) — 1 Hit',
    ],
    ['no defence', { attackerCombo: single(1), defenderCombo: null, attackerWon: true, hits: 1 }, 'You lose: Single 1 beats No combo — 1 Hit'],
    [
      'the Dodge ’n’ Shoot flip',
      { dodge: true, attackerCombo: null, defenderCombo: null, attackerWon: true, hits: 1 },
      "You lose: decided by Dodge 'n' Shoot — 1 Hit",
    ],
  ])('decided by %s, told to the defender', (_, over, expected) => {
    expect(words.verdict(sd(over), 1, names)).toBe(expected);
  });
});

describe('Rattlesnake prompts name only the answers I hold', () => {
  const card = (ability: R.Ability) => Rattlesnake.personalId(0, ability);
  const pass: R.RattlesnakeIntent = { type: 'pass' };
  const doubleTap: R.RattlesnakeIntent = { type: 'ability', cardId: card('double-tap') };
  const again: R.RattlesnakeIntent = { type: 'ability', cardId: card('quick-draw'), mode: 'again' };

  test.each([
    ['a Take Cover in hand', [{ type: 'cover', cardId: card('take-cover') }, { type: 'allow' }], 'Take Cover? Bob used Scout'],
    ['no Take Cover', [{ type: 'allow' }], 'Bob used Scout. No Take Cover in your hand: allow it'],
  ] as [string, R.RattlesnakeIntent[], string][])('their ability, %s', (_, legal, expected) => {
    expect(words.coverPrompt('Bob', 'Scout', legal)).toBe(expected);
  });

  test.each([
    [
      'Focus and Distract in hand',
      [{ type: 'ability', cardId: card('focus'), target: 'x', value: 1 }, { type: 'ability', cardId: card('distract') }, pass],
      'Use Focus or Distract, or pass',
    ],
    ['a Focus in hand', [{ type: 'ability', cardId: card('focus'), target: 'x', value: 1 }, pass], 'Use Focus or pass'],
    ['nothing that works now', [pass], 'Nothing in your hand works on this reveal: pass'],
  ] as [string, R.RattlesnakeIntent[], string][])('the reveal’s window: %s', (_, legal, expected) => {
    expect(words.windowPrompt(legal)).toBe(expected);
  });

  test.each([
    ['a hit, Double Tap and Quick Draw in hand', true, [doubleTap, again, pass], 'Your attack hit! Double Tap, attack again with Quick Draw, or pass'],
    ['a hit, a Double Tap in hand', true, [doubleTap, pass], 'Your attack hit! Double Tap or pass'],
    ['a hit, a Quick Draw in hand', true, [again, pass], 'Your attack hit! Attack again with Quick Draw or pass'],
    ['a hit, neither in hand', true, [pass], 'Your attack hit! No Double Tap or Quick Draw in your hand: pass'],
    ['a miss, a Quick Draw in hand', false, [again, pass], 'Your attack missed. Attack again with Quick Draw or pass'],
    ['a miss, none in hand', false, [pass], 'Your attack missed. No Quick Draw in your hand: pass'],
  ] as [string, boolean, R.RattlesnakeIntent[], string][])('after my attack: %s', (_, hit, legal, expected) => {
    expect(words.afterPrompt(hit, legal)).toBe(expected);
  });
});
