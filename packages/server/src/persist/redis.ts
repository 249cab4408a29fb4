/**
 * Tables shared between processes through Redis (issue 14, docs/persistence.md "With Redis"): so that another
 * process can take a table over when its own is gone for good.
 *
 * - Each game being played is copied to Redis as it happens, next to the process's own SQLite file (which stays the
 *   local log, the kept games' home and what a restart of the same DATA_DIR reads): the game as a hash
 *   (`tumbleweed:game:<id>`), its steps as a list (`tumbleweed:steps:<id>`, one RPUSH per step) and its code in
 *   `tumbleweed:tables` (code → game id). The copy is removed when the game ends (the process keeps it in SQLite).
 * - The process running a stored table holds its lease, `tumbleweed:lease:<code>` = `<owner>/<process>` with a TTL
 *   (LEASE_TTL_MS), claimed atomically (a script: only a free lease), renewed every third of the TTL with a
 *   compare-and-set script (never a lease it lost), and released when the game ends. Every write to the copy is
 *   fenced by the lease: a process that lost it writes nothing more and lets the table go. `owner` is this DATA_DIR's own id: a process started again on the same
 *   DATA_DIR gets its tables back at once, before their leases run out.
 * - Every process looks, at the same pace, for stored tables whose lease is gone, claims the lease atomically and
 *   rebuilds the table from the Redis log exactly as a restart does (restore.ts); and releases the codes of dead
 *   processes' tables that nobody can resume (no lease, no listing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Redis, { type Result } from 'ioredis';
import { matchMaker } from '@colyseus/core';
import { CODES_KEY } from '../codes';
import { logger } from '../log';
import { readStep } from './sqlite';
import type { ResumableGame, StoredGame, StoredSeat, StoredStep, TableStore } from './store';
import { rebuildTable } from './restore';

export const KEYS = {
  tables: 'tumbleweed:tables',
  game: (id: string) => `tumbleweed:game:${id}`,
  steps: (id: string) => `tumbleweed:steps:${id}`,
  lease: (code: string) => `tumbleweed:lease:${code}`,
  alive: (processId: string) => `tumbleweed:alive:${processId}`,
  /** A game whose shared copy was removed because it ended (kept ENDED_MS): not to be resumed from a local copy. */
  ended: (id: string) => `tumbleweed:ended:${id}`,
};
/** How long Redis remembers that a game ended (so a process started again much later does not resume its stale copy). */
const ENDED_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a code must look dead (claimed, no lease, no listing) before it is released. */
const DEAD_CLAIM_MS = 3000;
/** Colyseus' RedisDriver keeps every room listing in this hash (roomId → listing). */
const ROOM_LISTINGS = 'roomcaches';

/**
 * Our lease, held: ours (extended), or free (nobody took it since it ran out: taken again). 0 when another process
 * holds it now. KEYS[1] lease; ARGV[1] our value, ARGV[2] ttl.
 */
const HOLD = `local v = redis.call('get', KEYS[1])
if v and v ~= ARGV[1] then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
/** KEYS[1] lease, ARGV[1] our value, ARGV[2] ttl, ARGV[3] our owner prefix: takes a lease that is free, or ours (this DATA_DIR, any run). */
const CLAIM = `local v = redis.call('get', KEYS[1])
if (not v) or v == ARGV[1] or string.sub(v, 1, string.len(ARGV[3])) == ARGV[3] then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
/** KEYS[1] lease, ARGV[1] the dead process's value, ARGV[2] ours, ARGV[3] ttl: replaces a lease only if unchanged. */
const STEAL = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end
return 0`;
/**
 * A write to a game's shared copy, fenced by its lease: done only while the lease is ours (or free: then it is taken
 * again first); -1, nothing written, when another process holds it (this one stalled past the TTL and the table
 * goes on there). KEYS[1] lease, KEYS[2] the game's list or hash; ARGV[1] our value, ARGV[2] ttl, ARGV[3] what,
 * ARGV[4] its argument.
 */
const FENCED = `local v = redis.call('get', KEYS[1])
if v and v ~= ARGV[1] then return -1 end
if not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
local what = ARGV[3]
if what == 'append' then return redis.call('rpush', KEYS[2], ARGV[4]) end
if what == 'seats' then redis.call('hset', KEYS[2], 'seats', ARGV[4]) return 1 end
if what == 'cut' then
  local n = tonumber(ARGV[4])
  if n <= 0 then redis.call('del', KEYS[2]) else redis.call('ltrim', KEYS[2], 0, n - 1) end
  return 1
