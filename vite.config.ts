import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      // A polyfill of what every supported browser has (see the file): out of the first load.
      'object.entries': fileURLToPath(new URL('./src/lib/shims/object-entries.cjs', import.meta.url)),
      // What the app never reads (see the file): out of the first load.
      'ra-language-english': fileURLToPath(new URL('./src/lib/shims/no-english-messages.ts', import.meta.url)),
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
  },
});
