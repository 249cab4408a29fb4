/**
 * A refused create, join or move in words: the server's codes (engine protocol/errors.ts) and Colyseus' own. The first
 * page needs them without the connection's code (net.ts).
 */
import { isErrorCode } from '@tumbleweed/engine/protocol/errors';
import { language, t } from './i18n';

/** Colyseus "room not found" (join by id of a table that is not open). */
const INVALID_ROOM_ID = 4212;

const errCode = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;
const errMessage = (err: unknown): string => {
  const m = (err as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : String(err);
};
/** The table does not exist (any more). */
export function isGone(err: unknown): boolean {
  return errCode(err) === INVALID_ROOM_ID || /not found|disposed/i.test(errMessage(err));
}
/** Every seat is taken (TABLE_FULL). */
export function isFull(err: unknown): boolean {
  return /^TABLE_FULL:/.test(errMessage(err));
}
/**
 * A matchmaking request that failed below HTTP, as colyseus.js passes it on: httpie's XMLHttpRequest event (`error`,
 * or `timeout` past the page's limit, net.ts), marked with a boolean `timeout`. It read "[object ProgressEvent]".
 */
const isRequestEvent = (err: unknown): boolean => typeof (err as { timeout?: unknown } | null)?.timeout === 'boolean';

/** No answer from the server at all. */
export function isUnreachable(err: unknown): boolean {
  const message = errMessage(err);
  return err instanceof TypeError || isRequestEvent(err) || /fetch|network|websocket|ECONNREFUSED|failed|xhr|offline/i.test(message) || errCode(err) === 0;
}

/** Turns a refused create/join into a sentence for people, in their language. */
export function humanError(err: unknown, code?: string): string {
  const message = errMessage(err);
  if (isGone(err)) return code ? t('errors.gone_code', { code }) : t('errors.gone');
  if (isFull(err)) return t('errors.full');
  const m = /^([A-Z_]+): (.*)$/s.exec(message);
  if (m) return knownError(m[1]) ?? m[2];
  if (isUnreachable(err)) return t('errors.unreachable');
  return message || t('errors.unknown');
}

/** Our words for a server error code (protocol/errors.ts), or null for a string that is none of ours. */
export function knownError(code: unknown): string | null {
  return isErrorCode(code) ? t(`errors.${code}`) : null;
}

/**
 * The sentence for an `error` message (`{ code, message }`) the table sent back. The server words its messages in
 * English, often more precisely than a code can ("You have no Rifle in hand."): English players read them as sent,
 * others read our words for the code.
 */
export function refusalText(payload: unknown): string {
  const p = payload as { code?: unknown; message?: unknown } | null;
  const message = typeof p?.message === 'string' && p.message ? p.message : null;
  if (message && language() === 'en') return message;
  const known = knownError(p?.code);
  return known ?? message ?? t('errors.refused');
}
