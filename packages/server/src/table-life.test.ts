/** Table life on the server: seat tokens, away players, rematch, and the host's powers. */
import { duel, isError, replayGame, Rng } from '@tumbleweed/engine';
import type { Room } from 'colyseus.js';
import { ManualClock, realClock, settings } from './table-room';
import { autoPlay, duelView, inbox, seatOf, startServer, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  settings.reconnectSeconds = 60;
  settings.clock = realClock;
  await server.cleanup();
});
afterAll(async () => {
  await server.shutdown();
});

async function welcomed(room: Room<any>): Promise<{ seat: number; token: string }> {
  return new Promise((resolve) => room.onMessage('welcome', resolve));
}

test('a player back after the grace period takes their seat and hand back from the bot', async () => {
  settings.reconnectSeconds = 0;
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const bobWelcome = await welcomed(bob);
  expect(bobWelcome.seat).toBe(1);
  await waitFor(() => ann.state.status === 'playing', 'start');
  bob.connection.close(); // dropped, not a polite leave
  await waitFor(() => ann.state.seats[1].kind === 'bot', 'a bot takes the seat');
  ann.send('intent', { type: 'commit', card: 'barricade' });
  await waitFor(() => duelView(ann)?.shootout === 2, 'the bot played for Bob');
  const back = await server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: bobWelcome.token });
  await waitFor(() => seatOf(back) === 1 && (duelView(back)?.hand.length ?? 0) > 0, 'Bob is back with his hand');
  expect(ann.state.seats[1].kind).toBe('human');
  expect(ann.state.seats[1].connected).toBe(true);
  await expect(server.sdk.joinById(ann.roomId, { name: 'Eve', rejoin: 'not-a-token' })).rejects.toThrow(/TABLE_FULL/);
});

test("the table's own grace period keeps a dropped seat even where the server's default would not", async () => {
  settings.reconnectSeconds = 0; // the server's default: no grace at all
  await expect(server.sdk.create('duel', { name: 'Ann', seats: 2, options: { graceSeconds: 5 } })).rejects.toThrow(/BAD_OPTIONS/);
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0, graceSeconds: 120 } });
  await waitFor(() => ann.state.graceSeconds === 120, 'the grace period in the public state');
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  await waitFor(() => ann.state.status === 'playing' && (duelView(bob, 1)?.hand.length ?? 0) > 0, 'start, with Bob’s hand');
  const hand: string[] = duelView(bob, 1)!.hand;
  bob.connection.close(); // dropped, not a polite leave
  await waitFor(() => ann.state.seats[1].connected === false, 'Bob shown as away');
  await new Promise((r) => setTimeout(r, 1500));
  expect(ann.state.seats[1].kind).toBe('human'); // no bot yet: the table waits up to 120 s
  const back = await server.sdk.reconnect(bob.reconnectionToken);
  await waitFor(() => ann.state.seats[1].connected === true, 'Bob back');
  await waitFor(() => (duelView(back, 1)?.hand.length ?? 0) > 0, 'his hand');
  expect(duelView(back, 1)!.hand).toEqual(hand);
});

