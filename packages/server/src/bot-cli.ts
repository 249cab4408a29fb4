/**
 * A bot over the network: `npm run bot -- --server ws://HOST:PORT --code CODE [--name NAME]`.
 * Joins the table like any player and plays it to the end with the game's own bot, seeing only what its seat
 * is sent. Exits 0 when the game is over, 1 on an error.
 */
import { parseArgs } from 'node:util';
import { randomInt } from 'node:crypto';
import { Client, type Room } from 'colyseus.js';
import { Duel, duel, normalizeCode, Rattlesnake, rattlesnake, Rng, Saloon, saloon } from '@tumbleweed/engine';

/**
 * Per game: the decision the synced board asks of this seat (`key` names it, so that one decision gets one
 * answer however many patches arrive before the server has applied it), or null when there is none.
 */
type Decide = (board: any, seat: number, rng: Rng) => { key: string; intent: object } | null;
const players: Record<string, Decide> = {
  duel: (board, seat, rng) => {
    const view = Duel.viewFromSynced(board, seat);
    if (Duel.legalFromView(view).length === 0) return null;
    return { key: `${view.round}.${view.shootout}`, intent: duel.bot(view, rng) };
  },
  rattlesnake: (board, seat, rng) => {
    const secret = board.players?.[seat]?.secret ?? '';
    if (!board.public || !secret) return null;
    const view = Rattlesnake.viewFromSynced(board.public, secret, seat);
    if (Rattlesnake.legalFromView(view).length === 0) return null;
    return { key: board.public + secret, intent: rattlesnake.bot(view, rng) };
  },
  saloon: (board, seat, rng) => {
    const secret = board.players?.[seat]?.secret ?? '';
    if (!board.public || !secret) return null;
    const view = Saloon.viewFromSynced(board.public, secret, seat);
    if (!view.pending.includes(seat) || Saloon.legalFromView(view).length === 0) return null;
    return { key: board.public + secret, intent: saloon.bot(view, rng) };
  },
};

function usage(message: string): never {
  console.error(`${message}\nusage: npm run bot -- --server ws://HOST:PORT --code CODE [--name NAME]`);
  process.exit(2);
}

/** Joins the table `typed` (a code in any case) and plays every decision of its seat. */
export async function runBot(server: string, typed: string, name: string, log = console.log): Promise<Room> {
  const code = normalizeCode(typed);
  if (!code) throw new Error(`"${typed}" is not a table code (5 letters or digits)`);
  const room = await new Client(server).joinById(code, { name });
  const rng = Rng.fromSeed(randomInt(0, 2 ** 31));
  let lastSent = '';
  room.onMessage('events', () => undefined);
  room.onMessage('error', (e: { code: string; message: string }) => log(`refused: ${e.code} ${e.message}`));
  room.onStateChange((state: any) => {
    const seat = Array.from(state.seats as any[]).findIndex((s: any) => s.sessionId === room.sessionId);
    const play = players[state.game];
    if (!play || seat < 0 || state.status !== 'playing' || !Array.from(state.pending as number[]).includes(seat)) return;
    const decision = play(state.board, seat, rng);
    if (!decision || decision.key === lastSent) return;
    lastSent = decision.key;
    room.send('intent', decision.intent);
  });
  return room;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { server: { type: 'string' }, code: { type: 'string' }, name: { type: 'string', default: 'Robo Ranger' } },
  });
  if (!values.server) usage('--server is required');
  if (!values.code) usage('--code is required');
  const room = await runBot(values.server, values.code, values.name!);
  console.log(`joined table ${room.roomId} as ${values.name}`);
  room.onStateChange((state: any) => {
    if (state.status !== 'over') return;
    const winners = Array.from(state.winners as number[]).map((s) => state.seats[s]?.name ?? `seat ${s}`);
    console.log(`game over: ${winners.join(', ')} won`);
    room.leave().finally(() => process.exit(0));
  });
  room.onLeave((code) => {
    if (room.state?.status !== 'over') {
      console.error(`disconnected (${code}) before the game ended`);
      process.exit(1);
    }
  });
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`bot: ${e?.message ?? e}`);
    process.exit(1);
  });
}
