import type { GameEvent } from '../core/game';
import { eventCodec } from './event-codec';

/** Through the codec and JSON, as a client reads a batch. */
function wire(game: string, e: GameEvent): { text: string; back: GameEvent } {
  const codec = eventCodec(game)!;
  const text = JSON.stringify(codec.encode(e));
  return { text, back: codec.decode(JSON.parse(text)) };
}

/** [game, event, as the patch carries it]: what goes positional, and what stays an object because a layout cannot carry it exactly. */
const TABLE: [string, GameEvent, string][] = [
  ['saloon', { type: 'discarded', seat: 1, cards: ['yellow-chest-1'], reason: 'draw' }, '["discarded",1,["yellow-chest-1"],"draw"]'],
  ['duel', { type: 'you_committed', seat: 0, card: 'reload', target: null }, '["you_committed",0,"reload",null]'],
  // thin (the board of the same patch fills it in): every field absent
  ['duel', { type: 'revealed' }, '["revealed"]'],
  // Rattlesnake's `revealed` is another event than Duel's: each game has its own layouts
  ['rattlesnake', { type: 'revealed' }, '["revealed"]'],
  // an optional field absent before a present one: null in its slot
  ['saloon', { type: 'go', at: 5, truel: [0, 1, 2] }, '["go",5,null,null,[0,1,2]]'],
  // an optional field absent at the end: left off
  ['saloon', { type: 'go', at: 5, threatener: 0, target: 1 }, '["go",5,0,1]'],
  // a nullable field absent before a present one cannot be told from null: the event stays an object
  ['rattlesnake', { type: 'dodge_flip', defender: 'hit-1' }, '{"type":"dodge_flip","defender":"hit-1"}'],
  ['rattlesnake', { type: 'dodge_flip', attacker: null, defender: 'hit-1' }, '["dodge_flip",null,"hit-1"]'],
  // a field the schema does not name, a type the game does not know: objects, nothing lost
  ['duel', { type: 'committed', seat: 1, extra: true }, '{"type":"committed","seat":1,"extra":true}'],
  ['duel', { type: 'discarded', seat: 1 }, '{"type":"discarded","seat":1}'],
  // the table's own events, in every game
  ['rattlesnake', { type: 'chat', seat: null, name: 'Ann', phrase: 'howdy' }, '["chat",null,"Ann","howdy"]'],
];

describe('events in the patch, positional', () => {
  it.each(TABLE)('%s %j → %s, and back', (game, event, carried) => {
    const { text, back } = wire(game, event);
    expect(text).toBe(carried);
    expect(back).toStrictEqual(event);
  });

  it('an unknown game has no codec; an object in a batch reads as it is', () => {
    expect(eventCodec('poker')).toBeNull();
    expect(eventCodec(undefined)).toBeNull();
    expect(eventCodec('duel')!.decode({ type: 'x', n: 1 })).toEqual({ type: 'x', n: 1 });
  });
});
