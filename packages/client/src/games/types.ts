import type { BotLevel, ClientIntent, GameWireEvent, TableEvent } from '@tumbleweed/engine';
import type { TableStateLike } from '../state';

/** Lines this page adds to its own log, kept with the server's events (never sent): back after a reload or a drop. */
export type PageEvent = { type: 'client_resumed' } | { type: 'client_reconnected' } | { type: 'client_resent' };

/** The table's events as this page keeps them: a `game_started` that follows a game is marked a rematch here. */
export type KeptTableEvent = Exclude<TableEvent, { type: 'game_started' }> | (Extract<TableEvent, { type: 'game_started' }> & { rematch?: boolean });

/** An `events` entry (the table's own or its game's, engine protocol/events.ts), or one of this page's own lines. */
export type ServerEvent = KeptTableEvent | GameWireEvent | PageEvent;

/** What the shared table page gives a game's UI. */
export interface TableContext {
  state(): TableStateLike;
  /** My seat, or -1 when watching. */
  mySeat(): number;
  name(seat: number): string;
  send(intent: ClientIntent): void;
  /** The server's clock here (ms), synced NTP-style (clock.ts): a race's "Go!" shows at its `goAt`. */
  serverNow(): number;
  /** The live connection: `n` moves at each reconnection. Absent in a replay. */
  link?(): { n: number };
  /** A move that never reached the table (its connection died under it) was sent again over the new one. */
  resent?(): void;
  /** A replay (replay.ts): nothing is played here, so the game's words never say how to play ("click a card…"). */
  replay?: boolean;
  /** A replay watched as everyone: the cards in `seat`'s hand at the step shown (null when not watched so). */
  peek?(seat: number): readonly string[] | null;
}

export interface SeatSummary {
  /** e.g. "$2" */
  score: string;
  /** true: heart, false: grave, null: not applicable (before the game). */
  alive: boolean | null;
}

/** One line of the end-of-game standings (the shared end screen in table.ts draws them, best first). */
export interface Standing {
  seat: number;
  /** 1 for the winner(s); equal places for a tie. */
  place: number;
  /** The score as players read it: "$5", "$110". */
  score: string;
  /** How the score was made, in words: "Loot $80 + Bounty $40 − Wounds 1 × $10". '' when there is nothing to add. */
  detail: string;
  winner: boolean;
}

/**
 * One game's part of the table page: its Pixi scene, its action bar, its words. `E`: the events it words, its own
 * game's (a table only ever carries its game's events, so the table page hands a game's UI those alone).
 */
export interface GameUi<E extends GameWireEvent = GameWireEvent> {
  /** Re-draw from the current state (called on every patch). */
  update(): void;
  /** Human sentences for one of its game's events; [] to leave it out of the log. */
  describe(event: E): string[];
  /** An event as it happens at this table (not the story told to a page that joins later): the table's or its game's. */
  event?(event: ServerEvent): void;
  seatSummary(seat: number): SeatSummary;
  /** "Ann wins with $5!" once the game is over. */
  winnerText(): string;
  /** Once the game is over: every seat's final score and how it was made, best first (the end screen). */
  standings?(): Standing[];
  /** Whose decision it is, in words, for the status bar while playing (default: "Pick your card" / "Waiting for …"). */
  statusText?(): string | null;
  /** The server refused the last intent (an `error` message). */
  refused?(): void;
  /** A race's cards, sent just before "Go!": show them at `goAt` (server clock), not before (fair races). */
  race?(preview: { goAt: number; cards: string[] }): void;
  /**
   * This device's display settings for the game (Saloon's larger gun glyphs): the table's header shows them beside
   * the sound's, never the action bar (a setting is no move, and a row of its own there took a phone's felt).
   */
  settings?(): HTMLElement[];
  /**
   * The player's choice made halfway (a Duel gun picked, not yet aimed; Rattlesnake's cards picked; a Desperado's
   * guns and targets), handed to `mount` as `kept` when the page is drawn again (a language switch): the new bar asks
   * for the rest. A choice no longer legal then is dropped there, as at any update.
   */
  keep?(): unknown;
  destroy(): void;
}

export interface GameOption {
  key: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  value: number;
  /** How a value reads in the select, e.g. "$5". */
  format(value: number): string;
  /** An On/Off choice (0/1 in the select) that the server takes as true/false. */
  boolean?: boolean;
}

/** How well (or how quickly) a table's bots play: the table option `botLevel` (engine protocol/constants.ts). */
export { BOT_LEVELS } from '@tumbleweed/engine/protocol/constants';
export type { BotLevel } from '@tumbleweed/engine';

/** What the lobby's create form needs to know of a game (instead of branching on its id). */
export interface LobbyFacts {
  /** The turn timer the form suggests (seconds). */
  turnSeconds: number;
  /** What happens when a turn's time runs out, in words (the timer's hint). */
  timerHint(): string;
  /** May every seat be a bot (a table of bots to watch)? */
  botsOnly: boolean;
  /** The bots' levels (the table option `botLevel`) and their words; absent: no choice. */
  botLevels?: { levels: readonly BotLevel[]; label(): string; hint(): string; name(level: BotLevel): string };
}

/** What the lobby, the rules page and a table's header know of a game: its words and choices, no table code. */
export interface GameInfo {
  id: string;
  title: string;
  year: string;
  blurb: string;
  enabled: boolean;
  minSeats: number;
  maxSeats: number;
  options: GameOption[];
  /** Short rules for the lobby. */
  rules: string[];
  /**
   * Keyboard shortcuts of this game's action bar, in words, for the rules help ("1–5": "pick a card"). Every game
   * shares the table's own: the digits pick the n-th choice, Enter confirms (keyboard.ts routes them; the rules help lists them).
   */
  keyHelp?(): { keys: string; action: string }[];
  /** The create form's defaults and words for this game. */
  lobby: LobbyFacts;
}

/** A game's table code (games/modules.ts): loaded with the table or the replay viewer, never by the lobby. */
export interface GameModule {
  info: GameInfo;
  /** A card of this game in words ("Ace of spades"), for the replay viewer's hands. */
  cardWords(id: string): string;
  mount(ctx: TableContext, els: { scene: HTMLElement; actions: HTMLElement }, kept?: unknown): GameUi;
}

/**
 * Keyboard contract of the action bar (table.ts routes the keys): a button with `data-key="1"` … `"9"` is clicked
 * by that digit, `data-key="Enter"` by Enter, `data-key="g"` (any single letter) by that letter; keys are ignored
 * while typing in a field or with a modifier held. After a move, focus stays in the action bar.
 */
export const ACTION_KEY = 'data-key';
