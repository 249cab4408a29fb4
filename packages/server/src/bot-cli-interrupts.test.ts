/**
 * The command-line (network) bot's interrupts in Saloon Showdown: it is not waited for, yet from its own view alone it
 * hits a threatener with the Bottle or says "I don't think so!", after a human-like reaction time, once per window.
 * And it still plays a whole game with every option on against the server's bots.
 *
 * Tables are reached through a fixed seed (ALLOW_TEST_SEED, set by the harness): the seed is found by dealing with
 * the engine's own `setup`, exactly as the room does, until the cards needed are in the network bot's hand.
 */
import { onTableEvents, Rng, Saloon, saloon, viewFromSyncedBoard } from '@tumbleweed/engine';
import type { Room } from 'colyseus.js';
import { CLI_REACTION_MS, runBot } from './bot-cli';
import { settings } from './table-room';
import { inbox, seatOf, startServer, type Inbox, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  settings.botDelayMs = 0;
  await server.cleanup();
});
afterAll(async () => {
  await server.shutdown();
});

type Options = Partial<Saloon.SaloonOptions>;
const BASE: Options = { threatSeconds: 10 };
const BOT = 2; // the network bot's seat: it joins last

function findSeed(seats: number, options: Options, ok: (s: Saloon.SaloonState) => boolean): { seed: number; state: Saloon.SaloonState } {
  const opts = saloon.options(options);
  if ('error' in opts) throw new Error(opts.error.message);
  for (let seed = 1; seed < 500_000; seed++) {
    const state = saloon.setup({ seats, options: opts }, Rng.fromSeed(seed));
    if (ok(state)) return { seed, state };
  }
  throw new Error('no seed deals that');
}
const oneColour = (hand: string[]) => new Set(hand.map((id) => Saloon.card(id).colour)).size === 1;
const hasStandoff = (hand: string[]) => hand.some((id) => Saloon.card(id).symbol === 'standoff');
const eventsOf = (box: Inbox, type: string) => box.events.filter((e) => e.type === type);
/** What a spectator sees of the table (throws before the first state). */
const publicOf = (room: Room<any>) => viewFromSyncedBoard('saloon', room.state.board, null) as Saloon.SaloonView;

/** Two scripted humans (seats 0 and 1), the network bot (seat 2) and a spectator; every intent the bot sends, recorded. */
async function table(seed: number) {
  const p0 = await server.sdk.create('saloon', { name: 'P0', seats: 3, bots: 0, seed, options: { ...BASE, turnSeconds: 0 } });
  const p1 = await server.sdk.joinById(p0.roomId, { name: 'P1' });
  const watcher = await server.sdk.joinById(p0.roomId, { name: 'Watcher', spectate: true });
  const box = inbox(watcher);
  const times: Record<string, number> = {};
  onTableEvents(watcher, (list) => list.forEach((e) => (times[e.type] ??= Date.now())));
  const refusals: string[] = [];
  const robo = await runBot(`ws://127.0.0.1:${server.port}`, p0.roomId, 'Robo', (line) => refusals.push(line), { reactionMs: CLI_REACTION_MS });
  const sent: { type: string }[] = [];
  const send = robo.send.bind(robo);
  (robo as any).send = (type: string, message: { type: string }) => {
    if (type === 'intent') sent.push(message);
    return send(type, message);
  };
  await waitFor(() => [p0, p1].every((r, i) => seatOf(r) === i) && seatOf(robo) === BOT && watcher.state.status === 'playing', 'the game starts');
  return { humans: [p0, p1], watcher, box, times, refusals, sent, robo };
}

