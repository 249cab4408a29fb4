/**
 * When an event entering Rattlesnake's saloon is told over the felt (rattlesnake-moment.ts), and in what words: at the
 * view where a new event lies in the saloon, never at a page's first view.
 */
import type { Rattlesnake } from '@tumbleweed/engine';
import { eventMomentWords, eventsEntered } from './rattlesnake-moment';

// The page's i18n (../i18n, through dom.ts) starts a browser language detector; here: the same English words.
jest.mock('../i18n', () => jest.requireActual('../i18n/english').english());

test.each<[string, Rattlesnake.EventKind[] | undefined, Rattlesnake.EventKind[], Rattlesnake.EventKind[]]>([
  ['a buy brings one into the saloon', [], ['deadeye'], ['deadeye']],
  ['a second one beside the first', ['sandstorm'], ['sandstorm', 'high-noon'], ['high-noon']],
  ['none new: a view of the same saloon', ['sandstorm'], ['sandstorm'], []],
  ['the page’s first view (a reload, a late watcher): none, whatever lies there', undefined, ['sandstorm', 'deadeye'], []],
])('%s', (_, before, now, entered) => {
  expect(eventsEntered(before, now)).toEqual(entered);
});

test('the words: which event entered, then what it does from now on', () => {
  expect(eventMomentWords(['deadeye'])).toEqual(['Event! Deadeye enters the saloon', 'A full tie goes to the attacker instead of the defender.']);
  expect(eventMomentWords(['sandstorm', 'last-call'])).toEqual([
    'Events! Sandstorm · Last Call enter the saloon',
    'A Run beats a Set of the same size.',
    'Buying costs 1 discarded card instead of 2.',
  ]);
});
