/**
 * The stamp a reveal leaves on a seat of Duel's table, and the gun it flies in from: HIT! and RELOADED, and for a shot
 * that did not land, why — DODGED (the seat fired: whoever fires is moving) or BLOCKED (a barricade held a pistol).
 * Without those two the table never said why nobody was hit: its only words were HIT! and RELOADED, the reason left to
 * the log, below the fold on a phone (a new player's review).
 */
import { Duel } from '@tumbleweed/engine';

export type StampKind = 'hit' | 'reloaded' | 'dodged' | 'blocked';

/** What the reveal did to `seat` (null: nothing to tell, nobody fired at it and it did not reload). */
export function stampOf(r: Duel.Reveal, seat: number): StampKind | null {
  if (r.hit.includes(seat)) return 'hit';
  if (r.reloaded.includes(seat)) return 'reloaded';
  // (what the shots at it did, by the engine's rule: none landed here)
  const mine = r.plays.find((p) => p.seat === seat)?.card;
  const results = r.plays.filter((p) => p.target === seat && Duel.isGun(p.card)).map((p) => Duel.shotResult(p.card, mine));
  return results.includes('dodged') ? 'dodged' : results.includes('blocked') ? 'blocked' : null;
}

/** The seat whose shot the stamp flies in from: the first that landed (a hit), or the first fired at `seat`. */
export function stampShooter(r: Duel.Reveal, seat: number, kind: StampKind): number | null {
  if (kind === 'reloaded') return null;
  const mine = r.plays.find((p) => p.seat === seat)?.card;
  const shots = r.plays.filter((p) => p.target === seat && Duel.isGun(p.card));
  return (kind === 'hit' ? shots.find((p) => Duel.shotLands(p.card, mine)) : shots[0])?.seat ?? null;
}
