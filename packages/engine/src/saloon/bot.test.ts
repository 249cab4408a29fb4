import { isError } from '../core/game';
import { Rng } from '../core/rng';
import { AREAS, CARDS, type CardInfo } from './cards';
import { botInterrupt, botReactionMs, BOT_REACTION_FLOOR_MS, correctShot, bot } from './bot';
import { majorities } from './majority';
import { apply, botReadyAt, interrupters, setup } from './rules';
import { craft, run } from './testkit';
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
  const old = s.players[0]!.hand;
  s.players[0]!.hand = [...hand0];
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
      const guns = { red: null, blue: null, green: null, yellow: null, [rng.pick(['red', 'blue', 'green', 'yellow'])]: 0 } as Record<
        'red' | 'blue' | 'green' | 'yellow',
        number | null
      >;
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

describe('the Saloon bot and the special symbols', () => {
  const ofSymbol = (symbol: CardInfo['symbol']) => CARDS.filter((c) => c.symbol === symbol).map((c) => c.id);
  const LAW = ofSymbol('law');
  const STANDOFF = ofSymbol('standoff');
  const PLAIN = CARDS.filter((c) => c.symbol === null && c.bullets <= 1).map((c) => c.id);
  const rng = Rng.fromSeed(11);

  test('it takes the public card that completes three Laws, and keeps the three when it discards (not the Booty)', () => {
    const booty = CARDS.find((c) => c.symbol === 'booty' && c.bullets === 0)!.id;
    const s = craft([[LAW[0]!, LAW[1]!, PLAIN[0]!], PLAIN.slice(1, 4), PLAIN.slice(4, 7)], { public: [PLAIN[7]!, booty, LAW[2]!, PLAIN[8]!] });
    // With so few Bullets the bot threatens only as its one-in-ten bluff (rng.int(10) === 0); every other time it draws, and
    // always that public Law.
    const choices = Array.from({ length: 100 }, (_, seed) => bot(view(s, 0), Rng.fromSeed(seed)));
    const draws = choices.filter((c) => c.type !== 'threaten');
    for (const c of draws) expect(c).toEqual({ type: 'draw', from: 2 });
    expect(draws.length).toBeGreaterThanOrEqual(80);
    const { state } = run(s, [[0, { type: 'draw', from: 2 }, 100]]);
    const hand4 = [LAW[0]!, LAW[1]!, LAW[2]!, booty];
    state.players[0]!.hand = hand4;
    expect(bot(view(state, 0), rng)).toEqual({ type: 'discard', cards: [booty] });
  });

  test('threatened with three Laws it says "I am the Law"; an Escape sends the threat to the leader', () => {
    const threat = (target: number): SaloonState['phase'] => ({ kind: 'threat', threatener: 0, target, gun: 'red', until: 10_000 });
    const law = craft([PLAIN.slice(0, 3), LAW.slice(0, 3), PLAIN.slice(3, 6)], { phase: threat(1) });
    law.guns.red = 0;
    expect(bot(view(law, 1), rng)).toEqual({ type: 'answer', call: 'law' });
    const escapeCard = CARDS.find((c) => c.symbol === 'escape' && c.bullets === 0)!.id;
    const esc = craft([PLAIN.slice(0, 3), [escapeCard, PLAIN[3]!, PLAIN[4]!], PLAIN.slice(5, 8), PLAIN.slice(8, 11)], {
      phase: threat(1),
      players: [{}, {}, { loot: 20 }, { loot: 90 }],
    });
    esc.guns.red = 0;
    expect(bot(view(esc, 1), rng)).toEqual({ type: 'answer', call: 'escape', card: escapeCard, target: 3 });
  });

  test('as an interrupter it says "I don\'t think so!" unless its own Bounty is the biggest in the fight, and always uses the Bottle', () => {
    const phase: SaloonState['phase'] = { kind: 'threat', threatener: 0, target: 1, gun: 'red', until: 10_000 };
    const hands = [PLAIN.slice(0, 3), PLAIN.slice(3, 6), [STANDOFF[0]!, PLAIN[6]!, PLAIN[7]!]];
    const even = craft(hands, { phase });
    even.guns.red = 0;
    expect(interrupters(even)).toEqual([2]);
    expect(botInterrupt(view(even, 2), rng)).toMatchObject({ type: 'standoff', card: STANDOFF[0] });
    const rich = craft(hands, { phase, players: [{}, {}, { bounty: 60 }] });
    rich.guns.red = 0;
    expect(botInterrupt(view(rich, 2), rng)).toBeNull();
    const reds = CARDS.filter((c) => c.colour === 'red' && c.symbol !== 'standoff')
      .slice(0, 3)
      .map((c) => c.id);
    const bottle = craft([PLAIN.slice(0, 3), PLAIN.slice(3, 6), reds], { phase, players: [{}, {}, { bounty: 60 }] });
    bottle.guns.red = 0;
    expect(botInterrupt(view(bottle, 2), rng)).toEqual({ type: 'crash' });
  });

  test('after a misfire its next shot waits for the end of the lock-out (botReadyAt), and the shot is then accepted', () => {
    const s = craft([PLAIN.slice(0, 3), PLAIN.slice(3, 6), PLAIN.slice(6, 9)], {
      phase: { kind: 'turkey', drawer: 0, stage: 'race', goAt: 0, endsAt: 20_000, flipped: PLAIN.slice(9, 12), lockedUntil: [0, 0, 0], shots: [] },
    });
    const m = majorities(PLAIN.slice(9, 12));
    const wrong = AREAS.find((a) => !m.areas.includes(a))!;
    const { state } = run(s, [[1, { type: 'shoot', gun: 'red', area: wrong, noise: m.noises[0] }, 1000]]);
    expect(botReadyAt(state, 1)).toBe(3000);
    expect(botReadyAt(state, 2)).toBeNull();
    const shot = bot(view(state, 1), Rng.fromSeed(1));
    expect(isError(apply(state, 1, shot, 2500))).toBe(true);
    expect(isError(apply(state, 1, shot, 3000))).toBe(false);
  });
});

