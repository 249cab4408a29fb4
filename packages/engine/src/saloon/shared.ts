import { cloneSharing, cloneState } from '../core/clone';
import type { Seat } from '../core/game';
import { AREAS, card, COLOURS, NOISES, type Area, type Colour, type Noise, type SymbolKind } from './cards';
import type { AnswerIntent, ShootIntent } from './intents';
import { majorities, majorityColours } from './majority';
import type { Phase, SaloonPlayer, SaloonState } from './state';

/** Rules that both the state and the view need, kept in one place. */

export const HAND_SIZE = 3;
export const PUBLIC_CARDS = 4;
export const WOUND_VALUE = 10;

/** Loot + Bounty − $10 × Wounds. */
export function scoreOf(p: { loot: number; bounty: number; wounds: number }): number {
  return p.loot + p.bounty - WOUND_VALUE * p.wounds;
}

/** The end of a seat's misfire lock-out in a race (0: none; a seat that does not race is never locked out). */
export function lockedUntilOf(race: { lockedUntil: readonly number[] }, seat: Seat): number {
  return race.lockedUntil[seat] ?? 0;
}

/** Whose decision the game waits for. A Bottle "Crash!" is an interrupt and never makes a seat pending. */
export function pendingOf(phase: Phase, active: Seat): Seat[] {
  switch (phase.kind) {
    case 'turn':
    case 'discard':
      return [active];
    case 'threat':
      return [threatDecider(phase)];
    case 'duel':
      return phase.go ? [phase.threatener, phase.target] : [];
    case 'truel':
      return phase.go ? truelSeats(phase) : [];
    case 'standoff':
      return phase.stage === 'race' ? standoffSeats(phase) : [];
    case 'turkey':
      return phase.stage === 'race' ? phase.lockedUntil.map((_, s) => s).filter((s) => s !== phase.drawer) : [];
    case 'over':
      return [];
  }
}

/** The players still in a Mexican Standoff (the Judge is not), in the order they entered. */
export function standoffSeats(phase: Extract<Phase, { kind: 'standoff' }>): Seat[] {
  return phase.links.map((l) => l.seat).filter((s) => !phase.out.includes(s));
}

/** "I don't think so!": the Standoff cards `seat` may play now, with the free guns, or []. */
export function standoffJoins(
  phase: Phase,
  guns: Readonly<Record<Colour, Seat | null>>,
  seat: Seat,
  hand: readonly string[],
): { type: 'standoff'; card: string; gun: Colour }[] {
  let ok = false;
  if (phase.kind === 'threat') ok = seat !== phase.threatener && seat !== phase.target && (phase.escaped?.length ?? 0) < 2;
  else if (phase.kind === 'standoff')
    ok = phase.stage === 'chain' && seat !== phase.threatener && seat !== phase.judge && !phase.links.some((l) => l.seat === seat);
  if (!ok) return [];
  const out: { type: 'standoff'; card: string; gun: Colour }[] = [];
  for (const c of hand) if (card(c).symbol === 'standoff') for (const gun of COLOURS) if (guns[gun] === null) out.push({ type: 'standoff', card: c, gun });
  return out;
}

/** The three seats of a Truel, in seat order. */
export function truelSeats(phase: Extract<Phase, { kind: 'truel' }>): Seat[] {
  return [phase.desperado, ...phase.others].sort((a, b) => a - b);
}

/** Who answers a threat: the target, or the threatener once two players have escaped on horseback. */
export function threatDecider(phase: Extract<Phase, { kind: 'threat' }>): Seat {
  return (phase.escaped?.length ?? 0) >= 2 ? phase.threatener : phase.target;
}

/** Holding three cards with `symbol` (The Law, Wanted Alive, Desperado). */
export function holdsThree(hand: readonly string[], symbol: SymbolKind): boolean {
  return hand.length === HAND_SIZE && hand.every((id) => card(id).symbol === symbol);
}

/** The Escape on Horseback cards in a hand. */
export function escapeCards(hand: readonly string[]): string[] {
  return hand.filter((id) => card(id).symbol === 'escape');
}

/**
 * The new targets an escaper may give the threatener: anyone but the threatener and the escaper. None (the threat
 * is simply cancelled) in a 2-player game, and none for a second escaper (the threatener then answers).
 */
export function escapeTargets(phase: Extract<Phase, { kind: 'threat' }>, seats: number): Seat[] {
  if (seats === 2 || (phase.escaped?.length ?? 0) >= 1) return [];
  const out: Seat[] = [];
  for (let s = 0; s < seats; s++) if (s !== phase.threatener && s !== phase.target) out.push(s);
  return out;
}

