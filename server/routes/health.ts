import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthAnswer = z.object({
  data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Saúde'],
        summary: 'Verificar se a API e o banco de dados respondem',
        response: { 200: healthAnswer },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { data: { status: 'ok' as const, database: app.database.kind } };
    },
  );
};

export default healthRoutes;
