/** Everything a seat can ask for. Card fields are card ids (see cards.ts). */
export interface BuyIntent {
  type: 'buy';
  /** An action card in the saloon row. */
  cardId: string;
  /** Cards from your hand to discard as the price: 2, or 1 under Last Call. Hits allowed. */
  discard: string[];
}
export interface AttackIntent {
  type: 'attack';
}
export interface CommitIntent {
  type: 'commit';
  /** Face-down cards from your hand: at least 1 for the attacker, any number (0 too) for the defender. */
  cards: string[];
}
export type SwitchUpMode = 'swap' | 'draw';
export type QuickDrawMode = 'again' | 'refill';
/**
 * Use a card's ability from your hand (the card goes to the graveyard). Fields by ability:
 *  reload, scout, take-cover (never: use `cover`), dodge-n-shoot, disarm, double-tap: none
 *  focus: target (one of your revealed action cards), value 1–5
 *  distract: target (any revealed action card), delta +1 | −1
 *  switch-up: mode 'swap' + take (a graveyard card id) | mode 'draw'
 *  quick-draw: mode 'again' (after resolving an attack as attacker) | 'refill' (your turn, outside an attack)
 */
export interface AbilityIntent {
  type: 'ability';
  cardId: string;
  target?: string;
  value?: number;
  delta?: 1 | -1;
  mode?: SwitchUpMode | QuickDrawMode;
  take?: string;
}
/** After your Scout: which of the 2 drawn cards goes back on top of your deck. */
export interface PutBackIntent {
  type: 'putBack';
  cardId: string;
}
/** Answer to the opponent's ability: cancel it with a Take Cover from your hand … */
export interface CoverIntent {
  type: 'cover';
  cardId: string;
}
/** … or let it happen. */
export interface AllowIntent {
  type: 'allow';
}
/** Ability window: pass (two passes in a row resolve the attack). After an attack: done with Double Tap / Quick Draw. */
export interface PassIntent {
  type: 'pass';
}
export interface EndTurnIntent {
  type: 'endTurn';
}

export type RattlesnakeIntent =
  BuyIntent | AttackIntent | CommitIntent | AbilityIntent | PutBackIntent | CoverIntent | AllowIntent | PassIntent | EndTurnIntent;

export const INTENT_TYPES: readonly RattlesnakeIntent['type'][] = ['buy', 'attack', 'commit', 'ability', 'putBack', 'cover', 'allow', 'pass', 'endTurn'];

/** Stable error codes. */
export const ERRORS = {
  GAME_OVER: 'GAME_OVER',
  NOT_SEATED: 'NOT_SEATED',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  NOT_NOW: 'NOT_NOW',
  UNKNOWN_INTENT: 'UNKNOWN_INTENT',
  ILLEGAL_CARD: 'ILLEGAL_CARD',
  BAD_TARGET: 'BAD_TARGET',
  CANNOT_AFFORD: 'CANNOT_AFFORD',
  NOTHING_PENDING: 'NOTHING_PENDING',
} as const;

/** Same intent, whatever the order of card lists and absent-vs-undefined fields. */
export function intentKey(i: RattlesnakeIntent): string {
  const o = i as unknown as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return JSON.stringify(keys.map((k) => [k, Array.isArray(o[k]) ? [...(o[k] as unknown[])].map(String).sort() : o[k]]));
}
