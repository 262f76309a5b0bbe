import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product server per worker of the browser tests (see `sharedServer()`). */
    baseUrls: string[];
  }
}

/**
 * One product server for each worker of the browser tests, on the embedded database with the demo:
 * the files run side by side (they mostly wait on the browser and the service), each worker's
 * files one after another on a server of their own, as they would on a single one.
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1;
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
