/**
 * Strings of every length reach a client as the server set them, and so does whatever follows them in the patch
 * (schema-strings.ts: the library sent a 255-byte string with length 0, and the client read the rest of the patch as
 * the wrong fields).
 */
import { Decoder, Encoder, MapSchema, Schema, type } from '@colyseus/schema';
import { libraryString, writeString } from './schema-strings';

class Probe extends Schema {
  @type('string') text = '';
  @type('number') after = 0;
  @type({ map: 'string' }) board = new MapSchema<string>();
}

/**
 * One state encoded in full, then one patch, each decoded by a fresh client-side decoder. The patch changes the text
 * to `changed`, of the same length in characters.
 */
function roundTrip(text: string): { full: Probe; patched: Probe; changed: string } {
  const server = new Probe();
  server.text = text;
  server.after = 7;
  server.board.set(text, text);
  const encoder = new Encoder(server);
  const full = new Probe();
  new Decoder(full).decode(encoder.encodeAll());
  const patchedClient = new Probe();
  const decoder = new Decoder(patchedClient);
  decoder.decode(encoder.encodeAll());
  encoder.discardChanges();
  const changed = `${text}!`.slice(1);
  server.text = changed;
  server.after = 8;
  server.board.set('next', text);
  decoder.decode(encoder.encode());
  return { full, patched: patchedClient, changed };
}

test('strings of 0 to 300 bytes, ASCII and two-byte letters, arrive whole, and the fields after them too', () => {
  const wrong: string[] = [];
  const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    for (let bytes = 0; bytes <= 300; bytes++) {
      // "é" is two bytes in UTF-8: the same byte length from fewer characters
      for (const text of ['x'.repeat(bytes), 'é'.repeat(Math.floor(bytes / 2)) + 'x'.repeat(bytes % 2)]) {
        const { full, patched, changed } = roundTrip(text);
        if (full.text !== text || full.after !== 7 || full.board.get(text) !== text) wrong.push(`full state, ${bytes} bytes`);
        if (patched.text !== changed || patched.after !== 8 || patched.board.get('next') !== text) wrong.push(`patch, ${bytes} bytes`);
      }
    }
    expect(wrong).toEqual([]);
    expect(warned).not.toHaveBeenCalled();
  } finally {
    warned.mockRestore();
  }
});

test("a table's event list of exactly 255 bytes reaches its players, with the deadline after it (the table state installs the fix)", () => {
  // A fresh copy of the library and of the table state, as a server process loads them: only table-state.ts's own
  // import can have fixed this copy's writer.
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Decoder: FreshDecoder, Encoder: FreshEncoder } = require('@colyseus/schema') as typeof import('@colyseus/schema');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { TableState: FreshTable } = require('./table-state') as typeof import('./table-state');
    const state = new FreshTable();
    const encoder = new FreshEncoder(state);
    const client = new FreshTable();
    const decoder = new FreshDecoder(client);
    decoder.decode(encoder.encodeAll());
    encoder.discardChanges();
    const events = JSON.stringify([6, [[38, 1, null, 'yellow', 'head', 'blam', 1796337067776.8704, true, null, 230.87]]]);
    state.events = events + ' '.repeat(255 - events.length);
    state.deadline = 1796337087546;
    decoder.decode(encoder.encode());
    expect(client.events).toBe(state.events);
    expect(client.deadline).toBe(1796337087546);
  });
});

test("the library's own writer still gets 255 bytes wrong (when this fails, it has the fix: remove schema-strings.ts)", () => {
  const bytes = Buffer.alloc(300);
  libraryString(bytes, 'x'.repeat(255), { offset: 0 });
  expect([bytes[0], bytes[1]]).toEqual([0xd9, 0]);
  const fixed = Buffer.alloc(300);
  writeString(fixed, 'x'.repeat(255), { offset: 0 });
  expect([fixed[0], fixed[1]]).toEqual([0xd9, 255]);
});
