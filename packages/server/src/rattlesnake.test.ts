/**
 * Rattlesnake on the server: codes and seats as for every game, intents refused with stable codes, whole games
 * played by network bots, and the byte capture: the opponent never receives your hand, your deck order, or your
 * face-down commitment before the reveal.
 */
import { framesOf } from './testing/record-ws';
import { hasSecret, viewFromSyncedBoard, type Rattlesnake } from '@tumbleweed/engine';
import type { Room } from 'colyseus.js';
import { runBot } from './bot-cli';
import { inbox, seatOf, startServer, waitFor } from './testing/harness';
import { replay } from './testing/replay';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.cleanup();
});
afterAll(async () => {
  await server.shutdown();
});

const viewOf = (room: Room<any>) => {
  const seat = seatOf(room);
  return viewFromSyncedBoard('rattlesnake', room.state.board, seat) as Rattlesnake.RattlesnakeView;
};
/** The public part alone: what a spectator sees. */
const publicOf = (board: any) => viewFromSyncedBoard('rattlesnake', board, null) as Rattlesnake.RattlesnakeView | null;

async function table() {
  const ann = await server.sdk.create('rattlesnake', { name: 'Ann', seats: 2, seed: 3 });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const a = inbox(ann);
  const b = inbox(bob);
  await waitFor(() => ann.state.status === 'playing' && bob.state.status === 'playing' && !!publicOf(bob.state.board), 'start');
  await waitFor(() => hasSecret(ann.state.board, 0) && hasSecret(bob.state.board, 1), 'hands');
  return { ann, bob, a, b };
}

test('both players see the public table and only their own hand', async () => {
  const { ann, bob } = await table();
  const va = viewOf(ann);
  const vb = viewOf(bob);
  expect(va.hand).toHaveLength(5);
  expect(vb.hand).toHaveLength(5);
  expect(va.hand.some((id) => vb.hand.includes(id))).toBe(false);
  expect(bob.state.board.players[0].secret).toBeUndefined();
  expect(ann.state.board.players[1].secret).toBeUndefined();
  expect(publicOf(ann.state.board)!.hand).toEqual([]);
  expect(va.players[1].handCount).toBe(5);
});

test('malformed, out-of-turn and out-of-window intents are refused with codes and change nothing', async () => {
  const { ann, bob, a, b } = await table();
  const active = viewOf(ann).active;
  const [mover, moverBox, waiter, waiterBox] = active === 0 ? [ann, a, bob, b] : [bob, b, ann, a];
  const before = JSON.stringify(publicOf(ann.state.board));
  const rev = ann.state.board.rev;
  mover.send('intent', { type: 'buy', cardId: 42 });
  waiter.send('intent', { type: 'attack' });
  mover.send('intent', { type: 'pass' });
  mover.send('intent', { type: 'commit', cards: ['p0-focus'] });
  mover.send('intent', { type: 'buy', cardId: viewOf(mover).saloon.find((c) => c && !c.startsWith('e-'))!, discard: ['nope', 'nada'] });
  await waitFor(() => moverBox.errors.length === 4 && waiterBox.errors.length === 1, 'five refusals');
  expect(waiterBox.errors[0].code).toBe('NOT_YOUR_TURN');
  expect(moverBox.errors.map((e) => e.code)).toEqual(['BAD_MESSAGE', 'NOT_NOW', 'NOT_NOW', 'ILLEGAL_CARD']);
  expect(JSON.stringify(publicOf(ann.state.board))).toBe(before);
  expect(ann.state.board.rev).toBe(rev);
  expect(mover.connection.isOpen && waiter.connection.isOpen).toBe(true);
});

test('two network bots play a whole game; nobody receives the other side\u2019s hand, deck order or face-down cards', async () => {
  const url = `ws://127.0.0.1:${server.port}`;
  const host = await server.sdk.create('rattlesnake', { name: 'Watcher', seats: 2, seed: 99, spectate: true });
  const one = await runBot(url, host.roomId, 'One');
  const two = await runBot(url, host.roomId, 'Two');
  await waitFor(() => [host, one, two].every((r) => r.state.status === 'over'), 'game over', 60_000);
  await new Promise((r) => setTimeout(r, 50));
  expect(host.state.winners.length).toBe(1);

  for (const [room, me] of [
    [one, 0],
    [two, 1],
    [host, null],
  ] as [Room<any>, number | null][]) {
    const seen = replay(framesOf(room));
    let ownSecrets = 0;
    for (const o of seen) {
      if (o.kind === 'state') {
        const players: any[] = o.state.board?.players ?? [];
        players.forEach((p, seat) => {
          if (seat === me) ownSecrets += hasSecret(o.state.board, seat) ? 1 : 0;
          else {
            // Another seat's private map, and even how often it changed, never reach this client.
            expect(p.secret).toBeUndefined();
            expect(p.rev).toBeUndefined();
          }
        });
        const pub = publicOf(o.state.board);
        if (pub) {
          expect(pub.hand).toEqual([]);
          expect(pub.myCommit).toBeNull();
          for (const p of pub.players) expect(p).not.toHaveProperty('deck');
          // Face-down cards are counts until the reveal.
          if (pub.attack && !pub.attack.revealed) for (const p of pub.players) expect(p.revealed).toBeNull();
        }
      } else if (o.type === 'events') {
        for (const e of o.message as any[]) {
          if (e.type.startsWith('you_')) expect(e.seat).toBe(me);
          if (e.type === 'committed') expect(Object.keys(e).sort()).toEqual(['count', 'seat', 'type']);
          if (e.type === 'drew') expect(Object.keys(e).sort()).toEqual(['count', 'seat', 'type']);
        }
      }
    }
    if (me === null) expect(ownSecrets).toBe(0);
    else expect(ownSecrets).toBeGreaterThan(5);
  }
});
