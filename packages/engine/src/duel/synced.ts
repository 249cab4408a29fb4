import type { Seat } from '../core/game';
import { isCard, type Card } from './cards';
import type { DuelView } from './view';

/**
 * The Duel board as the server syncs it (its `DuelBoard` Schema, decoded by any colyseus.js client): the engine's
 * view with `-1` for "no seat" and `''` for "no card", and arrays as any iterable. Browser and command-line bot
 * both turn it back into a `DuelView` here, so that `legalFromView` and the bot work on what a client receives.
 */
export interface SyncedList<T> extends Iterable<T> {
  readonly length: number;
  readonly [index: number]: T;
}
export interface SyncedDuelPlayer {
  money: number;
  alive: boolean;
  handCount: number;
  aside: SyncedList<string>;
  committed: boolean;
  /** Present only for the receiving seat. */
  hand?: SyncedList<string>;
  commitCard?: string;
  commitTarget?: number;
}
export interface SyncedDuelPlay {
  seat: number;
  card: string;
  target: number;
}
export interface SyncedDuelReveal {
  round: number;
  shootout: number;
  plays: SyncedList<SyncedDuelPlay>;
  hit: SyncedList<number>;
  reloaded: SyncedList<number>;
}
export interface SyncedDuelBoard {
  target: number;
  round: number;
  shootout: number;
  phase: string;
  players: SyncedList<SyncedDuelPlayer>;
  lastReveal?: SyncedDuelReveal | null;
  winner: number;
}

const list = <T>(xs: SyncedList<T> | undefined | null): T[] => (xs ? Array.from(xs) : []);
const cards = (xs: SyncedList<string> | undefined): Card[] => list(xs).filter(isCard);
const seatOrNull = (n: number | undefined): Seat | null => (n === undefined || n < 0 ? null : n);

/** The synced board seen from `mySeat` (-1 = watching) as the engine's `DuelView`. */
export function viewFromSynced(b: SyncedDuelBoard, mySeat: number): DuelView {
  const players = list(b.players);
  const me = mySeat >= 0 ? players[mySeat] : undefined;
  const r = b.lastReveal;
  const commitCard = me?.commitCard;
  return {
    seat: me ? mySeat : null,
    target: b.target,
    round: b.round,
    shootout: b.shootout,
    phase: b.phase as DuelView['phase'],
    players: players.map((p) => ({
      money: p.money,
      alive: p.alive,
      handCount: p.handCount,
      aside: cards(p.aside),
      committed: p.committed,
    })),
    hand: me ? cards(me.hand) : [],
    commit: commitCard && isCard(commitCard) ? { card: commitCard, target: seatOrNull(me?.commitTarget) } : null,
    lastReveal: r
      ? {
          round: r.round,
          shootout: r.shootout,
          plays: list(r.plays).flatMap((p) => (isCard(p.card) ? [{ seat: p.seat, card: p.card, target: seatOrNull(p.target) }] : [])),
          hit: list(r.hit),
          reloaded: list(r.reloaded),
        }
      : null,
    winner: seatOrNull(b.winner),
  };
}

/**
 * The other way: the board the server syncs, as a plain object, from the spectator's view (public fields) and each
 * seat's own view (its private fields: hand and face-down card). A seat view given as null leaves that seat's private
 * fields at their synced defaults, as a client that may not see them decodes them. The server's `DuelBoard` Schema
 * is filled from this, and the replay viewer renders it as is.
 */
export function syncedBoard(publicView: DuelView, seatViews: readonly (DuelView | null)[]): SyncedDuelBoard & { players: SyncedDuelPlayer[] } {
  const r = publicView.lastReveal;
  return {
    target: publicView.target,
    round: publicView.round,
    shootout: publicView.shootout,
    phase: publicView.phase,
    winner: publicView.winner ?? -1,
    players: publicView.players.map((p, i) => {
      const own = seatViews[i] ?? null;
      return {
        money: p.money,
        alive: p.alive,
        handCount: p.handCount,
        aside: [...p.aside],
        committed: p.committed,
        hand: own ? [...own.hand] : [],
        commitCard: own?.commit?.card ?? '',
        commitTarget: own?.commit?.target ?? -1,
      };
    }),
    lastReveal: r
      ? {
          round: r.round,
          shootout: r.shootout,
          plays: r.plays.map((p) => ({ seat: p.seat, card: p.card, target: p.target ?? -1 })),
          hit: [...r.hit],
          reloaded: [...r.reloaded],
        }
      : null,
  };
}
