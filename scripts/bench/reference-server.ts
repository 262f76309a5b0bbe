/**
 * The hand-written reference of `npm run bench:api`: the compared routes as a careful developer
 * writes them by hand with Fastify and node-postgres, in one file. It does the work Painel does
 * for these requests, and no more:
 *
 * - the same auth: the JWT verified with jose (HS256, issuer, the same secret; its signature
 *   checked once per token, as Painel does), then the caller (account, session, membership, the
 *   role's permissions) read with Painel's statement: on every request (REFERENCE_AUTH=per-request,
 *   as Painel on a shared PostgreSQL, where another instance may end the session), or held for up
 *   to a minute (REFERENCE_AUTH=held, as Painel on PGlite, which forgets it sooner when a write
 *   tells it of a change; nothing changes during a bench). The bench runs the reference in
 *   Painel's mode for the headline, and in the other beside it;
 * - the same statements (its columns in the answer's order) and the same envelopes, byte for byte
 *   (the bench checks it);
 * - the same answer on the wire: Painel's security headers for data and `cache-control: no-store`
 *   (one hook, as a hand-written server sets them), and @fastify/compress with Painel's options.
 *
 * Nothing more: no logger, no response schema (JSON.stringify), no other hooks.
 *
 * Environment: JWT_SECRET, PORT, REFERENCE_AUTH (per-request by default, or held); DATABASE_URL
 * (PostgreSQL, a pool of 10 as Painel's) or PGLITE_DIR (a PGlite data folder of its own: one
 * process holds a PGlite). Prints its address.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import compress from '@fastify/compress';
import Fastify, { type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { COMPRESSION } from '../../server/http-compression';
import { DATA_HEADERS } from '../../server/plugins/headers';

type Row = Record<string, unknown>;
type Query = Record<string, string | undefined>;

/** A `date` column is answered as written, 'YYYY-MM-DD', not as a Date at midnight. */
const DATE = 1082;
pg.types.setTypeParser(DATE, (value) => value);

interface Db {
  /** `name`: a statement each connection parses and plans once (PostgreSQL; PGlite runs it as is). */
  query(text: string, values?: unknown[], name?: string): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

function postgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    query: (text, values, name) => (name ? pool.query({ name, text, values }) : pool.query(text, values)),
    close: () => pool.end(),
  };
}

const db: Db = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL) : await pglite();

async function pglite(): Promise<Db> {
  const client = await PGlite.create({
    dataDir: process.env.PGLITE_DIR,
    extensions: { pg_trgm, unaccent },
    parsers: { [DATE]: (value: string) => value },
  });
  return { query: (text, values) => client.query<Row>(text, values), close: () => client.close() };
}
const key = await crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(process.env.JWT_SECRET),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);
/** Tokens whose signature was checked, as Painel keeps them (server/auth/tokens.ts). */
const verified = new Map<string, Awaited<ReturnType<typeof jwtVerify>>['payload']>();

async function claimsOf(token: string) {
  const known = verified.get(token);
  if (known && (known.exp ?? 0) * 1000 > Date.now()) return known;
  const claims = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'painel' }).then(
    (checked) => checked.payload,
    () => null,
  );
  if (claims) {
    if (verified.size >= 20_000) verified.clear();
    verified.set(token, claims);
  }
  return claims;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Painel's statement (server/plugins/access.ts; the membership's role named apart, which
 * drizzle reads by position), prepared under a name as Painel prepares it on a direct connection. */
const CALLER = `select "accounts"."role", "accounts"."status", "accounts"."password_changed_at", "sessions"."store_id", "memberships"."role" as "member_role", "role_permissions"."permissions" from "accounts" inner join "sessions" on "sessions"."account_id" = "accounts"."id" left join "memberships" on ("memberships"."account_id" = "accounts"."id" and "memberships"."store_id" = "sessions"."store_id") left join "role_permissions" on ("role_permissions"."store_id" = "memberships"."store_id" and "role_permissions"."role" = "memberships"."role") where ("accounts"."id" = $1 and "sessions"."id" = $2 and "sessions"."ended_at" is null and "sessions"."expires_at" > now())`;

/** How long a caller is held, as Painel holds one on PGlite (server/auth/held-callers.ts). */
const HOLD_MS = 60_000;
const holding = process.env.REFERENCE_AUTH === 'held';
const held = new Map<string, { caller: Row | undefined; until: number }>();

async function callerOf(token: string, account: number, session: string): Promise<Row | undefined> {
  if (holding) {
    const known = held.get(token);
    if (known && known.until > Date.now()) return known.caller;
  }
  const [caller] = (await db.query(CALLER, [account, session], 'caller_of_token')).rows;
  if (holding) {
    if (held.size >= 20_000) held.clear();
    held.set(token, { caller, until: Date.now() + HOLD_MS });
  }
  return caller;
}

