import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complementGroups as groupsDefinition,
  complementGroupUpdateInput,
  GROUP_MAX_BELOW_MIN,
  GROUP_RANGE,
} from '../../contract/resources/complementGroups/definition';
import { products as productsDefinition } from '../../contract/resources/products/definition';
import type { Db } from '../db/client';
import { complementGroupProducts, complementGroups, products } from '../db/schema';
import { badRequest, notFound } from '../http-errors';
import { registerList } from '../resources/list';
import { idParam } from '../resources/params';
import { served } from '../resources/routes';
import { expectInStore, storeCondition, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';

const NOT_FOUND = groupsDefinition.messages.notFound!;
const PRODUCT_NOT_FOUND = productsDefinition.messages.notFound!;

/** The groups' rules in the users' words: the limits' range, and options of the group's own store. */
const rejected = failsWith(groupsDefinition, {
  complement_groups_range_check: GROUP_MAX_BELOW_MIN,
  'complement_group_products*': PRODUCT_NOT_FOUND,
});

const groupColumns = getTableColumns(complementGroups);
type GroupRow = typeof complementGroups.$inferSelect;

const productLinkParams = z.object({ group_id: idParam, prod_id: idParam });

/** Each group's option products, in their order: one query for all of them. */
async function productsOf(db: Db, groupIds: number[]) {
  const byGroup = new Map<number, { id: number; name: string }[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ group_id: complementGroupProducts.group_id, id: products.id, name: products.name })
    .from(complementGroupProducts)
    .innerJoin(products, eq(products.id, complementGroupProducts.product_id))
    .where(inArray(complementGroupProducts.group_id, groupIds))
    .orderBy(asc(complementGroupProducts.position), asc(products.id));
  for (const row of rows) {
    const list = byGroup.get(row.group_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byGroup.set(row.group_id, list);
  }
  return byGroup;
}

/**
 * Complement groups (restaurant spec 2, 3 Complement group, 5, 9): choices offered with a product,
 * 0 to 10 of them, among products of the same store; products are ids on save, `{ id, name }` on read.
 */
const complementGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(groupsDefinition);

  async function findGroup(request: FastifyRequest, id: number): Promise<GroupRow> {
    const [group] = await db
      .select(groupColumns)
      .from(complementGroups)
      .where(and(eq(complementGroups.id, id), storeCondition(request, complementGroups.store_id)));
    if (!group) throw notFound(NOT_FOUND);
    return group;
  }

  async function readGroup(request: FastifyRequest, id: number) {
    const group = await findGroup(request, id);
    const options = await productsOf(db, [group.id]);
    return { ...group, products: options.get(group.id) ?? [] };
  }

  async function replaceProducts(tx: Db, groupId: number, storeId: number, productIds: number[]) {
    await tx.delete(complementGroupProducts).where(eq(complementGroupProducts.group_id, groupId));
    if (productIds.length === 0) return;
    await tx.insert(complementGroupProducts).values(
      productIds.map((product_id, position) => ({
        group_id: groupId,
        product_id,
        store_id: storeId,
        position,
      })),
    );
  }

  registerList(app, groupsDefinition, {
    table: complementGroups,
    columns: groupColumns,
    store: complementGroups.store_id,
    decorate: async (rows) => {
      const options = await productsOf(
        db,
        rows.map((row) => row.id as number),
      );
      return rows.map((row) => ({ ...row, products: options.get(row.id as number) ?? [] }));
    },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readGroup(request, request.params.id) }),
  });

  app.route({
    ...routes.create(),
    handler: async (request, reply) => {
      const { store_id, products: productIds, ...values } = request.body;
      const storeId = await targetStore(db, request, store_id);
      await expectInStore(db, products, productIds, storeId, PRODUCT_NOT_FOUND);
      const created = await db
        .transaction(async (tx) => {
          const [group] = await tx
            .insert(complementGroups)
            .values({ ...values, store_id: storeId })
            .returning({ id: complementGroups.id });
          await replaceProducts(tx, group!.id, storeId, productIds);
          return group!;
        })
        .catch(rejected);
      void reply.status(201);
      return { data: await readGroup(request, created.id) };
    },
  });

  app.route({
    ...routes.update({ body: complementGroupUpdateInput }),
    handler: async (request) => {
      const current = await findGroup(request, request.params.id);
      const { products: productIds, ...values } = request.body;
      // One of the two limits alone is checked against the other one as it is stored.
      const min = values.min_items ?? current.min_items;
      const maxItems = values.max_items ?? current.max_items;
      if (min < 0 || maxItems > 10) throw badRequest(GROUP_RANGE);
      if (maxItems < min) throw badRequest(GROUP_MAX_BELOW_MIN);
      if (productIds) await expectInStore(db, products, productIds, current.store_id, PRODUCT_NOT_FOUND);
      await db
        .transaction(async (tx) => {
          if (Object.keys(values).length > 0) {
            await tx
              .update(complementGroups)
              .set({ ...values, updated_at: sql`now()` })
              .where(eq(complementGroups.id, current.id));
          }
          if (productIds) await replaceProducts(tx, current.id, current.store_id, productIds);
        })
        .catch(rejected);
      return { data: await readGroup(request, current.id) };
    },
  });

  app.route({
    ...routes.delete(),
    handler: async (request) => {
      const [removed] = await db
        .delete(complementGroups)
        .where(
          and(eq(complementGroups.id, request.params.id), storeCondition(request, complementGroups.store_id)),
        )
        .returning({ id: complementGroups.id });
      if (!removed) throw notFound(NOT_FOUND);
      return { data: removed };
    },
  });

  /** Takes one product out of a group (the chip's remove control); answers the group as it is now. */
  app.route({
    ...routes.call('removeProduct', {
      params: productLinkParams,
      response: routes.one().schema.response,
    }),
    handler: async (request) => {
      const group = await findGroup(request, request.params.group_id);
      const [removed] = await db
        .delete(complementGroupProducts)
        .where(
          and(
            eq(complementGroupProducts.group_id, group.id),
            eq(complementGroupProducts.product_id, request.params.prod_id),
          ),
        )
        .returning({ product_id: complementGroupProducts.product_id });
      if (!removed) throw notFound('Este produto não está no grupo.');
      return { data: await readGroup(request, group.id) };
    },
  });
};

export default complementGroupRoutes;
