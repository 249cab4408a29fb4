import { Protocol, Room, ServerError, type Client } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import { DEFAULT_BOT_LEVEL, deriveSeed, Rng, thinEvents, type ErrorCode, type GameEvent, type Seat, type TableEvent } from '@tumbleweed/engine';
import { claimCode, releaseCode } from './codes';
import { FLOOD_CLOSE_CODE, MessageBucket } from './flood';
import type { AnyAdapter, BotLevel } from './game-adapter';
import { logger } from './log';
import * as metrics from './metrics';
import { takeRestore } from './persist';
import { claimSameCode } from './persist/restore';
import { SeatEventsState, SeatState, type TableState } from './table-state';
import { TableActions } from './table/actions';
import { TableClock } from './table/clock';
import { TableEvents } from './table/events';
import { freshSeed, GameDriver } from './table/driver';
import { RestoreWait } from './table/restore';
import { parseCreate, parseJoin, refuse } from './table/schemas';
import { sendTo } from './table/send';
import { settings } from './table/settings';
import { botName, MAX_SPECTATORS, Seats, type SeatUser } from './table/seats';
import { Turns, type By } from './table/turns';

export { CHAT_INTERVAL_MS, CHAT_PHRASES } from './table/chat';
export { AWAY_AFTER_MISSES, JumpClock, ManualClock, realClock, type Clock } from './table/clock';
export type { GameLog } from './table/driver';
export { RESTORE_GATHER_MS } from './table/restore';
export { MAX_SPECTATORS, SEAT_TAKEN_CLOSE_CODE, type SeatUser } from './table/seats';
export { settings, type TableSettings } from './table/settings';
export { RACE_LOG_TAIL_MS } from './table/turns';

/**
 * The shared table: the composition root of table/. It receives each message and dispatches it: seats, host and
 * spectators to `Seats` (seats.ts), intents to the turn loop `Turns` (turns.ts: engine, countdowns, bots, races),
 * `table` messages to `TableActions` (actions.ts: chat, log, rematch, the host's powers), the game's state, log and
 * storage to `GameDriver` (driver.ts), every timer to `TableClock` (clock.ts, on `settings.clock`), a restart's wait
 * for the players to `RestoreWait` (restore.ts); the shapes of what clients send are in schemas.ts.
 * A game subclass only names its adapter.
 */
export abstract class TableRoom<TS extends TableState = TableState> extends Room<TS, unknown, SeatUser> {
  abstract readonly adapter: AnyAdapter;
  maxClients = 6 + MAX_SPECTATORS;

  private log = logger.child({ game: '?' });
  private code = '';
  private shuttingDown = false;
  /** The table's own reconnection grace period (seconds), when its creator chose one. */
  private graceSeconds: number | null = null;
  private botRng!: Rng;
  /** How quick this table's bots are (`options.botLevel`). */
  private botLevel: BotLevel = DEFAULT_BOT_LEVEL;
  private readonly tableClock = new TableClock(settings.clock, (error) => this.onUncaughtException(error, 'setTimeout'));
  private readonly driver = new GameDriver(
    () => this.adapter,
    () => this.state,
    () => this.log,
  );
  private readonly seats: Seats = new Seats(this.host(), this.tableClock);
  private readonly turns: Turns = new Turns(this.host(), this.driver, this.tableClock, { rng: () => this.botRng, level: () => this.botLevel });
  private readonly restore: RestoreWait = new RestoreWait(this.host(), this.driver, this.seats, this.tableClock, this.turns);
  private readonly actions: TableActions = new TableActions(this.host(), this.seats, this.driver, this.tableClock);
  private readonly events = new TableEvents(
    () => this.clients,
    () => {
      if (this.state) this.broadcastPatch();
    },
    (events) => {
      const engine = this.driver.engine;
      return engine ? thinEvents(this.adapter.game.id, events, (seat) => this.adapter.game.view(engine, seat)) : [...events];
    },
    () => this.adapter.game.id,
  );

  /** Races judged by reaction time (fair/), held by the turn loop. */
  get races(): Turns['races'] {
    return this.turns.races;
  }

  /** The engine state (server only). Exposed for tests and the replay log, never sent to clients. */
  get engineState(): unknown {
    return this.driver.engine;
  }

  /** Seconds a dropped player has to come back: the table's option, else the server's setting. */
  private grace(): number {
    return this.graceSeconds ?? settings.reconnectSeconds;
  }

  async onCreate(raw: unknown): Promise<void> {
    // Turn-based: patches go out right after each change (see Turns.afterChange), not on a tick.
    this.setPatchRate(null);
    try {
      await this.create(raw);
    } catch (err) {
      // Colyseus started this room's wait for a first join (15 s) before onCreate and, when onCreate throws, drops the
      // room without disposing it: stop that timer and give back what was taken, or each refusal leaves them behind.
      this.autoDispose = false;
      metrics.liveTables.delete(this);
      if (this.code) await releaseCode(this.presence, this.code);
      throw err;
    }
  }

