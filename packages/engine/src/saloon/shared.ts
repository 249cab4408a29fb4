import type { Seat } from '../core/game';
import { AREAS, card, COLOURS, NOISES, type Colour } from './cards';
import type { ShootIntent } from './intents';
import { majorities } from './majority';
import type { Phase } from './state';

/** Rules that both the state and the view need, kept in one place. */

export const HAND_SIZE = 3;
export const PUBLIC_CARDS = 4;
export const WOUND_VALUE = 10;

/** Loot + Bounty − $10 × Wounds. */
export function scoreOf(p: { loot: number; bounty: number; wounds: number }): number {
  return p.loot + p.bounty - WOUND_VALUE * p.wounds;
}

/** Whose decision the game waits for. A Bottle "Crash!" is an interrupt and never makes a seat pending. */
export function pendingOf(phase: Phase, active: Seat): Seat[] {
  switch (phase.kind) {
    case 'turn':
    case 'discard':
      return [active];
    case 'threat':
      return [phase.target];
    case 'duel':
      return phase.go ? [phase.threatener, phase.target] : [];
    case 'over':
      return [];
  }
}

/**
 * The Bottle's first use: allowed in a duel only when the gun of every majority colour of the shooter's hand is in
 * someone else's hand (in the core game: the threatener's gun, and the shooter is the target).
 */
export function bottleAllowed(hand: readonly string[], guns: Readonly<Record<Colour, Seat | null>>, shooter: Seat): boolean {
  const { colours } = majorities(hand);
  return colours.length > 0 && colours.every((c) => guns[c] !== null && guns[c] !== shooter);
}

/**
 * THE judge of a duel shot (arrival order: the caller judges shots in the order they reach the server, stamped with
 * `now`). Correct = the gun of a majority colour + a majority area + a majority noise; with the Bottle (allowed only
 * when `bottleAllowed`) a majority area alone. A latency-fair judge replaces this function and nothing else.
 * The caller has already refused malformed shots, a gun in the other duelist's hand and a Bottle not allowed.
 */
export function judgeShot(ctx: { hand: readonly string[]; guns: Readonly<Record<Colour, Seat | null>>; shooter: Seat; now: number }, shot: ShootIntent): boolean {
  const m = majorities(ctx.hand);
  if (!m.areas.includes(shot.area)) return false;
  if (shot.gun === 'bottle') return bottleAllowed(ctx.hand, ctx.guns, ctx.shooter);
  return m.colours.includes(shot.gun) && shot.noise !== undefined && shot.noise !== 'crash' && m.noises.includes(shot.noise);
}

/** The Bottle's second use: `seat` holds 3 cards of the threatening gun's colour and may hit the threatener. */
export function canCrash(phase: Phase, seat: Seat, hand: readonly string[]): boolean {
  if (phase.kind === 'threat') {
    if (seat === phase.threatener) return false;
  } else if (phase.kind === 'duel') {
    if (seat === phase.threatener || seat === phase.target) return false;
  } else return false;
  const gun = phase.gun;
  return hand.length === HAND_SIZE && hand.every((id) => card(id).colour === gun);
}

/** Every shot that is not refused (wrong shots included: they are misfires) for a duelist holding `hand`. */
export function shotsFor(hand: readonly string[], guns: Readonly<Record<Colour, Seat | null>>, shooter: Seat): ShootIntent[] {
  const out: ShootIntent[] = [];
  for (const gun of COLOURS) {
    if (guns[gun] !== null && guns[gun] !== shooter) continue;
    for (const area of AREAS) for (const noise of NOISES) out.push({ type: 'shoot', gun, area, noise });
  }
  if (bottleAllowed(hand, guns, shooter)) for (const area of AREAS) out.push({ type: 'shoot', gun: 'bottle', area });
  return out;
}

/** A deep copy of plain JSON data (much faster than structuredClone for the small states here). */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