end
return redis.error_reply('unknown write ' .. what)`;
/**
 * The game is over: its shared copy and its lease go, unless another process holds the lease (-1).
 * It is remembered as ended for ENDED_MS. KEYS[1] lease, KEYS[2] game, KEYS[3] steps, KEYS[4] tables, KEYS[5] ended;
 * ARGV[1] our value, ARGV[2] code, ARGV[3] ENDED_MS.
 */
const FINISH = `local v = redis.call('get', KEYS[1])
if v and v ~= ARGV[1] then return -1 end
redis.call('del', KEYS[2], KEYS[3])
redis.call('hdel', KEYS[4], ARGV[2])
redis.call('set', KEYS[5], '1', 'PX', ARGV[3])
if v then redis.call('del', KEYS[1]) end
return 1`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    holdLease(lease: string, value: string, ttl: number): Result<number, Context>;
    claimLease(lease: string, value: string, ttl: number, prefix: string): Result<number, Context>;
    stealLease(lease: string, was: string, value: string, ttl: number): Result<number, Context>;
    fencedWrite(lease: string, key: string, value: string, ttl: number, what: 'append' | 'seats' | 'cut', arg: string): Result<number, Context>;
    finishGame(
      lease: string,
      game: string,
      steps: string,
      tables: string,
      ended: string,
      value: string,
      code: string,
      endedMs: number,
    ): Result<number, Context>;
  }
}

/** This DATA_DIR's own id (made once, kept in the folder): the lease owner across restarts of the same process. */
export function ownerId(dataDir: string): string {
  const file = path.join(dataDir, 'owner-id');
  try {
    const id = fs.readFileSync(file, 'utf8').trim();
    if (/^[\w-]{8,64}$/.test(id)) return id;
  } catch {
    // first start
  }
  const id = randomUUID();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${id}\n`);
  return id;
}

export interface SharedOptions {
  owner: string;
  ttlMs: number;
  roomNames: readonly string[];
}

/**
 * The process's side of the shared tables: the Redis copy of its games, its leases, the takeover of others' tables.
 * Writes are sent in the same tick as the local write, before the result is broadcast (a command handed to ioredis
 * is written to its socket at once); they are not awaited (see docs/persistence.md for what that means).
 */
export class SharedTables {
  readonly redis: Redis;
  private readonly log = logger.child({ part: 'shared-tables' });
  /** Stored tables this process runs: code → game id. */
  private readonly held = new Map<string, string>();
  private readonly codeOf = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private failed = false;
  /** Codes claimed with no lease and no listing: since when (released once so for DEAD_CLAIM_MS). */
  private deadClaims = new Map<string, number>();
  private stopped = false;

  constructor(
    url: string,
    private readonly local: TableStore,
    private readonly opts: SharedOptions,
  ) {
    this.redis = new Redis(url);
    this.redis.defineCommand('holdLease', { numberOfKeys: 1, lua: HOLD });
    this.redis.defineCommand('claimLease', { numberOfKeys: 1, lua: CLAIM });
    this.redis.defineCommand('stealLease', { numberOfKeys: 1, lua: STEAL });
    this.redis.defineCommand('fencedWrite', { numberOfKeys: 2, lua: FENCED });
    this.redis.defineCommand('finishGame', { numberOfKeys: 5, lua: FINISH });
    let warned = false;
    this.redis.on('error', (err: Error) => {
      if (!warned) this.log.warn({ err }, 'Redis connection error (shared tables)');
      warned = true;
    });
    this.redis.on('ready', () => {
      warned = false;
      this.failed = false;
    });
  }

