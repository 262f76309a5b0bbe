/**
 * Validators for what the floor polls every second (restaurant spec 9: the tables and the open
 * tab). A store's floor version lives in `floor_versions`, moved by the database's triggers on any
 * write to its tables, tabs, tickets, items or payments (migration 0007), so every writer — a
 * route, the service simulator, a script, another instance — moves it. An `If-None-Match` that
 * still matches answers 304 before the answer is built: for a store's lists from the version the
 * live notices keep at hand (server/plugins/live.ts, no query), for one tab from one primary-key
 * read.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rows, type Db } from '../db/client';
import { compressedAs } from '../http-compression';
import { ADMIN, callerOf } from '../plugins/access';
import type { LiveHub } from '../plugins/live';

const ZONE = 'America/Sao_Paulo';

/** What a tag is made of: a store's version, and what only the clock changes (today's birthdays). */
const VERSION_AND_DAY = sql`coalesce(f.version, 0) as version,
  to_char((now() at time zone ${sql.raw(`'${ZONE}'`)})::date, 'YYYYMMDD') as day`;

function tagOf(kind: string, row: { version: string | number; day: string } | undefined, url: string) {
  if (!row) return null;
  const query = crypto.createHash('sha1').update(url).digest('hex').slice(0, 10);
  return `W/"${kind}-${String(row.version)}-${row.day}-${query}"`;
}

/** Today in São Paulo as the tags write it ('20261125'): birthdays change at its midnight. */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const today = () => dayFormat.format(new Date()).replaceAll('-', '');

/** The tag of a store's floor, for the answer to `url`. */
export async function storeFloorTag(live: LiveHub, storeId: number, url: string): Promise<string> {
  return tagOf(`mesas-${storeId}`, { version: await live.versionOf(storeId), day: today() }, url)!;
}

/**
 * The tag of a store-scoped list the floor or the board polls: staff's own store, or the one an
 * administrator names (`?store_id`); null for a CSV export (not polled) or no store named.
 */
export async function storeListTag(live: LiveHub, request: FastifyRequest): Promise<string | null> {
  const query = request.query as { format?: unknown; store_id?: unknown };
  if (query.format === 'csv' || request.headers.accept?.includes('text/csv')) return null;
  const caller = callerOf(request);
  const named = Number(query.store_id);
  const storeId =
    caller.role !== ADMIN ? caller.storeId : Number.isSafeInteger(named) && named > 0 ? named : null;
  return storeId === null ? null : storeFloorTag(live, storeId, request.url);
}

/**
 * The tag of one tab's floor, within `store` (null: any); null when there is no such tab, whose
 * request then goes on to its 404.
 */
export async function orderFloorTag(
  db: Db,
  orderId: number,
  store: number | null,
  url: string,
): Promise<string | null> {
  const [row] = rows<{ version: string | number; day: string }>(
    await db.execute(sql`
      select ${VERSION_AND_DAY}
      from orders o left join floor_versions f on f.store_id = o.store_id
      where o.id = ${orderId} ${store === null ? sql`` : sql`and o.store_id = ${store}`}`),
  );
  return tagOf(`comanda-${orderId}`, row, url);
}

/** How many answers of the floor's routes an instance keeps, by tag (the newest). */
const KEPT_ANSWERS = 300;
/** Encodings kept per answer (one per distinct Accept-Encoding the tablets send: usually one). */
const KEPT_ENCODINGS = 4;

/** One kept answer: its JSON, and its bytes as each Accept-Encoding asked for them. */
interface Kept {
  json: string;
  bodies: Map<string, { encoding: 'br' | 'gzip' | null; body: Buffer }>;
}

/**
 * Answers a GET of `url` (a route of this plugin) with its tag, and 304 when the client already
 * holds it. `tag` returns null where no validator applies (the request goes on as usual).
 *
 * The answer itself is kept by its tag (and the caller's role), serialized and compressed: every
 * tablet of a store reads the same version of its floor, usually within the same second, and only
 * the first one is built from the database, serialized and compressed; the others are sent its
 * bytes. A tag names one version of one query, so what is kept is never stale; a new version
 * makes a new tag.
 */
export function answerUnchanged(
  app: FastifyInstance,
  url: string,
  tag: (request: FastifyRequest) => Promise<string | null>,
): void {
  const kept = new Map<string, Kept>();
  const serving = new WeakMap<FastifyRequest, Kept>();
  const building = new WeakMap<FastifyRequest, string>();
  // A plugin's hooks see only its own routes.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== url) return;
    const current = await tag(request);
    if (current === null) return;
    void reply.header('etag', current);
    if (request.headers['if-none-match'] === current) return reply.code(304).send();
    const key = `${current}|${callerOf(request).role}`;
    const answer = kept.get(key);
    if (answer !== undefined) {
      serving.set(request, answer);
      return reply.type('application/json; charset=utf-8').send(answer.json);
    }
    building.set(request, key);
  });
  // Before @fastify/compress's (a route's own hook, which runs after the instance's): the answer
  // is kept as serialized, and sent compressed as kept, which the plugin then leaves alone.
  app.addHook('onSend', async (request, reply, payload) => {
    let answer = serving.get(request);
    if (answer === undefined) {
      const key = building.get(request);
      if (key === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (kept.size >= KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
      answer = { json: payload, bodies: new Map() };
      kept.set(key, answer);
    }
    return encoded(request, reply, answer);
  });
}

/** The kept answer's bytes for this request's Accept-Encoding, compressed once per encoding. */
function encoded(request: FastifyRequest, reply: FastifyReply, answer: Kept): string | Buffer {
  const accept = request.headers['accept-encoding'] ?? '';
  let sent = answer.bodies.get(accept);
  if (sent === undefined) {
    sent = compressedAs(answer.json, accept);
    if (answer.bodies.size < KEPT_ENCODINGS) answer.bodies.set(accept, sent);
  }
  if (sent.encoding === null) return answer.json;
  const vary = reply.getHeader('vary');
  if (!vary) void reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary)))
    void reply.header('vary', `${String(vary)}, accept-encoding`);
  void reply.header('content-encoding', sent.encoding);
  void reply.header('content-length', sent.body.length);
  return sent.body;
}
