/**
 * `npm run bench:stats [-- options]`: response times of every statistics and finance GET on the
 * large data set (`npm run seed:large` first: 5,000,000 order items, 500 stores), against a p95
 * target of 50 ms; exits with 1 when a target is missed.
 *
 * Like `npm run bench`, the database is the application's (PGlite in DATA_DIR, or PostgreSQL in
 * DATABASE_URL; run it once for each) and the real app (buildApp) answers through app.inject, so a
 * timing covers the whole request path (access check, validation, SQL, JSON, compression). It
 * signs in as the demo administrator (seed:large puts the demo in first: on PostgreSQL run it with
 * SEED_DEMO=1), who reads any store. The stores measured are the one that sold most over the last
 * 12 months and the one that sold least (but sold), found in the rollups. Nothing is written.
 *
 * Options:
 *   --n N        timed requests per case (default 100, or BENCH_N)
 *   --warmup N   untimed requests first (default 5, or BENCH_WARMUP)
 *   --only TEXT  only the cases whose name contains TEXT
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
import { count, mib, ms, percentile, table } from './bench/measure';

/** p95 target of every case, ms (issue 17: every statistics and finance answer). */
const TARGET_MS = 50;

class UsageError extends Error {}

const USAGE = `Uso: npm run bench:stats -- [--n N] [--warmup N] [--only TEXTO]
  --n N        requisições medidas por caso (padrão 100, ou BENCH_N)
  --warmup N   requisições de aquecimento, não medidas (padrão 5, ou BENCH_WARMUP)
  --only TEXTO só os casos cujo nome contém TEXTO
Prepare os dados com npm run seed:large. O banco é o da aplicação: PGlite em DATA_DIR (padrão ./data)
ou PostgreSQL em DATABASE_URL. Entra como o administrador da demonstração, ou BENCH_EMAIL / BENCH_PASSWORD.`;

