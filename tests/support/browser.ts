/**
 * A built server on a free port and Debian's Chromium driven by playwright-core, for the browser tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CLIENT_INDEX, freePort, ROOT, SERVER_MAIN, startServer, stopAll, waitForHttp } from './processes';

export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for a headless Chromium on a machine with no network but loopback. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Stack {
  base: string;
  browser: Browser;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  for (const f of [SERVER_MAIN, CLIENT_INDEX]) {
    if (!fs.existsSync(f)) throw new Error(`${path.relative(ROOT, f)} is missing: run \`npm run build\` first`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer('server', { ...env, PORT: String(port) });
  await waitForHttp(`${base}/healthz`, server);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return { base, browser };
}

export async function stopStack(stack: Stack | null): Promise<void> {
  await stack?.browser.close().catch(() => undefined);
  await stopAll();
}
