/**
 * Saloon Showdown's end of game in words: the standings by the rulebook's final score (Loot + Bounty − $10 per
 * Wound), ties by the Bounty, the detail of each score; counts of Bullets that read right ("1 Bullet"); the last duel's
 * winner and loser by their names.
 */
import { en } from '../i18n/en';
import type { SaloonEvent } from '@tumbleweed/engine';
import { describeSaloonEvent } from './saloon-log';
import { dollars, lastDuelWords, saloonStandings, scoreDetail, shotWords, T, turkeyWords } from './saloon-words';

// The page's i18n (../i18n) starts a browser language detector; here: the same English words, the same i18next.
jest.mock('../i18n', () => jest.requireActual('../i18n/english').english());

/** Words as a reader reads them: a no-break space is a space. */
const read = (s: string) => s.replace(/\u00a0/g, ' ');

test('the standings rank by Loot + Bounty − $10 × Wounds, not by Loot: $110 Loot with 3 Wounds and no Bounty loses to $60 + $40', () => {
  const ann = { loot: 110, bounty: 0, wounds: 3 }; // $80
  const bob = { loot: 60, bounty: 40, wounds: 0 }; // $100
  const cid = { loot: 70, bounty: 20, wounds: 1 }; // $80 as Ann, with the bigger Bounty: ahead of her
  const rows = saloonStandings([ann, bob, cid], [1]);
  expect(rows.map((r) => [r.seat, r.place, r.score, r.winner])).toEqual([
    [1, 1, 100, true],
    [2, 2, 80, false],
    [0, 3, 80, false],
  ]);
  expect(read(scoreDetail(ann))).toBe('Loot $110 + Bounty $0 − 3 Wounds × $10');
  expect(read(scoreDetail(cid))).toBe('Loot $70 + Bounty $20 − 1 Wound × $10');
  expect(read(scoreDetail(bob))).toBe('Loot $60 + Bounty $40');
});

// On a 360 px phone the end card's "Loot $110 + Bounty $50 − 2 Wounds × $10" put "$10" alone on its second line.
test('a score\'s detail breaks only before + and −: each term ("− 3 Wounds × $10") stays on one line', () => {
  const breaks = (s: string) => s.split(' ');
  expect(breaks(scoreDetail({ loot: 110, bounty: 0, wounds: 3 })).map(read)).toEqual(['Loot $110', '+ Bounty $0', '− 3 Wounds × $10']);
  expect(breaks(scoreDetail({ loot: 60, bounty: 40, wounds: 0 })).map(read)).toEqual(['Loot $60', '+ Bounty $40']);
});

test('a tie still tied after the Bounty shares the place and the win', () => {
  const rows = saloonStandings(
    [
      { loot: 50, bounty: 30, wounds: 0 },
      { loot: 50, bounty: 30, wounds: 0 },
      { loot: 10, bounty: 10, wounds: 0 },
    ],
    [0, 1],
  );
  expect(rows.map((r) => [r.seat, r.place, r.winner])).toEqual([
    [0, 1, true],
    [1, 1, true],
    [2, 3, false],
  ]);
});

test('"1 Bullet", never "1 Bullets": every English string that counts Bullets has a singular', () => {
  const flat = (d: object, prefix = ''): [string, string][] =>
    Object.entries(d).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v as object, `${prefix}${k}.`)));
  const counted = flat(en.saloon).filter(([, v]) => /\{\{count\}\} Bullets/.test(v));
  expect(counted.length).toBeGreaterThan(0);
  expect(counted.filter(([k]) => !k.endsWith('_other')).map(([k]) => k)).toEqual([]);
  expect(T('ui.yourCards', { count: 1 })).toBe('Your cards (1 Bullet):');
  expect(T('ui.yourCards', { count: 3 })).toBe('Your cards (3 Bullets):');
});

// The felt's news line read "Bob won the duel against You." (the name that may say "You" used mid-sentence), then
// named me as a stranger on my own page ("Bob won the duel against Ann.").
test.each([
  ['Bob beat me', 1, 'You', 'Last duel: Bob won the duel against you.'],
  ['I beat Bob', 0, 'You', 'Last duel: You won the duel against Bob.'],
  ['Bob beat Ann, seen by a watcher', 1, 'Ann', 'Last duel: Bob won the duel against Ann.'],
])('the last duel names its winner and loser: %s', (_, winner, me, words) => {
  const you = (s: number) => (s === 0 ? me : 'Bob');
  const names = (s: number) => ['Ann', 'Bob'][s];
  expect(lastDuelWords({ threatener: 0, target: 1, winner, result: 'won', shots: [] }, you, names)).toBe(words);
});

