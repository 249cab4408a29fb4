import { matchMaker } from '@colyseus/core';
import { LocalPresence } from '@colyseus/core';
import { CODE_ALPHABET, normalizeCode } from '@tumbleweed/engine';
import { runBot } from './bot-cli';
import { claimCode } from './codes';
import { processLoopLag } from './fair/loop-lag';
import { ManualClock, realClock, settings } from './table-room';
import { autoPlay, duelView, inbox, seatOf, startServer, waitFor } from './testing/harness';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;

beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  settings.allowTestSeed = true;
  settings.clock = realClock;
  await server.cleanup();
});
afterAll(async () => {
  await server.shutdown();
});

const codePattern = new RegExp(`^[${CODE_ALPHABET}]{5}$`);

describe('tables and codes', () => {
  it('creating a table gives a 5-character code from the unambiguous alphabet, and the creator takes seat 0 as host', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 1 });
    expect(ann.roomId).toMatch(codePattern);
    expect(ann.roomId).not.toMatch(/[01OI]/);
    await waitFor(() => ann.state.code === ann.roomId, 'state sync');
    expect(seatOf(ann)).toBe(0);
    expect(ann.state.host).toBe(0);
    expect(ann.state.status).toBe('waiting');
    expect(Array.from(ann.state.seats, (s: any) => s.kind)).toEqual(['human', 'open', 'bot']);
  });

  it('a friend joins by the code typed in any letter case, and the game starts when every seat is taken', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 1 });
    const typed = ` ${ann.roomId.toLowerCase().slice(0, 2)}-${ann.roomId.toLowerCase().slice(2)} `;
    // The lobby's preview before joining: the game, and the seats a newcomer would take (one of three: a bot has one).
    const lookup = await server.http.get(`/api/tables/${encodeURIComponent(typed)}`);
    expect(lookup.data).toMatchObject({ code: ann.roomId, game: 'duel', open: 1, seats: 3 });
    const bob = await server.sdk.joinById(typed, { name: 'Bob' });
    expect(normalizeCode(typed)).toBe(ann.roomId);
    await waitFor(() => bob.state.status === 'playing', 'game start');
    expect((await server.http.get(`/api/tables/${ann.roomId}`)).data).toMatchObject({ open: 0, seats: 3 });
    expect(seatOf(bob)).toBe(1);
    expect(Array.from(bob.state.seats, (s: any) => s.name)).toEqual(['Ann', 'Bob', expect.any(String)]);
    await waitFor(() => duelView(bob)?.seat === 1, 'Bob’s own hand');
    expect(duelView(bob)!.hand).toEqual(['pistol', 'pistol', 'pistol', 'rifle', 'barricade', 'reload']);
  });

  it('an unknown code is answered with a clear error, over HTTP and on join', async () => {
    const res = await server.http.get('/api/tables/ZZZZZ').catch((e: any) => e);
    expect(res.statusCode).toBe(404);
    expect(res.data.code).toBe('NO_SUCH_TABLE');
    await expect(server.sdk.joinById('ZZZZZ', { name: 'Eve' })).rejects.toThrow(/not found/i);
  });

  it('a full table refuses another player, who may watch instead', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2 });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    await waitFor(() => bob.state.status === 'playing', 'game start');
    await expect(server.sdk.joinById(ann.roomId, { name: 'Cat' })).rejects.toThrow(/TABLE_FULL/);
    const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat', spectate: true });
    await waitFor(() => ann.state.spectators === 1 && cat.state.spectators === 1, 'spectator count');
    expect(seatOf(cat)).toBe(-1);
  });

  it('bad table options are refused with a code', async () => {
    await expect(server.sdk.create('duel', { name: 'Ann', seats: 7 })).rejects.toThrow(/BAD_OPTIONS/);
    await expect(server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 4 })).rejects.toThrow(/BAD_OPTIONS/);
    await expect(server.sdk.create('duel', { name: 'Ann', seats: 2, options: { target: 11 } })).rejects.toThrow(/BAD_OPTIONS/);
  });

  it('the test-only seed is refused unless the server allows it', async () => {
    settings.allowTestSeed = false;
    await expect(server.sdk.create('duel', { name: 'Ann', seats: 2, seed: 7 })).rejects.toThrow(/SEED_NOT_ALLOWED/);
  });

  it('codes stay unique: 300 tables created at once never share one, and each code is released on dispose', async () => {
    const rooms = await Promise.all(Array.from({ length: 300 }, () => matchMaker.createRoom('duel', { seats: 2, bots: 2 })));
    const codes = rooms.map((r) => r.roomId);
    expect(new Set(codes).size).toBe(300);
    const presence = (matchMaker as any).presence;
    expect(await presence.hlen('tumbleweed:codes')).toBeGreaterThanOrEqual(300);
    await Promise.all(rooms.map((r) => matchMaker.getLocalRoomById(r.roomId)?.disconnect()));
    await waitFor(() => matchMaker.getLocalRoomById(codes[0]) === undefined, 'dispose');
    await new Promise((r) => setTimeout(r, 50));
    expect(await presence.hget('tumbleweed:codes', codes[0])).toBeFalsy();
  });

  it('a code already claimed is never handed out twice: the loser draws again', async () => {
    const presence = new LocalPresence();
    const draws = ['AAAAA', 'AAAAA', 'BBBBB'];
    expect(await claimCode(presence, () => draws.shift()!)).toBe('AAAAA');
    expect(await claimCode(presence, () => draws.shift()!)).toBe('BBBBB');
  });
});

