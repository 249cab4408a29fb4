/**
 * The lobby imports every games/* module: Saloon Showdown's must not pull Pixi (or its scene) into the lobby's
 * script. Follows the static imports of games/saloon.ts through the client's own files; `import('…')` (loaded at a
 * table) does not count.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '..');

function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;'"]*?from\s+['"]([^'"]+)['"]/gm)) if (!m[1]) out.push(m[2]);
  for (const m of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push(m[1]);
  return out;
}

function reach(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts')) continue;
    for (const spec of staticImports(file)) {
      if (!spec.startsWith('.')) {
        seen.add(spec);
        continue;
      }
      const base = path.resolve(path.dirname(file), spec);
      const found = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
      if (found) todo.push(found);
    }
  }
  return seen;
}

test('games/saloon.ts reaches neither pixi.js nor the Saloon scene through static imports (the lobby stays light)', () => {
  const all = [...reach(path.join(SRC, 'games', 'saloon.ts'))];
  expect(all.filter((f) => f === 'pixi.js' || f.startsWith('pixi.js/') || f.endsWith(path.join('scenes', 'saloon.ts')))).toEqual([]);
});

test('the check sees a static Pixi import (it is not blind)', () => {
  expect(reach(path.join(SRC, 'scenes', 'saloon.ts')).has('pixi.js')).toBe(true);
});