interface Options {
  n: number;
  warmup: number;
  only?: string;
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
    n: positive('BENCH_N', process.env.BENCH_N ?? '100', 1),
    warmup: positive('BENCH_WARMUP', process.env.BENCH_WARMUP ?? '5', 0),
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--help' || flag === '-h') return 'help';
    else if (flag === '--n') options.n = positive('--n', value(), 1);
    else if (flag === '--warmup') options.warmup = positive('--warmup', value(), 0);
    else if (flag === '--only') {
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
    encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
  return JSON.parse(text.toString('utf8'));
}

async function signIn(app: FastifyInstance): Promise<string> {
  const email = process.env.BENCH_EMAIL ?? DEMO_ACCOUNTS[0].email;
  const password = process.env.BENCH_PASSWORD ?? DEMO_ACCOUNTS[0].password;
  const response = await app.inject({
    method: 'POST',
    url: '/auth/email',
    payload: { email, password, role: 'ADMIN' },
  });
  if (response.statusCode !== 200) {
    throw new UsageError(
      `Não foi possível entrar como ${email} (${response.statusCode}): ${response.body}\n` +
        'Rode seed:large com SEED_DEMO=1 no PostgreSQL, ou informe BENCH_EMAIL e BENCH_PASSWORD de um administrador.',
    );
  }
  return (body(response) as { data: { access_token: string } }).data.access_token;
}

interface StoreSample {
  id: number;
  name: string;
  gross: number;
  entries: number;
}

/** The store that sold most over the last 12 months, and the one that sold least (but sold). */
async function pickStores(database: Database): Promise<{ big: StoreSample; small: StoreSample }> {
  const ranked = rows<StoreSample>(
    await database.db.execute(sql`
      with sold as (
        select store_id, sum(gross)::float8 as gross from store_days
        where day > rollup_day(now()) - 365 group by store_id having sum(gross) > 0
      ), ends as (
        (select * from sold order by gross desc limit 1) union all (select * from sold order by gross limit 1)
      )
      select s.id, s.name, ends.gross,
        (select count(*) from statement_entries e where e.store_id = s.id)::int as entries
      from ends join stores s on s.id = ends.store_id order by ends.gross desc`),
  );
  if (ranked.length < 2) throw new UsageError('O banco não tem vendas: rode antes npm run seed:large.');
  return { big: ranked[0]!, small: ranked[1]! };
}

interface Case {
  name: string;
  url: string;
}

function cases(big: StoreSample, small: StoreSample): Case[] {
  return [
    { name: 'geral (plataforma, 30 dias)', url: '/api/statistics/general?period=30d' },
    { name: 'loja grande, 30 dias', url: `/api/statistics?store_id=${big.id}&period=30d` },
    { name: 'loja grande, 12 meses', url: `/api/statistics?store_id=${big.id}&period=12m` },
    { name: 'loja pequena, 30 dias', url: `/api/statistics?store_id=${small.id}&period=30d` },
    { name: 'loja pequena, 12 meses', url: `/api/statistics?store_id=${small.id}&period=12m` },
    { name: 'análise financeira, plataforma', url: '/api/financial/analytics' },
    { name: 'análise financeira, loja grande', url: `/api/financial/analytics?store_id=${big.id}` },
    { name: 'saldo, loja grande', url: `/api/financial/balance?store_id=${big.id}` },
    { name: 'extrato, página 1', url: `/api/financial/extracts?store_id=${big.id}&page=1` },
    { name: 'extrato, página 50', url: `/api/financial/extracts?store_id=${big.id}&page=50` },
    { name: 'depósitos, página 1', url: `/api/financial/deposits?store_id=${big.id}&page=1` },
  ];
}

interface Result {
  benchCase: Case;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  status: number;
}

async function runCase(
  app: FastifyInstance,
  token: string,
  benchCase: Case,
  options: Options,
): Promise<Result> {
  const request = () =>
    app.inject({
      method: 'GET',
      url: benchCase.url,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
  const first = await request();
  // A route not there yet (the finance lists are written in parallel) is reported, not timed.
  if (first.statusCode === 404 && /Rota não encontrada/.test(first.body)) {
    return { benchCase, p50: NaN, p95: NaN, p99: NaN, max: NaN, status: 404 };
  }
  if (first.statusCode !== 200) {
    throw new Error(`${benchCase.name}: ${benchCase.url} respondeu ${first.statusCode}: ${first.body}`);
  }
  for (let i = 1; i < options.warmup; i++) await request();
  const times: number[] = [];
  for (let i = 0; i < options.n; i++) {
    const started = performance.now();
    const response = await request();
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${benchCase.name}: ${response.statusCode}`);
  }
  times.sort((a, b) => a - b);
  return {
    benchCase,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1)!,
    status: 200,
  };
}

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

async function main(): Promise<number> {
  let parsed: Options | 'help';
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  const options = parsed;
  const config = readConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db'))) {
    console.error(`Não há banco em ${config.dataDir}: rode antes npm run seed:large.`);
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
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-'));
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ database, jwtSecret: crypto.randomBytes(32).toString('hex'), uploadsDir });
    await app.ready();
    const token = await signIn(app);
    const { big, small } = await pickStores(database);
    const [size] = rows<{ items: number; stores: number; entries: number }>(
      await database.db.execute(sql`select (select count(*) from order_items)::int as items,
        (select count(*) from stores)::int as stores, (select count(*) from statement_entries)::int as entries`),
    );
    const selected = cases(big, small).filter((c) => !options.only || c.name.includes(options.only));
    if (selected.length === 0) throw new UsageError(`Nenhum caso contém "${options.only}".`);

    const where =
      database.kind === 'pglite'
        ? `PGlite em ${path.join(config.dataDir, 'db')}`
        : `PostgreSQL em ${new URL(config.databaseUrl!).host}${new URL(config.databaseUrl!).pathname}`;
    console.log(`Banco: ${where}`);
    console.log(
      `Itens de pedido: ${count(size!.items)}; restaurantes: ${count(size!.stores)}; lançamentos: ${count(size!.entries)}`,
    );
    console.log(`Loja grande: ${big.name} (${big.id}), ${count(big.entries)} lançamentos no extrato`);
    console.log(`Loja pequena: ${small.name} (${small.id})`);
    console.log(
      `Requisições por caso: ${options.warmup} de aquecimento + ${options.n} medidas; ` +
        `${os.cpus().length} CPUs, carga no início ${load()}`,
    );
    console.log('');

    const results: Result[] = [];
    for (const benchCase of selected) {
      if (process.stderr.isTTY) process.stderr.write(`  ${benchCase.name}…\r`);
      results.push(await runCase(app, token, benchCase, options));
      if (process.stderr.isTTY) process.stderr.write('\x1b[K');
    }
    const measured = results.filter((r) => r.status === 200);
    const missed = measured.filter((r) => r.p95 > TARGET_MS);
    console.log(
      table(
        ['caso', 'p50 ms', 'p95 ms', 'p99 ms', 'máx ms', 'meta p95', ''],
        results.map((r) =>
          r.status === 200
            ? [
                r.benchCase.name,
                ms(r.p50),
                ms(r.p95),
                ms(r.p99),
                ms(r.max),
                `≤ ${TARGET_MS}`,
                r.p95 > TARGET_MS ? 'ACIMA DA META' : 'ok',
              ]
            : [r.benchCase.name, '—', '—', '—', '—', `≤ ${TARGET_MS}`, 'rota ausente'],
        ),
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
    if (measured.length < results.length) {
      console.log(`${results.length - measured.length} rota(s) ainda ausente(s); as medidas cumprem a meta.`);
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
