import type { Seat } from '../core/game';
import type { Area, Colour, Noise } from './cards';

/** Draw the top of the deck, or public card 0–3 (you take the dealer token); then discard down to 3. */
export interface DrawIntent {
  type: 'draw';
  from: 'deck' | number;
}
/** After a Draw: the one card (of 4) you throw away. */
export interface DiscardIntent {
  type: 'discard';
  cards: string[];
}
/** Discard one or more Booty cards for $10 each from the bank, then draw back to 3. */
export interface CashLootIntent {
  type: 'cashLoot';
  cards: string[];
}
/** Take a gun from the table and point it at another player: "Do you feel lucky?" */
export interface ThreatenIntent {
  type: 'threaten';
  gun: Colour;
  target: Seat;
}
/**
 * The threatened player's answer: "You're bluffing!" or "Do you?" (a duel); holding three Law cards "I am the Law"
 * ('law'); holding three Wanted Alive cards, reveal them ('wanted'); holding an Escape on Horseback card, "See you!"
 * ('escape': `card` is the Escape card discarded, `target` the threatener's new target — absent in a 2-player game
 * and when the escaper is already the second target). Holding three Desperado cards: 'desperado' starts a Truel at
 * once with the threatener and `target`. After two escapes the THREATENER answers, 'bluffing' or 'duel'.
 */
export interface AnswerIntent {
  type: 'answer';
  call: 'bluffing' | 'duel' | 'law' | 'wanted' | 'escape' | 'desperado';
  card?: string;
  target?: Seat;
}
/** Wanted Alive as a Cash Loot action: discard three Wanted Alive cards and take another player's whole Bounty. */
export interface WantedIntent {
  type: 'wanted';
  cards: string[];
  target: Seat;
}
/**
 * A duel shot: grab a gun, name the area and the noise. With `gun: 'bottle'` only the area counts ("Crash!"); the
 * noise must be absent or 'crash'.
 */
export interface ShootIntent {
  type: 'shoot';
  gun: Colour | 'bottle';
  area: Area;
  noise?: Noise | 'crash';
  /** In a Mexican Standoff: who you shoot at (another player still in it). */
  target?: Seat;
  /**
   * The shooter's reaction (ms after "Go!") as the server's timing policy accepted it; absent, the time since "Go!"
   * of `now`. Set by the server only (a client's claim goes through the policy first, see docs/fair-races.md).
   */
  reactionMs?: number;
}
/** Mexican Standoff, "I don't think so!": discard a Standoff card, take a free gun, threaten the last threatener. */
export interface StandoffIntent {
  type: 'standoff';
  card: string;
  gun: Colour;
}
/** The Bottle's second use: hit the threatener while holding 3 cards of the threatening gun's colour. */
export interface CrashIntent {
  type: 'crash';
}

/** Desperado, holding three: "I have nothing to lose" — take two guns, threaten two players; a Truel follows at once. */
export interface DesperadoIntent {
  type: 'desperado';
  guns: Colour[];
  targets: Seat[];
}

export type SaloonIntent =
  StandoffIntent | DrawIntent | DiscardIntent | CashLootIntent | WantedIntent | DesperadoIntent | ThreatenIntent | AnswerIntent | ShootIntent | CrashIntent;

export const INTENT_TYPES: readonly SaloonIntent['type'][] = [
  'draw',
  'discard',
  'cashLoot',
  'wanted',
  'threaten',
  'desperado',
  'standoff',
  'answer',
  'shoot',
  'crash',
];

/** Stable error codes. */
export const ERRORS = {
  GAME_OVER: 'GAME_OVER',
  NOT_SEATED: 'NOT_SEATED',
  UNKNOWN_INTENT: 'UNKNOWN_INTENT',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  NOT_NOW: 'NOT_NOW',
  ILLEGAL_CARD: 'ILLEGAL_CARD',
  BAD_TARGET: 'BAD_TARGET',
  GUN_TAKEN: 'GUN_TAKEN',
  BAD_SHOT: 'BAD_SHOT',
  BOTTLE_NOT_ALLOWED: 'BOTTLE_NOT_ALLOWED',
  TOO_EARLY: 'TOO_EARLY',
  LOCKED_OUT: 'LOCKED_OUT',
} as const;

/** Same intent, whatever the order of card lists and absent-vs-undefined fields. */
export function intentKey(i: SaloonIntent): string {
  const o = i as unknown as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return JSON.stringify(keys.map((k) => [k, Array.isArray(o[k]) ? [...(o[k] as unknown[])].map(String).sort() : o[k]]));
}
