import type { AnyAdapter } from '../game-adapter';
import { TableRoom } from '../table-room';
import { duelAdapter, type DuelTableState } from './duel';

export class DuelRoom extends TableRoom<DuelTableState> {
  readonly adapter: AnyAdapter = duelAdapter;
}

/** Room name → room class. Later games add a line here. */
export const rooms = {
  duel: DuelRoom,
} as const;
