import { playGame, type Player } from './sim';
test('scratch', () => {
  for (const pair of [['bot', 'bot'], ['bot', 'random'], ['bot', 'greedy'], ['random', 'random']] as [Player, Player][]) {
    const gaps: number[] = [];
    let turnsTotal = 0;
    for (let seed = 0; seed < 300; seed++) {
      let lastHitTurn = 1;
      let hits = 8;
      let maxGap = 0;
      const r = playGame(seed, seed % 2 ? pair : [pair[1], pair[0]], 20000, 0, (s) => {
        const h = s.players[0].hits.length + s.players[1].hits.length;
        if (h !== hits) { maxGap = Math.max(maxGap, s.turn - lastHitTurn); hits = h; lastHitTurn = s.turn; }
      });
      turnsTotal += r.turns;
      gaps.push(Math.max(maxGap, r.turns - lastHitTurn));
    }
    gaps.sort((a, b) => a - b);
    console.log(pair.join('-'), 'mean turns', turnsTotal / 300, 'max gap p50', gaps[150], 'p90', gaps[270], 'p99', gaps[297], 'max', gaps[299]);
  }
});
