/**
 * What Duel's table says while a reveal is held on it (REVEAL_HOLD_MS): the revealed shootout, and who stood in it.
 * The state has moved on by then: a hit that ends a round starts the next at once, every heart back, the centre saying
 * "Round 2 · Shootout 1", while the held cards still showed HIT! on a player with a heart (a new player's review).
 */
import type { Duel } from '@tumbleweed/engine';

export interface TableMoment {
  round: number;
  shootout: number;
  /** Whether the seat stands (a heart) or is out (a grave). */
  alive(seat: number): boolean;
}

/**
 * The held reveal's round and shootout, and its standing seats (those that played in it and were not hit); once the
 * hold is over (or with no reveal), the view's own.
 */
export function tableMoment(
  v: { round: number; shootout: number; players: readonly { alive: boolean }[] },
  reveal: Duel.Reveal | null,
  held: boolean,
): TableMoment {
  if (!held || !reveal) return { round: v.round, shootout: v.shootout, alive: (seat) => v.players[seat]?.alive ?? true };
  return {
    round: reveal.round,
    shootout: reveal.shootout,
    alive: (seat) => reveal.plays.some((p) => p.seat === seat) && !reveal.hit.includes(seat),
  };
}
