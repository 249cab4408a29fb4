/**
 * The messages of a table, by name: what a client may send (`ClientMessages`) and what the server sends back
 * (`ServerMessages`), with the table's lifecycle values. The server's `client.send` and the client's `room.send` /
 * `room.onMessage` go through small typed helpers over these maps, so both ends read one definition.
 */
import type { GameEvent, Seat } from '../core/game';
import type { GameLogFile } from '../core/replay';
import type { ErrorCode } from './errors';
import type { ClientIntent } from './intents';
import type { ClockPing, TableAction } from './table';

/** Client → server: a game's intent (checked with its game's schema), table management, a clock ping. */
export interface ClientMessages {
  /** A timed intent (a race's shot) may carry the player's reaction, `reactionMs` (see `reactionSchema`). */
  intent: ClientIntent & { reactionMs?: number };
  table: TableAction;
  clock: ClockPing;
}
export type ClientMessageType = keyof ClientMessages;

/** A table's lifecycle (`status` in the synced table state). */
export const TABLE_STATUSES = ['waiting', 'playing', 'over'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];
/** Who sits in a seat (`kind` of a synced seat). */
export const SEAT_KINDS = ['open', 'human', 'bot'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

/** A refusal: the code (protocol/errors.ts) clients translate, and the server's English sentence. */
export interface ErrorMessage {
  code: ErrorCode;
  message: string;
}

/** A finished game's whole log (`table {action:'log'}`, `GET /api/games/:id/log`): what a replay needs. */
export interface GameLog extends GameLogFile {
  /** The game's id where it is kept (server persist/): its log is served once over. Empty when not kept. */
  id: string;
}

/** Server → client. */
export interface ServerMessages {
  /** After a player's join: their seat and the token that takes the seat back from a bot after a drop. */
  welcome: { seat: Seat; token: string };
  error: ErrorMessage;
  /** Events of the moments this client was still joining (afterwards they ride in the patch: core/event-batch.ts). */
  events: GameEvent[];
  /** As a client joins, before the events of its arrival: the table's last public events, the story so far. */
  history: GameEvent[];
  log: GameLog;
  /** The answer to a clock ping: the client's own time `c` back, and the server's `s` (ms). */
  clock: { c: number; s: number };
  /** A race's cards, sent a moment before "Go!", to be shown at `goAt` (server clock). */
  race: { goAt: number; cards: string[] };
}
export type ServerMessageType = keyof ServerMessages;
