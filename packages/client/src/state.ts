import type { TableStatus } from '@tumbleweed/engine';
import { t } from './i18n';

/**
 * The shape of `room.state` as colyseus.js decodes it (by reflection, so untyped). Mirrors the server's
 * TableState; each game adds its own `board`. Arrays arrive as ArraySchema: iterable, with `length`.
 */
export interface List<T> extends Iterable<T> {
  readonly length: number;
  readonly [index: number]: T;
}

export interface SeatLike {
  name: string;
  /** A `SeatKind` ('open' | 'human' | 'bot'); a string, as a downloaded log's seats are read. */
  kind: string;
  sessionId: string;
  connected: boolean;
}

export interface TableStateLike<B = unknown> {
  code: string;
  game: string;
  status: TableStatus;
  seats: List<SeatLike>;
  host: number;
  pending: List<number>;
  deadline: number;
  turnSeconds: number;
  /** Seconds a dropped player's seat waits before a bot plays it. */
  graceSeconds?: number;
  spectators: number;
  winners: List<number>;
  board: B;
  /** The last change's events (engine core/event-batch.ts: read with `onTableEvents`), public and this seat's own. */
  events?: string;
  seatEvents?: List<{ events?: string }>;
}

export function list<T>(xs: List<T> | undefined | null): T[] {
  return xs ? Array.from(xs) : [];
}

export function seatName(state: TableStateLike, seat: number): string {
  const s = state?.seats?.[seat];
  return s?.name || t('seatName', { n: seat + 1 });
}
