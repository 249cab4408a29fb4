/**
 * Events in the patch, positional (issue 16): `["discarded",1,["yellow-chest-1"],"draw"]` instead of
 * `{"type":"discarded","seat":1,"cards":["yellow-chest-1"],"reason":"draw"}`. The field order is each event's zod
 * schema's (events.ts), so nothing is written twice: the schemas are the layout, and an event the layout cannot
 * carry exactly stays an object. Only the top level is positional; nested objects (a reveal's plays, a shown hand)
 * keep their keys.
 *
 * - A field absent from the event is `null` in its slot, or left off at the end; a field whose values include `null`
 *   (`target: seat.nullable()`) is written only when present, so an event missing one before another present field
 *   goes as an object. No field is both nullable and optional (checked when the layouts are built).
 * - An event of a type the game's layouts do not know, or with a field its schema does not name, goes as an object.
 * - The reader takes an array for a positional event and an object as it is.
 *
 * Per game, because two games name different events alike (Duel's and Rattlesnake's `revealed`); the table's own
 * events (`player_joined`, `chat`…) are in every game's layouts.
 */
import type { z } from 'zod';
import type { GameEvent } from '../core/game';
import { duelEventSchema, rattlesnakeEventSchema, saloonEventSchema, tableEventSchema } from './events';

/** An event's fields (not `type`) in its schema's order, and whether `null` is one of each one's values. */
interface Layout {
  keys: readonly string[];
  nullable: readonly boolean[];
}

export interface EventCodec {
  /** The event as the patch carries it: an array `[type, …fields]`, or the object itself when no layout fits it. */
  encode(event: GameEvent): unknown;
  /** An item of a batch back to its event (an object passes through). */
  decode(item: unknown): GameEvent;
}

type Union = z.ZodDiscriminatedUnion<'type', z.ZodDiscriminatedUnionOption<'type'>[]>;

function layoutsOf(unions: readonly Union[]): Map<string, Layout> {
  const out = new Map<string, Layout>();
  for (const union of unions) {
    for (const option of union.options) {
      const shape = option.shape as Record<string, z.ZodTypeAny>;
      const type = (shape.type as z.ZodLiteral<string>).value;
      const keys = Object.keys(shape).filter((k) => k !== 'type');
      const nullable = keys.map((k) => shape[k]!.safeParse(null).success);
      keys.forEach((k, i) => {
        if (nullable[i] && shape[k]!.safeParse(undefined).success) throw new Error(`event ${type}: field ${k} is both nullable and optional`);
      });
      const before = out.get(type);
      if (before && before.keys.join() !== keys.join()) throw new Error(`event ${type} is laid out twice, differently`);
      out.set(type, { keys, nullable });
    }
  }
  return out;
}

function codec(layouts: Map<string, Layout>): EventCodec {
  return {
    encode(event) {
      const layout = layouts.get(event.type);
      if (!layout) return event;
      const fields = event as Record<string, unknown>;
      for (const k in fields) if (k !== 'type' && fields[k] !== undefined && !layout.keys.includes(k)) return event;
      let last = -1;
      layout.keys.forEach((k, i) => {
        if (fields[k] !== undefined) last = i;
      });
      const out: unknown[] = [event.type];
      for (let i = 0; i <= last; i++) {
        const v = fields[layout.keys[i]!];
        if (v === undefined && layout.nullable[i]) return event;
        out.push(v === undefined ? null : v);
      }
      return out;
    },
    decode(item) {
      if (!Array.isArray(item)) return item as GameEvent;
      const type = String(item[0]);
      const event: GameEvent = { type };
      const layout = layouts.get(type);
      if (!layout) return event;
      for (let i = 0; i < layout.keys.length && i + 1 < item.length; i++) {
        const v: unknown = item[i + 1];
        if (v !== null || layout.nullable[i]) event[layout.keys[i]!] = v;
      }
      return event;
    },
  };
}

const CODECS: Record<string, EventCodec> = {
  duel: codec(layoutsOf([tableEventSchema, duelEventSchema])),
  rattlesnake: codec(layoutsOf([tableEventSchema, rattlesnakeEventSchema])),
  saloon: codec(layoutsOf([tableEventSchema, saloonEventSchema])),
};

/** The positional codec of a game's events (its own and the table's), or null for a game id it does not know. */
export function eventCodec(game: string | undefined): EventCodec | null {
  return (game !== undefined && CODECS[game]) || null;
}
