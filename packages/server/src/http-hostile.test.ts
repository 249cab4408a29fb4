/**
 * Issue 11, HTTP side: every route survives any input, raw over TCP (malformed URLs, bodies, methods, bytes that are
 * not HTTP at all), answering 4xx with a JSON `code` and never 5xx; the same process then plays a whole game. Then
 * the per-client limits: lookups, creates, joins, codes that miss, and reconnections that are never held back.
 */
import net from 'node:net';
import WebSocket from 'ws';
import * as colyseus from '@colyseus/core';
import { HttpLimiter, httpSettings, limitKey, NO_LIMITS } from './http-guard';
import { colyseusLogger, logger } from './log';
import { startServer, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  server = await startServer();
});
afterEach(async () => {
  Object.assign(httpSettings, NO_LIMITS, { trustProxy: false });
  await server.cleanup();
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await server.shutdown();
});

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `bytes` on a fresh connection and reads until the server closes it (the requests say `Connection: close`):
 * the reply, or null when none came. `halfClose` also ends our side at once, for bytes that are not a request.
 */
function exchange(bytes: Buffer | string, timeoutMs = 5000, halfClose = false): Promise<Reply | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(server.port, '127.0.0.1', () => (halfClose ? socket.end(bytes) : socket.write(bytes)));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of reply within ${timeoutMs} ms to ${JSON.stringify(String(bytes).slice(0, 80))}`));
    }, timeoutMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined); // a reset after the reply (the server stopped reading a huge body)
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks)));
    });
  });
}

function parse(raw: Buffer): Reply | null {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (end === -1 || !status) return null;
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, end).split('\r\n').slice(1)) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, eol).toString(), 16);
      if (!(size > 0)) break;
      parts.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(status[1]), headers, body: body.toString('utf8') };
}

function request(method: string, path: string, opts: { body?: string | Buffer; headers?: Record<string, string>; contentLength?: number } = {}): Buffer {
  const body = opts.body === undefined ? undefined : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body);
  const headers: Record<string, string> = { Host: 'localhost', Connection: 'close', ...opts.headers };
  if (body) {
    headers['Content-Type'] ??= 'application/json';
    headers['Content-Length'] ??= String(opts.contentLength ?? body.length);
  }
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body ?? Buffer.alloc(0)]);
}

/** What went wrong with one reply, or null when it is sensible: < 500, and a 4xx has a JSON body with a `code`. */
function problem(what: string, reply: Reply | null, method = 'GET'): string | null {
  if (!reply) return `${what}: no HTTP reply`;
  if (reply.status >= 500) return `${what}: ${reply.status} ${reply.body.slice(0, 200)}`;
  if (reply.status >= 400 && method !== 'HEAD') {
    try {
      const json = JSON.parse(reply.body);
      if (typeof json.code !== 'string' || !/^[A-Z_]+$/.test(json.code)) return `${what}: ${reply.status} without a code: ${reply.body.slice(0, 200)}`;
      if (typeof json.message !== 'string' || !json.message) return `${what}: ${reply.status} without a message`;
    } catch {
      return `${what}: ${reply.status} is not JSON: ${reply.body.slice(0, 200)}`;
    }
  }
  return null;
}

const ROUTES = [
  '/matchmake/create/duel',
  '/matchmake/joinById/%',
  '/matchmake/joinById/K7QMZ',
  '/matchmake/joinById/k7%20qmz',
  '/matchmake/reconnect/x',
  '/matchmake/join/duel',
  '/matchmake/joinOrCreate/nope',
  '/matchmake/bogus/duel',
  '/matchmake/create/duel/extra',
  '/matchmake',
  '/matchmake/',
  '/api/tables/%',
  '/api/tables/K7QMZ',
  '/api/tables/k7%20qmz',
  '/api/elsewhere',
  '/healthz',
  '/metrics',
  '/colyseus/',
  '/',
  '/index.html',
  '/assets/matchmake/create/duel',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

const MALFORMED_PATHS = [
  '/%',
  '/%zz',
  '/%E0%A4%A',
  '/matchmake/joinById/%E0%A4%A',
  '/matchmake/joinById/%zz',
  '/matchmake/create/%',
  '/matchmake/reconnect/%ff',
  '/api/tables/%E0%A4%A',
  '/api/tables/%zz',
  '/healthz?x=%',
  '/matchmake/create/duel?x=%zz',
  '/matchmake/joinById/%00',
  '/api/tables/%00',
  '/%0d%0aSet-Cookie:%20x=1',
  `/${'a'.repeat(5000)}`,
  `/matchmake/joinById/${'A'.repeat(3000)}`,
  `/api/tables/${'%41'.repeat(1000)}`,
  'http://evil.example/matchmake/create/duel',
  '*',
];

describe('every HTTP route survives any input', () => {
  test('each route, each method: a sensible status, JSON codes on refusals, never 5xx', async () => {
    const problems: string[] = [];
    for (const path of ROUTES) {
      for (const method of METHODS) {
        const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? '{}' : undefined;
        const reply = await exchange(request(method, path, { body }));
        const p = problem(`${method} ${path}`, reply, method);
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);

    // Spot checks of the answers themselves.
    const mm = await exchange(request('GET', '/matchmake/create/duel'));
    expect(mm?.status).toBe(405);
    expect(mm?.headers.allow).toBe('POST, OPTIONS');
    expect(JSON.parse(mm!.body).code).toBe('METHOD_NOT_ALLOWED');
    expect((await exchange(request('OPTIONS', '/matchmake/create/duel')))?.status).toBe(204);
    expect((await exchange(request('DELETE', '/healthz')))?.status).toBe(405);
    expect((await exchange(request('GET', '/api/tables/K7QMZ')))?.status).toBe(404);
    expect(JSON.parse((await exchange(request('GET', '/nowhere')))!.body).code).toBe('NOT_FOUND');
  });

  test('malformed URLs: bad percent-escapes, NUL, huge paths, absolute forms are 400 BAD_REQUEST', async () => {
    const problems: string[] = [];
    for (const path of MALFORMED_PATHS) {
      for (const method of ['GET', 'POST']) {
        const reply = await exchange(request(method, path, { body: method === 'POST' ? '{}' : undefined }));
        const p = problem(`${method} ${path.slice(0, 60)}`, reply);
        if (p) problems.push(p);
        else if (reply!.status !== 400) problems.push(`${method} ${path.slice(0, 60)}: ${reply!.status}, not 400`);
        else if (JSON.parse(reply!.body).code !== 'BAD_REQUEST') problems.push(`${method} ${path.slice(0, 60)}: ${reply!.body}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('bytes that are not HTTP: a JSON 400 (431 for huge headers) or a closed connection, and the server goes on', async () => {
    const cases: (string | Buffer)[] = [
      'GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /matchmake/joinById/\0 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX-Bad\0Header: 1\r\n\r\n',
      'HELLO\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      'POST /matchmake/create/duel HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n{}',
      'POST /matchmake/create/duel HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'POST /matchmake/create/duel HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Huge: ${'h'.repeat(20_000)}\r\n\r\n`,
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)),
      Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]), // a TLS hello
    ];
    const problems: string[] = [];
    for (const bytes of cases) {
      const reply = await exchange(bytes, 5000, true);
      const what = JSON.stringify(String(bytes).slice(0, 50));
      if (reply === null) continue; // closed without an answer: fine
      const p = problem(what, reply);
      if (p) problems.push(p);
      else if (reply.status < 400) problems.push(`${what}: ${reply.status}`);
    }
    expect(problems).toEqual([]);
    expect((await exchange(request('GET', '/healthz')))?.status).toBe(200);
  });

  test('matchmaking bodies: bad JSON, JSON that is not an object, prototype keys → 400; over 4 KB → 413', async () => {
    const bad: [string | Buffer, number, string][] = [
      ['{', 400, 'BAD_JSON'],
      ['{"name":', 400, 'BAD_JSON'],
      ['[]', 400, 'BAD_JSON'],
      ['[{"name":"Ann"}]', 400, 'BAD_JSON'],
      ['1', 400, 'BAD_JSON'],
      ['"Ann"', 400, 'BAD_JSON'],
      ['null', 400, 'BAD_JSON'],
      ['true', 400, 'BAD_JSON'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x7b]), 400, 'BAD_JSON'],
      ['{"__proto__":{"polluted":1}}', 400, 'BAD_OPTIONS'],
      ['{"name":"Ann","options":{"__proto__":{"polluted":1}}}', 400, 'BAD_OPTIONS'],
      ['{"constructor":{"prototype":{"polluted":1}}}', 400, 'BAD_OPTIONS'],
      ['{"hasOwnProperty":1}', 400, 'BAD_OPTIONS'],
      ['{"a":'.repeat(200) + '{"__proto__":{"polluted":1}}' + '}'.repeat(200), 400, 'BAD_OPTIONS'],
      ['['.repeat(1000) + ']'.repeat(1000), 400, 'BAD_JSON'],
      [JSON.stringify({ name: 'x'.repeat(5000) }), 413, 'TOO_LARGE'],
    ];
    const problems: string[] = [];
    for (const path of ['/matchmake/create/duel', '/matchmake/joinById/K7QMZ', '/matchmake/reconnect/K7QMZ', '/matchmake/joinOrCreate/duel']) {
      for (const [body, status, code] of bad) {
        const reply = await exchange(request('POST', path, { body }));
        const what = `POST ${path} ${String(body).slice(0, 40)}`;
        const p = problem(what, reply);
        if (p) problems.push(p);
        else if (reply!.status !== status || JSON.parse(reply!.body).code !== code) problems.push(`${what}: ${reply!.status} ${reply!.body.slice(0, 120)}`);
        else if (!String(JSON.parse(reply!.body).error).startsWith(`${code}: `)) problems.push(`${what}: no colyseus.js "error" field`);
      }
    }
    expect(problems).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // A body announced as 10 MB is refused before it is read; so is a chunked one that grows past 4 KB.
    const announced = await exchange(request('POST', '/matchmake/create/duel', { body: '{"name":"', contentLength: 10_000_000 }));
    expect(announced?.status).toBe(413);
    const chunk = `{"name":"${'x'.repeat(1000)}`;
    const chunked =
      'POST /matchmake/create/duel HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
      Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('') +
      '0\r\n\r\n';
    expect((await exchange(chunked))?.status).toBe(413);
  });

  test('a refused create leaves nothing running: 200 of them add no timer to the process', async () => {
    // Colyseus starts a room's patch tick and its 15 s wait for a first join before the room's onCreate: a table
    // refused there (bad options, no code free) must stop them itself, or every refusal keeps a 50 ms tick alive.
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const refusals: string[] = [];
    for (let i = 0; i < 200; i++) {
      const body = JSON.stringify({ name: 'Ann', seats: 2, options: { graceSeconds: 5 } });
      const reply = await exchange(request('POST', '/matchmake/create/duel', { body }));
      // (Colyseus answers a refusal from onCreate as colyseus.js reads it: {code: 400, error: "CODE: message"})
      refusals.push(reply ? String(JSON.parse(reply.body).error).split(':')[0] : 'no reply');
    }
    expect(new Set(refusals)).toEqual(new Set(['BAD_OPTIONS']));
    expect(timers() - before).toBeLessThan(10);
  });

  test('bodies to the express routes: bad JSON → 400 BAD_JSON, too large → 413, never an HTML stack', async () => {
    const problems: string[] = [];
    for (const path of ['/api/tables/K7QMZ', '/healthz', '/metrics', '/', '/api/elsewhere']) {
      for (const [body, status, code] of [
        ['{', 400, 'BAD_JSON'],
        ['1', 400, 'BAD_JSON'],
        ['{"__proto__":{"polluted":1}}', 405, ''],
        [JSON.stringify({ x: 'y'.repeat(10_000) }), 413, 'TOO_LARGE'],
      ] as const) {
        const reply = await exchange(request('POST', path, { body }));
        const what = `POST ${path} ${body.slice(0, 30)}`;
        const p = problem(what, reply);
        if (p) problems.push(p);
        else if (code && (reply!.status !== status || JSON.parse(reply!.body).code !== code)) problems.push(`${what}: ${reply!.status} ${reply!.body}`);
        else if (/<html|at .*\.js:\d+/i.test(reply!.body)) problems.push(`${what}: leaks HTML or a stack`);
      }
    }
    const charset = await exchange(request('POST', '/api/tables/K7QMZ', { body: '{}', headers: { 'Content-Type': 'application/json; charset=iso-8859-1' } }));
    expect(charset?.status).toBe(415);
    expect(JSON.parse(charset!.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const gzip = await exchange(request('POST', '/healthz', { body: 'not gzip', headers: { 'Content-Encoding': 'gzip' } }));
    expect(problem('gzip garbage', gzip)).toBeNull();
    expect(problems).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('garbage on the WebSocket side goes to our logger as debug lines, never to the console', async () => {
    expect(colyseus.logger).toBe(colyseusLogger); // Colyseus logs through us
    const level = logger.level;
    logger.level = 'debug'; // before the spies: pino sets its level methods anew on each level change
    const console_ = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => jest.spyOn(console, m));
    const debug = jest.spyOn(logger, 'debug').mockImplementation(() => undefined);
    const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      // A connection with no seat reservation, then garbage frames inside a real table.
      const stray = new WebSocket(`ws://127.0.0.1:${server.port}/xyz/ABCDE?sessionId=nope`);
      await new Promise((r) => stray.once('close', r).once('error', r));
      const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2 });
      const ws = (ann.connection as any).transport.ws;
      const closed = new Promise((r) => ann.onLeave(r));
      ws.send(Buffer.from([13, 0x05, 0xc1, 0xc1, 0xc1])); // ROOM_DATA, a number type, msgpack that is not
      await closed;
      const lines = () => debug.mock.calls.map((c) => ({ ...(c[0] as unknown as { component?: string }), msg: c[1] as unknown as string }));
      await waitFor(() => lines().some((l) => /MessagePack|buffer/.test(l.msg)), 'the garbage frame logged');
      expect(lines()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ component: 'colyseus', msg: expect.stringMatching(/seat reservation expired/) }),
          expect.objectContaining({ component: 'colyseus', msg: expect.stringMatching(/end of buffer not reached/) }),
        ]),
      );
      expect(lines().every((l) => !l.msg.includes('\n'))).toBe(true); // one line each; the stack is in `detail`
      expect(error.mock.calls.filter((c) => (c[0] as { component?: string })?.component === 'colyseus')).toEqual([]);
      for (const spy of console_) expect(spy).not.toHaveBeenCalled();
    } finally {
      logger.level = level;
      for (const spy of [...console_, debug, error]) spy.mockRestore();
    }
  });

  test('after all that, the same process serves a table: a friend joins by a code typed anyhow, and the game plays to its end', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 4, bots: 4, options: { target: 3 } });
    const typed = `${ann.roomId.slice(0, 2).toLowerCase()} ${ann.roomId.slice(2).toLowerCase()}`;
    const lookup = await exchange(request('GET', `/api/tables/${encodeURIComponent(typed)}`));
    expect(lookup?.status).toBe(200);
    expect(JSON.parse(lookup!.body)).toMatchObject({ code: ann.roomId, game: 'duel' });
    const bob = await server.sdk.joinById(typed, { name: 'Bob', spectate: true });
    expect(bob.roomId).toBe(ann.roomId);
    await waitFor(() => ann.state.status === 'over' && bob.state.status === 'over', 'game over', 20_000);
    expect(ann.state.winners.length).toBe(1);
    expect(bob.state.winners.toArray()).toEqual(ann.state.winners.toArray());
    expect(rejections).toEqual([]);
  });
});

