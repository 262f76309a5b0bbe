import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type UserWorkspaceConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

/**
 * Waits are for conditions, never for time: a test waits as long as it takes a busy machine to get
 * there (these caps only end a test that can never pass), so the suite gives the same answer
 * beside a CPU-bound job as on an idle machine. Speed targets live in the benchmarks.
 */
const WAIT_CAP = 120_000;

/**
 * The files of `folders` (matching `pattern`) that replace a module or a global (`vi.mock`,
 * `vi.stubGlobal`, fake timers): each runs in a module graph of its own. The others share one per
 * worker (`isolate: false`): the server and its libraries are loaded once per worker instead of
 * once per file. Read from the files themselves, so that a
 * new test that replaces something is set apart without anyone having to remember it.
 */
function replacing(
  folders: string[],
  pattern: RegExp,
  calls = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/,
): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => pattern.test(file))
      .map((file) => path.join(folder, file))
      .filter((file) => calls.test(fs.readFileSync(file, 'utf8'))),
  );
}
const SERVER_TESTS = ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'];
const serverReplacing = replacing(['tests/server', 'tests/security', 'tests/unit'], /\.test\.ts$/);

type ProjectTest = NonNullable<UserWorkspaceConfig['test']>;

/**
 * A project as two: `name`, its files sharing one module graph per worker, and `name:apart`, the
 * files among them that replace something, each in its own.
 */
function apart({
  name,
  plugins,
  include,
  replacing: files,
  ...test
}: ProjectTest & {
  name: string;
  include: string[];
  replacing: string[];
  plugins?: UserWorkspaceConfig['plugins'];
}) {
  const own = files.filter((file) => include.some((pattern) => file.startsWith(pattern.split('/**')[0]!)));
  return [
    { plugins, test: { ...test, name, include, exclude: own, isolate: false } },
    { plugins, test: { ...test, name: `${name}:apart`, include: own } },
  ];
}

/**
 * vitest's order (a project's files after another's, by name; within one, the slowest or largest
 * first), with each project's `:apart` twin before it instead of after. The twins hold some of the
 * longest files (the simulator's hour of service: a minute on PGlite, two on a busy PostgreSQL),
 * which otherwise started last, when the other worker had run out of files. A twin still follows
 * its project's neighbours, so a worker keeps one module graph as long as before.
 */
class ApartFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const family = (file: TestSpecification) => file.project.name.replace(/:apart$/, '');
    const families = [...new Set(sorted.map(family))];
    return families.flatMap((name) => {
      const own = sorted.filter((file) => family(file) === name);
      const apart = own.filter((file) => file.project.name.endsWith(':apart'));
      return [...apart, ...own.filter((file) => !apart.includes(file))];
    });
  }
}

export default defineConfig({
  test: {
    // Both cores (vitest's default leaves one to itself): the files run two at a time.
    maxWorkers: 2,
    sequence: { sequencer: ApartFirst },
    projects: [
      ...apart({
        name: 'unit',
        environment: 'node',
        include: [...SERVER_TESTS, 'tests/unit/**/*.test.ts'],
        replacing: serverReplacing,
        globalSetup: ['tests/server/global-setup.ts'],
        testTimeout: WAIT_CAP,
        hookTimeout: WAIT_CAP,
        expect: { poll: { timeout: WAIT_CAP } },
      }),
      ...apart({
        plugins: [react()],
        name: 'web',
        environment: 'jsdom',
        include: ['tests/web/**/*.test.{ts,tsx}'],
        replacing: replacing(['tests/web'], /\.test\.tsx?$/, /\bvi\.(mock|doMock)\(/),
        setupFiles: ['tests/web/setup.ts'],
        // Screens poll, as with VITE_LIVE=0; the live stream's own tests switch it on.
        env: { VITE_LIVE: '0' },
        unstubGlobals: true,
        unstubEnvs: true,
        testTimeout: WAIT_CAP,
        expect: { poll: { timeout: WAIT_CAP } },
      }),
      ...apart({
        name: 'pg',
        environment: 'node',
        include: SERVER_TESTS,
        replacing: serverReplacing,
        globalSetup: ['tests/server/pg-global-setup.ts'],
        env: { TEST_DATABASE: 'postgres' },
        testTimeout: WAIT_CAP,
        hookTimeout: WAIT_CAP,
        expect: { poll: { timeout: WAIT_CAP } },
      }),
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
          // The files of a worker share one module graph, and so one Chromium (tests/e2e/browser.ts).
          isolate: false,
          // Two files at a time, each worker with a demo server of its own (global-setup.ts). With
          // three, the run took 5 % less time alone but 15 % more of the cores (a third server and
          // Chromium), which CI gives the server suites beside it.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // A condition polled waits as long as the other projects' (vitest's own 1 s broke on a busy machine).
          expect: { poll: { timeout: WAIT_CAP } },
        },
      },
    ],
  },
});
