import { unflatten } from '../core/flat';
import { EventBatchReader, readTableEvents, writeEventBatch } from '../core/event-batch';
import { eventsFor, isError, type GameEvent } from '../core/game';
import { syncedBoardFor, thinEvents } from '../core/replay';
import { Rng } from '../core/rng';
import { apply, pending, setup, timeout } from './rules';
import type { DuelState } from './state';
import { publicPart, secretPart, viewFromSynced } from './synced';
import { legalFromView, view } from './view';
import { expectEqual } from '../core/testkit';

/** Random legal games of `seats` seats (now and then a countdown running out), every state reached given to `visit`. */
function playGames(seats: number, games: number, visit: (s: DuelState) => void): void {
  for (let seed = 0; seed < games; seed++) {
    const rng = Rng.fromSeed(1000 + seed);
    let s = setup({ seats, options: { target: 3 } }, Rng.fromSeed(seed));
    visit(s);
    for (let step = 0; step < 400 && s.phase !== 'over'; step++) {
      const waiting = pending(s);
      const seat = waiting.length ? rng.pick(waiting) : null;
      const moves = seat === null ? [] : legalFromView(view(s, seat));
      const r = seat === null || moves.length === 0 || rng.int(20) === 0 ? timeout(s) : apply(s, seat, rng.pick(moves));
      if (isError(r)) throw new Error(r.error.message);
      s = r.state;
      visit(s);
    }
  }
}

describe('what the server syncs for Duel', () => {
  test('each seat rebuilds exactly its own view from the public and its private map; a spectator only the public one', () => {
    let checked = 0;
    let faceDown = 0;
    // (2 to 6 seats: the shootout, which the public map does not carry, comes back from the last reveal)
    for (const seats of [2, 3, 6])
      playGames(seats, 20, (s) => {
        const pub = publicPart(view(s, null));
        for (let seat = 0; seat < seats; seat++) expectEqual(viewFromSynced(pub, secretPart(view(s, seat)), seat), view(s, seat), true);
        expectEqual(viewFromSynced(pub, null, null), view(s, null), true);
        // As a replay gives them: plain objects.
        expectEqual(viewFromSynced(Object.fromEntries(pub), Object.fromEntries(secretPart(view(s, 1))), 1), view(s, 1), true);
        if (s.players.some((p) => p.commit)) faceDown++;
        checked++;
      });
    expect(checked).toBeGreaterThan(900);
    expect(faceDown).toBeGreaterThan(100);
  });

  test("the public map holds no hand and no face-down card or target, only who has placed one; a seat's map holds its own and nothing more", () => {
    playGames(4, 10, (s) => {
      const pub = unflatten(publicPart(view(s, null))) as ReturnType<typeof view>;
      expect(pub.hand).toEqual([]);
      expect(pub.commit).toBeNull();
      expect(pub.players.map((p) => p.committed)).toEqual(s.players.map((p) => p.commit !== null));
      // Nothing else in it about a card face down: each player's public part is exactly these five fields.
      for (const p of pub.players) expect(Object.keys(p).sort()).toEqual(['alive', 'aside', 'committed', 'handCount', 'money']);
      s.players.forEach((p, seat) => {
        const count = (c: string) => p.hand.filter((x) => x === c).length;
        expect(unflatten(secretPart(view(s, seat)))).toEqual({
          hand: { pistol: count('pistol'), rifle: count('rifle'), barricade: count('barricade'), reload: count('reload') },
          card: p.commit?.card ?? null,
          target: p.commit?.target ?? null,
        });
      });
    });
  });

  test('a spectator, and a seat before its private map arrives, see no hand', () => {
    let s = setup({ seats: 2, options: { target: 3 } }, Rng.fromSeed(5));
    const r = apply(s, 0, { type: 'commit', card: 'reload' });
    if (isError(r)) throw new Error(r.error.message);
    s = r.state;
    const pub = publicPart(view(s, null));
    expect(viewFromSynced(pub, undefined, 0)).toMatchObject({ seat: null, hand: [], commit: null });
    expect(viewFromSynced(pub, secretPart(view(s, 0)), 0)).toMatchObject({ seat: 0, commit: { card: 'reload', target: null } });
    expect(() => viewFromSynced(new Map(), null, null)).toThrow();
  });
});

describe('Duel events on the wire, thin (issue 16)', () => {
  /** What one client reads from the patch of a change: its batch written as the server writes it, read back with the board. */
  function overTheWire(s: DuelState, events: GameEvent[], batch: number, viewer: number | null, thin: boolean): GameEvent[] {
    const seats = s.players.length;
    const written = thin ? thinEvents('duel', events, (seat) => view(s, seat)) : events;
    const texts = writeEventBatch(batch, written, seats, 'duel');
    const reader = new EventBatchReader();
    reader.read(JSON.stringify([batch - 1, []]), []); // (a reader that joined before this batch)
    const seatEvents = Array.from({ length: seats }, (_, i) => ({ events: i === viewer ? (texts.seats[i] ?? '') : '' }));
    const fields = { events: texts.public ?? '', seatEvents, game: 'duel', board: syncedBoardFor('duel', s, viewer ?? -1) };
    return readTableEvents(reader, fields);
  }
  test('a reveal the board no longer shows (two changes in one patch) travels whole', () => {
    let s = setup({ seats: 2, options: { target: 3 } }, Rng.fromSeed(7));
    const events: GameEvent[] = [];
    for (let shootouts = 0; shootouts < 2;) {
      const r = timeout(s);
      if (isError(r)) throw new Error(r.error.message);
      s = r.state;
      events.push(...r.events);
      shootouts = events.filter((e) => e.type === 'revealed').length;
    }
    const written = thinEvents('duel', events, (seat) => view(s, seat)).filter((e) => e.type === 'revealed');
    expect(written.map((e) => 'plays' in e)).toEqual([true, false]);
    expect(overTheWire(s, events, 2, 0, true)).toEqual(eventsFor(events, 0));
  });
});
