/**
 * The embedded database's template: the files of a new PGlite database with every migration
 * applied and no rows, made once (at install, by `npm install`'s `prepare` step: scripts/prepare.ts)
 * and kept in `node_modules/.cache/painel/`. A first start copies it into its data folder instead of
 * running initdb and every migration (seconds of a first start); the test runs start their
 * databases from it too.
 *
 * Its name carries a digest of what made it (the PGlite version and every migration file), so a
 * template made before a migration was added or changed, or by another PGlite, is never used: the
 * database is then created as without one. Migrations still run after a copy (none is left to
 * apply), so a template can never hold a database back.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { hashFiles } from '../files-digest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const migrationsFolder = path.join(here, 'migrations');
const cacheFolder = path.join(root, 'node_modules', '.cache', 'painel');

/** Where the template for these migrations (by default, the server's) and PGlite is, or would be. */
export function templateFile(migrations = migrationsFolder): string {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  hash.update('\0');
  hashFiles(hash, migrations, ['.']);
  return path.join(cacheFolder, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The template's files, when one was made for today's migrations and PGlite. */
export function readTemplate(): Blob | undefined {
  const file = templateFile();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * Makes the template unless it is there already; answers its path and whether it made it. Older
 * templates go (each is tens of megabytes). The file appears whole or not at all (written beside,
 * then renamed), so a start or a test run reading it meanwhile never reads half of one.
 */
export async function makeTemplate(): Promise<{ file: string; made: boolean }> {
  const file = templateFile();
  if (fs.existsSync(file)) return { file, made: false };
  // (Loaded here: a start that only reads the template does not load the migrations' code.)
  const { openDatabase } = await import('./client');
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.mkdirSync(cacheFolder, { recursive: true });
    const part = `${file}.${process.pid}.part`;
    fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(part, file);
  } finally {
    await database.close();
  }
  for (const old of fs.readdirSync(cacheFolder))
    if (old.startsWith('pglite-') && old.endsWith('.tar') && path.join(cacheFolder, old) !== file)
      fs.rmSync(path.join(cacheFolder, old), { force: true });
  return { file, made: true };
}
