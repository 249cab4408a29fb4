/**
 * The table this tab sits at, without the connection's code: which session is live, and what `sessionStorage` keeps
 * to take the seat back after a refresh. The first page (main.ts, lobby.ts) reads it; net.ts, loaded with the first
 * create or join, makes the sessions.
 */
import { forgetSeat } from './kept-seats';
import type { Session } from './net';

/**
 * The connection's code (colyseus.js, the state's schema, the event decoder, every game's views): loaded with the first
 * create, join or resume, and fetched once the first page is drawn (main.ts) so that a click does not wait for it.
 */
export const loadNet = () => import('./net');

/** The table log of this tab (events), kept so a reload shows it again. */
export const LOG_KEY = 'tumbleweed:log';

/** What this tab needs to get its seat back after a drop or a refresh (kept in `sessionStorage`: one per tab). */
export interface StoredSession {
  code: string;
  game: string;
  reconnectionToken: string;
  /** From the server's `welcome`: takes the seat back from the bot after the grace period. */
  seatToken: string;
  name?: string;
  spectate: boolean;
  /** The table's grace period (seconds): how long reconnecting is worth trying. */
  graceSeconds?: number;
}

const STORE_KEY = 'tumbleweed:table';

export function storedSession(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    const s = raw ? (JSON.parse(raw) as StoredSession) : null;
    return s && typeof s.code === 'string' && typeof s.reconnectionToken === 'string' ? s : null;
  } catch {
    return null;
  }
}
/** Keeps (or, with null, forgets) what this tab needs to get its seat back. */
export function store(s: StoredSession | null): void {
  try {
    if (s) sessionStorage.setItem(STORE_KEY, JSON.stringify(s));
    else sessionStorage.removeItem(STORE_KEY);
  } catch {
    // storage off: no reconnection after a refresh
  }
}
export const forgetSession = (): void => {
  store(null);
  try {
    sessionStorage.removeItem(LOG_KEY);
  } catch {
    // storage off
  }
};

let session: Session | null = null;
/** The one table this tab sits at (or watches), if any. */
export const current = (): Session | null => session;
/** Makes `s` the live session (net.ts, after a create, a join or a resume). */
export function setCurrent(s: Session): Session {
  return (session = s);
}

/** Leaves the live table with a goodbye (the seat is freed at once) and forgets it. */
export async function leaveTable(): Promise<void> {
  const s = session;
  session = null;
  forgetSession();
  if (s) forgetSeat(s.code);
  if (s) {
    try {
      await s.room.leave(true);
    } catch {
      // already gone
    }
  }
}

/** Forgets the table without a goodbye (it is already gone, or we were kicked). */
export function dropSession(): void {
  // (the device keeps its seat, kept-seats.ts: given up on, it is the bot's until the player opens the link again;
  // taken from another tab of this device, that tab keeps it)
  session = null;
  forgetSession();
}
