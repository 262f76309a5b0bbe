import { and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEEDHUNTER_REQUIRED,
  PRODUCT_INVALID,
  mediaProblem,
  stories as storyDefinition,
  storyUpdateInput,
} from '../../contract/resources/stories/definition';
import { customers, products, stores, stories } from '../db/schema';
import { badRequest, notFound } from '../http-errors';
import { betweenDays, registerList } from '../resources/list';
import { served } from '../resources/routes';

const NOT_FOUND = storyDefinition.messages.notFound!;

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

/** A row of storyColumns: the story, and the names its left joins may not find. */
type StoryRow = typeof stories.$inferSelect & {
  hunter_fullname: string | null;
  hunter_username: string | null;
  product_name: string | null;
  store_name: string | null;
};

/** The author, the product and its store (every story has its author: the key is not null). */
function joined<Query extends PgSelect>(query: Query) {
  return query
    .leftJoin(customers, eq(customers.id, stories.customer_id))
    .leftJoin(products, eq(products.id, stories.product_id))
    .leftJoin(stores, eq(stores.id, stories.store_id));
}

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
  const routes = served(storyDefinition);

  async function readStory(id: number) {
    const [row] = await joined(app.db.select(storyColumns).from(stories).$dynamic()).where(
      eq(stories.id, id),
    );
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

  // Newest first, between two São Paulo dates, both included.
  registerList(app, storyDefinition, {
    table: stories,
    columns: storyColumns,
    join: joined,
    ...betweenDays(stories.created_at),
    // The joined columns become the nested feed hunter and product of the spec's shape.
    decorate: async (rows) => rows.map((row) => storyToApi(row as StoryRow)),
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readStory(request.params.id) }),
  });

  app.route({
    ...routes.create(),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routes.update({ body: storyUpdateInput }),
    handler: async (request) => {
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
  });

  app.route({
    ...routes.delete(),
    handler: async (request) => {
      const [removed] = await app.db
        .delete(stories)
        .where(eq(stories.id, request.params.id))
        .returning({ id: stories.id });
      if (!removed) throw notFound(NOT_FOUND);
      return { data: removed };
    },
  });
};

export default storyRoutes;
