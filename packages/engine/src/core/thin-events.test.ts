import { EventBatchReader, readTableEvents, writeEventBatch } from './event-batch';
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
