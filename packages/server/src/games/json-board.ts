import { randomUUID } from 'node:crypto';
import { ArraySchema, MapSchema, Schema, type, view } from '@colyseus/schema';
import { applyFlat, type Flat, type Game, type Intent } from '@tumbleweed/engine';
import type { z } from 'zod';
import { TableState } from '../table-state';
import type { GameAdapter } from '../game-adapter';

/**
 * A board synced as flat maps of JSON text (the engine's core/flat.ts): the one sync path of every game (Duel,
 * Rattlesnake, Saloon Showdown), whatever the shape of its view. `pub` holds the engine's spectator view, path by path;
 * each seat's `secret` reaches only that seat through its StateView. The mirror writes only the entries that changed,
 * so a move sends a delta, not the whole view. `rev` (and a seat's `rev`) moves with every change of `pub` (of that
 * seat's `secret`, and with every intent of that seat accepted): a client sends no second intent until it moves. The
 * engine's `synced.ts` of each game owns the split and its inverse (`flatBoardView` reads it back).
 */
export class JsonSeatSchema extends Schema {
  @view() @type('number') rev = 0;
  @view() @type({ map: 'string' }) secret = new MapSchema<string>();
}

export class JsonBoard extends Schema {
  /** This room's life of the table (the engine's FlatBoardLike `life`): a table rebuilt after a restart has a new one. */
  @type('string') life = randomUUID().slice(0, 8);
  @type('number') rev = 0;
  @type({ map: 'string' }) pub = new MapSchema<string>();
  @type([JsonSeatSchema]) players = new ArraySchema<JsonSeatSchema>();
}

export class JsonTableState extends TableState {
  @type(JsonBoard) board = new JsonBoard();
}

export interface JsonGame<S, V, I extends Intent, O> {
  game: Game<S, V, I, O>;
  publicPart(spectatorView: V): Flat;
  secretPart(seatView: V): Flat;
  intentSchema: z.ZodType<I, z.ZodTypeDef, unknown>;
  optionsSchema: z.ZodType<Partial<O>, z.ZodTypeDef, unknown>;
  defaultTurnSeconds: number;
  botDelayMs?: GameAdapter<S, V, I, O, JsonTableState>['botDelayMs'];
  /**
   * Seats decide at once, and a client's key is its own part's revision alone (the split's `ownPartKey`, Duel's):
   * nobody reads the public revision, so it does not move (a number less in every patch).
   */
  ownPartKey?: boolean;
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
    mirror(state, publicView, seatViews, actor = null) {
      const b = state.board;
      if (applyFlat(b.pub, g.publicPart(publicView)) && !g.ownPartKey) b.rev++;
      seatViews.forEach((v, i) => {
        let s = b.players[i];
        if (!s) {
          s = new JsonSeatSchema();
          b.players.push(s);
        }
        // The seat that acted sees its revision move even when its part did not (a Duel card that ends the round,
        // and the next round deals the same hand): a client waits for it before its next intent (flatBoardKey).
        if (applyFlat(s.secret, g.secretPart(v)) || i === actor) s.rev++;
      });
    },
  };
}
