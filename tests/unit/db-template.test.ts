/**
 * The embedded database's template (server/db/template.ts): named after what made it, so that a
 * template made before a migration changed is never copied; and a database started from it is the
 * migrated database, with nothing left to apply and no rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../../server/db/client';
import { makeTemplate, readTemplate, templateFile } from '../../server/db/template';

const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

/** A copy of the server's migrations, to change. */
function copyOfMigrations(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-migrations-'));
  folders.push(folder);
  fs.cpSync(migrations, folder, { recursive: true });
  return folder;
}

describe('the embedded database template', () => {
  it('is named after every migration: one added or edited names another template', () => {
    const same = copyOfMigrations();
    expect(templateFile(same)).toBe(templateFile());

    const added = copyOfMigrations();
    fs.writeFileSync(path.join(added, '9999_later.sql'), 'select 1;');
    expect(templateFile(added)).not.toBe(templateFile());

    const edited = copyOfMigrations();
    const first = fs.readdirSync(edited).find((name) => name.endsWith('.sql'))!;
    fs.appendFileSync(path.join(edited, first), '\n-- edited\n');
    expect(templateFile(edited)).not.toBe(templateFile());
  });

  it('opens as the migrated database, with nothing to apply and no rows', async () => {
    await makeTemplate();
    const from = readTemplate();
    expect(from).toBeDefined();
    const database = await openDatabase({ kind: 'pglite', from });
    try {
      // The tables were there before the migrator ran: it found every migration applied.
      expect(database.isNew).toBe(false);
      const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const [applied] = rows<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied!.n).toBe(journal.entries.length);
      const [used] = rows<{ n: number }>(
        await database.db.execute(
          sql`select (select count(*) from stores) + (select count(*) from accounts) as n`,
        ),
      );
      expect(Number(used!.n)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