  private async create(raw: unknown): Promise<void> {
    // A table rebuilt after a restart (persist/restore.ts) comes with its stored create options.
    const restoring = takeRestore(raw);
    const setup = parseCreate(restoring ? restoring.options : raw, this.adapter, settings.allowTestSeed);
    const { game } = this.adapter;
    this.graceSeconds = setup.graceSeconds ?? null;
    this.botLevel = setup.botLevel;
    this.driver.gameOptions = setup.gameOptions;
    this.driver.createOptions = setup.createOptions;
    // A test seed makes the whole table reproducible (bots included); otherwise every secret is fresh from crypto.
    this.driver.seed = setup.seed ?? freshSeed();
    this.botRng = Rng.fromSeed(setup.seed !== undefined ? deriveSeed(setup.seed, 'bots') : freshSeed());

    this.code = restoring ? await claimSameCode(this.presence, restoring.code) : await claimCode(this.presence);
    this.roomId = this.code;
    this.log = logger.child({ table: this.code, game: game.id });
    metrics.liveTables.add(this);
    await this.setPrivate(true);

    const state = new this.adapter.State() as TS;
    state.code = this.code;
    state.game = game.id;
    state.turnSeconds = setup.turnSeconds ?? this.adapter.defaultTurnSeconds;
    state.graceSeconds = this.grace();
    for (let i = 0; i < setup.seats; i++) {
      const seat = new SeatState();
      if (i >= setup.seats - setup.bots) {
        seat.kind = 'bot';
        seat.name = botName(i);
      }
      state.seats.push(seat);
      state.seatEvents.push(new SeatEventsState());
    }
    this.setState(state);
    this.maxClients = setup.seats + MAX_SPECTATORS;

    this.onMessage('intent', (client, message) => this.guarded(client, () => this.turns.intent(client, message)));
    this.onMessage('table', (client, message) => this.guarded(client, () => this.actions.handle(client, message)));
    this.onMessage('clock', (client, message) =>
      this.guarded(client, () => {
        const refused = this.races.clock(client, message);
        if (refused) this.sendError(client, refused.code, refused.message);
      }),
    );
    // Any other type. Colyseus calls this handler with (client, message) when the type itself is "*", and with
    // (client, type, message) otherwise: the type is only named when it is a short plain string.
    const unknownType = (client: Client, type?: unknown) => {
      const named = typeof type === 'string' && type.length <= 32 && /^[\w-]*$/.test(type) ? ` "${type}"` : '';
      this.sendError(client, 'BAD_MESSAGE', `Unknown message type${named}; send "intent", "table" or "clock".`);
    };
    this.onMessage('*', unknownType);
    // Colyseus' own fallback under this name closes the connection; a client may send the name as a type.
    this.onMessage('__no_message_handler', (client) => unknownType(client));
    if (restoring) this.restore.resume(restoring);
  }

  /**
   * Flood control on every message, before Colyseus decodes it: a token bucket per connection. Over the limit the
   * message is dropped and answered RATE_LIMITED; far over, the connection is closed (FLOOD_CLOSE_CODE).
   */
  protected override _onMessage(client: Client<SeatUser> & Parameters<Room['_onMessage']>[0], buffer: Buffer): void {
    // Every frame counts, also those Colyseus would drop unread (not a message type it knows).
    const user = (client.userData ??= { seat: null });
    if (user.cut) return; // cut off: the frames still in flight are dropped unread
    user.bucket ??= new MessageBucket(settings.flood);
    const verdict = user.bucket.take(this.tableClock.now());
    if (verdict === 'ok') return super._onMessage(client, buffer);
    metrics.errors.inc({ code: 'RATE_LIMITED' });
    if (verdict === 'limited') return sendTo(client, 'error', { code: 'RATE_LIMITED', message: 'Too many messages; slow down, partner.' });
    user.cut = true;
    this.log.warn({ session: client.sessionId, seat: user.seat }, 'flooding client disconnected');
    client.leave(FLOOD_CLOSE_CODE, 'Too many messages.');
  }

