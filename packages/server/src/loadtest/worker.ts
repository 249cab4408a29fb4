/**
 * One load-generating process (forked by main.ts; never the server's). Three jobs, one after the other:
 *  - game: keeps `tables` tables playing until the deadline. Per table the first client creates it through the
 *    normal matchmaking path, the others join it by its code; every client plays its seat like the network bot
 *    (bot-cli.ts's BOARD_READERS and the game's own `bot`/`botInterrupt`), after a think time drawn uniformly from
 *    the range before each intent. A finished game's clients leave and a new table takes its place.
 *  - echo: as many plain `ws` clients against the echo server, the same think times, timing each echo.
 *  - bgio: the same tables against boardgame.io's server, the baseline (bgio-client.ts).
 * It counts the raw WebSocket frames every room receives, and reports its own CPU time.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Room } from 'colyseus.js';
import WebSocket from 'ws';
import { Rng, type Intent } from '@tumbleweed/engine';
import { BOARD_READERS, type BoardReader } from '../bot-cli';
import type { EchoJob, EchoResult, GameJob, GameResult, Job, WorkerMessage } from './protocol';
import { copyBeforeCompressing } from '../ws-copy';
import { settings } from '../table/settings';
import { joinErrorCode, loadClient } from './client';
import { Pacer } from './pace';
import { runBgio } from './bgio-client';
import { bump, keepPlaying, newTally, RETRIES, RETRY_MS, runEnd, sleep, TableWatch, thinkMs } from './play';

copyBeforeCompressing(); // ws-copy.ts: colyseus.js reuses its send buffer

// Every frame the server sends a room goes through Room.prototype.onMessageCallback, bound when the room connects:
// count them there, so the join handshake and the first full state are counted too.
interface Traffic {
  frames: number;
  bytes: number;
  /** Frames by kind: patch, state, join, or the message's type (`events`, `welcome`…). */
  kinds: Record<string, number>;
  /** Bytes by the same kinds. */
  kindBytes: Record<string, number>;
}
/** The bytes a room's TCP socket has read so far (colyseus.js uses `ws` under Node: its socket counts them). */
function wireBytes(room: Room): number {
  const ws = (room as unknown as { connection?: { transport?: { ws?: { _socket?: { bytesRead?: number } } } } }).connection?.transport?.ws;
  return ws?._socket?.bytesRead ?? 0;
}
/**
 * Which server process a room's seat lives on, behind the proxy (--processes): the prefix of the address the
 * reservation sent the client to (PUBLIC_ADDRESS "<proxy>/s1" → "s1"); "direct" without a proxy in between.
 */
function processOf(room: Room): string {
  const url = (room as unknown as { connection?: { transport?: { ws?: { url?: string } } } }).connection?.transport?.ws?.url ?? '';
  return /^wss?:\/\/[^/]+\/(s\d+)\//.exec(url)?.[1] ?? 'direct';
}
/** Colyseus 0.16's protocol codes (the first byte of a frame). */
const KIND: Record<number, string> = { 10: 'join', 11: 'error (protocol)', 12: 'leave', 14: 'state', 15: 'patch' };
const ROOM_DATA = 13;
function kindOf(frame: Uint8Array): string {
  if (frame[0] !== ROOM_DATA) return KIND[frame[0]] ?? `code ${frame[0]}`;
  // A message's type: a short string (msgpack fixstr: 0xa0 | length) right after the code.
  const head = frame[1];
  if ((head & 0xe0) !== 0xa0) return 'message';
  return Buffer.from(frame.buffer, frame.byteOffset + 2, head & 0x1f).toString('utf8');
}
const traffic = new WeakMap<object, Traffic>();
const proto = Room.prototype as unknown as { onMessageCallback(event: { data: ArrayBuffer | string }): void };
const onMessageCallback = proto.onMessageCallback;
proto.onMessageCallback = function (this: object, event) {
  let t = traffic.get(this);
  if (!t) traffic.set(this, (t = { frames: 0, bytes: 0, kinds: {}, kindBytes: {} }));
  t.frames++;
  if (typeof event.data === 'string') t.bytes += Buffer.byteLength(event.data);
  else {
    t.bytes += event.data.byteLength;
    const kind = kindOf(new Uint8Array(event.data));
    bump(t.kinds, kind);
    t.kindBytes[kind] = (t.kindBytes[kind] ?? 0) + event.data.byteLength;
  }
  return onMessageCallback.call(this, event);
};