describe('the network bot interrupts', () => {
  test("holding 3 cards of the threatening gun's colour, it hits the threatener with the Bottle after 600–1,200 ms, once", async () => {
    const { seed, state } = findSeed(3, BASE, (s) => s.active !== BOT && oneColour(s.players[BOT].hand) && !hasStandoff(s.players[BOT].hand));
    const colour = Saloon.card(state.players[BOT].hand[0]).colour;
    const a = state.active;
    const target = 1 - a;
    const t = await table(seed);
    t.humans[a].send('intent', { type: 'threaten', gun: colour, target });
    await waitFor(() => eventsOf(t.box, 'crashed').length === 1, 'the Bottle', 5000);
    expect(eventsOf(t.box, 'crashed')[0]).toMatchObject({ seat: BOT, target: a, gun: colour, stopped: 'threat' });
    expect(eventsOf(t.box, 'bank_paid').find((e) => e.reason === 'bottle')).toMatchObject({ seat: BOT, amount: 20 });
    const reaction = t.times.crashed - t.times.threatened;
    expect(reaction).toBeGreaterThanOrEqual(550);
    expect(reaction).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 1500)); // nothing more from the bot: the window is closed, nobody waits for it
    expect(t.sent.filter((i) => i.type === 'crash')).toHaveLength(1);
    expect(t.refusals).toEqual([]);
    console.log(`network bot: Bottle ${reaction} ms after the threat`);
  });

  test("it waits out a lock-out its view shows (the game's optional botReadyAtView), then its reaction time", async () => {
    // Saloon does not implement the hook yet: a stand-in says "ready 1.5 s after this view was first seen".
    const { seed, state } = findSeed(3, BASE, (s) => s.active !== BOT && oneColour(s.players[BOT].hand) && !hasStandoff(s.players[BOT].hand));
    const colour = Saloon.card(state.players[BOT].hand[0]).colour;
    const game = saloon as { botReadyAtView?: (v: Saloon.SaloonView) => number | null };
    const readyAt = new Map<string, number>();
    game.botReadyAtView = (v) => {
      if (v.phase.kind !== 'threat') return null;
      const key = JSON.stringify(v.phase);
      if (!readyAt.has(key)) readyAt.set(key, Date.now() + 1500);
      return readyAt.get(key)!;
    };
    try {
      const t = await table(seed);
      t.humans[state.active].send('intent', { type: 'threaten', gun: colour, target: 1 - state.active });
      await waitFor(() => eventsOf(t.box, 'crashed').length === 1, 'the Bottle', 5000);
      const reaction = t.times.crashed - t.times.threatened;
      expect(reaction).toBeGreaterThanOrEqual(1500 + 550);
      expect(reaction).toBeLessThan(1500 + 2000);
      expect(t.sent.filter((i) => i.type === 'crash')).toHaveLength(1);
    } finally {
      delete game.botReadyAtView;
    }
  });

  test('holding a Mexican Standoff card, it says "I don\'t think so!" to a threat between two others, once', async () => {
    const { seed, state } = findSeed(3, BASE, (s) => s.active !== BOT && hasStandoff(s.players[BOT].hand) && !s.players.some((p) => oneColour(p.hand)));
    const a = state.active;
    const target = 1 - a;
    const t = await table(seed);
    t.humans[a].send('intent', { type: 'threaten', gun: 'red', target });
    await waitFor(() => eventsOf(t.box, 'i_dont_think_so').length === 1, 'the bot joins', 5000);
    expect(eventsOf(t.box, 'i_dont_think_so')[0]).toMatchObject({ seat: BOT, target: a });
    const reaction = t.times.i_dont_think_so - t.times.threatened;
    expect(reaction).toBeGreaterThanOrEqual(550);
    expect(reaction).toBeLessThan(2000);
    await waitFor(() => publicOf(t.watcher).phase.kind === 'standoff', 'the Standoff');
    expect(publicOf(t.watcher).phase).toMatchObject({ judge: target, threatener: BOT });
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.sent.filter((i) => i.type === 'standoff')).toHaveLength(1);
    expect(t.refusals).toEqual([]);
  });
});

test('the network bot plays a whole game with every option on (wind, not simplified) against three server bots', async () => {
  settings.botDelayMs = 700; // the server's Saloon bots then react in 600–1,200 ms, like the network bot
  const watcher = await server.sdk.create('saloon', {
    name: 'Watcher',
    seats: 4,
    bots: 3,
    seed: 1,
    spectate: true,
    options: { threatSeconds: 3, wind: true, simplified: false, turnSeconds: 0 },
  });
  const box = inbox(watcher);
  const refusals: string[] = [];
  const started = Date.now();
  const robo = await runBot(`ws://127.0.0.1:${server.port}`, watcher.roomId, 'Robo', (line) => refusals.push(line), { reactionMs: CLI_REACTION_MS });
  const sent: { type: string }[] = [];
  const send = robo.send.bind(robo);
  (robo as any).send = (type: string, message: { type: string }) => {
    if (type === 'intent') sent.push(message);
    return send(type, message);
  };
  await waitFor(() => watcher.state.status === 'over' && robo.state.status === 'over', 'game over', 150_000);
  const me = seatOf(robo);
  expect(me).toBeGreaterThanOrEqual(0);
  expect(publicOf(watcher).options).toMatchObject({ wind: true, simplified: false });
  const interrupts = sent.filter((i) => i.type === 'crash' || i.type === 'standoff').length;
  console.log(
    `network bot, whole game: ${sent.length} intents (${interrupts} interrupts), ${refusals.length} refused ${JSON.stringify(refusals)}, ` +
      `${eventsOf(box, 'misfire').filter((e) => e.seat === me).length} own misfires, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  expect(sent.length).toBeGreaterThan(0);
  // Refusals can only be lost races (a server bot answered first) or a lock-out the view did not tell: a few at most.
  expect(refusals.every((l) => /NOT_NOW|LOCKED_OUT|NOT_YOUR_TURN|TOO_LATE|GAME_OVER/.test(l))).toBe(true);
}, 170_000);