  /** A handler that throws answers its client and keeps the table (the engine's states are immutable). */
  private guarded(client: Client, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.log.error({ err, session: client.sessionId }, 'error while handling a message');
      this.sendError(client, 'SERVER_ERROR', 'The server could not handle that; the table goes on.');
    }
  }

  /** The open seats last written to the listing (-1: none yet). */
  private listedOpen = -1;

  /** Every change reaches the clients here: the listing follows the open seats too. */
  override broadcastPatch(): boolean {
    this.listSeats();
    return super.broadcastPatch();
  }

  /**
   * How many seats a newcomer would take, in the table's listing: what the lobby's preview says before one joins
   * (`/api/tables/:code`, read from the matchmaker's cache, in Redis when several processes share it). Written when
   * it changes.
   */
  private listSeats(): void {
    const open = this.seats.open().length;
    if (open === this.listedOpen) return;
    this.listedOpen = open;
    this.setMetadata({ open, seats: this.state.seats.length }).catch((err: unknown) => this.log.warn({ err }, 'table listing not updated'));
  }

  onJoin(client: Client<SeatUser>, raw: unknown): void {
    const { name, spectate, rejoin, resume, device } = parseJoin(raw);
    if (this.seats.isBarred(device)) refuse('KICKED', 'The host removed you from this table.');
    // The story so far first (table/events.ts `history`), then the events of this arrival.
    const story = this.events.history();
    if (story.length > 0) sendTo(client, 'history', story);
    client.view = new StateView();
    const back = rejoin ? this.seats.takeBack(client, rejoin, device, resume) : null;
    if (back !== null) {
      this.tableClock.acted(back);
      // A table rebuilt after a restart carries on once every player is back.
      return this.restore.playerBack();
    }
    const open = this.seats.open();
    if (spectate) return this.seats.addSpectator(client);
    if (open.length === 0) {
      // A bot-only table has no seat for anyone: its creator (and everyone after) watches.
      if (this.state.host === -1) return this.seats.addSpectator(client);
      refuse('TABLE_FULL', 'Every seat at this table is taken. You can watch instead.');
    }
    this.seats.sit(client, open[0], name, device);
    if (this.driver.engine) this.showPrivate(client, open[0]);
    this.startWhenFull();
  }

  async onLeave(client: Client<SeatUser>, consented: boolean): Promise<void> {
    // A refused join (onJoin threw) also ends here: that client never sat down nor watched.
    this.actions.forget(client);
    this.races.forget(client);
    if (!client.userData || client.userData.replaced) return;
    if (this.shuttingDown) return; // the process stops: a kept game resumes with every seat as it was
    const seat = client.userData.seat ?? null;
    if (seat === null) {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      this.broadcastPatch();
      return;
    }
    const s = this.state.seats[seat];
    // A dropped connection (not a goodbye) keeps its seat for the grace period, before the game as during it: a phone
    // that changed networks while its table waits for friends comes back to the same table, not to a closed one or an
    // open seat a stranger took. The game may start meanwhile (its seats all taken); the player comes back to it.
    const waitForThem = !consented && this.grace() > 0 && (this.state.status === 'waiting' || this.state.status === 'playing');
    if (this.state.status === 'waiting' && !waitForThem) return this.seats.free(seat);
    s.connected = false;
    if (waitForThem) this.seats.dropped(seat);
    this.broadcastPatch();
    if (waitForThem && (await this.seats.waitForReturn(client, seat, this.grace()))) return;
    // Not back in time: before the game the seat is open again, during it a bot plays it.
    if (this.state.status === 'waiting') return this.seats.free(seat);
    if (this.state.status === 'playing') {
      s.kind = 'bot';
      s.sessionId = '';
      this.saveSeats();
      this.broadcastEvents([{ type: 'bot_took_seat', seat } satisfies TableEvent]);
      this.turns.afterChange();
    }
    this.seats.passHost(seat);
  }

  async onDispose(): Promise<void> {
    this.turns.clear();
    this.seats.clear();
    metrics.liveTables.delete(this);
    // Everyone left a game still being played: it is not resumed after a restart (a shutdown keeps it).
    const resumed = this.state?.status === 'playing' && this.shuttingDown && this.driver.kept;
    if (this.state?.status === 'playing' && !this.shuttingDown) this.driver.persist((s) => s.finish(this.driver.gameId, 'abandoned', null));
    // A table the next process resumes keeps its code claimed meanwhile.
    if (this.code && !resumed) await releaseCode(this.presence, this.code);
    this.log.info('table closed');
  }

  /** The process is stopping (SIGTERM): tell everyone, then close their connections. */
  onBeforeShutdown(): void {
    this.shuttingDown = true;
    // A kept game (persist/) is already stored step by step: the next process resumes it, and its players reconnect
    // on their own as after any drop. Only a table that is not kept is closed.
    const resumable = this.state.status === 'playing' && this.driver.kept;
    this.log.info(
      { clients: this.clients.length, resumable },
      resumable ? 'server restarting: the game is kept for the next process' : 'server restarting: closing table',
    );
    if (!resumable) {
      this.broadcastEvents([
        { type: 'server_restarting', message: 'The server is restarting. This table is closed; start a new one in a moment.' } satisfies TableEvent,
      ]);
      this.broadcastPatch();
    }
    this.turns.clear();
    // (Colyseus does not wait for this hook: a failure is logged, never an unhandled rejection)
    this.disconnect(Protocol.WS_CLOSE_GOING_AWAY).catch((err: unknown) => this.log.warn({ err }, 'disconnecting for the shutdown failed'));
  }

  onUncaughtException(error: unknown, methodName: string): void {
    if ((error as { cause?: unknown })?.cause instanceof ServerError) return; // a refusal the client was told about
    this.log.error({ err: error, method: methodName }, 'uncaught error in table');
  }

  /** The game starts by itself once every seat is taken (a bot-only table: once its creator is watching). */
  private startWhenFull(): void {
    if (this.state.status === 'waiting' && this.seats.open().length === 0) this.startGame();
    else this.broadcastPatch();
  }

  private startGame(): void {
    this.driver.start({ code: this.code, room: this.roomName, seats: this.seats.stored(), startedAt: this.tableClock.now() });
    this.state.status = 'playing';
    this.driver.mirror();
    for (const client of this.clients) {
      const seat = client.userData?.seat;
      if (seat !== undefined && seat !== null) this.showPrivate(client, seat);
    }
    this.broadcastEvents([{ type: 'game_started', seats: this.state.seats.length } satisfies TableEvent]);
    this.log.info({ seats: this.state.seats.length, bots: this.state.seats.filter((s) => s.kind === 'bot').length }, 'game started');
    this.turns.afterChange();
  }

  /** Every intent reaching the engine, a player's or a bot's, passes here (the adversarial suite watches it). */
  private play(seat: Seat, intent: { type: string }, by: By, from?: Client, claimedMs?: number): void {
    this.turns.play(seat, intent, by, from, claimedMs);
  }

  private showPrivate(client: Client<SeatUser>, seat: Seat): void {
    // Only what this client is not shown yet: adding a shown object again (a rematch) makes colyseus.js decode its
    // maps afresh, without the keys of their entries (packages/server/src/games/json-board.test.ts).
    const own = [...this.adapter.privateObjects(this.state, seat), this.state.seatEvents[seat]!];
    for (const obj of own) if (!client.view!.has(obj)) client.view!.add(obj);
  }

  private sendError(client: Client, code: ErrorCode, message: string): void {
    metrics.errors.inc({ code });
    sendTo(client, 'error', { code, message });
  }

  private saveSeats(): void {
    this.driver.persist((s) => s.updateSeats(this.driver.gameId, this.seats.stored()));
  }

  /** Tells each recipient the events it may see (its own seat's, or a spectator's), in the patch that shows them. */
  private broadcastEvents(events: readonly GameEvent[]): void {
    this.events.add(events);
  }

  /** Colyseus' hook before each patch: the change's events ride in it (table/events.ts). */
  onBeforePatch(): void {
    this.events.write(this.state);
  }

  /** What the table's parts need from the room, read when used (the state exists once the table is created). */
  private host() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const room = this;
    return {
      get state(): TableState {
        return room.state;
      },
      get adapter(): AnyAdapter {
        return room.adapter;
      },
      get clients(): Client<SeatUser>[] {
        return room.clients;
      },
      get log() {
        return room.log;
      },
      get code() {
        return room.code;
      },
      grace: () => this.grace(),
      botDelayMs: () => settings.botDelayMs,
      keepOpen: (open: boolean) => (this.autoDispose = !open),
      events: (events: readonly GameEvent[]) => this.broadcastEvents(events),
      retell: (events: readonly GameEvent[]) => this.events.retell(events),
      patch: () => this.broadcastPatch(),
      sendError: (client: Client, code: ErrorCode, message: string) => this.sendError(client, code, message),
      saveSeats: () => this.saveSeats(),
      startWhenFull: () => this.startWhenFull(),
      startGame: () => this.startGame(),
      showPrivate: (client: Client<SeatUser>, seat: Seat) => this.driver.engine && this.showPrivate(client, seat),
      allowReconnection: (client: Client<SeatUser>, seconds: number) => {
        const pending = this.allowReconnection(client, seconds);
        // Colyseus forgets, without clearing it, the grace timer of a reconnection cancelled early (a kick, the seat
        // taken back, the table closing): it would hold this room in memory for the rest of the grace period.
        const graceTimer = this.reservedSeatTimeouts[client.sessionId];
        const clear = () => clearTimeout(graceTimer);
        pending.then(clear).catch(clear);
        return pending;
      },
      play: (seat: Seat, intent: { type: string }, by: By, from?: Client, claimedMs?: number) => this.play(seat, intent, by, from, claimedMs),
    };
  }
}
