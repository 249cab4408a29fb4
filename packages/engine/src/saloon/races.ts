/**
 * The reflex races as the server's timing policy and the bots see them (docs/fair-races.md): which race is running
 * or getting ready (a duel, a Truel, a Standoff's or the Turkey's flip, and the response windows that race too), what
 * a racer will read at "Go!" (found by playing the deadline on a copy), a racer's view at "Go!", and when a bot's
 * misfire lock-out ends.
 */
import type { Race, Seat } from '../core/game';
import { interrupters } from './checks';
import { timeout } from './clock';
import { DUEL_LIMIT_MS, FALSE_START_MS, STANDOFF_WINDOW_MS } from './numbers';
import { pendingOf, standoffSeats, threatDecider, truelSeats } from './shared';
import type { Phase, SaloonState } from './state';
import { windowOf, type SaloonView } from './view';
import { playerOf } from './own';

/**
 * The end of `seat`'s misfire lock-out in the race now running (duel, Truel, Standoff, Turkey), or null when it may
 * shoot at once. The room's bot waits for it (then its reaction time) instead of firing a shot the engine refuses.
 */
export function botReadyAt(state: SaloonState, seat: Seat): number | null {
  const ph = state.phase;
  if (ph.kind !== 'duel' && ph.kind !== 'truel' && ph.kind !== 'standoff' && ph.kind !== 'turkey') return null;
  const until = ph.lockedUntil[seat] ?? 0;
  return until > state.clock ? until : null;
}

/**
 * The reflex race running or getting ready now (a duel, a Truel, a Standoff's or the Turkey's flip), for the server's
 * timing policy: "Go!" time, the racers, and the false-start floor.
 */
export function race(state: SaloonState): Race | null {
  const ph = state.phase;
  const shots = { falseStartMs: FALSE_START_MS, scheduled: true, intents: ['shoot'] };
  if (ph.kind === 'duel') return { goAt: ph.goAt, seats: [ph.threatener, ph.target], go: ph.go, ...shots };
  if (ph.kind === 'truel') return { goAt: ph.goAt, seats: truelSeats(ph), go: ph.go, ...shots };
  if (ph.kind === 'standoff' && ph.stage !== 'chain') return { goAt: ph.goAt, seats: standoffSeats(ph), go: ph.stage === 'race', ...shots };
  if (ph.kind === 'turkey') return { goAt: ph.goAt, seats: state.players.map((_, s) => s).filter((s) => s !== ph.drawer), go: ph.stage === 'race', ...shots };
  // Response windows: the answer, the Bottle and "I don't think so!" race from the moment the threat (or the
  // Standoff's reopened chain) shows — the first to act decides the threat's fate or takes the gun.
  const window = { falseStartMs: 0, go: true, scheduled: false, intents: ['answer', 'crash', 'standoff'] };
  if (ph.kind === 'threat' && ph.until > state.clock)
    return { goAt: ph.until - state.options.threatSeconds * 1000, seats: [...new Set([threatDecider(ph), ...interrupters(state)])], ...window };
  if (ph.kind === 'standoff' && ph.stage === 'chain') {
    const others = interrupters(state);
    return others.length > 0 ? { goAt: ph.until - STANDOFF_WINDOW_MS, seats: others, ...window } : null;
  }
  return null;
}

/**
 * What `seat` will read at the coming "Go!": its (swapped) hand in a duel or Truel, the three cards to be flipped in a
 * Standoff or at the Turkey — found by playing the "Go!" deadline on a copy (the engine is deterministic), so the
 * server can send them to the racer just before "Go!", to be shown at `goAt` on a synced clock. Null when `seat` does
 * not race or "Go!" has been given.
 */
export function racePreview(state: SaloonState, seat: Seat): { goAt: number; cards: string[] } | null {
  const r = race(state);
  if (!r || r.go || !r.seats.includes(seat)) return null;
  const next = timeout(state, r.goAt);
  if ('error' in next) return null;
  const ph = next.state.phase;
  if ((ph.kind === 'standoff' || ph.kind === 'turkey') && ph.stage === 'race') return { goAt: r.goAt, cards: [...ph.flipped] };
  if ((ph.kind === 'duel' || ph.kind === 'truel') && ph.go) return { goAt: r.goAt, cards: [...playerOf(next.state, seat).hand] };
  return null;
}

/**
 * A racer's view as it will be at "Go!", from its view before and the cards the server sent ahead (`racePreview`):
 * a client shows this at `goAt` by its synced clock, before the state saying "Go!" reaches it. The view unchanged
 * when it is not a racer's view of a race getting ready.
 */
export function viewAtGo(v: SaloonView, cards: readonly string[]): SaloonView {
  const ph = v.phase;
  if (v.seat === null) return v;
  let phase: Phase;
  if ((ph.kind === 'duel' || ph.kind === 'truel') && !ph.go) phase = { ...ph, go: true, endsAt: ph.goAt + DUEL_LIMIT_MS };
  else if ((ph.kind === 'standoff' || ph.kind === 'turkey') && ph.stage === 'ready')
    phase = { ...ph, stage: 'race', endsAt: ph.goAt + DUEL_LIMIT_MS, flipped: [...cards] } as Phase;
  else return v;
  const flipped = phase.kind === 'standoff' || phase.kind === 'turkey';
  return {
    ...v,
    phase,
    pending: pendingOf(phase, v.active),
    hand: flipped ? v.hand : [...cards],
    window: windowOf(phase, v.players.length, v.guns, v.simplified),
  };
}

/** The same from the seat's view (its own lock-out is public): for bots that see only their view (`npm run bot`). */
export function botReadyAtView(v: SaloonView): number | null {
  const ph = v.phase;
  if (v.seat === null || (ph.kind !== 'duel' && ph.kind !== 'truel' && ph.kind !== 'standoff' && ph.kind !== 'turkey')) return null;
  const until = ph.lockedUntil[v.seat] ?? 0;
  return until > 0 ? until : null;
}
