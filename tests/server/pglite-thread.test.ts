/**
 * The embedded database in its worker thread (server/db/pglite-thread.ts), as the server runs it:
 * the same answers, transactions, errors and notices as PGlite in process, while the server's
 * thread goes on working during a statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, pgErrorCode, rows, type Database } from '../../server/db/client';
import { PGliteThread } from '../../server/db/pglite-thread';
import { as, createTestApp, demo, errorOf, login, migratedCopy, storeId, type TestApp } from './helpers';

// The embedded database's own: on the PostgreSQL suite the first part would test PGlite again, and
// the second an app on PostgreSQL like every other file's.
const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe.skipIf(onPostgres)('PGlite in its own thread', () => {
  let database: Database;
  let client: PGliteThread;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', thread: true, from: migratedCopy() });
    client = (database.db as unknown as { $client: PGliteThread }).$client;
    await database.db.execute(
      sql`create table scratch (id integer generated always as identity primary key, name text not null unique, at timestamptz not null default now())`,
    );
  });
  const insert = (on: Pick<Database['db'], 'execute'>, name: string) =>
    on.execute(sql`insert into scratch (name) values (${name})`);
  const names = async () =>
    rows<{ name: string }>(await database.db.execute(sql`select name from scratch order by id`)).map(
      (r) => r.name,
    );
  afterAll(async () => {
    await database?.close();
  });

  it('answers drizzle as PGlite does: rows, parameters, dates as text, errors with their fields', async () => {
    expect(client).toBeInstanceOf(PGliteThread);
    const [row] = rows<{ id: number; name: string; at: unknown }>(
      await database.db.execute(sql`insert into scratch (name) values (${'Mineira'}) returning *`),
    );
    expect(row).toMatchObject({ id: 1, name: 'Mineira' });
    expect(typeof row!.at).toBe('string');
    const [read] = rows<{ n: number; at: string }>(
      await database.db.execute(sql`select ${41}::int + 1 as n, '2026-01-02 03:04:05+00'::timestamptz as at`),
    );
    expect(read).toEqual({ n: 42, at: '2026-01-02 03:04:05+00' });

    const failure = await insert(database.db, 'Mineira').then(
      () => null,
      (error: unknown) => error,
    );
    expect(pgErrorCode(failure)).toBe('23505');
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).toContain('scratch_name_key');
  });

  it('answers queries asked together in one call, in order, and refuses the call when one fails', async () => {
    const [first, second] = await client.batch<unknown[]>([
      { text: 'select $1::int * 2 as n', params: [21], options: { rowMode: 'array' } },
      { text: "select '2026-01-02 03:04:05+00'::timestamptz as at" },
    ]);
    expect(first!.rows).toEqual([[42]]);
    expect(second!.rows).toEqual([{ at: '2026-01-02 03:04:05+00' }]);
    const failure = await client.batch([{ text: 'select 1' }, { text: 'select * from no_such_table' }]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(pgErrorCode(failure)).toBe('42P01');
  });

  it('commits a transaction that ends well, rolls back one that throws, and keeps savepoints', async () => {
    await database.db.transaction(async (tx) => {
      await insert(tx, 'Confirmada');
      await tx
        .transaction(async (inner) => {
          await insert(inner, 'Desfeita no ponto de salvamento');
          throw new Error('desfaz só esta parte');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, 'Desfeita');
        throw new Error('desfaz tudo');
      }),
    ).rejects.toThrow('desfaz tudo');
    expect(await names()).toEqual(['Mineira', 'Confirmada']);
  });

  it('holds other queries back while a transaction is open, as one session does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const writing = database.db.transaction(async (tx) => {
      await insert(tx, 'Na transação aberta');
      inserted();
      await gate;
      order.push('commit');
    });
    await insertedOnce;
    const reading = names().then((found) => {
      order.push('read');
      return found;
    });
    release();
    await writing;
    expect(await reading).toContain('Na transação aberta');
    expect(order).toEqual(['commit', 'read']);
  });

  it("leaves the server's thread free while a statement runs", async () => {
    const order: string[] = [];
    const long = client
      .query('select count(*) from generate_series(1, 3000000)')
      .then(() => order.push('statement'));
    // Sent: the timer runs while the thread works (in process, only after the statement).
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('timer');
    await long;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('hands a notice to its listener before the answer of the statement that sent it', async () => {
    const heard: string[] = [];
    const stop = await client.listen('canal_de_teste', (payload) => heard.push(payload));
    await client.query(`select pg_notify('canal_de_teste', 'olá')`);
    expect(heard).toEqual(['olá']);
    await stop();
    await client.query(`select pg_notify('canal_de_teste', 'ninguém ouve')`);
    expect(heard).toEqual(['olá']);
  });

  it('dumps its files, from which another database opens with the same rows', async () => {
    const copy = await openDatabase({ kind: 'pglite', from: await client.dumpDataDir() });
    try {
      const found = rows<{ name: string }>(await copy.db.execute(sql`select name from scratch order by id`));
      expect(found.map((r) => r.name)).toEqual(await names());
    } finally {
      await copy.close();
    }
  });

  it('refuses calls once closed', async () => {
    const other = await openDatabase({ kind: 'pglite', thread: true, from: migratedCopy() });
    const closing = (other.db as unknown as { $client: PGliteThread }).$client;
    await other.close();
    expect(closing.closed).toBe(true);
    await expect(closing.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});

describe.skipIf(onPostgres)('the API on PGlite in its own thread', () => {
  let t: TestApp;
  let cantina: ReturnType<typeof as>;
  let cantinaId: number;

  beforeAll(async () => {
    t = await createTestApp({ thread: true });
    cantina = as(t.app, await login(t.app, demo.cantina));
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the floor, its unchanged polls and its writes, and says a duplicate in Portuguese', async () => {
    const floor = (tag?: string) =>
      cantina({
        method: 'GET',
        url: '/api/tables?page_size=500',
        headers: tag ? { 'if-none-match': tag } : {},
      });
    const first = await floor();
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect((await floor(tag)).statusCode).toBe(304);

    const created = await cantina({ method: 'POST', url: '/api/tables', payload: { number: 7 } });
    expect(created.statusCode).toBe(201);
    const table = created.json().data as { id: number; number: number; store_id: number };
    expect(table.store_id).toBe(cantinaId);
    const taken = await cantina({ method: 'PATCH', url: `/api/tables/id/${table.id}/status/OCCUPIED` });
    expect(taken.statusCode).toBe(200);
    const changed = await floor(tag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.results.find((row: { id: number }) => row.id === table.id).status).toBe(
      'OCCUPIED',
    );

    const twice = await cantina({ method: 'POST', url: '/api/tables', payload: { number: table.number } });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('Já existe uma mesa com esse número neste restaurante.');
  });

  it('answers a list page and its total, asked of the thread together, as PGlite in process does', async () => {
    const admin = as(t.app, await login(t.app, demo.admin));
    const page = await admin({
      method: 'GET',
      url: '/api/cousines?page=2&page_size=3&sort_field=name&sort_order=ASC',
    });
    expect(page.statusCode).toBe(200);
    const all = rows<{ name: string }>(
      await t.database.db.execute(sql`select name from cuisines order by name, id`),
    );
    const { results, total } = page.json().data as { results: { name: string }[]; total: number };
    expect(total).toBe(all.length);
    expect(results.map((row) => row.name)).toEqual(all.slice(3, 6).map((row) => row.name));
  });
});
