import { EventBatchReader, readTableEvents, writeEventBatch } from './event-batch';
import { sameJson } from './flat-board';
import { eventsFor, isError, type Game, type GameEvent, type Seat } from './game';
import { REPLAY_GAMES, syncedBoardFor, thinEvents } from './replay';
import { Rng } from './rng';
import { expectEqual } from './testkit';

type AnyGame = Game<any, any, any, any>;

/**
 * Events on the wire, thin (issue 16; core/flat-board.ts `FlatSplit.thinEvent`): what one client reads from the patch
 * of a change, its batch written as the server writes it (thin where the views after the change show an event's
 * fields) and read back with the board the same patch brings.
 */
function overTheWire(game: AnyGame, state: unknown, events: GameEvent[], batch: number, viewer: Seat | null, seats: number): GameEvent[] {
  const texts = writeEventBatch(
    batch,
    thinEvents(game.id, events, (seat) => game.view(state, seat)),
    seats,
    game.id,
  );
  const reader = new EventBatchReader();
  reader.read(JSON.stringify([batch - 1, []]), []); // (a reader that joined before this batch)
  const seatEvents = Array.from({ length: seats }, (_, i) => ({ events: i === viewer ? (texts.seats[i] ?? '') : '' }));
  return readTableEvents(reader, { events: texts.public ?? '', seatEvents, game: game.id, board: syncedBoardFor(game.id, state, viewer ?? -1) });
}

/** Bytes of one change's event fields for seat 0 (its public and its own), as written. */
function bytes(game: AnyGame, state: unknown, events: GameEvent[], batch: number, seats: number, thin: boolean): number {
  const written = thin ? thinEvents(game.id, events, (seat) => game.view(state, seat)) : events;
  const texts = writeEventBatch(batch, written, seats);
  return (texts.public ?? '').length + (texts.seats[0] ?? '').length;
}

describe.each([
  ['duel', [2, 3, 4], 0.5],
  ['rattlesnake', [2], 0.8],
] as const)('%s events on the wire', (id, seatCounts, ratio) => {
  test(`every seat and a spectator read exactly the events they may see, though some travel without their fields (seat 0's weigh under ${ratio} of whole)`, () => {
    const game = REPLAY_GAMES[id]!;
    let checked = 0;
    let whole = 0;
    let thin = 0;
    for (const seats of seatCounts) {
      for (let seed = 0; seed < 8; seed++) {
        const rng = Rng.fromSeed(500 + seed);
        let state = game.setup({ seats, options: game.options({}) }, Rng.fromSeed(seed));
        let now = 1_700_000_000_000;
        for (let batch = 1; batch < 600 && game.outcome(state) === null; batch++) {
          now += 5_000;
          const waiting = game.pending(state);
          const seat = waiting.length ? rng.pick(waiting) : null;
          let r = seat === null || rng.int(15) === 0 ? game.timeout(state, now) : game.apply(state, seat, game.bot(game.view(state, seat), rng), now);
          if (isError(r)) r = game.timeout(state, now);
          if (isError(r)) throw new Error(r.error.message);
          state = r.state;
          for (const viewer of [null, ...Array.from({ length: seats }, (_, i) => i)]) {
            expectEqual(overTheWire(game, state, r.events, batch, viewer, seats), eventsFor(r.events, viewer));
          }
          whole += bytes(game, state, r.events, batch, seats, false);
          thin += bytes(game, state, r.events, batch, seats, true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(thin / whole).toBeLessThan(ratio);
  });
});

/** An event goes thin only when the view's fields are the event's own, as JSON would send them. */
describe('sameJson: the comparison an event is thinned by', () => {
  test.each([
    ['the same fields in another order', { seat: 1, card: { gun: 'rifle', n: 2 } }, { card: { n: 2, gun: 'rifle' }, seat: 1 }, true],
    ['a field set to undefined is no field', { seat: 1, hit: undefined }, { seat: 1 }, true],
    ['lists in the same order', { seats: [2, 0, 1] }, { seats: [2, 0, 1] }, true],
    ['an undefined in a list is null, as in JSON', [1, undefined], [1, null], true],
    ['lists in another order', { seats: [0, 1] }, { seats: [1, 0] }, false],
    ['a list one longer', [1, 2], [1, 2, 3], false],
    ['one more field', { seat: 1 }, { seat: 1, hit: true }, false],
    ['one field fewer', { seat: 1, hit: true }, { seat: 1 }, false],
    ['a field with another value deep down', { a: { b: [{ c: 1 }] } }, { a: { b: [{ c: 2 }] } }, false],
    ['a number against its text', { n: 1 }, { n: '1' }, false],
    ['a list against an object', { a: [] }, { a: {} }, false],
    ['null against an object', { a: null }, { a: {} }, false],
  ])('%s', (_what, a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
    expect(sameJson(b, a)).toBe(same);
    // (what the server compared before: the JSON texts with sorted keys)
    const sorted = (v: unknown) =>
      JSON.stringify(v, (_k, x: unknown) =>
        x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([p], [q]) => (p < q ? -1 : 1))) : x,
      );
    expect(sorted(a) === sorted(b)).toBe(same);
  });
});
