/**
 * The Mexican Standoff: during a threat, "I don't think so!" (a Standoff card discarded and replaced, a free gun
 * taken) points a gun at the last threatener and reopens a short window for the next one; a Bottle hit in the chain
 * sends a gun holder out. When the window closes, the guns go down, the Judge (the first threatened player) flips
 * three cards after the usual delay, and the first correct shot at another player in it wins: a Wound for the one
 * hit, its Bounty and $10 from each other one's Bounty for the winner. Everyone keeps their hand.
 */
import type { Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { bulletsOf, COLOURS, type Colour } from './cards';
import { discardCards, drawCards, drawUpTo, takeTop } from './deck';
import { playerOf, table } from './own';
import { bankPays, claimBounty } from './economy';
import { checkEnd } from './end';
import type { ShootIntent } from './intents';
import { BOTTLE_REWARD, DUEL_LIMIT_MS, GO_DELAY_MS, STANDOFF_BOUNTY_RAISE, STANDOFF_FLIP, STANDOFF_TAKE, STANDOFF_WINDOW_MS } from './numbers';
import { judgeShot, standoffCrashTarget, standoffSeats } from './shared';
import { fire } from './shot';
import type { Phase, SaloonState } from './state';
import { finishThreat } from './turn';
import { at } from '../core/at';

type Standoff = Extract<Phase, { kind: 'standoff' }>;

/** "I don't think so!": discard the card (replaced at once), take the gun, point it at the last threatener. */
export function joinStandoff(state: SaloonState, seat: Seat, cardId: string, gun: Colour, now: number, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Extract<Phase, { kind: 'threat' | 'standoff' }>;
  discardCards(state, seat, [cardId], 'standoff', events);
  drawCards(state, seat, 1, rng, events);
  state.guns[gun] = seat;
  const until = now + STANDOFF_WINDOW_MS;
  events.push({ type: 'i_dont_think_so', seat, gun, target: ph.threatener, until });
  if (ph.kind === 'threat') {
    state.phase = {
      kind: 'standoff',
      stage: 'chain',
      threatener: seat,
      judge: ph.target,
      links: [
        { seat: ph.threatener, gun: ph.gun },
        { seat, gun },
      ],
      out: [],
      until,
      goAt: 0,
      endsAt: 0,
      flipped: [],
      lockedUntil: state.players.map(() => 0),
      shots: [],
    };
  } else {
    ph.links.push({ seat, gun });
    ph.threatener = seat;
    ph.until = until;
  }
}

/** The Bottle in a Standoff's chain: the gun holder hit leaves the Standoff; the hitter shows, redraws, +$20. */
export function standoffCrash(state: SaloonState, seat: Seat, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Standoff;
  const target = standoffCrashTarget(ph, seat, playerOf(state, seat).hand) as Seat;
  const link = ph.links.find((l) => l.seat === target) as { seat: Seat; gun: Colour };
  const cards = [...playerOf(state, seat).hand];
  state.lastReveal = { kind: 'bottle', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount: BOTTLE_REWARD };
  events.push({ type: 'crashed', seat, target, gun: link.gun, cards, stopped: 'standoff' });
  ph.out.push(target);
  state.guns[link.gun] = null;
  const left = standoffSeats(ph);
  // Decision: the chain goes on against the latest player still in it.
  const latest = left.at(-1);
  if (ph.threatener === target && latest !== undefined) ph.threatener = latest;
  discardCards(state, seat, cards, 'bottle', events);
  drawUpTo(state, seat, rng, events);
  bankPays(state, seat, BOTTLE_REWARD, 'loot', 'bottle', events);
  if (left.length < 2) {
    // Decision: fewer than two left: the Standoff ends without a fight.
    events.push({ type: 'standoff_ended', result: 'broken', seats: left });
    finishThreat(state, rng, events);
  }
}

/** The chain closes: guns down (hands are already full); the Judge flips 3 cards after the usual "Go!" delay. */
function closeChain(state: SaloonState, at: number, events: SaloonEmitted[]): void {
  const ph = state.phase as Standoff;
  for (const c of COLOURS) state.guns[c] = null;
  ph.stage = 'ready';
  ph.goAt = at + GO_DELAY_MS;
  events.push({ type: 'standoff_ready', judge: ph.judge, seats: standoffSeats(ph), goAt: ph.goAt });
}

function flip(state: SaloonState, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Standoff;
  // An event card among them is the Judge's (the one flipping).
  for (let i = 0; i < STANDOFF_FLIP; i++) ph.flipped.push(takeTop(state, rng, events, ph.judge));
  ph.stage = 'race';
  ph.endsAt = ph.goAt + DUEL_LIMIT_MS;
  events.push({ type: 'judge_flipped', judge: ph.judge, cards: [...ph.flipped], at: ph.goAt, endsAt: ph.endsAt });
}

function endStandoff(state: SaloonState, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Standoff;
  table(state, 'discard').push(...ph.flipped);
  events.push({ type: 'discarded', seat: ph.judge, cards: [...ph.flipped], reason: 'standoff' });
  ph.flipped = [];
  // Decision: everyone keeps their hand (the rulebook has duelists redraw, not the Standoff's players; the race is
  // shot on the Judge's cards, not on anyone's hand).
  finishThreat(state, rng, events);
}

export function standoffShot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Standoff;
  const correct = judgeShot({ hand: ph.flipped, guns: state.guns, shooter: seat, now, anyGun: true }, shot);
  if (!fire(ph, { seat, target: shot.target, gun: shot.gun, area: shot.area, noise: shot.noise ?? null, at: now, correct }, shot, events)) return;
  const hit = shot.target as Seat;
  const h = playerOf(state, hit);
  h.wounds += 1;
  events.push({ type: 'standoff_won', winner: seat, hit, at: now });
  events.push({ type: 'wounded', seat: hit, wounds: h.wounds });
  checkEnd(state, hit, events);
  let total = claimBounty(state, seat, hit, 'standoff', events);
  for (const o of standoffSeats(ph)) {
    if (o === seat || o === hit) continue;
    const amount = Math.min(STANDOFF_TAKE, playerOf(state, o).bounty);
    if (amount <= 0) continue;
    playerOf(state, o).bounty -= amount;
    playerOf(state, seat).loot += amount;
    total += amount;
    events.push({ type: 'bounty_claimed', seat, from: o, amount, reason: 'standoff' });
    checkEnd(state, seat, events);
  }
  // Decision: as in a duel, a winner who collected nothing gets no raise.
  if (total > 0) bankPays(state, seat, STANDOFF_BOUNTY_RAISE, 'bounty', 'standoff_won', events);
  state.lastDuel = { threatener: firstLink(ph), target: ph.judge, winner: seat, result: 'won', shots: ph.shots, standoff: standoffSeats(ph) };
  endStandoff(state, rng, events);
}

/** Who started the Standoff: its first link (a Standoff starts with one, and links are never removed). */
function firstLink(ph: Standoff): Seat {
  return at(ph.links, 0, 'a Standoff starts with its first link').seat;
}

/** The Standoff's deadlines: the chain's window closes, the Judge flips at "Go!", an unwon race is abandoned. */
export function standoffDeadline(state: SaloonState, ph: Standoff, at: number, rng: Rng, events: SaloonEmitted[]): void {
  if (ph.stage === 'chain') closeChain(state, at, events);
  else if (ph.stage === 'ready') flip(state, rng, events);
  else {
    state.lastDuel = { threatener: firstLink(ph), target: ph.judge, winner: null, result: 'abandoned', shots: ph.shots, standoff: standoffSeats(ph) };
    events.push({ type: 'standoff_ended', result: 'abandoned', seats: standoffSeats(ph) });
    endStandoff(state, rng, events);
  }
}
