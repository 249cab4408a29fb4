/**
 * Desperado, the Truel: three Desperado cards start one, either as a turn action ("I have nothing to lose": two
 * guns, two targets) or as the answer to a threat. Hands pass to the right among the three, "Go!" as in a duel; the
 * first correct shot decides it — the Desperado hitting wounds both others and takes their Bounties, anyone else
 * hitting wounds the Desperado and the two split its Bounty. Nobody hitting within the limit abandons it.
 */
import type { Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import type { Colour } from './cards';
import { freshHands } from './deck';
import { bankPays, claimBounty } from './economy';
import { checkEnd } from './end';
import type { DesperadoIntent, ShootIntent } from './intents';
import { BOTTLE_REWARD } from './numbers';
import { judgeShot, truelSeats } from './shared';
import { fire, raceFromNow } from './shot';
import type { Phase, SaloonState } from './state';
import { finishThreat } from './turn';
import { playerOf } from './own';
import { at as atIndex } from '../core/at'; // `at` here is a time

type Truel = Extract<Phase, { kind: 'truel' }>;

/** Hands pass to the right among the three (the right-hand neighbour plays just before you); "Go!" as in a duel. */
export function startTruel(state: SaloonState, desperado: Seat, others: [Seat, Seat], guns: Colour[], at: number, events: SaloonEmitted[]): void {
  const seats = [desperado, ...others].sort((a, b) => a - b);
  const old = seats.map((s) => playerOf(state, s).hand);
  // Clockwise a → b → c: a's right is c, b's right is a, c's right is b. Each hand goes to the right.
  seats.forEach((s, i) => {
    playerOf(state, s).hand = atIndex(old, (i + 1) % 3, 'a Truel has three seats');
  });
  const race = raceFromNow(state, at);
  state.phase = {
    kind: 'truel',
    desperado,
    others,
    guns,
    ...race,
  };
  events.push({ type: 'truel_started', desperado, others: [...others], goAt: race.goAt, endsAt: race.endsAt });
}

/** "I have nothing to lose" on your turn: take two guns, threaten two players; the Truel starts at once. */
export function nothingToLose(state: SaloonState, seat: Seat, intent: DesperadoIntent, now: number, events: SaloonEmitted[]): void {
  for (const g of intent.guns) state.guns[g] = seat;
  events.push({ type: 'nothing_to_lose', seat, guns: [...intent.guns], targets: [...intent.targets] });
  const [a, b] = intent.targets;
  if (a === undefined || b === undefined) throw new Error('Saloon invariant broken: check lets a Desperado through only with two targets');
  startTruel(state, seat, [a, b], [...intent.guns], now, events);
}

export function truelShot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Truel;
  const correct = judgeShot({ hand: playerOf(state, seat).hand, guns: state.guns, shooter: seat, now }, shot);
  const noise = shot.gun === 'bottle' ? 'crash' : (shot.noise ?? null);
  if (!fire(ph, { seat, gun: shot.gun, area: shot.area, noise, at: now, correct }, shot, events)) return;
  const d = ph.desperado;
  const seats = truelSeats(ph);
  // The Desperado's cards are checked after the Truel: they went to the player on his right.
  const right = atIndex(seats, (seats.indexOf(d) + 2) % 3, 'a Truel has three seats');
  events.push({ type: 'desperado_checked', seat: d, cards: [...playerOf(state, right).hand] });
  if (seat === d) {
    events.push({ type: 'truel_won', winners: [d], losers: [...ph.others], shooter: seat, at: now });
    for (const o of ph.others) {
      playerOf(state, o).wounds += 1;
      events.push({ type: 'wounded', seat: o, wounds: playerOf(state, o).wounds });
      checkEnd(state, o, events);
    }
    for (const o of ph.others) claimBounty(state, d, o, 'truel', events);
  } else {
    events.push({ type: 'truel_won', winners: [...ph.others], losers: [d], shooter: seat, at: now });
    const p = playerOf(state, d);
    p.wounds += 1;
    events.push({ type: 'wounded', seat: d, wounds: p.wounds });
    checkEnd(state, d, events);
    // Decision: each of the two takes half of the Desperado's Bounty; an odd dollar stays on it.
    const half = Math.floor(p.bounty / 2);
    if (half > 0) {
      for (const o of ph.others) {
        p.bounty -= half;
        playerOf(state, o).loot += half;
        events.push({ type: 'bounty_claimed', seat: o, from: d, amount: half, reason: 'truel' });
        checkEnd(state, o, events);
      }
    }
  }
  if (shot.gun === 'bottle') bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  state.lastDuel = { threatener: d, target: ph.others[0], winner: seat, result: 'won', shots: ph.shots, truel: seats };
  freshHands(state, seats, 'truel', rng, events);
  finishThreat(state, rng, events);
}

/** The Truel's deadline: "Go!" (each of the three sees the hand it now holds), then its abandonment. */
export function truelDeadline(state: SaloonState, ph: Truel, at: number, rng: Rng, events: SaloonEmitted[]): void {
  if (!ph.go) {
    ph.go = true;
    events.push({ type: 'go', at: ph.goAt, truel: truelSeats(ph) });
    for (const s of truelSeats(ph)) events.push({ type: 'duel_hand', to: [s], seat: s, cards: [...playerOf(state, s).hand] });
    return;
  }
  const seats = truelSeats(ph);
  state.lastDuel = { threatener: ph.desperado, target: ph.others[0], winner: null, result: 'abandoned', shots: ph.shots, truel: seats };
  events.push({ type: 'truel_abandoned', at, desperado: ph.desperado, others: [...ph.others] });
  freshHands(state, seats, 'truel', rng, events);
  finishThreat(state, rng, events);
}
