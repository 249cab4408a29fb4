/**
 * The zod shapes of every event on the wire (issue 17), written once: one discriminated union per game and one for
 * the table's own events, every object strict (an undeclared field fails). The types come from `z.infer`: the rules
 * build `Emitted<DuelEvent>[]` etc. (a misspelt type or field does not compile), the server types its table events
 * with `TableEvent`, and the client switches on the typed unions instead of re-reading fields.
 *
 * `to` (who may see an event) is the engines' and never on the wire (core/game.ts `eventsFor` drops it): the schemas
 * are the wire's, and `Emitted<E>` adds `to` for what an engine emits.
 *
 * Nested shapes that repeat an engine type (a Duel reveal, a Rattlesnake showdown or used ability, a Saloon shot or
 * shown hand) are tied to it by compile-time assertions below, so the two cannot drift apart.
 */
import { z } from 'zod';
import type { Seat } from '../core/game';
import { CARDS as DUEL_CARDS } from '../duel/cards';
import type { Reveal as DuelReveal } from '../duel/state';
import type { Combo } from '../rattlesnake/combos';
import { ABILITIES, type EventKind } from '../rattlesnake/cards';
import type { Showdown, UsedAbility } from '../rattlesnake/state';
import { AREAS, COLOURS, NOISES, type WindKind } from '../saloon/cards';
import type { AnswerIntent } from '../saloon/intents';
import type { Reveal as SaloonReveal, ShotRecord } from '../saloon/state';
import { CHAT_PHRASES } from './constants';
import type { Same } from './same';

const seat = z.number().int().min(0).max(5);
const seats = z.array(seat);
/** A time or a deadline, ms on the server's clock. */
const ms = z.number();
const count = z.number().int().min(0);
const money = z.number().int();
const cardId = z.string().min(1);
const cards = z.array(cardId);
/** The card fields, by identity: a public event's cards travel as numbers where the game has a card list (event-codec.ts). */
export { cardId as cardIdSchema, cards as cardsSchema };
/** One event: `type` and its fields, nothing else. */
const event = <T extends string, F extends z.ZodRawShape>(type: T, fields: F) => z.object({ type: z.literal(type), ...fields }).strict();

// ---- Duel ----

const duelPlay = z.object({ seat, card: z.enum(DUEL_CARDS), target: seat.nullable() }).strict();
const duelReveal = { round: count, shootout: count, plays: z.array(duelPlay), hit: seats, reloaded: seats };

export const duelEventSchema = z.discriminatedUnion('type', [
  /** Someone placed a card face down (everyone). */
  event('committed', { seat }),
  /** The card I placed, and whom it aims at (to that seat). */
  event('you_committed', { seat, card: z.enum(DUEL_CARDS), target: seat.nullable() }),
  /** The countdown ran out: these seats played a random card. */
  event('timed_out', { seats }),
  /** Cards up: every play, who was hit, who reloaded. */
  event('revealed', duelReveal),
  event('round_won', { seat, round: count, money }),
  event('round_started', { round: count }),
  event('game_won', { seat, money }),
]);
export type DuelEvent = z.infer<typeof duelEventSchema>;

// ---- Rattlesnake ----

const combo = z.object({ kind: z.enum(['set', 'run', 'single']), cards, size: count, top: count }).strict();
const showdown = {
  attacker: seat,
  defender: seat,
  attackerCombo: combo.nullable(),
  defenderCombo: combo.nullable(),
  dodge: z.boolean(),
  attackerWon: z.boolean(),
  hits: count,
};
const usedAbility = {
  seat,
  cardId,
  ability: z.enum(ABILITIES),
  target: cardId.optional(),
  value: z.number().int().optional(),
  delta: z.union([z.literal(1), z.literal(-1)]).optional(),
  mode: z.enum(['swap', 'draw', 'again', 'refill']).optional(),
  take: cardId.optional(),
};
const RATTLESNAKE_EVENT_KINDS = ['high-noon', 'locked-and-loaded', 'snakebite', 'last-call', 'sandstorm', 'deadeye'] as const;

