/**
 * The zod shapes of what a client sends a table besides its game's intents: create and join options, the table
 * options every game has and each game's own, and table actions (`table` messages). The server checks with them
 * (packages/server/src/table/schemas.ts adds the cleaning of a name); the client types what it sends with their
 * `z.input` / `z.infer` types.
 */
import { z } from 'zod';
import { BOT_LEVELS, CHAT_PHRASES, DEVICE_PATTERN, NAME_MAX_CHARS } from './constants';

/** Table options every game has, next to its own (`options` in the create call): the decision timer (0 = off) and the reconnection grace period (default: RECONNECT_SECONDS). */
export const tableOptionsSchema = z
  .object({
    turnSeconds: z.number().int().min(0).max(600).optional(),
    graceSeconds: z.number().int().min(10).max(600).optional(),
    /** How well (Duel, Rattlesnake) or how quick (Saloon) the bots play (games whose adapter has `botLevels`). */
    botLevel: z.enum(BOT_LEVELS).optional(),
  })
  .passthrough();

/** Each game's own options, next to the table's (unknown keys are refused: BAD_OPTIONS). */
export const duelOptionsSchema = z.object({ target: z.number().int().optional() }).strict();
export const rattlesnakeOptionsSchema = z.object({}).strict();
export const saloonOptionsSchema = z
  .object({
    threatSeconds: z.number().int().optional(),
    simplified: z.boolean().optional(),
    russianRoulette: z.boolean().optional(),
    wind: z.boolean().optional(),
  })
  .strict();

/** A name as typed: the server cleans it and refuses it when blank or too long (packages/server/src/names.ts). */
export const nameSchema = z.string().max(NAME_MAX_CHARS);

/** The device id a browser keeps (localStorage): how a kicked player is known when they try to come back. */
const deviceSchema = z.string().regex(DEVICE_PATTERN);

const joinFields = {
  name: nameSchema.optional(),
  spectate: z.boolean().optional(),
  /** The seat token from `welcome`: takes back a seat a bot has been playing since the player dropped. */
  rejoin: z.string().max(64).optional(),
  /**
   * With `rejoin`: this page held the seat and lost its connection. The seat is taken over even while the server
   * still counts that connection as live; it is closed with code 4010.
   */
  resume: z.boolean().optional(),
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
export const createOptionsSchema = z.object({ ...joinFields, ...createFields }).strict();
/** Join options. Colyseus hands the creator's create options to `onJoin` too, so their keys are allowed (and ignored). */
export const joinOptionsSchema = z.object({ ...joinFields, ...createFields, seats: createFields.seats.optional() }).strict();
/** What a client sends to create a table (`client.create(game, options)`). */
export type CreateOptions = z.input<typeof createOptionsSchema>;
/** What a client sends to join one (`joinById(code, options)`). */
export type JoinOptions = z.input<typeof joinOptionsSchema>;

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

/** A clock ping (client → server message `clock`): the client's own time, ms. */
export const clockPingSchema = z.object({ c: z.number().finite() }).strict();
export type ClockPing = z.infer<typeof clockPingSchema>;
/** A claimed reaction, sent beside a timed intent (`reactionMs`): ms from the frame that showed "Go!" to the input. */
export const reactionSchema = z.number().finite().min(0).max(60_000);

/** The answer to `GET /api/tables/:code`: what the lobby tells of a table before one joins it. */
export interface TableLookup {
  code: string;
  /** The game's id (`duel`, `rattlesnake`, `saloon`). */
  game: string;
  /** Connections: players and watchers. */
  clients: number;
  /** Seats a newcomer would take now (0 once the game has begun, or every seat is someone's). */
  open: number;
  seats: number;
}
