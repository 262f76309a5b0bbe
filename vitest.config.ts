import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Waits are for conditions, never for time: a test waits as long as it takes a busy machine to get
 * there (these caps only end a test that can never pass), so the suite gives the same answer
 * beside a CPU-bound job as on an idle machine. Speed targets live in the benchmarks.
 */
const WAIT_CAP = 120_000;

export default defineConfig({
  test: {
    // Both cores (vitest's default leaves one to itself): the files run two at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: WAIT_CAP,
          hookTimeout: WAIT_CAP,
          expect: { poll: { timeout: WAIT_CAP } },
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
          testTimeout: WAIT_CAP,
          expect: { poll: { timeout: WAIT_CAP } },
        },
      },
      {
        test: {
          name: 'pg',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['tests/server/pg-global-setup.ts'],
          env: { TEST_DATABASE: 'postgres' },
          testTimeout: WAIT_CAP,
          hookTimeout: WAIT_CAP,
          expect: { poll: { timeout: WAIT_CAP } },
        },
      },
      {
        // What runs the product as processes (a server started, killed and started again; the
        // whole demo seeded twice and compared): minutes of their own, a step of CI apart.
        test: {
          name: 'process',
          environment: 'node',
          include: ['tests/process/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
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
