/**
 * The duel: "Do you?" (or silence) swaps the two hands, "Go!" comes GO_DELAY_MS later, and the first correct shot
 * wins — a Wound for the loser, the loser's Bounty and a raise for the winner (and the Law's prize when the winner's
 * old hand was three Law cards; the Bottle's $20). Nobody hitting within DUEL_LIMIT_MS abandons it. Both duelists
 * then draw fresh hands and the threat is over.
 */
import type { Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { freshHands } from './deck';
import { bankPays, claimBounty } from './economy';
import { checkEnd } from './end';
import type { ShootIntent } from './intents';
import { BOTTLE_REWARD, DUEL_BOUNTY_RAISE } from './numbers';
import { holdsThree, judgeShot } from './shared';
import { fire, raceFromNow } from './shot';
import type { Phase, SaloonState } from './state';
import { finishThreat } from './turn';
import { playerOf } from './own';

type Duel = Extract<Phase, { kind: 'duel' }>;

function other(phase: { threatener: Seat; target: Seat }, seat: Seat): Seat {
  return seat === phase.threatener ? phase.target : phase.threatener;
}

export function startDuel(state: SaloonState, at: number, events: SaloonEmitted[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' }>;
  const a = playerOf(state, ph.threatener);
  const b = playerOf(state, ph.target);
  [a.hand, b.hand] = [b.hand, a.hand];
  const race = raceFromNow(state, at);
  state.phase = {
    kind: 'duel',
    threatener: ph.threatener,
    target: ph.target,
    gun: ph.gun,
    ...race,
  };
  events.push({ type: 'duel_started', threatener: ph.threatener, target: ph.target, gun: ph.gun, goAt: race.goAt, endsAt: race.endsAt });
}

function go(state: SaloonState, events: SaloonEmitted[]): void {
  const ph = state.phase as Duel;
  ph.go = true;
  events.push({ type: 'go', at: ph.goAt, threatener: ph.threatener, target: ph.target });
  for (const s of [ph.threatener, ph.target]) events.push({ type: 'duel_hand', to: [s], seat: s, cards: [...playerOf(state, s).hand] });
}

export function duelShot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Duel;
  const correct = judgeShot({ hand: playerOf(state, seat).hand, guns: state.guns, shooter: seat, now }, shot);
  const noise = shot.gun === 'bottle' ? 'crash' : (shot.noise ?? null);
  if (!fire(ph, { seat, gun: shot.gun, area: shot.area, noise, at: now, correct }, shot, events)) return;
  const loser = other(ph, seat);
  const l = playerOf(state, loser);
  l.wounds += 1;
  events.push({ type: 'duel_won', winner: seat, loser, at: now });
  events.push({ type: 'wounded', seat: loser, wounds: l.wounds });
  checkEnd(state, loser, events);
  // Decision: a loser with $0 Bounty gives the winner nothing at all (no Bounty, no +$10).
  // The loser now holds the winner's hand from before the swap: three Law cards there = the winner was the Law.
  const wasLaw = holdsThree(l.hand, 'law');
  const amount = claimBounty(state, seat, loser, 'duel', events);
  if (amount > 0) {
    bankPays(state, seat, DUEL_BOUNTY_RAISE, 'bounty', 'duel_won', events);
    if (wasLaw) {
      events.push({ type: 'law_won_duel', seat, cards: [...l.hand], amount });
      bankPays(state, seat, amount, 'loot', 'law_duel', events);
    }
  }
  // The Bottle's first use: "in both cases … they will collect $20 from the Bank as Loot".
  if (shot.gun === 'bottle') bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  state.lastDuel = { threatener: ph.threatener, target: ph.target, winner: seat, result: 'won', shots: ph.shots };
  freshHands(state, [ph.threatener, ph.target], 'duel', rng, events);
  finishThreat(state, rng, events);
}

/** The duel's deadline: "Go!", then, DUEL_LIMIT_MS later, the duel is abandoned without a winner. */
export function duelDeadline(state: SaloonState, ph: Duel, at: number, rng: Rng, events: SaloonEmitted[]): void {
  if (!ph.go) {
    go(state, events);
    return;
  }
  state.lastDuel = { threatener: ph.threatener, target: ph.target, winner: null, result: 'abandoned', shots: ph.shots };
  events.push({ type: 'duel_abandoned', at, threatener: ph.threatener, target: ph.target });
  freshHands(state, [ph.threatener, ph.target], 'duel', rng, events);
  finishThreat(state, rng, events);
}
