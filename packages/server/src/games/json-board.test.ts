/**
 * The flat board on the wire, without a network: the room's Schema encoded for one seat and for a spectator exactly as
 * Colyseus does (a full state, then patches of one or more changes, the seat's private map through its StateView), decoded again
 * by Colyseus's own decoder, and read back with the one reader the client, the bots and the replay viewer use. Whole
 * bot games of Duel, Rattlesnake and Saloon Showdown: every patch gives back exactly the engine's view, a seat sees no other
 * seat's private map, and a change sends only what it touched.
 */
import { Encoder, Reflection, StateView, type Decoder } from '@colyseus/schema';
import { duel, isError, rattlesnake, Rng, saloon, viewFromSyncedBoard, type Game } from '@tumbleweed/engine';
import { duelAdapter } from './duel';
import type { JsonTableState } from './json-board';
import { rattlesnakeAdapter } from './rattlesnake';
import { saloonAdapter } from './saloon';

/** One client of an encoded room: seat (null: a spectator) and its decoder. */
interface Wire {
  seat: number | null;
  view: StateView | null;
  decoder: Decoder;
  bytes: number;
}

function playThrough(
  adapter: typeof duelAdapter | typeof rattlesnakeAdapter | typeof saloonAdapter,
  game: Game<any, any, any, any>,
  seats: number,
  seed: number,
  every: number,
  check: (wires: Wire[], state: unknown) => void,
): Wire[] {
  const room: JsonTableState = new adapter.State();
  let state = game.setup({ seats, options: game.options({}) }, Rng.fromSeed(seed));
  const mirror = () =>
    adapter.mirror(
      room,
      game.view(state, null),
      Array.from({ length: seats }, (_, i) => game.view(state, i)),
    );
  mirror();
  const encoder = new Encoder(room);
  const handshake = Reflection.encode(encoder);
  const full = { offset: 1 };
  encoder.encodeAll(full);
  const wires: Wire[] = [0, null].map((seat) => {
    const view = new StateView();
    if (seat !== null) for (const obj of adapter.privateObjects(room, seat)) view.add(obj);
    const decoder = Reflection.decode(handshake as never);
    const bytes = encoder.encodeAllView(view, full.offset, { ...full });
    decoder.decode(bytes as never, { offset: 1 });
    return { seat, view, decoder, bytes: bytes.length };
  });
  encoder.discardChanges();
  check(wires, state);
  const bots = Rng.fromSeed(seed + 1);
  let now = 1_700_000_000_000;
  for (let step = 1; game.outcome(state) === null && step < 400; step++) {
    now += 700;
    const seat = game.pending(state)[0];
    let r = seat === undefined ? game.timeout(state, now) : game.apply(state, seat, game.bot(game.view(state, seat), bots), now);
    if (isError(r)) r = game.timeout(state, now);
    if (isError(r)) break;
    state = r.state;
    mirror();
    // The room mirrors every change, and Colyseus sends a patch at its own rate: now and then several changes (a
    // path gone, then back) go in one patch.
    if (step % every !== 0 && game.outcome(state) === null) continue;
    // The room shows a seat its private objects at every game start (a rematch on the same board), as its
    // showPrivate does: only those not shown yet (adding a visible one again makes the client decode its map afresh,
    // without the keys of its entries).
    if (step === 12 * every)
      for (const w of wires) if (w.seat !== null) for (const obj of adapter.privateObjects(room, w.seat)) if (!w.view!.has(obj)) w.view!.add(obj);
    const it = { offset: 1 };
    encoder.encode(it);
    for (const w of wires) {
      const bytes = encoder.encodeView(w.view!, it.offset, { ...it });
      w.bytes += bytes.length;
      w.decoder.decode(bytes as never, { offset: 1 });
    }
    encoder.discardChanges();
    check(wires, state);
  }
  return wires;
}

describe.each([
  ['duel', duelAdapter, duel as Game<any, any, any, any>, 3],
  ['rattlesnake', rattlesnakeAdapter, rattlesnake as Game<any, any, any, any>, 2],
  ['saloon', saloonAdapter, saloon as Game<any, any, any, any>, 3],
] as const)('%s', (gameId, adapter, game, seats) => {
  test('every patch, decoded by Colyseus, gives back exactly the engine view of the seat and of a spectator', () => {
    let checks = 0;
    for (const seed of [1, 2, 3]) {
      playThrough(adapter, game, seats, seed, 3, (wires, state) => {
        for (const w of wires) {
          const board = (w.decoder.state as unknown as JsonTableState).board;
          expect(viewFromSyncedBoard(gameId, board, w.seat)).toEqual(game.view(state, w.seat));
          // Only my own private map (and how often it changed) reached me.
          Array.from(board.players).forEach((p, i) => {
            if (i === w.seat) return;
            expect(p.secret).toBeUndefined();
            expect(p.rev).toBeUndefined();
          });
          checks++;
        }
      });
    }
    expect(checks).toBeGreaterThan(100);
  });

  test('a patch carries the change, not the table: far fewer bytes than the whole view each time', () => {
    let wholeViews = 0;
    const [seat] = playThrough(adapter, game, seats, 7, 1, (_wires, state) => {
      wholeViews += JSON.stringify(game.view(state, 0)).length;
    });
    expect(seat.bytes * 4).toBeLessThan(wholeViews);
  });
});

describe('a seat knows its intent arrived', () => {
  test("a seat's own revision moves with every intent of its accepted, even when its part looks the same after it (a Duel card that ends the round, and the next deals the same hand)", () => {
    // Clients wait for their own revision before placing another card (Duel.ownPartKey): it must move every time.
    let applied = 0;
    let samePart = 0;
    for (let seed = 0; seed < 30; seed++) {
      const room: JsonTableState = new duelAdapter.State();
      const rng = Rng.fromSeed(2000 + seed);
      let s = duel.setup({ seats: 2, options: duel.options({ target: 3 }) as never }, Rng.fromSeed(seed));
      const mirror = (actor: number | null) =>
        duelAdapter.mirror(
          room,
          duel.view(s, null),
          [0, 1].map((i) => duel.view(s, i)),
          actor,
        );
      mirror(null);
      while (s.phase !== 'over') {
        const seat = rng.pick(duel.pending(s));
        const before = { rev: room.board.players[seat]!.rev, part: JSON.stringify([...room.board.players[seat]!.secret.entries()]) };
        const r = duel.apply(s, seat, rng.pick(duel.legalIntents(s, seat)));
        if (isError(r)) throw new Error(r.error.message);
        s = r.state;
        mirror(seat);
        expect(room.board.players[seat]!.rev).toBe(before.rev + 1);
        if (JSON.stringify([...room.board.players[seat]!.secret.entries()]) === before.part) samePart++;
        applied++;
      }
    }
    expect(applied).toBeGreaterThan(300);
    expect(samePart).toBeGreaterThan(0); // the case that matters happened
  });
});
