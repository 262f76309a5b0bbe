/**
 * Which store a request reads and writes: staff only ever their own, administrators any. Every
 * store-scoped route takes its conditions and its write target from here, so the rule is one.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { stores } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';

export const STORE_NOT_FOUND = 'Restaurante não encontrado.';
export const STORE_REQUIRED = 'Informe o restaurante (store_id).';
const NO_STORE = 'Sua conta não está vinculada a um restaurante.';

/**
 * The condition that keeps a query inside the caller's store. Administrators see every store;
 * staff only their own. Never undefined: a dropped condition would return every store's rows.
 */
export function storeCondition(request: FastifyRequest, column: AnyPgColumn): SQL {
  const caller = callerOf(request);
  if (caller.role === ADMIN) return sql`true`;
  if (caller.storeId === null) throw forbidden(NO_STORE);
  return eq(column, caller.storeId);
}

/**
 * The store a domain function is limited to (server/service): staff's own, or null for an
 * administrator, who acts on any store. Never null for staff: that would be every store.
 */
export function storeScope(request: FastifyRequest): number | null {
  const caller = callerOf(request);
  if (caller.role === ADMIN) return null;
  if (caller.storeId === null) throw forbidden(NO_STORE);
  return caller.storeId;
}

/** The condition of a `storeScope`: the rows of that store, or every row for an administrator. */
export function inScope(column: AnyPgColumn, store: number | null): SQL {
  return store === null ? sql`true` : eq(column, store);
}

/** The caller's store condition, narrowed to the store an administrator asked for (`?store_id`). */
export function listScope(request: FastifyRequest, column: AnyPgColumn, storeId: number | undefined): SQL[] {
  const conditions = [storeCondition(request, column)];
  if (storeId !== undefined && callerOf(request).role === ADMIN) conditions.push(eq(column, storeId));
  return conditions;
}

/**
 * The store a write goes to: staff's own, whatever the body says; for an administrator the store
 * the request names (or that `fallback` finds from a reference), which must exist: a missing one
 * answers 404 'Restaurante não encontrado.', a store not named 400.
 */
export async function targetStore(
  db: Db,
  request: FastifyRequest,
  requested: unknown,
  fallback?: () => Promise<number | undefined>,
): Promise<number> {
  const caller = callerOf(request);
  if (caller.role !== ADMIN) {
    if (caller.storeId === null) throw forbidden(NO_STORE);
    return caller.storeId;
  }
  const named = Number(requested);
  const id = requested != null && Number.isSafeInteger(named) && named > 0 ? named : await fallback?.();
  if (id === undefined) throw badRequest(STORE_REQUIRED);
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id));
  if (!store) throw notFound(STORE_NOT_FOUND);
  return store.id;
}

type StoreTable = PgTable & { id: PgColumn; store_id: PgColumn };

/** Every id must be a row of `store` in `table`; another store's (or a missing) id answers 404. */
export async function expectInStore(
  db: Db,
  table: StoreTable,
  ids: readonly number[],
  storeId: number,
  message: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(inArray(table.id, [...ids]), eq(table.store_id, storeId)));
  if (found.length !== new Set(ids).size) throw notFound(message);
}