// A Truel's news line said "Last Truel: Bob shot first.": who won it, the Desperado or the two others, was left out.
test.each([
  ['the Desperado (Cid) shot first', 2, 'Last Truel: Cid, the Desperado, won.'],
  ['Bob shot first: the two others won', 1, 'Last Truel: You and Bob won against Cid, the Desperado.'],
  ['I shot first: the two others won', 0, 'Last Truel: You and Bob won against Cid, the Desperado.'],
])('the last Truel says who won: %s', (_, winner, words) => {
  const you = (s: number) => ['You', 'Bob', 'Cid'][s];
  const plain = (s: number) => ['Ann', 'Bob', 'Cid'][s];
  expect(lastDuelWords({ threatener: 2, target: 0, truel: [1, 0, 2], winner, result: 'won', shots: [] }, you, plain)).toBe(words);
});

test('the last Truel, lost as the Desperado: the two others named, "you" mid-sentence', () => {
  const you = (s: number) => ['Ann', 'Bob', 'You'][s];
  const plain = (s: number) => ['Ann', 'Bob', 'Cid'][s];
  expect(lastDuelWords({ threatener: 2, target: 0, truel: [0, 1, 2], winner: 1, result: 'won', shots: [] }, you, plain)).toBe(
    'Last Truel: Ann and Bob won against you, the Desperado.',
  );
});

// The moment a race ends (over the felt for a few seconds): the same outcomes, told as they happen.
test.each([
  ['I beat Bob', { threatener: 0, target: 1, winner: 0, result: 'won' }, 'You won the duel against Bob!'],
  ['Bob beat me', { threatener: 0, target: 1, winner: 1, result: 'won' }, 'Bob won the duel against you.'],
  ['a Bottle stopped it', { threatener: 1, target: 0, winner: null, result: 'stopped' }, 'Bob vs you: stopped by a Bottle.'],
  ['nobody hit', { threatener: 1, target: 2, winner: null, result: 'abandoned' }, 'Bob vs Cid: nobody hit in time.'],
  [
    'a Truel the two others won',
    { threatener: 2, target: 0, truel: [0, 1, 2], winner: 1, result: 'won' },
    'You and Bob won the Truel against Cid, the Desperado!',
  ],
  ['a Truel I won as the Desperado', { threatener: 0, target: 1, truel: [0, 1, 2], winner: 0, result: 'won' }, 'You, the Desperado, won the Truel!'],
  ['a Standoff Cid won', { threatener: 0, target: 1, standoff: [0, 2], winner: 2, result: 'won' }, 'Cid won the Mexican Standoff!'],
  ['a Standoff nobody won', { threatener: 0, target: 1, standoff: [0, 2], winner: null, result: 'abandoned' }, 'Nobody won the Mexican Standoff.'],
] as const)('the moment a race ends says who won: %s', (_, d, words) => {
  const you = (s: number) => ['You', 'Bob', 'Cid'][s];
  const plain = (s: number) => ['Ann', 'Bob', 'Cid'][s];
  const record = { ...d, truel: 'truel' in d ? [...d.truel] : undefined, standoff: 'standoff' in d ? [...d.standoff] : undefined, shots: [] };
  expect(lastDuelWords(record, you, plain, 'now')).toBe(words);
});

test('a shot told as the race panel and its end show it: the gun, the area, the noise, whom it aimed at, hit or misfire', () => {
  const you = (s: number) => ['You', 'Bob'][s];
  const lower = (s: number) => ['you', 'Bob'][s];
  expect(shotWords({ seat: 0, gun: 'yellow', area: 'chest', noise: 'blam', at: 640, correct: true }, you, lower)).toBe('You: yellow gun, chest, Blam — HIT');
  expect(shotWords({ seat: 1, target: 0, gun: 'bottle', area: 'head', noise: 'crash', at: 900, correct: false }, you, lower)).toBe(
    'Bob: Bottle, head, Crash! → you — misfire',
  );
});

