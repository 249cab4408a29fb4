/**
 * The boardgame.io baseline hides what our server hides (issue 16: both servers must do the same work for the
 * comparison to mean anything). boardgame.io's own server (the built bgio-server.ts, as the load test starts it)
 * with our Duel in it (bgio-game.ts); two boardgame.io clients join a match through the Lobby API; everything
 * seat 0's socket receives is kept as it came off the wire. Seat 1 places its card face down: seat 0 must learn that
 * it did, never which card, from the state (its playerView) or from the log boardgame.io sends beside it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client, LobbyClient } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { Duel } from '@tumbleweed/engine';
import { BGIO_DUEL, bgioDuel } from './bgio-game';
import { socketOf, type SeatState } from './bgio-client';

const SERVER = path.resolve(__dirname, '../../dist/loadtest/bgio-server.js');

let server: ChildProcess;
let url: string;
const clients: ReturnType<typeof Client>[] = [];

beforeAll(async () => {
  if (!fs.existsSync(SERVER)) throw new Error('packages/server/dist is missing: run `npm run build` first');
  server = fork(SERVER, [], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => server.once('message', (m: { port: number }) => resolve(m.port)));
  url = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  for (const c of clients) c.stop();
  server?.kill();
});

/** A seat's client, and every socket.io message its socket receives (the engine.io packets' data, as sent). */
function seat(matchID: string, playerID: string, credentials: string) {
  const client = Client({
    game: bgioDuel,
    multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'], forceNew: true } }),
    matchID,
    playerID,
    credentials,
    debug: false,
  });
  clients.push(client);
  client.start();
  const socket = socketOf(client);
  const received: string[] = [];
  socket.io.engine.on('packet', (p) => {
    if (p.type === 'message' && typeof p.data === 'string') received.push(p.data);
  });
  const states: SeatState[] = [];
  socket.on('sync', (_id: string, info: { state: SeatState }) => states.push(info.state));
  socket.on('update', (_id: string, state: SeatState) => states.push(state));
  return { client, received, states };
}

const until = async (what: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

test("boardgame.io's clients get the engine's view of their own seat only: the other seat's face-down card is in no state and no log entry", async () => {
  const lobby = new LobbyClient({ server: url });
  const { matchID } = await lobby.createMatch(BGIO_DUEL, { numPlayers: 2, setupData: { target: 3 } });
  const joined = await Promise.all(['0', '1'].map((playerID) => lobby.joinMatch(BGIO_DUEL, matchID, { playerID, playerName: `p${playerID}` })));
  const [zero, one] = joined.map((j, i) => seat(matchID, String(i), j.playerCredentials));
  await until(() => zero.states.length > 0 && one.states.length > 0);

  // The setup took the match's setupData (the table options) and each seat sees its own view.
  expect(zero.states[0].G).toMatchObject({ seat: 0, target: 3, commit: null });
  expect(one.states[0].G).toMatchObject({ seat: 1, target: 3, commit: null });

  // Seat 1 places its barricade (its only one) face down; seat 0 has not played.
  const before = zero.received.length;
  one.client.moves.intent({ type: 'commit', card: 'barricade', target: null });
  await until(() => zero.states.some((s) => s.G.players[1].committed) && one.states.some((s) => s.G.commit !== null));
  const seen = zero.received.slice(before);
  expect(seen.some((m) => m.includes('"update"'))).toBe(true);

  // What seat 0 got is exactly the engine's view for seat 0 (nothing of seat 1's beyond its public fields)…
  const last = zero.states[zero.states.length - 1].G;
  expect(Object.keys(last.players[1]).sort()).toEqual(['aside', 'committed', 'handCount', 'money', 'alive'].sort());
  expect(last.players[1]).toMatchObject({ committed: true, handCount: 5, aside: [] });
  expect(last.commit).toBeNull();
  expect(last.hand).toEqual([...Duel.FULL_HAND]); // its own hand, untouched
  // …and no message at all, state or log, names the card seat 1 committed.
  for (const message of seen) expect(message).not.toContain('"card":"barricade"');
  for (const message of seen) expect(message).not.toMatch(/"args":\[\{"type":"commit"/);
  // The check can fail: seat 1's own messages do show its card (its view's commit, its own log entry unredacted).
  expect(one.received.some((m) => m.includes('"commit":{"card":"barricade","target":null}'))).toBe(true);
  expect(one.received.some((m) => m.includes('"args":[{"type":"commit","card":"barricade","target":null}]'))).toBe(true);

  // Once seat 0 places its card too, the shootout is revealed to both: then seat 0 sees the barricade.
  zero.client.moves.intent({ type: 'commit', card: 'reload', target: null });
  await until(() => zero.states[zero.states.length - 1].G.lastReveal !== null);
  expect(zero.states[zero.states.length - 1].G.lastReveal!.plays).toEqual([
    { seat: 0, card: 'reload', target: null },
    { seat: 1, card: 'barricade', target: null },
  ]);
});