describe('a table waiting for players: a dropped connection keeps its seat for the grace period, as in a game', () => {
  /** The room behind a code, while it lives. */
  const live = (code: string) => server.getRoomById(code) as any;
  const seatsOf = (room: Room<any>) => Array.from(room.state.seats as any[], (s: any) => [s.kind, s.name, s.connected]);

  test("the only player's phone drops while the table waits for a friend: the table and the seat wait for her; back, the friend takes the other seat", async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0 } });
    await waitFor(() => seatOf(ann) === 0, 'Ann seated');
    const code = ann.roomId;
    ann.connection.close(); // dropped (a network change), not a goodbye
    await waitFor(() => live(code)?.state.seats[0].connected === false, 'Ann shown as dropped');
    await new Promise((r) => setTimeout(r, 500));
    // (the old server freed her seat at once, and closed the table nobody was at any more)
    expect(live(code)?.state.seats[0].toJSON()).toMatchObject({ kind: 'human', name: 'Ann', connected: false });
    const back = await server.sdk.reconnect(ann.reconnectionToken);
    await waitFor(() => back.state.seats?.[0]?.connected === true, 'Ann back in her seat');
    expect(seatOf(back)).toBe(0);
    const bob = await server.sdk.joinById(code, { name: 'Bob' });
    await waitFor(() => back.state.status === 'playing' && seatOf(bob) === 1, 'the game starts with Ann and Bob');
    expect(seatsOf(back)).toEqual([
      ['human', 'Ann', true],
      ['human', 'Bob', true],
    ]);
  });

  test('a friend who arrives while the host is away takes an open seat, not hers; the game starts and she comes back to it with her hand', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, options: { turnSeconds: 0 } });
    const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat' });
    await waitFor(() => seatOf(cat) === 1, 'Cat seated');
    ann.connection.close();
    await waitFor(() => cat.state.seats[0].connected === false, 'Ann shown as dropped');
    expect(cat.state.host).toBe(0); // still the host: she is expected back
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    await waitFor(() => cat.state.status === 'playing' && seatOf(bob) === 2, 'Bob in the last open seat; the game starts');
    expect(seatsOf(cat)).toEqual([
      ['human', 'Ann', false],
      ['human', 'Cat', true],
      ['human', 'Bob', true],
    ]);
    const back = await server.sdk.reconnect(ann.reconnectionToken);
    await waitFor(() => (duelView(back, 0)?.hand.length ?? 0) > 0, 'Ann back at the game with her hand');
    expect(cat.state.seats[0].connected).toBe(true);
    expect(cat.state.seats[0].kind).toBe('human');
  });

  test('not back within the grace period: the seat opens again and the host passes on; a table nobody is at any more closes', async () => {
    settings.reconnectSeconds = 1;
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3 });
    const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat' });
    const c = inbox(cat);
    await waitFor(() => seatOf(cat) === 1, 'Cat seated');
    ann.connection.close();
    await waitFor(() => cat.state.seats[0].connected === false, 'Ann shown as dropped');
    expect(cat.state.seats[0].kind).toBe('human');
    await waitFor(() => cat.state.seats[0].kind === 'open', 'her seat open again after the grace period', 5000);
    expect(cat.state.host).toBe(1);
    expect(c.events.some((e: any) => e.type === 'player_left' && e.name === 'Ann')).toBe(true);
    await expect(server.sdk.reconnect(ann.reconnectionToken)).rejects.toThrow();
    const code = cat.roomId;
    cat.connection.close();
    await waitFor(() => live(code) === undefined, 'the table nobody came back to is closed', 5000);
  });

  test('a goodbye still frees the seat at once; so does a drop where the server allows no grace', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3 });
    const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat' });
    await waitFor(() => seatOf(cat) === 1, 'Cat seated');
    await cat.leave(true);
    await waitFor(() => ann.state.seats[1].kind === 'open', 'Cat left: her seat open');
    settings.reconnectSeconds = 0;
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    await waitFor(() => seatOf(bob) === 1, 'Bob seated');
    bob.connection.close();
    await waitFor(() => ann.state.seats[1].kind === 'open', 'Bob dropped: his seat open at once (no grace)');
  });

  test('the host kicks a player who dropped before the game: the seat opens at once and the old connection cannot come back', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3 });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob', device: 'bob-phone-1234' });
    await waitFor(() => seatOf(bob) === 1, 'Bob seated');
    bob.connection.close();
    await waitFor(() => ann.state.seats[1].connected === false, 'Bob shown as dropped');
    ann.send('table', { action: 'kick', seat: 1 });
    await waitFor(() => ann.state.seats[1].kind === 'open', 'his seat open');
    await expect(server.sdk.reconnect(bob.reconnectionToken)).rejects.toThrow();
    expect(ann.state.seats[1].kind).toBe('open');
  });
});

