import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves stored files (demo images, and uploads when Firebase Storage is not configured) from
 * `DATA_DIR/uploads`. Names are unique and never reused, so browsers may keep them.
 */
const uploadRoutes: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  app.get('/uploads/*', { config: { access: 'public' } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // @fastify/static refuses paths that leave the root.
    return reply.sendFile(file, dir, { maxAge: '30d', immutable: true });
  });
};

export default uploadRoutes;
