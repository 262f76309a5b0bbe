import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await app.db.execute(sql`select 1`);
    return { data: { status: 'ok', database: app.database.kind } };
  });
};

export default healthRoutes;
