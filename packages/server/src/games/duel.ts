import { ArraySchema, Schema, type, view } from '@colyseus/schema';
import { Duel, duel, type Rng } from '@tumbleweed/engine';
import { z } from 'zod';
import { syncArray, TableState } from '../table-state';
import type { GameAdapter } from '../game-adapter';

export class DuelPlaySchema extends Schema {
  @type('number') seat = -1;
  @type('string') card = '';
  /** -1 when the card is not aimed. */
  @type('number') target = -1;
}

export class DuelRevealSchema extends Schema {
  @type('number') round = 0;
  @type('number') shootout = 0;
  @type([DuelPlaySchema]) plays = new ArraySchema<DuelPlaySchema>();
  @type(['number']) hit = new ArraySchema<number>();
  @type(['number']) reloaded = new ArraySchema<number>();
}

export class DuelPlayerSchema extends Schema {
  @type('number') money = 0;
  @type('boolean') alive = true;
  @type('number') handCount = 0;
  @type(['string']) aside = new ArraySchema<string>();
  @type('boolean') committed = false;
  /** Private to this seat (StateView): its hand, as card codes. */
  @view() @type(['string']) hand = new ArraySchema<string>();
  /** Private to this seat until the reveal: its face-down card ('' = none) and target (-1 = none). */
  @view() @type('string') commitCard = '';
  @view() @type('number') commitTarget = -1;
}

export class DuelBoard extends Schema {
  @type('number') target = 5;
  @type('number') round = 0;
  @type('number') shootout = 0;
  @type('string') phase = '';
  @type([DuelPlayerSchema]) players = new ArraySchema<DuelPlayerSchema>();
  /** Absent until the first reveal. */
  @type(DuelRevealSchema) lastReveal: DuelRevealSchema | undefined;
  @type('number') winner = -1;
}

export class DuelTableState extends TableState {
  @type(DuelBoard) board = new DuelBoard();
}

const seat = z.number().int().min(0).max(5);
export const duelIntentSchema = z.object({
  type: z.literal('commit'),
  card: z.enum(['pistol', 'rifle', 'barricade', 'reload']),
  target: seat.nullable().optional(),
});

export const duelOptionsSchema = z.object({ target: z.number().int().optional() }).strict();

function mirrorReveal(board: DuelBoard, r: Duel.SyncedDuelReveal | null | undefined): void {
  if (!r) {
    board.lastReveal = undefined;
    return;
  }
  if (board.lastReveal?.round === r.round && board.lastReveal.shootout === r.shootout) return;
  const s = new DuelRevealSchema();
  s.round = r.round;
  s.shootout = r.shootout;
  for (const p of r.plays) {
    const play = new DuelPlaySchema();
    play.seat = p.seat;
    play.card = p.card;
    play.target = p.target;
    s.plays.push(play);
  }
  syncArray(s.hit, Array.from(r.hit));
  syncArray(s.reloaded, Array.from(r.reloaded));
  board.lastReveal = s;
}

/** A base delay (BOT_DELAY_MS, 700 by default) under this is a test's quick bots: they skip the reveal's hold. */
export const QUICK_BOTS_BELOW_MS = 300;

/**
 * A bot places its next card only once the reveal has been on everyone's screen for Duel.REVEAL_HOLD_MS (plus a
 * moment to "think": 200–600 ms), never sooner than the table's base delay; quick test bots (a base under
 * QUICK_BOTS_BELOW_MS) wait only their base.
 */
export function duelBotDelayMs(rng: Rng, base: number): number {
  if (base < QUICK_BOTS_BELOW_MS) return base;
  return Math.max(base, Duel.REVEAL_HOLD_MS + 200 + rng.int(401));
}

export const duelAdapter: GameAdapter<Duel.DuelState, Duel.DuelView, Duel.DuelIntent, Duel.DuelOptions, DuelTableState> = {
  game: duel,
  State: DuelTableState,
  intentSchema: duelIntentSchema,
  optionsSchema: duelOptionsSchema,
  defaultTurnSeconds: 20,
  botDelayMs: duelBotDelayMs,
  /** A table chooses how well its bots play: `options.botLevel` easy / normal / hard (the engine's search bot). */
  botLevels: true,
  privateObjects: (state, seatIndex) => [state.board.players[seatIndex]],
  mirror(state, publicView, seatViews) {
    // The plain board comes from the engine (Duel.syncedBoard, also what the replay viewer renders): same fields here.
    const synced = Duel.syncedBoard(publicView, seatViews);
    const b = state.board;
    b.target = synced.target;
    b.round = synced.round;
    b.shootout = synced.shootout;
    b.phase = synced.phase;
    b.winner = synced.winner;
    synced.players.forEach((p, i) => {
      let s = b.players[i];
      if (!s) {
        s = new DuelPlayerSchema();
        b.players.push(s);
      }
      s.money = p.money;
      s.alive = p.alive;
      s.handCount = p.handCount;
      s.committed = p.committed;
      syncArray(s.aside, Array.from(p.aside));
      syncArray(s.hand, Array.from(p.hand ?? []));
      s.commitCard = p.commitCard ?? '';
      s.commitTarget = p.commitTarget ?? -1;
    });
    mirrorReveal(b, synced.lastReveal);
  },
};
