import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { named, recordId } from '../../contract/lib/records';
import { products as productsDefinition } from '../../contract/resources/products/definition';
import { products, stores } from '../db/schema';
import { containsTerm, searchTerm, storeIdParam } from '../resources/params';
import { served } from '../resources/routes';
import { storeCondition } from '../resources/scope';

const namesQuery = z.strictObject({
  search: searchTerm.optional(),
  store_id: storeIdParam.optional(),
  limit: z.coerce
    .number({ error: 'Limite inválido.' })
    .int('Limite inválido.')
    .min(1, 'Limite inválido.')
    .max(50, 'No máximo 50 produtos por busca.')
    .default(20),
});

/** A product's name with its restaurant's, so that an administrator tells two stores' dishes apart. */
const productName = named.extend({ store_id: recordId, store_name: z.string() });

/**
 * Product names for pickers (restaurant spec 7 `GET /api/products/names`; the featured-post form
 * of the platform admin): staff see their own store's products, administrators every store's.
 */
const productNameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...served(productsDefinition).call('names', {
      operationId: 'listProductNames',
      querystring: namesQuery,
      response: { 200: z.object({ data: z.array(productName) }) },
    }),
    handler: async (request) => {
      const { search, store_id, limit } = request.query;
      // Staff naming another store find nothing: their own store's condition stays.
      const conditions = [storeCondition(request, products.store_id)];
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
  });
};

export default productNameRoutes;
