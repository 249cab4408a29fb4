/**
 * Fair races over real networks (issue 13): players at different distances from the server, through a proxy that
 * delays every byte both ways. Each racer syncs its clock like the web client, sees "Go!" at the server's instant
 * (its cards were sent ahead), and claims the reaction it measured. The server judges by reaction time, as far as it
 * can check (fair/timing.ts, docs/fair-races.md).
 */
import { onTableEvents, Rng, saloon, Saloon, viewFromSyncedBoard } from '@tumbleweed/engine';
import { Client, type Room } from 'colyseus.js';
import { latencyProxy, type LatencyProxy } from '../../../tests/support/latency-proxy';
import { Racer, type RacerOptions } from '../../../tests/support/racer';
import { FAIR } from './fair/timing';
import { startServer, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;
let far: LatencyProxy;
const FAR_RTT_MS = 150;
beforeAll(async () => {
  server = await startServer();
  far = await latencyProxy(server.port, FAR_RTT_MS / 2);
});
afterAll(async () => {
  await far.close();
  await server.shutdown();
});

/** A reaction that depends only on the race ("Go!" time): both racers read the same number for the same race. */
const shared = (goAt: number): number => 200 + (Math.abs(Math.imul(goAt | 0, 2654435761)) % 100);

interface Outcome {
  goAt: number;
  winner: 'near' | 'far';
  near: Racer;
  farRacer: Racer;
}

/**
 * The tables start this far apart, so that their races are spread over the 2.5 s a race takes rather than all fired at
 * once: 40 "Go!"s and 80 shots in the same few milliseconds kept this one process (the server and every racer's
 * client) busy past a far shot's 55 ms of slack, and the far player won 92–94% in 1 run of 5 (the same before and after
 * the late-shot change, alternated; issue 13's condition is the network, not such a burst).
 */
const STAGGER_MS = 60;

/**
 * `tables` tables at once, each a near player (0 ms RTT, seat 0) against a far one (150 ms RTT, seat 1), until each
 * has `races` duels won. Returns every won duel. A race takes about 2.5 s (a threat, its answer, "Go!" 1.5 s later),
 * so the 200 races of a test run as 40 tables of 5 at once (13 s) rather than 10 of 20 (43 s): the shares were the
 * same (the far player won 98–100% in the first test; 53–55% against 45–47% in the second; four runs at 40 × 5, three at
 * 20 × 10).
 */
async function play(
  tables: number,
  races: number,
  near: (t: number) => Omit<RacerOptions, 'name'>,
  farOpts: (t: number) => Omit<RacerOptions, 'name'>,
  staggerMs = STAGGER_MS,
): Promise<Outcome[]> {
  const pairs = await Promise.all(
    Array.from({ length: tables }, async (_, t) => {
      await new Promise((r) => setTimeout(r, t * staggerMs));
      const a = await Racer.create(`ws://127.0.0.1:${server.port}`, { name: 'Near', ...near(t) }, { seats: 2, options: { threatSeconds: 3, turnSeconds: 0 } });
      const b = await Racer.join(`ws://127.0.0.1:${far.port}`, { name: 'Far', ...farOpts(t) }, a.room.roomId);
      return [a, b] as const;
    }),
  );
  try {
    await waitFor(() => pairs.every(([a]) => a.results().size >= races), `${races} races at each of ${tables} tables`, 20_000 + races * 4_000);
  } finally {
    await Promise.all(pairs.flatMap(([a, b]) => [a.leave(), b.leave()]));
  }
  return pairs.flatMap(([a, b]) =>
    [...a.results()]
      .slice(0, races)
      .map(([goAt, winner]) => ({ goAt, winner: winner === a.seat || (a.seat < 0 && winner === 0) ? 'near' : 'far', near: a, farRacer: b }) as Outcome),
  );
}

const share = (outcomes: Outcome[], who: 'near' | 'far') => {
  const s = outcomes.filter((o) => o.winner === who).length / outcomes.length;
  if (process.env.FAIR_REPORT) process.stderr.write(`fair-races: ${who} won ${(s * 100).toFixed(1)}% of ${outcomes.length}\n`);
  return s;
};

test('200 races, a 0 ms against a 150 ms RTT player who reacts 30 ms quicker: the far player wins at least 95%; judged by arrival (no claims), the near one wins most', async () => {
  const fairRaces = play(
    40,
    5,
    () => ({ reaction: (goAt) => shared(goAt) + 30 }),
    () => ({ reaction: shared }),
  );
  // The same players sending no reaction times: the server can only use arrival order, as it did before.
  const byArrival = play(
    4,
    5,
    () => ({ reaction: (goAt) => shared(goAt) + 30, claim: () => null }),
    () => ({ reaction: shared, claim: () => null }),
  );
  const [fair, unfair] = await Promise.all([fairRaces, byArrival]);
  expect(fair.length).toBe(200);
  expect(share(fair, 'far')).toBeGreaterThanOrEqual(0.95);
  expect(unfair.length).toBe(20);
  expect(share(unfair, 'near')).toBeGreaterThanOrEqual(0.8);
}, 180_000);

test('200 races with equally quick players at 0 ms and 150 ms RTT: neither wins more than 60%', async () => {
  const reactions = (seed: number) => {
    const rng = Rng.fromSeed(seed);
    return { reaction: () => 200 + rng.int(100) };
  };
  const outcomes = await play(
    40,
    5,
    (t) => reactions(1000 + t),
    (t) => reactions(2000 + t),
  );
  expect(outcomes.length).toBe(200);
  expect(share(outcomes, 'near')).toBeLessThanOrEqual(0.6);
  expect(share(outcomes, 'far')).toBeLessThanOrEqual(0.6);
}, 180_000);

/** The `shot` events of `seat` seen by `racer`, each with the "Go!" of its race. */
function shotsOf(racer: Racer, seat: number): { goAt: number; correct: boolean; falseStart?: boolean; reactionMs: number }[] {
  let goAt = 0;
  const out: { goAt: number; correct: boolean; falseStart?: boolean; reactionMs: number }[] = [];
  for (const e of racer.events) {
    if (e.type === 'duel_started') goAt = e.goAt;
    if (e.type === 'shot' && e.seat === seat) out.push({ goAt, correct: e.correct, falseStart: e.falseStart, reactionMs: e.reactionMs });
  }
  return out;
}

test('a far player who claims 50 ms reactions false-starts every time; one who shaves its claim gains at most the tolerance', async () => {
  const [cheat, liar] = await Promise.all([
    play(
      2,
      3,
      () => ({ reaction: shared }),
      () => ({ reaction: (goAt) => shared(goAt) - 60, claim: () => 50 }),
    ),
    play(
      2,
      3,
      () => ({ reaction: (goAt) => shared(goAt) + 20 }),
      () => ({ reaction: shared, claim: (m) => m - 80 }),
    ),
  ]);
  // The claimed 50 ms: every shot of the far player is a false start (a misfire with the right cards); it never wins.
  for (const o of cheat) {
    expect(o.winner).toBe('near');
    const shots = shotsOf(o.near, o.farRacer.seat).filter((x) => x.goAt === o.goAt);
    expect(shots.length).toBeGreaterThan(0);
    for (const x of shots) expect(x).toMatchObject({ correct: false, falseStart: true, reactionMs: 50 });
  }
  // Claiming 80 ms less than it took: the server places the shot no earlier than its arrival allows, minus the tolerance.
  const judged = [...new Set(liar.map((o) => o.near))].flatMap((near) => {
    const farRacer = liar.find((o) => o.near === near)!.farRacer;
    return shotsOf(near, farRacer.seat).map((x) => ({ ...x, fired: farRacer.fired.find((f) => f.goAt === x.goAt)! }));
  });
  expect(judged.length).toBeGreaterThanOrEqual(3); // (most of its 6 races: a race the other one wins first has no shot of it)
  for (const x of judged) {
    expect(x.fired.claimedMs).toBeCloseTo(x.fired.measuredMs - 80, 6);
    // What it gained over its true reaction: at most the tolerance (and a few ms of clock sync and timers here).
    expect(x.fired.measuredMs - x.reactionMs).toBeLessThanOrEqual(FAIR.toleranceMs + 8);
  }
}, 120_000);

test('a racer gets its cards only just before "Go!", at its one-way latency plus the lead, and nobody else gets them', async () => {
  const watcher = await server.sdk.create('saloon', { name: 'Watcher', seats: 2, spectate: true, options: { threatSeconds: 3, turnSeconds: 0 } });
  const previews: { at: number; goAt: number }[] = [];
  watcher.onMessage('race', () => previews.push({ at: -1, goAt: -1 }));
  const a = await Racer.join(`ws://127.0.0.1:${server.port}`, { name: 'Near', reaction: shared }, watcher.roomId);
  const b = await Racer.join(`ws://127.0.0.1:${far.port}`, { name: 'Far', reaction: shared }, watcher.roomId);
  const seen: { who: string; at: number; goAt: number }[] = [];
  a.room.onMessage('race', (p: { goAt: number }) => seen.push({ who: 'near', at: Date.now(), goAt: p.goAt }));
  b.room.onMessage('race', (p: { goAt: number }) => seen.push({ who: 'far', at: Date.now(), goAt: p.goAt }));
  try {
    await waitFor(() => a.results().size >= 2, 'two races', 30_000);
  } finally {
    await Promise.all([a.leave(), b.leave(), watcher.leave()]);
  }
  expect(previews).toEqual([]); // a spectator never gets a racer's cards
  expect(seen.filter((s) => s.who === 'near').length).toBeGreaterThanOrEqual(2);
  for (const s of seen) {
    // Both get them about FAIR.previewLeadMs before "Go!" (the far one's were sent its one-way latency earlier).
    expect(s.goAt - s.at).toBeLessThanOrEqual(FAIR.previewLeadMs + 40);
    expect(s.goAt - s.at).toBeGreaterThanOrEqual(FAIR.previewLeadMs - 60);
  }
  expect(Saloon.FALSE_START_MS).toBe(100);
}, 60_000);

/**
 * A response window races too: a threat shows, two players holding a Mexican Standoff card both say "I don't think
 * so!" with the same gun, and the first takes it. Each reacts from the moment the threat reached its screen; the far
 * player (150 ms RTT) is 30 ms quicker. Ten tables at once, each with its own deal.
 */
test('"I don\'t think so!" with the same gun from a 0 ms and a 150 ms RTT player: the far one, 30 ms quicker, takes the gun', async () => {
  const opts = saloon.options({ threatSeconds: 10 });
  if ('error' in opts) throw new Error(opts.error.message);
  const symbolIs = (id: string) => Saloon.card(id).symbol === 'standoff';
  const seeds: { seed: number; active: number }[] = [];
  for (let seed = 1; seeds.length < 10; seed++) {
    const st = saloon.setup({ seats: 4, options: opts }, Rng.fromSeed(seed));
    const joiners = [(st.active + 2) % 4, (st.active + 3) % 4];
    if (joiners.every((j) => st.players[j].hand.some(symbolIs)) && !st.players.some((p) => new Set(p.hand.map((id) => Saloon.card(id).colour)).size === 1))
      seeds.push({ seed, active: st.active });
  }
  const trial = async ({ seed, active }: { seed: number; active: number }, k: number): Promise<'near' | 'far'> => {
    // Alternate which joiner is far, so the seat order does not decide.
    const [nearSeat, farSeat] = k % 2 ? [(active + 2) % 4, (active + 3) % 4] : [(active + 3) % 4, (active + 2) % 4];
    const url = (seat: number) => `ws://127.0.0.1:${seat === farSeat ? far.port : server.port}`;
    const rooms: Room<any>[] = [];
    rooms.push(await new Client(url(0)).create('saloon', { name: 'P0', seats: 4, seed, options: { threatSeconds: 10, turnSeconds: 0 } }));
    for (let s = 1; s < 4; s++) rooms.push(await new Client(url(s)).joinById(rooms[0].roomId, { name: `P${s}` }));
    const won: number[] = [];
    try {
      for (const r of rooms) {
        r.onMessage('*', () => undefined);
        onTableEvents(r, (list: any[]) => list.forEach((e) => e.type === 'i_dont_think_so' && won.push(e.seat)));
        for (let i = 0; i < 5; i++) setTimeout(() => r.send('clock', { c: performance.now() }), i * 100); // the server measures each connection
      }
      const base = shared(seed * 7919);
      for (const [seat, reaction] of [
        [nearSeat, base + 30],
        [farSeat, base],
      ] as const) {
        const room = rooms[seat];
        let fired = false;
        room.onStateChange((state: any) => {
          const v = fired ? null : (viewFromSyncedBoard('saloon', state.board, seat) as Saloon.SaloonView | null);
          if (!v) return;
          if (v.phase.kind !== 'threat') return;
          fired = true;
          const seen = performance.now();
          const card = v.hand.find(symbolIs)!;
          setTimeout(() => room.send('intent', { type: 'standoff', card, gun: 'yellow', reactionMs: performance.now() - seen }), reaction);
        });
      }
      await new Promise((r) => setTimeout(r, 800)); // the game has started; every connection measured
      rooms[active].send('intent', { type: 'threaten', gun: 'red', target: (active + 1) % 4 });
      await waitFor(() => won.length > 0, 'an "I don\'t think so!"', 10_000);
      return won[0] === farSeat ? 'far' : 'near';
    } finally {
      await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
    }
  };
  const results = await Promise.all(seeds.map(trial));
  if (process.env.FAIR_REPORT)
    process.stderr.write(`fair-races: the far player took the gun ${results.filter((r) => r === 'far').length} of ${results.length}\n`);
  expect(results.filter((r) => r === 'far').length).toBeGreaterThanOrEqual(9);
}, 60_000);

/** Keeps this process (the server's) from doing anything else for `ms`: a stall, as on a loaded machine. */
const stall = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/**
 * A server that stalls (its process busy, or not running on a loaded machine) reads a shot only after the stall. The
 * near player (0 ms) fires 30 ms after the far one (150 ms RTT); the server reads the near shot at once, then stalls
 * for 110 ms while the far shot, fired first, is still on its way. Read after the stall, the far shot looked 70 ms
 * late, more than its network could explain, and lost. Three tables, two races each, their stalls apart.
 */
test.each([
  ['in a timer', (fn: () => void) => setTimeout(fn, 5)],
  // (the loop's next turn then runs its timers, the race's among them, before it reads its sockets again)
  ['just after it read its sockets', (fn: () => void) => setTimeout(() => setImmediate(fn), 5)],
])(
  "a server that stalls %s while a far player's quicker shot is on its way: the far player still wins",
  async (_where, when) => {
    const outcomes = await play(
      3,
      2,
      () => ({
        reaction: (goAt) => shared(goAt) + 30,
        claim: (measuredMs) => {
          when(() => stall(110)); // the near shot is read first (it is sent now, 0 ms away), then the stall
          return measuredMs;
        },
      }),
      () => ({ reaction: shared }),
      700,
    );
    expect(outcomes.length).toBe(6);
    expect(outcomes.map((o) => o.winner)).toEqual(Array(6).fill('far'));
  },
  60_000,
);
