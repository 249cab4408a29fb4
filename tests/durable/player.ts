/**
 * A scripted player over the network for the durability tests: it plays its seat with the game's own bot policy,
 * from its own view only (like `npm run bot`) once told to (`resume()`; it sits still until then, so a quick game
 * cannot end while another table is still being set up), can be paused again, and after its server dies comes back the way the web
 * client does (packages/client/src/net.ts `recoverRoom`): a join by the table code with its seat token.
 */
import { randomBytes } from 'node:crypto';
import { Client, type Room } from 'colyseus.js';
import { onTableEvents, Rng, type Intent } from '@tumbleweed/engine';
import { BOARD_READERS, secretOf, type BoardReader } from '../../packages/server/src/bot-cli';
import { copyBeforeCompressing } from '../../packages/server/src/ws-copy';

copyBeforeCompressing(); // colyseus.js reuses its send buffer (ws-copy.ts)

/** The network bot's board readers (bot-cli.ts), and the seat's secret (its private map): the same before a crash and after. */
interface Play extends BoardReader {
  hand(board: any, seat: number): string;
}
const PLAYS: Record<string, Play> = Object.fromEntries(
  Object.entries(BOARD_READERS).map(([id, reader]) => [id, { ...reader, hand: (board: any, seat: number) => secretOf(board, seat) }]),
);

export class Player {
  room!: Room<any>;
  seat = -1;
  token = '';
  /** Sits still (plays nothing) until `resume()`. */
  paused = true;
  /** Intents sent (all connections). */
  sent = 0;
  readonly errors: string[] = [];
  /** The finished game's log, once asked for (`table` action `log`). */
  log: any = null;
  /** Every `events` entry received (all connections). */
  readonly events: { type: string; [k: string]: unknown }[] = [];
  /** Close codes of the connections this player lost. */
  readonly drops: number[] = [];
  private rng = Rng.fromSeed(randomBytes(32).toString('hex'));
  private sentKey: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private refusals = 0;

  constructor(
    readonly name: string,
    private readonly reactionMs: readonly [number, number],
  ) {}

  attach(room: Room<any>): void {
    this.room = room;
    this.sentKey = null;
    room.onMessage('welcome', (m: { seat: number; token: string }) => {
      this.seat = m.seat;
      this.token = m.token;
    });
    onTableEvents(room, (list) => this.events.push(...list));
    room.onMessage('log', (log: unknown) => (this.log = log));
    room.onMessage('*', () => undefined);
    room.onMessage('error', (e: { code: string; message: string }) => {
      this.errors.push(`${e.code} ${e.message}`);
      if (this.sentKey === null) return;
      if (++this.refusals > 3) return;
      this.sentKey = null;
      this.wake(300 * this.refusals);
    });
    room.onStateChange(() => this.wake());
    room.onLeave((code) => {
      this.drops.push(code);
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    });
  }

  get state(): any {
    return this.room.state;
  }

  private play(): Play | null {
    return PLAYS[this.state?.game] ?? null;
  }

  /** This seat's hand as its own view shows it (null before the game). */
  hand(): string | null {
    const play = this.play();
    if (!play || this.seat < 0 || !this.state?.board) return null;
    const view = play.view(this.state.board, this.seat);
    return view ? play.hand(this.state.board, this.seat) : null;
  }

  private decide(): { key: string; intent: Intent; readyAt: number | null } | null {
    const state = this.state;
    const play = this.play();
    if (this.paused || !play || this.seat < 0 || state?.status !== 'playing' || !state.board) return null;
    const view = play.view(state.board, this.seat);
    if (!view || play.legal(view).length === 0) return null;
    const key = play.key(state.board, this.seat);
    if (key === this.sentKey) return null;
    const waited = Array.from(state.pending as number[]).includes(this.seat);
    const intent = waited ? play.game.bot(view, this.rng) : (play.game.botInterrupt?.(view, this.rng) ?? null);
    return intent ? { key, intent, readyAt: play.game.botReadyAtView?.(view) ?? null } : null;
  }

  wake(extraMs = 0): void {
    if (this.timer) return;
    const first = this.decide();
    if (!first) return;
    const [low, high] = this.reactionMs;
    const wait = Math.max(0, (first.readyAt ?? 0) - Date.now()) + extraMs + low + this.rng.int(high - low + 1);
    this.timer = setTimeout(() => {
      this.timer = null;
      const now = this.decide();
      if (!now) return;
      if (now.readyAt !== null && now.readyAt > Date.now()) return this.wake();
      if (now.key !== this.sentKey) this.refusals = 0;
      this.sentKey = now.key;
      this.sent++;
      this.room.send('intent', now.intent);
    }, wait);
  }

  pause(): void {
    this.paused = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  resume(): void {
    this.paused = false;
    this.wake();
  }

  /**
   * Back at the table after the server came back: the seat token takes the seat back (retrying while it starts).
   * `asClient`: gives up, as the web client's `recoverRoom` does (net-errors.ts `isGone`), as soon as the server says the
   * table does not exist (Colyseus 4212, "not found", "disposed"): a table being taken over must never look gone.
   */
  async rejoin(endpoint: string, code: string, ms = 20_000, asClient = false): Promise<void> {
    const until = Date.now() + ms;
    let last: unknown = null;
    while (Date.now() < until) {
      try {
        const room = await new Client(endpoint).joinById<any>(code, { name: this.name, rejoin: this.token });
        this.attach(room);
        return;
      } catch (err) {
        last = err;
        const e = err as { code?: unknown; message?: unknown };
        if (asClient && (e?.code === 4212 || /not found|disposed/i.test(String(e?.message ?? err)))) {
          throw new Error(`${this.name}: the server says table ${code} is gone: ${String(e?.message ?? err)}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    throw new Error(`${this.name} could not take seat ${this.seat} of ${code} back: ${String((last as Error)?.message ?? last)}`);
  }
}
