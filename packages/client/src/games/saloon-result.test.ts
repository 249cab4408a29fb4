/**
 * When the moment a Saloon race ends shows over the felt (saloon-result.ts): at the view that ends a race this page saw.
 * A second duel nobody won between the same two seats (equal records, no shot to tell them apart) showed nothing when
 * the moment was told by a new record (a helper's review).
 */
import type { Saloon } from '@tumbleweed/engine';
import { raceJustEnded } from './saloon-result';

// The page's i18n (../i18n, through dom.ts) starts a browser language detector; here: the same English words.
jest.mock('../i18n', () => jest.requireActual('../i18n/english').english());

const nobody: Saloon.DuelRecord = { threatener: 1, target: 0, winner: null, result: 'abandoned', shots: [] };
const won: Saloon.DuelRecord = { ...nobody, winner: 0, result: 'won' };

test.each([
  ['shown: a duel ends (the next turn)', true, { racing: false, over: false, record: won }, true],
  ['shown: a second duel nobody won between the same seats, its record equal to the last', true, { racing: false, over: false, record: { ...nobody } }, true],
  ['not shown: the race goes on (Ready… to GO!)', true, { racing: true, over: false, record: null }, false],
  ['not shown: a turn, then another: no race ended', false, { racing: false, over: false, record: won }, false],
  ['not shown: the page’s first view, a duel long over (a reload, a late joiner, the TV)', undefined, { racing: false, over: false, record: won }, false],
  ['not shown: the race ends the game: the end screen tells it', true, { racing: false, over: true, record: won }, false],
] as const)('%s', (_, before, now, shown) => {
  expect(raceJustEnded(before, now)).toBe(shown);
});
