import { ArraySchema, Schema, type, view } from '@colyseus/schema';
import { rattlesnake, Rattlesnake } from '@tumbleweed/engine';
import { z } from 'zod';
import { TableState } from '../table-state';
import type { GameAdapter } from '../game-adapter';

export class RattlesnakeSeatSchema extends Schema {
  /** This seat's own hand, face-down commitment and Scout draw, as JSON (see engine rattlesnake/synced.ts). */
  @view() @type('string') secret = '';
}

export class RattlesnakeBoard extends Schema {
  /** The spectator's view as JSON: everything public, nothing more. */
  @type('string') public = '';
  @type([RattlesnakeSeatSchema]) players = new ArraySchema<RattlesnakeSeatSchema>();
}

export class RattlesnakeTableState extends TableState {
  @type(RattlesnakeBoard) board = new RattlesnakeBoard();
}

const cardId = z.string().min(1).max(40);
export const rattlesnakeIntentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('buy'), cardId, discard: z.array(cardId).max(2) }),
  z.object({ type: z.literal('attack') }),
  z.object({ type: z.literal('commit'), cards: z.array(cardId).max(10) }),
  z.object({
    type: z.literal('ability'),
    cardId,
    target: cardId.optional(),
    value: z.number().int().min(1).max(5).optional(),
    delta: z.union([z.literal(1), z.literal(-1)]).optional(),
    mode: z.enum(['swap', 'draw', 'again', 'refill']).optional(),
    take: cardId.optional(),
  }),
  z.object({ type: z.literal('putBack'), cardId }),
  z.object({ type: z.literal('cover'), cardId }),
  z.object({ type: z.literal('allow') }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('endTurn') }),
]);

export const rattlesnakeAdapter: GameAdapter<
  Rattlesnake.RattlesnakeState,
  Rattlesnake.RattlesnakeView,
  Rattlesnake.RattlesnakeIntent,
  Rattlesnake.RattlesnakeOptions,
  RattlesnakeTableState
> = {
  game: rattlesnake,
  State: RattlesnakeTableState,
  intentSchema: rattlesnakeIntentSchema as z.ZodType<Rattlesnake.RattlesnakeIntent, z.ZodTypeDef, unknown>,
  optionsSchema: z.object({}).strict(),
  defaultTurnSeconds: 45,
  privateObjects: (state, seat) => [state.board.players[seat]],
  mirror(state, publicView, seatViews) {
    const b = state.board;
    b.public = Rattlesnake.publicPart(publicView);
    seatViews.forEach((v, i) => {
      let s = b.players[i];
      if (!s) {
        s = new RattlesnakeSeatSchema();
        b.players.push(s);
      }
      s.secret = Rattlesnake.secretPart(v);
    });
  },
};