/** The caller must hold a live session of an active account (and be an administrator if asked). */
async function authorize(request: FastifyRequest, role?: 'ADMIN'): Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const claims = token ? await claimsOf(token) : null;
  if (!token || !claims || typeof claims.sid !== 'string') throw new Refusal(401, 'Sessão expirada.');
  const account = await callerOf(token, Number(claims.sub), claims.sid);
  const generation = account?.password_changed_at instanceof Date ? account.password_changed_at.getTime() : 0;
  if (account?.status !== 'ACTIVE' || claims.pv !== generation) throw new Refusal(401, 'Sessão expirada.');
  if (role && account.role !== role) throw new Refusal(403, 'Acesso restrito.');
}

interface List {
  table: string;
  sortable: string[];
  perPage: number;
  sort: string;
  order: 'asc' | 'desc';
}
const cuisines: List = {
  table: 'cuisines',
  sortable: ['id', 'name'],
  perPage: 25,
  sort: 'name',
  order: 'asc',
};
const customers: List = {
  table: 'customers',
  sortable: ['id', 'fullname', 'username', 'email', 'birthdate', 'created_at'],
  perPage: 200,
  sort: 'created_at',
  order: 'desc',
};

/** A page of a list: `limit`, `offset` and the order (a whitelisted column, then the id). */
function paging(query: Query, { table, sortable, perPage, sort, order }: List) {
  const page = Number(query.page ?? 1);
  const size = Number(query.page_size ?? perPage);
  const field = query.sort_field ?? sort;
  const direction = (query.sort_order ?? order).toLowerCase();
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(size) || size < 1 || size > 1000)
    throw new Refusal(400, 'Página inválida.');
  if (!sortable.includes(field) || (direction !== 'asc' && direction !== 'desc'))
    throw new Refusal(400, 'Ordenação inválida.');
  const orderBy = `order by "${table}"."${field}" ${direction}, "${table}"."id" ${direction}`;
  return { orderBy, limit: size, offset: (page - 1) * size };
}

const count = async (table: string) =>
  Number((await db.query(`select count(*) from "${table}"`)).rows[0]!.count);

const app = Fastify();
await app.register(compress, COMPRESSION);
// The answer's headers, as Painel sends them on the API's data (server/plugins/headers.ts).
const SENT = { ...DATA_HEADERS, 'cache-control': 'no-store' };
app.addHook('onSend', (_request, reply, payload, done) => {
  reply.headers(SENT);
  done(null, payload);
});
app.setErrorHandler((error: Error, _request, reply) => {
  const status = error instanceof Refusal ? error.status : 500;
  void reply.status(status).send({ error: { message: status === 500 ? 'Erro inesperado.' : error.message } });
});

app.get('/api/cousines', async (request) => {
  await authorize(request);
  const { orderBy, limit, offset } = paging(request.query as Query, cuisines);
  const [total, page] = await Promise.all([
    count('cuisines'),
    db.query(`select "id", "name", "created_at" from "cuisines" ${orderBy} limit $1 offset $2`, [
      limit,
      offset,
    ]),
  ]);
  return { data: { results: page.rows, total } };
});

app.get('/api/cousines/id/:id', async (request) => {
  await authorize(request);
  const id = Number((request.params as Query).id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Refusal(400, 'Identificador inválido.');
  const [cuisine] = (
    await db.query(`select "id", "name", "created_at" from "cuisines" where "cuisines"."id" = $1`, [id])
  ).rows;
  if (!cuisine) throw new Refusal(404, 'Registro não encontrado.');
  return { data: cuisine };
});

app.get('/api/customers', async (request) => {
  await authorize(request, 'ADMIN');
  const { orderBy, limit, offset } = paging(request.query as Query, customers);
  const [total, page] = await Promise.all([
    count('customers'),
    db.query(
      `select "id", "fullname", "username", "email", "profile_picture", "status", "feedhunter", "created_at", "phone", "cpf", "gender", "birthdate", extract(year from age((now() at time zone 'America/Sao_Paulo')::date, "birthdate"))::int as "age" from "customers" where "customers"."id" in (select "id" from "customers" ${orderBy} limit $1 offset $2) ${orderBy}`,
      [limit, offset],
    ),
  ]);
  // The spec reads gender and birth date under `info` too.
  const results = page.rows.map((row) => ({
    ...row,
    info: { gender: row.gender, birthdate: row.birthdate },
  }));
  return { data: { results, total } };
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`Referência pronta em ${address}`);
process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await db.close();
    process.exit(0);
  });
});
