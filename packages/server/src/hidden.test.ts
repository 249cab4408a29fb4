/**
 * Hidden information, proved on the wire: real colyseus.js clients record every byte they receive during a whole
 * Duel; each stream is decoded again independently, and nothing in it may reveal another seat's hand, face-down
 * card or target, nor the table's seed.
 */
import { framesOf } from './testing/record-ws';
import { hasSecret, Rng, seedKey, viewFromSyncedBoard, type Duel } from '@tumbleweed/engine';
import { encode } from '@colyseus/msgpackr';
import type { Room } from 'colyseus.js';
import { ManualClock, realClock, settings } from './table-room';
import { autoPlay, seatOf, startServer, waitFor } from './testing/harness';
import { containsBytes, replay, type Observation } from './testing/replay';

const SEED = 0x7a3c5e91;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.cleanup();
  await server.shutdown();
});

function secretsSeen(observations: Observation[], viewer: number | null) {
  const leaks: string[] = [];
  let ownHandSeen = false;
  let ownCommitSeen = false;
  for (const o of observations) {
    if (o.kind === 'state') {
      const board = o.state.board;
      const players: any[] = board?.players ?? [];
      players.forEach((p, seat) => {
        if (seat === viewer) return;
        // Another seat's private map (its hand, its face-down card and target), or how often it changed.
        if (hasSecret(board, seat) || p?.rev !== undefined) leaks.push(`the private part of seat ${seat}: ${JSON.stringify(p)}`);
      });
      // Read back as every client reads it: my own view, and what the public part alone says.
      const pub = viewFromSyncedBoard('duel', board, null) as Duel.DuelView | null;
      if (pub) {
        if (pub.hand.length > 0 || pub.commit !== null) leaks.push(`a hand or a face-down card in the public part: ${JSON.stringify(pub)}`);
        for (const [seat, q] of pub.players.entries()) {
          const extra = Object.keys(q).filter((k) => !['money', 'alive', 'handCount', 'aside', 'committed'].includes(k));
          if (extra.length) leaks.push(`seat ${seat}'s public part has ${extra.join(', ')}`);
        }
      }
      const mine = viewer === null ? null : (viewFromSyncedBoard('duel', board, viewer) as Duel.DuelView | null);
      if (mine?.hand.length) ownHandSeen = true;
      if (mine?.commit) ownCommitSeen = true;
    } else if (o.type === 'events') {
      for (const e of o.message as any[]) {
        if (e.type === 'you_committed' && e.seat !== viewer) leaks.push(`someone else's commit event ${JSON.stringify(e)}`);
        if (e.type === 'committed' && ('card' in e || 'target' in e)) leaks.push(`public commit event with a card ${JSON.stringify(e)}`);
        if ('to' in e) leaks.push(`routing field sent to a client ${JSON.stringify(e)}`);
      }
    }
  }
  return { leaks, ownHandSeen, ownCommitSeen };
}

/** Byte patterns the seed, its ChaCha20 key and the generator state it makes would take on the wire. */
function seedPatterns(): Uint8Array[] {
  const text = new TextEncoder();
  const state = Rng.fromSeed(SEED).state();
  const key = seedKey(SEED);
  const patterns: Uint8Array[] = [text.encode(String(SEED)), new Uint8Array(encode(SEED)), text.encode(state.key), key.subarray(0, 16), key.subarray(16)];
  const le = Buffer.alloc(4);
  le.writeInt32LE(SEED | 0);
  const be = Buffer.alloc(4);
  be.writeInt32BE(SEED | 0);
  patterns.push(new Uint8Array(le), new Uint8Array(be));
  return patterns;
}

test('a whole game: players and a spectator receive nothing secret of anyone else, and never the seed', async () => {
  // The table's time is a manual clock: the bot's reaction (below) passes when the test moves it on.
  const clock = new ManualClock();
  settings.clock = clock;
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3, bots: 1, seed: SEED, options: { target: 3 } });
  const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
  const cat = await server.sdk.joinById(ann.roomId, { name: 'Cat', spectate: true });
  for (const r of [ann, bob, cat]) {
    r.onMessage('events', () => undefined);
    r.onMessage('error', () => undefined);
  }
  // Ann at once, Bob a moment later, the bot last: each player's face-down card then stands in some patch before
  // the reveal, so the positive checks below can see it (whoever commits last is revealed in the same patch). The
  // bot's 250 ms pass once only the bot (seat 2) is waited for: it always commits last, without real waits.
  settings.botDelayMs = 250;
  autoPlay(ann, () => seatOf(ann));
  autoPlay(bob, () => seatOf(bob), 40);
  const table = server.getRoomById(ann.roomId);
  const until = Date.now() + 60_000;
  while (table.state.status !== 'over' && Date.now() < until) {
    if (table.state.pending.length === 1 && table.state.pending[0] === 2) clock.advance(250);
    await new Promise((r) => setTimeout(r, 5));
  }
  await waitFor(() => [ann, bob, cat].every((r) => r.state.status === 'over'), 'game over');
  settings.botDelayMs = 0;
  settings.clock = realClock;
  await new Promise((r) => setTimeout(r, 50));

  const viewers: [Room<any>, number | null][] = [
    [ann, 0],
    [bob, 1],
    [cat, null],
  ];
  for (const [room, seat] of viewers) {
    const frames = framesOf(room);
    const observations = replay(frames);
    expect(observations.filter((o) => o.kind === 'state').length).toBeGreaterThan(10);
    const { leaks, ownHandSeen, ownCommitSeen } = secretsSeen(observations, seat);
    expect(leaks).toEqual([]);
    // The decoder does see private fields when they are meant for this client: the check above can fail.
    expect(ownHandSeen).toBe(seat !== null);
    expect(ownCommitSeen).toBe(seat !== null);
    for (const frame of frames) for (const p of seedPatterns()) expect(containsBytes(frame, p)).toBe(false);
  }
  // The reveal does show everyone's card to the spectator once all have committed.
  const reveals = replay(framesOf(cat)).filter((o) => o.type === 'events' && (o.message as any[]).some((e) => e.type === 'revealed'));
  expect(reveals.length).toBeGreaterThan(0);
});