describe("the host away: the host's buttons wait settings.hostAwaySeconds for her, then pass to a player who is here", () => {
  const AWAY_MS = settings.hostAwaySeconds * 1000;
  /** Whether Cat may add a bot: the answer to her asking (a bot seated, or NOT_HOST). */
  async function mayAddBot(cat: Room<any>, errors: { code: string }[]): Promise<boolean> {
    const bots = () => Array.from(cat.state.seats as any[]).filter((s: any) => s.kind === 'bot').length;
    const before = { bots: bots(), refused: errors.filter((e) => e.code === 'NOT_HOST').length };
    cat.send('table', { action: 'addBot' });
    await waitFor(() => bots() > before.bots || errors.filter((e) => e.code === 'NOT_HOST').length > before.refused, 'an answer');
    return bots() > before.bots;
  }

  /** Ann's table (on a manual clock) with Cat at it; then Ann's tab closes, her phone locks: not a goodbye. */
  async function annAwayBesideCat() {
    const clock = new ManualClock();
    settings.clock = clock;
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 4 });
    const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat' });
    const c = inbox(cat);
    await waitFor(() => seatOf(cat) === 1, 'Cat seated');
    ann.connection.close();
    await waitFor(() => cat.state.seats[0].connected === false, 'Ann shown as away');
    return { clock, ann, cat, c };
  }

  test('away longer: the first player here is the host and everyone is told; back, the old host is a player like the others', async () => {
    const { clock, ann, cat, c } = await annAwayBesideCat();
    clock.advance(AWAY_MS - 1000);
    await new Promise((r) => setTimeout(r, 100));
    expect(cat.state.host).toBe(0);
    expect(await mayAddBot(cat, c.errors)).toBe(false);
    clock.advance(1000);
    await waitFor(() => cat.state.host === 1, "Cat has the host's buttons");
    expect(c.events.filter((e) => e.type === 'host_passed')).toEqual([{ type: 'host_passed', seat: 1, was: 0 }]);
    expect(await mayAddBot(cat, c.errors)).toBe(true);
    // Ann back (her seat kept for the grace period): at her seat, without the host's buttons.
    const back = await server.sdk.reconnect(ann.reconnectionToken);
    const a = inbox(back);
    // (her own page's state arrives after Cat's patch: wait for hers)
    await waitFor(() => seatOf(back) === 0 && back.state.seats[0].connected === true, 'Ann back at her seat, on her page');
    expect(cat.state.seats[0].connected).toBe(true);
    expect(back.state.host).toBe(1);
    expect(await mayAddBot(back, a.errors)).toBe(false);
  });

  test('back in time (a reload, a phone changing networks): she keeps them, and nobody is told anything', async () => {
    const { clock, ann, cat, c } = await annAwayBesideCat();
    clock.advance(AWAY_MS - 1000);
    const back = await server.sdk.reconnect(ann.reconnectionToken);
    await waitFor(() => cat.state.seats[0].connected === true && seatOf(back) === 0, 'Ann back');
    clock.advance(2 * AWAY_MS);
    await new Promise((r) => setTimeout(r, 100));
    expect(cat.state.host).toBe(0);
    expect(c.events.filter((e) => e.type === 'host_passed')).toEqual([]);
    expect(await mayAddBot(back, inbox(back).errors)).toBe(true);
  });

  test('nobody else at the table: the buttons wait for the next player to arrive, who takes them at once', async () => {
    const clock = new ManualClock();
    settings.clock = clock;
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 4 });
    await waitFor(() => seatOf(ann) === 0, 'Ann seated');
    const code = ann.roomId;
    ann.connection.close();
    await waitFor(() => (server.getRoomById(code) as any)?.state.seats[0].connected === false, 'Ann shown as away');
    clock.advance(AWAY_MS);
    await new Promise((r) => setTimeout(r, 100));
    expect((server.getRoomById(code) as any).state.host).toBe(0);
    const bob = await server.sdk.joinById(code, { name: 'Bob' });
    const b = inbox(bob);
    await waitFor(() => seatOf(bob) === 1 && bob.state.host === 1, "Bob sits down with the host's buttons");
    await waitFor(() => b.events.some((e) => e.type === 'host_passed'), 'Bob told');
    expect(await mayAddBot(bob, b.errors)).toBe(true);
  });
});

