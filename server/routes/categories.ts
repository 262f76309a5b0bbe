import { and, asc, desc, eq, getTableColumns, inArray, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categories as categoriesDefinition,
  categoryInput,
  categoryUpdateInput,
} from '../../src/resources/categories/definition';
import { categories, products } from '../db/schema';
import { badRequest, notFound } from '../http-errors';
import { storeCondition } from '../resources/scope';
import { LocalStorage } from '../storage/local-storage';
import { removeStoredFiles } from '../storage/stored-files';
import { containsTerm, idParams, paging, reorderBody, sortOrder } from '../resources/params';
import {
  CATEGORY_NOT_FOUND,
  listScope,
  productColumns,
  queryBoolean,
  storeFilter,
  targetStore,
} from './products';

const categoryColumns = getTableColumns(categories);
type CategoryRow = typeof categories.$inferSelect;
type ProductRow = typeof products.$inferSelect;

const sortable = {
  id: categories.id,
  name: categories.name,
  list_order: categories.list_order,
  created_at: categories.created_at,
} as const;

const listQuery = z.strictObject({
  ...paging(categoriesDefinition.list.perPage),
  sort_field: z
    .enum(Object.keys(sortable) as [keyof typeof sortable], { error: 'Campo de ordenação inválido.' })
    .default('list_order'),
  sort_order: sortOrder,
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  store_id: storeFilter,
  available: queryBoolean.optional(),
  /** `include=products` nests each category's products, in their order. */
  include: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(['products'], { error: 'Inclusão inválida: use products.' })))
    .optional(),
});

/**
 * Categories (restaurant spec 2 "Products and categories", 3 Category, 7): the menu's sections,
 * in the store's order, each with its products in theirs.
 */
const categoryRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  const db = app.db;
  const storage = new LocalStorage(uploadsDir);

  /** Each category's products, ordered by list_priority. */
  async function productsOf(categoryIds: number[]): Promise<Map<number, ProductRow[]>> {
    const byCategory = new Map<number, ProductRow[]>();
    if (categoryIds.length === 0) return byCategory;
    const rows = await db
      .select(productColumns)
      .from(products)
      .where(inArray(products.category_id, categoryIds))
      .orderBy(asc(products.category_id), asc(products.list_priority), asc(products.id));
    for (const row of rows) {
      const list = byCategory.get(row.category_id) ?? [];
      list.push(row);
      byCategory.set(row.category_id, list);
    }
    return byCategory;
  }

  async function readCategory(request: FastifyRequest, id: number) {
    const [category] = await db
      .select(categoryColumns)
      .from(categories)
      .where(and(eq(categories.id, id), storeCondition(request, categories.store_id)));
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    const nested = await productsOf([category.id]);
    return { ...category, products: nested.get(category.id) ?? [] };
  }

  app.get(
    '/api/categories',
    { config: { access: 'store' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const conditions = listScope(request, categories.store_id, q.store_id);
      if (q.search) conditions.push(containsTerm(q.search, categories.name));
      if (q.available !== undefined) conditions.push(eq(categories.available, q.available));
      const where = and(...conditions);
      const order = q.sort_order === 'ASC' ? asc : desc;
      const [rows, [count]] = await Promise.all([
        db
          .select(categoryColumns)
          .from(categories)
          .where(where)
          .orderBy(order(sortable[q.sort_field]), order(categories.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(categories)
          .where(where),
      ]);
      let results: (CategoryRow & { products?: ProductRow[] })[] = rows;
      if (q.include?.includes('products')) {
        const nested = await productsOf(rows.map((r) => r.id));
        results = rows.map((r) => ({ ...r, products: nested.get(r.id) ?? [] }));
      }
      return { data: { results, total: count?.total ?? 0 } };
    },
  );

  app.get(
    '/api/categories/id/:id',
    { config: { access: 'store' }, schema: { params: idParams } },
    async (request) => ({ data: await readCategory(request, request.params.id) }),
  );

  /**
   * Answers the new category at `data.data` (spec 7: "returns data.data.id"), and at `data` as
   * well, so that a client reading either envelope finds it.
   */
  app.post(
    '/api/categories',
    { config: { access: 'store' }, schema: { body: categoryInput } },
    async (request, reply) => {
      const { store_id, ...values } = request.body;
      const storeId = await targetStore(db, request, store_id);
      const created = await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ last: max(categories.list_order) })
          .from(categories)
          .where(eq(categories.store_id, storeId));
        const [category] = await tx
          .insert(categories)
          .values({ ...values, store_id: storeId, list_order: (last?.last ?? 0) + 1 })
          .returning(categoryColumns);
        return category!;
      });
      void reply.status(201);
      const category = { ...created, products: [] as ProductRow[] };
      return { data: { ...category, data: category } };
    },
  );

  app.patch(
    '/api/categories/id/:id',
    { config: { access: 'store' }, schema: { params: idParams, body: categoryUpdateInput } },
    async (request) => {
      const [updated] = await db
        .update(categories)
        .set({ ...request.body, updated_at: sql`now()` })
        .where(and(eq(categories.id, request.params.id), storeCondition(request, categories.store_id)))
        .returning({ id: categories.id });
      if (!updated) throw notFound(CATEGORY_NOT_FOUND);
      return { data: await readCategory(request, updated.id) };
    },
  );

  /** Deletes the category, its products (by cascade), and the images stored for them. */
  app.delete(
    '/api/categories/id/:id',
    { config: { access: 'store' }, schema: { params: idParams } },
    async (request) => {
      const removed = await db.transaction(async (tx) => {
        const [category] = await tx
          .select({ id: categories.id, store_id: categories.store_id, image: categories.image })
          .from(categories)
          .where(and(eq(categories.id, request.params.id), storeCondition(request, categories.store_id)))
          .for('update');
        if (!category) throw notFound(CATEGORY_NOT_FOUND);
        const pictures = await tx
          .select({ image: products.image, thumbnail: products.thumbnail, images: products.images })
          .from(products)
          .where(eq(products.category_id, category.id));
        await tx.delete(categories).where(eq(categories.id, category.id));
        const files = pictures.flatMap((p) => [p.image, p.thumbnail, ...(p.images ?? [])]);
        return { ...category, files: [category.image, ...files] };
      });
      await removeStoredFiles(storage, removed.files, removed.store_id, request.log);
      return { data: { id: removed.id } };
    },
  );

  /** The categories in their new order: `list_order` = position in the list. */
  app.patch(
    '/api/categories/reorder',
    { config: { access: 'store' }, schema: { body: reorderBody } },
    async (request) => {
      const { ids } = request.body;
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(categories)
          .set({
            list_order: sql`array_position(${sql.param(ids)}::int[], ${categories.id})`,
            updated_at: sql`now()`,
          })
          .where(and(inArray(categories.id, ids), storeCondition(request, categories.store_id)))
          .returning({ id: categories.id, store_id: categories.store_id });
        if (rows.length !== ids.length) {
          throw notFound('Alguma das categorias não existe mais. Recarregue a lista.');
        }
        if (new Set(rows.map((r) => r.store_id)).size > 1) {
          throw badRequest('As categorias precisam ser do mesmo restaurante.');
        }
        return rows.length;
      });
      return { data: { updated } };
    },
  );
};

export default categoryRoutes;
