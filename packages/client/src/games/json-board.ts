import type { List, TableStateLike } from '../state';
import type { TableContext } from './types';

/** A game's board synced as JSON strings: one public, one secret per seat. */
export interface JsonBoardLike {
  public: string;
  players: List<{ secret: string }>;
}

/**
 * The plumbing a game UI over a JSON board needs: the typed state, my view rebuilt from the synced strings,
 * the legal intents, and the guard that sends no second intent until the synced strings change.
 */
export class JsonBoard<V, I> {
  /** The synced strings when the last intent was sent: no second intent until they change. */
  private sentSig: string | null = null;

  constructor(
    private readonly ctx: TableContext,
    private readonly viewFromSynced: (publicJson: string, secretJson: string, seat: number | null) => V,
    private readonly legalFromView: (v: V) => I[],
  ) {}

  state(): TableStateLike<JsonBoardLike | undefined> {
    return this.ctx.state() as TableStateLike<JsonBoardLike | undefined>;
  }

  private sig(): string {
    const b = this.state().board;
    const me = this.ctx.mySeat();
    return `${b?.public ?? ''}|${me >= 0 ? (b?.players?.[me]?.secret ?? '') : ''}`;
  }

  /** The engine's view for my seat, rebuilt from the synced strings; null before the first state. */
  view(): V | null {
    const b = this.state().board;
    if (!b || !b.public) return null;
    const me = this.ctx.mySeat();
    try {
      return this.viewFromSynced(b.public, me >= 0 ? (b.players?.[me]?.secret ?? '') : '', me >= 0 ? me : null);
    } catch {
      return null;
    }
  }

  legal(v: V | null): I[] {
    if (!v || this.state().status !== 'playing' || this.sending()) return [];
    return this.legalFromView(v);
  }

  /** True while an intent is on its way: the synced strings have not changed since it was sent. */
  sending(): boolean {
    return this.sentSig === this.sig();
  }

  send(intent: I): void {
    this.ctx.send(intent as unknown as { type: string });
    this.sentSig = this.sig();
  }

  /** The server refused the last intent: allow another. */
  refused(): void {
    this.sentSig = null;
  }

  /** Forgets the sent intent once the synced strings have changed (call on every update). */
  settle(): void {
    if (this.sentSig !== null && this.sentSig !== this.sig()) this.sentSig = null;
  }
}
