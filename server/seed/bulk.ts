import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rows, type Db } from '../db/client';

type Executor = Pick<Db, 'execute'>;

/** Rows per statement: large enough to be fast, small enough to keep each message modest. */
const CHUNK = 20_000;

/**
 * Inserts many rows with one statement per chunk: each column travels as ONE array parameter and
 * `unnest` turns the arrays back into rows, so the database parses and plans once per chunk instead
 * of once per row. Every row must carry the same keys: a row with a key more or less than the
 * first is refused, since a column left out of the statement would silently take its default in
 * every row. Ids given explicitly are kept (`overriding system value`), see `resetIdentities`.
 */
export async function insertRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!);
  rows.forEach((row, index) => {
    const own = Object.keys(row);
    if (own.length !== keys.length || !keys.every((key) => key in row)) {
      const differ = [...new Set([...keys, ...own])].filter((key) => !(key in row) || !keys.includes(key));
      throw new Error(
        `${getTableName(table)}: a linha ${index} não tem as mesmas colunas que a primeira (${differ.join(', ')})`,
      );
    }
  });
  const specs = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)}.${key}: no such column`);
    return { key, column, ...transportOf(column) };
  });
  const overriding = specs.some((s) => s.key === 'id' && isIdentity(s.column));
  const target = sql.raw(`"${getTableName(table)}"`);
  const names = sql.raw(specs.map((s) => `"${s.column.name}"`).join(', '));
  const selected = sql.raw(
    specs
      .map((s, i) => (s.encode === 'json' ? `d${i}.v` : s.cast ? `u.c${i}::${s.cast}` : `u.c${i}`))
      .join(', '),
  );
  const aliases = sql.raw(specs.map((_, i) => `c${i}`).join(', '));

  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const arrays: SQL[] = [];
    const joins: SQL[] = [];
    specs.forEach((s, i) => {
      const values = chunk.map((row) => (row as Record<string, unknown>)[s.key]);
      if (s.encode !== 'json') {
        arrays.push(sql`${sql.param(arrayLiteral(values, s.encode))}::${sql.raw(s.transport)}[]`);
        return;
      }
      // JSON documents repeat (the same complements, the same hours): each distinct one is sent and
      // parsed once, and rows carry its number.
      const distinct = new Map<string, number>();
      const refs = values.map((value) => {
        if (value === null || value === undefined) return null;
        const text = JSON.stringify(value);
        let n = distinct.get(text);
        if (n === undefined) distinct.set(text, (n = distinct.size + 1));
        return n;
      });
      arrays.push(sql`${sql.param(arrayLiteral(refs, 'plain'))}::integer[]`);
      joins.push(
        sql` left join unnest(${sql.param(arrayLiteral([...distinct.keys()], 'plain'))}::${sql.raw(s.cast!)}[]) with ordinality as ${sql.raw(`d${i}(v, k)`)} on ${sql.raw(`d${i}.k = u.c${i}`)}`,
      );
    });
    await db.execute(
      sql`insert into ${target} (${names}) ${sql.raw(overriding ? 'overriding system value ' : '')}select ${selected} from unnest(${sql.join(arrays, sql`, `)}) as u(${aliases})${sql.join(joins, sql``)}`,
    );
  }
}

/**
 * Runs a bulk load with the secondary indexes of `tables` dropped, and builds them again after it:
 * an index built once from all its rows costs less than one kept up row by row (a fifth of the
 * demo's load). Indexes behind a constraint (primary keys, unique constraints) stay. Meant for a
 * transaction: a load that fails rolls the drops back with it.
 */
export async function withIndexesDeferred<T>(
  db: Executor,
  tables: readonly PgTable[],
  load: () => Promise<T>,
): Promise<T> {
  const names = [...new Set(tables.map((table) => getTableName(table)))];
  if (names.length === 0) return load();
  const indexes = rows<{ name: string; definition: string }>(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
        and not exists (select 1 from pg_constraint c
                        where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
      order by i.tablename, i.indexname`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const result = await load();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  return result;
}

/** After ids were given explicitly, moves each identity past the largest id. */
export async function resetIdentities(db: Executor, tables: readonly PgTable[]): Promise<void> {
  for (const table of tables) {
    const id = (getTableColumns(table) as Record<string, PgColumn>).id;
    if (!id || !isIdentity(id)) continue;
    const name = getTableName(table);
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce(max(id), 0) + 1, false) from "${name}"`,
      ),
    );
  }
}

function isIdentity(column: PgColumn): boolean {
  return Boolean((column as unknown as { generatedIdentity?: unknown }).generatedIdentity);
}

type Encode = 'plain' | 'json' | 'array';

/** How a column's values travel: the element type of the parameter array, and a cast back if needed. */
function transportOf(column: PgColumn): { transport: string; cast?: string; encode: Encode } {
  const type = column.getSQLType();
  if (type.endsWith('[]')) return { transport: 'text', cast: type, encode: 'array' };
  if (type === 'jsonb' || type === 'json') return { transport: 'text', cast: type, encode: 'json' };
  if (type.startsWith('numeric')) return { transport: 'numeric', encode: 'plain' };
  return { transport: type, encode: 'plain' };
}

/**
 * A PostgreSQL array literal. Text is quoted; numbers, booleans and instants (ISO 8601) hold no
 * character the literal's syntax reads, so they go as they are: a fifth less to build and to parse.
 */
function arrayLiteral(values: unknown[], encode: Encode): string {
  const elements = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) elements[i] = 'NULL';
    else if (encode === 'json') elements[i] = quote(JSON.stringify(value));
    else if (encode === 'array') elements[i] = quote(arrayLiteral(value as unknown[], 'plain'));
    else elements[i] = element(value);
  }
  return `{${elements.join(',')}}`;
}

function element(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return quote(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  throw new Error(`cannot encode ${typeof value}`);
}

const ESCAPED = /[\\"]/;

function quote(text: string): string {
  return ESCAPED.test(text) ? `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"` : `"${text}"`;
}
