/**
 * Bot levels for Duel and Rattlesnake (issue 15): a table's `botLevel` reaches its bots, and the server wakes a bot
 * with nothing but its own seat's view of the game (`game.view(state, seat)`), never the secret state.
 */
import { duel, rattlesnake } from '@tumbleweed/engine';
import { autoPlay, seatOf, startServer, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.cleanup();
  await server.shutdown();
});
afterEach(() => jest.restoreAllMocks());

describe('bot levels for Duel and Rattlesnake', () => {
  test('a table takes easy / normal / hard and refuses anything else', async () => {
    for (const game of ['duel', 'rattlesnake'] as const) {
      for (const botLevel of ['easy', 'normal', 'hard']) {
        const room = await server.sdk.create(game, { name: 'Ann', seats: 2, options: { botLevel } });
        await room.leave();
      }
      for (const botLevel of ['expert', 3]) {
        await expect(server.sdk.create(game, { name: 'Ann', seats: 2, options: { botLevel } })).rejects.toThrow(/BAD_OPTIONS/);
      }
    }
  });

  test("the server wakes a Duel bot with its own seat's view only, and the table's level", async () => {
    // Every view the server makes is remembered with the seat it is for; each bot call must get one of them, made
    // for the bot's own seat (so it cannot hold another seat's hand or face-down card).
    const made = new WeakMap<object, number | null>();
    const realView = duel.view.bind(duel);
    jest.spyOn(duel, 'view').mockImplementation((state, seat) => {
      const v = realView(state, seat);
      made.set(v, seat);
      return v;
    });
    const calls: { viewSeat: number | null | undefined; seat: number | null; level: unknown }[] = [];
    const realBot = duel.bot.bind(duel);
    jest.spyOn(duel, 'bot').mockImplementation((v, rng, level) => {
      calls.push({ viewSeat: made.get(v), seat: v.seat, level });
      return realBot(v, rng, level);
    });
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, bots: 1, seed: 77, options: { botLevel: 'hard', target: 3 } });
    autoPlay(ann, () => seatOf(ann));
    await waitFor(() => calls.length >= 4, 'four bot decisions', 20_000);
    await ann.leave();
    const botSeat = 1 - seatOf(ann);
    for (const c of calls) {
      expect(c.viewSeat).toBe(botSeat); // a view the server made, for the bot's own seat
      expect(c.seat).toBe(botSeat);
      expect(c.level).toBe('hard');
    }
  });

  test('a Rattlesnake table with no level plays the normal bot', async () => {
    const levels: unknown[] = [];
    const realBot = rattlesnake.bot.bind(rattlesnake);
    jest.spyOn(rattlesnake, 'bot').mockImplementation((v, rng, level) => {
      levels.push(level);
      return realBot(v, rng, level);
    });
    const ann = await server.sdk.create('rattlesnake', { name: 'Ann', seats: 2, bots: 2, seed: 5 });
    await waitFor(() => levels.length >= 3, 'three bot decisions', 20_000);
    await ann.leave();
    expect(new Set(levels)).toEqual(new Set(['normal']));
  });
});
