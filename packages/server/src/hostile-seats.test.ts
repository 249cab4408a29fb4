/**
 * Issue 11, seats and messages under attack: nobody takes a seat that is not theirs (kicks, old tokens, a second
 * claimant), options and names are checked, and a flooding client is limited then cut without hurting its table.
 */
import type { Room } from 'colyseus.js';
import { FLOOD_CLOSE_CODE } from './flood';
import { SEAT_TAKEN_CLOSE_CODE, settings } from './table-room';
import { duelView, inbox, seatOf, startServer, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;
let testFlood = { ...settings.flood };
beforeAll(async () => {
  server = await startServer();
  testFlood = { ...settings.flood };
});
afterEach(async () => {
  settings.reconnectSeconds = 60;
  settings.flood = { ...testFlood };
  await server.cleanup();
});
afterAll(async () => {
  await server.shutdown();
});

const welcomed = (room: Room<any>): Promise<{ seat: number; token: string }> => new Promise((resolve) => room.onMessage('welcome', resolve));
const closed = (room: Room<any>): Promise<number> => new Promise((resolve) => room.onLeave(resolve));
const handOf = (room: Room<any>, seat: number): string[] => duelView(room, seat)?.hand ?? [];
const BOB_DEVICE = 'bob-phone-1234';

/** Ann (host) and Bob at a 3-seat Duel with a bot, playing, no timer. */
async function playing() {
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 1, device: 'ann-laptop-1234', options: { turnSeconds: 0, target: 10 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob', device: BOB_DEVICE });
  const bobWelcome = await welcomed(bob);
  await waitFor(() => ann.state.status === 'playing' && handOf(bob, 1).length > 0, 'the game starts');
  return { ann, bob, bobWelcome };
}

describe('seats: one player, one live connection', () => {
  test('a player kicked while disconnected cannot reconnect with the old reconnection token; a bot plays the seat', async () => {
    const { ann, bob } = await playing();
    const token = bob.reconnectionToken;
    bob.connection.close(); // dropped, inside the grace period
    await waitFor(() => ann.state.seats[1].connected === false, 'Bob shown as dropped');
    ann.send('table', { action: 'kick', seat: 1 });
    await waitFor(() => ann.state.seats[1].kind === 'bot', 'a bot takes the kicked seat');
    await expect(server.sdk.reconnect(token)).rejects.toThrow();
    expect(ann.state.seats[1].kind).toBe('bot');
  });

  test('a kicked player is barred from the table for its life (same device), with a clear refusal', async () => {
    const { ann, bob, bobWelcome } = await playing();
    const gone = closed(bob);
    ann.send('table', { action: 'kick', seat: 1 });
    await gone;
    await waitFor(() => ann.state.seats[1].kind === 'bot', 'a bot takes the kicked seat');
    await expect(server.sdk.joinById(ann.roomId, { name: 'Bob', device: BOB_DEVICE })).rejects.toThrow(/^KICKED:/);
    await expect(server.sdk.joinById(ann.roomId, { name: 'Bob', device: BOB_DEVICE, spectate: true })).rejects.toThrow(/^KICKED:/);
    // The old seat token died with the kick: it takes nothing back.
    await expect(server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: bobWelcome.token })).rejects.toThrow(/TABLE_FULL/);
    expect(ann.state.seats[1].kind).toBe('bot');
  });

  test('a player kicked from the lobby cannot come straight back', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, device: 'ann-laptop-1234' });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob', device: BOB_DEVICE });
    await waitFor(() => ann.state.seats[1].kind === 'human', 'Bob seated');
    ann.send('table', { action: 'kick', seat: 1 });
    await waitFor(() => ann.state.seats[1].kind === 'open', 'the seat is open again');
    await expect(server.sdk.joinById(ann.roomId, { name: 'Bobby', device: BOB_DEVICE })).rejects.toThrow(/^KICKED:/);
    expect(bob.connection.isOpen).toBe(false);
  });

  test("a player who left the lobby cannot use their old seat token to take a bot's seat once the game runs", async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, options: { turnSeconds: 0 } });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    const bobWelcome = await welcomed(bob);
    await bob.leave(true);
    await waitFor(() => ann.state.seats[1].kind === 'open', 'Bob left the lobby');
    ann.send('table', { action: 'start' }); // the open seats get bots
    await waitFor(() => ann.state.status === 'playing', 'the game starts');
    await expect(server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: bobWelcome.token })).rejects.toThrow(/TABLE_FULL/);
    expect(ann.state.seats[1].kind).toBe('bot');
  });

  test("a dropped player's grace timer ends with the wait: kicked, or the table closed, nothing holds the table after", async () => {
    // Colyseus forgets, without clearing, the timer of a reconnection cancelled early; it would keep the closed
    // table in memory (and the process up) for the rest of the grace period.
    const started = jest.spyOn(global, 'setTimeout');
    const cleared = jest.spyOn(global, 'clearTimeout');
    try {
      const graceMs = settings.reconnectSeconds * 1000;
      for (const end of ['kick', 'close'] as const) {
        started.mockClear();
        cleared.mockClear();
        const { ann, bob } = await playing();
        bob.connection.close();
        await waitFor(() => ann.state.seats[1].connected === false, 'Bob shown as dropped');
        if (end === 'kick') {
          ann.send('table', { action: 'kick', seat: 1 });
          await waitFor(() => ann.state.seats[1].kind === 'bot', 'a bot takes the kicked seat');
        } else {
          await server.getRoomById(ann.roomId).disconnect();
        }
        await new Promise((r) => setImmediate(r));
        const graceTimers = started.mock.calls.flatMap((call, i) => (call[1] === graceMs ? [started.mock.results[i].value] : []));
        const clearedTimers = new Set(cleared.mock.calls.map((call) => call[0]));
        const left = graceTimers.filter((timer) => !clearedTimers.has(timer)).length;
        expect({ end, graceTimers: graceTimers.length, left }).toEqual({ end, graceTimers: 1, left: 0 });
      }
    } finally {
      started.mockRestore();
      cleared.mockRestore();
    }
  });

  test('a seat token used during the grace period replaces the dropped connection: its reconnection is refused, one hand, one actor', async () => {
    const { ann, bob, bobWelcome } = await playing();
    const token = bob.reconnectionToken;
    const hand = handOf(bob, 1);
    bob.connection.close();
    await waitFor(() => ann.state.seats[1].connected === false, 'Bob shown as dropped');
    const other = await server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: bobWelcome.token });
    await waitFor(() => seatOf(other) === 1 && handOf(other, 1).length > 0, 'the token holder has the seat and hand');
    expect(handOf(other, 1)).toEqual(hand);
    await expect(server.sdk.reconnect(token)).rejects.toThrow();
    const clients = (server.getRoomById(ann.roomId) as any).clients as any[];
    expect(clients.filter((c) => c.userData?.seat === 1)).toHaveLength(1);
  });

  test('a seat token for a seat whose player is connected takes nothing (a second tab: no `resume`)', async () => {
    const { ann, bob, bobWelcome } = await playing();
    // Bob is connected: his token takes nothing (the seat is live), so the stranger is refused.
    await expect(server.sdk.joinById(ann.roomId, { name: 'Eve', rejoin: bobWelcome.token })).rejects.toThrow(/TABLE_FULL/);
    expect(seatOf(ann) === 0 && ann.state.seats[1].sessionId === bob.sessionId).toBe(true);
  });

  test('a page that lost its connection takes its seat over with its token (`resume`) before the server noticed: the old connection closed with 4010, one hand, one actor', async () => {
    const { ann, bob, bobWelcome } = await playing();
    const annSaw = inbox(ann);
    const hand = handOf(bob, 1);
    const gone = closed(bob);
    // (Bob's old connection is still open: the server has not noticed it died)
    const again = await server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: bobWelcome.token, resume: true });
    expect(await gone).toBe(SEAT_TAKEN_CLOSE_CODE);
    await waitFor(() => seatOf(again) === 1 && handOf(again, 1).length > 0, 'the page has its seat and hand again');
    expect(handOf(again, 1)).toEqual(hand);
    const clients = (server.getRoomById(ann.roomId) as any).clients as any[];
    expect(clients.filter((c) => c.userData?.seat === 1).map((c) => c.sessionId)).toEqual([again.sessionId]);
    expect(ann.state.seats[1].toJSON()).toMatchObject({ kind: 'human', name: 'Bob', connected: true, sessionId: again.sessionId });
    // Nobody saw Bob go, so nobody is told he is back.
    await new Promise((r) => setTimeout(r, 100));
    expect(annSaw.events.map((e) => e.type)).not.toContain('player_returned');
  });

  test('at a table waiting for players, a page that lost its connection takes its own seat back (`resume`), not the open one a friend is to take', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0 } });
    const annWelcome = await welcomed(ann);
    const gone = closed(ann);
    const again = await server.sdk.joinById(ann.roomId, { name: 'Ann', rejoin: annWelcome.token, resume: true });
    expect(await gone).toBe(SEAT_TAKEN_CLOSE_CODE);
    await waitFor(() => seatOf(again) === 0, 'Ann in her own seat');
    expect(again.state.status).toBe('waiting');
    expect(again.state.seats.map((s: any) => s.kind)).toEqual(['human', 'open']);
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    await waitFor(() => again.state.status === 'playing' && seatOf(bob) === 1, 'the game starts with Ann and Bob');
    expect(again.state.seats.map((s: any) => [s.kind, s.name])).toEqual([
      ['human', 'Ann'],
      ['human', 'Bob'],
    ]);
  });

  test('every claim rotates the seat token: an older token takes nothing, the newest takes the seat back', async () => {
    settings.reconnectSeconds = 0; // the bot takes a dropped seat at once
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0 } });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    const bobWelcome = await welcomed(bob);
    await waitFor(() => ann.state.status === 'playing', 'start');
    const annSaw = inbox(ann);
    bob.connection.close();
    await waitFor(() => ann.state.seats[1].kind === 'bot', 'the bot plays for Bob');
    const tab2 = await server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: bobWelcome.token });
    const tab2Welcome = await welcomed(tab2);
    await waitFor(() => seatOf(tab2) === 1, 'a second tab took the seat back');
    // Ann saw a bot take Bob's seat, and is told he is back.
    await waitFor(() => annSaw.events.some((e) => e.type === 'player_returned' && e.seat === 1 && e.name === 'Bob'), 'Ann told that Bob is back');
    // The first token was replaced: using it again (a third window) takes nothing.
    await expect(server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: bobWelcome.token })).rejects.toThrow(/TABLE_FULL/);
    tab2.connection.close();
    await waitFor(() => ann.state.seats[1].kind === 'bot', 'dropped again');
    const tab3 = await server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: tab2Welcome.token });
    await waitFor(() => seatOf(tab3) === 1, 'the newest token works');
  });
});

