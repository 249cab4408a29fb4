/**
 * The protocol's plain values, without zod (the browser imports these; the schemas that use them live in table.ts,
 * which the client needs only the types of).
 */

/** Quick chat: a fixed set of phrases and emotes (nothing to moderate; clients translate the ids). */
export const CHAT_PHRASES = ['howdy', 'draw', 'nice_shot', 'bluffing', 'good_game', 'oops', 'tip_hat', 'laugh', 'angry', 'skull'] as const;
export type ChatPhrase = (typeof CHAT_PHRASES)[number];

/** How well (Duel, Rattlesnake) or how quick (Saloon) a table's bots play: the table option `botLevel`. */
export const BOT_LEVELS = ['easy', 'normal', 'hard'] as const;
/** The level of a table whose creator chose none (and the lobby's first choice). */
export const DEFAULT_BOT_LEVEL = 'normal' satisfies (typeof BOT_LEVELS)[number];

/** Longest name a create or join call may carry before it is cleaned (the server then allows 20 graphemes). */
export const NAME_MAX_CHARS = 200;

/** The device id a browser keeps (localStorage): how a kicked player is known when they try to come back. */
export const DEVICE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
