import { defineConfig } from 'vite';

const engineSrc = new URL('../engine/src/index.ts', import.meta.url).pathname;
/** `npm run dev -w @tumbleweed/client` talks to a server started separately on this port. */
const serverPort = 2567;

export default defineConfig({
  resolve: {
    // The engine is bundled from source: no separate engine build for the browser.
    alias: { '@tumbleweed/engine': engineSrc },
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
