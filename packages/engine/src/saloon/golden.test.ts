import { createHash } from 'node:crypto';
import type { GameEvent } from '../core/game';
import { playGame, replay, type Player } from './sim';
import type { SaloonOptions } from './state';

/**
 * Saved games play out the same: a finished table's replay is its seed, options and steps, played again through the
 * engine (the replay viewer, a restored table). So a change in how the rules are WRITTEN must not change a single
 * event, error or state of an old game. These seeded tables — 2 to 6 seats, bots and random players (who try every
 * symbol they hold), idle seats, Russian Roulette, the simplified deck, What the Wind Brings — are pinned by a digest
 * of every step's events and state; a deliberate rules change updates the snapshot (`-u`) and says so.
 */
interface Case {
  seed: number;
  seats: number;
  options: Partial<SaloonOptions>;
  players: Player[];
  idleRate: number;
}

const CASES: Case[] = Array.from({ length: 24 }, (_, g) => {
  const seats = 2 + (g % 5);
  return {
    seed: 4000 + g,
    seats,
    options: { wind: g % 2 === 0, russianRoulette: g % 3 === 0, simplified: g % 7 === 3, threatSeconds: 3 + (g % 4) },
    players: Array.from({ length: seats }, (_, s): Player => ((g + s) % 3 === 0 ? 'bot' : 'random')),
    idleRate: (g % 4) * 100,
  };
});

function digest(steps: readonly unknown[]): string {
  const h = createHash('sha256');
  for (const s of steps) h.update(JSON.stringify(s));
  return h.digest('hex').slice(0, 32);
}

describe('Saloon Showdown: saved games play out the same', () => {
  test.each(CASES)('seed $seed, $seats seats', (c) => {
    const record: unknown[] = [];
    const kinds = new Set<string>();
    const r = playGame(c.seed, {
      seats: c.seats,
      options: c.options,
      players: c.players,
      idleRate: c.idleRate,
      maxSteps: 2500,
      onStep: (state, step, events: GameEvent[]) => {
        record.push({ step, events, state });
        for (const e of events) kinds.add(e.type);
      },
    });
    // The replay from the recorded steps is the same game, state for state.
    const again = replay(c.seed, c.seats, c.options, r.steps);
    expect(JSON.stringify(again.states[again.states.length - 1])).toBe(JSON.stringify(r.final));
    expect({ steps: r.steps.length, turns: r.turns, outcome: r.outcome, events: [...kinds].sort(), digest: digest(record) }).toMatchSnapshot();
  });
});
