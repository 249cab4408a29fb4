/**
 * Fair races for one table: the clock sync answers, the cards sent ahead of "Go!", and the shots held and judged by
 * reaction time (timing.ts, referee.ts). The room owns the engine; this only asks it through `RaceHost`.
 * The model and its limits: docs/fair-races.md.
 */
import type { Client } from '@colyseus/core';
import { clockPingSchema, type ErrorCode, type Race, type Seat, type ServerMessages } from '@tumbleweed/engine';
import { RttEstimate } from './clock';
import { RaceReferee } from './referee';
import { allowanceMs, collectionWindowMs, FAIR, judgeTiming, type TimingVerdict } from './timing';
import { sendTo } from '../table/send';

/** The lag quota of a race: one way forgiven after a scheduled "Go!", both ways in a response window. */
const quotaOf = (race: Race): number => (race.scheduled ? FAIR.lagQuotaMs : FAIR.windowQuotaMs);
/** Whether `seat` races in `race` with an intent of type `type`. */
const racesWith = (race: Race, seat: Seat, type: string): boolean => race.intents.includes(type) && race.seats.includes(seat);

export interface TimedShot {
  seat: Seat;
  intent: { type: string; reactionMs?: number };
  /** Accepted time (server clock). */
  at: number;
  arrival: number;
  seq: number;
  by: 'human' | 'bot';
  from?: Client;
  verdict: TimingVerdict;
  /** "Go!" of the race it was fired in: a shot outlived by its race (won by a quicker one) is dropped, not refused. */
  goAt: number;
}

/** What the races need from their room. */
export interface RaceHost {
  race(): Race | null;
  /** Whether the table's game has races at all (Saloon Showdown); a Duel or Rattlesnake table never needs the heartbeat. */
  hasRaces(): boolean;
  preview(seat: Seat): ServerMessages['race'] | null;
  /** The connected client playing `seat`, if any (a bot's seat has none). */
  clientOf(seat: Seat): Client | undefined;
  /** Judge a held shot now (the engine, then the table's usual commit). */
  judge(shot: TimedShot): void;
  /** A held shot whose race ended before its turn (a quicker shot won). */
  outlived(shot: TimedShot): void;
  /** A timer on the table's clock, and its cancellation. */
  later(fn: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
  now(): number;
  /** How long a message read now may have waited unread, the server stalled (`Clock.lagMs`); asking keeps it measured. */
  lagMs(): number;
}

/** WebSocket ping/pong, when the transport is `ws` (the browser answers pings itself). */
interface PingSocket {
  ping(data: string): void;
  on(event: 'pong', fn: (data: Buffer) => void): void;
}

export class FairRaces {
  private referee = new RaceReferee<TimedShot>();
  private rtts = new Map<string, RttEstimate>();
  private timer: unknown = null;
  /** A judging put off until the sockets are read after a stall (`due`). */
  private afterStall: NodeJS.Immediate | null = null;
  private previews: unknown[] = [];
  private previewed = '';
  /** The race running after the last change, and the last one that ended (with when: the server's clock). */
  private current: Race | null = null;
  private ended: { race: Race; at: number } | null = null;
  /** Shots dropped for coming just after their race ended (`late`). */
  dropped = 0;

  constructor(private host: RaceHost) {}

  /** A clock ping: answer with the server's time; measure the connection's round trip with a ping frame. */
  clock(client: Client, message: unknown): { code: ErrorCode; message: string } | null {
    const parsed = clockPingSchema.safeParse(message);
    if (!parsed.success) return { code: 'BAD_MESSAGE', message: 'clock: send {"c": <your clock in ms>}.' };
    sendTo(client, 'clock', { c: parsed.data.c, s: this.host.now() });
    if (this.host.hasRaces()) this.host.lagMs(); // a racer's page is here: keep the server's stalls measured for its shots
    const ws = (client as unknown as { ref?: Partial<PingSocket> }).ref;
    if (!ws || typeof ws.ping !== 'function' || typeof ws.on !== 'function') return null;
    let est = this.rtts.get(client.sessionId);
    if (!est) {
      const fresh = (est = new RttEstimate());
      this.rtts.set(client.sessionId, fresh);
      ws.on('pong', (data: Buffer) => fresh.echoed(Number(data.toString()), this.host.now()));
    }
    const now = this.host.now();
    est.sent(now);
    try {
      ws.ping(String(now));
    } catch {
      // the socket is closing
    }
    return null;
  }

  forget(client: Client): void {
    this.rtts.delete(client.sessionId);
  }

  private oneWayMs(seat: Seat): number {
    const client = this.host.clientOf(seat);
    return client ? (this.rtts.get(client.sessionId)?.oneWayMs(this.host.now()) ?? 0) : 0;
  }

  /** The race `seat` takes part in when `type` is one of its timed intents, else null (the intent goes as usual). */
  timed(seat: Seat, type: string): Race | null {
    const race = this.host.race();
    return race && racesWith(race, seat, type) ? race : null;
  }

