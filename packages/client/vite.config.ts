import { defineConfig } from 'vite';

const engineSrc = new URL('../engine/src/', import.meta.url).pathname;
/** `npm run dev -w @tumbleweed/client` talks to a server started separately on this port. */
const serverPort = 2567;

export default defineConfig({
  resolve: {
    // The engine is bundled from source: no separate engine build for the browser. What the first page needs comes
    // from the engine's own files (`@tumbleweed/engine/duel/cards`), not from its index, which brings every game's
    // rules with it (a chunk holds every module its importers reach, used or not).
    alias: [
      { find: /^@tumbleweed\/engine$/, replacement: `${engineSrc}index.ts` },
      { find: /^@tumbleweed\/engine\/(.*)$/, replacement: `${engineSrc}$1` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No chunkSizeWarningLimit: every chunk stays under Vite's 500 kB warning since the table, the replay viewer and
    // the full rules load with import() (main.ts, rules.ts); a warning means a big import crept back in.
  },
  server: {
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/healthz': `http://localhost:${serverPort}`,
    },
  },
});