test('after two missed countdowns in a row a bot plays for the player, until they act again', async () => {
  // (to $10: the bot playing fast for Bob must not end the game before Bob is back)
  const clock = new ManualClock(); // each countdown's second passes once only Bob is waited for
  settings.clock = clock;
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 1, target: 10 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const a = inbox(ann);
  autoPlay(ann, () => seatOf(ann));
  const table = server.getRoomById(ann.roomId);
  const onlyBobWaited = () => table.state.pending.length === 1 && table.state.pending[0] === 1;
  const until = Date.now() + 5000;
  while (!table.state.seats[1].away && Date.now() < until) {
    if (onlyBobWaited()) clock.advance(1000);
    await new Promise((r) => setTimeout(r, 5));
  }
  await waitFor(() => ann.state.seats[1].away === true, 'Bob marked away', 5000);
  expect(a.events.filter((e) => e.type === 'timed_out').length).toBe(2);
  const shootout = duelView(ann)!.shootout;
  await waitFor(() => duelView(ann)!.shootout > shootout + 2 || ann.state.status === 'over', 'bot plays fast for Bob', 3000);
  await waitFor(() => bob.state.pending.includes(1) || bob.state.status === 'over', 'Bob to decide');
  if (bob.state.status === 'over') return;
  const hand: string[] = duelView(bob, 1)!.hand;
  bob.send('intent', hand.includes('barricade') ? { type: 'commit', card: 'barricade' } : { type: 'commit', card: 'reload' });
  await waitFor(() => ann.state.seats[1].away === false, 'Bob back in charge');
  expect(a.events.some((e) => e.type === 'seat_back' && e.seat === 1)).toBe(true);
});

test("a newcomer (a TV, a friend who comes to watch) is told the table's story so far: what a spectator saw, nothing private", async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0 } });
  // (watching from the start: every public event since; Ann's arrival came before it, in its own story)
  const early = await server.sdk.joinById(ann.roomId, { spectate: true });
  const before: any[] = [];
  early.onMessage('history', (events: any[]) => before.push(...events));
  const seen = inbox(early);
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  await waitFor(() => (duelView(ann)?.hand.length ?? 0) > 0 && (duelView(bob, 1)?.hand.length ?? 0) > 0, 'the game under way');
  ann.send('intent', { type: 'commit', card: 'barricade' });
  bob.send('intent', { type: 'commit', card: 'barricade' });
  await waitFor(() => seen.events.some((e) => e.type === 'revealed'), 'the first shootout revealed');
  await new Promise((r) => setTimeout(r, 100));

  const tv = await server.sdk.joinById(ann.roomId, { spectate: true });
  const story: any[] = [];
  tv.onMessage('history', (events: any[]) => story.push(...events));
  await waitFor(() => story.length > 0, 'the story');
  expect(before.map((e) => e.type)).toEqual(['player_joined']);
  expect(story.map((e) => e.type)).toEqual([...before, ...seen.events].map((e) => e.type));
  expect(story.map((e) => e.type)).toEqual(expect.arrayContaining(['player_joined', 'game_started', 'committed', 'revealed']));
  // Each seat's own events (its committed card before the reveal, its drawn cards) are not anyone else's story.
  expect(story.filter((e) => 'to' in e || e.type.startsWith('you_'))).toEqual([]);
  // The first player of a table has no story to be told.
  const first = await server.sdk.create('duel', { name: 'Cat', seats: 2 });
  const none: any[] = [];
  first.onMessage('history', (events: any[]) => none.push(...events));
  await new Promise((r) => setTimeout(r, 200));
  expect(none).toEqual([]);
});

