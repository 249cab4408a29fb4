import { fail, type ApplyResult, type EngineError, type Outcome, type Seat, type SetupConfig } from '../core/game';
import type { DuelEmitted } from '../protocol/events';
import { Rng } from '../core/rng';
import { cloneState } from '../core/clone';
import { FULL_HAND, isCard, isGun, sortHand, type Card } from './cards';
import { DEFAULT_OPTIONS, SEAT_RANGE, TARGET_RANGE, type Commit, type DuelOptions, type DuelPlayer, type DuelState, type Play } from './state';
import { at } from '../core/at';

export interface CommitIntent {
  type: 'commit';
  card: Card;
  /** Required for a pistol or a rifle, absent (or null) otherwise. */
  target?: Seat | null;
}
export type DuelIntent = CommitIntent;

export function options(input: Partial<DuelOptions> | undefined): DuelOptions | { error: EngineError } {
  const target = input?.target ?? DEFAULT_OPTIONS.target;
  if (!Number.isInteger(target) || target < TARGET_RANGE.min || target > TARGET_RANGE.max) {
    return fail('BAD_OPTIONS', `target must be a whole number of dollars from ${TARGET_RANGE.min} to ${TARGET_RANGE.max}`);
  }
  return { target };
}

function freshPlayer(money: number): DuelPlayer {
  return { money, alive: true, hand: [...FULL_HAND], aside: [], commit: null };
}

export function setup(config: SetupConfig<DuelOptions>, rng: Rng): DuelState {
  if (config.seats < SEAT_RANGE.min || config.seats > SEAT_RANGE.max) {
    throw new RangeError(`Duel seats ${SEAT_RANGE.min}–${SEAT_RANGE.max}, got ${config.seats}`);
  }
  return {
    options: { ...config.options },
    players: Array.from({ length: config.seats }, () => freshPlayer(0)),
    round: 1,
    shootout: 1,
    phase: 'shootout',
    lastReveal: null,
    winner: null,
    rng: rng.state(),
  };
}

/** Living players who have not placed their card yet; shared by the state and the view. */
export function waiting(phase: DuelState['phase'], players: readonly { alive: boolean; committed: boolean }[]): Seat[] {
  if (phase !== 'shootout') return [];
  return players.flatMap((p, seat) => (p.alive && !p.committed ? [seat] : []));
}

export function pending(state: DuelState): Seat[] {
  return waiting(
    state.phase,
    state.players.map((p) => ({ alive: p.alive, committed: p.commit !== null })),
  );
}

export function livingOpponents(state: Pick<DuelState, 'players'>, seat: Seat): Seat[] {
  const out: Seat[] = [];
  state.players.forEach((p, s) => {
    if (s !== seat && p.alive) out.push(s);
  });
  return out;
}

/** Every commit the seat may make now: each distinct card, and for a gun each living opponent. */
export function legalCommits(hand: readonly Card[], opponents: readonly Seat[]): CommitIntent[] {
  const out: CommitIntent[] = [];
  for (const card of new Set(hand)) {
    if (isGun(card)) for (const target of opponents) out.push({ type: 'commit', card, target });
    else out.push({ type: 'commit', card, target: null });
  }
  return out;
}

export function legalIntents(state: DuelState, seat: Seat): DuelIntent[] {
  if (!pending(state).includes(seat)) return [];
  return legalCommits(at(state.players, seat, 'a pending seat sits at the table').hand, livingOpponents(state, seat));
}

function check(state: DuelState, seat: Seat, intent: DuelIntent): EngineError | Commit {
  if (state.phase === 'over') return { code: 'GAME_OVER', message: 'The game is over.' };
  const me = state.players[seat];
  if (!me) return { code: 'NOT_SEATED', message: 'That seat is not at this table.' };
  if (!me.alive) return { code: 'NOT_YOUR_TURN', message: 'You are out until the next round.' };
  if (me.commit) return { code: 'NOT_YOUR_TURN', message: 'You already placed your card for this shootout.' };
  if (!intent || intent.type !== 'commit') return { code: 'UNKNOWN_INTENT', message: 'Duel only takes "commit".' };
  if (!isCard(intent.card)) return { code: 'ILLEGAL_CARD', message: 'That is not a Duel card.' };
  if (!me.hand.includes(intent.card)) return { code: 'ILLEGAL_CARD', message: `You have no ${intent.card} in hand.` };
  const target = intent.target ?? null;
  if (isGun(intent.card)) {
    if (target === null) return { code: 'NEED_TARGET', message: 'Pick an opponent to aim at.' };
    if (!livingOpponents(state, seat).includes(target)) {
      return { code: 'ILLEGAL_TARGET', message: 'Aim at an opponent who is still standing.' };
    }
  } else if (target !== null) {
    return { code: 'ILLEGAL_TARGET', message: `A ${intent.card} is not aimed at anyone.` };
  }
  return { card: intent.card, target };
}

function clone(state: DuelState): DuelState {
  return cloneState(state);
}

