import { and, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http-errors';

/** A table whose rows a list orders by hand (restaurants, categories, products, wall posts). */
export interface Ordered {
  table: PgTable;
  id: AnyPgColumn;
  /** The column that holds a row's place. */
  position: AnyPgColumn;
  /** The store column, when every row of one reorder must be of one store. */
  store?: AnyPgColumn;
}

/**
 * `PATCH {endpoint}/reorder`: each id's place becomes its position in `ids`, in one statement and
 * one transaction, among the rows the caller may see (`scope`). An id that is gone (or another
 * store's) changes nothing and answers 404 `missing`; rows of two stores answer 400 `mixed`.
 */
export async function reorder(
  db: Db,
  ordered: Ordered,
  ids: readonly number[],
  scope: SQL,
  messages: { missing: string; mixed?: string },
): Promise<number> {
  const { table, id, position, store } = ordered;
  // drizzle's set() names columns by their key in the table, not by their SQL name.
  const key = Object.entries(getTableColumns(table)).find(([, column]) => column === position)?.[0];
  if (!key) throw new Error(`A coluna ${position.name} não é da tabela que se reordena.`);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(table)
      .set({ [key]: sql`array_position(${sql.param([...ids])}::int[], ${id})`, updated_at: sql`now()` })
      .where(and(inArray(id, [...ids]), scope))
      .returning({ id, store: store ?? id });
    if (rows.length !== ids.length) throw notFound(messages.missing);
    if (store && new Set(rows.map((row) => row.store)).size > 1)
      throw badRequest(messages.mixed ?? messages.missing);
    return rows.length;
  });
}
