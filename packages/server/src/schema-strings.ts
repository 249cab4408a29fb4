/**
 * @colyseus/schema 3.0.76 writes the length of a 32–255-byte string as `length % 255`: a string of exactly 255 UTF-8
 * bytes goes out with length 0. Every client then reads an empty string and takes the 255 bytes that follow as
 * operations ("@colyseus/schema: field not defined at index 27"), and the rest of that patch lands on the wrong fields
 * or nowhere: the table a player sees is no longer the server's, with no error shown. Upstream: colyseus/schema#216,
 * open. A Saloon event list ("[6,[[38,1,null,"yellow",…") hit 255 bytes 26 times in one run of fair-races.test.ts.
 *
 * This puts the fix (the length byte as it is) into the shared `encode` table, which every encoder of the
 * library and @colyseus/core's protocol look their string writer up in. Installed when this module loads: the table
 * state imports it, so nothing is encoded before it. Remove it once the library has the fix: the last test of
 * schema-strings.test.ts then fails, to say so.
 */
import { encode } from '@colyseus/schema';

/** The library's own writer (schema-strings.test.ts checks it still needs the fix). */
export const libraryString: typeof encode.string = encode.string;

/**
 * The library's writer, with the length byte of a 255-byte string put right: only there is its result 257 bytes
 * (str 8: 2 header bytes and 255 of text; a fixstr is at most 32, a str 16 at least 259).
 */
export const writeString: typeof encode.string = (bytes, value, it) => {
  const start = it.offset;
  const size = libraryString(bytes, value, it);
  // (the library writes into a Buffer or a number[]: both take an index)
  if (size === 257) (bytes as Uint8Array)[start + 1] = 255;
  return size;
};

encode.string = writeString;