test('after a game, "play again" from every player starts a new game at the same table with the same seats', async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 1, options: { target: 3 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat', spectate: true });
  autoPlay(ann, () => seatOf(ann));
  autoPlay(bob, () => seatOf(bob));
  await waitFor(() => ann.state.status === 'over', 'first game over', 20_000);
  const b = inbox(bob);
  ann.send('table', { action: 'rematch' });
  await waitFor(() => ann.state.seats[0].ready === true, 'Ann ready');
  expect(ann.state.status).toBe('over');
  bob.send('table', { action: 'rematch' });
  await waitFor(() => ann.state.status === 'playing', 'second game');
  expect(b.events.some((e) => e.type === 'game_started')).toBe(true);
  expect(Array.from(ann.state.seats, (s: any) => s.name)).toEqual(['Ann', 'Bob', expect.any(String)]);
  expect(duelView(ann)!.players.every((p) => p.money === 0)).toBe(true);
  expect(ann.state.winners.length).toBe(0);
  expect(cat.state.spectators).toBe(1);
  // The story a newcomer is told starts again with the new game, as the players' logs do.
  const dan = await server.sdk.joinById(ann.roomId, { spectate: true });
  const story: any[] = [];
  dan.onMessage('history', (events: any[]) => story.push(...events));
  await waitFor(() => story.length > 0, 'the story of the second game');
  expect(story[0].type).toBe('game_started');
  expect(story.filter((e) => e.type === 'game_started')).toHaveLength(1);
});

test('the host adds and removes bots, moves a player to the audience, kicks, and starts; others may not', async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 4 });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat' });
  const a = inbox(ann);
  const b = inbox(bob);
  bob.send('table', { action: 'addBot' });
  await waitFor(() => b.errors.length === 1, 'refused');
  expect(b.errors[0].code).toBe('NOT_HOST');

  ann.send('table', { action: 'addBot' });
  await waitFor(() => ann.state.status === 'playing' || ann.state.seats[3].kind === 'bot', 'bot added');
  expect(ann.state.status).toBe('playing'); // the last seat filled: the game starts by itself
  ann.send('table', { action: 'removeBot', seat: 3 });
  await waitFor(() => a.errors.length === 1, 'too late');
  expect(a.errors[0].code).toBe('NOT_NOW');

  ann.send('table', { action: 'kick', seat: 2 });
  let catLeft = false;
  cat.onLeave(() => (catLeft = true));
  await waitFor(() => catLeft && ann.state.seats[2].kind === 'bot', 'Cat kicked, a bot plays her seat');

  const dee = await server.sdk.create('duel', { name: 'Dee', seats: 3 });
  const eve = await server.sdk.joinById(dee.roomId, { name: 'Eve' });
  dee.send('table', { action: 'toSpectator', seat: 1 });
  await waitFor(() => dee.state.seats[1].kind === 'open' && dee.state.spectators === 1, 'Eve watches');
  expect(seatOf(eve)).toBe(-1);
  dee.send('table', { action: 'start' });
  await waitFor(() => dee.state.status === 'playing', 'started with bots');
  expect(Array.from(dee.state.seats, (s: any) => s.kind)).toEqual(['human', 'bot', 'bot']);
});

test('quick chat: fixed phrases to everyone, one every 2 seconds, nothing else', async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2 });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const a = inbox(ann);
  const b = inbox(bob);
  ann.send('table', { action: 'chat', phrase: 'howdy' });
  await waitFor(() => b.events.some((e) => e.type === 'chat'), 'chat');
  expect(b.events.find((e) => e.type === 'chat')).toEqual({ type: 'chat', seat: 0, name: 'Ann', phrase: 'howdy' });
  ann.send('table', { action: 'chat', phrase: 'draw' });
  ann.send('table', { action: 'chat', phrase: 'you are all cowards' });
  await waitFor(() => a.errors.length === 2, 'refusals');
  expect(a.errors.map((e) => e.code)).toEqual(['RATE_LIMITED', 'BAD_MESSAGE']);
});

