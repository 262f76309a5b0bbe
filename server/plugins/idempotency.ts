import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idempotencyKeys } from '../db/schema';
import { conflict, HttpError } from '../http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an `Idempotency-Key` header: the same request sent again with the same key
     * gets the first answer, and the write is done once.
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

const keyHeader = z
  .string({ error: KEY_INVALID })
  .regex(/^[\x21-\x7e]{8,128}$/, KEY_INVALID)
  .optional()
  .describe(
    'Uma chave por pedido (8 a 128 caracteres ASCII visíveis; um UUID serve). O mesmo pedido reenviado ' +
      'com a mesma chave — uma nova tentativa depois de uma resposta perdida, um toque duplo — recebe a ' +
      'primeira resposta, e nada é feito duas vezes. A mesma chave com outro pedido: 422. Enquanto o ' +
      'primeiro pedido não responde, os repetidos esperam por ele (até 10 s; depois, 409). Uma falha ' +
      'libera a chave. Chaves valem por 24 horas.',
  );

interface Claim {
  scope: string;
  key: string;
}

const idOf = ({ scope, key }: Claim) => `${scope}\n${key}`;

/**
 * `Idempotency-Key` for the writes that opt in with `config: { idempotent: true }`, over the
 * `idempotency_keys` table, so that every instance shares the keys:
 *
 * - the first request with a key, per caller and route, inserts the key's row and runs; its answer
 *   (a success) is stored in the row before it is sent, or the row is removed when it fails, so a
 *   retry can run again;
 * - a request whose key is already answered gets that answer again (`Idempotent-Replayed: true`),
 *   with nothing done; with another body, 422;
 * - a request whose key is still being answered waits for it — woken at once by an answer on this
 *   instance, reading the row again every 100 ms for one on another — and never holds a
 *   transaction while it waits (PGlite has one connection), up to 10 s, then 409.
 *
 * A request without the header is an ordinary one. The header is documented in the route's
 * OpenAPI entry and validated with the route's own schema.
 */
export default fp<{ waitMs?: number }>(
  async (app, { waitMs = IDEMPOTENCY_WAIT_MS }) => {
    const db = app.db;
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
            and ${idempotencyKeys.request_hash} = excluded.request_hash
            and ${idempotencyKeys.created_at} < now() - ${ABANDONED_AFTER}`,
        })
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    }

    const replayOrRun: preHandlerHookHandler = async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string') return;
      const current: Claim = { scope: scopeOf(request), key };
      const hash = requestHash(request);
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
          })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, current.scope), eq(idempotencyKeys.key, key)));
        // Released by a first request that failed, a moment ago: this one may run now.
        if (!row) continue;
        if (row.request_hash !== hash) throw new HttpError(422, KEY_REUSED);
        if (row.status_code !== null) return replay(reply, row.status_code, row.response);
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
      const body =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
      if (reply.statusCode < 400 && body !== null) {
        await db.update(idempotencyKeys).set({ status_code: reply.statusCode, response: body }).where(where);
      } else {
        await db.delete(idempotencyKeys).where(where);
      }
      wake(claimed);
      return payload;
    };

    /** An answer that never reached onSend (the reply was cut short): its key is released. */
    async function release(request: FastifyRequest): Promise<void> {
      const claimed = request.idempotencyClaim;
      if (!claimed) return;
      request.idempotencyClaim = undefined;
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key)));
      wake(claimed);
    }

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.schema = { ...route.schema, headers: withKeyHeader(route.schema?.headers, route.url) };
      route.preHandler = [...hooks(route.preHandler), replayOrRun];
      // First of the route's: @fastify/compress adds its own as the route registers (before this
      // one), and the answer kept must be the JSON, not the bytes compressed for this caller.
      route.onSend = [remember, ...hooks(route.onSend)];
      route.onResponse = [...hooks(route.onResponse), release];
    });
  },
  { name: 'idempotency', dependencies: ['database', 'access'] },
);

/** Who sent it and where: the account (or, on a public route, the address), the method and the route. */
function scopeOf(request: FastifyRequest): string {
  const who = request.caller ? String(request.caller.accountId) : `public:${request.ip}`;
  return `${who} ${request.method} ${request.routeOptions.url ?? request.url}`;
}

/** The request as validated: its path's values, its query and its body. */
function requestHash(request: FastifyRequest): string {
  const content = JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]);
  return crypto.createHash('sha256').update(content).digest('hex');
}

function replay(reply: FastifyReply, status: number, response: string | null): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(response ?? '');
}

function hooks<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The route's headers schema with the key added (zod; other headers are kept as they come). */
function withKeyHeader(headers: unknown, url: string): z.ZodType {
  if (headers === undefined) return z.looseObject({ [IDEMPOTENCY_HEADER]: keyHeader });
  if (headers instanceof z.ZodObject) return headers.extend({ [IDEMPOTENCY_HEADER]: keyHeader });
  throw new Error(
    `A rota ${url} declara cabeçalhos fora do zod: a chave de idempotência não pode ser somada.`,
  );
}
