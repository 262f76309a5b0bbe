import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product server per worker of the browser tests (see `sharedServer()`). */
    baseUrls: string[];
    /** A data folder with the demo seeded, which `demoServer()` copies. */
    demoDataDir: string;
  }
}

/**
 * One product server for each worker of the browser tests, on the embedded database with the demo:
 * the files run side by side (they mostly wait on the browser and the service), each worker's
 * files one after another on a server of their own, as they would on a single one.
 *
 * The demo is created and seeded once, by a server started and stopped here (the simulator off, so
 * the folder is the seed alone); every server of the run starts on a copy of its folder, as the
 * product restarts on its own data.
 */
export default async function setup(project: TestProject) {
  const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-e2e-demo-'));
  const seeding = await startServer({ DATA_DIR: demoDataDir, SIMULATOR: '0' });
  await seeding.stop();
  project.provide('demoDataDir', demoDataDir);

  const workers = Number(project.config.maxWorkers) || 1;
  // The simulator plays the guests but never the kitchen (nobody's station is idle for a day): what
  // the board shows moves only when a test moves it.
  const servers = await Promise.all(
    Array.from({ length: workers }, () =>
      startServer({ SIMULATOR_KITCHEN_IDLE_MIN: '1440' }, { copyOf: demoDataDir }),
    ),
  );
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(demoDataDir, { recursive: true, force: true });
  };
}