describe('the stall heartbeat (fair/loop-lag.ts)', () => {
  it("runs for a Saloon table's pages, and a Duel table's clock pings never start it", async () => {
    expect(processLoopLag.running).toBe(false); // (no Saloon table in this file before)
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2 });
    const answers: unknown[] = [];
    ann.onMessage('clock', (m) => answers.push(m));
    for (let i = 0; i < 3; i++) ann.send('clock', { c: i });
    await waitFor(() => answers.length === 3, 'the clock answered');
    expect(processLoopLag.running).toBe(false);
    const cid = await server.sdk.create('saloon', { name: 'Cid', seats: 2 });
    cid.onMessage('clock', (m) => answers.push(m));
    cid.send('clock', { c: 0 });
    await waitFor(() => answers.length === 4, 'the clock answered');
    expect(processLoopLag.running).toBe(true);
  });
});

describe('intents', () => {
  async function twoPlayers() {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, seed: 11 });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    const a = inbox(ann);
    const b = inbox(bob);
    await waitFor(() => ann.state.status === 'playing' && bob.state.status === 'playing', 'start');
    return { ann, bob, a, b };
  }

  it('malformed intents are answered with BAD_MESSAGE, change nothing, and keep the player connected', async () => {
    const { ann, a } = await twoPlayers();
    const before = JSON.stringify(ann.state.toJSON());
    ann.send('intent', { type: 'commit', card: 'banana' });
    ann.send('intent', 'commit pistol');
    ann.send('intent', { type: 'commit', card: 'pistol', target: 'Bob' });
    ann.send('shoot', { at: 1 });
    await waitFor(() => a.errors.length === 4, 'four errors');
    expect(a.errors.map((e) => e.code)).toEqual(['BAD_MESSAGE', 'BAD_MESSAGE', 'BAD_MESSAGE', 'BAD_MESSAGE']);
    expect(a.errors.every((e) => e.message.length > 0)).toBe(true);
    expect(ann.connection.isOpen).toBe(true);
    expect(JSON.stringify(ann.state.toJSON())).toBe(before);
  });

  it('illegal and out-of-turn intents get stable codes', async () => {
    const { ann, bob, a, b } = await twoPlayers();
    ann.send('intent', { type: 'commit', card: 'pistol' });
    ann.send('intent', { type: 'commit', card: 'barricade', target: 1 });
    ann.send('intent', { type: 'commit', card: 'pistol', target: 0 });
    await waitFor(() => a.errors.length === 3, 'errors');
    expect(a.errors.map((e) => e.code)).toEqual(['NEED_TARGET', 'ILLEGAL_TARGET', 'ILLEGAL_TARGET']);
    ann.send('intent', { type: 'commit', card: 'rifle', target: 1 });
    await waitFor(() => duelView(ann)?.players[0].committed === true, 'commit');
    ann.send('intent', { type: 'commit', card: 'pistol', target: 1 });
    await waitFor(() => a.errors.length === 4, 'out of turn');
    expect(a.errors[3].code).toBe('NOT_YOUR_TURN');
    bob.send('intent', { type: 'commit', card: 'pistol', target: 0 });
    await waitFor(() => duelView(ann)?.shootout === 2, 'reveal');
    ann.send('intent', { type: 'commit', card: 'rifle', target: 1 });
    await waitFor(() => a.errors.length === 5, 'rifle already played');
    expect(a.errors[4].code).toBe('ILLEGAL_CARD');
    expect(b.errors).toEqual([]);
  });

  it('the state reaches both players right after each intent, and the reveal shows every card and target', async () => {
    const { ann, bob, a } = await twoPlayers();
    ann.send('intent', { type: 'commit', card: 'pistol', target: 1 });
    await waitFor(() => duelView(bob)?.players[0].committed === true, 'Bob sees Ann committed', 1000);
    expect(duelView(bob)!.lastReveal).toBeNull();
    expect(duelView(bob)!.commit).toBeNull(); // Ann's card and target are not Bob's to see
    bob.send('intent', { type: 'commit', card: 'reload' });
    await waitFor(() => duelView(ann)?.lastReveal != null, 'reveal', 1000);
    expect(duelView(ann)!.lastReveal).toMatchObject({
      plays: [
        { seat: 0, card: 'pistol', target: 1 },
        { seat: 1, card: 'reload', target: null },
      ],
      hit: [1],
    });
    await waitFor(() => a.events.some((e) => e.type === 'round_won'), 'round won');
    expect(duelView(ann)!.players[0].money).toBe(1);
    expect(duelView(ann)!.round).toBe(2);
  });

  it('a spectator cannot play', async () => {
    const { ann } = await twoPlayers();
    const cat = await server.sdk.joinById(ann.roomId, { spectate: true });
    const c = inbox(cat);
    cat.send('intent', { type: 'commit', card: 'pistol', target: 1 });
    await waitFor(() => c.errors.length === 1, 'error');
    expect(c.errors[0].code).toBe('NOT_SEATED');
  });

  it('a message over 4 KB is refused by closing that connection only', async () => {
    const { ann, bob } = await twoPlayers();
    let annLeft = false;
    ann.onLeave(() => (annLeft = true));
    ann.send('intent', { type: 'commit', card: 'pistol', target: 1, padding: 'x'.repeat(5000) });
    await waitFor(() => annLeft, 'connection closed');
    expect(bob.connection.isOpen).toBe(true);
  });

  it('when the countdown runs out, late players play a random legal card', async () => {
    const clock = new ManualClock(); // the table's second passes when the test says so
    settings.clock = clock;
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 1 } });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    const a = inbox(ann);
    await waitFor(() => ann.state.status === 'playing', 'start');
    expect(ann.state.deadline).toBe(clock.now() + 1000);
    ann.send('intent', { type: 'commit', card: 'barricade' });
    await waitFor(() => ann.state.pending.length === 1, 'Ann committed, Bob is waited for');
    clock.advance(999);
    await new Promise((r) => setTimeout(r, 50));
    expect(a.events.some((e) => e.type === 'timed_out')).toBe(false);
    clock.advance(1);
    await waitFor(() => a.events.some((e) => e.type === 'timed_out'), 'timeout', 3000);
    expect(a.events.find((e) => e.type === 'timed_out')).toMatchObject({ seats: [1] });
    expect(a.events.some((e) => e.type === 'revealed')).toBe(true);
    void bob;
  });
});

