import { syncedBoardFor, type GameLogFile, type Replay } from '@tumbleweed/engine';
import type { TableStateLike } from '../state';

/**
 * The table state each viewer would have had after each step of a replay (the board the server would have synced to
 * that seat), drawn lazily and kept for the current viewer. `viewer()`: a seat, or -1 for everyone / a spectator.
 */
export function replayFrames(log: GameLogFile, rep: Replay, viewer: () => number): { state(i: number): TableStateLike; forget(): void } {
  const game = rep.game;
  let cache = new Map<number, TableStateLike>();
  const seats = log.seats.map((s) => ({ name: s.name, kind: s.kind, sessionId: '', connected: true }));
  function state(i: number): TableStateLike {
    let s = cache.get(i);
    if (s) return s;
    const at = rep.frames[i].state;
    const outcome = game.outcome(at);
    s = {
      code: log.code,
      game: log.game,
      status: outcome ? 'over' : 'playing',
      seats,
      host: -1,
      pending: outcome ? [] : game.pending(at),
      deadline: 0,
      turnSeconds: 0,
      spectators: 0,
      winners: outcome?.winners ?? [],
      board: syncedBoardFor(log.game, at, viewer()),
    };
    cache.set(i, s);
    return s;
  }
  /** Another viewer: every state is drawn again. */
  const forget = () => {
    cache = new Map();
  };
  return { state, forget };
}
