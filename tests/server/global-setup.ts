import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { oncePerRun } from './once-per-run';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database's files, which every test database starts from. */
    pgliteSnapshot: string;
  }
}

/**
 * Runs initdb and every migration once for the whole run and keeps the files: a new PGlite costs
 * about 2.5 s, a copy of this one a fifth of that (`tests/server/helpers.ts` opens them).
 * `tests/server/migrations.test.ts` still applies the migrations to a database of its own. Once per
 * run for all the projects that ask (`unit`, `unit:apart`): the demos seeded beside it are shared too.
 */
export default async function setup(project: TestProject) {
  const { value: file, release } = await oncePerRun('pglite-snapshot', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-snapshot-'));
    const migrated = path.join(folder, 'migrated.tar');
    const database = await openDatabase({ kind: 'pglite' });
    try {
      // The PGlite under drizzle: openDatabase made it and ran the migrations, as for any test.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      fs.writeFileSync(migrated, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    return { value: migrated, undo: async () => fs.rmSync(folder, { recursive: true, force: true }) };
  });
  project.provide('pgliteSnapshot', file);
  return release;
}
