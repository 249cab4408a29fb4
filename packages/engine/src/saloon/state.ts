import type { Seat } from '../core/game';
import type { RngState } from '../core/rng';
import type { Area, Colour, Noise } from './cards';

export interface SaloonOptions {
  /** Seconds the threatened player has to answer; silence = "Do you?". 3–60, default 10. */
  threatSeconds: number;
  /** Two-player / simplified game: Desperado and Mexican Standoff cards removed. Always on with 2 seats. */
  simplified: boolean;
  /** Russian Roulette replaces the bluff call. */
  russianRoulette: boolean;
  /** "What the Wind Brings": 5 event cards in the deck. */
  wind?: boolean;
}

export interface SaloonPlayer {
  /** Secret: only the owner sees it (and, during a duel, only from "Go!"). */
  hand: string[];
  loot: number;
  bounty: number;
  wounds: number;
}

/**
 * Where the game waits.
 *  - turn: the active player picks Draw, Cash Loot or Threaten
 *  - discard: after a Draw the active player holds 4 cards and discards 1
 *  - threat: the target answers until `until` (ms); silence = "Do you?"; after two Escapes the threatener answers
 *  - duel: hands swapped at `startedAt`; "Go!" at `goAt` (`go` set once it has happened); abandoned at `endsAt`;
 *    `lockedUntil[seat]` = end of a misfire lock-out (0 = none)
 */
export type Phase =
  | { kind: 'turn' }
  | { kind: 'discard' }
  | {
      kind: 'threat';
      threatener: Seat;
      target: Seat;
      gun: Colour;
      until: number;
      /** Escape on Horseback: the seats that escaped this threat, in order. After two, the threatener answers. */
      escaped?: Seat[];
    }
  | {
      kind: 'duel';
      threatener: Seat;
      target: Seat;
      gun: Colour;
      startedAt: number;
      goAt: number;
      go: boolean;
      endsAt: number;
      lockedUntil: number[];
      /** Shots fired so far in this duel (public). */
      shots: ShotRecord[];
      /** Showdown at Noon (What the Wind Brings): nobody threatened — `gun` means nothing, no Bottle hit, no turn ends. */
      wind?: boolean;
    }
  | {
      /**
       * Desperado: "I have nothing to lose." The three passed their hands to the right (among themselves) at
       * `startedAt`; "Go!" at `goAt`; abandoned at `endsAt`. No interrupt but the Bottle's first use.
       */
      kind: 'truel';
      desperado: Seat;
      others: [Seat, Seat];
      /** The Desperado's two guns (one when the Truel answers a threat: the threatener holds its own). */
      guns: Colour[];
      startedAt: number;
      goAt: number;
      go: boolean;
      endsAt: number;
      lockedUntil: number[];
      shots: ShotRecord[];
    }
  | {
      /**
       * Mexican Standoff. `links`: who holds which gun, the first threatener first; `threatener` is the last one
       * (the next "I don't think so!" points at them). `judge` = the first threatened player. Stages: 'chain' (more
       * may join until `until`), 'ready' (guns down, hands refilled; the Judge flips 3 cards at `goAt`), 'race'
       * (`flipped` is public; shoot any gun + the majority area and noise of `flipped` + a target; over at `endsAt`).
       */
      kind: 'standoff';
      stage: 'chain' | 'ready' | 'race';
      threatener: Seat;
      judge: Seat;
      links: { seat: Seat; gun: Colour }[];
      /** Knocked out by a Bottle. */
      out: Seat[];
      until: number;
      goAt: number;
      endsAt: number;
      flipped: string[];
      lockedUntil: number[];
      shots: ShotRecord[];
      /** Showdown at Noon with 3+ tied Bounties: no chain, no guns; `judge` is the drawer (only for the record); no turn ends. */
      wind?: boolean;
    }
  | {
      /** The Turkey (What the Wind Brings): 3 cards flipped at `goAt`; anyone but the drawer races as in a Standoff (no target). */
      kind: 'turkey';
      drawer: Seat;
      stage: 'ready' | 'race';
      goAt: number;
      endsAt: number;
      flipped: string[];
      lockedUntil: number[];
      shots: ShotRecord[];
    }
  | { kind: 'over' };

/** Hands made public (a bluff call, Russian Roulette, a Bottle): history, shown to all. */
export interface Reveal {
  kind: 'bluff' | 'roulette' | 'bottle' | 'law' | 'wanted';
  /** Seat → the cards it showed. */
  hands: { seat: Seat; cards: string[]; bullets: number }[];
  /** The d6 rolls of Russian Roulette (last one decided). */
  rolls?: number[];
  /** Who came out ahead (bluff, roulette), or the Bottle's user. */
  winner: Seat;
  amount: number;
}

export interface ShotRecord {
  seat: Seat;
  /** In a Mexican Standoff: the player shot at. */
  target?: Seat;
  gun: Colour | 'bottle';
  area: Area;
  /** The noise named; 'crash' for the Bottle. */
  noise: Noise | 'crash' | null;
  at: number;
  correct: boolean;
  /** Fired sooner than FALSE_START_MS after "Go!": a misfire, whatever the cards say. */
  falseStart?: boolean;
  /** The reaction this shot was judged by (ms after "Go!"): the one the server's timing policy accepted. */
  reactionMs?: number;
}

/** The last duel, public history. */
export interface DuelRecord {
  threatener: Seat;
  target: Seat;
  winner: Seat | null;
  /** 'won', 'abandoned' (nobody shot correctly in time), 'stopped' (a Bottle). */
  result: 'won' | 'abandoned' | 'stopped';
  /** A Truel: the Desperado is `threatener`; these are the three seats in it. */
  truel?: Seat[];
  /** A Mexican Standoff: the players still in it at the end (`threatener` = the first threatener, `target` = the Judge). */
  standoff?: Seat[];
  shots: ShotRecord[];
}

export interface SaloonState {
  options: SaloonOptions;
  /** Desperado and Mexican Standoff cards are out of the deck (simplified option, or 2 seats). */
  simplified: boolean;
  players: SaloonPlayer[];
  /** Index 0 is the top. Secret (only the count is public). */
  deck: string[];
  /** Face up; the last card is on top. Public. */
  discard: string[];
  /** The 4 public cards. */
  public: string[];
  dealer: Seat;
  active: Seat;
  turn: number;
  /** Colour → the seat holding that gun, or null when it lies on the table. */
  guns: Record<Colour, Seat | null>;
  phase: Phase;
  lastReveal: Reveal | null;
  lastDuel: DuelRecord | null;
  /** Set when someone reaches $130 Loot or a third Wound: the game ends at the end of this seat's turn. */
  endAfter: Seat | null;
  /**
   * What the Wind Brings (only with the option): events drawn and waiting (`queue`, with who drew them), drawn while
   * one resolved (`held`, shuffled back after), resolved and set aside (`done`). Public.
   */
  wind?: { queue: { card: string; by: Seat }[]; held: string[]; done: string[]; resolving: boolean };
  /** The latest time (ms) the engine was told; apply/timeout never go back in time. */
  clock: number;
  rng: RngState;
}
