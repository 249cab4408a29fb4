import { Client, type Room } from 'colyseus.js';
import type { TableStateLike } from './state';

/** The server serves this page, so it lives on the same origin; `vite dev` points at a separately started server. */
function endpoint(): string {
  const secure = location.protocol === 'https:';
  const configured = import.meta.env.VITE_SERVER_URL as string | undefined;
  if (configured) return configured;
  if (import.meta.env.DEV) return `${secure ? 'wss' : 'ws'}://${location.hostname}:2567`;
  return `${secure ? 'wss' : 'ws'}://${location.host}`;
}

let client: Client | null = null;
export function colyseus(): Client {
  client ??= new Client(endpoint());
  return client;
}

export type TableRoom = Room<TableStateLike>;

export type RoomMessage = { kind: 'events'; payload: unknown } | { kind: 'error'; payload: unknown };

/**
 * The one table this tab sits at (or watches). Message handlers are registered the moment the join resolves
 * and messages are kept until the table page listens, so nothing sent right after joining is lost.
 * Reconnection after a refresh is a later feature.
 */
export class Session {
  readonly code: string;
  private backlog: RoomMessage[] = [];
  private listener: ((m: RoomMessage) => void) | null = null;

  constructor(
    readonly room: TableRoom,
    readonly game: string,
  ) {
    this.code = room.roomId;
    room.onMessage('events', (payload: unknown) => this.deliver({ kind: 'events', payload }));
    room.onMessage('error', (payload: unknown) => this.deliver({ kind: 'error', payload }));
  }

  private deliver(m: RoomMessage): void {
    if (this.listener) this.listener(m);
    else this.backlog.push(m);
  }

  listen(fn: (m: RoomMessage) => void): () => void {
    this.listener = fn;
    for (const m of this.backlog.splice(0)) fn(m);
    return () => {
      if (this.listener === fn) this.listener = null;
    };
  }
}

let session: Session | null = null;
export const current = (): Session | null => session;

export interface CreateRequest {
  game: string;
  name?: string;
  seats: number;
  bots: number;
  options: Record<string, unknown>;
}

export async function createTable(req: CreateRequest): Promise<Session> {
  const room = await colyseus().create<TableStateLike>(req.game, {
    name: req.name,
    seats: req.seats,
    bots: req.bots,
    options: req.options,
  });
  return (session = new Session(room, req.game));
}

export async function joinTable(code: string, name: string | undefined, spectate: boolean): Promise<Session> {
  const room = await colyseus().joinById<TableStateLike>(code, spectate ? { name, spectate: true } : { name });
  return (session = new Session(room, room.name));
}

export async function leaveTable(): Promise<void> {
  const s = session;
  session = null;
  if (s) {
    try {
      await s.room.leave(true);
    } catch {
      // already gone
    }
  }
}

/** Colyseus "room not found" (join by id of a table that is not open). */
const INVALID_ROOM_ID = 4212;

/** Turns a refused create/join into a sentence for people. */
export function humanError(err: unknown, code?: string): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (e?.code === INVALID_ROOM_ID || /not found/i.test(message)) {
    return code ? `No table with code ${code} is open. Check the code with whoever invited you.` : 'That table is not open any more.';
  }
  const m = /^([A-Z_]+): (.*)$/s.exec(message);
  if (m) {
    const [, stable, text] = m;
    if (stable === 'TABLE_FULL') return 'Every seat at this table is taken — you can still watch.';
    return text;
  }
  if (/fetch|network|websocket|ECONNREFUSED|failed/i.test(message) || err instanceof TypeError) {
    return 'Cannot reach the Tumbleweed server. Check your connection and try again.';
  }
  return message || 'Something went wrong. Please try again.';
}
