#!/usr/bin/env node
// `npm run bench:page`: what a phone waits for, in Chromium, against the built server (started here on a free port,
// with a throw-away DATA_DIR). A phone is a 390×844 touch screen at device pixel ratio 3, its CPU slowed 4× (Chromium's
// CPU throttling), on the loopback network as it is, or on "3G": 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
// Medians of --runs runs (default 7), after one warm-up run each:
//   - the lobby's first contentful paint, and the script bytes the browser received before it (as sent, compressed);
//   - from the click on "Create table" (3 s after the player picked the game and typed a name) to the table's code,
//     and to the game's scene on the screen (its canvas), for Duel and Saloon Showdown.
//   - a Duel played on the phone (loopback, 3 seats, 2 bots, --play-seconds S of play, default 30, clicking the first
//     card and target offered; medians of --play-runs runs, default 3): the main thread's long tasks (over 50 ms:
//     a frame or more the page could not answer a tap in), their total and the longest, how often the table's
//     scene changed size (each time a new canvas and the whole scene drawn again), and each tap's time to the next
//     paint (the browser's Event Timing, as Interaction to Next Paint reads it: from the finger down to the first
//     frame that shows the page's answer, the longest of the tap's pointerdown, pointerup and click): median, 90th
//     percentile and the longest of the game's taps.
// Options: --runs N, --base URL (measure a server already running instead), --json (one JSON line at the end),
// --play-only (the Duel played, nothing else).
// Needs `npm run build` first (the npm script does it) and Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(opt('runs', '7'));
const PLAY_RUNS = Number(opt('play-runs', '3'));
const PLAY_SECONDS = Number(opt('play-seconds', '30'));
const NETWORKS = {
  loopback: null,
  '3G': { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
};
// A touch screen with no mouse, as the browser tests' phones: no hover, so the action bar shows no key badges.
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-US' };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh phone: its own context, CPU slowed 4×, on `network`. */
async function phone(browser, network) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  return { page, close: () => context.close() };
}

async function firstPaint(browser, base, network) {
  const { page, close } = await phone(browser, network);
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Create table' }).waitFor();
  const m = await page.evaluate(() => {
    const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? NaN;
    const scripts = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js') && e.startTime < fcp);
    return { fcp, bytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0) };
  });
  await close();
  return m;
}

async function toTable(browser, base, network, game) {
  const { page, close } = await phone(browser, network);
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Create table' }).waitFor();
  await page.locator('label.game-choice strong', { hasText: game }).click();
  await page.getByLabel('Your name', { exact: true }).fill('Pat');
  await page.waitForTimeout(3000); // the player looks at the options
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.getByTestId('table-code').waitFor();
  const code = Date.now() - t0;
  await page.locator('.scene canvas').waitFor();
  const scene = Date.now() - t0;
  await close();
  return { code, scene };
}

