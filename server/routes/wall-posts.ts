import { and, eq, getTableColumns, min, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wall, wallPostUpdateInput } from '../../contract/resources/wall/definition';
import type { Db, Tx } from '../db/client';
import { wallPosts } from '../db/schema';
import { notFound } from '../http-errors';
import { registerList } from '../resources/list';
import { reorderRoute } from '../resources/reorder';
import { served } from '../resources/routes';
import { storeCondition, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';
import { LocalStorage } from '../storage/local-storage';
import { removeStoredFiles } from '../storage/stored-files';

const NOT_FOUND = wall.messages.notFound!;
const rejected = failsWith(wall);
const postColumns = getTableColumns(wallPosts);

/**
 * The app's order as one sortable number: pinned posts before every other, then by their place.
 * One expression (not two sort keys) so that the list's pages and its CSV batches, which page by
 * (sort value, id), keep the same order; 2^32 sets the groups apart whatever an int4 place holds.
 */
const appOrder: SQL = sql`(case when ${wallPosts.pinned} then 0 else 4294967296 end + ${wallPosts.list_order})`;

/**
 * The place that puts a post first among the store's pinned or unpinned posts: a new notice is
 * the one the staff want seen, and a post pinned or unpinned goes to the top of its new group.
 */
async function topPlace(db: Db | Tx, storeId: number, pinned: boolean): Promise<number> {
  const [first] = await db
    .select({ place: min(wallPosts.list_order) })
    .from(wallPosts)
    .where(and(eq(wallPosts.store_id, storeId), eq(wallPosts.pinned, pinned)));
  return (first?.place ?? 1) - 1;
}

/**
 * Wall posts (restaurant spec 2 "Wall (mural)", 3 Mural post, 7 Wall posts): the store's notices,
 * pinned ones first, then in the order the staff set with `PATCH /api/posts/reorder`. A post's
 * stored image goes with it, and with any change of image.
 */
const wallPostRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  const db = app.db;
  const storage = new LocalStorage(uploadsDir, app.db);
  const routes = served(wall);

  async function readPost(request: FastifyRequest, id: number) {
    const [post] = await db
      .select(postColumns)
      .from(wallPosts)
      .where(and(eq(wallPosts.id, id), storeCondition(request, wallPosts.store_id)));
    if (!post) throw notFound(NOT_FOUND);
    return post;
  }

  registerList(app, wall, {
    table: wallPosts,
    store: wallPosts.store_id,
    sorts: { list_order: appOrder },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readPost(request, request.params.id) }),
  });

  app.route({
    ...routes.create(),
    handler: async (request, reply) => {
      const { store_id, ...values } = request.body;
      const storeId = await targetStore(db, request, store_id);
      const created = await db
        .transaction(async (tx) => {
          const list_order = await topPlace(tx, storeId, values.pinned ?? false);
          const [post] = await tx
            .insert(wallPosts)
            .values({ ...values, store_id: storeId, list_order })
            .returning(postColumns);
          return post!;
        })
        .catch(rejected);
      void reply.status(201);
      return { data: created };
    },
  });

  app.route({
    ...routes.update({ body: wallPostUpdateInput }),
    handler: async (request) => {
      const current = await readPost(request, request.params.id);
      const values = request.body;
      const moved = values.pinned !== undefined && values.pinned !== current.pinned;
      const saved = await db
        .transaction(async (tx) => {
          const list_order = moved ? await topPlace(tx, current.store_id, values.pinned!) : undefined;
          const [post] = await tx
            .update(wallPosts)
            .set({ ...values, ...(list_order === undefined ? {} : { list_order }), updated_at: sql`now()` })
            .where(and(eq(wallPosts.id, current.id), eq(wallPosts.store_id, current.store_id)))
            .returning(postColumns);
          return post;
        })
        .catch(rejected);
      if (!saved) throw notFound(NOT_FOUND);
      // The picture the post no longer shows is nobody's: its file goes.
      if (current.image && current.image !== saved.image) {
        await removeStoredFiles(storage, [current.image], current.store_id, request.log);
      }
      return { data: saved };
    },
  });

  app.route({
    ...routes.delete(),
    handler: async (request) => {
      const [removed] = await db
        .delete(wallPosts)
        .where(and(eq(wallPosts.id, request.params.id), storeCondition(request, wallPosts.store_id)))
        .returning({ id: wallPosts.id, store_id: wallPosts.store_id, image: wallPosts.image });
      if (!removed) throw notFound(NOT_FOUND);
      await removeStoredFiles(storage, [removed.image], removed.store_id, request.log);
      return { data: { id: removed.id } };
    },
  });

  /** The posts in their new order: `list_order` = position in the list sent. */
  reorderRoute(
    app,
    wall,
    { table: wallPosts, id: wallPosts.id, position: wallPosts.list_order, store: wallPosts.store_id },
    {
      missing: 'Alguma das publicações não existe mais. Recarregue a lista.',
      mixed: 'As publicações precisam ser do mesmo restaurante.',
    },
  );
};

export default wallPostRoutes;
