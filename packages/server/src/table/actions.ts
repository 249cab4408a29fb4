/**
 * A `table` message (table management, next to the game's own intents): checked against its schema, then quick chat
 * (rate limited), the finished game's log, "play again", or one of the host's powers (seats.ts).
 */
import type { Client } from '@colyseus/core';
import type { ErrorCode, Seat, TableEvent } from '@tumbleweed/engine';
import { syncArray, type TableState } from '../table-state';
import { ChatLimit, type ChatPhrase } from './chat';
import type { TableClock } from './clock';
import { freshSeed, type GameDriver } from './driver';
import { tableActionSchema } from './schemas';
import { sendTo } from './send';
import type { Seats, SeatUser } from './seats';

/** What the table actions need from their room. */
export interface ActionsHost {
  readonly state: TableState;
  /** The table's code (for the game log). */
  readonly code: string;
  events(events: readonly TableEvent[]): void;
  patch(): void;
  sendError(client: Client, code: ErrorCode, message: string): void;
  /** A new game at the same table, with the same seats. */
  startGame(): void;
}

export class TableActions {
  private readonly chatLimit = new ChatLimit();

  constructor(
    private readonly host: ActionsHost,
    private readonly seats: Seats,
    private readonly driver: GameDriver,
    private readonly clock: TableClock,
  ) {}

  handle(client: Client<SeatUser>, message: unknown): void {
    const parsed = tableActionSchema.safeParse(message);
    if (!parsed.success) return this.host.sendError(client, 'BAD_MESSAGE', `table: ${parsed.error.issues[0].message}`);
    const action = parsed.data;
    const me = client.userData?.seat ?? null;
    if (action.action === 'rematch') return this.askRematch(client, me);
    if (action.action === 'chat') return this.chat(client, me, action.phrase);
    if (action.action === 'log') return this.sendLog(client);
    if (me === null || me !== this.host.state.host) return this.host.sendError(client, 'NOT_HOST', 'Only the host can do that.');
    const problem = this.seats.hostAction(action, me);
    if (problem) this.host.sendError(client, problem.code, problem.message);
  }

  /** The connection is gone: its chat limit with it. */
  forget(client: Client): void {
    this.chatLimit.forget(client.sessionId);
  }

  private chat(client: Client<SeatUser>, seat: Seat | null, phrase: ChatPhrase): void {
    if (!this.chatLimit.allow(client.sessionId, this.clock.now())) {
      return this.host.sendError(client, 'RATE_LIMITED', 'One message every 2 seconds, partner.');
    }
    const name = seat === null ? 'A spectator' : this.host.state.seats[seat].name;
    this.host.events([{ type: 'chat', seat, name, phrase }]);
  }

  /** The whole log, hidden cards and seed included: only once the game is over. */
  private sendLog(client: Client<SeatUser>): void {
    if (this.host.state.status !== 'over' || !this.driver.engine) {
      return this.host.sendError(client, 'NOT_NOW', 'The log is available once the game is over.');
    }
    // A whole log is large (hundreds of KB): each connection gets it once per game, and the client keeps it.
    const user = (client.userData ??= { seat: null });
    if (user.logOf === this.driver.seed) return this.host.sendError(client, 'LOG_SENT', 'You already have this game’s log.');
    user.logOf = this.driver.seed;
    sendTo(client, 'log', this.driver.gameLog(this.host.code));
  }

  /** "Play again": when every human still at the table has asked, a new game starts with the same seats. */
  private askRematch(client: Client<SeatUser>, seat: Seat | null): void {
    const { state } = this.host;
    if (state.status !== 'over') return this.host.sendError(client, 'NOT_NOW', 'A rematch can be asked for once the game is over.');
    if (seat === null) return this.host.sendError(client, 'NOT_SEATED', 'Spectators watch; they cannot play.');
    state.seats[seat].ready = true;
    const humans = state.seats.toArray().filter((s) => s.kind === 'human' && s.connected);
    if (humans.every((s) => s.ready)) {
      for (const s of state.seats) s.ready = false;
      syncArray(state.winners, []);
      this.clock.acted();
      this.driver.seed = freshSeed(); // a new secret: nothing of the last game's log tells the next deal
      this.host.startGame();
    } else {
      this.host.events([{ type: 'rematch_asked', seat }]);
      this.host.patch();
    }
  }
}
