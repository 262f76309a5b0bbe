import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves the built web app. The app routes with the URL hash, so every page is index.html;
 * unknown API paths still answer the JSON not-found.
 */
const webRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`Aplicação web não construída (${root}); rode npm run build. Só a API está no ar.`);
    return;
  }
  // Files, not API answers: kept out of the API reference.
  const sendApp = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/', sendApp, (_request, reply) => reply.sendFile('index.html', root, { maxAge: 0 }));
  app.get('/assets/*', sendApp, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // Hashed file names never change content, so browsers may keep them for a year.
    return reply.sendFile(path.join('assets', file), root, { maxAge: '365d', immutable: true });
  });
  app.get('/favicon.svg', sendApp, (_request, reply) => reply.sendFile('favicon.svg', root));
};

export default webRoutes;
