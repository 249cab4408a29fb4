/**
 * A create or join the server never answered, in words: the lobby read "[object ProgressEvent]" when the request
 * failed below HTTP (colyseus.js passes on httpie's XMLHttpRequest event, for a refused connection or a request past
 * the page's time limit, net.ts).
 */
import { humanError } from './net-errors';

// The page's i18n starts a browser language detector; here: the same English words.
jest.mock('./i18n', () => jest.requireActual('./i18n/english').english());

test.each([
  ['a refused connection (the XMLHttpRequest’s error event)', { type: 'error', timeout: false }],
  ['no answer within the time limit (its timeout event)', { type: 'timeout', timeout: true }],
  ['fetch’s network error', new TypeError('Failed to fetch')],
])('%s: "Can’t reach the server"', (_, err) => {
  expect(humanError(err)).toBe('Can’t reach the server — is it running?');
});

test('a server error keeps its own words', () => {
  expect(humanError(new Error('TABLE_FULL: every seat is taken'))).toBe('Every seat is taken — you can watch instead.');
});
