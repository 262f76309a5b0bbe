import { and, asc, eq, getTableColumns, inArray, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categories as categoriesDefinition,
  categoryUpdateInput,
} from '../../contract/resources/categories/definition';
import type { Db } from '../db/client';
import { categories, products } from '../db/schema';
import { notFound } from '../http-errors';
import { filter, registerList } from '../resources/list';
import { queryBoolean } from '../resources/params';
import { reorderRoute } from '../resources/reorder';
import { answerWith, served } from '../resources/routes';
import { storeCondition, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';
import { LocalStorage } from '../storage/local-storage';
import { removeStoredFiles } from '../storage/stored-files';

const NOT_FOUND = categoriesDefinition.messages.notFound!;
const rejected = failsWith(categoriesDefinition);

const categoryColumns = getTableColumns(categories);
const productColumns = getTableColumns(products);
type ProductRow = typeof products.$inferSelect;

/** `include=products` nests each category's products, in their order. */
const include = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()))
  .pipe(z.array(z.enum(['products'], { error: 'Inclusão inválida: use products.' })))
  .optional();

/** Each category's products, ordered by list_priority: one query for all of them. */
async function productsOf(db: Db, categoryIds: number[]): Promise<Map<number, ProductRow[]>> {
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

/**
 * Categories (restaurant spec 2 "Products and categories", 3 Category, 7): the menu's sections,
 * in the store's order, each with its products in theirs.
 */
const categoryRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  const db = app.db;
  const storage = new LocalStorage(uploadsDir, app.db);
  const routes = served(categoriesDefinition);

  async function readCategory(request: FastifyRequest, id: number) {
    const [category] = await db
      .select(categoryColumns)
      .from(categories)
      .where(and(eq(categories.id, id), storeCondition(request, categories.store_id)));
    if (!category) throw notFound(NOT_FOUND);
    const nested = await productsOf(db, [category.id]);
    return { ...category, products: nested.get(category.id) ?? [] };
  }

  registerList(app, categoriesDefinition, {
    table: categories,
    columns: categoryColumns,
    store: categories.store_id,
    filters: {
      available: filter(queryBoolean.optional(), (available) => eq(categories.available, available)),
    },
    options: { include },
    decorate: async (rows, { query }) => {
      if (!(query.include as string[] | undefined)?.includes('products')) return rows;
      const nested = await productsOf(
        db,
        rows.map((row) => row.id as number),
      );
      return rows.map((row) => ({ ...row, products: nested.get(row.id as number) ?? [] }));
    },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readCategory(request, request.params.id) }),
  });

  /**
   * Answers the new category at `data.data` (spec 7: "returns data.data.id"), and at `data` as
   * well, so that a client reading either envelope finds it.
   */
  app.route({
    ...routes.create({
      response: { 201: answerWith(categoriesDefinition, { data: categoriesDefinition.record }) },
    }),
    handler: async (request, reply) => {
      const { store_id, ...values } = request.body;
      const storeId = await targetStore(db, request, store_id);
      const created = await db
        .transaction(async (tx) => {
          const [last] = await tx
            .select({ last: max(categories.list_order) })
            .from(categories)
            .where(eq(categories.store_id, storeId));
          const [category] = await tx
            .insert(categories)
            .values({ ...values, store_id: storeId, list_order: (last?.last ?? 0) + 1 })
            .returning(categoryColumns);
          return category!;
        })
        .catch(rejected);
      void reply.status(201);
      const category = { ...created, products: [] };
      return { data: { ...category, data: category } };
    },
  });

  app.route({
    ...routes.update({ body: categoryUpdateInput }),
    handler: async (request) => {
      const [updated] = await db
        .update(categories)
        .set({ ...request.body, updated_at: sql`now()` })
        .where(and(eq(categories.id, request.params.id), storeCondition(request, categories.store_id)))
        .returning({ id: categories.id })
        .catch(rejected);
      if (!updated) throw notFound(NOT_FOUND);
      return { data: await readCategory(request, updated.id) };
    },
  });

  /** Deletes the category, its products (by cascade), and the images stored for them. */
  app.route({
    ...routes.delete(),
    handler: async (request) => {
      const removed = await db.transaction(async (tx) => {
        const [category] = await tx
          .select({ id: categories.id, store_id: categories.store_id, image: categories.image })
          .from(categories)
          .where(and(eq(categories.id, request.params.id), storeCondition(request, categories.store_id)))
          .for('update');
        if (!category) throw notFound(NOT_FOUND);
        const pictures = await tx
          .select({ image: products.image, thumbnail: products.thumbnail, images: products.images })
          .from(products)
          .where(eq(products.category_id, category.id));
        await tx.delete(categories).where(eq(categories.id, category.id));
        const files = pictures.flatMap((p) => [p.image, p.thumbnail, ...p.images]);
        return { ...category, files: [category.image, ...files] };
      });
      await removeStoredFiles(storage, removed.files, removed.store_id, request.log);
      return { data: { id: removed.id } };
    },
  });

  /** The categories in their new order: `list_order` = position in the list. */
  reorderRoute(
    app,
    categoriesDefinition,
    { table: categories, id: categories.id, position: categories.list_order, store: categories.store_id },
    {
      missing: 'Alguma das categorias não existe mais. Recarregue a lista.',
      mixed: 'As categorias precisam ser do mesmo restaurante.',
    },
  );
};

export default categoryRoutes;
