import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeTemplate } from '../../server/db/template';
import { oncePerRun } from './once-per-run';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database's files, which every test database starts from. */
    pgliteSnapshot: string;
  }
}

/**
 * Takes the migrated, empty database's files once for the whole run (the template of
 * server/db/template.ts, made here when the migrations changed since the install): a new PGlite
 * costs about 2.5 s, a copy of this one a fifth of that (`tests/server/helpers.ts` opens them).
 * `tests/server/migrations.test.ts` still applies the migrations to a database of its own. Once per
 * run for all the projects that ask (`unit`, `unit:apart`): the demos seeded beside it are shared too.
 */
export default async function setup(project: TestProject) {
  const { value: file, release } = await oncePerRun('pglite-snapshot', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-snapshot-'));
    const migrated = path.join(folder, 'migrated.tar');
    // The template a first start copies (server/db/template.ts), made at install, or here when the
    // migrations changed since.
    fs.copyFileSync((await makeTemplate()).file, migrated);
    return { value: migrated, undo: async () => fs.rmSync(folder, { recursive: true, force: true }) };
  });
  project.provide('pgliteSnapshot', file);
  return release;
}
