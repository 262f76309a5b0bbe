/**
 * The migrations build, on a fresh database (PGlite with `npm test`, PostgreSQL with
 * `npm run test:pg`), exactly the data model the drizzle schema declares: the same tables, columns
 * (type, nullability, default, identity, generated), indexes and constraints, plus the search
 * extensions and `immutable_unaccent`. A migration edited by hand, or a schema change without its
 * migration, fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Column, getTableName, is, SQL, sql, StringChunk } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';
import { verifyAuditTrail } from '../../server/audit/verify';
import { rows, type Db } from '../../server/db/client';
import { createTestApp, type TestApp } from './helpers';
import { newGuests, openService, seatAndOrder } from './service-fixtures';

const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

const tables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

const byName = <T extends { table: string; name: string }>(list: T[]) =>
  [...list].sort((a, b) => a.table.localeCompare(b.table) || a.name.localeCompare(b.name));

/**
 * What an index column is, as the catalog says it: a column's name, or '(expression)'.
 * sql`${t.search_text} gin_trgm_ops` is a plain column with an operator class.
 */
function indexedColumn(column: unknown): string {
  if (!is(column, SQL)) return (column as { name?: string }).name ?? '(expression)';
  const columns = column.queryChunks.filter((chunk) => is(chunk, Column));
  const text = column.queryChunks
    .filter((chunk) => is(chunk, StringChunk))
    .map((chunk) => chunk.value.join(''))
    .join('');
  return columns.length === 1 && /^\s*(\w+_ops)?\s*$/.test(text) ? columns[0]!.name : '(expression)';
}

let t: TestApp;
let db: Db;

async function query<T>(statement: SQL): Promise<T[]> {
  return rows<T>(await db.execute(statement));
}

async function appliedMigrations(): Promise<number> {
  const [row] = await query<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, migrate: true });
  db = t.database.db;
});

afterAll(async () => {
  await t?.close();
});

describe('migrations', () => {
  it('apply every migration of the journal to a fresh database', async () => {
    expect(t.database.isNew).toBe(true);
    const files = fs
      .readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => file.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((entry) => entry.tag).sort()).toEqual(files);
    expect(await appliedMigrations()).toBe(journal.entries.length);
  });

  it('change nothing when applied again', async () => {
    const before = await query<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    if (t.database.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as never, { migrationsFolder });
    }
    expect(await appliedMigrations()).toBe(journal.entries.length);
    const after = await query<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    expect(after.length).toBe(before.length);
  });
});

