import { ArraySchema, Schema, type, view } from '@colyseus/schema';
import type { Game, Intent } from '@tumbleweed/engine';
import type { z } from 'zod';
import { TableState } from '../table-state';
import type { GameAdapter } from '../game-adapter';

/**
 * A board synced as JSON: for games whose view is deep and changes shape with the step of a turn (Rattlesnake,
 * Saloon Showdown). The public string is the engine's spectator view; each seat's secret string reaches only that
 * seat through its StateView. The engine's `synced.ts` of each game owns the split and its inverse.
 */
export class JsonSeatSchema extends Schema {
  @view() @type('string') secret = '';
}

export class JsonBoard extends Schema {
  @type('string') public = '';
  @type([JsonSeatSchema]) players = new ArraySchema<JsonSeatSchema>();
}

export class JsonTableState extends TableState {
  @type(JsonBoard) board = new JsonBoard();
}

export interface JsonGame<S, V, I extends Intent, O> {
  game: Game<S, V, I, O>;
  publicPart(spectatorView: V): string;
  secretPart(seatView: V): string;
  intentSchema: z.ZodType<I, z.ZodTypeDef, unknown>;
  optionsSchema: z.ZodType<Partial<O>, z.ZodTypeDef, unknown>;
  defaultTurnSeconds: number;
  botDelayMs?: GameAdapter<S, V, I, O, JsonTableState>['botDelayMs'];
}

export function jsonBoardAdapter<S, V, I extends Intent, O>(g: JsonGame<S, V, I, O>): GameAdapter<S, V, I, O, JsonTableState> {
  return {
    game: g.game,
    State: JsonTableState,
    intentSchema: g.intentSchema,
    optionsSchema: g.optionsSchema,
    defaultTurnSeconds: g.defaultTurnSeconds,
    botDelayMs: g.botDelayMs,
    privateObjects: (state, seat) => [state.board.players[seat]],
    mirror(state, publicView, seatViews) {
      const b = state.board;
      b.public = g.publicPart(publicView);
      seatViews.forEach((v, i) => {
        let s = b.players[i];
        if (!s) {
          s = new JsonSeatSchema();
          b.players.push(s);
        }
        s.secret = g.secretPart(v);
      });
    },
  };
}
