/**
 * Who sits where: seat assignment, the host and their powers (bots, kick, to spectator), spectators, seat tokens
 * (taking a seat back), barred devices, and the reconnection a dropped seat waits for.
 */
import { randomUUID } from 'node:crypto';
import { Protocol, type Client, type Deferred } from '@colyseus/core';
import { StateView } from '@colyseus/schema';
import type { ErrorCode, Seat, TableEvent } from '@tumbleweed/engine';
import type { Logger } from 'pino';
import type { MessageBucket } from '../flood';
import * as metrics from '../metrics';
import { hashToken, type StoredSeat } from '../persist';
import type { TableState } from '../table-state';
import type { TableClock, TimerHandle } from './clock';
import type { HostAction } from './schemas';
import { sendTo } from './send';
import { settings } from './settings';

export const MAX_SPECTATORS = 50;

/** Close code for a connection whose seat was taken by another (a second tab, a seat token): it must not reconnect. */
export const SEAT_TAKEN_CLOSE_CODE = 4010;

const BOT_NAMES = ['Doc Holloway', 'Calamity Kate', 'Dusty Pete', 'One-Eyed Jack', 'Belle Starr', 'Sheriff Bart'];
export const botName = (seat: Seat): string => BOT_NAMES[seat % BOT_NAMES.length];

export interface SeatUser {
  seat: Seat | null;
  /** This connection's message bucket (flood control). */
  bucket?: MessageBucket;
  /** Closed by the server because another connection took its seat (or it was kicked): no reconnection. */
  replaced?: boolean;
  /** Cut off for flooding: its remaining frames are dropped. */
  cut?: boolean;
  /** The seed of the game whose log this connection was sent (one log per connection and game). */
  logOf?: string | number;
}

/** What the seats need from their room. */
export interface SeatsHost {
  readonly state: TableState;
  readonly clients: Iterable<Client<SeatUser>>;
  log: Logger;
  events(events: TableEvent[]): void;
  patch(): void;
  /** Stores the seats (a game being played). */
  saveSeats(): void;
  /** Starts the game once every seat is taken, else patches. */
  startWhenFull(): void;
  /** Adds the seat's private Schema objects to the client's view. */
  showPrivate(client: Client<SeatUser>, seat: Seat): void;
  allowReconnection(client: Client<SeatUser>, seconds: number): Deferred<Client<SeatUser>>;
}

export type Refusal = { code: ErrorCode; message: string };

export class Seats {
  /**
   * Secret per seat, sent only to its player (`welcome`), to take the seat back after the grace period. Kept here
   * (and stored, persist/) as its SHA-256 only.
   */
  private tokens = new Map<Seat, string>();
  /** Device ids of kicked players: barred from this table for its life. */
  private barred = new Set<string>();
  /** The device id each seated player joined with, when their browser sent one. */
  private devices = new Map<Seat, string>();
  /** A dropped seat's pending reconnection (cancelled when the seat is kicked or taken back with its token). */
  private reconnecting = new Map<Seat, Deferred<Client<SeatUser>>>();
  /** Runs out when the host has been away `settings.hostAwaySeconds` (see `dropped`). */
  private hostAwayTimer: TimerHandle | null = null;
  /** The host has been away that long and nobody else was here to take the powers: the next player here does. */
  private hostOverdue = false;

  constructor(
    private readonly host: SeatsHost,
    private readonly clock: TableClock,
  ) {}

  private get state(): TableState {
    return this.host.state;
  }

  isBarred(device: string | undefined): boolean {
    return device !== undefined && this.barred.has(device);
  }

  open(): Seat[] {
    return this.state.seats.toArray().flatMap((s, i) => (s.kind === 'open' ? [i] : []));
  }

  /** A newcomer takes the first open seat (the first human becomes the host). */
  sit(client: Client<SeatUser>, seat: Seat, name: string | undefined, device: string | undefined): void {
    const s = this.state.seats[seat];
    s.kind = 'human';
    s.name = name ?? `Stranger ${seat + 1}`;
    s.sessionId = client.sessionId;
    s.connected = true;
    client.userData = { ...client.userData, seat };
    if (device) this.devices.set(seat, device);
    if (this.state.host === -1) this.state.host = seat;
    this.welcome(client, seat);
    this.host.events([{ type: 'player_joined', seat, name: s.name }]);
    this.here(seat);
  }

  /** Tells a player their seat and its secret token (kept by the client to take the seat back later). */
  private welcome(client: Client<SeatUser>, seat: Seat): void {
    const token = randomUUID();
    this.tokens.set(seat, hashToken(token));
    if (this.state.status === 'playing') this.host.saveSeats();
    sendTo(client, 'welcome', { seat, token });
  }