describe('options and names', () => {
  test.each([
    ['an unknown top-level key', { name: 'Ann', seats: 2, colour: 'red' }],
    ['an unknown table option', { name: 'Ann', seats: 2, options: { speed: 3 } }],
    ['a __proto__ key in options', JSON.parse('{"name":"Ann","seats":2,"options":{"__proto__":{"admin":true}}}')],
    ['a top-level __proto__ key', JSON.parse('{"name":"Ann","seats":2,"__proto__":{"seats":6}}')],
    ['a constructor key', { name: 'Ann', seats: 2, options: { constructor: { prototype: 1 } } }],
    ['a name of only a zero-width space', { name: '\u200B', seats: 2 }],
    ['a name of bidi overrides', { name: '\u202E\u202D', seats: 2 }],
    ['a name of 21 letters', { name: 'x'.repeat(21), seats: 2 }],
  ])('create refuses %s with BAD_OPTIONS', async (_what, options) => {
    await expect(server.sdk.create('duel', options)).rejects.toThrow(/^BAD_OPTIONS:/);
  });

  test('join refuses unknown keys and blank names too; a name with control characters is shown cleaned', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3 });
    await expect(server.sdk.joinById(ann.roomId, { name: 'Bob', admin: true })).rejects.toThrow(/^BAD_OPTIONS:/);
    await expect(server.sdk.joinById(ann.roomId, JSON.parse('{"name":"Bob","__proto__":{"seat":0}}'))).rejects.toThrow(/^BAD_OPTIONS:/);
    await expect(server.sdk.joinById(ann.roomId, { name: '\u3164' })).rejects.toThrow(/^BAD_OPTIONS:/);
    await server.sdk.joinById(ann.roomId, { name: '\u0000B\u001bo\u202Eb\u200B' });
    await waitFor(() => ann.state.seats[1].name !== '', 'Bob seated');
    expect(ann.state.seats[1].name).toBe('Bob');
  });
});