/** The answers open to the seat that answers a threat (`hand` is that seat's hand). */
export function answersFor(phase: Extract<Phase, { kind: 'threat' }>, seats: number, hand: readonly string[]): AnswerIntent[] {
  const out: AnswerIntent[] = [
    { type: 'answer', call: 'bluffing' },
    { type: 'answer', call: 'duel' },
  ];
  if (threatDecider(phase) !== phase.target) return out;
  if (holdsThree(hand, 'law')) out.push({ type: 'answer', call: 'law' });
  if (holdsThree(hand, 'wanted')) out.push({ type: 'answer', call: 'wanted' });
  if (holdsThree(hand, 'desperado') && seats > 2) {
    for (let s = 0; s < seats; s++) if (s !== phase.threatener && s !== phase.target) out.push({ type: 'answer', call: 'desperado', target: s });
  }
  const targets = escapeTargets(phase, seats);
  for (const c of escapeCards(hand)) {
    if (seats === 2 || (phase.escaped?.length ?? 0) >= 1) out.push({ type: 'answer', call: 'escape', card: c });
    else for (const target of targets) out.push({ type: 'answer', call: 'escape', card: c, target });
  }
  return out;
}

/**
 * The Bottle's first use: allowed in a duel only when the gun of every majority colour of the shooter's hand is in
 * someone else's hand (in the core game: the threatener's gun, and the shooter is the target).
 */
export function bottleAllowed(hand: readonly string[], guns: Readonly<Record<Colour, Seat | null>>, shooter: Seat): boolean {
  const colours = majorityColours(hand);
  return colours.length > 0 && colours.every((c) => guns[c] !== null && guns[c] !== shooter);
}

/**
 * THE judge of a duel shot (arrival order: the caller judges shots in the order they reach the server, stamped with
 * `now`). Correct = the gun of a majority colour + a majority area + a majority noise; with the Bottle (allowed only
 * when `bottleAllowed`) a majority area alone. A latency-fair judge replaces this function and nothing else.
 * The caller has already refused malformed shots, a gun in the other duelist's hand and a Bottle not allowed.
 */
export function judgeShot(
  ctx: { hand: readonly string[]; guns: Readonly<Record<Colour, Seat | null>>; shooter: Seat; now: number; anyGun?: boolean },
  shot: ShootIntent,
): boolean {
  const m = majorities(ctx.hand);
  if (!m.areas.includes(shot.area)) return false;
  // A Mexican Standoff: `hand` is the Judge's 3 flipped cards; any gun will do, the area and noise count.
  if (ctx.anyGun) return shot.gun !== 'bottle' && shot.noise !== undefined && shot.noise !== 'crash' && m.noises.includes(shot.noise);
  if (shot.gun === 'bottle') return bottleAllowed(ctx.hand, ctx.guns, ctx.shooter);
  return m.colours.includes(shot.gun) && shot.noise !== undefined && shot.noise !== 'crash' && m.noises.includes(shot.noise);
}

/** The Bottle's second use: `seat` holds 3 cards of the threatening gun's colour and may hit the threatener. */
export function canCrash(phase: Phase, seat: Seat, hand: readonly string[]): boolean {
  if (phase.kind === 'threat') {
    if (seat === phase.threatener) return false;
  } else if (phase.kind === 'duel') {
    if (phase.wind || seat === phase.threatener || seat === phase.target) return false;
  } else if (phase.kind === 'standoff') {
    const target = standoffCrashTarget(phase, seat, hand);
    return target !== null;
  } else return false;
  const gun = phase.gun;
  return hand.length === HAND_SIZE && hand.every((id) => card(id).colour === gun);
}

/** In a Standoff's chain: the player `seat` may hit with the Bottle (the holder of the gun of its 3 cards' colour), or null. */
export function standoffCrashTarget(phase: Extract<Phase, { kind: 'standoff' }>, seat: Seat, hand: readonly string[]): Seat | null {
  if (phase.stage !== 'chain' || hand.length !== HAND_SIZE) return null;
  const first = hand[0];
  if (first === undefined) return null;
  const colour = card(first).colour;
  if (!hand.every((id) => card(id).colour === colour)) return null;
  const link = phase.links.find((l) => l.gun === colour && !phase.out.includes(l.seat));
  return link && link.seat !== seat ? link.seat : null;
}

/**
 * The shots a legal list offers, made once and shared by every list (frozen: nobody can change one for the others).
 * Keyed by gun, area, noise and target (none: -1); the same fields, in the same order, as a shot written out.
 */
const SHOTS = new Map<string, ShootIntent>();
function shotOf(gun: Colour | 'bottle', area: Area, noise: Noise | null, target: Seat): ShootIntent {
  const key = `${gun} ${area} ${noise} ${target}`;
  const known = SHOTS.get(key);
  if (known !== undefined) return known;
  const shot: ShootIntent =
    noise === null ? { type: 'shoot', gun, area } : target >= 0 ? { type: 'shoot', gun, area, noise, target } : { type: 'shoot', gun, area, noise };
  SHOTS.set(key, Object.freeze(shot));
  return shot;
}