  private get processId(): string {
    return matchMaker.processId;
  }

  private get leaseValue(): string {
    return `${this.opts.owner}/${this.processId}`;
  }

  /** A write to Redis failed (logged once per outage); a game's copy that missed a write is copied again whole. */
  private failing(what: string, gameId?: string) {
    return (err: unknown) => {
      if (!this.failed) this.log.error({ err, what }, 'could not copy a table to Redis; it is copied again once Redis answers');
      this.failed = true;
      if (gameId !== undefined && this.codeOf.has(gameId)) this.dirty.add(gameId);
    };
  }

  /** Games whose Redis copy missed a write (a gap in its steps would replay wrong): copied again whole at the next beat. */
  private readonly dirty = new Set<string>();

  /** A copy that missed a write, made again from this process's file, while the lease is still ours. */
  private async resync(gameId: string): Promise<void> {
    this.dirty.delete(gameId);
    const code = this.codeOf.get(gameId);
    const game = code === undefined ? undefined : this.local.unfinished().find((g) => g.id === gameId);
    if (code === undefined || !game) return;
    if ((await this.redis.holdLease(KEYS.lease(code), this.leaseValue, this.opts.ttlMs)) !== 1) return this.lost(code);
    this.copy(game);
    this.log.info({ table: code, id: gameId, steps: game.steps.length }, 'table copied to Redis again after a failed write');
  }

  // ---- the copy of each game (called by MirroredStore, after the local write) ----

  startGame(g: Omit<StoredGame, 'status'>): void {
    // A rematch at the same table: the previous game was finished (removed) already.
    this.held.set(g.code, g.id);
    this.codeOf.set(g.id, g.code);
    this.redis
      .multi()
      .hset(KEYS.game(g.id), {
        code: g.code,
        room: g.room,
        options: JSON.stringify(g.options ?? {}),
        gameOptions: JSON.stringify(g.gameOptions ?? {}),
        seed: JSON.stringify(g.seed),
        seats: JSON.stringify(g.seats),
        startedAt: String(g.startedAt),
        process: this.processId,
      })
      .del(KEYS.steps(g.id))
      .hset(KEYS.tables, g.code, g.id)
      .claimLease(KEYS.lease(g.code), this.leaseValue, this.opts.ttlMs, `${this.opts.owner}/`)
      .exec()
      .then((results) => {
        if (results?.some(([err]) => err)) this.failing('start', g.id)(results.find(([err]) => err)?.[0]);
      })
      .catch(this.failing('start', g.id));
  }

  appendStep(gameId: string, step: StoredStep): void {
    this.fenced(gameId, 'append', KEYS.steps(gameId), JSON.stringify(step));
  }

  truncateSteps(gameId: string, index: number): void {
    this.fenced(gameId, 'cut', KEYS.steps(gameId), String(index));
  }

  updateSeats(gameId: string, seats: StoredSeat[]): void {
    this.fenced(gameId, 'seats', KEYS.game(gameId), JSON.stringify(seats));
  }

  private fenced(gameId: string, what: 'append' | 'seats' | 'cut', key: string, arg: string): void {
    const code = this.codeOf.get(gameId);
    if (code === undefined || this.dirty.has(gameId)) return; // a copy to be made again whole holds nothing more meanwhile
    this.redis
      .fencedWrite(KEYS.lease(code), key, this.leaseValue, this.opts.ttlMs, what, arg)
      .then((done) => {
        if (done === -1) this.lost(code);
      })
      .catch(this.failing(what, gameId));
  }

