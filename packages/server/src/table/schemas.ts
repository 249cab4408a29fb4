/**
 * Checking what a client sends a table against the protocol's zod shapes (engine protocol/table.ts: create and join
 * options, the table options every game has, table actions), the name cleaned on top. A refusal of options is one
 * line (`describe`).
 */
import { ServerError } from '@colyseus/core';
import {
  createOptionsSchema,
  DEFAULT_BOT_LEVEL,
  joinOptionsSchema,
  nameSchema,
  tableActionSchema,
  tableOptionsSchema,
  type ErrorCode,
  type HostAction,
  type TableAction,
} from '@tumbleweed/engine';
import { z } from 'zod';
import type { AnyAdapter, BotLevel } from '../game-adapter';
import * as metrics from '../metrics';
import { cleanName, MAX_NAME_GRAPHEMES } from '../names';
import { unsafeOptions } from '../options';

/** A name as the table shows it (see names.ts): the wire's string, cleaned, then refused when blank or too long. */
const cleanNameSchema = nameSchema.transform((s, ctx) => {
  const r = cleanName(s);
  if (r.ok) return r.name;
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    message: r.reason === 'blank' ? 'a name needs a visible character' : `a name is at most ${MAX_NAME_GRAPHEMES} characters`,
  });
  return z.NEVER;
});

/** The protocol's create and join options (engine protocol/table.ts), the name cleaned. */
const createSchema = createOptionsSchema.extend({ name: cleanNameSchema.optional() });
const joinSchema = joinOptionsSchema.extend({ name: cleanNameSchema.optional() });

export { tableActionSchema, type HostAction, type TableAction };

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
    botLevel: botLevel ?? DEFAULT_BOT_LEVEL,
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
