/**
 * What every part of the table page reads: the session and its room (which changes after a reconnection, so always
 * read through the accessors), my seat, the game's UI once mounted, and where the connection stands.
 */
import type { GameUi } from '../games';
import type { Session, TableRoom } from '../net';
import { list, seatName, type SeatLike, type TableStateLike } from '../state';

/** Seat fields for table life (reconnection, AFK, rematch), beside the basic ones. */
export type LiveSeat = SeatLike & { away?: boolean; ready?: boolean };

/** Where the connection stands: written by reconnect.ts, read by the status bar, the seats and the end screen. */
export interface Connection {
  /** Reconnecting after a drop, and which try this is. */
  reconnecting: boolean;
  reconnectTry: number;
  /** The server closed us with 1001 ("going away"): a graceful restart; the next process resumes the table. */
  serverRestart: boolean;
  /** The table is gone for good (the message shown in the end screen). */
  closed: string | null;
}

export interface TableView {
  readonly session: Session;
  /** The TV view: the public table alone, for a shared screen (no move buttons, chat or host controls). */
  readonly tv: boolean;
  room(): TableRoom;
  state(): TableStateLike;
  /** My seat, or -1 when watching. */
  mySeat(): number;
  name(seat: number): string;
  seatAt(seat: number): LiveSeat | undefined;
  /** The game's own UI (scene, action bar, words), once mounted; null for a game this client cannot show. */
  ui: GameUi | null;
  readonly conn: Connection;
}

export function tableView(session: Session, tv: boolean): TableView {
  const room = () => session.room;
  const state = (): TableStateLike => room().state;
  return {
    session,
    tv,
    room,
    state,
    mySeat: () => list(state().seats).findIndex((s) => s.sessionId === room().sessionId),
    name: (seat) => seatName(state(), seat),
    seatAt: (seat) => list(state().seats)[seat] as LiveSeat | undefined,
    ui: null,
    conn: { reconnecting: false, reconnectTry: 0, serverRestart: false, closed: null },
  };
}
