/**
 * Events in the patch, positional (issue 16): in a Saloon game `[20,1,[52],"draw"]` instead of
 * `{"type":"discarded","seat":1,"cards":["yellow-chest-1"],"reason":"draw"}`. The field order is each event's zod
 * schema's (events.ts), so nothing is written twice: the schemas are the layout, and an event the layout cannot
 * carry exactly stays an object. Only the top level is positional; nested objects (a reveal's plays, a shown hand)
 * keep their keys.
 *
 * - The type is its number among the game's event types, in the schemas' order (the table's events, then the
 *   game's): client and server are built from the same schemas. A type written as its name reads too.
 * - In a public event, a card field (`cardId`, `cards`, and the cards of `shownHands` in events.ts) carries each
 *   card as its index in the game's card list (Saloon Showdown's `CARD_CODES`, as its public piles do), when the
 *   game has one. A seat's own events keep the names: a card nobody else has seen travels only by its name, which
 *   the server's tests search for, byte for byte, in what every other client received (saloon-specials.test.ts); a
 *   number could not be told from any other.
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
import { cardCode as saloonCardCode, cardFromCode as saloonCardFromCode } from '../saloon/cards';
import { cardIdSchema, cardsSchema, duelEventSchema, rattlesnakeEventSchema, saloonEventSchema, shownHandsSchema, tableEventSchema } from './events';

/** What a field holds, where a public event codes it: one card, a list of cards, hands shown (`{seat, cards, bullets}`), or something else. */
type FieldKind = 'card' | 'cards' | 'hands' | null;

/** An event's number, its fields (not `type`) in its schema's order, whether `null` is one of each one's values, and which hold cards. */
interface Layout {
  code: number;
  keys: readonly string[];
  nullable: readonly boolean[];
  kinds: readonly FieldKind[];
}

export interface EventCodec {
  /**
   * The event as the patch carries it: an array `[type number, …fields]`, or the object itself when no layout fits
   * it. `open`: a public event, whose cards go as numbers (a seat's own keep their names).
   */
  encode(event: GameEvent, open?: boolean): unknown;
  /** An item of a batch back to its event (an object passes through). */
  decode(item: unknown): GameEvent;
  /** The number a type travels as (null: a type the game does not know). */
  typeCode(type: string): number | null;
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
      const kinds = keys.map((k): FieldKind =>
        shape[k] === cardIdSchema ? 'card' : shape[k] === cardsSchema ? 'cards' : shape[k] === shownHandsSchema ? 'hands' : null,
      );
      keys.forEach((k, i) => {
        if (nullable[i] && shape[k]!.safeParse(undefined).success) throw new Error(`event ${type}: field ${k} is both nullable and optional`);
      });
      const before = out.get(type);
      if (before && before.keys.join() !== keys.join()) throw new Error(`event ${type} is laid out twice, differently`);
      if (!before) out.set(type, { code: out.size, keys, nullable, kinds });
    }
  }
  return out;
}

/** A game's public cards on the wire: a card id to what travels, and back (undefined: no such card). */
interface CardCoding {
  code(id: string): unknown;
  id(c: number): string | undefined;
}

function codec(layouts: Map<string, Layout>, cards: CardCoding | null): EventCodec {
  const types = [...layouts.keys()];
  const toCode = (id: unknown): unknown => (typeof id === 'string' && cards ? cards.code(id) : id);
  const toCard = (c: unknown): unknown => (typeof c === 'number' ? (cards?.id(c) ?? c) : c);
  /** A card field's value, its cards coded (`toCode`) or read back (`toCard`). */
  const mapCards = (kind: FieldKind, v: unknown, f: (c: unknown) => unknown): unknown => {
    if (kind === 'card') return f(v);
    if (!Array.isArray(v)) return v;
    if (kind === 'cards') return v.map(f);
    if (kind === 'hands')
      return v.map((h: unknown) =>
        h && typeof h === 'object' && Array.isArray((h as { cards?: unknown }).cards) ? { ...h, cards: (h as { cards: unknown[] }).cards.map(f) } : h,
      );
    return v;
  };
  return {
    encode(event, open = false) {
      const layout = layouts.get(event.type);
      if (!layout) return event;
      const fields = event as Record<string, unknown>;
      for (const k in fields) if (k !== 'type' && fields[k] !== undefined && !layout.keys.includes(k)) return event;
      let last = -1;
      layout.keys.forEach((k, i) => {
        if (fields[k] !== undefined) last = i;
      });
      const coded = open && cards !== null;
      const out: unknown[] = [layout.code];
      for (let i = 0; i <= last; i++) {
        const v = fields[layout.keys[i]!];
        if (v === undefined && layout.nullable[i]) return event;
        out.push(v === undefined ? null : coded ? mapCards(layout.kinds[i]!, v, toCode) : v);
      }
      return out;
    },
    decode(item) {
      if (!Array.isArray(item)) return item as GameEvent;
      const type = typeof item[0] === 'number' ? (types[item[0]] ?? String(item[0])) : String(item[0]);
      const event: GameEvent = { type };
      const layout = layouts.get(type);
      if (!layout) return event;
      for (let i = 0; i < layout.keys.length && i + 1 < item.length; i++) {
        const v: unknown = item[i + 1];
        if (v !== null || layout.nullable[i]) event[layout.keys[i]!] = cards ? mapCards(layout.kinds[i]!, v, toCard) : v;
      }
      return event;
    },
    typeCode: (type) => layouts.get(type)?.code ?? null,
  };
}

/** How each game's codec is built: on first use, not when the module loads (a page that never sits at a table builds none). */
const BUILD: Record<string, () => EventCodec> = {
  duel: () => codec(layoutsOf([tableEventSchema, duelEventSchema]), null),
  rattlesnake: () => codec(layoutsOf([tableEventSchema, rattlesnakeEventSchema]), null),
  saloon: () => codec(layoutsOf([tableEventSchema, saloonEventSchema]), { code: saloonCardCode, id: saloonCardFromCode }),
};
const CODECS = new Map<string, EventCodec>();

/** The positional codec of a game's events (its own and the table's), or null for a game id it does not know. */
export function eventCodec(game: string | undefined): EventCodec | null {
  if (game === undefined || !Object.hasOwn(BUILD, game)) return null;
  let built = CODECS.get(game);
  if (!built) CODECS.set(game, (built = BUILD[game]!()));
  return built;
}
