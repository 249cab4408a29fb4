/**
 * The load clients wait for a slow matchmaking answer as a browser does (client.ts). Node 20's `http.globalAgent`
 * puts a 5 s timeout on its sockets and colyseus.js's HTTP client (@colyseus/httpie) aborts a request whose socket
 * times out: "socket hang up", the JOIN_FAILED of `--processes 1 --tables 200`, where creates took up to 5.7 s. Here
 * the agent's timeout is 200 ms and the stub server answers after 1 s: the same condition, in a second.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, ServerError } from 'colyseus.js';
import { joinErrorCode, loadClient } from './client';

let server: http.Server;
let url = '';
/** Ms the stub waits before answering a matchmaking request (Infinity: never). */
let answerAfter = 1000;
/** The global agent's options (Node's typings leave them out): colyseus.js's HTTP client uses that agent. */
const agent = http.globalAgent as http.Agent & { options: { timeout?: number } };
const agentTimeout = agent.options.timeout;

beforeAll(async () => {
  agent.options.timeout = 200; // Node 20's default is 5000
  server = http.createServer((req, res) => {
    req.resume();
    if (answerAfter === Infinity) return;
    // A refusal in Colyseus' shape: the request got its answer (a seat reservation would need a real room).
    setTimeout(() => {
      res.writeHead(422, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 4212, error: 'ANSWERED_LATE: the stub answered' }));
    }, answerAfter);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  agent.options.timeout = agentTimeout;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'joined',
    (e: unknown) => joinErrorCode(e),
  );

test("colyseus.js's own Client on Node cuts a matchmaking request the server answers after the agent's timeout", async () => {
  answerAfter = 1000;
  expect(await failure(new Client(url).create('duel', {}))).toBe('JOIN_FAILED socket hang up');
});

test('a load client waits for it: the server’s answer arrives (a create, then a join on the same kept-alive socket)', async () => {
  answerAfter = 1000;
  const client = loadClient(url);
  expect(await failure(client.create('duel', {}))).toBe('ANSWERED_LATE');
  expect(await failure(client.joinById('ABCD', {}))).toBe('ANSWERED_LATE');
});

test('a load client gives up at its own deadline, counted as JOIN_TIMEOUT', async () => {
  answerAfter = Infinity;
  expect(await failure(loadClient(url, 500).create('duel', {}))).toBe('JOIN_TIMEOUT');
});

test('failed joins are named by why: the server’s code, a seat reservation gone, a failed room connection', () => {
  expect(joinErrorCode(new ServerError(4212, 'TABLE_FULL: Every seat at this table is taken.'))).toBe('TABLE_FULL');
  // colyseus.js: the server's error frame when the WebSocket came after the seat's 15 s.
  expect(joinErrorCode(new ServerError(undefined as unknown as number, 'seat reservation expired.'))).toBe('SEAT_RESERVATION_EXPIRED');
  // colyseus.js: the WebSocket's own error (no code, no reason).
  expect(joinErrorCode(new ServerError(undefined as unknown as number, undefined as unknown as string))).toBe('JOIN_FAILED the room connection failed');
  expect(joinErrorCode(new ServerError(undefined as unknown as number, 'socket hang up'))).toBe('JOIN_FAILED socket hang up');
});
