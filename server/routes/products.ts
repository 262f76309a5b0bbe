import { and, asc, desc, eq, getTableColumns, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_ALREADY_IMPORTED,
  PRODUCT_CODE_TAKEN,
  productInput,
  products as productsDefinition,
  productUpdateInput,
} from '../../src/resources/products/definition';
import { type Db, pgConstraint, pgErrorCode } from '../db/client';
import {
  categories,
  complementGroups,
  kitchens,
  productComplementGroups,
  products,
  stores,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { storeCondition } from '../resources/scope';
import { LocalStorage } from '../storage/local-storage';
import { removeStoredFiles } from '../storage/stored-files';
import { containsTerm, idParams, paging, reorderBody, sortOrder } from '../resources/params';

export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';
export const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
export const KITCHEN_NOT_FOUND = 'Cozinha não encontrada.';
export const GROUP_NOT_FOUND = 'Grupo de complementos não encontrado.';
const STORE_NOT_FOUND = 'Restaurante não encontrado.';
const STORE_REQUIRED = 'Informe o restaurante (store_id).';

/** `true`/`false` in a query string. */
export const queryBoolean = z
  .enum(['true', 'false'], { error: 'Use true ou false.' })
  .transform((value) => value === 'true');

/** An administrator's `store_id` filter; staff's is ignored (they only ever see their own store). */
export const storeFilter = z.coerce
  .number({ error: 'Restaurante inválido.' })
  .int('Restaurante inválido.')
  .positive('Restaurante inválido.')
  .optional();

/** The caller's store condition, narrowed to the store an administrator asked for. */
export function listScope(request: FastifyRequest, column: AnyPgColumn, storeId: number | undefined): SQL[] {
  const conditions = [storeCondition(request, column)];
  if (storeId !== undefined && callerOf(request).role === ADMIN) conditions.push(eq(column, storeId));
  return conditions;
}

/**
 * The store a new record goes to: staff's own, whatever the body says; for an administrator the
 * store the body names, which must exist (or `fallback`, a store found from a reference).
 */
export async function targetStore(
  db: Db,
  request: FastifyRequest,
  requested: number | undefined,
  fallback?: () => Promise<number | undefined>,
): Promise<number> {
  const caller = callerOf(request);
  if (caller.role !== ADMIN) {
    if (caller.storeId === null) throw badRequest(STORE_REQUIRED);
    return caller.storeId;
  }
  const id = requested ?? (await fallback?.());
  if (id === undefined) throw badRequest(STORE_REQUIRED);
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id));
  if (!store) throw notFound(STORE_NOT_FOUND);
  return store.id;
}

/** Every id must be a row of `store` in `table`; another store's (or a missing) id answers 404. */
export async function expectInStore(
  db: Db,
  table: typeof categories | typeof kitchens | typeof complementGroups | typeof products,
  ids: readonly number[],
  storeId: number,
  message: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, [...ids]), eq(table.store_id, storeId)));
  if (found.length !== new Set(ids).size) throw notFound(message);
}

/** A product's row as every answer shows it. */
export const productColumns = getTableColumns(products);
export type ProductRow = typeof products.$inferSelect;

/** The light row of simple lists and pickers. */
const lightColumns = {
  id: products.id,
  store_id: products.store_id,
  name: products.name,
  price: products.price,
  category_id: products.category_id,
  available: products.available,
  thumbnail: products.thumbnail,
  complement_only: products.complement_only,
};

const sortable = {
  id: products.id,
  name: products.name,
  price: products.price,
  external_code: products.external_code,
  list_priority: products.list_priority,
  created_at: products.created_at,
} as const;

const listQuery = z.strictObject({
  ...paging(productsDefinition.list.perPage),
  sort_field: z
    .enum(Object.keys(sortable) as [keyof typeof sortable], { error: 'Campo de ordenação inválido.' })
    .default('list_priority'),
  sort_order: sortOrder,
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  store_id: storeFilter,
  category_id: storeFilter,
  kitchen_id: storeFilter,
  available: queryBoolean.optional(),
  complement_only: queryBoolean.optional(),
});

const simpleListQuery = z.strictObject({
  ...paging(1000),
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  store_id: storeFilter,
  category_id: storeFilter,
  available: queryBoolean.optional(),
  complement_only: queryBoolean.optional(),
});

/** The complement groups each product offers, in their order. */
async function complementsOf(db: Db, productIds: number[]) {
  const byProduct = new Map<number, { id: number; name: string }[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      product_id: productComplementGroups.product_id,
      id: complementGroups.id,
      name: complementGroups.name,
    })
    .from(productComplementGroups)
    .innerJoin(complementGroups, eq(complementGroups.id, productComplementGroups.group_id))
    .where(inArray(productComplementGroups.product_id, productIds))
    .orderBy(asc(productComplementGroups.position), asc(complementGroups.id));
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** A product with its complements: `complements` the group ids, `complement_groups` ids and names. */
function withComplements(product: ProductRow, groups: { id: number; name: string }[] | undefined) {
  return {
    ...product,
    complements: (groups ?? []).map((g) => g.id),
    complement_groups: groups ?? [],
  };
}

