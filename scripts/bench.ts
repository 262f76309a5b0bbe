/**
 * `npm run bench [-- options]`: response times of the customer list and of every statistics and
 * finance answer on the large data set (`npm run seed:large` first: 1,000,000 customers, 5,000,000
 * order items, 500 stores), against targets (scripts/bench/cases.ts); exits with 1 when a target
 * is missed, so that it guards against regressions. Speed targets live here, never in timed unit
 * tests. `npm run bench:stats` is the statistics group alone.
 *
 * The database is opened as the server opens it: PGlite in DATA_DIR (default ./data), or
 * PostgreSQL when DATABASE_URL is set; pending migrations apply first, and a DATA_DIR in use by a
 * running server is refused. The real app (buildApp) answers through app.inject, so each timing
 * covers the whole request path: access check (token and account), validation, SQL, JSON and
 * compression (requests ask for gzip/br, as a browser does). Nothing is written to the database.
 *
 * Options:
 *   --n N        timed requests per case (default 50, or BENCH_N)
 *   --warmup N   untimed requests first (default 3, or BENCH_WARMUP)
 *   --group G    only the cases of a group: clientes or estatísticas
 *   --only TEXT  only the cases whose name contains TEXT
 *   --explain    also prints EXPLAIN (ANALYZE, BUFFERS) of each case's SQL, summed up
 * It signs in as the demo administrator, or as BENCH_EMAIL / BENCH_PASSWORD.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase, rows, type Database } from '../server/db/client';
import { DataDirBusyError } from '../server/db/lock';
import { DEMO_ACCOUNTS } from '../server/seed/demo';
import {
  BENCH_GROUPS,
  benchCases,
  type BenchCase,
  type BenchGroup,
  type Sample,
  type StoreSample,
} from './bench/cases';
import { captureQueries, explain } from './bench/explain';
import { count, mib, ms, summarize, table, type Summary } from './bench/measure';
import { runScript, UsageError } from './bench/cli';

const USAGE = `Uso: npm run bench -- [--n N] [--warmup N] [--group GRUPO] [--only TEXTO] [--explain]
  --n N          requisições medidas por caso (padrão 50, ou BENCH_N)
  --warmup N     requisições de aquecimento, não medidas (padrão 3, ou BENCH_WARMUP)
  --group GRUPO  só os casos de um grupo: ${BENCH_GROUPS.join(' ou ')}
  --only TEXTO   só os casos cujo nome contém TEXTO
  --explain      mostra também o EXPLAIN (ANALYZE, BUFFERS) resumido de cada caso
Prepare os dados com npm run seed:large. O banco é o da aplicação: PGlite em DATA_DIR (padrão ./data)
ou PostgreSQL em DATABASE_URL. Entra como o administrador da demonstração, ou BENCH_EMAIL / BENCH_PASSWORD.`;

interface Options {
  n: number;
  warmup: number;
  group?: BenchGroup;
  only?: string;
  explain: boolean;
}

function positive(flag: string, raw: string | undefined, min: number): number {
  const value = Number(raw);
  if (raw === undefined || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${flag} espera um número inteiro ≥ ${min}, não "${raw ?? ''}".`);
  }
  return value;
}

function parseArgs(argv: string[]): Options | 'help' {
  const options: Options = {
    n: positive('BENCH_N', process.env.BENCH_N ?? '50', 1),
    warmup: positive('BENCH_WARMUP', process.env.BENCH_WARMUP ?? '3', 0),
    explain: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--help' || flag === '-h') return 'help';
    else if (flag === '--explain') options.explain = true;
    else if (flag === '--n') options.n = positive('--n', value(), 1);
    else if (flag === '--warmup') options.warmup = positive('--warmup', value(), 0);
    else if (flag === '--group') {
      const group = value();
      if (!BENCH_GROUPS.includes(group as BenchGroup))
        throw new UsageError(`--group espera ${BENCH_GROUPS.join(' ou ')}, não "${group ?? ''}".`);
      options.group = group as BenchGroup;
    } else if (flag === '--only') {
      options.only = value();
      if (!options.only) throw new UsageError('--only espera um texto.');
    } else throw new UsageError(`Opção desconhecida: ${argv[i]}`);
  }
  return options;
}

/** The body of an answer, decompressed as the browser would. */
function body(response: LightMyRequestResponse): unknown {
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  const text =
    encoding === 'br'
      ? zlib.brotliDecompressSync(raw)
      : encoding === 'gzip'
        ? zlib.gunzipSync(raw)
        : encoding === 'deflate'
          ? zlib.inflateSync(raw)
          : raw;
  return JSON.parse(text.toString('utf8'));
}

