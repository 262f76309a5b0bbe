import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { serviceWorker } from './scripts/serviceWorker';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3001';

/**
 * The dev server answers `/mesa` with mesa.html by itself (a clean URL); `/mesa/` would fall back
 * to the back-office, so it is sent to the guest page too, as the server does.
 */
const guestPageInDev: Plugin = {
  name: 'painel-guest-page-dev',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const match = /^\/mesa\/(\?.*)?$/.exec(request.url ?? '');
      if (match) request.url = `/mesa.html${match[1] ?? ''}`;
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), precompress(), serviceWorker(), guestPageInDev],
  resolve: {
    alias: {
      // A polyfill of what every supported browser has (see the file): out of the first load.
      'object.entries': fileURLToPath(new URL('./src/lib/shims/object-entries.cjs', import.meta.url)),
      // What the app never reads (see the file): out of the first load.
      'ra-language-english': fileURLToPath(
        new URL('./src/lib/shims/no-english-messages.ts', import.meta.url),
      ),
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/uploads': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Two pages: the back-office, and the guest page a table's QR code opens (docs/guest-page.md).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        mesa: fileURLToPath(new URL('./mesa.html', import.meta.url)),
      },
    },
  },
});
