import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complementGroupInput,
  complementGroups as groupsDefinition,
  complementGroupUpdateInput,
  GROUP_MAX_BELOW_MIN,
  GROUP_RANGE,
} from '../../src/resources/complementGroups/definition';
import { type Db, pgConstraint, pgErrorCode } from '../db/client';
import { complementGroupProducts, complementGroups, products } from '../db/schema';
import { badRequest, notFound } from '../http-errors';
import { storeCondition } from '../resources/scope';
import { containsTerm, idParams, paging, sortOrder } from '../resources/params';
import {
  expectInStore,
  GROUP_NOT_FOUND,
  listScope,
  PRODUCT_NOT_FOUND,
  storeFilter,
  targetStore,
} from './products';

const groupColumns = getTableColumns(complementGroups);
type GroupRow = typeof complementGroups.$inferSelect;

const sortable = {
  id: complementGroups.id,
  name: complementGroups.name,
  created_at: complementGroups.created_at,
} as const;

const listQuery = z.strictObject({
  ...paging(groupsDefinition.list.perPage),
  sort_field: z
    .enum(Object.keys(sortable) as [keyof typeof sortable], { error: 'Campo de ordenação inválido.' })
    .default('name'),
  sort_order: sortOrder,
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  store_id: storeFilter,
});

const productLinkParams = z.object({ group_id: idParams.shape.id, prod_id: idParams.shape.id });

function groupWriteError(error: unknown): never {
  if (pgErrorCode(error) === '23514' && pgConstraint(error) === 'complement_groups_range_check') {
    throw badRequest(GROUP_MAX_BELOW_MIN);
  }
  if (pgErrorCode(error) === '23503' && pgConstraint(error)?.startsWith('complement_group_products')) {
    throw notFound(PRODUCT_NOT_FOUND);
  }
  throw error;
}

/**
 * Complement groups (restaurant spec 2, 3 Complement group, 5, 9): choices offered with a product,
 * 0 to 10 of them, among products of the same store; products are ids on save, `{ id, name }` on read.
 */
const complementGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** Each group's option products, in their order. */
  async function productsOf(groupIds: number[]) {
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

  async function findGroup(request: FastifyRequest, id: number): Promise<GroupRow> {
    const [group] = await db
      .select(groupColumns)
      .from(complementGroups)
      .where(and(eq(complementGroups.id, id), storeCondition(request, complementGroups.store_id)));
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  async function readGroup(request: FastifyRequest, id: number) {
    const group = await findGroup(request, id);
    const options = await productsOf([group.id]);
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

  app.get(
    '/api/complement-groups',
    { config: { access: 'store' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const conditions = listScope(request, complementGroups.store_id, q.store_id);
      if (q.search) conditions.push(containsTerm(q.search, complementGroups.name));
      const where = and(...conditions);
      const order = q.sort_order === 'ASC' ? asc : desc;
      const [rows, [count]] = await Promise.all([
        db
          .select(groupColumns)
          .from(complementGroups)
          .where(where)
          .orderBy(order(sortable[q.sort_field]), order(complementGroups.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(complementGroups)
          .where(where),
      ]);
      const options = await productsOf(rows.map((r) => r.id));
      return {
        data: {
          results: rows.map((r) => ({ ...r, products: options.get(r.id) ?? [] })),
          total: count?.total ?? 0,
        },
      };
    },
  );

  app.get(
    '/api/complement-groups/id/:id',
    { config: { access: 'store' }, schema: { params: idParams } },
    async (request) => ({ data: await readGroup(request, request.params.id) }),
  );

  app.post(
    '/api/complement-groups',
    { config: { access: 'store' }, schema: { body: complementGroupInput } },
    async (request, reply) => {
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
        .catch(groupWriteError);
      void reply.status(201);
      return { data: await readGroup(request, created.id) };
    },
  );

  app.patch(
    '/api/complement-groups/id/:id',
    { config: { access: 'store' }, schema: { params: idParams, body: complementGroupUpdateInput } },
    async (request) => {
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
        .catch(groupWriteError);
      return { data: await readGroup(request, current.id) };
    },
  );

  app.delete(
    '/api/complement-groups/id/:id',
    { config: { access: 'store' }, schema: { params: idParams } },
    async (request) => {
      const [removed] = await db
        .delete(complementGroups)
        .where(
          and(eq(complementGroups.id, request.params.id), storeCondition(request, complementGroups.store_id)),
        )
        .returning({ id: complementGroups.id });
      if (!removed) throw notFound(GROUP_NOT_FOUND);
      return { data: removed };
    },
  );

  /** Takes one product out of a group (the chip's remove control); answers the group as it is now. */
  app.delete(
    '/api/complement-groups/id/:group_id/products/:prod_id',
    { config: { access: 'store' }, schema: { params: productLinkParams } },
    async (request) => {
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
  );
};

export default complementGroupRoutes;