export function apply(state: DuelState, seat: Seat, intent: DuelIntent): ApplyResult<DuelState, DuelEmitted> {
  const ok = check(state, seat, intent);
  if ('code' in ok) return { error: ok };
  const next = clone(state);
  const events: DuelEmitted[] = [];
  place(next, seat, ok, events);
  if (pending(next).length === 0) resolve(next, events);
  return { state: next, events };
}

function place(state: DuelState, seat: Seat, commit: Commit, events: DuelEmitted[]): void {
  const me = at(state.players, seat, 'a seat that places a card was checked or is pending');
  me.hand.splice(me.hand.indexOf(commit.card), 1);
  me.commit = commit;
  events.push({ type: 'committed', seat });
  events.push({ type: 'you_committed', to: [seat], seat, card: commit.card, target: commit.target });
}

/**
 * Countdown expired: every living player who has not committed plays a random card from their hand (each card as
 * likely, so 3 pistols in 6 cards come up half the time), then, for a gun, a random standing opponent.
 */
export function timeout(state: DuelState): ApplyResult<DuelState, DuelEmitted> {
  const late = pending(state);
  if (late.length === 0) return fail('NOTHING_PENDING', 'No decision is pending.');
  const next = clone(state);
  const rng = Rng.fromState(next.rng);
  const events: DuelEmitted[] = [{ type: 'timed_out', seats: late }];
  for (const seat of late) {
    const card = rng.pick(at(next.players, seat, 'a pending seat sits at the table').hand);
    const target = isGun(card) ? rng.pick(livingOpponents(next, seat)) : null;
    place(next, seat, { card, target }, events);
  }
  next.rng = rng.state();
  resolve(next, events);
  return { state: next, events };
}

/** What one shot did: it landed, or missed a player who fired (`dodged`: whoever fires is moving), or a barricade held it. */
export type ShotResult = 'lands' | 'dodged' | 'blocked';

/**
 * What a shot of `gun` does to a seat that played `theirs`, exactly as the rulebook says: whoever fired was moving
 * (every shot at them misses), a barricade stops pistols but not rifles, a reloader is hit. Null: nothing played there.
 * The one place of this rule: who is hit (hitsOf), and what the log and the table tell of each shot.
 */
export function shotResult(gun: Card, theirs: Card | null | undefined): ShotResult | null {
  if (!theirs) return null;
  if (isGun(theirs)) return 'dodged';
  return theirs === 'barricade' && gun !== 'rifle' ? 'blocked' : 'lands';
}

export const shotLands = (gun: Card, theirs: Card | null | undefined): boolean => shotResult(gun, theirs) === 'lands';

/** Who is hit by this shootout's plays: each seat that a shot lands on (shotLands). */
export function hitsOf(plays: readonly Play[]): Seat[] {
  return plays.filter(({ seat, card }) => plays.some((p) => p.target === seat && isGun(p.card) && shotLands(p.card, card))).map((p) => p.seat);
}

function resolve(state: DuelState, events: DuelEmitted[]): void {
  const plays: Play[] = [];
  state.players.forEach((p, seat) => {
    if (p.alive && p.commit) plays.push({ seat, card: p.commit.card, target: p.commit.target });
  });
  const hit = hitsOf(plays);
  const reloaded: Seat[] = [];
  for (const { seat, card } of plays) {
    const p = at(state.players, seat, 'a play comes from a seat at the table');
    p.aside.push(card);
    p.commit = null;
    if (hit.includes(seat)) p.alive = false;
    else if (card === 'reload') {
      p.hand = sortHand([...p.hand, ...p.aside]);
      p.aside = [];
      reloaded.push(seat);
    }
  }
  state.lastReveal = { round: state.round, shootout: state.shootout, plays, hit, reloaded };
  events.push({ type: 'revealed', round: state.round, shootout: state.shootout, plays, hit, reloaded });

  const standing = state.players.flatMap((p, s) => (p.alive ? [s] : []));
  const survivor = standing[0];
  if (survivor === undefined) throw new Error('Duel invariant broken: every heart fell in one shootout');
  if (standing.length > 1) {
    state.shootout += 1;
    assertHandsPlayable(state);
    return;
  }
  const winner = at(state.players, survivor, 'the survivor sits at the table');
  winner.money += 1;
  events.push({ type: 'round_won', seat: survivor, round: state.round, money: winner.money });
  if (winner.money >= state.options.target) {
    state.phase = 'over';
    state.winner = survivor;
    events.push({ type: 'game_won', seat: survivor, money: winner.money });
    return;
  }
  state.round += 1;
  state.shootout = 1;
  state.players = state.players.map((p) => freshPlayer(p.money));
  events.push({ type: 'round_started', round: state.round });
}

/** The rulebook guarantees a living player always has a card: the Reload is the last one left. */
function assertHandsPlayable(state: DuelState): void {
  for (const p of state.players) {
    if (p.alive && p.hand.length === 0) throw new Error('Duel invariant broken: a living player has an empty hand');
  }
}

export function outcome(state: DuelState): Outcome | null {
  if (state.phase !== 'over' || state.winner === null) return null;
  return { winners: [state.winner], scores: state.players.map((p) => p.money) };
}