describe('whole games', () => {
  it('a bot-only table plays to the end; its creator watches', async () => {
    const watcher = await server.sdk.create('duel', { name: 'Ann', seats: 4, bots: 4, options: { target: 3 } });
    const w = inbox(watcher);
    await waitFor(() => watcher.state.status === 'over', 'game over', 20_000);
    expect(seatOf(watcher)).toBe(-1);
    expect(watcher.state.winners.length).toBe(1);
    const winner = watcher.state.winners[0];
    expect(duelView(watcher)!.players[winner].money).toBe(3);
    expect(w.events.filter((e) => e.type === 'game_won')).toEqual([{ type: 'game_won', seat: winner, money: 3 }]);
  });

  it('two humans and a bot play a whole game', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 1, seed: 5, options: { target: 3 } });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    autoPlay(ann, () => seatOf(ann));
    autoPlay(bob, () => seatOf(bob));
    await waitFor(() => ann.state.status === 'over' && bob.state.status === 'over', 'game over', 20_000);
    expect(ann.state.winners.toArray()).toEqual(bob.state.winners.toArray());
  });

  it('the command-line bot joins a table by code over the network and plays it to the end', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { target: 3 } });
    autoPlay(ann, () => seatOf(ann));
    const refusals: string[] = [];
    const robo = await runBot(`ws://127.0.0.1:${server.port}`, ann.roomId.toLowerCase(), 'Robo', (line) => refusals.push(line));
    await waitFor(() => ann.state.status === 'over', 'game over', 20_000);
    expect(Array.from(ann.state.seats, (s: any) => s.name)).toEqual(['Ann', 'Robo']);
    expect(robo.state.winners.toArray()).toEqual(ann.state.winners.toArray());
    expect(refusals).toEqual([]);
  });
});