test('the felt\'s line for a duel a Bottle stopped says "you" mid-sentence ("Bob vs You" read as a name)', () => {
  const you = (s: number) => ['You', 'Bob'][s];
  const plain = (s: number) => ['Ann', 'Bob'][s];
  expect(lastDuelWords({ threatener: 1, target: 0, winner: null, result: 'stopped', shots: [] }, you, plain)).toBe(
    'Last duel: Bob vs you, stopped by a Bottle.',
  );
});

test('a score below zero reads "−$30", its sign before the dollar (it read "$-30"), in the standings and the log', () => {
  expect(T('end.score', { score: dollars(-30) })).toBe('−$30');
  expect(T('end.score', { score: dollars(40) })).toBe('$40');
  const names = ['Ann', 'Bob'];
  const over = { type: 'game_over', winners: [0], scores: [-10, -30] } as unknown as SaloonEvent;
  expect(describeSaloonEvent(over, 1, (s) => names[s])).toEqual(['Game over! Ann wins with −$10.']);
});

// A Standoff's headline said only who won ("Cid won the Mexican Standoff!"): whom the winner shot — who takes the Wound
// and loses their Bounty to the winner (the rulebook) — was left to the log.
test.each([
  ['Cid shot me', 2, 0, 'now', 'Cid won the Mexican Standoff, shooting you!'],
  ['I shot Cid', 0, 2, 'now', 'You won the Mexican Standoff, shooting Cid!'],
  ['Cid shot Bob, the last one', 2, 1, 'last', 'Last Mexican Standoff: Cid won, shooting Bob.'],
] as const)('a Standoff names whom its winner shot: %s', (_, winner, target, when, words) => {
  const you = (s: number) => ['You', 'Bob', 'Cid'][s];
  const plain = (s: number) => ['Ann', 'Bob', 'Cid'][s];
  const miss = { seat: target, target: winner, gun: 'red', area: 'head', noise: 'bang', at: 1, correct: false } as const;
  const shot = { seat: winner, target, gun: 'blue', area: 'arm', noise: 'blam', at: 2, correct: true } as const;
  const record = { threatener: 0, target: 3, standoff: [0, 1, 2], winner, result: 'won', shots: [miss, shot] } as const;
  expect(lastDuelWords({ ...record, standoff: [...record.standoff], shots: [...record.shots] }, you, plain, when)).toBe(words);
});

// The Turkey keeps no race record: the moment a race ends never told it (its shooter and drawer's $10 left to the log).
test.each([
  ['Ann shot it, Bob drew it, seen by Cid', 2, ['Ann shot the Turkey!', 'Ann and Bob collect $10 each, and each drops a Wound if they have one.']],
  ['I shot it', 0, ['You shot the Turkey!', 'You and Bob collect $10 each, and each drops a Wound if they have one.']],
  ['I drew it', 1, ['Ann shot the Turkey!', 'You and Ann collect $10 each, and each drops a Wound if they have one.']],
] as const)('the Turkey shot, told over the felt: %s', (_, me, words) => {
  const plain = (s: number) => ['Ann', 'Bob', 'Cid'][s];
  const name = (s: number) => (s === me ? 'You' : plain(s));
  expect(turkeyWords({ type: 'turkey_shot', seat: 0, drawer: 1, at: 5 }, name, plain)).toEqual(words);
});

test('the Turkey that got away, told over the felt', () => {
  const plain = (s: number) => ['Ann', 'Bob'][s];
  expect(turkeyWords({ type: 'turkey_escaped', at: 5 }, plain, plain)).toEqual(['The Turkey got away!', 'Nobody hit it in time.']);
});

// "Bluff called! Calamity Kate shows 7 Bullets (…); You show 5 Bullets (…)": each hand shown is a sentence of its own, so
// mine starts with its capital where it stands (a hand's cards are already listed with semicolons).
test('a bluff called shows each hand in a sentence of its own, mine as "You show…" wherever it comes', () => {
  const e = {
    type: 'bluff_called',
    threatener: 1,
    target: 0,
    hands: [
      { seat: 1, cards: ['red-head-4', 'red-arm-3'], bullets: 4 },
      { seat: 0, cards: ['red-leg-2'], bullets: 1 },
    ],
    winner: 1,
    amount: 20,
  } as SaloonEvent;
  const [line] = describeSaloonEvent(e, 0, (s) => ['Pat', 'Calamity Kate'][s] ?? '?').map(read);
  expect(line).toMatch(/^Bluff called! Calamity Kate shows 4 Bullets \([^)]*\)\. You show 1 Bullet \([^)]*\)\. Calamity Kate wins the call\.$/);
});
