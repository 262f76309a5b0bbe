/**
 * The back-office's service worker (docs/offline.md). It makes the app a tablet can open with no
 * network once it has been visited:
 *
 * - the app shell and every screen's code are precached at install (the build lists them:
 *   scripts/serviceWorker.ts), so a reload during a Wi-Fi drop opens the floor, the board and the
 *   order entry as before; a new build replaces them all at once, and the old ones are removed;
 * - the API's reads go to the network first, and a copy of each answer is kept; with no network,
 *   the last copy answers, marked with `OFFLINE_COPY_HEADER` (when it was read), so the screens
 *   say how old it is instead of passing it off as fresh;
 * - nothing else is touched: writes (the outbox's business), the live stream, files, the guest
 *   page and the API reference go straight to the network.
 *
 * Built apart from the app as one classic script, `/sw.js` (scripts/serviceWorker.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { API_CACHE, OFFLINE_COPY_HEADER, isCachedRead, isKeptAnswer } from './rules';

declare const self: ServiceWorkerGlobalScope;
/** The build's files with their revisions, written in at build time. */
declare const __PRECACHE__: Array<{ url: string; revision: string | null }>;

precacheAndRoute(__PRECACHE__);
cleanupOutdatedCaches();

// Every page of the back-office is '/' (it routes with the URL hash). The guest page, the API, the
// files and the reference are not the app's shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/'), {
    denylist: [/^\/(mesa|api|auth|uploads|docs|documentation)(\/|$|\?)/],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && isCachedRead(request.method, url.pathname, request.headers.get('accept')),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      // Enough for a store's screens (floor, open tabs, board, menu) and an administrator's
      // last visits; a day old is no use to anyone.
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 24 * 60 * 60 }),
      {
        // Only a complete JSON answer is worth keeping: not a 304 (the page holds that one).
        cacheWillUpdate: async ({ response }) =>
          isKeptAnswer(response.status, response.headers.get('content-type')) ? response : null,
        // Served from the copy only when the network failed: say so, and since when. A page that
        // asks with `If-None-Match` holds an answer at least as new as the copy (every 200 it
        // read since this worker came passed through here): it is told the network failed, and
        // keeps what it shows.
        cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
          if (!cachedResponse || request.headers.has('if-none-match')) return null;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_COPY_HEADER, cachedResponse.headers.get('date') ?? new Date(0).toUTCString());
          return new Response(cachedResponse.body, {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

// A new version takes over at once: its precache is complete before it activates, and the pages
// keep running the code they loaded until they are reloaded.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