/** Translates the unique rules of products into the users' messages. */
function productWriteError(error: unknown): never {
  if (pgErrorCode(error) === '23505') {
    if (pgConstraint(error) === 'products_store_integration_key') throw conflict(PRODUCT_ALREADY_IMPORTED);
    throw conflict(PRODUCT_CODE_TAKEN);
  }
  if (pgErrorCode(error) === '23503') {
    if (pgConstraint(error) === 'products_kitchen_fk') throw notFound(KITCHEN_NOT_FOUND);
    if (pgConstraint(error) === 'products_category_fk') throw notFound(CATEGORY_NOT_FOUND);
    if (pgConstraint(error)?.startsWith('product_complement_groups')) throw notFound(GROUP_NOT_FOUND);
  }
  throw error;
}

/**
 * Products (restaurant spec 2 "Products and categories", 3 Product, 5, 7): store-scoped; a
 * product's category, kitchen and complement groups are always of its own store.
 */
const productRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  const db = app.db;
  const storage = new LocalStorage(uploadsDir);

  async function readProduct(request: FastifyRequest, id: number) {
    const [product] = await db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.id, id), storeCondition(request, products.store_id)));
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const groups = await complementsOf(db, [product.id]);
    return withComplements(product, groups.get(product.id));
  }

  /** The next position at the end of a category. */
  async function nextPriority(tx: Db, categoryId: number): Promise<number> {
    const [row] = await tx
      .select({ last: max(products.list_priority) })
      .from(products)
      .where(eq(products.category_id, categoryId));
    return (row?.last ?? 0) + 1;
  }

  async function replaceComplements(tx: Db, productId: number, storeId: number, groupIds: number[]) {
    await tx.delete(productComplementGroups).where(eq(productComplementGroups.product_id, productId));
    if (groupIds.length === 0) return;
    await tx.insert(productComplementGroups).values(
      groupIds.map((group_id, position) => ({
        product_id: productId,
        group_id,
        store_id: storeId,
        position,
      })),
    );
  }

  app.get(
    '/api/products',
    { config: { access: 'store' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const conditions = listScope(request, products.store_id, q.store_id);
      if (q.search) conditions.push(containsTerm(q.search, products.name, products.external_code));
      if (q.category_id !== undefined) conditions.push(eq(products.category_id, q.category_id));
      if (q.kitchen_id !== undefined) conditions.push(eq(products.kitchen_id, q.kitchen_id));
      if (q.available !== undefined) conditions.push(eq(products.available, q.available));
      if (q.complement_only !== undefined) conditions.push(eq(products.complement_only, q.complement_only));
      const where = and(...conditions);
      const order = q.sort_order === 'ASC' ? asc : desc;
      const [rows, [count]] = await Promise.all([
        db
          .select(productColumns)
          .from(products)
          .where(where)
          .orderBy(order(sortable[q.sort_field]), order(products.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(products)
          .where(where),
      ]);
      const groups = await complementsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        data: { results: rows.map((r) => withComplements(r, groups.get(r.id))), total: count?.total ?? 0 },
      };
    },
  );

  /** The light list the pickers use (complement groups, stories), by name. */
  app.get(
    '/api/products/simplelist',
    { config: { access: 'store' }, schema: { querystring: simpleListQuery } },
    async (request) => {
      const q = request.query;
      const conditions = listScope(request, products.store_id, q.store_id);
      if (q.search) conditions.push(containsTerm(q.search, products.name, products.external_code));
      if (q.category_id !== undefined) conditions.push(eq(products.category_id, q.category_id));
      if (q.available !== undefined) conditions.push(eq(products.available, q.available));
      if (q.complement_only !== undefined) conditions.push(eq(products.complement_only, q.complement_only));
      const where = and(...conditions);
      const [results, [count]] = await Promise.all([
        db
          .select(lightColumns)
          .from(products)
          .where(where)
          .orderBy(asc(products.name), asc(products.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(products)
          .where(where),
      ]);
      return { data: { results, total: count?.total ?? 0 } };
    },
  );

  app.get(
    '/api/products/id/:id',
    { config: { access: 'store' }, schema: { params: idParams } },
    async (request) => ({ data: await readProduct(request, request.params.id) }),
  );

  app.post(
    '/api/products',
    { config: { access: 'store' }, schema: { body: productInput } },
    async (request, reply) => {
      const { complements, store_id, ...values } = request.body;
      // An administrator may leave the store out: the category says which it is.
      const storeId = await targetStore(db, request, store_id, async () => {
        const [category] = await db
          .select({ store_id: categories.store_id })
          .from(categories)
          .where(eq(categories.id, values.category_id));
        if (!category) throw notFound(CATEGORY_NOT_FOUND);
        return category.store_id;
      });
      await expectInStore(db, categories, [values.category_id], storeId, CATEGORY_NOT_FOUND);
      if (values.kitchen_id)
        await expectInStore(db, kitchens, [values.kitchen_id], storeId, KITCHEN_NOT_FOUND);
      if (complements) await expectInStore(db, complementGroups, complements, storeId, GROUP_NOT_FOUND);
      const created = await db
        .transaction(async (tx) => {
          const [product] = await tx
            .insert(products)
            .values({
              ...values,
              store_id: storeId,
              list_priority: await nextPriority(tx, values.category_id),
            })
            .returning({ id: products.id });
          if (complements) await replaceComplements(tx, product!.id, storeId, complements);
          return product!;
        })
        .catch(productWriteError);
      void reply.status(201);
      return { data: await readProduct(request, created.id) };
    },
  );

  app.patch(
    '/api/products/id/:id',
    { config: { access: 'store' }, schema: { params: idParams, body: productUpdateInput } },
    async (request) => {
      const current = await readProduct(request, request.params.id);
      const storeId = current.store_id;
      const { complements, ...values } = request.body;
      if (values.category_id !== undefined) {
        await expectInStore(db, categories, [values.category_id], storeId, CATEGORY_NOT_FOUND);
      }
      if (values.kitchen_id)
        await expectInStore(db, kitchens, [values.kitchen_id], storeId, KITCHEN_NOT_FOUND);
      if (complements) await expectInStore(db, complementGroups, complements, storeId, GROUP_NOT_FOUND);
      await db
        .transaction(async (tx) => {
          const set: Partial<typeof products.$inferInsert> = { ...values };
          // Moved to another category: it goes to the end of that one.
          if (values.category_id !== undefined && values.category_id !== current.category_id) {
            set.list_priority = await nextPriority(tx, values.category_id);
          }
          if (Object.keys(set).length > 0) {
            await tx
              .update(products)
              .set({ ...set, updated_at: sql`now()` })
              .where(and(eq(products.id, current.id), eq(products.store_id, storeId)));
          }
          if (complements) await replaceComplements(tx, current.id, storeId, complements);
        })
        .catch(productWriteError);
      const saved = await readProduct(request, current.id);
      // Images the product no longer shows are not needed by anyone: their files go.
      const kept = new Set([saved.image, saved.thumbnail, ...(saved.images ?? [])]);
      const dropped = [current.image, current.thumbnail, ...(current.images ?? [])].filter(
        (url) => url && !kept.has(url),
      );
      await removeStoredFiles(storage, dropped, storeId, request.log);
      return { data: saved };
    },
  );

  /** Deletes the product and the images stored for it. */
  app.delete(
    '/api/products/id/:id',
    { config: { access: 'store' }, schema: { params: idParams } },
    async (request) => {
      const [removed] = await db
        .delete(products)
        .where(and(eq(products.id, request.params.id), storeCondition(request, products.store_id)))
        .returning({
          id: products.id,
          store_id: products.store_id,
          image: products.image,
          thumbnail: products.thumbnail,
          images: products.images,
        });
      if (!removed) throw notFound(PRODUCT_NOT_FOUND);
      const { image, thumbnail, images, store_id } = removed;
      await removeStoredFiles(storage, [image, thumbnail, ...(images ?? [])], store_id, request.log);
      return { data: { id: removed.id } };
    },
  );

  /**
   * The products in their new order: `list_priority` = position in the list. Products are listed
   * by category, then priority, so one call may carry one category or several.
   */
  app.patch(
    '/api/products/reorder',
    { config: { access: 'store' }, schema: { body: reorderBody } },
    async (request) => {
      const { ids } = request.body;
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(products)
          .set({
            list_priority: sql`array_position(${sql.param(ids)}::int[], ${products.id})`,
            updated_at: sql`now()`,
          })
          .where(and(inArray(products.id, ids), storeCondition(request, products.store_id)))
          .returning({ id: products.id, store_id: products.store_id });
        if (rows.length !== ids.length)
          throw notFound('Algum dos produtos não existe mais. Recarregue a lista.');
        if (new Set(rows.map((r) => r.store_id)).size > 1) {
          throw badRequest('Os produtos precisam ser do mesmo restaurante.');
        }
        return rows.length;
      });
      return { data: { updated } };
    },
  );
};

export default productRoutes;
