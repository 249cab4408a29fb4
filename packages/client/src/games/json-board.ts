import { flatBoardKey, flatBoardView, hasFlat, type ClientIntent, type FlatBoardLike, type FlatLike } from '@tumbleweed/engine';
import type { TableStateLike } from '../state';
import type { TableContext } from './types';

/**
 * A game's board synced as flat maps (the engine's core/flat-board.ts): `pub` the spectator's view, path by path, and
 * per seat a `secret` map only that seat receives; `rev` moves with every change of `pub` (not in a Duel, whose seats
 * key on their own part), a seat's `rev` with every change of its part and every intent of it accepted. Live it is the
 * Schema colyseus.js decodes (Map-like maps); in the replay viewer, plain objects — read the same way.
 */
export type JsonBoardLike = FlatBoardLike;

/**
 * The plumbing a game UI over a flat board needs: the typed state, my view rebuilt from the synced maps, the legal
 * intents, and the guard that sends no second intent until the synced board changes (its revisions).
 */
export class JsonBoard<V, I extends ClientIntent> {
  /**
   * The last intent sent, the board's key (its revisions, as I see them) then — no second intent until it changes —
   * and the connection it went on (`ctx.link`).
   */
  private sent: { intent: I; sig: string; link: number } | null = null;

  constructor(
    private readonly ctx: TableContext,
    private readonly viewFromSynced: (pub: FlatLike, secret: FlatLike | null | undefined, seat: number | null) => V,
    private readonly legalFromView: (v: V) => I[],
    /** The game's split says `ownPartKey` (Duel: seats decide at once): only my own part's revision releases the guard. */
    private readonly ownPartKey = false,
  ) {}

  state(): TableStateLike<JsonBoardLike | undefined> {
    return this.ctx.state() as TableStateLike<JsonBoardLike | undefined>;
  }

  private sig(): string {
    return flatBoardKey(this.state().board, this.ctx.mySeat(), this.ownPartKey);
  }

  private link(): number {
    return this.ctx.link?.().n ?? 0;
  }

  /** The engine's view for my seat, rebuilt from the synced maps; null before the first state. */
  view(): V | null {
    try {
      return flatBoardView({ viewFromSynced: this.viewFromSynced }, this.state().board, this.ctx.mySeat());
    } catch {
      return null;
    }
  }

  legal(v: V | null): I[] {
    if (!v || this.state().status !== 'playing' || this.sending()) return [];
    return this.legalFromView(v);
  }

  /** True while an intent is on its way: the synced board has not changed since it was sent. */
  sending(): boolean {
    return this.sent !== null && this.sent.sig === this.sig();
  }

  send(intent: I): void {
    this.ctx.send(intent);
    this.sent = { intent, sig: this.sig(), link: this.link() };
  }

  /** The server refused the last intent: allow another. */
  refused(): void {
    this.sent = null;
  }

  /**
   * Forgets the sent intent once the synced board has changed (call on every update). One sent on a connection that
   * died under it and that the board here, back at the table, still does not show never reached the table (every
   * intent of mine accepted moves my revision): it goes again over the new connection — the player tapped it, and the
   * others wait for it — whether the page came back by its reconnection token or by its seat token. Not a timed one (a
   * reaction: its race or window is long over), nor after a table was rebuilt (a restart: the board's life is a new
   * one, so its key too): then it is offered again.
   */
  settle(): void {
    const sent = this.sent;
    if (sent === null) return;
    // (a new connection before its first state: no board yet to tell)
    if (!hasFlat(this.state().board?.pub)) return;
    if (sent.sig !== this.sig()) {
      this.sent = null;
      return;
    }
    const link = this.ctx.link?.();
    if (!link || link.n === sent.link) return;
    if ('reactionMs' in sent.intent) {
      this.sent = null;
      return;
    }
    this.ctx.send(sent.intent);
    sent.link = link.n;
    this.ctx.resent?.();
  }
}