async function signIn(app: FastifyInstance): Promise<string> {
  const admin = DEMO_ACCOUNTS[0];
  const email = process.env.BENCH_EMAIL ?? admin.email;
  const password = process.env.BENCH_PASSWORD ?? admin.password;
  const response = await app.inject({
    method: 'POST',
    url: '/auth/email',
    payload: { email, password, role: 'ADMIN' },
  });
  if (response.statusCode !== 200) {
    throw new UsageError(
      `Não foi possível entrar como ${email} (${response.statusCode}): ${response.body}\n` +
        'Num PostgreSQL sem demonstração, crie um administrador (ADMIN_PASSWORD=… npm run admin:create -- ' +
        '--email … --name …) e informe BENCH_EMAIL e BENCH_PASSWORD, ou rode seed:large com SEED_DEMO=1.',
    );
  }
  return (body(response) as { data: { access_token: string } }).data.access_token;
}

async function pickSample(database: Database): Promise<Sample> {
  const [row] = rows<Omit<Sample, 'stores'>>(
    await database.db.execute(sql`
      select id, email, cpf, (select count(*) from statement_entries)::int as entries from customers
      where cpf is not null and id >= (select (min(id) + max(id)) / 2 from customers)
      order by id limit 1`),
  );
  if (!row) throw new UsageError('O banco não tem clientes: rode antes npm run seed:large.');
  // The store that sold most over the last 12 months and the one that sold least (but sold).
  const ranked = rows<StoreSample>(
    await database.db.execute(sql`
      with sold as (
        select store_id, sum(gross) as gross from store_days
        where day > rollup_day(now()) - 365 group by store_id having sum(gross) > 0
      ), ends as (
        (select * from sold order by gross desc limit 1) union all (select * from sold order by gross limit 1)
      )
      select s.id, s.name, (select count(*) from statement_entries e where e.store_id = s.id)::int as entries
      from ends join stores s on s.id = ends.store_id order by ends.gross desc`),
  );
  if (ranked.length < 2) throw new UsageError('O banco não tem vendas: rode antes npm run seed:large.');
  return { ...row, stores: { big: ranked[0]!, small: ranked[1]! } };
}

interface Result {
  benchCase: BenchCase;
  summary: Summary;
  rows: number;
  total: number | null;
  target: number;
}

