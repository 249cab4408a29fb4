/**
 * The turn loop of one table: an intent (a player's message or a bot's decision) reaches the engine, its result is
 * committed (driver.ts) and shown, then whoever must decide gets a countdown and the bots among them are woken. Also
 * the game's own clock (a threat window, a duel), the fair races' held shots (fair/) and AFK misses.
 */
import { performance } from 'node:perf_hooks';
import type { Client } from '@colyseus/core';
import { isError, reactionSchema, type ApplyResult, type ErrorCode, type GameEvent, type Rng, type Seat, type TableEvent } from '@tumbleweed/engine';
import type { Logger } from 'pino';
import { FairRaces, type TimedShot } from '../fair/races';
import type { AnyAdapter, BotLevel } from '../game-adapter';
import * as metrics from '../metrics';
import { syncArray, type TableState } from '../table-state';
import type { TableClock } from './clock';
import type { GameDriver, Step } from './driver';
import type { SeatUser } from './seats';

/** Intents arriving this long after one that came during a race are logged like it (info): the late answers. */
export const RACE_LOG_TAIL_MS = 1000;

export type By = 'human' | 'bot';

/** The log line of a shot dropped because its race was over: held while a quicker one won, or arriving just after. */
export const SHOT_TOO_LATE = 'shot too late: the race was over';

/** What the turn loop needs from its room. */
export interface TurnsHost {
  readonly state: TableState;
  readonly adapter: AnyAdapter;
  readonly clients: Client<SeatUser>[];
  readonly log: Logger;
  /** How long a bot waits by default (BOT_DELAY_MS, read when a bot is scheduled). */
  botDelayMs(): number;
  /** The game's events (any game's: the turn loop drives whichever) and the table's own. */
  events(events: readonly GameEvent[]): void;
  patch(): void;
  sendError(client: Client, code: ErrorCode, message: string): void;
  /** The room's entry for an intent reaching the engine (tests watch it there); it calls `Turns.play`. */
  play(seat: Seat, intent: { type: string }, by: By, from?: Client, claimedMs?: number): void;
}

export class Turns {
  /** Rebuilt after a restart and not going on yet: a move is shown, but no countdown runs and no bot wakes. */
  paused = false;
  /** Seats waited for after the last change: a seat newly waited for gets a fresh countdown. */
  pendingBefore = new Set<Seat>();
  /** The running countdown is the game's own deadline (not the table's per-decision timer). */
  private onGameClock = false;
  /** Every intent that reaches the table gets the next number: arrival order. */
  private arrivals = 0;
  /** When the last intent arrived while the game's own clock ran (a race, a response window). */
  private lastRealTimeArrival = -Infinity;
  /** Races judged by reaction time: clock sync, cards ahead of "Go!", held shots (fair/). */
  readonly races: FairRaces;

  constructor(
    private readonly host: TurnsHost,
    private readonly driver: GameDriver,
    private readonly clock: TableClock,
    private readonly bots: { rng: () => Rng; level: () => BotLevel },
  ) {
    this.races = new FairRaces({
      race: () => (host.state.status === 'playing' ? (host.adapter.game.race?.(driver.engine) ?? null) : null),
      hasRaces: () => Boolean(host.adapter.game.race),
      preview: (seat) => host.adapter.game.racePreview?.(driver.engine, seat) ?? null,
      clientOf: (seat) => host.clients.find((c) => c.userData?.seat === seat),
      judge: (shot) => this.judge(shot),
      outlived: (shot) =>
        host.log.info({ seq: shot.seq, seat: shot.seat, by: shot.by, intent: shot.intent.type, at: shot.at, arrival: shot.arrival }, SHOT_TOO_LATE),
      later: (fn, ms) => clock.later(fn, ms),
      cancel: (handle) => clock.cancel(handle),
      now: () => clock.now(),
      lagMs: () => clock.lagMs(),
    });
  }

  private get state(): TableState {
    return this.host.state;
  }

  private get game(): AnyAdapter['game'] {
    return this.host.adapter.game;
  }

