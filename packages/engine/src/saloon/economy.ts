/**
 * Money: the bank paying a player (the only way money enters the game, always logged), Loot moving from one player
 * to another (only what the payer has), and a whole Bounty claimed into the claimer's Loot (Wanted Alive, a won duel
 * or Standoff or Truel). Each move that raises someone's Loot checks the $130 end.
 */
import type { Seat } from '../core/game';
import type { BankReason, BountyReason, LootReason, SaloonEmitted } from '../protocol/events';
import { checkEnd } from './end';
import type { SaloonState } from './state';
import { playerOf } from './own';

/** Money from the bank: the only way money enters the game, always logged. */
export function bankPays(state: SaloonState, seat: Seat, amount: number, into: 'loot' | 'bounty', reason: BankReason, events: SaloonEmitted[]): void {
  if (amount <= 0) return;
  playerOf(state, seat)[into] += amount;
  events.push({ type: 'bank_paid', seat, amount, into, reason });
  checkEnd(state, seat, events);
}

/** Loot from one player's Loot (only what they have) to another's. Returns the amount moved. */
export function takeLoot(state: SaloonState, from: Seat, to: Seat, stake: number, reason: LootReason, events: SaloonEmitted[]): number {
  const amount = Math.min(stake, playerOf(state, from).loot);
  playerOf(state, from).loot -= amount;
  playerOf(state, to).loot += amount;
  events.push({ type: 'loot_moved', payer: from, payee: to, amount, reason });
  checkEnd(state, to, events);
  return amount;
}

/** `seat` takes `from`'s whole Bounty into its Loot (Wanted Alive, a won duel). Returns the amount. */
export function claimBounty(state: SaloonState, seat: Seat, from: Seat, reason: BountyReason, events: SaloonEmitted[]): number {
  const amount = playerOf(state, from).bounty;
  if (amount <= 0) return 0;
  playerOf(state, from).bounty = 0;
  playerOf(state, seat).loot += amount;
  events.push({ type: 'bounty_claimed', seat, from, amount, reason });
  checkEnd(state, seat, events);
  return amount;
}