describe('the database matches the drizzle schema', () => {
  it('has exactly the tables the schema declares', async () => {
    const found = await query<{ name: string }>(sql`
      select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    expect(found.map((row) => row.name)).toEqual(tables.map((table) => table.name).sort());
  });

  it('has every declared column, with its type, nullability, default, identity and generation', async () => {
    const found = await query<{
      table: string;
      name: string;
      type: string;
      not_null: boolean;
      has_default: boolean;
      identity: string;
      generated: string;
    }>(sql`
      select c.relname::text as "table", a.attname::text as name,
             format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
             a.atthasdef as has_default, a.attidentity::text as identity, a.attgenerated::text as generated
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace ns on ns.oid = c.relnamespace
       where ns.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`);
    const normalize = (type: string) => type.replace(/,\s+/g, ',');
    const actual = found.map((column) => ({
      table: column.table,
      name: column.name,
      type: normalize(column.type),
      notNull: column.not_null,
      // Identity and generated columns have no default of their own.
      hasDefault: column.identity === '' && column.generated === '' && column.has_default,
      identity: column.identity === 'a' ? 'always' : column.identity === 'd' ? 'byDefault' : null,
      generated: column.generated === 's' ? 'stored' : null,
    }));
    const declared = tables.flatMap((table) =>
      table.columns.map((column) => ({
        table: table.name,
        name: column.name,
        type: normalize(column.getSQLType()),
        notNull: column.notNull,
        hasDefault: !column.generatedIdentity && !column.generated && column.hasDefault,
        identity: column.generatedIdentity?.type ?? null,
        generated: column.generated ? 'stored' : null,
      })),
    );
    expect(byName(actual)).toEqual(byName(declared));
  });

  it('keeps money in integer cents and every instant as timestamptz', async () => {
    const found = await query<{ name: string; type: string }>(sql`
      select table_name || '.' || column_name as name, data_type as type
        from information_schema.columns
       where table_schema = 'public'
         and (column_name in ('price', 'product_price', 'amount', 'fee', 'subtotal', 'total', 'total_paid',
                              'service_charge', 'discount', 'consumption', 'max_discount')
              or column_name like '%\\_at' or column_name = 'date')`);
    // Percentages share some of these names; they are numeric(5, 2).
    const percentages = [
      'stores.service_charge',
      'promo_codes.discount',
      'coupons.discount',
      'loyalty_programs.discount',
    ];
    // The daily rollups hold sums of many payments: whole cents still, in bigint.
    const sums = /^(store_days|platform_days|product_days)\./;
    const wrong = found.filter(({ name, type }) => {
      if (/_at$|\.date$/.test(name)) return type !== 'timestamp with time zone';
      if (sums.test(name)) return type !== 'bigint';
      return type !== (percentages.includes(name) ? 'numeric' : 'integer');
    });
    expect(wrong).toEqual([]);
  });

  it('has every declared index, with its columns, method, uniqueness and filter, and no other', async () => {
    const found = await query<{
      table: string;
      name: string;
      unique: boolean;
      method: string;
      partial: boolean;
      columns: string[];
    }>(sql`
      select t.relname::text as "table", ic.relname::text as name, i.indisunique as "unique",
             am.amname::text as method, i.indpred is not null as partial,
             (select array_agg(coalesce(a.attname::text, '(expression)') order by k.ord)
                from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
                left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0
             ) as columns
        from pg_index i
        join pg_class ic on ic.oid = i.indexrelid
        join pg_class t on t.oid = i.indrelid
        join pg_namespace ns on ns.oid = t.relnamespace
        join pg_am am on am.oid = ic.relam
       where ns.nspname = 'public'
         and not exists (
           select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))`);
    const declared = tables.flatMap((table) =>
      table.indexes.map(({ config }) => ({
        table: table.name,
        name: config.name ?? '(unnamed)',
        unique: config.unique,
        method: config.method ?? 'btree',
        partial: config.where !== undefined,
        columns: config.columns.map(indexedColumn),
      })),
    );
    expect(byName(found)).toEqual(byName(declared));
  });

  it('has every declared primary key, unique, check and foreign key, and no other', async () => {
    const found = await query<{
      table: string;
      name: string;
      type: string;
      columns: string[];
      foreign_table: string | null;
      foreign_columns: string[] | null;
      on_delete: string | null;
      set_null_columns: string[] | null;
    }>(sql`
      select cl.relname::text as "table", c.conname::text as name, c.contype::text as type,
             (select array_agg(a.attname::text order by k.ord)
                from unnest(c.conkey) with ordinality k(attnum, ord)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns,
             fcl.relname::text as foreign_table,
             (select array_agg(a.attname::text order by k.ord)
                from unnest(c.confkey) with ordinality k(attnum, ord)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum) as foreign_columns,
             case when c.contype = 'f' then c.confdeltype::text end as on_delete,
             (select array_agg(a.attname::text order by a.attname)
                from pg_attribute a
               where a.attrelid = c.conrelid and a.attnum = any (c.confdelsetcols)) as set_null_columns
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace ns on ns.oid = cl.relnamespace
        left join pg_class fcl on fcl.oid = c.confrelid
       where ns.nspname = 'public' and c.contype in ('p', 'u', 'c', 'f')`);
    const actual = found.map((row) => ({
      table: row.table,
      name: row.name,
      type: row.type,
      // Check constraints list the columns they read; the declaration does not, so leave them out.
      columns: row.type === 'c' ? [] : row.columns,
      foreignTable: row.foreign_table,
      foreignColumns: row.foreign_columns,
      onDelete: row.on_delete,
      setNullColumns: row.set_null_columns,
    }));

    const DELETE_ACTIONS: Record<string, string> = {
      'no action': 'a',
      restrict: 'r',
      cascade: 'c',
      'set null': 'n',
      'set default': 'd',
    };
    const none = { foreignTable: null, foreignColumns: null, onDelete: null, setNullColumns: null };
    const declared = tables.flatMap((table) => [
      ...table.columns
        .filter((column) => column.primary)
        .map((column) => ({
          table: table.name,
          name: `${table.name}_pkey`,
          type: 'p',
          columns: [column.name],
          ...none,
        })),
      ...table.primaryKeys.map((key) => ({
        table: table.name,
        name: key.getName(),
        type: 'p',
        columns: key.columns.map((column) => column.name),
        ...none,
      })),
      ...table.columns
        .filter((column) => column.isUnique)
        .map((column) => ({
          table: table.name,
          name: column.uniqueName ?? `${table.name}_${column.name}_unique`,
          type: 'u',
          columns: [column.name],
          ...none,
        })),
      ...table.uniqueConstraints.map((constraint) => ({
        table: table.name,
        name: constraint.getName() ?? '(unnamed)',
        type: 'u',
        columns: constraint.columns.map((column) => column.name),
        ...none,
      })),
      ...table.checks.map((check) => ({
        table: table.name,
        name: check.name,
        type: 'c',
        columns: [],
        ...none,
      })),
      ...table.foreignKeys.map((key) => {
        const reference = key.reference();
        // 'set null (table_id)': PostgreSQL 15's SET NULL of only some columns of a composite key.
        const [, action = 'no action', only] =
          /^([a-z ]+?)(?: \((.+)\))?$/.exec(key.onDelete ?? 'no action') ?? [];
        return {
          table: table.name,
          name: key.getName(),
          type: 'f',
          columns: reference.columns.map((column) => column.name),
          foreignTable: getTableName(reference.foreignTable),
          foreignColumns: reference.foreignColumns.map((column) => column.name),
          onDelete: DELETE_ACTIONS[action] ?? action,
          setNullColumns: only ? only.split(',').map((column) => column.trim()) : null,
        };
      }),
    ]);
    expect(byName(actual)).toEqual(byName(declared));
  });
});

describe('search support', () => {
  it('has the unaccent and pg_trgm extensions', async () => {
    const found = await query<{ name: string }>(
      sql`select extname::text as name from pg_extension where extname in ('unaccent', 'pg_trgm') order by 1`,
    );
    expect(found.map((row) => row.name)).toEqual(['pg_trgm', 'unaccent']);
  });

  it('has immutable_unaccent, IMMUTABLE so that indexes can use it, and it strips accents', async () => {
    const [fn] = await query<{ volatility: string; strict: boolean }>(sql`
      select p.provolatile::text as volatility, p.proisstrict as strict
        from pg_proc p join pg_namespace ns on ns.oid = p.pronamespace
       where ns.nspname = 'public' and p.proname = 'immutable_unaccent'`);
    expect(fn).toEqual({ volatility: 'i', strict: true });
    const [row] = await query<{ plain: string; similar: boolean }>(sql`
      select immutable_unaccent(lower('Sabor do Sertão, Pão de Açúcar')) as plain,
             similarity('sertao', 'sertão') >= 0 and 'cantina bella' % 'cantina bela' as similar`);
    expect(row).toEqual({ plain: 'sabor do sertao, pao de acucar', similar: true });
  });

  it('fills customers.search_text by itself, lower-case and without accents', async () => {
    await db.execute(sql`
      insert into customers (fullname, username, email, cpf)
      values ('Joaquim Ângelo Conceição', 'JoaquimA', 'Joaquim@Email.test', '52998224725')`);
    const [row] = await query<{ search_text: string }>(
      sql`select search_text from customers where username = 'JoaquimA'`,
    );
    expect(row?.search_text).toBe('joaquim angelo conceicao joaquima joaquim@email.test 52998224725');
  });
});

describe('0019: what the kitchen left on tabs closed before a tab had to wait for it', () => {
  let service: TestApp;
  const statements = fs
    .readFileSync(path.join(migrationsFolder, '0019_closed_tabs_leave_the_kitchen.sql'), 'utf8')
    .split('--> statement-breakpoint');
  const migrate = async () => {
    for (const statement of statements) await service.app.db.execute(sql.raw(statement));
  };
  const ask = async <T>(statement: SQL) => rows<T>(await service.app.db.execute(statement));

  afterAll(async () => {
    await service?.close();
  });

  it('cancels the items still ordered or in preparation, with the reason, one audit row per store; then nothing more', async () => {
    const { t, floor, other } = await openService([1, 2]);
    service = t;
    const [ana, bruno, carla] = await newGuests(t.app.db, 3);
    const closedHere = await seatAndOrder(t.app.db, floor, 1, [
      {
        customerId: ana!,
        items: [{ productId: floor.dish }, { productId: floor.drink }, { productId: floor.drink }],
      },
    ]);
    const stillOpen = await seatAndOrder(t.app.db, floor, 2, [
      { customerId: bruno!, items: [{ productId: floor.dish }] },
    ]);
    const closedThere = await seatAndOrder(t.app.db, other, 1, [
      { customerId: carla!, items: [{ productId: other.dish }] },
    ]);
    const items = async (orderId: number) =>
      ask<{ id: number; status: string }>(
        sql`select id, status from order_items where order_id = ${orderId} order by id`,
      );
    const [dish, juice, served] = await items(closedHere);
    await t.app.db.execute(sql`update order_items set status = 'PREPARING' where id = ${juice!.id}`);
    await t.app.db.execute(sql`update order_items set status = 'READY' where id = ${served!.id}`);
    // Closed as tabs were before a tab had to wait for its kitchen.
    await t.app.db.execute(
      sql`update orders set status = 'CLOSED', closed_at = now() where id in ${[closedHere, closedThere]}`,
    );
    const money = () =>
      ask(
        sql`select id, subtotal, total, total_paid from orders where id in ${[closedHere, closedThere]} order by id`,
      );
    const before = await money();
    const [{ last }] = (await ask<{ last: number }>(
      sql`select coalesce(max(id), 0)::int as last from audit_events`,
    )) as [{ last: number }];

    await migrate();
    expect(await items(closedHere)).toEqual([
      { id: dish!.id, status: 'CANCELLED' },
      { id: juice!.id, status: 'CANCELLED' },
      { id: served!.id, status: 'READY' },
    ]);
    expect((await items(closedThere)).map((item) => item.status)).toEqual(['CANCELLED']);
    expect((await items(stillOpen)).map((item) => item.status)).toEqual(['PLACED']);
    // What was received for those tabs stays as it was.
    expect(await money()).toEqual(before);
    const audited = await ask<{
      store_id: number;
      actor: string;
      account_id: number | null;
      resource: string;
      action: string;
      summary: string;
      reason: string;
      subjects: string[];
    }>(sql`select store_id, actor, account_id, resource, action, summary, reason, subjects
      from audit_events where id > ${last} order by store_id`);
    const row = {
      actor: 'Painel (atualização do sistema)',
      account_id: null,
      resource: 'orderItems',
      action: 'cancel-item',
      reason: 'comanda fechada',
    };
    expect(audited).toEqual(
      [
        {
          ...row,
          store_id: floor.storeId,
          summary: '2 itens de comandas já fechadas cancelados',
          subjects: [`order_items:${dish!.id}`, `order_items:${juice!.id}`].sort(),
        },
        {
          ...row,
          store_id: other.storeId,
          summary: '1 item de comanda já fechada cancelado',
          subjects: [`order_items:${(await items(closedThere))[0]!.id}`],
        },
      ].sort((a, b) => a.store_id - b.store_id),
    );

    await migrate();
    expect(await ask(sql`select id from audit_events where id > ${last}`)).toHaveLength(2);
    expect((await verifyAuditTrail(t.app.db)).problems).toEqual([]);
  });
});
