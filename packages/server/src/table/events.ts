import { ClientState, type Client } from '@colyseus/core';
import { eventsFor, writeEventBatch, type GameEvent } from '@tumbleweed/engine';
import type { TableState } from '../table-state';
import type { SeatUser } from './seats';
import { sendTo } from './send';

/**
 * What happened, riding in the patch that shows it (issue 16; engine core/event-batch.ts): a change's events are
 * collected here and written into the state just before its patch, numbered as one batch — the public ones into
 * `state.events`, each seat's own into `state.seatEvents[seat]`, which only that seat's view holds. So each change
 * reaches a client as one message. A client still joining receives no patch before its full state: it gets what
 * happens meanwhile as an `events` message, which Colyseus delivers right after that state. Events whose fields the
 * state shows travel thin in the patch (engine core/replay.ts `thinEvents`), whole in a message; in the patch, each
 * event is an array of its fields in its schema's order (engine protocol/event-codec.ts). The current game's last public
 * events are kept too, for the clients that join later (`history`).
 */
export class TableEvents {
  /** How many of the last public events a newcomer is told (the client's log shows 80 lines). */
  static readonly HISTORY = 60;
  private batch: GameEvent[] = [];
  /** The current game's last public events (and those of the waiting before it), for newcomers: `history`. */
  private recent: GameEvent[] = [];
  private games = 0;
  private batches = 0;
  private flushQueued = false;

  constructor(
    private readonly clients: () => Iterable<Client<SeatUser>>,
    /** Sends a patch now (the room's broadcastPatch). */
    private readonly patch: () => void,
    /** The events as they go into the patch: thin where the state they ride with shows their fields (engine `thinEvents`). */
    private readonly thin: (events: readonly GameEvent[]) => GameEvent[] = (events) => [...events],
    /** The table's game: its events go positional in the patch (engine protocol/event-codec.ts). */
    private readonly game: () => string | undefined = () => undefined,
  ) {}

  /** Adds events to the change in progress; with no patch sent in this turn of the event loop, one goes at its end. */
  add(events: readonly GameEvent[]): void {
    if (events.length === 0) return;
    this.batch.push(...events);
    this.remember(events);
    for (const client of this.clients()) {
      if (client.state === ClientState.JOINED) continue;
      const visible = eventsFor(events, client.userData?.seat ?? null);
      if (visible.length > 0) sendTo(client, 'events', visible);
    }
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        this.patch();
      });
    }
  }

  /**
   * What happened so far that anyone may see: sent to a client as it joins, before the events of its own arrival,
   * so a page with no log of its own (a TV, a second device, a friend who comes to watch) shows the game's story.
   */
  history(): GameEvent[] {
    return [...this.recent];
  }

  /**
   * The story of a table rebuilt after a restart (table/restore.ts): its game's start and the public events of the
   * steps replayed from its log (who sat down when was not kept).
   */
  retell(events: readonly GameEvent[]): void {
    this.recent = [];
    this.games = 0;
    this.remember(events);
  }

  private remember(events: readonly GameEvent[]): void {
    for (const e of eventsFor(events, null)) {
      // A rematch starts the story again, as the players' logs do.
      if (e.type === 'game_started' && ++this.games > 1) this.recent = [];
      this.recent.push(e);
    }
    if (this.recent.length > TableEvents.HISTORY) this.recent.splice(0, this.recent.length - TableEvents.HISTORY);
  }

  /** Colyseus' `onBeforePatch`: the change's events into the state. */
  write(state: TableState): void {
    if (this.batch.length === 0) return;
    const texts = writeEventBatch(++this.batches, this.thin(this.batch), state.seats.length, this.game());
    this.batch = [];
    if (texts.public !== null) state.events = texts.public;
    texts.seats.forEach((text, seat) => {
      if (text !== null) state.seatEvents[seat]!.events = text;
    });
  }
}
