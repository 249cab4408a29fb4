import { eventCodec, type EventCodec } from '../protocol/event-codec';
import { eventsFor, type GameEvent } from './game';
import { fillEvents } from './replay';

/**
 * Events ride in the patch that shows them (issue 16): one message per change instead of an `events` message and a
 * patch. The server writes each change's events (a batch, numbered) into two synced strings: the public ones into a
 * field everyone receives, and each seat's own (those addressed `to` it) into a field only that seat receives, with
 * their positions among the events that seat may see. A client rebuilds its list from both: exactly what `eventsFor`
 * gives its seat (a spectator: the public ones).
 *
 * Text: public `[batch, [event, …]]`; a seat's `[batch, [[position, event], …]]`. A field is written only when its
 * batch has events for it, so a batch number newer than a field's means "nothing for you there". Given the game, each
 * event is written positionally (a Saloon `drew`: `[14,0,1]`, protocol/event-codec.ts), and read back with the same
 * game.
 */
export interface EventBatchTexts {
  /** The public field's new text, or null: unchanged (no public event in this batch). */
  public: string | null;
  /** Per seat, its field's new text, or null: unchanged. */
  seats: (string | null)[];
}

export function writeEventBatch(batch: number, events: readonly GameEvent[], seats: number, game?: string): EventBatchTexts {
  const codec = eventCodec(game);
  const encode = (e: GameEvent, open = false): unknown => (codec ? codec.encode(e, open) : e);
  const pub = events.filter((e) => !e.to).map((e) => encode(e, true));
  const own: (string | null)[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const mine: [number, unknown][] = [];
    let position = 0;
    for (const e of events) {
      if (!e.to) position++;
      else if (e.to.includes(seat)) mine.push([position++, encode(eventsFor([e], seat)[0]!)]);
    }
    own.push(mine.length ? JSON.stringify([batch, mine]) : null);
  }
  return { public: pub.length ? JSON.stringify([batch, pub]) : null, seats: own };
}

type PublicBatch = [number, unknown[]];
type SeatBatch = [number, [number, unknown][]];

function parse<T extends [number, unknown[]]>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) && typeof v[0] === 'number' && Array.isArray(v[1]) ? (v as T) : null;
  } catch {
    return null;
  }
}

/**
 * A client's side: reads the two fields after each patch and returns the events of a batch it has not seen yet.
 * The first state it reads (a join, a reconnection) only sets where it starts: that batch happened before it came
 * (the server sends a joining client what happens during its join as an `events` message).
 */
export class EventBatchReader {
  private last: number | null = null;

  /**
   * `mine`: the seat's field(s) this client receives (only its own is ever filled; others read as ''). `game`: the
   * table's game, whose layouts read positional events (without it, only events written as objects read back).
   */
  read(publicText: string | null | undefined, mine: Iterable<string | null | undefined>, game?: string): GameEvent[] {
    const pub = parse<PublicBatch>(publicText);
    let own: SeatBatch | null = null;
    for (const text of mine) {
      const b = parse<SeatBatch>(text);
      if (b && (!own || b[0] > own[0])) own = b;
    }
    // Batches are numbered from 1: 0 is "none yet".
    const newest = Math.max(pub?.[0] ?? 0, own?.[0] ?? 0);
    if (this.last === null || newest <= this.last) {
      this.last = Math.max(this.last ?? 0, newest);
      return [];
    }
    this.last = newest;
    const shared = pub && pub[0] === newest ? pub[1] : [];
    const privateOnes = own && own[0] === newest ? own[1] : [];
    const codec: EventCodec | null = eventCodec(game);
    const decode = (item: unknown): GameEvent => (codec ? codec.decode(item) : (item as GameEvent));
    const out: GameEvent[] = [];
    let s = 0;
    let p = 0;
    while (s < shared.length || p < privateOnes.length) {
      if (p < privateOnes.length && privateOnes[p]![0] === out.length) out.push(decode(privateOnes[p++]![1]));
      else if (s < shared.length) out.push(decode(shared[s++]));
      else out.push(decode(privateOnes[p++]![1]));
    }
    return out;
  }
}

/** The synced fields a table's state carries its events in (the server's TableState). */
export interface EventFieldsLike {
  events?: string;
  seatEvents?: Iterable<{ events?: string }>;
  /** The game and its synced board: thin events are filled in from the board the same patch brought. */
  game?: string;
  board?: unknown;
}

/** What of a colyseus.js room `onTableEvents` uses. */
export interface EventRoomLike {
  state?: unknown;
  onMessage(type: 'events', cb: (events: GameEvent[]) => void): unknown;
  onStateChange(cb: (state: EventFieldsLike) => void): unknown;
}

/** A reader for a room: when the room's first state is already there, it starts after that state's batch. */
function eventReaderFor(state: unknown): EventBatchReader {
  const reader = new EventBatchReader();
  const fields = state as EventFieldsLike | undefined;
  // (a state whose seats arrived is a full state: every table has a seat)
  const seats = fields?.seatEvents ? [...fields.seatEvents].length : 0;
  if (seats > 0) readTableEvents(reader, fields!);
  return reader;
}

/** The events a state's fields carry for this client: new ones since the last call of the reader. */
export function readTableEvents(reader: EventBatchReader, state: EventFieldsLike): GameEvent[] {
  const mine: string[] = [];
  for (const s of state.seatEvents ?? []) mine.push(s.events ?? '');
  const events = reader.read(state.events, mine, state.game);
  if (events.length === 0 || !state.game) return events;
  // A client receives its own seat's field alone: the one that holds something is this client's seat.
  const seat = mine.findIndex((text) => text !== '');
  return fillEvents(state.game, events, state.board, seat >= 0 ? seat : null);
}

/**
 * Calls `cb` with every group of events a client's room receives: those riding in a patch (before the listeners
 * registered after this one see the state), and those sent while it was joining, as an `events` message.
 */
export function onTableEvents(room: EventRoomLike, cb: (events: GameEvent[]) => void): void {
  const reader = eventReaderFor(room.state);
  room.onMessage('events', (events) => {
    if (Array.isArray(events) && events.length) cb(events);
  });
  room.onStateChange((state) => {
    const events = readTableEvents(reader, state);
    if (events.length) cb(events);
  });
}
