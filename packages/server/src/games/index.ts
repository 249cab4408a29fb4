import type { AnyAdapter } from '../game-adapter';
import { TableRoom } from '../table-room';
import { duelAdapter, type DuelTableState } from './duel';
import { rattlesnakeAdapter, type RattlesnakeTableState } from './rattlesnake';

export class DuelRoom extends TableRoom<DuelTableState> {
  readonly adapter: AnyAdapter = duelAdapter;
}

export class RattlesnakeRoom extends TableRoom<RattlesnakeTableState> {
  readonly adapter: AnyAdapter = rattlesnakeAdapter;
}

/** Room name → room class. Later games add a line here. */
export const rooms = {
  duel: DuelRoom,
  rattlesnake: RattlesnakeRoom,
} as const;
