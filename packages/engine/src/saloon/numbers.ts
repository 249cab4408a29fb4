/**
 * Saloon Showdown's numbers, in one place: the money (starting Loot and Bounty, stakes, rewards, the $130 end), the
 * clock (the "Go!" delay, the false-start floor, the misfire lock-out, a race's limit, the threat and Standoff
 * windows), the Standoff's and the Wind's payouts, and the table options' defaults. Every other rules file reads
 * its numbers from here; nothing here does anything.
 */
import type { SaloonOptions } from './state';

export const START_LOOT = 20;
export const START_BOUNTY = 20;
export const BOUNTY_RESET = 20;
export const BOOTY_VALUE = 10;
export const BLUFF_STAKE = 20;
export const ROULETTE_STAKE = 20;
export const BOTTLE_REWARD = 20;
export const DUEL_BOUNTY_RAISE = 10;
/** Escape on Horseback: the card discarded is replaced by this many from the deck. */
export const ESCAPE_DRAW = 1;
export const END_LOOT = 130;
export const END_WOUNDS = 3;
/** Hands are swapped, then "Go!" this long after (no randomness: the same for everyone). */
export const GO_DELAY_MS = 1500;
/**
 * A shot sooner than this after "Go!" is a false start: a misfire whatever the cards say (no person reads three
 * cards and fires that quickly; the fastest human reactions to a signal are about 100 ms).
 */
export const FALSE_START_MS = 100;
/** A misfire locks the shooter out this long. */
export const MISFIRE_LOCK_MS = 2000;
/** A duel nobody wins this long after "Go!" is abandoned without a winner. */
export const DUEL_LIMIT_MS = 20_000;
export const DEFAULT_THREAT_SECONDS = 10;
/** Mexican Standoff: the response window that reopens after each "I don't think so!". */
export const STANDOFF_WINDOW_MS = 5000;
/** Mexican Standoff: the amount the winner takes from each other player's Bounty, and its own Bounty raise. */
export const STANDOFF_TAKE = 10;
export const STANDOFF_BOUNTY_RAISE = 10;
/** Mexican Standoff: cards the Judge flips. */
export const STANDOFF_FLIP = 3;
/** What the Wind Brings: Hail of Bullets pays the most Bullets, the Heist pays per Booty, the Turkey pays both. */
export const WIND_HAIL = 20;
export const WIND_HEIST = 10;
export const WIND_TURKEY = 10;
/** Players at a table. */
export const SEAT_RANGE = { min: 2, max: 6 } as const;
export const MIN_THREAT_SECONDS = 3;
export const MAX_THREAT_SECONDS = 60;

export const DEFAULT_OPTIONS: SaloonOptions = { threatSeconds: DEFAULT_THREAT_SECONDS, simplified: false, russianRoulette: false, wind: false };
