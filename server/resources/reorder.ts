import { and, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDefinition } from '../../contract/define';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http-errors';
import { served } from './routes';
import { storeCondition } from './scope';

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

/**
 * The definition's `PATCH {endpoint}/reorder` route: its path, access and schemas from the
 * definition, the rows those of the caller's store when `ordered.store` is set (an
 * administrator's, any store's), every row otherwise (a list that only administrators order).
 */
export function reorderRoute(
  app: FastifyInstance,
  definition: ResourceDefinition,
  ordered: Ordered,
  messages: { missing: string; mixed?: string },
): void {
  const { store } = ordered;
  app.route({
    ...served(definition).reorder(),
    handler: async (request: FastifyRequest) => {
      const { ids } = request.body as { ids: number[] };
      const scope = store ? storeCondition(request, store) : sql`true`;
      return { data: { updated: await reorder(app.db, ordered, ids, scope, messages) } };
    },
  });
}
