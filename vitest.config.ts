import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Screens poll, as with VITE_LIVE=0; the live stream's own tests switch it on.
          env: { VITE_LIVE: '0' },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'pg',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