  /**
   * A racer's shot: its accepted time from its claim (a bot's claim is its true reaction). Nothing is held yet: the
   * room checks the shot with the engine first (a refusal is answered at once), then `hold`s it.
   */
  place(race: Race, shot: { seat: Seat; intent: { type: string }; by: 'human' | 'bot'; from?: Client; claimedMs?: number; seq: number }): TimedShot {
    this.referee.enter(String(race.goAt));
    const arrival = this.host.now();
    const verdict = judgeTiming({
      goAt: race.goAt,
      arrival,
      // A human's shot came over a socket: if the server stalled before reading it, it may have come any time during
      // the stall (at most FAIR.stallMs of it). A bot's shot is a timer of this process: it came when it fired.
      stallMs: shot.by === 'human' ? Math.min(this.host.lagMs(), FAIR.stallMs) : 0,
      claimedMs: shot.by === 'bot' ? arrival - race.goAt : shot.claimedMs,
      oneWayMs: shot.by === 'bot' ? 0 : this.oneWayMs(shot.seat),
      quotaLeftMs: this.referee.quotaLeft(shot.seat, quotaOf(race)),
      falseStartMs: race.falseStartMs,
      scheduled: race.scheduled,
    });
    // A race's shot carries the reaction it was judged by (the engine's false-start rule reads it); a window's
    // intent goes to the engine as it is, at its placed time.
    const intent = race.scheduled ? { ...shot.intent, reactionMs: verdict.reactionMs } : shot.intent;
    return { seat: shot.seat, intent, at: verdict.at, arrival, seq: shot.seq, by: shot.by, from: shot.from, verdict, goAt: race.goAt };
  }

  /** Holds a placed shot until it can be judged: when no quicker shot can still be on its way. */
  hold(shot: TimedShot): void {
    this.referee.hold({ seat: shot.seat, at: shot.at, seq: shot.seq, payload: shot }, shot.verdict.forgivenMs);
    this.settle(false);
  }

  /** Held shots waiting to be judged. */
  get waiting(): number {
    return this.referee.size;
  }

  /** The collection window now: the largest allowance among the racers. */
  windowMs(race: Race | null = this.host.race()): number {
    return race ? collectionWindowMs(race.seats.map((s) => allowanceMs(this.oneWayMs(s), this.referee.quotaLeft(s, quotaOf(race)), race.scheduled))) : 0;
  }

  /** Judges the held shots that are due (all of them with `force`, or when no race runs), and waits for the rest. */
  settle(force: boolean): void {
    this.cancelJudging();
    const race = this.host.race();
    const w = this.windowMs(race);
    const due = force || !race ? this.referee.takeAll() : this.referee.due(this.host.now(), w, race.seats);
    for (const h of due) {
      // A shot whose race is over (a quicker shot won it) is dropped: its shooter sees who won.
      const now = this.host.race();
      if (now && now.goAt === h.payload.goAt) this.host.judge(h.payload);
      else this.host.outlived(h.payload);
    }
    const next = this.referee.nextDue(this.windowMs());
    if (next !== null) this.timer = this.host.later(() => this.due(), Math.max(0, next - this.host.now()));
  }

  /** Cancels the judging waiting for its time: the collection timer, and one put off until the sockets are read. */
  private cancelJudging(): void {
    if (this.timer) this.host.cancel(this.timer);
    this.timer = null;
    if (this.afterStall) clearImmediate(this.afterStall);
    this.afterStall = null;
  }

  /**
   * The collection window ran out. If the server stalled just before, a loop runs its timers (this one) before it
   * reads its sockets again, and a quicker shot that came during the stall would be judged after the one it beat:
   * judge once the sockets are read (setImmediate runs right after that; only a real clock reports a stall).
   */
  private due(): void {
    this.timer = null;
    if (this.host.lagMs() > 0) this.afterStall = setImmediate(() => this.settle(false));
    else this.settle(false);
  }

  /**
   * A shot of `seat` the engine refuses now: true, and it is to be dropped, when it is one of the intents of the race
   * `seat` was in that ended at most FAIR.lateShotMs ago. It left before the result reached its shooter.
   */
  late(seat: Seat, type: string): boolean {
    const e = this.ended;
    if (!e || this.host.now() - e.at > FAIR.lateShotMs || !racesWith(e.race, seat, type)) return false;
    this.dropped += 1;
    return true;
  }

  /** After each change: notes a race that ended; a race getting ready sends each human racer its cards a moment before "Go!". */
  afterChange(): void {
    const race = this.host.race();
    const was = this.current;
    if (was && race?.goAt !== was.goAt) this.ended = { race: was, at: this.host.now() };
    this.current = race;
    if (!race || race.go || !race.scheduled) return;
    const key = `${race.goAt}:${race.seats.join(',')}`;
    if (key === this.previewed) return;
    this.previewed = key;
    for (const t of this.previews) this.host.cancel(t);
    this.previews = [];
    for (const seat of race.seats) {
      const client = this.host.clientOf(seat);
      if (!client) continue;
      const send = () => {
        const r = this.host.race();
        if (!r || r.go || r.goAt !== race.goAt) return;
        const preview = this.host.preview(seat);
        const now = this.host.clientOf(seat);
        if (preview && now) sendTo(now, 'race', preview);
      };
      // The send time follows the latency measured shortly before it (not at the race's announcement: a player who
      // just sat down may not have been measured yet).
      const aim = () => this.previews.push(this.host.later(send, race.goAt - FAIR.previewLeadMs - this.oneWayMs(seat) - this.host.now()));
      this.previews.push(this.host.later(aim, race.goAt - FAIR.previewAimMs - this.host.now()));
    }
  }

  /** A bot racer never shoots before the false-start floor (then its own reaction time follows). */
  botReadyAt(seat: Seat): number | null {
    const race = this.host.race();
    return race && race.scheduled && race.seats.includes(seat) ? race.goAt + race.falseStartMs : null;
  }

  clear(): void {
    this.cancelJudging();
    for (const t of this.previews) this.host.cancel(t);
    this.previews = [];
  }
}