describe('messages from a hostile client', () => {
  test('odd message types are answered with BAD_MESSAGE and the connection stays', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, bots: 1, options: { turnSeconds: 0 } });
    const box = inbox(ann);
    await waitFor(() => ann.state.status === 'playing', 'start');
    ann.send('*', { toString: 1, valueOf: 1 });
    ann.send('__no_message_handler', { x: 1 });
    ann.send('constructor', 1);
    ann.send('__proto__', 1);
    ann.send(42 as any, 'x');
    ann.send('intent', { toString: 1, valueOf: 1, type: { toString: 1 } });
    await waitFor(() => box.errors.length >= 6, 'six answers');
    expect(box.errors.map((e) => e.code)).toEqual(Array(6).fill('BAD_MESSAGE'));
    expect(ann.connection.isOpen).toBe(true);
    // and the table still plays
    const hand = handOf(ann, 0);
    const at = () => `${duelView(ann)?.round}:${duelView(ann)?.shootout}`;
    const before = at();
    ann.send('intent', { type: 'commit', card: hand.includes('barricade') ? 'barricade' : 'reload' });
    await waitFor(() => at() !== before || ann.state.status === 'over', 'the shootout is played');
    expect(box.errors).toHaveLength(6);
  });

  test('a flooding client gets RATE_LIMITED, then is cut; the other player at the table plays on', async () => {
    settings.flood = { burst: 10, perSecond: 5, strikes: 20 };
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0 } });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    await waitFor(() => ann.state.status === 'playing', 'start');
    const box = inbox(bob);
    const cut = closed(bob);
    for (let i = 0; i < 200; i++) bob.send('intent', { type: 'commit', card: 'nope' });
    expect(await cut).toBe(FLOOD_CLOSE_CODE);
    const codes = box.errors.map((e) => e.code);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBe(19); // strikes 1–19 answered, the 20th cuts
    expect(codes.filter((c) => c !== 'RATE_LIMITED').length).toBeLessThanOrEqual(10); // the burst reached the table
    // Ann was not limited: her move is played.
    const annBox = inbox(ann);
    ann.send('intent', { type: 'commit', card: 'barricade' });
    await waitFor(() => duelView(ann)?.players[0].committed === true || annBox.errors.length > 0, 'Ann commits');
    expect(annBox.errors).toEqual([]);
  });

  test('a client that keeps to the rate is never limited', async () => {
    settings.flood = { burst: 5, perSecond: 50, strikes: 3 };
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, bots: 1, options: { turnSeconds: 0 } });
    const box = inbox(ann);
    await waitFor(() => ann.state.status === 'playing', 'start');
    for (let i = 0; i < 30; i++) {
      ann.send('table', { action: 'addBot' }); // refused (NOT_NOW), but within the rate
      await new Promise((r) => setTimeout(r, 25));
    }
    await waitFor(() => box.errors.length >= 30, 'thirty answers');
    expect(new Set(box.errors.map((e) => e.code))).toEqual(new Set(['NOT_NOW']));
    expect(ann.connection.isOpen).toBe(true);
  });
});
