import type { TableStateLike } from '../state';

/** A server `events` entry: `{ type, ...fields }`. */
export interface ServerEvent {
  type: string;
  [field: string]: unknown;
}

/** What the shared table page gives a game's UI. */
export interface TableContext {
  state(): TableStateLike;
  /** My seat, or -1 when watching. */
  mySeat(): number;
  name(seat: number): string;
  send(intent: { type: string; [field: string]: unknown }): void;
}

export interface SeatSummary {
  /** e.g. "$2" */
  score: string;
  /** true: heart, false: grave, null: not applicable (before the game). */
  alive: boolean | null;
}

/** One game's part of the table page: its Pixi scene, its action bar, its words. */
export interface GameUi {
  /** Re-draw from the current state (called on every patch). */
  update(): void;
  /** Human sentences for one server event; [] to leave it out of the log. */
  describe(event: ServerEvent): string[];
  seatSummary(seat: number): SeatSummary;
  /** "Ann wins with $5!" once the game is over. */
  winnerText(): string;
  /** Whose decision it is, in words, for the status bar while playing (default: "Pick your card" / "Waiting for …"). */
  statusText?(): string | null;
  /** The server refused the last intent (an `error` message). */
  refused?(): void;
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

export interface GameModule {
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
  mount(ctx: TableContext, els: { scene: HTMLElement; actions: HTMLElement }): GameUi;
}

/** A game listed in the lobby but not playable yet. */
export function comingSoon(id: string, title: string, blurb: string): GameModule {
  return {
    id,
    title,
    year: '',
    blurb,
    enabled: false,
    minSeats: 2,
    maxSeats: 6,
    options: [],
    rules: [],
    mount() {
      throw new Error(`${title} is not playable yet`);
    },
  };
}
