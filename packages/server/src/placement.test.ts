/**
 * Where new tables go when several processes share a Redis (placement.ts), from the room counts they wrote. The
 * processes themselves, with redis-server and nginx, are in tests/scale/scale.test.ts.
 */
import { LocalDriver, LocalPresence, Room, matchMaker } from '@colyseus/core';
import { placeTables, slack } from './placement';

async function place(written: Record<string, number>, tables: number): Promise<Record<string, number>> {
  const presence = new LocalPresence();
  for (const [id, rooms] of Object.entries(written)) await presence.hset('roomcount', id, `${rooms},${rooms * 2}`);
  const choose = placeTables(presence, () => 'self');
  const placed: Record<string, number> = {};
  for (const id of await Promise.all(Array.from({ length: tables }, choose))) placed[id] = (placed[id] ?? 0) + 1;
  return placed;
}

test.each([
  ['two empty processes share a burst evenly', { a: 0, b: 0 }, 10, { a: 5, b: 5 }],
  ['three processes take turns', { a: 3, b: 4, c: 5 }, 9, { a: 3, b: 3, c: 3 }],
  ['a process two rooms ahead still takes its turn', { a: 2, b: 0 }, 4, { a: 2, b: 2 }],
  ['a process three rooms ahead is passed over', { a: 3, b: 0 }, 4, { b: 4 }],
  ['a new process beside a busy one gets the new tables', { busy: 120, fresh: 0 }, 20, { fresh: 20 }],
  ['among busy processes the margin grows with their load (a tenth)', { a: 110, b: 100 }, 6, { a: 3, b: 3 }],
  ['beyond that margin the busier one waits', { a: 111, b: 100 }, 6, { b: 6 }],
])('%s', async (_what, written, tables, expected) => {
  expect(await place(written, tables)).toEqual(expected);
});

test('alone, or before any count is written, a table stays where it was asked for', async () => {
  expect(await place({ only: 7 }, 3)).toEqual({ only: 3 });
  expect(await place({}, 2)).toEqual({ self: 2 });
});

test('the margin is two rooms, or a tenth of the least loaded process', () => {
  expect([0, 20, 21, 100, 1000].map(slack)).toEqual([2, 2, 3, 10, 100]);
});

test("it reads the room counts where Colyseus' own Stats module writes them (an update that moved them fails here)", async () => {
  class Plain extends Room {}
  const presence = new LocalPresence();
  const choose = placeTables(presence, () => matchMaker.processId);
  await matchMaker.setup(presence, new LocalDriver(), undefined, choose);
  try {
    matchMaker.defineRoomType('plain', Plain);
    for (let i = 0; i < 3; i++) await matchMaker.createRoom('plain', {});
    await matchMaker.stats.persist(true);
    // This process now has 3 tables; a second process, just started, has none: the next tables all go to it.
    await presence.hset('roomcount', 'fresh', '0,0');
    expect(await Promise.all([choose(), choose(), choose()])).toEqual(['fresh', 'fresh', 'fresh']);
    await presence.hset('roomcount', 'fresh', '1,2');
    expect(new Set(await Promise.all([choose(), choose()]))).toEqual(new Set(['fresh', matchMaker.processId]));
  } finally {
    await Promise.all(matchMaker.disconnectAll());
    matchMaker.removeRoomType('plain');
    // (written at once: Colyseus would write the closed rooms' count a second later, a timer that can keep the
    // test's worker from exiting when this file ends just before the run does: "failed to exit gracefully" in CI)
    matchMaker.stats.reset();
  }
});
