import { and, asc, eq, getTableColumns, inArray, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { listAnswer } from '../../contract/answers';
import { categories as categoriesDefinition } from '../../contract/resources/categories/definition';
import { complementGroups as groupsDefinition } from '../../contract/resources/complementGroups/definition';
import { kitchens as kitchensDefinition } from '../../contract/resources/kitchens/definition';
import {
  PRODUCT_ALREADY_IMPORTED,
  PRODUCT_CODE_TAKEN,
  productPickerRow,
  products as productsDefinition,
  productUpdateInput,
} from '../../contract/resources/products/definition';
import type { Db } from '../db/client';
import { categories, complementGroups, kitchens, productComplementGroups, products } from '../db/schema';
import { notFound } from '../http-errors';
import { createList, filter, listQuery, registerList, type ListSource } from '../resources/list';
import { idParam, queryBoolean } from '../resources/params';
import { reorderRoute } from '../resources/reorder';
import { served } from '../resources/routes';
import { expectInStore, storeCondition, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';
import { LocalStorage } from '../storage/local-storage';
import { removeStoredFiles } from '../storage/stored-files';

const NOT_FOUND = productsDefinition.messages.notFound!;
const CATEGORY_NOT_FOUND = categoriesDefinition.messages.notFound!;
const KITCHEN_NOT_FOUND = kitchensDefinition.messages.notFound!;
const GROUP_NOT_FOUND = groupsDefinition.messages.notFound!;

/**
 * The products table's rules in the users' words: a code and an imported point-of-sale item name
 * one product of a store, and a product's category, kitchen and groups are of its own store.
 */
const rejected = failsWith(productsDefinition, {
  products_store_integration_key: PRODUCT_ALREADY_IMPORTED,
  products_store_code_key: PRODUCT_CODE_TAKEN,
  products_kitchen_fk: KITCHEN_NOT_FOUND,
  products_category_fk: CATEGORY_NOT_FOUND,
  'product_complement_groups*': GROUP_NOT_FOUND,
});

const productColumns = getTableColumns(products);

/** The filters the pickers' simple list shares with the full list. */
const pickerFilters = {
  category_id: filter(idParam.optional(), (id) => eq(products.category_id, id)),
  available: filter(queryBoolean.optional(), (available) => eq(products.available, available)),
  complement_only: filter(queryBoolean.optional(), (only) => eq(products.complement_only, only)),
};

/** The pickers' light rows. */
const pickerSource = {
  table: products,
  row: productPickerRow,
  store: products.store_id,
  filters: pickerFilters,
} satisfies ListSource;
/**
 * What a picker asks: pages of 1000 by default (the whole store at once, where the list pages by
 * 50), always in the order of names, so no sort of its own, and no CSV.
 */
const pickerQuery = listQuery(
  { ...productsDefinition, list: { ...productsDefinition.list, perPage: 1000 } },
  pickerSource,
).omit({ sort_field: true, sort_order: true, format: true });

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
function withComplements<P extends Record<string, unknown>>(
  product: P,
  byProduct: Map<number, { id: number; name: string }[]>,
) {
  const groups = byProduct.get(product.id as number) ?? [];
  return { ...product, complements: groups.map((g) => g.id), complement_groups: groups };
}

/**
 * Products (restaurant spec 2 "Products and categories", 3 Product, 5, 7): store-scoped; a
 * product's category, kitchen and complement groups are always of its own store.
 */
const productRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  const db = app.db;
  const storage = new LocalStorage(uploadsDir, app.db);
  const routes = served(productsDefinition);

  async function readProduct(request: FastifyRequest, id: number) {
    const [product] = await db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.id, id), storeCondition(request, products.store_id)));
    if (!product) throw notFound(NOT_FOUND);
    return withComplements(product, await complementsOf(db, [product.id]));
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

  registerList(app, productsDefinition, {
    table: products,
    columns: productColumns,
    store: products.store_id,
    filters: {
      ...pickerFilters,
      kitchen_id: filter(idParam.optional(), (id) => eq(products.kitchen_id, id)),
    },
    decorate: async (rows) => {
      const byProduct = await complementsOf(
        db,
        rows.map((row) => row.id as number),
      );
      return rows.map((row) => withComplements(row, byProduct));
    },
  });

  const picker = createList(db, productsDefinition, pickerSource);
  app.route({
    ...routes.call('simplelist', {
      operationId: 'listProductOptions',
      querystring: pickerQuery,
      response: { 200: listAnswer(productsDefinition.envelope.list, productPickerRow) },
    }),
    handler: async (request) => {
      const { rows, total } = await picker.page(request, {
        ...request.query,
        sort_field: 'name',
        sort_order: 'ASC',
      });
      // The rows are the picker row's columns, selected by createList from that schema.
      return { data: { results: rows as z.output<typeof productPickerRow>[], total } };
    },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readProduct(request, request.params.id) }),
  });

  app.route({
    ...routes.create(),
    handler: async (request, reply) => {
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
        .catch(rejected);
      void reply.status(201);
      return { data: await readProduct(request, created.id) };
    },
  });

  app.route({
    ...routes.update({ body: productUpdateInput }),
    handler: async (request) => {
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
        .catch(rejected);
      const saved = await readProduct(request, current.id);
      // Images the product no longer shows are not needed by anyone: their files go.
      const kept = new Set([saved.image, saved.thumbnail, ...saved.images]);
      const dropped = [current.image, current.thumbnail, ...current.images].filter(
        (url) => url && !kept.has(url),
      );
      await removeStoredFiles(storage, dropped, storeId, request.log);
      return { data: saved };
    },
  });

  /** Deletes the product and the images stored for it. */
  app.route({
    ...routes.delete(),
    handler: async (request) => {
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
      if (!removed) throw notFound(NOT_FOUND);
      const { image, thumbnail, images, store_id } = removed;
      await removeStoredFiles(storage, [image, thumbnail, ...images], store_id, request.log);
      return { data: { id: removed.id } };
    },
  });

  /**
   * The products in their new order: `list_priority` = position in the list. Products are listed
   * by category, then priority, so one call may carry one category or several.
   */
  reorderRoute(
    app,
    productsDefinition,
    { table: products, id: products.id, position: products.list_priority, store: products.store_id },
    {
      missing: 'Algum dos produtos não existe mais. Recarregue a lista.',
      mixed: 'Os produtos precisam ser do mesmo restaurante.',
    },
  );
};

export default productRoutes;
