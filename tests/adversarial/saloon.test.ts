/**
 * Issue 11, hostile clients at a Saloon Showdown table (4 seats: a hostile host, a hostile guest, two bots; "What
 * the Wind Brings" on, 3-second threat windows; a hostile spectator; throwaway connections for garbage frames):
 * 20,000 malformed, out-of-turn and foreign-seat messages while a real game — threats, duels judged by arrival,
 * interrupts — runs to its end. See support.ts.
 */
import { Saloon, saloon, saloonIntentSchema, viewFromSyncedBoard, type GameEvent } from '@tumbleweed/engine';
import { hostileGameSuite, type GameKit, type GenCtx } from './support';

type S = Saloon.SaloonState;
const SEATS = 4;

const others = (ctx: GenCtx<S>) => Array.from({ length: ctx.seats }, (_, i) => i).filter((i) => i !== ctx.seat);
/** A few cards from other players' hands (secret to the sender). */
function theirCards(ctx: GenCtx<S>, n: number): string[] {
  const cards = others(ctx).flatMap((s) => ctx.state.players[s].hand);
  return cards.length ? Array.from({ length: n }, () => ctx.rng.pick(cards)) : ['nope'];
}
const money = (s: S) => s.players.reduce((m, p) => m + p.loot + p.bounty, 0);

