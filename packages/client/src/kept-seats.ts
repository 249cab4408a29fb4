/**
 * The seats this device sits at, by table code (localStorage): a player whose tab is gone — closed, or dropped by a
 * phone in the background — opens the table's link again in a new tab and joins with the seat's token, so the table
 * gives the seat back (from the bot if the grace period is over). The tab's own `sessionStorage` (session-store.ts)
 * took it back only in that tab: a new one was refused ("Every seat is taken") and the bot played on (a reviewer on a
 * phone). The server gives a seat back only while nobody is connected at it, so a second tab of this device at the
 * table still takes an open seat of its own.
 */
import { readShelf, writeShelf } from './shelf';

const KEY = 'tumbleweed.seats';
/** A table lasts an evening: a seat is forgotten after this, or once left with "Leave". */
const REMEMBER_MS = 24 * 3600 * 1000;
/** The most tables remembered on one device (the oldest go first). */
const MAX_TABLES = 20;

/** This device sits at table `code` with seat token `token` (the latest the table gave). */
export function keepSeat(code: string, token: string, now = Date.now()): void {
  writeShelf(KEY, { ...readShelf(KEY), [code]: { token, at: now } }, now, REMEMBER_MS, MAX_TABLES);
}

/** The seat token this device holds for table `code`, if any. */
export function keptSeat(code: string, now = Date.now()): string | undefined {
  const s = readShelf(KEY)[code];
  return s && typeof s.token === 'string' && now - s.at < REMEMBER_MS ? s.token : undefined;
}

/** The player left table `code` (or was removed): its seat is not this device's any more. */
export function forgetSeat(code: string, now = Date.now()): void {
  const all = readShelf(KEY);
  delete all[code];
  writeShelf(KEY, all, now, REMEMBER_MS, MAX_TABLES);
}
