import type { Seat } from '../core/game';
import { Rng } from '../core/rng';
import { bot } from './bot';
import { setup } from './rules';
import type { RattlesnakeState } from './state';
import { view } from './view';
import { playGame } from './sim';

describe('Rattlesnake bot', () => {
  test('beats a random-legal player in at least 80% of seeded games (both seat orders)', () => {
    const GAMES = 200;
    let wins = 0;
    let maxSteps = 0;
    for (let g = 0; g < GAMES; g++) {
      const botSeat = g % 2;
      const r = playGame(g, botSeat === 0 ? ['bot', 'random'] : ['random', 'bot']);
      expect(r.winner).not.toBeNull();
      if (r.winner === botSeat) wins++;
      maxSteps = Math.max(maxSteps, r.steps);
    }
    console.log(`bot vs random: ${wins}/${GAMES}, max steps ${maxSteps}`);
    expect(wins / GAMES).toBeGreaterThanOrEqual(0.8);
  });

  test('seed 590, the bot against a greedy player (whole hand in every attack and defence), ends with a winner', () => {
    for (const players of [
      ['bot', 'greedy'],
      ['greedy', 'bot'],
    ] as const) {
      const r = playGame(590, [players[0], players[1]], 20_000);
      expect(r.winner).not.toBeNull();
    }
  });
});

describe('Rattlesnake bot: abilities it used to leave in hand (issue 15)', () => {
  /** A table at seat `me`'s decision, its hand replaced; everything else from a real deal. */
  function table(me: Seat, hand: string[], extra: Partial<RattlesnakeState> = {}): RattlesnakeState {
    const s = setup({ seats: 2, options: {} }, Rng.fromSeed(3));
    s.active = me;
    s.players[me]!.hand = hand;
    return { ...s, ...extra };
  }
  const decide = (s: RattlesnakeState, me: Seat) => Array.from({ length: 20 }, (_, k) => bot(view(s, me), Rng.fromSeed(k)));

  test('with two Hits clogging its hand it trades the hand for six fresh cards with Quick Draw', () => {
    const s = table(0, ['hit-0-1', 'hit-0-2', 'p0-quick-draw', 'p0-focus', 'p0-take-cover']);
    for (const pick of decide(s, 0)) expect(pick).toEqual({ type: 'ability', cardId: 'p0-quick-draw', mode: 'refill' });
  });

  test('with a hand of Hits and one lone card it Reloads', () => {
    const s = table(1, ['hit-1-1', 'hit-1-2', 'p1-reload', 'p1-distract']);
    for (const pick of decide(s, 1)) expect(pick).toEqual({ type: 'ability', cardId: 'p1-reload' });
  });

  test("it takes cover against a Dodge 'n' Shoot when the reveal was going its way", () => {
    // Seat 1 defends with a pair of 5s against a lone 1; the attacker answers with Dodge 'n' Shoot.
    const s = table(1, ['p1-take-cover', 'p1-scout'], {
      step: { kind: 'window', turn: 1, passes: 0 },
      attack: { attacker: 0, defender: 1, revealed: true, values: {} },
      response: { seat: 0, cardId: 'p0-dodge-n-shoot', ability: 'dodge-n-shoot' },
    });
    s.active = 0;
    s.players[0]!.committed = ['p0-focus'];
    s.players[1]!.committed = ['p1-double-tap', 'p1-disarm'];
    expect(view(s, 1).pending).toEqual([1]);
    for (const pick of decide(s, 1)) expect(pick).toEqual({ type: 'cover', cardId: 'p1-take-cover' });
  });
});
