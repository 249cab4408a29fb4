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
    for (const players of [['bot', 'greedy'], ['greedy', 'bot']] as const) {
      const r = playGame(590, [players[0], players[1]], 20_000);
      expect(r.winner).not.toBeNull();
    }
  });
});