/** Plays Duel on a phone for `seconds` by clicking; the long tasks and the scene's changes of size meanwhile. */
async function playDuel(browser, base, seconds) {
  const { page, close } = await phone(browser, null);
  await page.addInitScript(() => {
    const w = window;
    w.__long = [];
    w.__resizes = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({ type: 'longtask' });
    // Each tap (one interactionId for its pointerdown, pointerup and click): its longest event, to the next paint.
    w.__taps = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.interactionId) w.__taps.set(e.interactionId, Math.max(w.__taps.get(e.interactionId) ?? 0, e.duration));
    }).observe({ type: 'event', durationThreshold: 16 });
    let scene = null;
    let last = 0;
    const look = () => {
      const now = document.querySelector('.table-page.live .scene');
      const height = now ? Math.round(now.getBoundingClientRect().height) : 0;
      if (now && now === scene && height !== last) w.__resizes += 1;
      scene = now;
      last = height;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto(`${base}/`);
  await page.getByLabel('Your name', { exact: true }).fill('Pat');
  await page.locator('label.game-choice strong', { hasText: 'Duel' }).click();
  await page.getByLabel('Seats', { exact: true }).selectOption('3');
  await page.getByLabel('Bots', { exact: true }).selectOption('2');
  await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.locator('.scene canvas').waitFor();
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    window.__long = [];
    window.__resizes = 0;
    window.__taps.clear();
  });
  const bar = page.locator('.actions');
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (await page.getByRole('button', { name: 'Play again' }).isVisible()) break;
    const aim = bar.getByRole('button', { name: /^Aim at /, disabled: false });
    const play = bar.getByRole('button', { name: /^Play (Pistol|Rifle|Barricade|Reload)$/, disabled: false });
    const next = (await aim.count()) > 0 ? aim.first() : (await play.count()) > 0 ? play.first() : null;
    if (next) await next.click({ timeout: 3000 }).catch(() => undefined);
    else await page.waitForTimeout(100);
  }
  const m = await page.evaluate(() => ({ long: window.__long, resizes: window.__resizes, taps: [...window.__taps.values()] }));
  await close();
  const taps = [...m.taps].sort((a, b) => a - b);
  return {
    longTasks: m.long.length,
    longMs: m.long.reduce((a, b) => a + b, 0),
    longestMs: Math.max(0, ...m.long),
    resizes: m.resizes,
    taps: taps.length,
    tapMedianMs: median(taps) ?? 0,
    tapP90Ms: taps[Math.min(taps.length - 1, Math.floor(taps.length * 0.9))] ?? 0,
    tapLongestMs: taps.at(-1) ?? 0,
  };
}

async function medians(runs, once) {
  const rows = [];
  for (let i = 0; i <= runs; i++) {
    const r = await once();
    if (i > 0) rows.push(r); // the first run warms the server's and the browser's caches
  }
  return Object.fromEntries(Object.keys(rows[0]).map((k) => [k, Math.round(median(rows.map((r) => r[k])))]));
}

const server = opt('base') ? { base: opt('base'), stop: () => undefined } : await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const results = [];
let play;
try {
  for (const [name, network] of args.includes('--play-only') ? [] : Object.entries(NETWORKS)) {
    const paint = await medians(RUNS, () => firstPaint(browser, server.base, network));
    const duel = await medians(RUNS, () => toTable(browser, server.base, network, 'Duel'));
    const saloon = await medians(RUNS, () => toTable(browser, server.base, network, 'Saloon Showdown'));
    results.push({ network: name, fcpMs: paint.fcp, scriptKbBeforeFcp: Math.round(paint.bytes / 100) / 10, duel, saloon });
  }
  play = await medians(PLAY_RUNS, () => playDuel(browser, server.base, PLAY_SECONDS));
} finally {
  await browser.close();
  server.stop();
}
if (results.length) {
  console.log(`\nA phone (390×844, DPR 3, CPU 4× slower), medians of ${RUNS} runs:\n`);
  console.log('| Network | First paint | Script before it (KB sent) | Click → Duel table code / scene | Click → Saloon table code / scene |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(`| ${r.network} | ${r.fcpMs} ms | ${r.scriptKbBeforeFcp} | ${r.duel.code} / ${r.duel.scene} ms | ${r.saloon.code} / ${r.saloon.scene} ms |`);
  }
}
console.log(`\nA Duel played on that phone (loopback, 3 seats, 2 bots), ${PLAY_SECONDS} s, medians of ${PLAY_RUNS} runs:\n`);
console.log('| Long tasks (over 50 ms) | Their total | The longest | Table resizes | Taps | Tap → next paint: median / 90th pct / longest |');
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(
  `| ${play.longTasks} | ${play.longMs} ms | ${play.longestMs} ms | ${play.resizes} | ${play.taps} | ${play.tapMedianMs} / ${play.tapP90Ms} / ${play.tapLongestMs} ms |`,
);
if (args.includes('--json')) console.log(JSON.stringify({ runs: RUNS, results, play }));
