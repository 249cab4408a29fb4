/**
 * The load clients' colyseus.js Client, and how a failed create or join is counted.
 *
 * Under Node, colyseus.js makes its matchmaking requests (POST /matchmake/…) with @colyseus/httpie on
 * `http.globalAgent`, and Node 20's global agent sets a 5 s timeout on every socket it creates; httpie answers that
 * timeout by aborting the request, which fails as "socket hang up". So a create or join whose answer took more than
 * 5 s (a saturated server: `--processes 1 --tables 200` on two cores answered creates in up to 5.7 s) failed in the
 * load generator, not on the server nor in nginx (nginx's error.log, at info: "client prematurely closed
 * connection … while sending request to upstream"). A browser waits (colyseus.js's XHR sets no timeout), so the
 * load clients wait too, up to JOIN_TIMEOUT_MS, and a request cut there is counted as JOIN_TIMEOUT.
 */
import { Client } from 'colyseus.js';

/** Longest a load client waits for the answer to a create or join: twice Colyseus' seat reservation (15 s). */
export const JOIN_TIMEOUT_MS = 30_000;

type RequestOptions = Record<string, unknown>;

/** A Client whose matchmaking requests wait `timeoutMs` for their answer (not the global agent's 5 s of silence); the load clients and `npm run bot` use it. */
export function loadClient(url: string, timeoutMs = JOIN_TIMEOUT_MS): Client {
  const client = new Client(url);
  const http = client.http as unknown as { getOptions(options: RequestOptions): RequestOptions };
  const getOptions = http.getOptions.bind(http);
  // timeout 0: no idle timeout on the socket for this request (ClientRequest sets it over the agent's); the signal
  // ends it at the deadline instead (colyseus.js then throws its AbortError).
  http.getOptions = (options) => ({ ...getOptions(options), timeout: 0, signal: AbortSignal.timeout(timeoutMs) });
  return client;
}

/**
 * The code of a failed create or join: the server's "CODE: message" (colyseus.js puts it in the error's message),
 * JOIN_TIMEOUT when no answer came within JOIN_TIMEOUT_MS, SEAT_RESERVATION_EXPIRED when the reserved seat was gone by
 * the time the room's connection was handled, else JOIN_FAILED with the reason (the HTTP error's, or that the room's
 * connection failed).
 */
export function joinErrorCode(e: unknown): string {
  if ((e as Error)?.name === 'AbortError') return 'JOIN_TIMEOUT';
  const message = String((e as Error)?.message ?? e);
  // The server took the seat back before the client's WebSocket reached it: Colyseus keeps a reserved seat 15 s
  // (an overloaded server answers the request, then handles the connection too late).
  if (/seat reservation expired/.test(message)) return 'SEAT_RESERVATION_EXPIRED';
  // The room's WebSocket failed before the join completed (colyseus.js passes on no reason).
  if (!message) return 'JOIN_FAILED the room connection failed';
  return /^([A-Z_]{3,}):/.exec(message)?.[1] ?? `JOIN_FAILED ${message.slice(0, 60)}`;
}
