import { createHash } from 'node:crypto';
import type { GameEvent } from '../core/game';
import { Rng } from '../core/rng';
import { apply, setup, timeout } from './rules';
import { playGame, type Player } from './sim';
import type { RattlesnakeIntent } from './intents';
import type { RattlesnakeState } from './state';

/**
 * Saved games play out the same: a finished table's replay is its seed and steps, played again through the engine
 * (the replay viewer, a restored table). So a change in how the rules are WRITTEN must not change a single event or
 * state of an old game. These seeded games — bots, random and greedy players, countdowns running out — are pinned
 * by a digest of every step's events and state; a deliberate rules change updates the snapshot (`-u`) and says so.
 */
const KINDS: Player[] = ['bot', 'random', 'greedy'];
const CASES = Array.from({ length: 18 }, (_, g) => ({
  seed: 7000 + g,
  players: [KINDS[g % 3], KINDS[Math.floor(g / 3) % 3]] as [Player, Player],
  timeoutRate: (g % 4) * 60,
}));

describe('Rattlesnake: saved games play out the same', () => {
  test.each(CASES)('seed $seed, $players', (c) => {
    // Record the game's steps, then play them again step by step, hashing every step's events and state.
    const steps: ({ seat: number; intent: RattlesnakeIntent } | null)[] = [];
    let first = true;
    const r = playGame(c.seed, c.players, 3000, c.timeoutRate, (_s, seat, intent) => {
      if (first) first = false;
      else steps.push(intent === null || seat === null ? null : { seat, intent });
    });
    const h = createHash('sha256');
    const kinds = new Set<string>();
    let state: RattlesnakeState = setup({ seats: 2, options: {} }, Rng.fromSeed(c.seed));
    for (const step of steps) {
      const next = step === null ? timeout(state) : apply(state, step.seat, step.intent);
      if ('error' in next) throw new Error(next.error.message);
      next.events.forEach((e: GameEvent) => kinds.add(e.type));
      h.update(JSON.stringify({ step, events: next.events, state: next.state }));
      state = next.state;
    }
    expect(JSON.stringify(state)).toBe(JSON.stringify(r.final));
    expect({ steps: steps.length, turns: r.turns, winner: r.winner, events: [...kinds].sort(), digest: h.digest('hex').slice(0, 32) }).toMatchSnapshot();
  });
});
