/**
 * The seats this device sits at, by table code (localStorage): a player whose tab is gone — closed, or dropped by a
 * phone in the background — opens the table's link again in a new tab and joins with the seat's token, so the table
 * gives the seat back (from the bot if the grace period is over). The tab's own `sessionStorage` (session-store.ts)
 * took it back only in that tab: a new one was refused ("Every seat is taken") and the bot played on (a reviewer on a
 * phone). The server gives a seat back only while nobody is connected at it, so a second tab of this device at the
 * table still takes an open seat of its own.
 */
const KEY = 'tumbleweed.seats';
/** A table lasts an evening: a seat is forgotten after this, or once left with "Leave". */
const REMEMBER_MS = 24 * 3600 * 1000;
/** The most tables remembered on one device (the oldest go first). */
const MAX_TABLES = 20;

type Kept = Record<string, { token: string; at: number }>;

function read(): Kept {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Kept) : {};
  } catch {
    return {};
  }
}

function write(all: Kept, now: number): void {
  const kept = Object.entries(all)
    .filter(([, s]) => s && typeof s.token === 'string' && now - s.at < REMEMBER_MS)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, MAX_TABLES);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // (private mode or a full storage: only this tab can take the seat back)
  }
}

/** This device sits at table `code` with seat token `token` (the latest the table gave). */
export function keepSeat(code: string, token: string, now = Date.now()): void {
  write({ ...read(), [code]: { token, at: now } }, now);
}

/** The seat token this device holds for table `code`, if any. */
export function keptSeat(code: string, now = Date.now()): string | undefined {
  const s = read()[code];
  return s && typeof s.token === 'string' && now - s.at < REMEMBER_MS ? s.token : undefined;
}

/** The player left table `code` (or was removed): its seat is not this device's any more. */
export function forgetSeat(code: string, now = Date.now()): void {
  const all = read();
  delete all[code];
  write(all, now);
}
