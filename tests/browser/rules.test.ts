/**
 * The in-app rules: from the lobby, the Duel "Rules" button opens docs/rules/duel.md rendered, with the project's
 * decisions marked; at a table, the Rules button shows them over the table.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const ROOT = path.resolve(__dirname, '../..');
const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');
const CLIENT_INDEX = path.join(ROOT, 'packages/client/dist/index.html');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

jest.setTimeout(60_000);

let server: ChildProcess | null = null;
let serverLog = '';
let browser: Browser | null = null;
let base = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server?.exitCode !== null) throw new Error(`server exited early:\n${serverLog}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer on ${url} within ${ms} ms:\n${serverLog}`);
}

beforeAll(async () => {
  for (const f of [SERVER_MAIN, CLIENT_INDEX]) {
    if (!fs.existsSync(f)) throw new Error(`${path.relative(ROOT, f)} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));
  await waitForServer(base, 15_000);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  browser = null;
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 3000)))]);
    clearTimeout(timer);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  server = null;
});

test('the lobby opens the Duel rules, with decisions marked, and the table shows them over the game', async () => {
  const page = await browser!.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Duel rules' }).click();
    await page.waitForURL(/#\/rules\/duel$/);
    await page.getByRole('heading', { level: 1, name: 'Duel: Once Upon a Game in the West' }).waitFor();
    const decisions = page.locator('[data-testid="rules"] .decision');
    expect(await decisions.count()).toBeGreaterThan(0);
    expect(await decisions.first().textContent()).toMatch(/^\s*⚖ Decision:/);
    expect(await page.getByText('Whoever fired is not hit.').isVisible()).toBe(true);

    await page.getByRole('button', { name: /Back/ }).click();
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.getByTestId('table-code').waitFor();
    await page.getByRole('button', { name: 'Rules' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 1, name: 'Duel: Once Upon a Game in the West' }).waitFor();
    expect(await dialog.locator('.decision').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('table-code').isVisible()).toBe(true);
  } finally {
    await page.close();
  }
});
