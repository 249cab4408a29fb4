import { ArraySchema, Schema, type, view } from '@colyseus/schema';
// Before any state is encoded: the library's 255-byte strings (schema-strings.ts).
import './schema-strings';

/** A chair at the table. Public: everyone sees who sits where. */
export class SeatState extends Schema {
  @type('string') name = '';
  /** 'open' (waiting for a player), 'human' or 'bot'. */
  @type('string') kind = 'open';
  /** Colyseus session of the human in this seat ('' for open seats and bots); lets a client find its own seat. */
  @type('string') sessionId = '';
  @type('boolean') connected = false;
  /** Missed two decisions in a row: a bot plays for this human until they act again. */
  @type('boolean') away = false;
  /** After a game: asked for a rematch. */
  @type('boolean') ready = false;
}

/** A seat's own events of the last change (engine core/event-batch.ts): only that seat receives them. */
export class SeatEventsState extends Schema {
  @view() @type('string') events = '';
}

/** Lifecycle fields shared by every game's table. A game's own state sits under `board`. */
export class TableState extends Schema {
  @type('string') code = '';
  @type('string') game = '';
  /** 'waiting' for players, 'playing', or 'over'. */
  @type('string') status = 'waiting';
  @type([SeatState]) seats = new ArraySchema<SeatState>();
  /** Seat of the host (the table's creator), -1 when none. */
  @type('number') host = -1;
  /** Seats whose decision the game waits for. */
  @type(['number']) pending = new ArraySchema<number>();
  /** Server time (ms since epoch) when the current countdown runs out; 0 = no countdown. */
  @type('number') deadline = 0;
  /** Seconds per decision, 0 = no timer. */
  @type('number') turnSeconds = 0;
  /** Seconds a dropped player's seat waits for them before a bot plays it (a table option). */
  @type('number') graceSeconds = 0;
  @type('number') spectators = 0;
  @type(['number']) winners = new ArraySchema<number>();
  /**
   * What happened at the last change, riding in the patch that shows it (engine core/event-batch.ts): the public
   * events here, each seat's own in `seatEvents` (one per seat, each only in that seat's view).
   */
  @type('string') events = '';
  @type([SeatEventsState]) seatEvents = new ArraySchema<SeatEventsState>();
}

/** Makes `target` equal `values` with the fewest changes, so only real differences are patched. */
export function syncArray<T>(target: ArraySchema<T>, values: readonly T[]): void {
  for (let i = 0; i < values.length; i++) {
    if (i >= target.length) target.push(values[i]);
    else if (target[i] !== values[i]) target[i] = values[i];
  }
  while (target.length > values.length) target.pop();
}
