import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products, stores } from '../db/schema';
import { storeCondition } from '../resources/scope';
import { containsTerm } from '../resources/params';

const namesQuery = z.strictObject({
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  store_id: z.coerce
    .number({ error: 'Restaurante inválido.' })
    .int('Restaurante inválido.')
    .positive('Restaurante inválido.')
    .max(2_147_483_647, 'Restaurante inválido.')
    .optional(),
  limit: z.coerce
    .number({ error: 'Limite inválido.' })
    .int('Limite inválido.')
    .min(1, 'Limite inválido.')
    .max(50, 'No máximo 50 produtos por busca.')
    .default(20),
});

/**
 * Product names for pickers (restaurant spec 7 `GET /api/products/names`; the featured-post form
 * of the platform admin): staff see their own store's products, administrators every store's.
 */
const productNameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products/names',
    { config: { access: 'store' }, schema: { querystring: namesQuery } },
    async (request) => {
      const { search, store_id, limit } = request.query;
      const conditions: SQL[] = [storeCondition(request, products.store_id)];
      if (store_id) conditions.push(eq(products.store_id, store_id));
      if (search) conditions.push(containsTerm(search, products.name));
      const data = await app.db
        .select({
          id: products.id,
          name: products.name,
          store_id: products.store_id,
          store_name: stores.name,
        })
        .from(products)
        .innerJoin(stores, eq(stores.id, products.store_id))
        .where(and(...conditions))
        .orderBy(asc(products.name), asc(stores.name), asc(products.id))
        .limit(limit);
      return { data };
    },
  );
};

export default productNameRoutes;
