import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type {
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { closingTransactionsWith } from '../db/scope';
import { badRequest, conflict, HttpError } from '../http-errors';
import { hooksOf, isWrite } from '../write-routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every write route takes an `Idempotency-Key` header: the same request sent again with the
     * same key gets the first answer, and the write is done once. `false` opts a route out, with
     * a comment that says why (an answer that carries a secret must not be kept at rest).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it is the first with it (server/plugins/idempotency.ts). */
    idempotencyClaim?: Claim;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_INVALID =
  'Chave de idempotência inválida: use de 8 a 128 caracteres visíveis (letras, números e símbolos, sem espaços nem acentos).';
export const KEY_REUSED =
  'Esta chave de idempotência já foi usada com outro pedido. Gere uma chave nova para um pedido diferente.';
export const KEY_IN_FLIGHT =
  'Um pedido com esta chave de idempotência ainda está em andamento. Tente novamente em instantes.';
export const KEY_APPLIED =
  'Este pedido já foi feito, mas a resposta dele se perdeu. Consulte os dados de novo antes de repetir.';

/** How long a repeated request waits for the first one's answer before it is told to retry. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
/** Between two reads of the key, when the first request runs on another instance. */
const POLL_MS = 100;
/**
 * A first request that has not answered in this long died with its server (a crash between the
 * write and the answer): the next request with its key and body takes it over.
 */
const ABANDONED_AFTER = sql`interval '2 minutes'`;
/** Keys are kept for a day: long enough for any retry, short enough to stay a small table. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

const keyHeader = z
  .string({ error: KEY_INVALID })
  .regex(KEY_PATTERN, KEY_INVALID)
  .optional()
  .describe(
    'Uma chave por pedido (8 a 128 caracteres ASCII visíveis; um UUID serve). O mesmo pedido reenviado ' +
      'com a mesma chave — uma nova tentativa depois de uma resposta perdida, um toque duplo — recebe a ' +
      'primeira resposta, e nada é feito duas vezes. A mesma chave com outro pedido: 422. Enquanto o ' +
      'primeiro pedido não responde, os repetidos esperam por ele (até 10 s; depois, 409). Uma falha ' +
      'libera a chave. Um pedido feito cuja resposta se perdeu com o servidor não é refeito: 409. ' +
      'Chaves valem por 24 horas.',
  );

interface Claim {
  scope: string;
  key: string;
}

const idOf = ({ scope, key }: Claim) => `${scope}\n${key}`;

/**
 * `Idempotency-Key` on every write route (POST, PUT, PATCH, DELETE) but those that opt out with
 * `config: { idempotent: false }`, over the `idempotency_keys` table, so that every instance shares
 * the keys:
 *
 * - the first request with a key, per caller and route, inserts the key's row and runs; each
 *   transaction it opens marks the row applied as it commits its write (`applied_at`, through
 *   `inTransaction`); its answer (a success) is stored in the row before it is sent, or the row is
 *   removed when it fails without having written, so a retry can run again;
 * - a request whose key is already answered gets that answer again (`Idempotent-Replayed: true`),
 *   with nothing done; with another body, 422;
 * - a request whose key is still being answered waits for it — woken at once by an answer on this
 *   instance, reading the row again every 100 ms for one on another — and never holds a
 *   transaction while it waits (PGlite has one connection), up to 10 s, then 409;
 * - a first request that never answered (its server died) is taken over by the same request two
 *   minutes later, unless its write was applied: then 409, the write is not done again.
 *
 * A request without the header is an ordinary one. The header is documented in the route's
 * OpenAPI entry and validated with the route's own schema. Only JSON answers are kept (every write
 * route answers JSON): any other frees the key, or, once its write was applied, leaves it
 * unanswered (its retries wait, then 409).
 * The request's digest is an HMAC under the server's secret: a body with a password in it cannot
 * be guessed back from the row.
 */
export default fp<{ waitMs?: number }>(
  async (app, { waitMs = IDEMPOTENCY_WAIT_MS }) => {
    const db = app.db;
    const hashKey = app.tokens.deriveKey('idempotency-request');
    /** Requests of this instance waiting for a key's first answer, woken when it comes. */
    const waiting = new Map<string, Set<() => void>>();

    function wake(claim: Claim): void {
      const id = idOf(claim);
      for (const resume of waiting.get(id) ?? []) resume();
      waiting.delete(id);
    }

    /** Resolves when the key's first request answers on this instance, or after `ms`. */
    function settled(claim: Claim, ms: number): Promise<void> {
      const id = idOf(claim);
      return new Promise((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          waiting.get(id)?.delete(resume);
          resolve();
        };
        const timer = setTimeout(resume, ms);
        const set = waiting.get(id) ?? new Set();
        set.add(resume);
        waiting.set(id, set);
      });
    }

    /** Inserts the key's row, or takes over one abandoned with the same body; true when this request runs. */
    async function claim(claim: Claim, hash: string): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...claim, request_hash: hash })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: { created_at: sql`now()` },
          setWhere: sql`${idempotencyKeys.status_code} is null
            and ${idempotencyKeys.applied_at} is null
            and ${idempotencyKeys.request_hash} = excluded.request_hash
            and ${idempotencyKeys.created_at} < now() - ${ABANDONED_AFTER}`,
        })
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    }

    const replayOrRun: preHandlerHookHandler = async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (key === undefined) return;
      // Checked here too for a route whose headers schema could not take the key.
      if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
        throw badRequest(`${KEY_INVALID} (campo ${IDEMPOTENCY_HEADER})`);
      }
      const current: Claim = { scope: scopeOf(request), key };
      const hash = requestHash(hashKey, request);
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (await claim(current, hash)) {
          request.idempotencyClaim = current;
          return;
        }
        const [row] = await db
          .select({
            request_hash: idempotencyKeys.request_hash,
            status_code: idempotencyKeys.status_code,
            response: idempotencyKeys.response,
            appliedAndAbandoned: sql<boolean>`${idempotencyKeys.applied_at} is not null
              and ${idempotencyKeys.created_at} < now() - ${ABANDONED_AFTER}`,
          })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, current.scope), eq(idempotencyKeys.key, key)));
        // Released by a first request that failed, a moment ago: this one may run now.
        if (!row) continue;
        if (row.request_hash !== hash) throw new HttpError(422, KEY_REUSED);
        if (row.status_code !== null) return replay(reply, row.status_code, row.response);
        // Its write committed, its answer died with its server: doing it again would do it twice.
        if (row.appliedAndAbandoned) throw conflict(KEY_APPLIED);
        const left = deadline - Date.now();
        if (left <= 0) throw conflict(KEY_IN_FLIGHT);
        await settled(current, Math.min(POLL_MS, left));
      }
    };

    const remember: onSendHookHandler = async (request, reply, payload) => {
      const claimed = request.idempotencyClaim;
      if (!claimed) return payload;
      request.idempotencyClaim = undefined;
      const where = and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key));
      const body = jsonText(reply, payload);
      const answered = () =>
        db.update(idempotencyKeys).set({ status_code: reply.statusCode, response: body }).where(where);
      if (reply.statusCode < 400 && body !== null) {
        await answered();
      } else {
        // A failure that wrote nothing frees the key; one after its write committed is its answer.
        const freed = await db
          .delete(idempotencyKeys)
          .where(and(where, isNull(idempotencyKeys.applied_at)))
          .returning({ key: idempotencyKeys.key });
        if (freed.length === 0 && body !== null) await answered();
      }
      wake(claimed);
      return payload;
    };

    /** In the request's write transaction: its key's write is applied, and commits with it. */
    const markApplied =
      ({ scope, key }: Claim) =>
      async (tx: Tx): Promise<void> => {
        // Only a transaction that wrote (an id of its own) applied anything.
        await tx
          .update(idempotencyKeys)
          .set({ applied_at: sql`now()` })
          .where(
            and(
              eq(idempotencyKeys.scope, scope),
              eq(idempotencyKeys.key, key),
              sql`txid_current_if_assigned() is not null`,
            ),
          );
      };

    /** An answer that never reached onSend (the reply was cut short): its key is released unless applied. */
    async function release(request: FastifyRequest): Promise<void> {
      const claimed = request.idempotencyClaim;
      if (!claimed) return;
      request.idempotencyClaim = undefined;
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.scope, claimed.scope),
            eq(idempotencyKeys.key, claimed.key),
            isNull(idempotencyKeys.applied_at),
          ),
        );
      wake(claimed);
    }

    app.addHook('onRoute', (route) => {
      if (!isWrite(route.method) || route.config?.idempotent === false) return;
      route.config = { ...route.config, idempotent: true };
      route.schema = { ...route.schema, headers: withKeyHeader(route.schema?.headers) };
      // Around the handler and the audit plugin's transaction (registered before this plugin).
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function keyed(this: typeof app, request: FastifyRequest, reply: FastifyReply) {
        const claimed = request.idempotencyClaim;
        if (!claimed) return handler.call(this, request, reply);
        return closingTransactionsWith(markApplied(claimed), () => handler.call(this, request, reply));
      } as RouteHandlerMethod;
      route.preHandler = [...hooksOf(route.preHandler), replayOrRun];
      // First of the route's: @fastify/compress adds its own as the route registers (before this
      // one), and the answer kept must be the JSON, not the bytes compressed for this caller.
      route.onSend = [remember, ...hooksOf(route.onSend)];
      route.onResponse = [...hooksOf(route.onResponse), release];
    });
  },
  { name: 'idempotency', dependencies: ['database', 'tokens', 'access', 'audit'] },
);

