/**
 * `GET /api/live`: a store's live notices as server-sent events (the contract is in
 * contract/live.ts). The floor and the board keep one open and read again only what a notice
 * names, instead of waiting for their next poll.
 *
 * The caller is authenticated like any call, by its `Authorization` header (the web app reads the
 * stream with fetch, not EventSource, so that no token sits in a URL a log keeps), and checked
 * again whenever the database says its session or account changed, and every few minutes: a
 * signed-out session's stream ends at once, on every instance.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENTS, LIVE_PATH } from '../../contract/live';
import { bearerToken, callerOf } from '../plugins/access';
import { DATA_HEADERS, transportSecurity } from '../plugins/headers';
import { targetStore } from '../resources/scope';

/** A comment line this often keeps proxies and the tablet's Wi-Fi from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** The session is read again this often even without a notice (its expiry sends none). */
const RECHECK_MS = 5 * 60_000;
/** How long a client waits before reconnecting (the SSE `retry` field). */
const RETRY_MS = 1_000;
/** A client that reads nothing for this much queued text is dropped; it reconnects and catches up. */
const MAX_QUEUED_BYTES = 64 * 1024;

const ENDED_MESSAGE = 'Sessão expirada ou inválida. Entre novamente.';

function event(name: string, id: number | null, data: unknown): string {
  return `event: ${name}\n${id === null ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** The version a reconnecting client last saw (`Last-Event-ID`), or null. */
function lastSeen(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();

  // Closing the server ends the streams, which would otherwise keep it waiting.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    LIVE_PATH,
    {
      config: { access: 'store' },
      // A HEAD of a stream that never ends would never answer.
      exposeHeadRoute: false,
      schema: {
        summary: 'Avisos ao vivo do salão e da cozinha de um restaurante (text/event-stream)',
        operationId: 'streamStoreNotices',
        // The store named (store_id) may not exist.
        errors: [404],
        tags: ['Pedidos'],
        querystring: z.strictObject({ store_id: z.coerce.number().int().positive().optional() }),
        response: {
          200: z
            .string()
            .describe('text/event-stream: eventos ready, change, reset e ended (ver contract/live.ts)'),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const token = bearerToken(request)!;
      const storeId = await targetStore(app.db, request, request.query.store_id);
      const since = lastSeen(request.headers['last-event-id']);

      const raw: ServerResponse = reply.raw;
      let ended = false;
      let ready = false;
      const waiting: string[] = [];

      const write = (text: string) => {
        if (ended) return;
        if (!ready) {
          waiting.push(text);
          return;
        }
        raw.write(text);
        if (raw.writableLength > MAX_QUEUED_BYTES) end();
      };

      // The newest version the client was told of: a notice that comes late (its commit was
      // already read when the stream opened) tells nothing new.
      let told = Number.MAX_SAFE_INTEGER;
      const stopChanges = app.live.watchStore(storeId, (change) => {
        if (change.version <= told) return;
        told = change.version;
        write(event(LIVE_EVENTS.change, change.version, change));
      });
      const check = () => {
        app.callerOfToken(token).then(
          (now) => {
            if (ended) return;
            if (!now || now.storeId !== caller.storeId || now.role !== caller.role) {
              raw.write(event(LIVE_EVENTS.ended, null, { message: ENDED_MESSAGE }));
              end();
            }
          },
          (error: unknown) => request.log.warn({ err: error }, 'sessão do aviso ao vivo não verificada'),
        );
      };
      const stopAccess = app.live.watchAccess(caller.accountId, caller.sessionId, check);
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      const recheck = setInterval(check, RECHECK_MS);

      function end() {
        if (ended) return;
        ended = true;
        stopChanges();
        stopAccess();
        clearInterval(heartbeat);
        clearInterval(recheck);
        open.delete(end);
        raw.end();
      }
      open.add(end);
      // The response's close: the client went away (the request's own 'close' comes earlier).
      raw.on('close', end);

      // Watching starts before the version is read, so that no change falls in between. A client
      // that reconnects is told what it missed from the store's events, on whichever instance.
      const missed = since === null ? null : await app.live.missedSince(storeId, since);
      const version = Math.max(await app.live.versionOf(storeId), missed?.version ?? 0);
      told = version;
      reply.hijack();
      if (ended) return;
      raw.writeHead(200, {
        // What the reply holds so far, and the security headers of every answer that is not a page
        // (a hijacked reply skips the onSend hook that sets them).
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        ...DATA_HEADERS,
        ...transportSecurity(request),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and other proxies would hold the events back in their buffers.
        'x-accel-buffering': 'no',
        // A stream's connection serves nothing after it: closed with it, never left idle for a
        // server that is shutting down to wait on.
        connection: 'close',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      raw.write(event(LIVE_EVENTS.ready, version, { store: storeId, version }));
      // Whatever moved while the client was away is told at once: the topics it missed, or, past
      // the events kept, that everything is to be read again.
      if (missed?.kind === 'change') {
        raw.write(
          event(LIVE_EVENTS.change, missed.version, {
            store: storeId,
            version: missed.version,
            topics: missed.topics,
          }),
        );
      } else if (missed?.kind === 'reset') {
        raw.write(event(LIVE_EVENTS.reset, missed.version, { store: storeId, version: missed.version }));
      }
      ready = true;
      for (const text of waiting.splice(0)) write(text);
    },
  );
};

export default liveRoutes;
