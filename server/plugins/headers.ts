import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers that carry personal data or tokens: the API and the sign-in routes. */
const PRIVATE_PATHS = /^\/(api|auth)(\/|$|\?)/;

const HSTS = 'max-age=31536000; includeSubDomains';

/** A page's policy: the app's own scripts only; pictures and media also from https and blobs. */
const PAGE_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob: https:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "media-src 'self' blob: https:",
  "connect-src 'self' https:",
].join(';');

/** What a page (HTML: the web app, the API reference) needs to be safe in a browser. */
const PAGE_HEADERS = {
  'content-security-policy': PAGE_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const PAGE_HEADERS_TLS = {
  ...PAGE_HEADERS,
  'content-security-policy': `${PAGE_POLICY};upgrade-insecure-requests`,
};

/**
 * What everything that is not a page needs (JSON, event streams, CSV, scripts, pictures, stored
 * files): never sniffed into something else, not readable by another site's page, and — opened
 * on its own, as a stored SVG could be — allowed to run nothing and to be framed by no one. The
 * rest of a page's headers only instruct a document, and cost ~700 bytes on every API answer.
 */
export const DATA_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

const OVER_TLS = { 'strict-transport-security': HSTS };
const OVER_PLAIN_HTTP = {};

/**
 * HSTS only on an answer that went over TLS (directly, or as X-Forwarded-Proto says behind a
 * trusted proxy): browsers ignore it over plain http, and a LAN tablet's `http://192.168.x.y` must
 * never be told its server speaks https.
 */
export function transportSecurity(request: FastifyRequest): Readonly<Record<string, string>> {
  return request.protocol === 'https' ? OVER_TLS : OVER_PLAIN_HTTP;
}

/**
 * Security headers for every answer, written once at start and chosen by what the answer is:
 *
 * - `upgrade-insecure-requests` on pages, and HSTS on every answer, only when the request came
 *   over TLS (directly, or as X-Forwarded-Proto says behind a trusted proxy). A tablet on the
 *   restaurant's network reaches `http://192.168.x.y:3000`; told to upgrade, its browser would ask
 *   for the app's files over https, which nothing serves there, and show a blank page.
 * - `Cache-Control: no-store` on every API and sign-in answer, so that no browser or proxy keeps
 *   personal data or tokens; files (the web app, uploads) keep their own caching.
 * - A route that sets its own policy keeps it.
 */
export default fp(
  async (app) => {
    // A callback, not an async function: it runs on every answer, and needs no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      // A 304 updates the headers the browser keeps with its copy: it must not bring a policy of
      // its own (untyped, it would get the data's, and a reloaded page would run nothing).
      if (reply.statusCode !== 304) {
        const type = reply.getHeader('content-type');
        const page = typeof type === 'string' && type.startsWith('text/html');
        const tls = request.protocol === 'https';
        const set = page ? (tls ? PAGE_HEADERS_TLS : PAGE_HEADERS) : DATA_HEADERS;
        if (reply.hasHeader('content-security-policy')) {
          const { 'content-security-policy': _own, ...rest } = set;
          reply.headers(rest);
        } else {
          reply.headers(set);
        }
        reply.headers(transportSecurity(request));
      }
      if (PRIVATE_PATHS.test(request.url) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'headers' },
);
