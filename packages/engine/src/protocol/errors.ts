/**
 * Every error code a player's client can be sent, in one place: the games' rules (an `error` message after an
 * intent), the table (an `error` message after a `table`, `clock` or unknown message), a refused create or join
 * (`CODE: message`), the HTTP routes (`{ code, message }`), and the replay of a game log. `ErrorCode` is their union:
 * `EngineError.code` and the server's refusals are typed by it, so a misspelt code does not compile, and the
 * client's dictionaries must word every one of them (`errors` in packages/client/src/i18n/{en,pt-BR}/common.ts).
 * A code may be in several groups (NOT_NOW: a rule and a table action; RATE_LIMITED: the socket and HTTP).
 */

/** The games' rules refuse an intent or an option (engine `apply`, `options`). */
export const RULE_ERRORS = [
  'GAME_OVER',
  'NOT_SEATED',
  'NOT_YOUR_TURN',
  'NOT_NOW',
  'UNKNOWN_INTENT',
  'ILLEGAL_CARD',
  'BAD_TARGET',
  'ILLEGAL_TARGET',
  'NEED_TARGET',
  'CANNOT_AFFORD',
  'NOTHING_PENDING',
  'GUN_TAKEN',
  'BAD_SHOT',
  'BOTTLE_NOT_ALLOWED',
  'TOO_EARLY',
  'LOCKED_OUT',
  'BAD_OPTION',
  'BAD_OPTIONS',
] as const;

/** The table refuses a message on the socket (an `error` message). */
export const TABLE_ERRORS = [
  'BAD_MESSAGE',
  'NOT_SEATED',
  'NOT_STARTED',
  'GAME_OVER',
  'NOT_HOST',
  'NOT_NOW',
  'BAD_SEAT',
  'TABLE_FULL',
  'RATE_LIMITED',
  'LOG_SENT',
  'SERVER_ERROR',
  'STEP_FAILED',
] as const;

/** A create or join call is refused (the client reads `CODE: message`). */
export const JOIN_ERRORS = ['BAD_OPTIONS', 'SEED_NOT_ALLOWED', 'TABLE_FULL', 'KICKED'] as const;

/** The HTTP routes (matchmaking, table lookup, kept games) refuse a request: JSON `{ code, message }`. */
export const HTTP_ERRORS = [
  'BAD_REQUEST',
  'BAD_JSON',
  'BAD_OPTIONS',
  'BAD_CODE',
  'NO_SUCH_TABLE',
  'NO_SUCH_GAME',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'FORBIDDEN',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'TIMEOUT',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'SHUTTING_DOWN',
  'SERVER_ERROR',
] as const;

/** Replaying a game log stops (engine core/replay.ts: the replay viewer, a restored table). */
export const LOG_ERRORS = ['NOT_A_LOG', 'UNKNOWN_GAME', 'BAD_SEATS', 'BAD_SEAT', 'SETUP_FAILED', 'STEP_FAILED'] as const;

export type RuleErrorCode = (typeof RULE_ERRORS)[number];
export type TableErrorCode = (typeof TABLE_ERRORS)[number];
export type JoinErrorCode = (typeof JOIN_ERRORS)[number];
export type HttpErrorCode = (typeof HTTP_ERRORS)[number];
export type LogErrorCode = (typeof LOG_ERRORS)[number];
/** Any code a client may be sent. */
export type ErrorCode = RuleErrorCode | TableErrorCode | JoinErrorCode | HttpErrorCode | LogErrorCode;

/** Every code once, in the order of the groups above. */
export const ERROR_CODES: readonly ErrorCode[] = [...new Set<ErrorCode>([...RULE_ERRORS, ...TABLE_ERRORS, ...JOIN_ERRORS, ...HTTP_ERRORS, ...LOG_ERRORS])];

const known: ReadonlySet<string> = new Set(ERROR_CODES);
/** Whether a string from the wire is one of our codes. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && known.has(code);
}