async function runGame(job: GameJob): Promise<GameResult> {
  const reader: BoardReader = BOARD_READERS[job.game];
  if (!reader) throw new Error(`no board reader for ${job.game}`);
  const client = loadClient(job.url);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result: GameResult = { type: 'game', ...newTally(), byProcess: {} };
  const { stopped, over } = runEnd(job.until);

  /** One table from creation to its clients leaving; a game played to its end counts, with its clients' traffic. */
  async function playTable(slot: number): Promise<void> {
    const rooms: Room[] = [];
    /** Rooms still connected: only those are left (leaving a closed one would wait forever). */
    const open = new Set<Room>();
    const watch = new TableWatch(job.seats);
    let leaving = false;

    const seatPlayer = (room: Room): void => {
      const rng = Rng.fromSeed(randomBytes(32).toString('hex'));
      const { game } = reader;
      let seat = -1;
      let sentKey: string | null = null;
      let refusedKey = '';
      let refusals = 0;
      let timer: NodeJS.Timeout | null = null;
      /** The intent sent and not yet seen applied: this seat's key then, and when it was sent. */
      let inflight: { key: string; at: number } | null = null;
      let done = false;
      const home = (result.byProcess[processOf(room)] ??= { tables: 0, games: 0, moves: 0 });
      const pacer = new Pacer(settings.flood);

      /** This seat's view of the synced board now, its key (one intent per key), and a key that changes whenever the state shows this seat's last intent. */
      const read = () => {
        const state: any = room.state;
        if (!state?.seats || !state.board || state.status !== 'playing') return null;
        if (seat < 0) seat = Array.from(state.seats as any[]).findIndex((s: any) => s.sessionId === room.sessionId);
        if (seat < 0) return null;
        const view: any = reader.view(state.board, seat);
        if (!view) return null;
        // The board's revisions as this seat receives them (every game alike): they move when the state shows its last intent.
        const key = reader.key(state.board, seat);
        return { state, view, key };
      };

      const decide = (now: ReturnType<typeof read>): { key: string; intent: Intent; readyAt: number | null } | null => {
        if (!now || reader.legal(now.view).length === 0 || now.key === sentKey) return null;
        const waited = Array.from(now.state.pending as number[]).includes(seat);
        const intent = waited ? game.bot(now.view, rng) : (game.botInterrupt?.(now.view, rng) ?? null);
        return intent ? { key: now.key, intent, readyAt: game.botReadyAtView?.(now.view) ?? null } : null;
      };

      const wake = (now: ReturnType<typeof read>, extraMs = 0): void => {
        if (timer || over() || done) return;
        const first = decide(now);
        if (!first) return;
        const wait = Math.max(0, (first.readyAt ?? 0) - Date.now()) + extraMs + thinkMs(job.think);
        const send = () => {
          timer = null;
          if (over() || done) return;
          const next = decide(read());
          if (!next) return;
          if (next.readyAt !== null && next.readyAt > Date.now()) return wake(read()); // locked out meanwhile
          const hold = pacer.wait(Date.now());
          if (hold > 0) {
            result.held++;
            timer = setTimeout(send, hold); // within the flood limit (pace.ts)
            return;
          }
          pacer.take(Date.now());
          sentKey = next.key;
          inflight = { key: next.key, at: performance.now() };
          room.send('intent', next.intent);
        };
        timer = setTimeout(send, wait);
      };

      const seen = () => {
        if (!inflight) return;
        if (!over()) {
          result.moves++;
          home.moves++;
          result.latencies.push(Math.round((performance.now() - inflight.at) * 100) / 100);
        }
        inflight = null;
      };

      room.onMessage('error', (e: { code?: string }) => {
        bump(result.errors, e?.code ?? 'UNKNOWN');
        inflight = null;
        if (sentKey === null) return;
        refusals = sentKey === refusedKey ? refusals + 1 : 1;
        refusedKey = sentKey;
        if (refusals > RETRIES) return;
        sentKey = null;
        wake(read(), RETRY_MS * refusals);
      });
      room.onMessage('*', () => undefined);
      room.onStateChange((state: any) => {
        watch.changed();
        if (done) return;
        if (state.status === 'over') {
          seen(); // the intent that ended the game
          done = true;
          if (timer) clearTimeout(timer);
          watch.seatSawOver();
          return;
        }
        const now = read();
        if (inflight && now && now.key !== inflight.key) seen();
        wake(now);
      });
      open.add(room);
      room.onLeave((code) => {
        open.delete(room);
        if (timer) clearTimeout(timer);
        done = true;
        if (!leaving) {
          bump(result.disconnects, String(code));
          watch.broken();
        }
      });
    };

    const leaveAll = async () => {
      leaving = true;
      await Promise.race([Promise.all([...open].map((r) => r.leave(true).catch(() => undefined))), sleep(5000)]);
    };
    const { options } = job;
    const name = (i: number) => `Load ${job.worker}.${slot}.${i}`;
    try {
      const created = performance.now();
      const first = await client.create(job.game, { name: name(0), seats: job.seats, bots: 0, options });
      if (!over()) result.joins.push(Math.round(performance.now() - created));
      rooms.push(first);
      seatPlayer(first);
      result.tablesStarted++;
      const home = (result.byProcess[processOf(first)] ??= { tables: 0, games: 0, moves: 0 });
      home.tables++;
      await Promise.all(
        Array.from({ length: job.seats - 1 }, async (_, i) => {
          const joined = performance.now();
          const room = await client.joinById(first.roomId, { name: name(i + 1) });
          if (!over()) result.joins.push(Math.round(performance.now() - joined));
          rooms.push(room);
          seatPlayer(room);
        }),
      );
      const why = await watch.end(stopped, result.errors);
      // A game counts when it ended within the run; its clients' traffic counts with it (the same decision, taken
      // before leaving: the run may end while the rooms are being left).
      const counted = why === 'over' && !over();
      const wire = rooms.map(wireBytes); // before leaving: the socket goes away with the room
      await leaveAll();
      if (counted) {
        result.games++;
        home.games++;
        rooms.forEach((r, i) => result.perClientGame.push({ ...(traffic.get(r) ?? { frames: 0, bytes: 0, kinds: {}, kindBytes: {} }), wire: wire[i]! }));
      }
    } catch (e) {
      if (over()) return; // a join cut short by the end of the run
      // The server refuses these options for every table: say why at once instead of counting refusals.
      if (joinErrorCode(e) === 'BAD_OPTIONS') throw new Error(`the server refused the table: ${String((e as Error)?.message ?? e)}`);
      bump(result.errors, joinErrorCode(e));
      await leaveAll();
      await sleep(500);
    }
  }

  await keepPlaying(job.tables, over, playTable, result, cpu0, t0);
  return result;
}

