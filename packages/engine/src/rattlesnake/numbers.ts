/**
 * Rattlesnake's numbers, in one place: the seats, the cards each ability draws, and the stalemate rule's count.
 * Every other rules file reads its numbers from here; nothing here does anything.
 */
export const SEATS = 2;
/** Cards drawn by each ability. */
export const RELOAD_DRAW = 3;
export const SCOUT_DRAW = 2;
export const SWITCH_UP_DRAW = 2;
export const QUICK_DRAW_REFILL = 6;
export const QUICK_DRAW_AGAIN = 1;
/**
 * Decision (every game ends): after this many turns in a row without anyone taking a Hit, the player starting the
 * next turn takes one. Odd, so that a long stalemate costs each side in turn.
 */
export const STALEMATE_TURNS = 15;
