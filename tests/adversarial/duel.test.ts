/**
 * Issue 11, hostile clients at a Duel table (3 seats: a hostile host, a hostile guest, a bot; a hostile
 * spectator; throwaway connections for garbage frames): 20,000 malformed, out-of-turn and foreign-seat messages while
 * a real game runs to its end. See support.ts for how every message is accounted for.
 */
import { Duel, duel, duelIntentSchema, viewFromSyncedBoard, type GameEvent } from '@tumbleweed/engine';
import { hostileGameSuite, runHostileGame, withSeed, type GameKit, type GenCtx } from './support';

type S = Duel.DuelState;
const SEATS = 3;
const TARGET = 10;

const SIX = JSON.stringify(Duel.sortHand(Duel.FULL_HAND));
const others = (ctx: GenCtx<S>) => Array.from({ length: ctx.seats }, (_, i) => i).filter((i) => i !== ctx.seat);

const duelKit: GameKit<S> = {
  id: 'duel',
  game: duel,
  seats: SEATS,
  // One bot: every shootout then has a hostile player in it, so the pacing below holds the whole game.
  bots: 1,
  options: { target: TARGET, turnSeconds: 0 },
  intentSchema: duelIntentSchema,
  // ~500–1,000 moves of the hostile players in a game to $10: one per 60 junk messages keeps it running past the junk.
  junkPerMove: 60,
  intentKey: (i: any) => `${i?.type}|${i?.card}|${i?.target ?? null}`,
  malformed: [
    { type: 'commit' },
    { type: 'commit', card: 'knife' },
    { type: 'commit', card: 'Pistol' },
    { type: 'commit', card: '' },
    { type: 'commit', card: null },
    { type: 'commit', card: ['pistol'] },
    { type: 'commit', card: { toString: 'pistol' } },
    { type: 'commit', card: 'pistol', target: -1 },
    { type: 'commit', card: 'pistol', target: 1.5 },
    { type: 'commit', card: 'rifle', target: 6 },
    { type: 'commit', card: 'rifle', target: 2 ** 53 },
    { type: 'commit', card: 'pistol', target: '1' },
    { type: 'commit', card: 'pistol', target: NaN },
    { type: 'commit', card: 'pistol', target: Infinity },
    { type: 'commit', card: 'pistol', target: [1] },
    { type: 'commit', card: 'pistol', target: { seat: 1 } },
    { type: 'commit', card: 'pistol', target: true },
    { type: 'fold' },
    { type: 'COMMIT', card: 'reload' },
    { type: 'commit ', card: 'reload' },
    { type: ['commit'], card: 'reload' },
    { card: 'reload' },
    { type: 'commit', card: 'reload'.repeat(500) },
  ],
  // Every out-of-turn and foreign intent below is one the sender may never play, in any state (a gun at itself, a
  // seat that does not exist, a card that is not aimed, aimed): the engine must refuse each, whenever it arrives.
  neverLegal: true,
  outOfTurn(ctx) {
    const { state, rng } = ctx;
    // legal for another seat (one the game waits for now, or did a few steps ago): its gun, aimed at the sender
    const source = rng.chance(0.7) || !ctx.history.length ? state : rng.pick(ctx.history);
    const me = ctx.seat ?? rng.int(SEATS);
    const shooters = others({ ...ctx, seat: me }).filter((s) => duel.pending(source).includes(s));
    for (const s of shooters) {
      const atMe = duel.legalIntents(source, s).filter((i) => i.target === me);
      if (atMe.length) return rng.pick(atMe);
    }
    return { type: 'commit', card: rng.pick(['pistol', 'rifle']), target: me };
  },
  foreign(ctx) {
    const { rng } = ctx;
    const me = ctx.seat ?? 0;
    const other = rng.pick(others(ctx));
    switch (rng.int(5)) {
      case 0:
        // another seat's move (its gun at the sender), claiming to come from it
        return { type: 'commit', card: rng.pick(['pistol', 'rifle']), target: me, seat: other, from: other, player: other };
      case 1:
        // a card that is not aimed, aimed at another seat, claiming to come from it
        return { type: 'commit', card: rng.pick(['reload', 'barricade']), target: other, seat: other };
      case 2:
        return { type: 'commit', card: 'pistol', target: rng.pick([SEATS, 5]) }; // at a seat that does not exist
      case 3:
        return { type: 'commit', card: rng.pick(['reload', 'barricade']), target: me }; // aimed at oneself
      default:
        return { type: 'commit', card: rng.pick(['pistol', 'rifle']), target: me }; // at oneself
    }
  },
  leaks(board, viewer) {
    const out: string[] = [];
    // Another seat's private map holds its hand and its face-down card and target.
    Array.from((board.players ?? []) as any[]).forEach((p: any, i: number) => {
      if (i !== viewer && (p.secret !== undefined || p.rev !== undefined)) out.push(`the hand and face-down card of seat ${i}`);
    });
    const v = viewFromSyncedBoard('duel', board, null) as Duel.DuelView | null;
    if (v && (v.hand.length > 0 || v.commit !== null)) out.push('a hand or a face-down card in the public part');
    return out;
  },
  privateEvents: ['you_committed'],
  checkState(state) {
    // The property tests' invariants (packages/engine/src/duel/properties.test.ts).
    const out: string[] = [];
    state.players.forEach((p, seat) => {
      const all = Duel.sortHand([...p.hand, ...p.aside, ...(p.commit ? [p.commit.card] : [])]);
      if (JSON.stringify(all) !== SIX) out.push(`seat ${seat} holds ${JSON.stringify(all)}`);
      if (p.money < 0 || p.money > TARGET) out.push(`seat ${seat} has $${p.money}`);
    });
    if (state.phase === 'shootout' && state.players.filter((p) => p.alive).length < 2) out.push('a shootout with fewer than two hearts');
    return out;
  },
  checkReplay(frames, log) {
    // $1 per round won, one game won, one winner at the target.
    const out: string[] = [];
    let rounds = 0;
    let won = 0;
    frames.forEach(({ state, events }, i) => {
      rounds += events.filter((e: GameEvent) => e.type === 'round_won').length;
      won += events.filter((e: GameEvent) => e.type === 'game_won').length;
      const money = state.players.reduce((m, p) => m + p.money, 0);
      if (money !== rounds && out.length < 5) out.push(`step ${i}: $${money} on the table after ${rounds} rounds`);
    });
    const end = duel.outcome(frames[frames.length - 1].state);
    if (!end) out.push('the replayed game has no outcome');
    else {
      if (end.winners.length !== 1 || end.scores[end.winners[0]] !== TARGET) out.push(`winners ${end.winners}, scores ${end.scores}`);
      if (end.scores.filter((m) => m >= TARGET).length !== 1) out.push(`several players at the target: ${end.scores}`);
      if (JSON.stringify(end) !== JSON.stringify(log.outcome)) out.push('the log’s outcome is not the replayed one');
    }
    if (won !== 1) out.push(`game_won ${won} times`);
    return out;
  },
};

const { server: suiteServer, seed: SEED } = hostileGameSuite('Duel', duelKit, 0xd0e1);

test(
  'the accounting can fail: a room that loses one error reply in 40 is caught',
  () =>
    withSeed(SEED, async () => {
      let calls = 0;
      const report = await runHostileGame(suiteServer(), duelKit, {
        seed: SEED,
        batch: 400,
        batches: 1,
        garbage: false,
        settleMs: 600,
        finishMs: 0,
        tamper: (room) => {
          const sendError = room.sendError;
          room.sendError = function (...args: unknown[]) {
            if (++calls % 40 === 0) return; // a reply lost
            return sendError.apply(this, args);
          };
        },
      });
      expect(calls).toBeGreaterThan(40);
      expect(report.unanswered.length).toBeGreaterThan(0);
    }),
  30_000,
);