export const rattlesnakeEventSchema = z.discriminatedUnion('type', [
  event('turn_started', { seat, turn: count }),
  event('turn_ended', { seat }),
  /** No attack for too long: the active player takes a Hit. */
  event('stalemate', { seat, turns: count }),
  event('timed_out', { seat }),
  event('drew', { seat, count }),
  event('you_drew', { seat, cards }),
  /** A seat's discard pile shuffled back into its deck. */
  event('reshuffled', { seat, count }),
  event('discarded_hand', { seat, cards }),
  event('bought', { seat, cardId, slot: count, discarded: cards }),
  event('saloon_slot_empty', { slot: count }),
  event('saloon_refilled', { slot: count, cardId, event: z.enum(RATTLESNAKE_EVENT_KINDS).nullable() }),
  event('attack_declared', { seat }),
  event('attack_abandoned', { seat }),
  event('committed', { seat, count }),
  event('you_committed', { seat, cards }),
  event('revealed', { attacker: cards, defender: cards }),
  event('passed', { seat }),
  event('attack_resolved', showdown),
  /** A Hit card taken; `into: 'deck'` when it goes on top of the deck (Double Tap). */
  event('hit_taken', { seat, cardId, left: count, into: z.literal('deck').optional() }),
  event('game_won', { seat }),
  event('ability_used', usedAbility),
  event('covered', { seat, cardId, cancelled: cardId }),
  event('allowed', { seat, cardId }),
  event('put_back', { seat }),
  event('you_put_back', { seat, cardId, kept: cards }),
  event('switched', { seat, cardId }),
  event('disarmed', { seat, cardId }),
  event('value_changed', { cardId, from: z.number().int(), value: z.number().int() }),
  /** Dodge 'n' Shoot: each side's top card (null: none left). */
  event('dodge_flip', { attacker: cardId.nullable(), defender: cardId.nullable() }),
]);
export type RattlesnakeEvent = z.infer<typeof rattlesnakeEventSchema>;

// ---- Saloon Showdown ----

const colour = z.enum(COLOURS);
const gun = z.union([colour, z.literal('bottle')]);
const shown = z.object({ seat, cards, bullets: count }).strict();
/** Hands shown (a bluff called, Russian Roulette): public, so their cards travel as numbers too (event-codec.ts). */
const shownHands = z.array(shown);
export { shownHands as shownHandsSchema };
const shot = {
  seat,
  target: seat.optional(),
  gun,
  area: z.enum(AREAS),
  noise: z.enum([...NOISES, 'crash']).nullable(),
  at: ms,
  correct: z.boolean(),
  falseStart: z.boolean().optional(),
  reactionMs: z.number().optional(),
};
const CALLS = ['bluffing', 'duel', 'law', 'wanted', 'escape', 'desperado'] as const;
const WIND_KINDS = ['turkey', 'noon', 'hail', 'heist'] as const;
/** Why cards went to the discard pile (the log words it by this). */
const DISCARD_REASONS = [
  'draw',
  'cash_loot',
  'timeout',
  'bottle',
  'law',
  'wanted',
  'escape',
  'standoff',
  'duel',
  'bluff',
  'roulette',
  'truel',
  'turkey',
] as const;
export type DiscardReason = (typeof DISCARD_REASONS)[number];
/** Why the bank pays someone (each has its sentence in the client's log). */
const BANK_REASONS = ['cash_loot', 'bottle', 'duel_won', 'bounty_reset', 'law', 'law_duel', 'standoff_won', 'hail', 'heist', 'turkey'] as const;
export type BankReason = (typeof BANK_REASONS)[number];
/** Loot taken from one player by another: a lost bluff call, or Russian Roulette. */
const LOOT_REASONS = ['bluff', 'roulette_click', 'roulette_bang'] as const;
export type LootReason = (typeof LOOT_REASONS)[number];
/** A whole Bounty claimed: a won duel, Standoff or Truel, or Wanted Alive. */
const BOUNTY_REASONS = ['duel', 'standoff', 'truel', 'wanted'] as const;
export type BountyReason = (typeof BOUNTY_REASONS)[number];

