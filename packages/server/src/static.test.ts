/** The built client as a browser fetches it: compressed, hashed assets cached for good, a favicon. */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApp } from './app';
import { freePort } from '../../../tests/support/processes';

let dir: string;
let server: http.Server;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tumbleweed-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Tumbleweed</title>${'<p>howdy</p>'.repeat(200)}`);
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = createApp({ clientDir: dir });
  server = app.httpServer;
  port = await freePort();
  await new Promise<void>((r) => server.listen(port, r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

test('the script is sent with Brotli (or gzip) to browsers that take it, and much smaller', async () => {
  const plain = await get('/assets/index-AbC123.js');
  const br = await get('/assets/index-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
  const gz = await get('/assets/index-AbC123.js', { 'Accept-Encoding': 'gzip' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(br.bytes).toBeLessThan(plain.bytes / 10);
});

test('hashed assets are cached for a year as immutable; the page itself is checked again on each visit', async () => {
  const asset = await get('/assets/index-AbC123.js');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const page = await get('/');
  expect(page.status).toBe(200);
  expect(page.headers['cache-control']).toBe('no-cache');
});

test('a favicon: /favicon.ico leads to the SVG instead of a 404', async () => {
  const ico = await get('/favicon.ico');
  expect(ico.status).toBe(301);
  expect(ico.headers.location).toBe('/favicon.svg');
  const svg = await get('/favicon.svg');
  expect(svg.status).toBe(200);
  expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
});
