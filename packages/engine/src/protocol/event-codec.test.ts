import type { GameEvent } from '../core/game';
import { CARD_CODES } from '../saloon/cards';
import { eventCodec } from './event-codec';

/** Through the codec and JSON, as a client reads a batch (`open`: a public event). */
function wire(game: string, e: GameEvent, open: boolean): { text: string; back: GameEvent } {
  const codec = eventCodec(game)!;
  const text = JSON.stringify(codec.encode(e, open));
  return { text, back: codec.decode(JSON.parse(text)) };
}

const CHEST_1 = CARD_CODES.indexOf('yellow-chest-1');

/**
 * [game, event, public?, as the patch carries it]: what goes positional, and what stays an object because a layout
 * cannot carry it exactly. `T` stands for the type's number in that game.
 */
const TABLE: [string, GameEvent, boolean, string][] = [
  // a public Saloon event: its cards as their numbers in CARD_CODES
  ['saloon', { type: 'discarded', seat: 1, cards: ['yellow-chest-1'], reason: 'draw' }, true, `[T,1,[${CHEST_1}],"draw"]`],
  [
    'saloon',
    { type: 'drew_public', seat: 0, index: 2, card: 'yellow-chest-1', replacement: 'event-noon' },
    true,
    `[T,0,2,${CHEST_1},${CARD_CODES.indexOf('event-noon')}]`,
  ],
  // hands shown at a bluff called: their cards as numbers too
  [
    'saloon',
    { type: 'bluff_called', threatener: 0, target: 1, hands: [{ seat: 1, cards: ['yellow-chest-1'], bullets: 1 }], winner: 1, amount: 10 },
    true,
    `[T,0,1,[{"seat":1,"cards":[${CHEST_1}],"bullets":1}],1,10]`,
  ],
  // a seat's own event keeps the names (what the byte searches of the server's tests look for)
  ['saloon', { type: 'you_drew', seat: 1, cards: ['yellow-chest-1'] }, false, '[T,1,["yellow-chest-1"]]'],
  // a card the list does not hold travels as itself
  ['saloon', { type: 'discarded', seat: 1, cards: ['no-such-card'], reason: 'draw' }, true, '[T,1,["no-such-card"],"draw"]'],
  // Duel has no card list: its cards are names, public or not
  ['duel', { type: 'you_committed', seat: 0, card: 'reload', target: null }, false, '[T,0,"reload",null]'],
  // thin (the board of the same patch fills it in): every field absent
  ['duel', { type: 'revealed' }, true, '[T]'],
  // Rattlesnake's `revealed` is another event than Duel's: each game has its own layouts
  ['rattlesnake', { type: 'revealed' }, true, '[T]'],
  // an optional field absent before a present one: null in its slot
  ['saloon', { type: 'go', at: 5, truel: [0, 1, 2] }, true, '[T,5,null,null,[0,1,2]]'],
  // an optional field absent at the end: left off
  ['saloon', { type: 'go', at: 5, threatener: 0, target: 1 }, true, '[T,5,0,1]'],
  // a nullable field absent before a present one cannot be told from null: the event stays an object
  ['rattlesnake', { type: 'dodge_flip', defender: 'hit-1' }, true, '{"type":"dodge_flip","defender":"hit-1"}'],
  ['rattlesnake', { type: 'dodge_flip', attacker: null, defender: 'hit-1' }, true, '[T,null,"hit-1"]'],
  // a field the schema does not name, a type the game does not know: objects, nothing lost
  ['duel', { type: 'committed', seat: 1, extra: true }, true, '{"type":"committed","seat":1,"extra":true}'],
  ['duel', { type: 'discarded', seat: 1 }, true, '{"type":"discarded","seat":1}'],
  // the table's own events, in every game
  ['rattlesnake', { type: 'chat', seat: null, name: 'Ann', phrase: 'howdy' }, true, '[T,null,"Ann","howdy"]'],
];

describe('events in the patch, positional', () => {
  it.each(TABLE)('%s %j (public: %s) → %s, and back', (game, event, open, carried) => {
    const { text, back } = wire(game, event, open);
    expect(text).toBe(carried.replace('T', String(eventCodec(game)!.typeCode(event.type))));
    expect(back).toStrictEqual(event);
  });

  it("a type is a small number, its game's own: the table's events first, then the game's, each once", () => {
    for (const game of ['duel', 'rattlesnake', 'saloon']) {
      const codec = eventCodec(game)!;
      expect(codec.typeCode('player_joined')).toBe(0);
      expect(codec.typeCode('poker_face')).toBeNull();
    }
    const codes = ['turn_started', 'discarded', 'game_over', 'wound_discarded'].map((t) => eventCodec('saloon')!.typeCode(t));
    expect(new Set(codes).size).toBe(4);
    codes.forEach((c) => expect(c).toBeLessThan(100));
  });

  it('a batch written with type names (before type numbers) still reads', () => {
    expect(eventCodec('saloon')!.decode(['discarded', 1, ['yellow-chest-1'], 'draw'])).toEqual({
      type: 'discarded',
      seat: 1,
      cards: ['yellow-chest-1'],
      reason: 'draw',
    });
  });

  it('an unknown game has no codec; an object in a batch reads as it is', () => {
    expect(eventCodec('poker')).toBeNull();
    expect(eventCodec(undefined)).toBeNull();
    expect(eventCodec('duel')!.decode({ type: 'x', n: 1 })).toEqual({ type: 'x', n: 1 });
  });
});