  /** Over or abandoned: the shared copy and the lease go (the game stays in this process's SQLite). */
  finish(gameId: string): void {
    const code = this.codeOf.get(gameId);
    if (code === undefined) return;
    this.codeOf.delete(gameId);
    if (this.held.get(code) === gameId) this.held.delete(code);
    this.redis
      .finishGame(KEYS.lease(code), KEYS.game(gameId), KEYS.steps(gameId), KEYS.tables, KEYS.ended(gameId), this.leaseValue, code, ENDED_MS)
      .catch(this.failing('finish'));
  }

  // ---- leases and takeover ----

  /**
   * On start, before the process listens: takes back this DATA_DIR's tables (and any whose lease ran out) from the
   * Redis log. A game this SQLite file still has as being played that is not among them either went on elsewhere
   * (another process holds it, or it ended: marked abandoned here), or Redis lost its copy (Redis started again
   * without its data): then it is resumed from this file, and copied to Redis again.
   */
  async start(): Promise<number> {
    let taken = 0;
    try {
      await this.beat();
      taken = await this.takeOver();
      for (const game of this.local.unfinished()) {
        if (this.codeOf.has(game.id)) continue;
        const where = { table: game.code, game: game.room, id: game.id };
        if (game.skipped < 0 || !this.opts.roomNames.includes(game.room)) {
          this.log.warn(where, 'unreadable game record skipped');
          this.local.finish(game.id, 'abandoned', null);
          continue;
        }
        const [copy, ended] = await Promise.all([this.redis.exists(KEYS.game(game.id)), this.redis.exists(KEYS.ended(game.id))]);
        const ours = !copy && !ended && (await this.redis.claimLease(KEYS.lease(game.code), this.leaseValue, this.opts.ttlMs, `${this.opts.owner}/`)) === 1;
        if (!ours) {
          this.log.warn(where, 'a table of this process went on elsewhere (or ended there): not resumed here');
          this.local.finish(game.id, 'abandoned', null);
          continue;
        }
        if (game.skipped > 0)
          this.log.warn({ ...where, kept: game.steps.length, skipped: game.skipped }, 'unreadable step records skipped (a write cut off by the crash?)');
        this.copy(game);
        if (await rebuildTable(game)) {
          taken++;
          this.log.info({ ...where, steps: game.steps.length }, "table restored from this process's own file (Redis had lost it)");
        } else {
          this.local.finish(game.id, 'abandoned', null);
          this.finish(game.id);
        }
      }
    } catch (err) {
      // Redis is away: this DATA_DIR's tables keep their leases' owner, and the loop below takes them back later.
      this.log.error({ err }, 'could not read the shared tables at start; trying again in the lease loop');
    }
    const every = Math.max(200, Math.floor(this.opts.ttlMs / 3));
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
    return taken;
  }

  /** A whole game copied to Redis at once (resumed from the local file), under the lease this process holds. */
  private copy(game: ResumableGame): void {
    this.startGame(game);
    if (game.steps.length) this.redis.rpush(KEYS.steps(game.id), ...game.steps.map((step) => JSON.stringify(step))).catch(this.failing('copy', game.id));
  }

