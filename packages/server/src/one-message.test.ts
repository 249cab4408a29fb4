/**
 * One message per change (issue 16): what happened rides in the patch that shows it. Recorded on the wire by a real
 * colyseus.js client through a whole Duel against a bot: after its first patch, no `events` message of its own
 * arrives, and the events it reads are exactly the game's, for this seat, in order, each once; each of them, and
 * the table's own, is an event the protocol declares (engine protocol/events.ts), field for field.
 */
import { duelEventSchema, eventsFor, tableEventSchema, type GameEvent } from '@tumbleweed/engine';
import { framesOf } from './testing/record-ws';
import { autoPlay, seatOf, startServer, waitFor } from './testing/harness';
import { replay } from './testing/replay';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.cleanup();
  await server.shutdown();
});

test('a whole game: every event reaches the player inside a patch, none as a message of its own', async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, bots: 1, seed: 0x51a7e, options: { target: 3 } });
  let log: { events: GameEvent[] } | null = null;
  ann.onMessage('log', (l: { events: GameEvent[] }) => (log = l));
  ann.onMessage('*', () => undefined);
  autoPlay(ann, () => seatOf(ann));
  await waitFor(() => ann.state.status === 'over', 'game over', 60_000);
  ann.send('table', { action: 'log' });
  await waitFor(() => log !== null, 'the game log');

  const observations = replay(framesOf(ann));
  // What happened while Ann was still joining comes as `events` messages right after her first full state (a
  // client gets no patch before it); after her first patch, nothing comes as a message of its own.
  const states = observations.flatMap((o, i) => (o.kind === 'state' ? [i] : []));
  const firstPatch = states[1]!;
  const joining = observations.slice(states[0]! + 1, firstPatch).filter((o) => o.type === 'events' && !o.riding);
  const ownMessages = observations.slice(firstPatch).filter((o) => o.type === 'events' && !o.riding);
  expect(ownMessages).toEqual([]);
  const riding = observations.slice(states[0]! + 1).filter((o) => o.riding);
  expect(riding.length).toBeGreaterThan(10);
  // Read from both, the game's events are exactly the log's as this seat may see them: in order, none lost or twice.
  const seen = [...joining, ...riding].flatMap((o) => o.message as GameEvent[]);
  const gameTypes = new Set(log!.events.map((e) => e.type));
  expect(seen.filter((e) => gameTypes.has(e.type))).toEqual(eventsFor(log!.events, seatOf(ann)));
  // On the wire, every event is the table's own or Duel's, as the protocol's schemas declare them (no field more).
  const table = seen.filter((e) => tableEventSchema.safeParse(e).success);
  expect(table.map((e) => e.type)).toContain('game_started');
  expect(seen.filter((e) => !tableEventSchema.safeParse(e).success && !duelEventSchema.safeParse(e).success)).toEqual([]);
});