test('every game is dealt from a fresh 256-bit secret: the log of the first tells nothing of the rematch', async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, bots: 1, options: { target: 3, turnSeconds: 0 } });
  const logs: any[] = [];
  ann.onMessage('log', (l: unknown) => logs.push(l));
  autoPlay(ann, () => seatOf(ann));
  await waitFor(() => ann.state.status === 'over', 'first game over', 20_000);
  const box = inbox(ann);
  ann.send('table', { action: 'log' });
  await waitFor(() => logs.length === 1, 'first log');
  // A log is large: a connection gets each game's once (the client keeps it), a second ask is refused.
  ann.send('table', { action: 'log' });
  await waitFor(() => box.errors.length === 1, 'the second ask answered');
  expect(box.errors[0].code).toBe('LOG_SENT');
  expect(logs).toHaveLength(1);
  ann.send('table', { action: 'rematch' });
  await waitFor(() => ann.state.status === 'playing', 'the rematch starts');
  await waitFor(() => ann.state.status === 'over', 'second game over', 20_000);
  ann.send('table', { action: 'log' });
  await waitFor(() => logs.length === 2, 'second log');
  const [first, second] = logs.map((l) => l.seed as string);
  expect(first).toMatch(/^[0-9a-f]{64}$/);
  expect(second).toMatch(/^[0-9a-f]{64}$/);
  expect(second).not.toBe(first);
  // The second game was dealt from its own seed: its log replays from it to the same end.
  const replayed = replayGame(duel, logs[1]);
  expect(replayed.error).toBeNull();
  expect(replayed.outcome).toEqual(logs[1].outcome);
});

test('once the game is over the whole log with its seed replays to the same end; not before', async () => {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 1, options: { target: 3 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const a = inbox(ann);
  let log: any = null;
  ann.onMessage('log', (l: unknown) => (log = l));
  ann.send('table', { action: 'log' });
  await waitFor(() => a.errors.length === 1, 'too early');
  expect(a.errors[0].code).toBe('NOT_NOW');
  autoPlay(ann, () => seatOf(ann));
  autoPlay(bob, () => seatOf(bob));
  await waitFor(() => ann.state.status === 'over', 'game over', 20_000);
  ann.send('table', { action: 'log' });
  await waitFor(() => log !== null, 'log');
  expect(log.seats.map((s: any) => s.name)).toEqual(['Ann', 'Bob', expect.any(String)]);

  let state = duel.setup({ seats: 3, options: log.options }, Rng.fromSeed(log.seed));
  const events: unknown[] = [];
  for (const step of log.steps) {
    const r = 'timeout' in step ? duel.timeout(state, step.at) : duel.apply(state, step.seat, step.intent, step.at);
    if (isError(r)) throw new Error(r.error.code);
    state = r.state;
    events.push(...r.events);
  }
  expect(duel.outcome(state)).toEqual(log.outcome);
  expect(events).toEqual(log.events);
  expect(log.outcome.winners).toEqual(ann.state.winners.toArray());
});

test('a name of exactly 255 bytes (ten family emoji and "Sally") reaches the other players whole, with the rest of the seat after it', async () => {
  const family = '👨‍👩‍👧‍👦'; // 25 bytes in UTF-8, one grapheme
  const name = `${family.repeat(10)}Sally`;
  expect(Buffer.byteLength(name, 'utf8')).toBe(255);
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, options: { turnSeconds: 0 } });
  const bob = await server.sdk.joinById(ann.roomId, { name });
  await waitFor(() => ann.state.seats[1]?.kind === 'human', 'Bob seated');
  // Bob's own first state may come after Ann's patch (a loaded CI machine read his seat as -1 before it came).
  await waitFor(() => Array.from((bob.state as any)?.seats ?? []).length === 3, "Bob's first state");
  // (a client that misreads the name's length reads the bytes of the name as the seat's other fields)
  expect(ann.state.seats[1].name).toBe(name);
  expect(ann.state.seats[1].sessionId).toBe(bob.sessionId);
  expect(ann.state.seats[1].connected).toBe(true);
  expect(ann.state.seats[2].kind).toBe('open');
  expect(seatOf(bob)).toBe(1);
});
