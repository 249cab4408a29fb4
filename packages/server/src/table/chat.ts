/** Quick chat: a fixed set of phrases and emotes (nothing to moderate; clients translate the ids), one line per client every CHAT_INTERVAL_MS. */

export { CHAT_PHRASES, type ChatPhrase } from '@tumbleweed/engine';

/** One chat line per client per this many ms. */
export const CHAT_INTERVAL_MS = 2000;

/** The rate limit: when each connection last chatted. */
export class ChatLimit {
  private last = new Map<string, number>();

  /** Whether `session` may chat at `now`; when it may, the line counts from now. */
  allow(session: string, now: number): boolean {
    if (now - (this.last.get(session) ?? 0) < CHAT_INTERVAL_MS) return false;
    this.last.set(session, now);
    return true;
  }

  forget(session: string): void {
    this.last.delete(session);
  }
}