  /** Stops renewing (a shutdown keeps the leases: the same DATA_DIR started again takes its tables back). */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.redis.quit().then(
      () => undefined,
      () => this.redis.disconnect(),
    );
  }

  /**
   * This process is alive, its leases are renewed (a lease it lost: its table goes on elsewhere), and its tables
   * are listed as its own (the clean-up of a dead process racing a takeover could remove a listing).
   */
  private async beat(): Promise<void> {
    const pipe = this.redis.pipeline().set(KEYS.alive(this.processId), '1', 'PX', this.opts.ttlMs);
    const codes = [...this.held.keys()];
    for (const code of codes) pipe.holdLease(KEYS.lease(code), this.leaseValue, this.opts.ttlMs).hget(ROOM_LISTINGS, code);
    const results = (await pipe.exec()) ?? [];
    for (const [i, code] of codes.entries()) {
      const [err, held] = results[1 + 2 * i] ?? [];
      const [listingErr, listing] = results[2 + 2 * i] ?? [];
      if (!err && held === 0) this.lost(code);
      else if (!listingErr && !listedHere(listing, this.processId)) await matchMaker.getLocalRoomById(code)?.listing.save();
    }
    for (const id of [...this.dirty]) await this.resync(id);
  }

  private beating = false;

  /** Every third of the lease: the heartbeat and the renewals on their own (a sweep may take longer: health checks). */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (!this.beating) {
      this.beating = true;
      this.beat()
        .catch((err) => this.log.warn({ err }, 'could not renew the leases; trying again'))
        .finally(() => (this.beating = false));
    }
    if (this.sweeping) return;
    this.sweeping = (async () => {
      try {
        await this.takeOver();
        await this.releaseDeadClaims();
      } catch (err) {
        this.log.warn({ err }, 'lease sweep failed; trying again');
      }
    })().finally(() => (this.sweeping = null));
  }

  /** Another process holds this table's lease now (ours ran out: this one stalled): it goes on there. */
  private lost(code: string): void {
    const id = this.held.get(code);
    if (id === undefined) return;
    this.held.delete(code);
    this.codeOf.delete(id);
    this.log.warn({ table: code, id }, 'lease lost: the table goes on in another process; its players are sent there');
    this.local.finish(id, 'abandoned', null);
    const room = matchMaker.getLocalRoomById(code);
    if (!room) return;
    // The table's listing is the other process's now: this room must neither update it nor remove it on its way out.
    room.listing.save = async () => undefined;
    room.listing.remove = async () => undefined;
    // As on a shutdown: the players are disconnected ("going away") and reconnect; the code stays claimed.
    (room as unknown as { onBeforeShutdown(): void }).onBeforeShutdown();
  }

  /** Stored tables with no lease (their process is gone), or with this DATA_DIR's: claimed and rebuilt here. */
  private async takeOver(): Promise<number> {
    const tables = await this.redis.hgetall(KEYS.tables);
    const codes = Object.keys(tables).filter((code) => !this.held.has(code) && !this.adopting.has(code) && !matchMaker.getLocalRoomById(code));
    if (codes.length === 0) return 0;
    const leases = await this.redis.mget(codes.map(KEYS.lease));
    const mine = `${this.opts.owner}/`;
    let taken = 0;
    const checked = new Set<string>();
    for (const [i, code] of codes.entries()) {
      if (this.stopped) break;
      if (leases[i] !== null && !leases[i]!.startsWith(mine)) continue;
      const id = tables[code];
      // Colyseus' own clean-up of the dead process (its listings and its room count) first: run later, it would
      // remove the listing of the table rebuilt here. Before the claim: the check may take longer than the lease.
      const from = await this.redis.hget(KEYS.game(id), 'process');
      if (from && from !== this.processId && !checked.has(from)) {
        checked.add(from);
        if (!(await this.redis.exists(KEYS.alive(from)))) await matchMaker.healthCheckProcessId(from).catch(() => false);
      }
      const own = leases[i] !== null; // this DATA_DIR's lease, from before a restart
      const claim = () => this.redis.claimLease(KEYS.lease(code), this.leaseValue, this.opts.ttlMs, mine);
      if (await this.adopt(code, id, claim, own ? 'table taken back after a restart' : 'table taken over')) taken++;
    }
    return taken;
  }

  /**
   * A join or a lookup found no listing for `code` (matchmaking, app.ts): when it names a stored table whose process
   * is dead (Colyseus' health check gets no answer in 2 s: it has removed that process's listings, which is why there
   * is none), the table is taken over now, without waiting for its lease to run out: the player's join then finds it
   * here. The lease is replaced only if it still names that process (a process that was only slow finds it lost at
   * its next write, and hands the table over). True when the table is here now.
   */
  async claimNow(code: string): Promise<boolean> {
    // A sweep rebuilding this table right now: the join waits for it, and finds the table here, instead of being told
    // at once that there is no such table (the page would give up on a table being taken over).
    const rebuilding = this.adopting.get(code);
    if (rebuilding) return rebuilding;
    if (this.stopped || this.held.has(code) || matchMaker.getLocalRoomById(code)) return false;
    const id = await this.redis.hget(KEYS.tables, code);
    if (!id) return false;
    const lease = await this.redis.get(KEYS.lease(code));
    if (lease) {
      const from = lease.slice(lease.indexOf('/') + 1);
      if (!from || from === this.processId || (await matchMaker.healthCheckProcessId(from).catch(() => true))) return false;
    }
    const claim = async () =>
      lease
        ? this.redis.stealLease(KEYS.lease(code), lease, this.leaseValue, this.opts.ttlMs)
        : this.redis.claimLease(KEYS.lease(code), this.leaseValue, this.opts.ttlMs, `${this.opts.owner}/`);
    return this.adopt(code, id, claim, 'table taken over (a player came back to it)');
  }

  /** Tables being claimed and rebuilt here right now, each with its outcome (a sweep and a join may both try). */
  private readonly adopting = new Map<string, Promise<boolean>>();

  /** Claims a stored table's lease (`claim`) and rebuilds it here from the Redis copy. True when it is here now. */
  private adopt(code: string, id: string, claim: () => Promise<number>, why: string): Promise<boolean> {
    if (this.adopting.has(code) || this.held.has(code)) return Promise.resolve(false);
    const adopting = this.rebuild(code, id, claim, why).finally(() => this.adopting.delete(code));
    this.adopting.set(code, adopting);
    return adopting;
  }

  private async rebuild(code: string, id: string, claim: () => Promise<number>, why: string): Promise<boolean> {
    if ((await claim()) !== 1) return false;
    const game = await this.read(id);
    const where = { table: code, id, from: game?.process };
    if (!game || !this.opts.roomNames.includes(game.room)) {
      this.log.warn(where, 'unreadable shared table dropped');
      await this.redis.finishGame(KEYS.lease(code), KEYS.game(id), KEYS.steps(id), KEYS.tables, KEYS.ended(id), this.leaseValue, code, ENDED_MS);
      return false;
    }
    this.held.set(code, id);
    this.codeOf.set(id, code);
    // This process keeps the game from now on: its SQLite file gets the whole of it (a restart, the kept log).
    this.local.startGame(game);
    game.steps.forEach((step, idx) => this.local.appendStep(id, idx, step));
    this.local.truncateSteps(id, game.steps.length);
    this.redis.hset(KEYS.game(id), 'process', this.processId).catch(this.failing('owner'));
    if (game.skipped > 0) this.log.warn({ ...where, kept: game.steps.length, skipped: game.skipped }, 'unreadable step records skipped');
    if (await rebuildTable(game)) {
      this.log.info({ ...where, steps: game.steps.length }, why);
      return true;
    }
    this.local.finish(id, 'abandoned', null);
    this.finish(id);
    return false;
  }

  /** A shared game as the local store reads one back: its steps up to the first unreadable record. */
  private async read(id: string): Promise<(ResumableGame & { process?: string }) | null> {
    const [[, head], [, raw]] = (await this.redis.multi().hgetall(KEYS.game(id)).lrange(KEYS.steps(id), 0, -1).exec()) as [
      [null, Record<string, string>],
      [null, string[]],
    ];
    if (!head?.code || !head.room) return null;
    try {
      const steps: StoredStep[] = [];
      for (const data of raw) {
        const step = readStep(data);
        if (!step) break;
        steps.push(step);
      }
      return {
        id,
        code: head.code,
        room: head.room,
        options: JSON.parse(head.options),
        gameOptions: JSON.parse(head.gameOptions),
        seed: JSON.parse(head.seed),
        seats: JSON.parse(head.seats),
        status: 'playing',
        startedAt: Number(head.startedAt) || Date.now(),
        steps,
        skipped: raw.length - steps.length,
        process: head.process,
      };
    } catch {
      return null;
    }
  }

  /**
   * Codes claimed by tables nobody runs any more (a dead process's table still waiting for players: nothing stored,
   * no lease, and its listing cleaned up): released once seen so for DEAD_CLAIM_MS, or the lease TTL if longer (a
   * table being created has its code claimed a moment before its listing exists). Dead processes' listings go first: a process whose
   * heartbeat ran out is asked by Colyseus' own health check, which removes its listings when it does not answer.
   */
  private async releaseDeadClaims(): Promise<void> {
    const stats = (await matchMaker.stats.fetchAll()) as { processId: string }[];
    const others = stats.map((s) => s.processId).filter((p) => p !== this.processId);
    if (others.length) {
      const alive = await this.redis.mget(others.map(KEYS.alive));
      await Promise.all(others.filter((_, i) => alive[i] === null).map((p) => matchMaker.healthCheckProcessId(p).catch(() => false)));
    }
    const codes = await this.redis.hkeys(CODES_KEY);
    const candidates = codes.filter((code) => !matchMaker.getLocalRoomById(code));
    if (candidates.length === 0) {
      this.deadClaims.clear();
      return;
    }
    const pipe = this.redis.pipeline();
    for (const code of candidates) pipe.exists(KEYS.lease(code)).hexists(ROOM_LISTINGS, code);
    const results = (await pipe.exec()) ?? [];
    const now = Date.now();
    const dead = new Map<string, number>();
    candidates.forEach((code, i) => {
      const [leaseErr, lease] = results[2 * i] ?? [];
      const [listingErr, listing] = results[2 * i + 1] ?? [];
      if (!leaseErr && !listingErr && lease === 0 && listing === 0) dead.set(code, this.deadClaims.get(code) ?? now);
    });
    const wait = Math.max(DEAD_CLAIM_MS, this.opts.ttlMs);
    const release = [...dead].filter(([, since]) => now - since >= wait).map(([code]) => code);
    for (const code of release) dead.delete(code);
    this.deadClaims = dead;
    if (release.length) {
      await this.redis.hdel(CODES_KEY, ...release);
      this.log.info({ codes: release }, 'dead table codes released (their process is gone, nothing to resume)');
    }
  }
}

