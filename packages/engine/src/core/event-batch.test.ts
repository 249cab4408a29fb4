import { EventBatchReader, writeEventBatch } from './event-batch';
import { eventsFor, type GameEvent } from './game';
import { Rng } from './rng';

/** Three seats and a spectator read the fields the server wrote, batch after batch, as their patches carry them. */
function deliver(batches: GameEvent[][], seats = 3): GameEvent[][][] {
  const fields = { pub: '', seats: Array.from({ length: seats }, () => '') };
  const readers = Array.from({ length: seats + 1 }, () => new EventBatchReader());
  const seen: GameEvent[][][] = readers.map(() => []);
  // the first state (a join): sets where each reader starts
  readers.forEach((r, i) => r.read(fields.pub, i < seats ? [fields.seats[i]!] : []));
  batches.forEach((events, n) => {
    const texts = writeEventBatch(n + 1, events, seats);
    if (texts.public !== null) fields.pub = texts.public;
    texts.seats.forEach((t, s) => {
      if (t !== null) fields.seats[s] = t;
    });
    // a client receives only its own seat's field; the others' read as empty
    readers.forEach((r, i) => {
      const mine = fields.seats.map((t, s) => (s === i ? t : ''));
      seen[i]!.push(r.read(fields.pub, mine));
    });
  });
  return seen;
}

describe('events riding in the patch', () => {
  it.each<[string, GameEvent[]]>([
    ['public only', [{ type: 'a' }, { type: 'b', seat: 1 }]],
    [
      'private first',
      [
        { type: 'you_drew', to: [0], card: 'x' },
        { type: 'drew', seat: 0 },
      ],
    ],
    ['private to two seats between public ones', [{ type: 'p1' }, { type: 'swap', to: [0, 2], card: 'y' }, { type: 'p2' }]],
    ['private only', [{ type: 'you_committed', to: [1], card: 'pistol' }]],
  ])('%s: each seat sees exactly its events, in order, once', (_name, events) => {
    const seen = deliver([events, [{ type: 'next' }]]);
    for (let seat = 0; seat < 3; seat++) expect(seen[seat]).toEqual([eventsFor(events, seat), [{ type: 'next' }]]);
    expect(seen[3]).toEqual([eventsFor(events, null), [{ type: 'next' }]]);
  });

  it('random batches: every seat and the spectator get what eventsFor gives them, and nothing twice', () => {
    const rng = Rng.fromSeed(42);
    const batches: GameEvent[][] = Array.from({ length: 200 }, (_, b) =>
      Array.from({ length: rng.int(4) }, (_, k) => {
        const to = rng.int(3) === 0 ? [rng.int(3)] : undefined;
        return to ? { type: 'secret', to, n: b * 10 + k } : { type: 'public', n: b * 10 + k };
      }),
    );
    const seen = deliver(batches);
    for (let seat = 0; seat < 3; seat++) expect(seen[seat]).toEqual(batches.map((e) => eventsFor(e, seat)));
    expect(seen[3]).toEqual(batches.map((e) => eventsFor(e, null)));
  });

  it('a client that comes in later does not replay the batch it found', () => {
    const texts = writeEventBatch(7, [{ type: 'shot', seat: 0 }], 2);
    const r = new EventBatchReader();
    expect(r.read(texts.public, ['', ''])).toEqual([]);
    expect(r.read(texts.public, ['', ''])).toEqual([]);
    const next = writeEventBatch(8, [{ type: 'missed', seat: 1 }], 2);
    expect(r.read(next.public, ['', ''])).toEqual([{ type: 'missed', seat: 1 }]);
  });
});
