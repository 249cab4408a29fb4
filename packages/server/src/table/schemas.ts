/**
 * The zod shapes of what a client sends a table: create and join options, the table options every game has, and
 * table actions (`table` messages). A refusal of options is one line (`describe`).
 */
import { ServerError } from '@colyseus/core';
import type { ErrorCode } from '@tumbleweed/engine';
import { z } from 'zod';
import type { AnyAdapter, BotLevel } from '../game-adapter';
import * as metrics from '../metrics';
import { cleanName, MAX_NAME_GRAPHEMES } from '../names';
import { unsafeOptions } from '../options';
import { CHAT_PHRASES } from './chat';

/** Table options every game has, next to its own (`options` in the create call): the decision timer (0 = off) and the reconnection grace period (default: RECONNECT_SECONDS). */
const tableOptionsSchema = z
  .object({
    turnSeconds: z.number().int().min(0).max(600).optional(),
    graceSeconds: z.number().int().min(10).max(600).optional(),
    /** How well (Duel, Rattlesnake) or how quick (Saloon) the bots play (games whose adapter has `botLevels`). */
    botLevel: z.enum(['easy', 'normal', 'hard']).optional(),
  })
  .passthrough();

/** A name as the table shows it (see names.ts): cleaned, then refused when blank or too long. */
const nameSchema = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const r = cleanName(s);
    if (r.ok) return r.name;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: r.reason === 'blank' ? 'a name needs a visible character' : `a name is at most ${MAX_NAME_GRAPHEMES} characters`,
    });
    return z.NEVER;
  });

/** The device id a browser keeps (localStorage): how a kicked player is known when they try to come back. */
const deviceSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const joinFields = {
  name: nameSchema.optional(),
  spectate: z.boolean().optional(),
  /** The seat token from `welcome`: takes back a seat a bot has been playing since the player dropped. */
  rejoin: z.string().max(64).optional(),
  device: deviceSchema.optional(),
};

/** A test seed (whole number) or a 256-bit hex seed; accepted only with ALLOW_TEST_SEED. */
const testSeedSchema = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[0-9a-f]{64}$/)]);
const createFields = {
  seats: z.number().int(),
  bots: z.number().int().min(0).optional(),
  options: z.record(z.unknown()).optional(),
  seed: testSeedSchema.optional(),
};
/** Create options: unknown keys are refused (BAD_OPTIONS), so a typo or a probe never passes silently. */
const createSchema = z.object({ ...joinFields, ...createFields }).strict();
/** Join options. Colyseus hands the creator's create options to `onJoin` too, so their keys are allowed (and ignored). */
const joinSchema = z.object({ ...joinFields, ...createFields, seats: createFields.seats.optional() }).strict();

/** Table management (client → server message `table`), next to the game's own `intent`s. */
export const tableActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start') }),
  z.object({ action: z.literal('addBot') }),
  z.object({ action: z.literal('removeBot'), seat: z.number().int().min(0) }),
  z.object({ action: z.literal('kick'), seat: z.number().int().min(0) }),
  z.object({ action: z.literal('toSpectator'), seat: z.number().int().min(0) }),
  z.object({ action: z.literal('rematch') }),
  z.object({ action: z.literal('chat'), phrase: z.enum(CHAT_PHRASES) }),
  z.object({ action: z.literal('log') }),
]);
export type TableAction = z.infer<typeof tableActionSchema>;
/** The actions only the host may take. */
export type HostAction = Exclude<TableAction, { action: 'rematch' | 'chat' | 'log' }>;

/** A zod error as one line for a BAD_OPTIONS refusal. */
export function describe(error: z.ZodError, prefix?: string): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const path = [prefix, ...i.path].filter((p) => p !== undefined && p !== '').join('.');
      const keys = i.code === z.ZodIssueCode.unrecognized_keys ? ` (${i.keys.slice(0, 5).join(', ')})` : '';
      return `${path ? `${path}: ` : ''}${i.message}${keys}`;
    })
    .join('; ');
}

/** Refuses a create or join call: the client gets `CODE: message` (HTTP 400). */
export function refuse(code: ErrorCode, message: string): never {
  metrics.errors.inc({ code });
  throw new ServerError(400, `${code}: ${message}`);
}

/** A table's create options, checked (refused with BAD_OPTIONS or SEED_NOT_ALLOWED otherwise). */
export interface TableSetup {
  seats: number;
  bots: number;
  seed: string | number | undefined;
  turnSeconds: number | undefined;
  graceSeconds: number | undefined;
  botLevel: BotLevel;
  /** The game's own options, as its engine made them. */
  gameOptions: unknown;
  /** What a restart needs to create the table again. */
  createOptions: unknown;
}

export function parseCreate(raw: unknown, adapter: AnyAdapter, allowTestSeed: boolean): TableSetup {
  const unsafe = unsafeOptions(raw);
  if (unsafe) refuse('BAD_OPTIONS', unsafe);
  const parsed = createSchema.safeParse(raw ?? {});
  if (!parsed.success) refuse('BAD_OPTIONS', describe(parsed.error));
  const opts = parsed.data;
  const { game } = adapter;
  if (opts.seats < game.minSeats || opts.seats > game.maxSeats) {
    refuse('BAD_OPTIONS', `${game.id} seats ${game.minSeats}–${game.maxSeats}`);
  }
  const bots = opts.bots ?? 0;
  if (bots > opts.seats) refuse('BAD_OPTIONS', 'more bots than seats');
  if (opts.seed !== undefined && !allowTestSeed) refuse('SEED_NOT_ALLOWED', 'seed is a test-only option');
  const table = tableOptionsSchema.safeParse(opts.options ?? {});
  if (!table.success) refuse('BAD_OPTIONS', table.error.issues[0].message);
  const { turnSeconds, graceSeconds, botLevel, ...own } = table.data;
  if (botLevel !== undefined && !adapter.botLevels) refuse('BAD_OPTIONS', `options.botLevel: ${game.id} bots have no levels`);
  const ownParsed = adapter.optionsSchema.safeParse(own);
  if (!ownParsed.success) refuse('BAD_OPTIONS', describe(ownParsed.error, 'options'));
  const gameOptions = game.options(ownParsed.data);
  if ('error' in (gameOptions as object)) refuse('BAD_OPTIONS', (gameOptions as { error: { message: string } }).error.message);
  return {
    seats: opts.seats,
    bots,
    seed: opts.seed,
    turnSeconds,
    graceSeconds,
    botLevel: botLevel ?? 'normal',
    gameOptions,
    createOptions: { seats: opts.seats, bots, options: opts.options ?? {} },
  };
}

/** A join call's options, checked (refused with BAD_OPTIONS otherwise). */
export function parseJoin(raw: unknown): z.infer<typeof joinSchema> {
  const unsafe = unsafeOptions(raw);
  if (unsafe) refuse('BAD_OPTIONS', unsafe);
  const parsed = joinSchema.safeParse(raw ?? {});
  if (!parsed.success) refuse('BAD_OPTIONS', describe(parsed.error));
  return parsed.data;
}
