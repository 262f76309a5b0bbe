import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../server/db/client';
import { createTestApp, type TestApp } from '../server/helpers';

/** A Friday, 20:40 in São Paulo: the demo's "real Friday night". */
const NOW = new Date('2026-05-15T23:40:00Z');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'full', seedNow: NOW, snapshot: false });
});

afterAll(async () => {
  await t?.close();
});

/**
 * One digest per table: every row as JSON, ordered by primary key, without the columns that may
 * differ between two seeds (argon2 salts the password hashes; a point-of-sale token is sealed
 * with a random nonce when the server starts; a table's QR code secret is drawn at random by the
 * database, never from the seed's generator, so that it cannot be worked out from the seed).
 */
async function checksums(target: Db): Promise<Record<string, string>> {
  const run = async <T>(text: string) => rows<T>(await target.execute(sql.raw(text)));
  const tables = await run<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const columns = (
      await run<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_schema = 'public' and table_name = '${name}' order by ordinal_position`,
      )
    )
      .map((c) => c.column_name)
      .filter(
        (c) => c !== 'password_hash' && !((name === 'integrations' || name === 'tables') && c === 'token'),
      );
    const key = (
      await run<{ attname: string }>(
        `select a.attname from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = '"${name}"'::regclass and i.indisprimary
          order by array_position(i.indkey::int2[], a.attnum)`,
      )
    ).map((c) => `t."${c.attname}"`);
    const [row] = await run<{ n: number; digest: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(row_to_json(t)::text, E'\\n' order by ${key.join(', ')}), '')) as digest
         from (select ${columns.map((c) => `"${c}"`).join(', ')} from "${name}") t`,
    );
    result[name] = `${row!.n}:${row!.digest}`;
  }
  return result;
}

describe('the demo seed, twice', () => {
  it('is deterministic: a second seed with the same "now" gives the same rows', async () => {
    const first = await checksums(t.app.db);
    const other = await createTestApp({ seed: 'full', seedNow: NOW, snapshot: false });
    try {
      expect(await checksums(other.app.db)).toEqual(first);
    } finally {
      await other.close();
    }
    // Every table the demo feeds has rows (tokens, sessions, counters, idempotency keys, uploads,
    // floor versions and their events only exist at run time: the seed writes with the triggers
    // off).
    const empty = Object.entries(first)
      .filter(([, digest]) => digest.startsWith('0:'))
      .map(([name]) => name);
    // The audit trail starts with the first action after the seed; no store has changed what a
    // role may do yet; the prints, the Pix charges and the split bills are tonight's, made as the
    // service runs.
    expect(empty).toEqual([
      'attempt_counters',
      'audit_chains',
      'audit_events',
      'bill_shares',
      'floor_versions',
      'idempotency_keys',
      'password_tokens',
      'pix_charges',
      'print_jobs',
      'role_permissions',
      'sessions',
      'store_events',
      'stored_files',
    ]);
  });
});
