import { isError, type BotLevel, type Outcome, type Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import { deriveSeed, Rng, type Seed } from '../core/rng';
import { DEFAULT_BOT_LEVEL } from '../protocol/constants';
import { botInterrupt, botReactionMs, makeBot, DEFAULT_BOT, type BotConfig } from './bot';
import type { SaloonIntent } from './intents';
import { apply, deadline, interrupters, legalIntents, options as makeOptions, outcome, pending, setup, timeout } from './rules';
import type { SaloonOptions, SaloonState } from './state';
import { view } from './view';
import { lockedUntilOf } from './shared';

export type Player = 'bot' | 'random';

/** One step of a simulated table: an intent applied at `now`, or a countdown/deadline running out at `now`. */
export type SimStep = { kind: 'apply'; seat: Seat; intent: SaloonIntent; now: number } | { kind: 'timeout'; now: number };

export interface SimConfig {
  seats: number;
  options?: Partial<SaloonOptions>;
  /** Per seat; default all bots. */
  players?: Player[];
  /** Per mille: a pending seat stays silent and lets the countdown run out. */
  idleRate?: number;
  /** The server's per-decision countdown for turns (ms). */
  turnMs?: number;
  maxSteps?: number;
  bot?: BotConfig;
  /** How quick the bots react (the table's `botLevel`): see `botReactionMs`. */
  botLevel?: BotLevel;
  onStep?: (state: SaloonState, step: SimStep | null, events: SaloonEmitted[], prev: SaloonState) => void;
}

export interface SimResult {
  outcome: Outcome | null;
  steps: SimStep[];
  final: SaloonState;
  turns: number;
  duels: number;
}

function between(rng: Rng, [lo, hi]: readonly [number, number]): number {
  return lo + rng.int(hi - lo + 1);
}

/**
 * Plays one game through the engine as a server would drive it, on a simulated clock: every seat with something
 * legal to do (the pending seats, and the `interrupters`: a Bottle hit, "I don't think so!") acts after a
 * human-like delay (bots: `botReactionMs` at the table's level for a shot or an interrupt, as the server gives them), the earliest
 * first; deadlines (threat window, "Go!", an unwon duel)
 * and the turn countdown call `timeout`. Deterministic in `seed`.
 */
export function playGame(seed: Seed, config: SimConfig): SimResult {
  const opts = makeOptions(config.options);
  if ('error' in opts) throw new Error(opts.error.message);
  let state = setup({ seats: config.seats, options: opts }, Rng.fromSeed(seed));
  const rng = Rng.fromSeed(deriveSeed(seed, 'players')); // the players' own choices: a stream of its own
  const bot = makeBot(config.bot ?? DEFAULT_BOT);
  const players = config.players ?? Array.from({ length: config.seats }, (): Player => 'bot');
  const maxSteps = config.maxSteps ?? 5000;
  const idleRate = config.idleRate ?? 0;
  const turnMs = config.turnMs ?? 30_000;
  const level = config.botLevel ?? DEFAULT_BOT_LEVEL;
  const steps: SimStep[] = [];
  let now = 0;
  let duels = 0;
  config.onStep?.(state, null, [], state);
  while (outcome(state) === null) {
    if (steps.length >= maxSteps) break;
    const waiting = pending(state);
    const interrupting = interrupters(state);
    let best: { at: number; seat: Seat; intent: SaloonIntent } | null = null;
    for (let seat = 0; seat < config.seats; seat++) {
      const isPending = waiting.includes(seat);
      if (!isPending && !interrupting.includes(seat)) continue;
      const legal = legalIntents(state, seat);
      if (legal.length === 0) continue;
      if (isPending && idleRate > 0 && rng.int(1000) < idleRate) continue;
      let intent: SaloonIntent;
      if (players[seat] === 'bot') {
        // As the server does: a waited-for seat decides with the bot, an interrupter with botInterrupt (may pass).
        const chosen = isPending ? bot(view(state, seat), rng) : botInterrupt(view(state, seat), rng);
        if (!chosen) continue;
        intent = chosen;
      } else {
        if (!isPending && rng.int(10) < 7) continue; // a random player does not always see its Bottle chance
        intent = rng.pick(legal);
      }
      const ph = state.phase;
      let at: number;
      if (intent.type === 'shoot' && (ph.kind === 'duel' || ph.kind === 'truel' || ph.kind === 'standoff' || ph.kind === 'turkey'))
        at = Math.max(now, lockedUntilOf(ph, seat)) + (players[seat] === 'bot' ? botReactionMs(rng, level) : between(rng, [600, 1200]));
      else if (players[seat] === 'bot' && !isPending)
        at = now + botReactionMs(rng, level); // a bot's interrupt: the server's reaction time
      else if (intent.type === 'crash') at = now + between(rng, [300, 1500]);
      else if (intent.type === 'answer') at = now + between(rng, [500, 3000]);
      else at = now + between(rng, [200, 1000]);
      if (!best || at < best.at) best = { at, seat, intent };
    }
    const d = deadline(state);
    const countdown = d ?? (state.phase.kind === 'turn' || state.phase.kind === 'discard' ? now + turnMs : null);
    const prev = state;
    let step: SimStep;
    let r;
    if (best && (countdown === null || best.at < countdown)) {
      step = { kind: 'apply', seat: best.seat, intent: best.intent, now: best.at };
      r = apply(state, best.seat, best.intent, best.at);
    } else {
      if (countdown === null) throw new Error(`seed ${seed}: nobody can act and nothing is due (${state.phase.kind})`);
      step = { kind: 'timeout', now: countdown };
      r = timeout(state, countdown);
    }
    if (isError(r)) throw new Error(`seed ${seed} step ${steps.length} ${JSON.stringify(step)}: ${r.error.code} ${r.error.message}`);
    steps.push(step);
    now = step.now;
    state = r.state;
    for (const e of r.events) if (e.type === 'duel_started') duels++;
    config.onStep?.(state, step, r.events, prev);
  }
  return { outcome: outcome(state), steps, final: state, turns: state.turn, duels };
}

/** Replays recorded steps from the same seed and options; returns every state. */
export function replay(
  seed: Seed,
  seats: number,
  options: Partial<SaloonOptions> | undefined,
  steps: readonly SimStep[],
): { states: SaloonState[]; events: SaloonEmitted[][] } {
  const opts = makeOptions(options);
  if ('error' in opts) throw new Error(opts.error.message);
  let state = setup({ seats, options: opts }, Rng.fromSeed(seed));
  const states = [state];
  const events: SaloonEmitted[][] = [];
  for (const s of steps) {
    const r = s.kind === 'apply' ? apply(state, s.seat, s.intent, s.now) : timeout(state, s.now);
    if (isError(r)) throw new Error(`replay: ${r.error.code} ${r.error.message}`);
    state = r.state;
    states.push(state);
    events.push(r.events);
  }
  return { states, events };
}