const saloonKit: GameKit<S> = {
  id: 'saloon',
  game: saloon,
  seats: SEATS,
  bots: 2,
  options: { turnSeconds: 0, threatSeconds: 3, wind: true },
  intentSchema: saloonIntentSchema,
  // ~10–25 moves of the hostile players per game, one per 1,000 junk messages: the game outlasts most of the junk
  // however fast this machine is (the game's own clocks — threat windows, "Go!" — add to that).
  junkPerMove: 1000,
  intentKey: (i) => Saloon.intentKey(i as Saloon.SaloonIntent),
  malformed: [
    { type: 'draw', from: 4 },
    { type: 'draw', from: -1 },
    { type: 'draw', from: 1.5 },
    { type: 'draw', from: 'top' },
    { type: 'draw', from: NaN },
    { type: 'draw', from: 'deck', seat: 1 },
    { type: 'threaten', gun: 'red', target: 6 },
    { type: 'threaten', gun: 'red', target: -1 },
    { type: 'threaten', gun: 'red', target: '1' },
    { type: 'threaten', gun: 'x'.repeat(11), target: 1 },
    { type: 'threaten', gun: ['red'], target: 1 },
    { type: 'discard', cards: 'a' },
    { type: 'discard', cards: Array(7).fill('a') },
    { type: 'discard', cards: [1] },
    { type: 'discard', cards: ['x'.repeat(41)] },
    { type: 'desperado', guns: ['red', 'blue'], targets: [0, 1, 2, 3, 4, 5] },
    { type: 'desperado', guns: ['red', 'blue'], targets: [-1, 1] },
    { type: 'desperado', guns: ['red', 'blue', 'green', 'yellow', 'red'], targets: [1, 2] },
    { type: 'answer', call: 'x'.repeat(13) },
    { type: 'answer', call: 7 },
    { type: 'shoot', gun: 'red', area: 'head', noise: 'bang', seat: 0 },
    { type: 'shoot', gun: 1, area: 'head' },
    { type: 'shoot', gun: 'red', area: 'head', noise: 'x'.repeat(11) },
    { type: 'crash', card: 5 },
    { type: 'Shoot' },
    { type: 'dance' },
    { type: 'draw', from: 'deck', extra: 1 },
    { type: 'draw', from: 'deck', __proto_: 1 },
    { from: 'deck' },
  ],
  outOfTurn(ctx) {
    const { state, rng } = ctx;
    if (rng.chance(0.6)) {
      // legal for another seat now (the active player, a threatened one, a duelist after "Go!")
      const busy = others(ctx).filter((s) => saloon.legalIntents(state, s).length > 0);
      if (busy.length) return rng.pick(saloon.legalIntents(state, rng.pick(busy)));
    }
    if (ctx.history.length) {
      // legal for this seat (or anyone) a few steps ago: another phase
      const past = rng.pick(ctx.history);
      const legal = saloon.legalIntents(past, ctx.seat ?? rng.int(SEATS));
      if (legal.length) return rng.pick(legal);
    }
    return rng.pick<unknown>([
      { type: 'draw', from: 'deck' },
      { type: 'answer', call: 'duel' },
      { type: 'crash' },
      { type: 'shoot', gun: 'red', area: 'head', noise: 'bang' },
    ]);
  },
  foreign(ctx) {
    const { rng } = ctx;
    const me = ctx.seat ?? 0;
    const other = rng.pick(others(ctx));
    const gun = rng.pick(Saloon.COLOURS);
    switch (rng.int(9)) {
      case 0: {
        // another seat's move, claiming to come from it (the schema takes no such field)
        const legal = saloon.legalIntents(ctx.state, other);
        return { ...(legal.length ? rng.pick(legal) : { type: 'draw', from: 'deck' }), seat: other };
      }
      case 1:
        return { type: 'threaten', gun, target: me }; // oneself
      case 2:
        return { type: 'threaten', gun, target: rng.pick([SEATS, 5]) }; // a seat that does not exist
      case 3:
        return { type: rng.pick(['discard', 'cashLoot']), cards: theirCards(ctx, 1) };
      case 4:
        return { type: 'wanted', cards: theirCards(ctx, 3), target: other };
      case 5:
        return { type: 'standoff', card: theirCards(ctx, 1)[0], gun };
      case 6:
        return { type: 'desperado', guns: [gun, rng.pick(Saloon.COLOURS)], targets: [other, me] };
      case 7:
        return { type: 'shoot', gun, area: rng.pick(Saloon.AREAS), noise: rng.pick(Saloon.NOISES), target: rng.pick([other, me, 5]) };
      default:
        return { type: 'answer', call: rng.pick(['bluffing', 'duel', 'escape']), card: theirCards(ctx, 1)[0], target: other };
    }
  },
  leaks(board, viewer) {
    const out: string[] = [];
    Array.from((board.players ?? []) as any[]).forEach((p: any, i: number) => {
      if (i !== viewer && (p.secret !== undefined || p.rev !== undefined)) out.push(`the secret part of seat ${i}`);
    });
    if (((viewFromSyncedBoard('saloon', board, null) as Saloon.SaloonView | null)?.hand.length ?? 0) > 0) out.push('a hand in the public part');
    return out;
  },
  privateEvents: ['you_drew', 'duel_hand'],
  checkState(state) {
    // The property tests' invariants (packages/engine/src/saloon/properties.test.ts).
    const out: string[] = [];
    const deck = JSON.stringify([...Saloon.deckIds(state.simplified), ...(state.wind ? Saloon.WIND_EVENTS : [])].sort());
    try {
      if (JSON.stringify([...Saloon.locations(state).keys()].sort()) !== deck) out.push('the deck is not conserved');
    } catch (e) {
      out.push(String(e));
    }
    for (const p of state.players) if (p.loot < 0 || p.bounty < 0) out.push('negative money');
    const sizes = state.players.map((p) => p.hand.length);
    const off = sizes.filter((n) => n !== 3);
    if (state.phase.kind === 'discard' ? off.length !== 1 || off[0] !== 4 : off.length !== 0) out.push(`hand sizes ${sizes}`);
    if (state.public.length !== 4) out.push(`${state.public.length} public cards`);
    return out;
  },
  checkReplay(frames) {
    // Money only comes from the bank, announced; private events reach their owner only.
    const out: string[] = [];
    const fail = (i: number, what: string) => out.length < 5 && out.push(`step ${i}: ${what}`);
    frames.forEach(({ state, events }, i) => {
      if (i > 0) {
        const paid = (events as GameEvent[]).filter((e) => e.type === 'bank_paid').reduce((m, e) => m + (e.amount as number), 0);
        if (money(state) - money(frames[i - 1].state) !== paid) fail(i, 'money not conserved outside bank payments');
      }
      for (const e of events as GameEvent[]) {
        const ok = e.type === 'you_drew' || e.type === 'duel_hand' ? JSON.stringify(e.to) === JSON.stringify([e.seat]) : e.to === undefined;
        if (!ok) fail(i, `event ${e.type} has the wrong audience`);
      }
    });
    if (!saloon.outcome(frames[frames.length - 1].state)) out.push('the replayed game has no outcome');
    return out;
  },
};

hostileGameSuite('Saloon Showdown', saloonKit, 0x5a100);
