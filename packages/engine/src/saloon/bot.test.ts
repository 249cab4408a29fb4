import { Rng } from '../core/rng';
import { CARDS, type CardInfo } from './cards';
import { correctShot, makeBot, bot } from './bot';
import { setup } from './rules';
import { judgeShot } from './shared';
import { playGame } from './sim';
import type { SaloonState } from './state';
import { view } from './view';

function find(spec: Partial<CardInfo>, not: string[] = []): string {
  const c = CARDS.find((x) => !not.includes(x.id) && (Object.keys(spec) as (keyof CardInfo)[]).every((k) => x[k] === spec[k]));
  if (!c) throw new Error('no card');
  return c.id;
}

function table(hand0: string[]): SaloonState {
  const s = setup({ seats: 3, options: { threatSeconds: 10, simplified: false, russianRoulette: false } }, Rng.fromSeed(1));
  // Put hand0 in seat 0's hand, swapping cards with wherever they were.
  for (const id of hand0) {
    for (const zone of [s.deck, s.public, ...s.players.map((p) => p.hand)]) {
      const i = zone.indexOf(id);
      if (i >= 0) zone.splice(i, 1, '');
    }
  }
  const old = s.players[0].hand;
  s.players[0].hand = [...hand0];
  const holes = [s.deck, s.public, ...s.players.map((p) => p.hand)];
  for (const id of old) {
    if (hand0.includes(id)) continue;
    for (const zone of holes) {
      const i = zone.indexOf('');
      if (i >= 0) {
        zone[i] = id;
        break;
      }
    }
  }
  s.active = 0;
  return s;
}

describe('the Saloon bot', () => {
  test('cashes Booty, threatens with many Bullets, draws otherwise', () => {
    const rng = Rng.fromSeed(3);
    const booty = find({ symbol: 'booty' });
    const withBooty = table([booty, find({ symbol: null }, [booty]), find({ symbol: 'law' })]);
    expect(bot(view(withBooty, 0), rng)).toEqual({ type: 'cashLoot', cards: [booty] });
    const a = find({ bullets: 3, symbol: null });
    const b = find({ bullets: 3, symbol: null }, [a]);
    const c = find({ bullets: 2, symbol: null });
    const strong = bot(view(table([a, b, c]), 0), rng);
    expect(strong.type).toBe('threaten');
  });

  test('its duel shot is correct from its hand (the Bottle when the gun it needs is taken); errorRate misfires', () => {
    const rng = Rng.fromSeed(9);
    for (let i = 0; i < 200; i++) {
      const hand = rng.shuffle(CARDS.map((c) => c.id)).slice(0, 3);
      const guns = { red: null, blue: null, green: null, yellow: null, [rng.pick(['red', 'blue', 'green', 'yellow'])]: 0 } as Record<'red' | 'blue' | 'green' | 'yellow', number | null>;
      const shot = correctShot(hand, guns, 1);
      expect(judgeShot({ hand, guns, shooter: 1, now: 0 }, shot)).toBe(true);
      if (shot.gun !== 'bottle') expect(guns[shot.gun]).toBeNull();
    }
    // errorRate 1: always a wrong (but legal) shot.
    const r = playGame(4, { seats: 2, bot: { errorRate: 1 } });
    expect(r.final.lastDuel === null || r.final.lastDuel.shots.every((s) => !s.correct)).toBe(true);
  });

  test('bots beat random-legal players, and every bot game ends', () => {
    let wins = 0;
    const games = 200;
    for (let g = 0; g < games; g++) {
      const r = playGame(g, { seats: 2, players: g % 2 ? ['bot', 'random'] : ['random', 'bot'] });
      expect(r.outcome).not.toBeNull();
      if (r.outcome?.winners.includes(g % 2 ? 0 : 1)) wins++;
    }
    console.log(`saloon bot vs random: ${wins}/${games}`);
    expect(wins).toBeGreaterThan(games * 0.6);
  });
});