/** A room listing (RedisDriver's JSON) that names this process. */
function listedHere(listing: unknown, processId: string): boolean {
  if (typeof listing !== 'string') return false;
  try {
    return (JSON.parse(listing) as { processId?: unknown }).processId === processId;
  } catch {
    return false;
  }
}

/**
 * The table store with Redis: every write goes to the process's SQLite file and, in the same tick, to Redis (the
 * shared copy another process takes a table over from). Reads (restart, kept games) are local.
 */
export class MirroredStore implements TableStore {
  constructor(
    readonly local: TableStore,
    readonly shared: SharedTables,
  ) {}

  startGame(game: Omit<StoredGame, 'status'>): void {
    this.local.startGame(game);
    this.shared.startGame(game);
  }

  appendStep(gameId: string, index: number, step: StoredStep): void {
    this.local.appendStep(gameId, index, step);
    this.shared.appendStep(gameId, step);
  }

  truncateSteps(gameId: string, index: number): void {
    this.local.truncateSteps(gameId, index);
    this.shared.truncateSteps(gameId, index);
  }

  updateSeats(gameId: string, seats: StoredSeat[]): void {
    this.local.updateSeats(gameId, seats);
    this.shared.updateSeats(gameId, seats);
  }

  finish(gameId: string, status: 'over' | 'abandoned', outcome: unknown): void {
    try {
      this.local.finish(gameId, status, outcome);
    } finally {
      this.shared.finish(gameId);
    }
  }

  unfinished(): ResumableGame[] {
    return this.local.unfinished();
  }

  kept(gameId: string) {
    return this.local.kept(gameId);
  }

  prune(before: number): number {
    return this.local.prune(before);
  }

  close(): Promise<void> {
    return this.local.close();
  }
}
