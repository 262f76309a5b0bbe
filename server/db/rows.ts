/**
 * The hot path of the API's reads: a list's page of rows, run as drizzle built it, but without
 * drizzle's generic row mapping. drizzle maps every value of every row through checks of what
 * kind of field it came from (a column, an SQL expression, a subquery, a joined table's path);
 * a page of 200 customers is 3,000 such values, about a millisecond. Here the fields' decoders
 * are found once per list, and a row is one loop over an array.
 *
 * Values are decoded exactly as drizzle decodes them (dates, timestamps and intervals come from
 * the driver as text and go through the column's own decoder), so an answer is the same either way.
 */
import { PGlite, types as pgliteTypes, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { Column, fillPlaceholders, is, SQL, type SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The types drizzle reads as text and decodes itself: date/time types and some arrays. */
const AS_TEXT = [
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  pgliteTypes.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asIs = (value: string) => value;

/** node-postgres: the same parsers drizzle hands it, made once instead of per query. */
const PG_TYPES = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    AS_TEXT.includes(id) ? asIs : pg.types.getTypeParser(id, format),
};
/**
 * What every query of a reader asks of node-postgres, in the prototype of its query config:
 * node-postgres copies a config's own properties, one descriptor at a time, into every query, and
 * copies its prototype by reference.
 */
const ARRAY_ROWS = { rowMode: 'array', types: PG_TYPES } as const;

/**
 * PGlite copies its whole parser table (hundreds of types) into every query that brings parsers
 * of its own, as drizzle's do: set once on the instance, they cost nothing per query. The
 * instance's own queries (drizzle's, too) then read those types as drizzle wants them, and so do
 * its transactions' (a transaction's handle runs its queries without going through `query`).
 */
const prepared = new WeakSet<PGlite>();
export function readDatesAsText(client: PGlite): void {
  if (prepared.has(client)) return;
  prepared.add(client);
  for (const id of AS_TEXT) client.parsers[id] = asIs;
  client.query = withoutParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = withoutParsers(tx.query.bind(tx));
      return callback(tx);
    })) as PGlite['transaction'];
}

/** A query function that leaves out the parsers a query brings (the instance has them already). */
function withoutParsers(query: PGlite['query']): PGlite['query'] {
  return ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.parsers) {
      const { parsers: _same, ...rest } = options;
      return query(text, params, rest);
    }
    return query(text, params, options);
  }) as PGlite['query'];
}

function decoderOf(field: unknown): Decoder | undefined {
  let decoder: Decoder | undefined;
  // An expression's decoder (`mapWith`) is internal to drizzle's SQL; its mapping reads it so too.
  if (is(field, Column)) decoder = field;
  else if (is(field, SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
  else if (is(field, SQL.Aliased)) decoder = (field.sql as unknown as { decoder: Decoder }).decoder;
  // A decoder that changes nothing is not called at all.
  if (decoder && decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue) return undefined;
  return decoder;
}

type Row = Record<string, unknown>;

/**
 * A drizzle database, as far as its driver goes: both drivers' databases hold it as `$client`
 * (client.ts's `Db` type leaves it out, and client.ts imports this module).
 */
interface Driven {
  readonly $client: PGlite | PGliteThread | pg.Pool;
}

/**
 * A reader of the rows a select of `fields` (a flat object: name → column or expression, in the
 * select's order) returns. It takes the built query, not the fields, so that the SQL is drizzle's;
 * `.run` takes that query compiled once already (server/db/statements.ts) and its parameters.
 */
export function rowReader(fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  const decoders = Object.values(fields).map(decoderOf);
  const toRow = (values: unknown[]): Row => {
    const row: Row = {};
    for (let i = 0; i < names.length; i++) {
      const value = values[i];
      const decoder = decoders[i];
      row[names[i]!] =
        value === null || value === undefined || !decoder ? value : decoder.mapFromDriverValue(value);
    }
    return row;
  };
  /**
   * Runs a statement already compiled (text and driver values) and reads its rows; with a `name`
   * (not ''), prepared under it on each PostgreSQL connection (PGlite runs it as it is).
   */
  const run = async (db: object, text: string, params: unknown[], name = ''): Promise<Row[]> => {
    const client = (db as Driven).$client;
    if (client instanceof PGlite || client instanceof PGliteThread) {
      // PGlite here, or in its thread (which reads those types as text already).
      if (client instanceof PGlite) readDatesAsText(client);
      const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
      return result.rows.map(toRow);
    }
    const config = Object.create(ARRAY_ROWS) as pg.QueryArrayConfig;
    config.text = text;
    config.values = params;
    if (name) config.name = name;
    const result = await client.query<unknown[]>(config);
    return result.rows.map(toRow);
  };
  const read = (db: object, query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    return run(db, sql, params);
  };
  return Object.assign(read, { run, toRows: (values: unknown[][]) => values.map(toRow) });
}

type Reader = ReturnType<typeof rowReader>;

/** A statement compiled already, and the reader of its rows. */
export interface Statement {
  reader: Reader;
  text: string;
  params: unknown[];
}

/**
 * Statements asked together, each one's rows: on PostgreSQL at once, each on a connection of the
 * pool; on PGlite in its thread, in one message there and back (`PGliteThread.batch`); on PGlite
 * in this thread, one after the other.
 */
export async function together(db: object, statements: Statement[]): Promise<Row[][]> {
  const client = (db as Driven).$client;
  if (client instanceof PGliteThread) {
    const results = await client.batch<unknown[]>(
      statements.map(({ text, params }) => ({ text, params, options: { rowMode: 'array' } })),
    );
    return results.map((result, i) => statements[i]!.reader.toRows(result.rows));
  }
  return Promise.all(statements.map(({ reader, text, params }) => reader.run(db, text, params)));
}

/**
 * A select of `fields` run as a prepared statement: compiled once, with drizzle placeholders
 * where its values go, and prepared under `name` on each PostgreSQL connection ('' for none:
 * through a pooler in transaction mode, server/db/client.ts's `statementName`). Its rows are read
 * as `rowReader` reads them, without drizzle's generic mapping: it runs on every request.
 */
export function preparedRead(
  db: object,
  fields: Record<string, unknown>,
  query: { toSQL(): { sql: string; params: unknown[] } },
  name: string,
) {
  const read = rowReader(fields);
  const { sql, params } = query.toSQL();
  return {
    execute: (values: Record<string, unknown>) => read.run(db, sql, fillPlaceholders(params, values), name),
  };
}