export const saloonEventSchema = z.discriminatedUnion('type', [
  // A turn
  event('turn_started', { seat, turn: count }),
  event('turn_ended', { seat }),
  event('timed_out', { seat }),
  event('drew', { seat, count }),
  event('you_drew', { seat, cards }),
  event('drew_public', { seat, index: count, card: cardId, replacement: cardId }),
  event('dealer_moved', { seat }),
  event('public_replaced', { seat, discarded: cards, cards }),
  /** The discard pile shuffled into the deck. */
  event('reshuffled', { count }),
  event('discarded', { seat, cards, reason: z.enum(DISCARD_REASONS) }),
  event('cashed_loot', { seat, cards }),
  // Money
  event('bank_paid', { seat, amount: money, into: z.enum(['loot', 'bounty']), reason: z.enum(BANK_REASONS) }),
  event('loot_moved', { payer: seat, payee: seat, amount: money, reason: z.enum(LOOT_REASONS) }),
  event('bounty_claimed', { seat, from: seat, amount: money, reason: z.enum(BOUNTY_REASONS) }),
  event('end_triggered', { seat, reason: z.enum(['loot', 'wounds']), endAfter: seat }),
  event('game_over', { winners: seats, scores: z.array(money) }),
  // Threats and their answers
  event('threatened', { seat, target: seat, gun: colour, until: ms }),
  event('answered', { seat, call: z.enum(CALLS), silent: z.boolean() }),
  event('bluff_called', { threatener: seat, target: seat, hands: shownHands, winner: seat, amount: money }),
  event('roulette', {
    threatener: seat,
    target: seat,
    hands: shownHands,
    rolls: z.array(count),
    result: z.enum(['click', 'bang']),
    winner: seat,
    amount: money,
  }),
  event('i_am_the_law', { seat, threatener: seat, cards, amount: money }),
  /** Wanted Alive: played on a turn (`answer: false`) or as the answer to a threat. */
  event('wanted_alive', { seat, target: seat, cards, answer: z.boolean() }),
  /** "See you!": the threat is cancelled (no `target`), moves to a new target, or goes back to the threatener. */
  event('escaped', {
    seat,
    threatener: seat,
    result: z.enum(['cancelled', 'new_target', 'threatener_answers']),
    target: seat.optional(),
    until: ms.optional(),
  }),
  event('crashed', { seat, target: seat, gun: colour, cards, stopped: z.enum(['threat', 'duel', 'standoff']) }),
  // Races: duel, Truel, Mexican Standoff
  event('duel_started', { threatener: seat, target: seat, gun: colour, goAt: ms, endsAt: ms }),
  /** "Go!" of a duel (`threatener`, `target`) or of a Truel (`truel`: its three seats). */
  event('go', { at: ms, threatener: seat.optional(), target: seat.optional(), truel: seats.optional() }),
  /** A racer's hand at "Go!" (to that seat). */
  event('duel_hand', { seat, cards }),
  event('shot', shot),
  event('misfire', { seat, lockedUntil: ms }),
  event('duel_won', { winner: seat, loser: seat, at: ms }),
  event('duel_abandoned', { at: ms, threatener: seat, target: seat }),
  event('wounded', { seat, wounds: count }),
  event('law_won_duel', { seat, cards, amount: money }),
  event('truel_started', { desperado: seat, others: seats, goAt: ms, endsAt: ms }),
  event('nothing_to_lose', { seat, guns: z.array(colour), targets: seats }),
  event('desperado_checked', { seat, cards }),
  event('truel_won', { winners: seats, losers: seats, shooter: seat, at: ms }),
  event('truel_abandoned', { at: ms, desperado: seat, others: seats }),
  event('i_dont_think_so', { seat, gun: colour, target: seat, until: ms }),
  event('standoff_ready', { judge: seat, seats, goAt: ms }),
  event('judge_flipped', { judge: seat, cards, at: ms, endsAt: ms }),
  event('standoff_won', { winner: seat, hit: seat, at: ms }),
  event('standoff_ended', { result: z.enum(['broken', 'abandoned']), seats }),
  // What the Wind Brings
  event('wind_drawn', { card: cardId, seat, held: z.boolean() }),
  event('wind_event', { card: cardId, kind: z.enum(WIND_KINDS), seat }),
  event('wind_shuffled_back', { cards }),
  event('hail_of_bullets', { bullets: z.array(count) }),
  event('bank_heist', { booty: z.array(count) }),
  /** Showdown at Noon: a duel of the two highest Bounties, or a Standoff of 3+ tied ones (`standoff`, `goAt`). */
  event('showdown_at_noon', { seats, standoff: z.literal(true).optional(), goAt: ms.optional() }),
  event('turkey', { drawer: seat, goAt: ms }),
  event('turkey_flipped', { drawer: seat, cards, at: ms, endsAt: ms }),
  event('turkey_shot', { seat, drawer: seat, at: ms }),
  event('turkey_escaped', { at: ms }),
  event('wound_discarded', { seat, wounds: count }),
]);
export type SaloonEvent = z.infer<typeof saloonEventSchema>;

