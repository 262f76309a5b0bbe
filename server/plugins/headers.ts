import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** Answers that carry personal data or tokens: the API and the sign-in routes. */
const PRIVATE_PATHS = /^\/(api|auth)(\/|$|\?)/;

/**
 * Security headers for every answer (helmet), with two rules of our own:
 *
 * - `upgrade-insecure-requests` only when the request came over TLS (directly, or as
 *   X-Forwarded-Proto says behind a trusted proxy). A tablet on the restaurant's network reaches
 *   `http://192.168.x.y:3000`; told to upgrade, its browser would ask for the app's files over
 *   https, which nothing serves there, and show a blank page.
 * - `Cache-Control: no-store` on every API and sign-in answer, so that no browser or proxy keeps
 *   personal data or tokens; files (the web app, uploads) keep their own caching.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'", 'https:'],
          fontSrc: ["'self'", 'data:'],
          upgradeInsecureRequests: null,
        },
      },
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.protocol === 'https') {
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string')
          reply.header('content-security-policy', `${policy};upgrade-insecure-requests`);
      }
      if (PRIVATE_PATHS.test(request.url) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'headers' },
);
