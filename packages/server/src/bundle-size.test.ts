/**
 * The first page loads light: the JavaScript a browser fetches before the lobby shows (the entry script of the built
 * client and every script index.html preloads) stays under 70 KB gzip. The connection (colyseus.js, the state's
 * schema, the event decoder), every game's rules and table code, the Portuguese words, the table, its Pixi scenes, the
 * replay viewer and the full rules come later, with `import()` (tests/browser/first-page.test.ts). About 46 KB today;
 * 169 KB when the lobby carried the connection and every game: an import from the engine's index or from net.ts in
 * a module of the lobby brings them back (packages/client/vite.config.ts).
 * Reads packages/client/dist: needs `npm run build` first (npm test builds before it runs the tests).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = path.join(__dirname, '../../client/dist');
/** 70 KB as Vite reports sizes (1 KB = 1000 bytes). */
const LIMIT = 70_000;

/** The scripts index.html makes the browser fetch at once: `<script type="module" src>` and `<link rel="modulepreload">`. */
function initialScripts(html: string): string[] {
  const srcs = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? '');
  return [...srcs, ...preloads].filter((src) => src && !/^https?:/.test(src));
}

test('the entry script and the scripts it preloads weigh at most 70 KB gzip', () => {
  const indexPath = path.join(DIST, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`${indexPath} is missing: run npm run build first`);
  const scripts = initialScripts(fs.readFileSync(indexPath, 'utf8'));
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = scripts.map((src) => {
    const file = path.join(DIST, src.replace(/^\//, ''));
    return { src, gzip: zlib.gzipSync(fs.readFileSync(file)).length };
  });
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const report = sizes.map((s) => `${s.src}: ${(s.gzip / 1000).toFixed(1)} KB`).join('\n');
  if (total > LIMIT) throw new Error(`initial JS is ${(total / 1000).toFixed(1)} KB gzip (limit 70 KB):\n${report}`);
  expect(total).toBeLessThanOrEqual(LIMIT);
});
