/**
 * Saloon Showdown on the server: the duel is a reflex race judged by arrival, misfires lock a duelist out for 2 s,
 * and the byte capture: other hands are never sent, and a duelist sees the swapped hand only from "Go!".
 */
import { framesOf } from './testing/record-ws';
import { onTableEvents, Saloon, unflatten, viewFromSyncedBoard } from '@tumbleweed/engine';
import type { Room } from 'colyseus.js';
import { runBot } from './bot-cli';
import { inbox, jumpToRace, seatOf, startServer, type Inbox, waitFor } from './testing/harness';
import { replay } from './testing/replay';
import { JumpClock, realClock, settings } from './table-room';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  settings.clock = realClock;
  await server.cleanup();
});
afterAll(async () => {
  await server.shutdown();
});

function viewOf(room: Room<any>): Saloon.SaloonView | null {
  return viewFromSyncedBoard('saloon', room.state?.board, seatOf(room)) as Saloon.SaloonView | null;
}

/**
 * Two players; the one to act threatens the other, who calls the duel; resolves once "Go!" has been given. The
 * table's clock jumps over the pause before "Go!" (the duelists still answer in real time).
 */
async function duelReady(seed: number) {
  const clock = new JumpClock();
  settings.clock = clock;
  const ann = await server.sdk.create('saloon', { name: 'Ann', seats: 2, seed, options: { threatSeconds: 10, turnSeconds: 0 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const boxes = new Map<Room<any>, Inbox>([
    [ann, inbox(ann)],
    [bob, inbox(bob)],
  ]);
  await waitFor(() => viewOf(ann) !== null && viewOf(bob) !== null && seatOf(bob) === 1, 'start');
  const active = viewOf(ann)!.active === 0 ? ann : bob;
  const other = active === ann ? bob : ann;
  const threat = Saloon.legalFromView(viewOf(active)!).find((i) => i.type === 'threaten');
  expect(threat).toBeDefined();
  active.send('intent', threat);
  await waitFor(() => viewOf(other)!.phase.kind === 'threat', 'threat');
  other.send('intent', { type: 'answer', call: 'duel' });
  await waitFor(() => viewOf(ann)!.phase.kind === 'duel', 'duel');
  const p = viewOf(ann)!.phase as Extract<Saloon.SaloonView['phase'], { kind: 'duel' }>;
  expect(p.go).toBe(false);
  expect(viewOf(ann)!.hand).toEqual([]); // swapped hands stay hidden until Go
  jumpToRace(server, clock, ann.roomId);
  await waitFor(() => [ann, bob].every((r) => viewOf(r)!.hand.length === 3 && (viewOf(r)!.phase as any).go), 'Go!', 5000);
  return { ann, bob, boxes };
}

function correctShot(room: Room<any>): Saloon.ShootIntent {
  const v = viewOf(room)!;
  const ctx = { hand: v.hand, guns: v.guns, shooter: v.seat!, now: 0 };
  const shot = Saloon.shotsFor(v.hand, v.guns, v.seat!).find((s) => Saloon.judgeShot(ctx, s));
  if (!shot) throw new Error(`no correct shot for ${JSON.stringify(v.hand)}`);
  return shot;
}

function wrongShot(room: Room<any>): Saloon.ShootIntent {
  const v = viewOf(room)!;
  const right = Saloon.majorities(v.hand).areas;
  const area = Saloon.AREAS.find((a) => !right.includes(a))!;
  return { ...correctShot(room), area }; // a majority area is needed whatever the gun: this one misfires
}

test('the duel is a race: of two correct shots 20 ms apart, the earlier one wins', async () => {
  const { ann, bob, boxes } = await duelReady(21);
  ann.send('intent', correctShot(ann));
  await new Promise((r) => setTimeout(r, 20));
  bob.send('intent', correctShot(bob));
  await waitFor(() => boxes.get(bob)!.events.some((e) => e.type === 'duel_won'), 'duel result');
  const won = boxes.get(bob)!.events.find((e) => e.type === 'duel_won')!;
  expect(won.winner).toBe(seatOf(ann));
  const shots = boxes.get(bob)!.events.filter((e) => e.type === 'shot');
  expect(shots[0]).toMatchObject({ seat: seatOf(ann), correct: true });
});

test('a misfire locks the duelist out for 2 seconds, and the other one wins', async () => {
  const { ann, bob, boxes } = await duelReady(22);
  ann.send('intent', wrongShot(ann));
  await waitFor(() => boxes.get(ann)!.events.some((e) => e.type === 'misfire'), 'misfire');
  ann.send('intent', correctShot(ann));
  await waitFor(() => boxes.get(ann)!.errors.length === 1, 'locked out');
  expect(boxes.get(ann)!.errors[0].code).toBe('LOCKED_OUT');
  const shot = correctShot(bob);
  bob.send('intent', shot);
  await waitFor(() => boxes.get(ann)!.events.some((e) => e.type === 'duel_won'), 'duel result').catch((e) => {
    throw new Error(`${e.message}: Bob shot ${JSON.stringify(shot)} with ${JSON.stringify(viewOf(bob))}, errors ${JSON.stringify(boxes.get(bob)!.errors)}`);
  });
  expect(boxes.get(ann)!.events.find((e) => e.type === 'duel_won')!.winner).toBe(seatOf(bob));
});

test('network bots play a whole game; nobody receives another hand, and duelists see theirs only from Go', async () => {
  const url = `ws://127.0.0.1:${server.port}`;
  const host = await server.sdk.create('saloon', { name: 'Watcher', seats: 3, seed: 5, spectate: true, options: { threatSeconds: 3, turnSeconds: 0 } });
  const bots = [await runBot(url, host.roomId, 'One'), await runBot(url, host.roomId, 'Two'), await runBot(url, host.roomId, 'Three')];
  await waitFor(() => [host, ...bots].every((r) => r.state.status === 'over'), 'game over', 90_000);
  await new Promise((r) => setTimeout(r, 50));
  let duels = 0;
  for (const [room, me] of [...bots.map((b, i) => [b, i] as const), [host, null] as const]) {
    let ownSecrets = 0;
    for (const o of replay(framesOf(room))) {
      const pub = o.kind === 'state' ? (viewFromSyncedBoard('saloon', o.state.board, null) as Saloon.SaloonView | null) : null;
      if (pub) {
        expect(pub.hand).toEqual([]);
        (o.state.board.players ?? []).forEach((p: any, seat: number) => {
          if (seat !== me) return expect(p.secret).toBeUndefined();
          ownSecrets++;
          const phase = pub.phase;
          if (phase.kind === 'duel' && !phase.go && (phase.threatener === me || phase.target === me)) {
            expect((unflatten(p.secret) as Saloon.SeatSecret).hand).toEqual([]);
          }
        });
      } else if (o.type === 'events') {
        for (const e of o.message as any[]) {
          if (e.type.startsWith('you_') || e.type === 'duel_hand') expect(e.seat).toBe(me);
          if (e.type === 'duel_started' && me === null) duels++;
        }
      }
    }
    expect(ownSecrets > 0).toBe(me !== null);
  }
  expect(duels).toBeGreaterThan(0);
}, 120_000);

test('malformed intents get BAD_MESSAGE, out-of-turn and out-of-window ones the engine’s codes', async () => {
  const ann = await server.sdk.create('saloon', { name: 'Ann', seats: 2, seed: 8, options: { turnSeconds: 0 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  await waitFor(() => viewOf(ann) !== null && viewOf(bob) !== null && seatOf(bob) === 1, 'start');
  const waiting = viewOf(ann)!.active === 0 ? bob : ann;
  const box = inbox(waiting);
  waiting.send('intent', { type: 'fly' });
  waiting.send('intent', { type: 'shoot', gun: 5, area: 'head' });
  waiting.send('intent', { type: 'draw', from: 'deck' });
  waiting.send('intent', { type: 'answer', call: 'duel' });
  await waitFor(() => box.errors.length === 4, 'four refusals');
  expect(box.errors.map((e) => e.code)).toEqual(['BAD_MESSAGE', 'BAD_MESSAGE', 'NOT_YOUR_TURN', expect.stringMatching(/^(NOT_NOW|NOT_YOUR_TURN)$/)]);
  expect(waiting.connection.isOpen).toBe(true);
});

describe('the botLevel table option: how quick the bots shoot after "Go!"', () => {
  test('the create schema takes easy / normal / hard for Saloon and refuses anything else', async () => {
    for (const botLevel of ['easy', 'normal', 'hard']) {
      const room = await server.sdk.create('saloon', { name: 'Ann', seats: 2, options: { botLevel } });
      await room.leave();
    }
    for (const [game, botLevel] of [
      ['saloon', 'insane'],
      ['saloon', 2],
    ] as const) {
      await expect(server.sdk.create(game, { name: 'Ann', seats: 2, options: { botLevel } })).rejects.toThrow(/BAD_OPTIONS/);
    }
  });

  /** Ann against a bot: she threatens it or calls its threat, then never shoots. Ms from "Go!" to the bot's shot. */
  async function botShotAfterGo(botLevel: 'easy' | 'hard', seed: number): Promise<number> {
    const ann = await server.sdk.create('saloon', { name: 'Ann', seats: 2, bots: 1, seed, options: { botLevel, turnSeconds: 0, threatSeconds: 3 } });
    let goAt = 0;
    let shotAt = 0;
    onTableEvents(ann, (list: { type: string; seat?: number }[]) => {
      for (const e of list) {
        if (e.type === 'go' && !goAt) goAt = performance.now();
        if (e.type === 'shot' && goAt && !shotAt && e.seat === 1) shotAt = performance.now();
      }
    });
    let acted = '';
    const act = () => {
      const v = viewOf(ann);
      if (!v || v.seat !== 0 || shotAt || !v.players.length) return;
      const legal = Saloon.legalFromView(v);
      const key = `${v.turn}|${v.phase.kind}|${legal.length}`;
      if (legal.length === 0 || key === acted || v.phase.kind === 'duel') return;
      acted = key;
      const pick =
        legal.find((i) => i.type === 'threaten') ??
        legal.find((i) => i.type === 'answer' && i.call === 'duel') ??
        legal.find((i) => i.type === 'discard') ??
        legal.find((i) => i.type === 'draw') ??
        legal[0];
      ann.send('intent', pick);
    };
    ann.onStateChange(act);
    await waitFor(() => shotAt > 0, 'the bot shoots', 25_000);
    await ann.leave();
    return shotAt - goAt;
  }

  test('a hard bot shoots sooner after "Go!" than an easy one on the same deal, and never within 250 ms', async () => {
    settings.botDelayMs = 1; // bots with their reaction time (the harness makes them instant)
    try {
      const hard = await botShotAfterGo('hard', 31);
      const easy = await botShotAfterGo('easy', 31);
      expect(hard).toBeGreaterThanOrEqual(240); // the floor, less the loopback's jitter
      expect(hard).toBeLessThan(1600);
      expect(easy).toBeGreaterThan(hard + 200);
    } finally {
      settings.botDelayMs = 0;
    }
  }, 60_000);
});
