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
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/healthz': `http://localhost:${serverPort}`,
    },
  },
});
