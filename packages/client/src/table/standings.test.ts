/**
 * The end screen's standings when a game gives none of its own (its board not read yet): every seat's summary, the
 * table's winners first. The winner was found by a seat's name in the banner's words, and the banner on the winner's
 * own page says "You win…": there nobody was marked the winner.
 */
import { standings } from './standings';
import type { TableView } from './view';

jest.mock('../i18n', () => ({ t: (key: string) => key }));

const view = (winners: number[], scores: string[], banner: string) =>
  ({
    ui: { standings: () => [], seatSummary: (seat: number) => ({ score: scores[seat], alive: null }), winnerText: () => banner },
    state: () => ({ seats: scores.map(() => ({})), winners }),
    name: (seat: number) => ['Ann', 'Bob', 'Cid'][seat],
  }) as unknown as TableView;

test.each([
  ["on the winner's own page", 'You win with $3!'],
  ["on another player's page", 'Bob wins with $3!'],
])('the table’s winner first, marked the winner, %s', (_, banner) => {
  const rows = standings(view([1], ['$1', '$3', '$0'], banner));
  expect(rows.map((r) => [r.seat, r.place, r.winner])).toEqual([
    [1, 1, true],
    [0, 2, false],
    [2, 3, false],
  ]);
});

test('a winner with less money than another seat still comes first', () => {
  const rows = standings(view([2], ['$1', '$3', '$0'], 'You win!'));
  expect(rows.map((r) => [r.seat, r.place, r.winner])).toEqual([
    [2, 1, true],
    [1, 2, false],
    [0, 3, false],
  ]);
});
