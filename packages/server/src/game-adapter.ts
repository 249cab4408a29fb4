import type { Schema } from '@colyseus/schema';
import type { BotLevel, Game, Intent, Rng } from '@tumbleweed/engine';
import type { z } from 'zod';
import type { TableState } from './table-state';

/** How well, or how quickly, a table's bots play (the create option `options.botLevel`, default normal). */
export type { BotLevel };

/**
 * What a room needs to know about one game, beyond the engine: its Schema state, how to mirror engine views
 * into it, and the zod shapes of its intents and table options. Everything else is the shared TableRoom.
 */
export interface GameAdapter<S, V, I extends Intent, O, TS extends TableState> {
  game: Game<S, V, I, O>;
  State: new () => TS;
  intentSchema: z.ZodType<I, z.ZodTypeDef, unknown>;
  optionsSchema: z.ZodType<Partial<O>, z.ZodTypeDef, unknown>;
  /** Countdown per decision when the table does not choose one. */
  defaultTurnSeconds: number;
  /**
   * How long a bot waits before acting, from the table's base delay (BOT_DELAY_MS) and the table's `botLevel`
   * option; the base itself when absent.
   */
  botDelayMs?(rng: Rng, baseMs: number, level: BotLevel): number;
  /** A table may choose `botLevel` (easy, normal, hard): Saloon's bots react faster or slower, Duel's and Rattlesnake's think less or more (a search at hard); refused for a game without levels. */
  botLevels?: boolean;
  /** Schema objects only this seat may see (their `@view()` fields); added to the seat's StateView. */
  privateObjects(state: TS, seat: number): Schema[];
  /**
   * Copies views into the Schema: public fields only from `publicView` (the spectator's view), `@view()` fields
   * only from each seat's own view. So nothing a spectator may not see can reach a public field. `actor`: the seat
   * whose intent made this change (null: a countdown, a restore), whose own part must show that it arrived.
   */
  mirror(state: TS, publicView: V, seatViews: V[], actor?: number | null): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAdapter = GameAdapter<any, any, any, any, any>;