  /**
   * A player comes back with their seat token (dropped past the grace period, or in a new tab): returns the seat, or
   * null. A seat whose connection is live is taken only with `resume`: the page that held it lost that connection
   * and asks for the seat again before the server has noticed (its pings take 6–9 s). The old connection is closed
   * with SEAT_TAKEN_CLOSE_CODE. Without `resume` (a second tab joining), a live seat is not taken.
   */
  takeBack(client: Client<SeatUser>, token: string, device: string | undefined, resume = false): Seat | null {
    const hash = hashToken(token);
    const seat = [...this.tokens].find(([, t]) => t === hash)?.[0];
    if (seat === undefined) return null;
    const s = this.state.seats[seat];
    if (s.connected && !resume) return null;
    // A take-over of a live seat: nobody saw the player go, so nobody is told they are back.
    const sawThemGo = !s.connected;
    if (s.connected) this.replace(s.sessionId);
    // One live session per seat: the seat's old connection is gone or closed, and a reconnection still waiting for it
    // is cancelled.
    this.cancelReconnection(seat);
    s.kind = 'human';
    s.sessionId = client.sessionId;
    s.connected = true;
    s.away = false;
    client.userData = { ...client.userData, seat };
    if (device) this.devices.set(seat, device);
    if (this.state.host === -1) this.state.host = seat;
    this.welcome(client, seat);
    this.host.showPrivate(client, seat);
    if (sawThemGo) this.host.events([{ type: 'player_returned', seat, name: s.name }]);
    this.here(seat);
    this.host.patch();
    return seat;
  }

  addSpectator(client: Client<SeatUser>): void {
    client.userData = { seat: null };
    this.state.spectators += 1;
    this.host.startWhenFull();
  }

  makeBot(seat: Seat): void {
    const s = this.state.seats[seat];
    s.kind = 'bot';
    s.name = botName(seat);
  }

  free(seat: Seat): void {
    const s = this.state.seats[seat];
    const name = s.name;
    s.kind = 'open';
    s.name = '';
    s.sessionId = '';
    s.connected = false;
    // A freed seat's tokens die with it: nobody takes a later occupant's seat with an old token.
    this.tokens.delete(seat);
    this.devices.delete(seat);
    this.cancelReconnection(seat);
    this.host.events([{ type: 'player_left', seat, name }]);
    this.passHost(seat);
    this.host.patch();
  }

  /** The host left for good (seat freed, or played by a bot): the first player here is the host, else nobody yet. */
  passHost(leaving: Seat): void {
    if (this.state.host !== leaving) return;
    if (this.handOver(leaving)) return;
    this.hostBack();
    this.state.host = -1; // nobody here: the next to sit down is the host
  }

  /**
   * A seat's connection dropped and the seat waits for its player. The host's powers (starting the game, bots, kick)
   * wait `settings.hostAwaySeconds` for them (a page reloaded, a phone changing networks); then they pass to the
   * first player here, or to the next to arrive. A host who comes back after that is a player like the others.
   */
  dropped(seat: Seat): void {
    if (seat !== this.state.host) return;
    this.clock.cancel(this.hostAwayTimer);
    this.hostAwayTimer = this.clock.later(() => {
      this.hostAwayTimer = null;
      this.hostOverdue = true;
      if (this.handOver(seat)) this.host.patch();
    }, settings.hostAwaySeconds * 1000);
  }

  /** A player is here (sat down, came back): the host back in time keeps the powers; a host away too long gives them. */
  private here(seat: Seat): void {
    if (seat === this.state.host) this.hostBack();
    else if (this.hostOverdue) this.handOver(this.state.host);
  }

  /** The host's absence, if any, is over (back, or no longer the host). */
  private hostBack(): void {
    this.clock.cancel(this.hostAwayTimer);
    this.hostAwayTimer = null;
    this.hostOverdue = false;
  }

  /** The host's powers go from `from` to the first player here (told to everyone): true when someone took them. */
  private handOver(from: Seat): boolean {
    const to = this.state.seats.findIndex((s, i) => i !== from && s.kind === 'human' && s.connected);
    if (to === -1) return false;
    this.hostBack();
    this.state.host = to;
    this.host.events([{ type: 'host_passed', seat: to, was: from }]);
    return true;
  }

