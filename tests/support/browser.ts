/**
 * A built server on a free port and Debian's Chromium driven by playwright-core, for the browser tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { CLIENT_INDEX, freePort, ROOT, SERVER_MAIN, startServer, stopAll, waitForHttp } from './processes';

export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for a headless Chromium on a machine with no network but loopback. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, as every browser test runs it. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

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
  const browser = await launchChromium();
  return { base, browser };
}

export async function stopStack(stack: Stack | null): Promise<void> {
  await stack?.browser.close().catch(() => undefined);
  await stopAll();
}

/**
 * Starts the stack before the file's tests and stops it after them; the returned getter gives the running stack.
 */
export function useStack(env: Record<string, string> = {}): () => Stack {
  let stack: Stack | null = null;
  beforeAll(async () => {
    stack = await startStack(env);
  });
  afterAll(async () => {
    await stopStack(stack);
    stack = null;
  });
  return () => {
    if (!stack) throw new Error('the stack is not running');
    return stack;
  };
}

/** Decodes the QR code `target` shows on the screen: a screenshot of it, read by jsQR. */
export async function readQr(page: Page, target: Locator): Promise<string | null> {
  const { width, height, data } = await screenPixels(page, target);
  return jsQR(data, width, height)?.data ?? null;
}

/**
 * The RGBA pixels of what `target` shows on the screen: its screenshot, decoded by the page's own image decoder (the
 * project has no PNG decoder of its own).
 */
export async function screenPixels(page: Page, target: Locator): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const png = (await target.screenshot()).toString('base64');
  const { width, height, rgba } = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d');
    if (!g) throw new Error('no 2D canvas to decode a screenshot in');
    g.drawImage(img, 0, 0);
    const bytes = g.getImageData(0, 0, c.width, c.height).data;
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, rgba: btoa(text) };
  }, png);
  return { width, height, data: new Uint8ClampedArray(Buffer.from(rgba, 'base64')) };
}

/** Saves a screenshot of `page` as test-artifacts/<name>.png. */
export const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** A desktop browser window. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/**
 * A phone's browser: a touch screen `width`×`height` CSS px (held sideways when wider than tall) whose page is drawn at
 * `dpr` device pixels per CSS px (2–3 on today's phones), with a phone's viewport rules (`isMobile`).
 */
export const phone = (width: number, height: number, dpr: number): BrowserContextOptions => ({
  viewport: { width, height },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: dpr,
});
/** A phone with a touch screen. */
export const PHONE: BrowserContextOptions = phone(390, 844, 1);

/**
 * Pages in their own browser contexts, with every uncaught page error, and every state patch a page could not decode,
 * collected as "<who>: <message>".
 */
export interface People {
  errors: string[];
  open(who: string, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

export function people(browser: Browser): People {
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  return {
    errors,
    async open(who, options = DESKTOP) {
      const ctx = await browser.newContext(options);
      contexts.push(ctx);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
      // A patch the page could not decode: the library only warns, and the table shown is no longer the server's.
      page.on('console', (m) => {
        if (m.text().startsWith('@colyseus/schema:')) errors.push(`${who}: ${m.text()}`);
      });
      return page;
    },
    async close() {
      for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
    },
  };
}

/** Ann at a desktop and Bob on a phone, each in a browser context of their own. */
export async function annAndBob(browser: Browser): Promise<People & { ann: Page; bob: Page }> {
  const folks = people(browser);
  try {
    const ann = await folks.open('Ann', DESKTOP);
    const bob = await folks.open('Bob', PHONE);
    return { ...folks, ann, bob };
  } catch (err) {
    await folks.close();
    throw err;
  }
}

/**
 * Watches a table's status line (its countdown left out) and its log, and throws, after a screenshot named
 * `shotName`, once neither has changed for `ms`: a table that stops moving is named instead of letting the test time
 * out. The log counts because the status alone may rightly stay the same from one decision to the next (a Duel
 * player out for the round reads "Waiting for Ann…" through every shootout of it). Call the returned check whenever
 * a loop found nothing to click.
 */
export function stallCheck(page: Page, who: string, shotName: string, ms: number): () => Promise<void> {
  const status = page.getByTestId('status');
  const log = page.locator('ol.log').first();
  let lastSeen = '';
  let lastChange = Date.now();
  return async () => {
    const now = ((await status.textContent()) ?? '').replace(/ —\s\d+\ss$/, '');
    const lines = await log.evaluate((ol) => `${ol.childElementCount} ${ol.lastElementChild?.textContent ?? ''}`, undefined, { timeout: 1000 }).catch(() => '');
    if (`${now}\n${lines}` !== lastSeen) {
      lastSeen = `${now}\n${lines}`;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > ms) {
      await shot(page, shotName);
      const bar = (await page.locator('.actions').textContent()) ?? '';
      throw new Error(`${who}: the table is stuck at "${now}" (action bar: "${bar}")`);
    }
  };
}

/** Duel's action bar: play a card, aim a gun. */
export const DUEL_PLAY = /^Play (Pistol|Rifle|Barricade|Reload)$/;
export const DUEL_AIM = /^Aim at /;