describe('per-client limits', () => {
  const lookup = (code: string, ip?: string) => exchange(request('GET', `/api/tables/${code}`, { headers: ip ? { 'X-Real-IP': ip } : {} }));

  test('the 31st lookup in a minute from one address is 429 with Retry-After; another address is unaffected', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2 });
    Object.assign(httpSettings, { trustProxy: true, lookupsPerMinute: 30 });
    for (let i = 0; i < 30; i++) expect((await lookup(ann.roomId, '203.0.113.7'))?.status).toBe(200);
    const refused = await lookup(ann.roomId, '203.0.113.7');
    expect(refused?.status).toBe(429);
    const retry = Number(refused!.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused!.body)).toMatchObject({ code: 'RATE_LIMITED', retryAfter: retry });
    expect((await lookup(ann.roomId, '203.0.113.8'))?.status).toBe(200);
    expect((await lookup(ann.roomId, '2001:db8:1:2::8'))?.status).toBe(200);
    const metrics = (await exchange(request('GET', '/metrics')))!.body;
    expect(metrics).toMatch(/tumbleweed_errors_total\{code="RATE_LIMITED"\} [1-9]/);
    expect(metrics).toMatch(/tumbleweed_http_refusals_total\{route="lookup",code="RATE_LIMITED"\} 1/);
  });

  test('without TRUST_PROXY a forged X-Real-IP changes nothing: the TCP peer is the client', async () => {
    Object.assign(httpSettings, { trustProxy: false, lookupsPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await lookup('ABCDE', `198.51.100.${i}`))?.status).toBe(404);
    expect((await lookup('ABCDE', '198.51.100.99'))?.status).toBe(429);
  });

  test('an IPv6 client counts per /64: another address in the same /64 shares its allowance', async () => {
    Object.assign(httpSettings, { trustProxy: true, lookupsPerMinute: 2 });
    expect((await lookup('ABCDE', '2001:db8:aa:bb::1'))?.status).toBe(404);
    expect((await lookup('ABCDE', '2001:db8:aa:bb:ffff::2'))?.status).toBe(404);
    expect((await lookup('ABCDE', '2001:0db8:00aa:00bb:1:2:3:4'))?.status).toBe(429);
    expect((await lookup('ABCDE', '2001:db8:aa:bc::1'))?.status).toBe(404);
  });

  test('codes that name no table: past the limit that address may not look up or join by code', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 3 });
    Object.assign(httpSettings, { trustProxy: true, missesPerMinute: 5 });
    for (const code of ['AAAAA', 'BBBBB', 'CCCCC', 'DDDDD', 'EEEEE']) expect((await lookup(code, '203.0.113.9'))?.status).toBe(404);
    expect((await lookup(ann.roomId, '203.0.113.9'))?.status).toBe(429);
    const join = await exchange(request('POST', `/matchmake/joinById/${ann.roomId}`, { body: '{"name":"Eve"}', headers: { 'X-Real-IP': '203.0.113.9' } }));
    expect(join?.status).toBe(429);
    expect((await lookup(ann.roomId, '203.0.113.10'))?.status).toBe(200);
  });

  test('creates over the limit get 429, and colyseus.js surfaces it', async () => {
    httpSettings.createsPerMinute = 2;
    await server.sdk.create('duel', { name: 'Ann', seats: 2 });
    await server.sdk.create('duel', { name: 'Ann', seats: 2 });
    const err = await server.sdk.create('duel', { name: 'Ann', seats: 2 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 429 });
    expect((err as Error).message).toMatch(/^RATE_LIMITED: /);
  });

  test('joins over the limit get 429, but a dropped player always gets back in', async () => {
    const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, options: { turnSeconds: 0, graceSeconds: 120 } });
    Object.assign(httpSettings, { joinsPerMinute: 1, reconnectsPerMinute: 5 });
    const bob = await server.sdk.joinById(ann.roomId, { name: 'Bob' });
    const welcome = await new Promise<{ token: string }>((resolve) => bob.onMessage('welcome', resolve));
    await expect(server.sdk.joinById(ann.roomId, { name: 'Cat', spectate: true })).rejects.toMatchObject({ code: 429 });
    await waitFor(() => ann.state.status === 'playing', 'start');
    bob.connection.close(); // dropped, not a polite leave
    await waitFor(() => ann.state.seats[1].connected === false, 'Bob away');
    const back = await server.sdk.reconnect(bob.reconnectionToken);
    await waitFor(() => ann.state.seats[1].connected === true, 'Bob back');
    // Handing a seat back with the seat token (the client's second way back) counts as a reconnection, not a join.
    back.connection.close();
    await waitFor(() => ann.state.seats[1].connected === false, 'Bob away again');
    const again = await server.sdk.joinById(ann.roomId, { name: 'Bob', rejoin: welcome.token }).catch((e: unknown) => e);
    expect((again as { code?: unknown }).code).not.toBe(429);
  });

  test('the limits keep a bounded number of addresses in memory: past it, newcomers share one allowance', async () => {
    const limiter = new HttpLimiter(undefined, 3);
    httpSettings.lookupsPerMinute = 1;
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) expect(await limiter.consume('lookups', ip)).toBeNull();
    expect(await limiter.consume('lookups', '192.0.2.4')).toBeNull(); // the first newcomer past the bound...
    expect(await limiter.consume('lookups', '192.0.2.5')).toBeGreaterThan(0); // ...shares its allowance with the next
    expect(await limiter.consume('lookups', '192.0.2.1')).toBeGreaterThan(0); // tracked addresses keep their own
    expect(limiter.tracked('lookups')).toBe(4);
    for (let i = 0; i < 1000; i++) await limiter.consume('lookups', `10.0.${i >> 8}.${i & 255}`);
    expect(limiter.tracked('lookups')).toBe(4);
  });

  test('client keys: IPv4-mapped IPv6 is IPv4; IPv6 counts per /64', () => {
    expect(limitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
  });
});