async function runEcho(job: EchoJob): Promise<EchoResult> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result: EchoResult = { type: 'echo', roundTrips: [], messages: 0, errors: {}, cpuMs: 0, wallMs: 0 };
  // About the size of an intent as a table receives it.
  const payload = Buffer.from(JSON.stringify({ type: 'commit', card: 'bang', target: 1 }));
  await Promise.all(
    Array.from({ length: job.clients }, async () => {
      const ws = new WebSocket(job.url, { perMessageDeflate: false });
      try {
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        let answered: (() => void) | null = null;
        let closed = false;
        ws.on('message', () => {
          const a = answered;
          answered = null;
          a?.();
        });
        ws.on('close', () => {
          closed = true;
          answered?.();
        });
        while (Date.now() < job.until && !closed) {
          await sleep(thinkMs(job.think));
          if (Date.now() >= job.until || closed) break;
          const at = performance.now();
          const echoed = new Promise<void>((resolve) => (answered = resolve));
          ws.send(payload);
          await echoed;
          if (closed) throw new Error('echo connection closed');
          result.roundTrips.push(Math.round((performance.now() - at) * 100) / 100);
          result.messages++;
        }
      } catch (e) {
        bump(result.errors, String((e as Error)?.message ?? e).slice(0, 60));
      } finally {
        ws.removeAllListeners();
        ws.on('error', () => undefined);
        ws.close();
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  result.wallMs = performance.now() - t0;
  return result;
}

const tell = (m: WorkerMessage) => process.send?.(m);
process.on('message', (job: Job) => {
  if (job.type === 'exit') process.exit(0);
  const run = job.type === 'game' ? runGame(job) : job.type === 'bgio' ? runBgio(job) : runEcho(job);
  run.then(tell, (e) => tell({ type: 'failed', message: String(e?.stack ?? e) }));
});
process.on('disconnect', () => process.exit(0));
tell({ type: 'ready' });