// ---- The table's own events (the server's, whatever the game) ----

export const tableEventSchema = z.discriminatedUnion('type', [
  event('player_joined', { seat, name: z.string() }),
  event('player_returned', { seat, name: z.string() }),
  event('player_left', { seat, name: z.string() }),
  event('player_kicked', { seat, name: z.string() }),
  /** The host's powers pass to `seat`, a player at the table, from `was` (away too long, or gone). */
  event('host_passed', { seat, was: seat }),
  /** A player dropped: a bot plays their seat until they come back. */
  event('bot_took_seat', { seat }),
  /** No move from this seat's player for a while (AFK): a bot plays for them; `seat_back` when they act again. */
  event('seat_away', { seat }),
  event('seat_back', { seat }),
  event('rematch_asked', { seat }),
  /** A chat phrase; `seat` null for a spectator. */
  event('chat', { seat: seat.nullable(), name: z.string(), phrase: z.enum(CHAT_PHRASES) }),
  event('game_started', { seats: count }),
  event('server_restarting', { message: z.string() }),
]);
export type TableEvent = z.infer<typeof tableEventSchema>;

/** Any game's event, as on the wire. */
export type GameWireEvent = DuelEvent | RattlesnakeEvent | SaloonEvent;

/** An event as an engine emits it: the wire's shape and, for a private one, `to` (the seats that may see it). */
export type Emitted<E extends { type: string }> = E & { to?: readonly Seat[] };

/** One of `U`'s events by type: `EventOf<SaloonEvent, 'shot'>`. */
export type EventOf<U extends { type: string }, T extends U['type']> = Extract<U, { type: T }>;

// Compile-time ties to the engine's own types (same.ts): a field added to one and not the other does not compile.
type Fields<E> = Omit<E, 'type'>;
const duelRevealAgrees: Same<Fields<EventOf<DuelEvent, 'revealed'>>, DuelReveal> = true;
const comboAgrees: Same<z.infer<typeof combo>, Combo> = true;
const showdownAgrees: Same<Fields<EventOf<RattlesnakeEvent, 'attack_resolved'>>, Showdown> = true;
const usedAbilityAgrees: Same<Fields<EventOf<RattlesnakeEvent, 'ability_used'>>, UsedAbility> = true;
const eventKindsAgree: Same<(typeof RATTLESNAKE_EVENT_KINDS)[number], EventKind> = true;
const shotAgrees: Same<Fields<EventOf<SaloonEvent, 'shot'>>, ShotRecord> = true;
const shownAgrees: Same<z.infer<typeof shown>, SaloonReveal['hands'][number]> = true;
const callsAgree: Same<(typeof CALLS)[number], AnswerIntent['call']> = true;
const windKindsAgree: Same<(typeof WIND_KINDS)[number], WindKind> = true;
void [duelRevealAgrees, comboAgrees, showdownAgrees, usedAbilityAgrees, eventKindsAgree, shotAgrees, shownAgrees, callsAgree, windKindsAgree];

/** What each game's rules emit. */
export type DuelEmitted = Emitted<DuelEvent>;
export type RattlesnakeEmitted = Emitted<RattlesnakeEvent>;
export type SaloonEmitted = Emitted<SaloonEvent>;
