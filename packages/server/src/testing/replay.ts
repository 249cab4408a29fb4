import { decode, Reflection, type Decoder } from '@colyseus/schema';
import { unpack } from '@colyseus/msgpackr';
import { EventBatchReader, readTableEvents } from '@tumbleweed/engine';

/** Colyseus 0.16 protocol codes (colyseus.js `Protocol`). */
const JOIN_ROOM = 10;
const ROOM_DATA = 13;
const ROOM_STATE = 14;
const ROOM_STATE_PATCH = 15;

export interface Observation {
  kind: 'state' | 'message';
  /** Decoded state after this frame (kind 'state'). */
  state?: any;
  type?: string | number;
  message?: unknown;
  /** An `events` observation read from a patch (the events riding in it), not a message of its own. */
  riding?: boolean;
}

/**
 * Decodes a recorded stream the way colyseus.js does, independently of the client that received it, and returns
 * everything a player could have learned from it: the state after every frame and every message (the events riding
 * in a patch as an `events` message before its state).
 */
export function replay(frames: readonly Uint8Array[]): Observation[] {
  let decoder: Decoder | null = null;
  const events = new EventBatchReader();
  const out: Observation[] = [];
  for (const buffer of frames) {
    const it = { offset: 1 };
    const code = buffer[0];
    if (code === JOIN_ROOM) {
      decode.utf8Read(buffer as any, it, buffer[it.offset++]); // reconnection token
      decode.utf8Read(buffer as any, it, buffer[it.offset++]); // serializer id
      if (buffer.byteLength > it.offset) decoder = Reflection.decode(buffer as any, it);
    } else if (code === ROOM_STATE || code === ROOM_STATE_PATCH) {
      if (!decoder) throw new Error('state before handshake');
      decoder.decode(buffer as any, it);
      // A change's events ride in its patch (engine core/event-batch.ts): observed as the client reads them, first.
      const riding = readTableEvents(events, decoder.state as any);
      if (riding.length) out.push({ kind: 'message', type: 'events', message: riding, riding: true });
      out.push({ kind: 'state', state: decoder.state.toJSON() });
    } else if (code === ROOM_DATA) {
      const type = decode.stringCheck(buffer as any, it) ? decode.string(buffer as any, it) : decode.number(buffer as any, it);
      const message = buffer.byteLength > it.offset ? unpack(buffer.subarray(it.offset)) : undefined;
      out.push({ kind: 'message', type, message });
    }
  }
  return out;
}

/** True when `needle` occurs in `haystack` as consecutive bytes. */
export function containsBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(Buffer.from(needle)) !== -1;
}
