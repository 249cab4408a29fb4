/**
 * The one-intent guard of a flat board, and a move sent as its connection died: sent again once back at the table if
 * the board there does not show it (the same life of the table, the same revisions), else offered again
 * (JsonBoard.settle).
 */
import type { ClientIntent } from '@tumbleweed/engine';
import type { TableStateLike } from '../state';
import { JsonBoard, type JsonBoardLike } from './json-board';
import type { TableContext } from './types';

type Intent = ClientIntent & { reactionMs?: number };

/** A table at which seat 0 may play: its board's revisions, the connection, and what the page sent and logged. */
function table() {
  const at = {
    board: { life: 'a1', rev: 3, pub: { '': '{}' }, players: [{ rev: 5, secret: { '': '{}' } }] } as JsonBoardLike | undefined,
    link: { n: 1 },
    sent: [] as Intent[],
    resent: 0,
  };
  const ctx: TableContext = {
    state: () => ({ status: 'playing', board: at.board }) as unknown as TableStateLike,
    mySeat: () => 0,
    name: () => '',
    send: (i) => at.sent.push(i),
    serverNow: () => 0,
    link: () => at.link,
    resent: () => (at.resent += 1),
  };
  const board = new JsonBoard<object, Intent>(
    ctx,
    () => ({}),
    () => [{ type: 'pass' } as Intent],
  );
  return { at, board };
}

const PASS = { type: 'pass' } as Intent;

test('no second intent until the board moves', () => {
  const { at, board } = table();
  expect(board.legal(board.view())).toEqual([PASS]);
  board.send(PASS);
  expect(board.sending()).toBe(true);
  expect(board.legal(board.view())).toEqual([]);
  board.settle();
  expect(board.sending()).toBe(true);
  at.board = { ...at.board, players: [{ rev: 6, secret: { '': '{}' } }] };
  board.settle();
  expect(board.sending()).toBe(false);
  expect(at.sent).toEqual([PASS]);
});

test.each([
  { case: 'back at the same table, the board as it was: sent again, once', life: 'a1', intent: PASS, moved: false, again: true },
  { case: 'back at the same table, the board moved (it arrived): not sent again', life: 'a1', intent: PASS, moved: true, again: false },
  // (the same revisions as before, counted afresh from the table's last saved step)
  { case: 'back at a table rebuilt after a restart: offered again', life: 'b2', intent: PASS, moved: false, again: false },
  { case: 'a timed answer (its race is over): offered again', life: 'a1', intent: { ...PASS, reactionMs: 420 }, moved: false, again: false },
])('a move sent as its connection died — $case', ({ life, intent, moved, again }) => {
  const { at, board } = table();
  board.send(intent);
  const before = { ...at.board, life };
  // The connection dies; the new one's state has no board until its first patch.
  at.link = { n: 2 };
  at.board = undefined;
  board.settle();
  expect(at.sent).toHaveLength(1);
  at.board = moved ? { ...before, players: [{ rev: 6, secret: { '': '{}' } }] } : before;
  board.settle();
  board.settle();
  expect(at.sent).toEqual(again ? [intent, intent] : [intent]);
  expect(at.resent).toBe(again ? 1 : 0);
  // Sent again, it waits for its answer; else the choice is the player's again.
  expect(board.sending()).toBe(again);
  expect(board.legal(board.view())).toEqual(again ? [] : [PASS]);
});
