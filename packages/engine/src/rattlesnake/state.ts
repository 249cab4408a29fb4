import type { Seat } from '../core/game';
import type { RngState } from '../core/rng';
import type { Ability } from './cards';
import type { Combo } from './combos';

/** Rattlesnake has no table options of its own (the decision timer is the server's `turnSeconds`). */
export type RattlesnakeOptions = Record<string, never>;

export interface RattlesnakePlayer {
  /** Face down; index 0 is the top card. Secret (only the count is public). */
  deck: string[];
  /** Secret to the opponent. */
  hand: string[];
  /** Face up; the last card is on top. Public. */
  discard: string[];
  /** Hit cards still in front of the player. Public. */
  hits: string[];
  /** Cards played face down in the current attack (null = has not committed). Secret until the reveal, then public. */
  committed: string[] | null;
  /** The card this player put back on top of their deck with Scout, while it is still there. Secret to the opponent. */
  knownTop?: string | null;
}

/**
 * Where the game waits. The turn's active player holds the pistol.
 *  - main: the active player may buy, attack, use an out-of-attack ability, or end the turn
 *  - attackerCommit / defenderCommit: the face-down plays
 *  - window: the ability window after the reveal; `turn` decides, `passes` counts passes in a row
 *  - after: the attacker's post-attack step (Double Tap after a success, then Quick Draw "attack again")
 */
export type Step =
  | { kind: 'main' }
  | { kind: 'attackerCommit' }
  | { kind: 'defenderCommit' }
  | { kind: 'window'; turn: Seat; passes: number }
  | { kind: 'after'; success: boolean }
  | { kind: 'over' };

/** An ability as used, before the opponent answers (Take Cover or allow). Public. */
export interface UsedAbility {
  seat: Seat;
  cardId: string;
  ability: Ability;
  target?: string;
  value?: number;
  delta?: 1 | -1;
  mode?: 'swap' | 'draw' | 'again' | 'refill';
  take?: string;
}

export interface AttackInfo {
  attacker: Seat;
  defender: Seat;
  revealed: boolean;
  /** Current values of revealed action cards changed by Focus / Distract (card id → value). */
  values: Record<string, number>;
}

/** The last resolved attack, public. */
export interface Showdown {
  attacker: Seat;
  defender: Seat;
  attackerCombo: Combo | null;
  defenderCombo: Combo | null;
  /** True when decided by Dodge 'n' Shoot flips (combos are then null). */
  dodge: boolean;
  attackerWon: boolean;
  hits: number;
}

export interface RattlesnakeState {
  options: RattlesnakeOptions;
  players: RattlesnakePlayer[];
  /** 5 slots; an event stays in its slot for ever; null = emptied with the saloon deck empty. */
  saloon: (string | null)[];
  /** Index 0 is the top. Secret (only the count is public). */
  saloonDeck: string[];
  /** Back in the box, unseen. Secret. */
  box: string[];
  /** Shared, face up: cards whose ability was used. */
  graveyard: string[];
  active: Seat;
  turn: number;
  bought: boolean;
  /** Attacks the active player may still start this turn (1, plus 1 per Quick Draw "attack again"). */
  attacksLeft: number;
  step: Step;
  attack: AttackInfo | null;
  /** An ability waiting for the opponent's Take Cover answer. */
  response: UsedAbility | null;
  /** A resolved Scout waiting for its user to put one of the drawn cards back. */
  scout: { seat: Seat; drawn: string[] } | null;
  /** How the first player was chosen: each round of revealed top cards [seat 0, seat 1] (public). */
  opening: { reveals: [string, string][]; first: Seat };
  lastShowdown: Showdown | null;
  winner: Seat | null;
  /** Turns ended in a row since anyone last took a Hit (the stalemate rule); missing in older saved games = 0. Public. */
  quiet?: number;
  rng: RngState;
}
