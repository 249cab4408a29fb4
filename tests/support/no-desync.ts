/**
 * Run before every server-side test file (jest.config.js): a colyseus.js client in the test that could not decode a
 * patch says so only with a console warning ("@colyseus/schema: field not defined…") and goes on with a state that
 * is no longer the server's. Such a warning fails the test it happened in.
 * (It is how the library's 255-byte strings were found: schema-strings.ts.)
 * colyseus.js' other warning, a message of a type the test's client has no handler for ("onMessage() not registered
 * for type 'welcome'"), is left out: those clients read the state, and the 82 of them (each with its stack) were 1,968
 * of the 3,403 lines of a CI run's log.
 */
const warn = console.warn.bind(console);
let seen: string[] = [];

console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('@colyseus/schema:')) seen.push(args[0]);
  if (typeof args[0] === 'string' && args[0].startsWith('colyseus.js: onMessage() not registered for type')) return;
  warn(...args);
};

beforeEach(() => {
  seen = [];
});

afterEach(() => {
  const found = seen;
  seen = [];
  if (found.length > 0) throw new Error(`a client could not decode the server's state ${found.length} time(s): ${[...new Set(found)].join('; ')}`);
});
