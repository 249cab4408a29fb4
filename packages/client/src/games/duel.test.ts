/**
 * Duel's end of game as the end screen shows it (GameUi.standings): every seat's money and how it was made, the
 * winner first, equal money sharing a place; and the keys its action bar answers to (GameInfo.keyHelp), in words.
 */
import type { Duel } from '@tumbleweed/engine';
import { duelStandings } from './duel';
import { duelInfo } from './duel-info';

// The real i18n starts i18next, which these CommonJS tests cannot load: the English dictionary, filled in the same way.
jest.mock('../i18n', () => {
  const { en } = jest.requireActual('../i18n/en');
  const t = (key: string, vars: Record<string, string> = {}) => {
    const [ns, path] = key.includes(':') ? key.split(':') : ['common', key];
    const value = path.split('.').reduce<unknown>((d, k) => (d as Record<string, unknown> | undefined)?.[k], en[ns]);
    if (typeof value !== 'string') throw new Error(`no English words for ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_m: string, v: string) => vars[v] ?? '');
  };
  return { t, listNames: (names: string[]) => names.join(', ') };
});

/** The end of a game as a seat's view shows it (the engine's DuelView, as the client reads it from the board). */
function board(money: number[], round: number, winner: number | null): Duel.DuelView {
  return {
    seat: null,
    target: 3,
    round,
    shootout: 2,
    phase: 'over',
    players: money.map((m) => ({ money: m, alive: true, handCount: 0, aside: [], committed: false })),
    hand: [],
    commit: null,
    lastReveal: null,
    winner,
  };
}

test('the winner first with the target money; the others by money, equal money sharing a place', () => {
  // Ann $1, Bob $3 (won), Cat $1, Dan $0, after 5 rounds.
  const s = duelStandings(board([1, 3, 1, 0], 5, 1), [1]);
  expect(s.map((x) => [x.seat, x.place, x.score, x.winner])).toEqual([
    [1, 1, '$3', true],
    [0, 2, '$1', false],
    [2, 2, '$1', false],
    [3, 4, '$0', false],
  ]);
  expect(s.map((x) => x.detail)).toEqual(['Rounds won: 3 of 5', 'Rounds won: 1 of 5', 'Rounds won: 1 of 5', 'Rounds won: 0 of 5']);
});

test('the winner comes from the board when the table has not said yet', () => {
  const s = duelStandings(board([2, 2], 4, 1), []);
  expect(s.map((x) => [x.seat, x.place, x.winner])).toEqual([
    [1, 1, true],
    [0, 1, false],
  ]);
});

test('the keyboard help names the digits for cards and targets and C to cancel', () => {
  const help = duelInfo.keyHelp?.() ?? [];
  expect(help.map((k) => k.keys)).toEqual(['1–4', '1–5', 'C']);
  expect(help.every((k) => k.action.length > 10)).toBe(true);
});