describe('bots react at human speed (the table option botLevel)', () => {
  const sample = (level: 'easy' | 'normal' | 'hard', seed: number, n = 4000) => {
    const rng = Rng.fromSeed(seed);
    return Array.from({ length: n }, () => botReactionMs(rng, level)).sort((a, b) => a - b);
  };
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)] ?? NaN; // NaN: an empty sample fails every comparison

  test.each([
    ['easy', 1100],
    ['normal', 650],
    ['hard', 450],
  ] as const)('%s bots react around %i ms (median within 5%%), never sooner than 250 ms after the cards show', (level, around) => {
    const xs = sample(level, 7);
    expect(Math.abs(median(xs) - around) / around).toBeLessThan(0.05);
    expect(xs[0]).toBeGreaterThanOrEqual(BOT_REACTION_FLOOR_MS);
    expect(BOT_REACTION_FLOOR_MS).toBe(250);
    // a spread like people's: a tenth of the reactions are clearly quicker, a tenth clearly slower than the median
    expect(xs[Math.floor(xs.length * 0.1)]).toBeLessThan(around * 0.8);
    expect(xs[Math.floor(xs.length * 0.9)]).toBeGreaterThan(around * 1.25);
  });

  test('a person who needs 1 s to read three cards and tap three times beats an easy bot more often than not, a normal one rarely', () => {
    const win = (level: 'easy' | 'normal' | 'hard') => sample(level, 11).filter((ms) => ms > 1000).length / 4000;
    expect(win('easy')).toBeGreaterThan(0.55);
    expect(win('normal')).toBeLessThan(0.1);
    // the complaint: a bot at 1.05–1.18 s. A normal bot is now quicker than that, an easy one about as quick.
    expect(median(sample('normal', 3))).toBeLessThan(median(sample('easy', 3)));
    expect(median(sample('hard', 3))).toBeLessThan(median(sample('normal', 3)));
  });

  test('the draws come from the bots RNG stream: the same seed, the same reactions', () => {
    expect(sample('normal', 42, 50)).toEqual(sample('normal', 42, 50));
    expect(sample('normal', 42, 50)).not.toEqual(sample('normal', 43, 50));
  });

  test('the simulator races at the level it is given: hard bots win their races sooner after Go! than easy ones', () => {
    const goToWin = (level: 'easy' | 'hard') => {
      const gaps: number[] = [];
      for (let seed = 1; seed <= 6; seed++) {
        let goAt = 0;
        playGame(seed, {
          seats: 3,
          botLevel: level,
          onStep: (_s, step, events) => {
            for (const e of events) if (e.type === 'go') goAt = e.at as number;
            if (step && step.kind === 'apply' && step.intent.type === 'shoot' && goAt > 0) {
              gaps.push(step.now - goAt);
              goAt = 0;
            }
          },
        });
      }
      return gaps.sort((a, b) => a - b);
    };
    const hard = goToWin('hard');
    const easy = goToWin('easy');
    expect(hard.length).toBeGreaterThan(5);
    expect(hard[0]).toBeGreaterThanOrEqual(250);
    expect(median(hard)).toBeLessThan(median(easy));
  });
});
