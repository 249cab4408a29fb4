/**
 * Whom the status bar says the table waits for (status.ts `waitingLine`): two names at most; more are counted, where
 * five names wrapped a 360 px phone's status bar to three lines and squeezed the table under it (a new player's review
 * of a six-seat Duel).
 */
import { waitingLine } from './status';

jest.mock('../i18n', () => jest.requireActual('../i18n/english').english());

test.each<[string, string[], boolean, boolean, string]>([
  ['one', ['Bob'], false, false, 'Waiting for Bob…'],
  // (names listed as the node tests' i18n lists them: with commas; the page says "Bob and Calamity Kate")
  ['two, named', ['Bob', 'Calamity Kate'], false, false, 'Waiting for Bob, Calamity Kate…'],
  [
    'five, counted',
    ['Calamity Kate', 'Dusty Pete', 'One-Eyed Jack', 'Belle Starr', 'Sheriff Bart'],
    false,
    true,
    'You’re out this round. Waiting for 5 players…',
  ],
  ['three, to a watcher', ['Ann', 'Bob', 'Cid'], true, false, 'You are watching. Waiting for 3 players…'],
  ['two, to a watcher', ['Ann', 'Bob'], true, false, 'You are watching. Waiting for Ann, Bob…'],
])('%s', (_, names, watching, out, line) => {
  expect(waitingLine(names, watching, out)).toBe(line);
});
