/**
 * Issue 11, hostile clients at a Rattlesnake table (2 seats, both hostile players — the host and a guest — who also
 * make their real moves; a hostile spectator; throwaway connections for garbage frames): 20,000 malformed,
 * out-of-turn and foreign-seat messages while a real game runs to its end. See support.ts.
 */
import { Rattlesnake, rattlesnake, rattlesnakeIntentSchema, viewFromSyncedBoard, type GameEvent } from '@tumbleweed/engine';
import { hostileGameSuite, type GameKit, type GenCtx } from './support';

type S = Rattlesnake.RattlesnakeState;
const ALL = JSON.stringify(Rattlesnake.allCards().sort());

const opponentOf = (ctx: GenCtx<S>) => (ctx.seat === null ? ctx.rng.int(2) : 1 - ctx.seat);
/** A few of the opponent's secret cards (hand, then deck). */
function theirCards(ctx: GenCtx<S>, n: number): string[] {
  const p = ctx.state.players[opponentOf(ctx)];
  const cards = [...p.hand, ...p.deck];
  return cards.length ? Array.from({ length: n }, () => ctx.rng.pick(cards)) : ['nope'];
}

const rattlesnakeKit: GameKit<S> = {
  id: 'rattlesnake',
  game: rattlesnake,
  seats: 2,
  bots: 0,
  options: { turnSeconds: 0 },
  intentSchema: rattlesnakeIntentSchema,
  // Every move of the game is a hostile player’s: ~40–120 of them, one per 450 junk messages.
  junkPerMove: 450,
  intentKey: (i) => Rattlesnake.intentKey(i as Rattlesnake.RattlesnakeIntent),
  malformed: [
    { type: 'buy' },
    { type: 'buy', cardId: 1, discard: [] },
    { type: 'buy', cardId: '', discard: [] },
    { type: 'buy', cardId: 'x'.repeat(41), discard: [] },
    { type: 'buy', cardId: 'a', discard: ['a', 'b', 'c'] },
    { type: 'buy', cardId: 'a', discard: 'a' },
    { type: 'buy', cardId: 'a', discard: [null] },
    { type: 'commit' },
    { type: 'commit', cards: 'a' },
    { type: 'commit', cards: Array(11).fill('a') },
    { type: 'commit', cards: [1] },
    { type: 'commit', cards: { 0: 'a', length: 1 } },
    { type: 'ability' },
    { type: 'ability', cardId: 'a', value: 0 },
    { type: 'ability', cardId: 'a', value: 6 },
    { type: 'ability', cardId: 'a', value: 1.5 },
    { type: 'ability', cardId: 'a', value: '3' },
    { type: 'ability', cardId: 'a', value: NaN },
    { type: 'ability', cardId: 'a', delta: 2 },
    { type: 'ability', cardId: 'a', delta: 0 },
    { type: 'ability', cardId: 'a', delta: -2 },
    { type: 'ability', cardId: 'a', mode: 'x' },
    { type: 'ability', cardId: 'a', mode: 'SWAP' },
    { type: 'ability', cardId: 'a', target: 5 },
    { type: 'ability', cardId: 'a', take: [] },
    { type: 'putBack' },
    { type: 'putBack', cardId: ['a'] },
    { type: 'cover', cardId: null },
    { type: 'dance' },
    { type: 'Attack' },
    { type: 'pass ' },
    { type: null },
    {},
  ],
  outOfTurn(ctx) {
    const { state, rng } = ctx;
    if (rng.chance(0.6)) {
      // the move the game waits for, from the other seat (or a spectator)
      const [waiting] = rattlesnake.pending(state);
      if (waiting !== undefined && waiting !== ctx.seat) {
        const legal = rattlesnake.legalIntents(state, waiting);
        if (legal.length) return rng.pick(legal);
      }
    }
    // a move that was this seat's a few steps ago (another step of the turn)
    if (ctx.history.length) {
      const past = rng.pick(ctx.history);
      const seat = ctx.seat ?? rng.int(2);
      const legal = rattlesnake.legalIntents(past, seat);
      if (legal.length) return rng.pick(legal);
    }
    return rng.pick([{ type: 'attack' }, { type: 'pass' }, { type: 'endTurn' }, { type: 'allow' }]);
  },
  foreign(ctx) {
    const { rng, state } = ctx;
    const other = opponentOf(ctx);
    switch (rng.int(6)) {
      case 0: {
        // the other seat's own move, claiming to come from it
        const legal = rattlesnake.legalIntents(state, other);
        return { ...(legal.length ? rng.pick(legal) : { type: 'pass' }), seat: other, from: other };
      }
      case 1:
        return { type: 'ability', cardId: theirCards(ctx, 1)[0] }; // a card in the opponent's hand or deck
      case 2:
        return { type: 'commit', cards: theirCards(ctx, rng.int(3) + 1) };
      case 3: {
        const row = state.saloon.filter((c): c is string => c !== null);
        return { type: 'buy', cardId: row.length ? rng.pick(row) : 'nope', discard: theirCards(ctx, 2) }; // paid with their cards
      }
      case 4:
        return { type: rng.pick(['cover', 'putBack']), cardId: theirCards(ctx, 1)[0] };
      default:
        // a hit card of the opponent, as if it were one's own
        return { type: 'ability', cardId: rng.pick(state.players[other].hits.length ? state.players[other].hits : ['nope']), value: 3 };
    }
  },
  leaks(board, viewer) {
    const out: string[] = [];
    Array.from((board.players ?? []) as any[]).forEach((p: any, i: number) => {
      if (i !== viewer && (p.secret !== undefined || p.rev !== undefined)) out.push(`the secret part of seat ${i}`);
    });
    const v = viewFromSyncedBoard('rattlesnake', board, null) as Rattlesnake.RattlesnakeView | null;
    if (v) {
      if (v.hand.length > 0 || v.myCommit !== null) out.push('a hand or a face-down commitment in the public part');
    }
    return out;
  },
  privateEvents: ['you_drew', 'you_committed', 'you_put_back'],
  checkState(state) {
    // The property tests' invariants (packages/engine/src/rattlesnake/properties.test.ts).
    const out: string[] = [];
    try {
      if (JSON.stringify([...Rattlesnake.locations(state).keys()].sort()) !== ALL) out.push('cards not conserved');
    } catch (e) {
      out.push(String(e));
    }
    for (const p of state.players) if (p.hits.length < 0 || p.hits.length > Rattlesnake.HITS_PER_PLAYER) out.push(`${p.hits.length} hits`);
    const over = state.step.kind === 'over';
    if (rattlesnake.pending(state).length !== (over ? 0 : 1)) out.push(`pending ${rattlesnake.pending(state)}`);
    if (over !== state.players.some((p) => p.hits.length === 0)) out.push('the end and the hits disagree');
    return out;
  },
  checkReplay(frames) {
    const out: string[] = [];
    frames.forEach(({ events }, i) => {
      for (const e of events as GameEvent[]) {
        const own = ['you_drew', 'you_committed', 'you_put_back'].includes(e.type);
        if ((own ? JSON.stringify(e.to) !== JSON.stringify([e.seat]) : e.to !== undefined) && out.length < 5) out.push(`step ${i}: ${e.type} to ${e.to}`);
      }
    });
    if (!rattlesnake.outcome(frames[frames.length - 1].state)) out.push('the replayed game has no outcome');
    return out;
  },
};

hostileGameSuite('Rattlesnake', rattlesnakeKit, 0x5a4e);