  /** A seated player's `intent` message: checked, then played. */
  intent(client: Client<SeatUser>, message: unknown): void {
    const seat = client.userData?.seat ?? null;
    const refuse = (code: ErrorCode, text: string) => this.host.sendError(client, code, text);
    if (seat === null) return refuse('NOT_SEATED', 'Spectators watch; they cannot play.');
    if (this.state.status === 'over') return refuse('GAME_OVER', 'The game is over.');
    if (this.state.status !== 'playing') return refuse('NOT_STARTED', 'The game has not started yet.');
    // A timed intent (a race's shot) may carry the player's reaction beside it: the timing policy's to judge.
    let claimedMs: number | undefined;
    if (message !== null && typeof message === 'object' && !Array.isArray(message) && 'reactionMs' in message) {
      const { reactionMs, ...rest } = message as Record<string, unknown>;
      const claim = reactionSchema.safeParse(reactionMs);
      if (!claim.success) return refuse('BAD_MESSAGE', 'reactionMs: a number of ms from 0 to 60000.');
      claimedMs = claim.data;
      message = rest;
    }
    const parsed = this.host.adapter.intentSchema.safeParse(message);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse('BAD_MESSAGE', `${issue.path.join('.') || 'intent'}: ${issue.message}`);
    }
    this.clock.acted(seat);
    if (this.state.seats[seat].away) {
      this.state.seats[seat].away = false;
      this.host.events([{ type: 'seat_back', seat } satisfies TableEvent]);
    }
    const started = performance.now();
    const game = this.game.id;
    metrics.intents.inc({ game });
    this.settleBefore(seat, parsed.data.type);
    this.host.play(seat, parsed.data, 'human', client, claimedMs);
    metrics.intentSeconds.observe({ game }, (performance.now() - started) / 1000);
  }

  /**
   * One intent reaches the engine, stamped with the server's clock and its arrival number. When several players
   * answer in the same instant (a race, an interrupt), the earlier arrival is applied first and wins: that order is
   * logged (info while the game's own clock runs — a response window, a race — debug otherwise).
   */
  play(seat: Seat, intent: { type: string }, by: By, from?: Client, claimedMs?: number): void {
    const seq = ++this.arrivals;
    const { game } = this;
    const engine = this.driver.engine;
    const race = this.races.timed(seat, intent.type);
    if (race && this.clock.now() >= race.goAt) {
      // A racer's shot after "Go!": judged by reaction time once no quicker shot can still be on its way (fair/). One
      // the engine refuses even now (a wrong gun, a lock-out) is answered at once, unless it came for the race that
      // just ended (`tooLate`).
      const shot = this.races.place(race, { seat, intent, by, from, claimedMs, seq });
      this.lastRealTimeArrival = shot.arrival;
      const probe = game.apply(engine, seat, shot.intent, shot.at);
      if (isError(probe) && this.races.late(seat, intent.type)) return this.tooLate(seq, seat, by, intent.type, shot.arrival, probe.error.code);
      this.host.log.info(
        { seq, seat, by, intent: intent.type, claimedMs, ...shot.verdict, ...(isError(probe) ? { result: probe.error.code } : {}) },
        isError(probe) ? 'shot refused' : 'shot held',
      );
      if (isError(probe)) return this.commit(probe, { seat, intent: shot.intent, at: shot.at }, from);
      this.races.hold(shot);
      return;
    }
    const at = this.clock.now();
    // A race or a response window, or just after one closed (the late answers that lost it).
    const realTime = this.driver.deadline() !== null || at - this.lastRealTimeArrival < RACE_LOG_TAIL_MS;
    if (this.driver.deadline() !== null) this.lastRealTimeArrival = at;
    const pending = game.pending(engine).includes(seat);
    const result = game.apply(engine, seat, intent, at);
    if (isError(result) && this.races.late(seat, intent.type)) return this.tooLate(seq, seat, by, intent.type, at, result.error.code);
    const line = { seq, seat, by, intent: intent.type, at, pending, result: isError(result) ? result.error.code : 'accepted' };
    if (realTime) this.host.log.info(line, 'intent arrived');
    else this.host.log.debug(line, 'intent arrived');
    this.commit(result, { seat, intent, at }, from);
  }

  /**
   * A shot of the race that just ended, which the engine refuses now (there is no race, or the next one does not take
   * it): sent before the result reached its shooter, it is dropped, not refused; the result answers it.
   */
  private tooLate(seq: number, seat: Seat, by: By, intent: string, arrival: number, result: ErrorCode): void {
    this.host.log.info({ seq, seat, by, intent, arrival, result }, SHOT_TOO_LATE);
  }

  /** Shots held for a race are judged before any other intent reaches the engine. */
  private settleBefore(seat: Seat, type: string): void {
    if (this.races.waiting && !this.races.timed(seat, type)) this.races.settle(true);
  }

  /**
   * A held race shot, at its accepted time. The engine checked it when it was held; if it refuses it now, a shot
   * judged before it changed the race (a lock-out from the shooter's own earlier misfire): that shows in the state,
   * so the shooter is not sent a late refusal (answers to a connection stay in the order of its messages).
   */
  private judge(shot: TimedShot): void {
    if (this.state.status !== 'playing') return;
    const result = this.game.apply(this.driver.engine, shot.seat, shot.intent, shot.at);
    const { seq, seat, by, at, arrival } = shot;
    this.host.log.info({ seq, seat, by, intent: shot.intent.type, at, arrival, result: isError(result) ? result.error.code : 'accepted' }, 'shot judged');
    if (!isError(result)) this.commit(result, { seat, intent: shot.intent, at });
  }

  /** Takes an engine result: refuse it, or make it the table's state and tell everyone what happened. */
  commit(result: ApplyResult<unknown>, step: Step, from?: Client): void {
    if (isError(result)) {
      if (from) this.host.sendError(from, result.error.code, result.error.message);
      else this.host.log.error({ error: result.error }, 'server-side intent refused');
      return;
    }
    this.driver.record(result, step);
    const before = this.pendingBefore;
    this.driver.mirror();
    this.host.events(result.events);
    this.afterChange(before);
  }

  /** Patches at once, then restarts the countdown when someone new must decide, and wakes the bots. */
  afterChange(before: Set<Seat> = new Set()): void {
    const pending = this.driver.pending();
    syncArray(this.state.pending, pending);
    // A rebuilt table that has not gone on yet (persist/): a move is shown, but no countdown runs and no bot wakes.
    if (this.paused) return this.host.patch();
    const fresh = pending.some((s) => !before.has(s));
    this.pendingBefore = new Set(pending);
    if (this.followGameClock()) {
      // the game's own clock runs (a threat window, a duel)
    } else if (pending.length === 0) this.stopCountdown();
    else if (fresh || this.onGameClock) this.startCountdown();
    this.onGameClock = this.clock.counting && this.driver.deadline() !== null;
    this.host.patch();
    this.races.afterChange();
    for (const seat of [...pending, ...this.interrupters(pending)]) if (this.botPlays(seat)) this.scheduleBot(seat);
  }

  /** Seats the game does not wait for but that may act now (an interrupt), when the game has them. Never sent. */
  private interrupters(pending: readonly Seat[]): Seat[] {
    const { game } = this;
    if (this.state.status !== 'playing' || !game.interrupters) return [];
    return game.interrupters(this.driver.engine).filter((s: Seat) => !pending.includes(s));
  }

  private startCountdown(): void {
    this.stopCountdown();
    if (this.state.turnSeconds <= 0) return;
    this.expireAt(this.clock.now() + this.state.turnSeconds * 1000);
  }

  /**
   * Real-time games own their clock while it matters (a threat window, a "Go!"): the room only wakes the engine on
   * time. Returns false when the game has no deadline now, and the table's per-decision countdown applies.
   */
  private followGameClock(): boolean {
    const at = this.driver.deadline();
    if (at === null) return false;
    if (!(this.clock.counting && this.state.deadline === at)) {
      this.stopCountdown();
      this.expireAt(at);
    }
    return true;
  }

  private expireAt(deadline: number): void {
    this.state.deadline = deadline;
    this.clock.countTo(deadline, () => {
      if (this.races.waiting) {
        // Shots held for a race are judged before its deadline; when they changed the game, its clock is re-armed.
        this.races.settle(true);
        if (this.clock.counting || this.state.status !== 'playing') return;
      }
      this.noteMisses(this.game.pending(this.driver.engine));
      const at = Math.max(this.clock.now(), deadline);
      this.commit(this.game.timeout(this.driver.engine, at), { timeout: true, at });
    });
  }

  /** Seats whose countdown ran out: after AWAY_AFTER_MISSES in a row, a bot plays for them until they act. */
  private noteMisses(late: Seat[]): void {
    const away: Seat[] = [];
    for (const seat of late) {
      const s = this.state.seats[seat];
      if (s.kind !== 'human' || s.away) continue;
      if (this.clock.miss(seat)) {
        s.away = true;
        away.push(seat);
      }
    }
    if (away.length) this.host.events(away.map((seat): TableEvent => ({ type: 'seat_away', seat })));
  }

  private stopCountdown(): void {
    this.clock.stopCountdown();
    this.state.deadline = 0;
  }

  /** A bot seat, or a human who is away. */
  private botPlays(seat: Seat): boolean {
    const s = this.state.seats[seat];
    return s.kind === 'bot' || s.away;
  }

  /**
   * A bot acts after its reaction time (the adapter's, else the table's base delay), counted from the end of any
   * lock-out the game reports (`botReadyAt`). It decides when the timer fires, from the state then: as a waited-for
   * seat with `bot`, as an interrupter with `botInterrupt` (which may let the moment pass).
   */
  private scheduleBot(seat: Seat): void {
    if (this.clock.botWaiting(seat)) return;
    const { adapter } = this.host;
    const { game } = adapter;
    const base = this.host.botDelayMs();
    const reaction = adapter.botDelayMs ? adapter.botDelayMs(this.bots.rng(), base, this.bots.level()) : base;
    const readyAt = game.botReadyAt?.(this.driver.engine, seat) ?? null;
    // A racing bot never fires before the false-start floor, whatever its reaction time.
    const floorAt = this.races.botReadyAt(seat);
    const now = this.clock.now();
    const wait = Math.max((readyAt === null ? 0 : Math.max(0, readyAt - now)) + reaction, floorAt === null ? 0 : floorAt - now);
    this.clock.botTurn(seat, wait, () => {
      if (this.state.status !== 'playing' || !this.botPlays(seat)) return;
      const engine = this.driver.engine;
      const pending = game.pending(engine);
      const waited = pending.includes(seat);
      if (!waited && !this.interrupters(pending).includes(seat)) return;
      const view = game.view(engine, seat);
      const intent = waited || !game.botInterrupt ? game.bot(view, this.bots.rng(), this.bots.level()) : game.botInterrupt(view, this.bots.rng());
      if (!intent) return; // the interrupt does not pay now
      metrics.intents.inc({ game: game.id });
      this.settleBefore(seat, intent.type);
      this.host.play(seat, intent, 'bot');
    });
  }

  /** Every timer stops (dispose, shutdown). */
  clear(): void {
    this.races.clear();
    this.clock.clear();
  }
}