  /**
   * A seated player's connection dropped (before or during a game): waits up to `graceSeconds` for them. Returns true
   * when they came back (or the seat was taken back or freed meanwhile), false when the seat should be freed (before
   * the game) or played by a bot.
   */
  async waitForReturn(client: Client<SeatUser>, seat: Seat, graceSeconds: number): Promise<boolean> {
    const s = this.state.seats[seat];
    const pendingBack = this.host.allowReconnection(client, graceSeconds);
    this.reconnecting.set(seat, pendingBack);
    try {
      const back = await pendingBack;
      if (this.reconnecting.get(seat) === pendingBack) this.reconnecting.delete(seat);
      if (s.sessionId !== client.sessionId) {
        // The seat was taken back with its token (or freed) meanwhile: this connection has no seat any more.
        back.userData = { seat: null, replaced: true };
        back.leave(SEAT_TAKEN_CLOSE_CODE, 'Your seat was taken from another window or device.');
        return true;
      }
      back.userData = { seat };
      back.view = new StateView();
      this.host.showPrivate(back, seat);
      s.connected = true;
      metrics.reconnections.inc();
      this.host.log.info({ seat }, 'player reconnected');
      this.here(seat);
      this.host.patch();
      return true;
    } catch {
      // grace period over, or the reconnection was cancelled (kicked, seat taken back): fall through
      if (this.reconnecting.get(seat) === pendingBack) this.reconnecting.delete(seat);
    }
    return s.connected || s.sessionId !== client.sessionId; // came back with their seat token meanwhile
  }

  /** The live connection of session `sessionId`, if it is still connected. */
  private clientOf(sessionId: string): Client<SeatUser> | undefined {
    return [...this.host.clients].find((c) => c.sessionId === sessionId);
  }

  /** Closes the connection whose seat another took with its token: it has no seat, and must not reconnect. */
  private replace(sessionId: string): void {
    const old = this.clientOf(sessionId);
    if (!old) return;
    old.userData = { seat: null, replaced: true };
    old.leave(SEAT_TAKEN_CLOSE_CODE, 'Your seat was taken from another window or device.');
  }

  /** Rejects a dropped seat's pending reconnection, so its old reconnection token is dead. */
  private cancelReconnection(seat: Seat): void {
    const pending = this.reconnecting.get(seat);
    if (!pending) return;
    this.reconnecting.delete(seat);
    pending.reject(new Error('seat no longer waits for this connection'));
  }

  /** The host's powers. Returns a refusal, or null when done. */
  hostAction(action: HostAction, host: Seat): Refusal | null {
    const waiting = this.state.status === 'waiting';
    const notNow: Refusal = { code: 'NOT_NOW', message: 'That can only be done before the game starts.' };
    const seatOf = (seat: number) => this.state.seats[seat];
    switch (action.action) {
      case 'start': {
        if (!waiting) return notNow;
        for (const seat of this.open()) this.makeBot(seat);
        this.host.startWhenFull();
        return null;
      }
      case 'addBot': {
        if (!waiting) return notNow;
        const [seat] = this.open();
        if (seat === undefined) return { code: 'TABLE_FULL', message: 'Every seat is taken.' };
        this.makeBot(seat);
        this.host.startWhenFull();
        return null;
      }
      case 'removeBot': {
        if (!waiting) return notNow;
        if (seatOf(action.seat)?.kind !== 'bot') return { code: 'BAD_SEAT', message: 'That seat has no bot.' };
        this.free(action.seat);
        return null;
      }
      case 'kick':
      case 'toSpectator': {
        const s = seatOf(action.seat);
        if (!s || s.kind !== 'human' || action.seat === host) return { code: 'BAD_SEAT', message: 'Pick another player’s seat.' };
        if (action.action === 'toSpectator' && !waiting) return notNow;
        const target = this.clientOf(s.sessionId);
        this.tokens.delete(action.seat);
        if (!waiting) this.host.saveSeats();
        if (action.action === 'kick') {
          // Kicked for the table's life: every token of the seat dies, and the device is barred from joining again.
          const device = this.devices.get(action.seat);
          if (device) this.barred.add(device);
          this.host.events([{ type: 'player_kicked', seat: action.seat, name: s.name }]);
          if (target) target.leave(Protocol.WS_CLOSE_CONSENTED);
          else if (this.reconnecting.has(action.seat)) this.cancelReconnection(action.seat);
          else if (waiting) this.free(action.seat);
          return null;
        }
        this.free(action.seat);
        if (target) this.addSpectator(target);
        return null;
      }
    }
  }

  /** The seats as the store keeps them (a token's hash only). */
  stored(): StoredSeat[] {
    return this.state.seats.map((s, i) => ({ name: s.name, kind: s.kind, tokenHash: this.tokens.get(i) ?? null }));
  }

  /** Seats of a table rebuilt after a restart: every human dropped until they take their seat back with its token. */
  restore(stored: StoredSeat[]): void {
    stored.forEach((seat, i) => {
      const s = this.state.seats[i];
      if (!s) return;
      s.kind = seat.kind === 'bot' ? 'bot' : 'human';
      s.name = seat.name;
      s.connected = false;
      if (seat.tokenHash) this.tokens.set(i, seat.tokenHash);
    });
  }

  /** Disposing: no reconnection is waited for any more. */
  clear(): void {
    this.reconnecting.clear();
    this.hostBack();
  }
}
