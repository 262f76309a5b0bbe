/**
 * The audit trail (docs/ARCHITECTURE.md, "The audit trail"): every write the API answers with
 * success leaves exactly one row in `audit_events`, in the same transaction as the write.
 *
 * A write route's handler runs inside a transaction this plugin opens (server/db/scope.ts: `app.db`
 * is that transaction meanwhile); the database's triggers gather the rows the handler changed
 * (migration 0016), and when the handler returns, `audit_append()` writes the row — who, which
 * store, what, the changed fields before and after, the reason — onto the store's hash chain, and
 * the transaction commits. A handler that fails rolls its write and its row back together.
 *
 * A route says more with `noteAudit` (the action in the domain's words, the reason, a summary).
 * Routes that must not hold a transaction while they wait on something else (a password hash, a
 * slowed login, a point of sale, a file upload) declare `config.audit: 'manual'` and write their
 * own row with `recordAudit` in the transaction of their write. A successful write that leaves no
 * row, or two, is a bug: it is logged, and in the tests (`checkResponses`) answered with a 500.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../db/client';
import { inTransaction } from '../db/scope';
import { isWrite, onSendOfWrites, WRITES } from '../write-routes';
import { ADMIN } from '../auth/roles';

/**
 * What a route says of the write it makes, for its audit row: the action in the domain's words
 * (`settle`, `release`, `cancel-item`…), the record it concerns, the store, and the reason the
 * person gave. Anything left out is taken from the route (its resource, operation and id) and the
 * caller.
 */
export interface AuditNote {
  action?: string;
  resource?: string;
  recordId?: string | number;
  /** The store whose chain the row joins; null for the platform's. */
  storeId?: number | null;
  /** Why, in the words of the person who did it (required for money and cancellations). */
  reason?: string;
  /** A short line in Portuguese that says what happened ('Mesa 4 liberada com R$ 12,00 em Pix'). */
  summary?: string;
  /** Who, where the route has no caller yet (signing in). */
  accountId?: number;
  /** Who, by name, where no account acts ('Cliente na mesa (QR code)'). */
  actor?: string;
  sessionId?: string;
}

export type AuditMode = 'transaction' | 'manual';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a write route's audit row is written: around the handler (default), or by the handler
     * itself (`manual`, with `recordAudit`).
     */
    audit?: AuditMode;
  }
  interface FastifyRequest {
    auditNote?: AuditNote;
    /** The audit rows this request wrote (one for a successful write). */
    audited: number;
  }
}

const ACTION_OF_METHOD: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** Adds to what the request's audit row will say (later calls win, field by field). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}

/** The area of a route that serves no definition: `/auth/email` → `auth`, `/api/uploads` → `uploads`. */
function areaOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  return (parts[0] === 'api' ? parts[1] : parts[0]) ?? 'api';
}

function idOf(value: unknown): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && value !== '')) return String(value);
  return null;
}

/**
 * Writes the request's audit row in `db` (the write's transaction): the route's resource,
 * operation and record unless the note says otherwise; the caller's store for staff, else the
 * store of the rows changed when they are all one store's, else the platform.
 */
export async function recordAudit(
  db: Db,
  request: FastifyRequest,
  note: AuditNote = {},
  answer?: unknown,
): Promise<void> {
  const full = { ...request.auditNote, ...note };
  const config = request.routeOptions.config;
  const caller = request.caller;
  const params = request.params as Record<string, unknown> | undefined;
  const answered = (answer as { data?: { id?: unknown } } | null | undefined)?.data?.id;
  const staffStore = caller && caller.role !== ADMIN ? caller.storeId : null;
  const storeKnown = full.storeId !== undefined || staffStore !== null;
  const store = full.storeId !== undefined ? full.storeId : staffStore;
  await db.execute(sql`select audit_append(
    ${store}::integer,
    ${full.accountId ?? caller?.accountId ?? null}::integer,
    ${full.actor ?? null}::text,
    ${!storeKnown},
    ${full.sessionId ?? caller?.sessionId ?? null}::uuid,
    ${request.ip ?? null},
    ${full.resource ?? config.resource ?? areaOf(request.routeOptions.url ?? request.url)},
    ${idOf(full.recordId) ?? idOf(params?.id) ?? idOf(answered)},
    ${full.action ?? config.operation ?? ACTION_OF_METHOD[request.method] ?? request.method.toLowerCase()},
    ${full.summary ?? null},
    ${full.reason ?? null}
  )`);
  request.audited += 1;
}

export default fp<{ strict?: boolean }>(
  async (app, { strict = false }) => {
    app.decorateRequest('audited', 0);

    app.addHook('onRoute', (route) => {
      if (!isWrite(route.method) || route.config?.audit === 'manual') return;
      const handler = route.handler as RouteHandlerMethod;
      route.handler = async function audited(this: typeof app, request: FastifyRequest, reply: FastifyReply) {
        return inTransaction(app.db, async (tx) => {
          const answer: unknown = await handler.call(this, request, reply);
          if (reply.statusCode < 400) await recordAudit(tx, request, {}, answer);
          return answer;
        });
      } as RouteHandlerMethod;
    });

    // Every successful write leaves one row: a route that forgets its own, or writes two, is found.
    // A first answer given again for its Idempotency-Key did nothing, and leaves none.
    onSendOfWrites(app, async (request, reply, payload) => {
      if (!WRITES.has(request.method) || reply.statusCode >= 400 || !request.routeOptions.url) return payload;
      if (reply.getHeader('idempotent-replayed') === 'true') return payload;
      if (request.audited !== 1) {
        const message = `${request.method} ${request.routeOptions.url} deixou ${request.audited} registros no histórico (esperado: 1)`;
        request.log.error(message);
        if (strict) throw new Error(message);
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['database'] },
);
