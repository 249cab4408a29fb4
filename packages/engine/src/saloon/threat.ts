/**
 * The threat, "Do you feel lucky?": a gun taken and pointed at another player, and the answers within the threat
 * window — "You're bluffing!" (Bullets compared, $20 to the better hand; or Russian Roulette's d6), "Do you?" (a
 * duel; silence means the same), "I am the Law", revealing Wanted Alive, "See you!" (Escape on Horseback: the
 * threat moves on, is cancelled, or goes back to the threatener) and a Truel started by three Desperado cards.
 */
import type { Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { bulletsOf } from './cards';
import { discardCards, drawCards, drawUpTo, freshHands } from './deck';
import { startDuel } from './duel';
import { bankPays, claimBounty, takeLoot } from './economy';
import type { AnswerIntent, ThreatenIntent } from './intents';
import { BLUFF_STAKE, ESCAPE_DRAW, ROULETTE_STAKE } from './numbers';
import { threatDecider } from './shared';
import type { Phase, Reveal, SaloonState } from './state';
import { startTruel } from './truel';
import { finishThreat } from './turn';
import { playerOf } from './own';

type Threat = Extract<Phase, { kind: 'threat' }>;

/** "Do you feel lucky?": take a gun from the table and point it at another player; the threat window opens. */
export function threaten(state: SaloonState, seat: Seat, intent: ThreatenIntent, now: number, events: SaloonEmitted[]): void {
  state.guns[intent.gun] = seat;
  const until = now + state.options.threatSeconds * 1000;
  state.phase = { kind: 'threat', threatener: seat, target: intent.target, gun: intent.gun, until };
  events.push({ type: 'threatened', seat, target: intent.target, gun: intent.gun, until });
}

/** The answer to a threat (announced first), by its call. */
export function answer(state: SaloonState, seat: Seat, intent: AnswerIntent, now: number, rng: Rng, events: SaloonEmitted[]): void {
  events.push({ type: 'answered', seat, call: intent.call, silent: false });
  if (intent.call === 'desperado') {
    const th = state.phase as Threat;
    startTruel(state, seat, [th.threatener, intent.target as Seat], [], now, events);
  } else if (intent.call === 'law') iAmTheLaw(state, seat, rng, events);
  else if (intent.call === 'wanted') wantedAnswer(state, seat, rng, events);
  else if (intent.call === 'escape') escape(state, seat, intent, now, rng, events);
  else if (intent.call === 'duel') startDuel(state, now, events);
  else if (state.options.russianRoulette) roulette(state, rng, events);
  else bluffCall(state, rng, events);
}

/** The threat window runs out: silence = "Do you?" (from the threatener too, when it answers after two escapes). */
export function threatDeadline(state: SaloonState, ph: Threat, at: number, _rng: Rng, events: SaloonEmitted[]): void {
  events.push({ type: 'answered', seat: threatDecider(ph), call: 'duel', silent: true });
  startDuel(state, at, events);
}

function bluffCall(state: SaloonState, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Threat;
  const handOf = (seat: Seat) => ({ seat, cards: [...playerOf(state, seat).hand], bullets: bulletsOf(playerOf(state, seat).hand) });
  const t = handOf(ph.threatener);
  const g = handOf(ph.target);
  const hands = [t, g];
  // A tie goes to the threatener.
  const winner = t.bullets >= g.bullets ? ph.threatener : ph.target;
  const loser = winner === ph.threatener ? ph.target : ph.threatener;
  const amount = takeLoot(state, loser, winner, BLUFF_STAKE, 'bluff', events);
  const reveal: Reveal = { kind: 'bluff', hands, winner, amount };
  state.lastReveal = reveal;
  events.push({ type: 'bluff_called', threatener: ph.threatener, target: ph.target, hands, winner, amount });
  freshHands(state, [ph.threatener, ph.target], 'bluff', rng, events);
  finishThreat(state, rng, events);
}

/** Russian Roulette: a d6 against the threatener's Bullets; equal rolls again. */
function roulette(state: SaloonState, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Threat;
  const bullets = bulletsOf(playerOf(state, ph.threatener).hand);
  const rolls: number[] = [];
  let roll: number;
  do {
    roll = 1 + rng.int(6);
    rolls.push(roll);
  } while (roll === bullets);
  const click = roll > bullets;
  const amount = click
    ? takeLoot(state, ph.threatener, ph.target, ROULETTE_STAKE, 'roulette_click', events)
    : takeLoot(state, ph.target, ph.threatener, ROULETTE_STAKE, 'roulette_bang', events);
  const winner = click ? ph.target : ph.threatener;
  const hands = [{ seat: ph.threatener, cards: [...playerOf(state, ph.threatener).hand], bullets }];
  state.lastReveal = { kind: 'roulette', hands, rolls, winner, amount };
  events.push({ type: 'roulette', threatener: ph.threatener, target: ph.target, hands, rolls, result: click ? 'click' : 'bang', winner, amount });
  freshHands(state, [ph.threatener, ph.target], 'roulette', rng, events);
  finishThreat(state, rng, events);
}

/** "I am the Law": the threatener loses the turn; the Law collects the threatener's Bounty value from the bank. */
function iAmTheLaw(state: SaloonState, seat: Seat, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Threat;
  const cards = [...playerOf(state, seat).hand];
  const amount = playerOf(state, ph.threatener).bounty;
  state.lastReveal = { kind: 'law', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount };
  events.push({ type: 'i_am_the_law', seat, threatener: ph.threatener, cards, amount });
  bankPays(state, seat, amount, 'loot', 'law', events);
  discardCards(state, seat, cards, 'law', events);
  drawUpTo(state, seat, rng, events);
  finishThreat(state, rng, events);
}

/** Threatened while holding three Wanted Alive: reveal them, take the threatener's Bounty, end their turn. */
function wantedAnswer(state: SaloonState, seat: Seat, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Threat;
  const cards = [...playerOf(state, seat).hand];
  const amount = playerOf(state, ph.threatener).bounty;
  state.lastReveal = { kind: 'wanted', hands: [{ seat, cards, bullets: bulletsOf(cards) }], winner: seat, amount };
  events.push({ type: 'wanted_alive', seat, target: ph.threatener, cards, answer: true });
  claimBounty(state, seat, ph.threatener, 'wanted', events);
  discardCards(state, seat, cards, 'wanted', events);
  drawUpTo(state, seat, rng, events);
  finishThreat(state, rng, events);
}

/** "See you!": discard the Escape card, draw one; the threat moves on, is cancelled (2 players), or goes back to the threatener. */
function escape(state: SaloonState, seat: Seat, intent: AnswerIntent, now: number, rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Threat;
  discardCards(state, seat, [intent.card as string], 'escape', events);
  drawCards(state, seat, ESCAPE_DRAW, rng, events);
  const escaped = [...(ph.escaped ?? []), seat];
  if (state.players.length === 2) {
    events.push({ type: 'escaped', seat, threatener: ph.threatener, result: 'cancelled' });
    finishThreat(state, rng, events);
    return;
  }
  const until = now + state.options.threatSeconds * 1000;
  if (intent.target !== undefined) {
    state.phase = { ...ph, target: intent.target, until, escaped };
    events.push({ type: 'escaped', seat, threatener: ph.threatener, result: 'new_target', target: intent.target, until });
  } else {
    state.phase = { ...ph, until, escaped };
    events.push({ type: 'escaped', seat, threatener: ph.threatener, result: 'threatener_answers', target: ph.target, until });
  }
}