async function runCase(
  app: FastifyInstance,
  token: string,
  benchCase: BenchCase,
  options: Options,
  target: number,
): Promise<Result> {
  const request = () =>
    app.inject({
      method: 'GET',
      url: benchCase.url,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
  const check = (response: LightMyRequestResponse) => {
    if (response.statusCode !== 200) {
      throw new Error(
        `${benchCase.name}: ${benchCase.url} respondeu ${response.statusCode}: ${response.body}`,
      );
    }
    return response;
  };
  const first = check(await request());
  for (let i = 1; i < options.warmup; i++) check(await request());
  const times: number[] = [];
  for (let i = 0; i < options.n; i++) {
    const started = performance.now();
    const response = await request();
    times.push(performance.now() - started);
    check(response);
  }
  const data = (body(first) as { data: { results?: unknown[]; total?: number } }).data;
  return {
    benchCase,
    summary: summarize(times),
    rows: data.results ? data.results.length : 1,
    total: data.total ?? null,
    target,
  };
}

function describeDatabase(database: Database, dataDir: string, url: string | undefined): string {
  if (database.kind === 'pglite') return `PGlite em ${path.join(dataDir, 'db')}`;
  const target = new URL(url!);
  return `PostgreSQL em ${target.hostname}:${target.port || 5432}${target.pathname}`;
}

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

async function main(options: Options): Promise<number> {
  const config = readConfig();
  const empty =
    'O banco não tem a carga grande: rode antes npm run seed:large (com o mesmo DATA_DIR ou DATABASE_URL).';
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db'))) {
    console.error(`Não há banco em ${config.dataDir}. ${empty}`);
    return 2;
  }
  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (database.isNew) {
    await database.close();
    console.error(empty);
    return 2;
  }
  // Uploads are not part of the bench: a throw-away folder, so that nothing lands in DATA_DIR.
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-'));
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ database, jwtSecret: crypto.randomBytes(32).toString('hex'), uploadsDir });
    await app.ready();
    const token = await signIn(app);
    const [customers] = rows<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from customers`),
    );
    const sample = await pickSample(database);
    const cases = benchCases(sample).filter(
      (c) =>
        (!options.group || c.group === options.group) && (!options.only || c.name.includes(options.only)),
    );
    if (cases.length === 0) throw new UsageError('Nenhum caso com esse grupo e esse texto.');
    const [size] = rows<{ items: number; stores: number; entries: number }>(
      await database.db.execute(sql`select (select count(*) from order_items)::int as items,
        (select count(*) from stores)::int as stores, (select count(*) from statement_entries)::int as entries`),
    );
    const { big, small } = sample.stores;

    console.log(`Banco: ${describeDatabase(database, config.dataDir, config.databaseUrl)}`);
    console.log(
      `Clientes: ${count(customers!.n)}; itens de pedido: ${count(size!.items)}; restaurantes: ${count(size!.stores)}; ` +
        `lançamentos: ${count(size!.entries)}`,
    );
    console.log(
      `Loja grande: ${big.name} (${big.id}), ${count(big.entries)} lançamentos; loja pequena: ${small.name} (${small.id})`,
    );
    console.log(
      `Requisições por caso: ${options.warmup} de aquecimento + ${options.n} medidas; ` +
        `${os.cpus().length} CPUs, carga no início ${load()}`,
    );
    console.log('');

    const results: Result[] = [];
    for (const benchCase of cases) {
      const target = benchCase.target[database.kind];
      if (process.stderr.isTTY) process.stderr.write(`  ${benchCase.name}…\r`);
      results.push(await runCase(app, token, benchCase, options, target));
      if (process.stderr.isTTY) process.stderr.write('\x1b[K');
      if (options.explain) {
        const queries = await captureQueries(database, () =>
          app!.inject({ method: 'GET', url: benchCase.url, headers: { authorization: `Bearer ${token}` } }),
        );
        console.log(`EXPLAIN — ${benchCase.name}  (${benchCase.url})`);
        // The access hook's account lookup is the same for every request: left out.
        for (const query of queries.filter((q) => !/from "accounts"/.test(q.text))) {
          for (const line of await explain(database, query)) console.log(`  ${line}`);
          console.log('');
        }
      }
    }

    const missed = results.filter((r) => r.summary.p95 > r.target);
    console.log(
      table(
        ['grupo', 'caso', 'mediana ms', 'p95 ms', 'p99 ms', 'máx ms', 'linhas', 'total', 'meta p95', ''],
        results.map((r) => [
          r.benchCase.group,
          r.benchCase.name,
          ms(r.summary.median),
          ms(r.summary.p95),
          ms(r.summary.p99),
          ms(r.summary.max),
          count(r.rows),
          r.total === null ? '—' : count(r.total),
          `≤ ${count(r.target)}`,
          r.summary.p95 > r.target ? 'ACIMA DA META' : 'ok',
        ]),
      ),
    );
    console.log('');
    const rss = process.resourceUsage().maxRSS * 1024;
    console.log(
      `Pico de memória (RSS${database.kind === 'pglite' ? ', PGlite incluso' : ', só o Node'}): ${mib(rss)}`,
    );
    console.log(`Carga no fim: ${load()}`);
    if (missed.length > 0) {
      console.log(
        `${missed.length} caso(s) acima da meta de p95: ${missed.map((r) => r.benchCase.name).join('; ')}`,
      );
      return 1;
    }
    console.log('Todas as metas cumpridas.');
    return 0;
  } finally {
    await app?.close();
    await database.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}

runScript({ usage: USAGE, parse: parseArgs, run: main });
