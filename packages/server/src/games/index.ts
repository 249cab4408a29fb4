import type { AnyAdapter } from '../game-adapter';
import { TableRoom } from '../table-room';
import { duelAdapter } from './duel';
import type { JsonTableState } from './json-board';
import { rattlesnakeAdapter } from './rattlesnake';
import { saloonAdapter } from './saloon';

export class DuelRoom extends TableRoom<JsonTableState> {
  readonly adapter: AnyAdapter = duelAdapter;
}

export class RattlesnakeRoom extends TableRoom<JsonTableState> {
  readonly adapter: AnyAdapter = rattlesnakeAdapter;
}

export class SaloonRoom extends TableRoom<JsonTableState> {
  readonly adapter: AnyAdapter = saloonAdapter;
}

/** Room name → room class. Later games add a line here. */
export const rooms = {
  duel: DuelRoom,
  rattlesnake: RattlesnakeRoom,
  saloon: SaloonRoom,
} as const;
