import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEEDHUNTER_REQUIRED,
  PRODUCT_INVALID,
  mediaProblem,
  storyCreateInput,
  storyListQuery,
  storyUpdateInput,
} from '../../src/resources/stories/definition';
import { customers, products, stores, stories } from '../db/schema';
import { badRequest, notFound } from '../http-errors';
import { idParams } from '../resources/params';

const NOT_FOUND = 'Post não encontrado.';

/** The day a yyyy-MM-dd date starts in São Paulo, as an instant. */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'America/Sao_Paulo')`;
const nextDayStart = (date: string) => sql`((${date}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;

const storyColumns = {
  id: stories.id,
  title: stories.title,
  customer_id: stories.customer_id,
  product_id: stories.product_id,
  store_id: stories.store_id,
  image_url: stories.image_url,
  video_url: stories.video_url,
  media_type: stories.media_type,
  created_at: stories.created_at,
  updated_at: stories.updated_at,
  hunter_fullname: customers.fullname,
  hunter_username: customers.username,
  product_name: products.name,
  store_name: stores.name,
};

type StoryRow = {
  [K in keyof typeof storyColumns]: (typeof storyColumns)[K]['_']['data'] | null;
};

/** The spec's shape: the feed hunter as `{ fullname, nickname }`, the product with its store. */
function storyToApi(row: StoryRow) {
  const { hunter_fullname, hunter_username, product_name, store_name, ...story } = row;
  return {
    ...story,
    feedhunter: { fullname: hunter_fullname, nickname: hunter_username },
    product:
      story.product_id !== null && product_name !== null
        ? { id: story.product_id, name: product_name, store_id: story.store_id, store_name }
        : null,
  };
}

/**
 * Featured posts (platform-admin spec 2.14 and 7 "Featured posts"), for platform administrators.
 * The author must be a feed hunter; a featured product brings its store along (the table's
 * composite key keeps product and store together).
 */
const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  function selectStories(where: SQL | undefined) {
    return app.db
      .select(storyColumns)
      .from(stories)
      .innerJoin(customers, eq(customers.id, stories.customer_id))
      .leftJoin(products, eq(products.id, stories.product_id))
      .leftJoin(stores, eq(stores.id, stories.store_id))
      .where(where);
  }

  async function readStory(id: number) {
    const [row] = await selectStories(eq(stories.id, id));
    if (!row) throw notFound(NOT_FOUND);
    return storyToApi(row);
  }

  async function assertFeedhunter(customerId: number) {
    const [hunter] = await app.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.feedhunter, true)));
    if (!hunter) throw badRequest(FEEDHUNTER_REQUIRED);
  }

  /** The store a product belongs to: the post's store follows its product. */
  async function storeOfProduct(productId: number | null): Promise<number | null> {
    if (productId === null) return null;
    const [product] = await app.db
      .select({ store_id: products.store_id })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw badRequest(PRODUCT_INVALID);
    return product.store_id;
  }

  app.get(
    '/api/stories',
    { config: { access: 'admin' }, schema: { querystring: storyListQuery } },
    async (request) => {
      const { offset, limit, start_at, end_at } = request.query;
      const conditions: SQL[] = [];
      if (start_at) conditions.push(sql`${stories.created_at} >= ${dayStart(start_at)}`);
      if (end_at) conditions.push(sql`${stories.created_at} < ${nextDayStart(end_at)}`);
      const rows = await selectStories(and(...conditions))
        .orderBy(desc(stories.created_at), desc(stories.id))
        .limit(limit)
        .offset(offset);
      return { data: rows.map(storyToApi) };
    },
  );

  app.get(
    '/api/stories/id/:id',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request) => ({ data: await readStory(request.params.id) }),
  );

  app.post(
    '/api/stories',
    { config: { access: 'admin' }, schema: { body: storyCreateInput } },
    async (request, reply) => {
      const { product_id = null, ...input } = request.body;
      await assertFeedhunter(input.customer_id);
      const store_id = await storeOfProduct(product_id);
      const [created] = await app.db
        .insert(stories)
        .values({ ...input, product_id, store_id })
        .returning({ id: stories.id });
      void reply.status(201);
      return { data: await readStory(created!.id) };
    },
  );

  app.patch(
    '/api/stories/id/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: storyUpdateInput } },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const [current] = await app.db
        .select({
          media_type: stories.media_type,
          image_url: stories.image_url,
          video_url: stories.video_url,
        })
        .from(stories)
        .where(eq(stories.id, id));
      if (!current) throw notFound(NOT_FOUND);
      const problem = mediaProblem({
        media_type: changes.media_type ?? current.media_type,
        image_url: changes.image_url === undefined ? current.image_url : changes.image_url,
        video_url: changes.video_url === undefined ? current.video_url : changes.video_url,
      });
      if (problem) throw badRequest(`${problem.message} (campo ${problem.field})`);
      if (changes.customer_id !== undefined) await assertFeedhunter(changes.customer_id);
      const values: Partial<typeof stories.$inferInsert> = { ...changes };
      if (changes.product_id !== undefined) values.store_id = await storeOfProduct(changes.product_id);
      const [updated] = await app.db
        .update(stories)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(stories.id, id))
        .returning({ id: stories.id });
      if (!updated) throw notFound(NOT_FOUND);
      return { data: await readStory(updated.id) };
    },
  );

  app.delete(
    '/api/stories/id/:id',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request) => {
      const [removed] = await app.db
        .delete(stories)
        .where(eq(stories.id, request.params.id))
        .returning({ id: stories.id });
      if (!removed) throw notFound(NOT_FOUND);
      return { data: removed };
    },
  );
};

export default storyRoutes;