/** Each gun's shots, every area and noise, no target (as `shotsFor` and `turkeyShots` list them). */
const GUN_SHOTS = new Map<Colour, readonly ShootIntent[]>(
  COLOURS.map((gun) => [gun, AREAS.flatMap((area) => NOISES.map((noise) => shotOf(gun, area, noise, -1)))]),
);
const BOTTLE_SHOTS: readonly ShootIntent[] = AREAS.map((area) => shotOf('bottle', area, null, -1));
/** Per target seat: every gun, area and noise at it, in the order `standoffShotsFor` interleaves them. */
const STANDOFF_SHOTS: ShootIntent[][] = [];
function standoffShotsAt(target: Seat): readonly ShootIntent[] {
  return (STANDOFF_SHOTS[target] ??= COLOURS.flatMap((gun) => AREAS.flatMap((area) => NOISES.map((noise) => shotOf(gun, area, noise, target)))));
}

/** Standoff shots: any gun, every area and noise, at any other player still in (wrong ones are misfires); added to `out`. */
export function standoffShotsFor(phase: Extract<Phase, { kind: 'standoff' }>, shooter: Seat, out: ShootIntent[] = []): ShootIntent[] {
  const targets = standoffSeats(phase).filter((s) => s !== shooter);
  const lists = targets.map(standoffShotsAt);
  // Gun, area and noise in order, each at every target in turn.
  // Each list holds n shots (`standoffShotsAt`: every gun, area and noise), so list[i] is there.
  for (let i = 0, n = COLOURS.length * AREAS.length * NOISES.length; i < n; i++) for (const list of lists) out.push(list[i]!);
  return out;
}

/** The Turkey: any gun, every area and noise (no target); added to `out`. */
export function turkeyShots(out: ShootIntent[] = []): ShootIntent[] {
  for (const gun of COLOURS) for (const shot of GUN_SHOTS.get(gun) as readonly ShootIntent[]) out.push(shot);
  return out;
}

/** Every shot that is not refused (wrong shots included: they are misfires) for a duelist holding `hand`; added to `out`. */
export function shotsFor(hand: readonly string[], guns: Readonly<Record<Colour, Seat | null>>, shooter: Seat, out: ShootIntent[] = []): ShootIntent[] {
  for (const gun of COLOURS) {
    if (guns[gun] !== null && guns[gun] !== shooter) continue;
    for (const shot of GUN_SHOTS.get(gun) as readonly ShootIntent[]) out.push(shot);
  }
  if (bottleAllowed(hand, guns, shooter)) for (const shot of BOTTLE_SHOTS) out.push(shot);
  return out;
}

/** A deep copy of the state's plain data (core/clone.ts). */
export const clone = cloneState;

/** In a race's phase, the shots fired: records only ever added, never changed, so a copy shares them. */
const SHARED_IN_PHASE: ReadonlySet<string> = new Set(['shots']);

/** A race's phase copied, its list of shots too; each record, never changed once fired, is shared. */
function copyPhase(phase: Phase): Phase {
  const copy = cloneSharing(phase, SHARED_IN_PHASE);
  if ('shots' in copy) copy.shots = copy.shots.slice();
  return copy;
}

const copyPlayer = (p: SaloonPlayer): SaloonPlayer => ({ hand: p.hand.slice(), loot: p.loot, bounty: p.bounty, wounds: p.wounds });

/**
 * The copy a step works on (apply, timeout, shift): deep, but for the fields the rules only ever replace (the options,
 * the last reveal and duel, the generator's state), the deck,
 * discard pile and public cards (copied on write, own.ts), and the shot records of a race (the list is copied; each
 * record, never changed once fired, is shared). Written out field by field in the state's key order (the Wind's
 * record last, as setup adds it): several times quicker than a walk over the keys.
 */
export function copyForStep(s: SaloonState): SaloonState {
  const copy: Required<Omit<SaloonState, 'wind'>> & Pick<SaloonState, 'wind'> = {
    options: s.options,
    simplified: s.simplified,
    players: s.players.map(copyPlayer),
    deck: s.deck,
    discard: s.discard,
    public: s.public,
    dealer: s.dealer,
    active: s.active,
    turn: s.turn,
    guns: { red: s.guns.red, blue: s.guns.blue, green: s.guns.green, yellow: s.guns.yellow },
    phase: copyPhase(s.phase),
    lastReveal: s.lastReveal,
    lastDuel: s.lastDuel,
    endAfter: s.endAfter,
    clock: s.clock,
    rng: s.rng,
  };
  if (s.wind !== undefined) copy.wind = cloneState(s.wind);
  return copy;
}