/** Who sent it and where: the account (or, on a public route, the address), the method and the route. */
function scopeOf(request: FastifyRequest): string {
  const who = request.caller ? String(request.caller.accountId) : `public:${request.ip}`;
  return `${who} ${request.method} ${request.routeOptions.url ?? request.url}`;
}

/**
 * The request as validated: its path's values, its query and its body. A body the route reads
 * itself (a multipart upload, streamed in by its handler) is known by its type and length: the
 * same file sent again is the same request, whatever boundary the browser drew this time.
 */
function requestHash(hashKey: Buffer, request: FastifyRequest): string {
  const streamed =
    request.body === undefined && request.headers['content-length'] !== undefined
      ? [request.headers['content-type']?.split(';')[0] ?? null, request.headers['content-length']]
      : null;
  const content = JSON.stringify([
    request.params ?? null,
    request.query ?? null,
    request.body ?? null,
    streamed,
  ]);
  return crypto.createHmac('sha256', hashKey).update(content).digest('hex');
}

/** The answer's text when it is JSON (as serialized, before compression); null otherwise. */
function jsonText(reply: FastifyReply, payload: unknown): string | null {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && !type.startsWith('application/json')) return null;
  if (typeof payload === 'string') return payload;
  return Buffer.isBuffer(payload) ? payload.toString() : null;
}

function replay(reply: FastifyReply, status: number, response: string | null): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(response ?? '');
}

/**
 * The route's headers schema with the key added (other headers are kept as they come). A schema
 * that is not a zod object is left as it is: the key is then checked by `replayOrRun` alone.
 */
function withKeyHeader(headers: unknown): unknown {
  if (headers === undefined) return z.looseObject({ [IDEMPOTENCY_HEADER]: keyHeader });
  if (headers instanceof z.ZodObject) return headers.extend({ [IDEMPOTENCY_HEADER]: keyHeader });
  return headers;
}
