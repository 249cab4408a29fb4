/**
 * A scripted Saloon Showdown player for the fair-race tests: it syncs its clock like the web client (the client's own
 * ClockSync), shows "Go!" at the server's instant from the cards sent ahead, reads them, and fires the correct shot
 * after the reaction time the test gives it, claiming the reaction it measured (or what the test makes it claim).
 * Between races it threatens on its turn and answers every threat with a duel; after a game it asks for a rematch.
 */
import { Client, type Room } from 'colyseus.js';
import { onTableEvents, ClockSync, Saloon, viewFromSyncedBoard } from '@tumbleweed/engine';
import { copyBeforeCompressing } from '../../packages/server/src/ws-copy';

copyBeforeCompressing(); // colyseus.js reuses its send buffer (ws-copy.ts)

/** Like the web client's clock (packages/client/src/clock.ts). */
const localNow = (): number => performance.timeOrigin + performance.now();

export interface RacerOptions {
  name: string;
  /** How long this racer takes to fire after it sees "Go!" (ms), in the race that starts at `goAt`. */
  reaction(goAt: number): number;
  /** What it claims, from the reaction it measured; default: the truth. `null`: it sends no claim. */
  claim?(measuredMs: number): number | null;
}

export interface FiredShot {
  goAt: number;
  measuredMs: number;
  claimedMs: number | null;
}

export class Racer {
  readonly clock = new ClockSync();
  readonly fired: FiredShot[] = [];
  /** Every `events` entry received. */
  readonly events: { type: string; [k: string]: any }[] = [];
  readonly errors: { code: string; message: string }[] = [];
  private sentFor = '';
  private pinger: NodeJS.Timeout | null = null;
  private timers = new Set<NodeJS.Timeout>();
  private goSeen = new Set<number>();

  private constructor(
    readonly room: Room<any>,
    private readonly opts: RacerOptions,
  ) {
    onTableEvents(room, (list) => this.events.push(...(list as Racer['events'])));
    room.onMessage('error', (e: Racer['errors'][number]) => this.errors.push(e));
    room.onMessage('clock', (m: unknown) => this.clock.sample(m, localNow()));
    room.onMessage('race', (p: { goAt: number; cards: string[] }) => this.ahead(p));
    room.onMessage('*', () => undefined);
    room.onStateChange(() => this.act());
    let n = 0;
    const ping = () => {
      room.send('clock', { c: localNow() });
      n += 1;
      this.pinger = setTimeout(ping, n < 6 ? 100 : 1000);
    };
    ping();
  }

  static async create(url: string, opts: RacerOptions, create: Record<string, unknown>): Promise<Racer> {
    return new Racer(await new Client(url).create('saloon', { name: opts.name, ...create }), opts);
  }

  static async join(url: string, opts: RacerOptions, code: string): Promise<Racer> {
    return new Racer(await new Client(url).joinById(code, { name: opts.name }), opts);
  }

  get seat(): number {
    return Array.from((this.room.state?.seats ?? []) as any[]).findIndex((s: any) => s.sessionId === this.room.sessionId);
  }

  view(): Saloon.SaloonView | null {
    return viewFromSyncedBoard('saloon', this.room.state?.board, this.seat) as Saloon.SaloonView | null;
  }

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        fn();
      },
      Math.max(0, ms),
    );
    this.timers.add(t);
  }

  /** Between races: threaten on my turn, answer a threat with a duel, ask for a rematch after a game. */
  private act(): void {
    const state = this.room.state;
    const v = this.view();
    if (!state || !v) return;
    const sig = `${state.status}|${state.board?.rev}`;
    if (sig === this.sentFor) return;
    if (state.status === 'over') {
      this.sentFor = sig;
      this.room.send('table', { action: 'rematch' });
      return;
    }
    if (state.status !== 'playing' || v.seat === null || !v.pending.includes(v.seat)) return;
    const legal = Saloon.legalFromView(v);
    const pick =
      v.phase.kind === 'turn'
        ? (legal.find((i) => i.type === 'threaten') ?? legal.find((i) => i.type === 'draw'))
        : v.phase.kind === 'discard'
          ? legal.find((i) => i.type === 'discard')
          : v.phase.kind === 'threat'
            ? legal.find((i) => i.type === 'answer' && i.call === 'duel')
            : undefined;
    if (!pick) return;
    this.sentFor = sig;
    this.room.send('intent', pick);
  }

  /** The cards sent ahead: "Go!" shows at `goAt` by the synced clock; then the reaction; then the shot. */
  private ahead(p: { goAt: number; cards: string[] }): void {
    const goLocal = p.goAt - this.clock.offset(localNow());
    this.later(() => this.go(p), goLocal - localNow());
  }

  private go(p: { goAt: number; cards: string[] }): void {
    if (this.goSeen.has(p.goAt)) return;
    this.goSeen.add(p.goAt);
    const shownAt = performance.now();
    const before = this.view();
    if (!before) return;
    const v = Saloon.viewAtGo(before, p.cards);
    const ctx = { hand: v.hand, guns: v.guns, shooter: v.seat!, now: 0 };
    const shot = Saloon.legalFromView(v).find((i): i is Saloon.ShootIntent => i.type === 'shoot' && Saloon.judgeShot(ctx, i));
    if (!shot) return;
    this.later(() => {
      const measuredMs = performance.now() - shownAt;
      const claimedMs = this.opts.claim ? this.opts.claim(measuredMs) : measuredMs;
      this.fired.push({ goAt: p.goAt, measuredMs, claimedMs });
      this.room.send('intent', claimedMs === null ? shot : { ...shot, reactionMs: claimedMs });
    }, this.opts.reaction(p.goAt));
  }

  /** The duels decided (won) in the races this racer fired in: goAt → winner seat. */
  results(): Map<number, number> {
    const out = new Map<number, number>();
    let goAt = 0;
    for (const e of this.events) {
      if (e.type === 'duel_started') goAt = e.goAt;
      if (e.type === 'duel_won') out.set(goAt, e.winner);
    }
    return out;
  }

  async leave(): Promise<void> {
    if (this.pinger) clearTimeout(this.pinger);
    for (const t of this.timers) clearTimeout(t);
    await this.room.leave().catch(() => undefined);
  }
}
