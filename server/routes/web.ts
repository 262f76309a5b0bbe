import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/** The encodings the build writes beside each text asset (scripts/precompress.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Whether an Accept-Encoding header takes `encoding` (not refused with q=0). */
function accepts(header: string | undefined, encoding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== encoding) return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves the built web app. The back-office routes with the URL hash, so every page of it is
 * index.html; the guest page is mesa.html at `/mesa`;
 * unknown API paths still answer the JSON not-found. Assets go out as the build compressed them
 * (brotli 11 or gzip 9), never compressed again per request.
 */
const webRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`Aplicação web não construída (${root}); rode npm run build. Só a API está no ar.`);
    return;
  }
  // Files, not API answers: kept out of the API reference.
  const sendApp = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/', sendApp, (_request, reply) => reply.sendFile('index.html', root, { maxAge: 0 }));
  // The guest page a table's QR code opens (docs/guest-page.md): a page of its own, asked again
  // on every visit (its scripts' names change with each build), open to anyone with the link.
  if (fs.existsSync(path.join(root, 'mesa.html'))) {
    // One route answers '/mesa' and '/mesa/' (the router ignores a trailing slash).
    app.get('/mesa', sendApp, (_request, reply) =>
      reply.header('cache-control', 'public, no-cache').sendFile('mesa.html', root, { cacheControl: false }),
    );
  }
  // The compressed twins the build wrote; only these exact names are ever opened from here.
  const assets = path.join(root, 'assets');
  const compressed = new Set(fs.existsSync(assets) ? fs.readdirSync(assets) : []);
  app.get('/assets/*', sendApp, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // Hashed file names never change content, so browsers may keep them for a year.
    const type = TYPES[path.extname(file)];
    const twin = PRECOMPRESSED.find(
      ({ encoding, suffix }) =>
        compressed.has(`${file}${suffix}`) && accepts(request.headers['accept-encoding'], encoding),
    );
    if (type && twin) {
      return reply
        .type(type)
        .header('content-encoding', twin.encoding)
        .header('vary', 'accept-encoding')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(path.join(assets, `${file}${twin.suffix}`)));
    }
    return reply.sendFile(path.join('assets', file), root, { maxAge: '365d', immutable: true });
  });
  // Asked on every page by the browser: kept a day, not fetched again on each navigation.
  app.get('/favicon.svg', sendApp, (_request, reply) =>
    reply.sendFile('favicon.svg', root, { maxAge: '1d' }),
  );
  // The app as a tablet installs it (docs/offline.md): its manifest and icons, and the service
  // worker, asked again on every visit so a new build reaches the tablets at once. The worker's
  // policy is its own: it fetches the app's files and the API's reads, from this origin only.
  if (fs.existsSync(path.join(root, 'sw.js'))) {
    app.get('/sw.js', sendApp, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', "default-src 'self';frame-ancestors 'none'")
        .sendFile('sw.js', root, { cacheControl: false }),
    );
  }
  app.get('/manifest.webmanifest', sendApp, (_request, reply) =>
    reply.type('application/manifest+json').sendFile('manifest.webmanifest', root, { maxAge: '1d' }),
  );
  app.get('/icons/:file', sendApp, (request, reply) =>
    reply.sendFile(path.join('icons', path.basename((request.params as { file: string }).file)), root, {
      maxAge: '7d',
    }),
  );
};

export default webRoutes;
