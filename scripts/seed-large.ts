/**
 * `npm run seed:large [-- options]`: fills a database with a platform at scale, for benchmarks:
 * by default 1,000,000 customers, 500 restaurants (menus, kitchens, tables) and 5,000,000 order
 * items with their ~1.5M orders, tickets, payments and check-ins, plus reviews, the stores'
 * statements and weekly deposits, and the daily rollups rebuilt from all of it.
 *
 * The database is the application's: PGlite in DATA_DIR (default ./data), or PostgreSQL when
 * DATABASE_URL is set. It is opened with the server's openDatabase, so migrations apply first
 * and the DATA_DIR lock keeps a running server out. Rows are generated inside the database by
 * set-based SQL, in batches of one transaction each (see scripts/seed-large/phases.ts), with a
 * progress bar on stderr; the script's memory does not grow with the size asked for.
 *
 * Options:
 *   --customers N   customers to add (default 1000000, at least 100)
 *   --stores N      restaurants to add (default 500)
 *   --items N       order items to add, exactly (default 5000000; about 3.2 per order)
 *   --force         run even if the database already has more than 10,000 customers
 *                   (it then adds another set of the same size next to the existing rows)
 *   --no-vacuum     finish with ANALYZE only, instead of VACUUM (ANALYZE)
 *   --customer-batch N  customers per transaction (default 50000)
 *   --order-batch N     orders per transaction (default 20000, about 65,000 items)
 *
 * Smoke run: DATA_DIR=/tmp/painel-smoke npm run seed:large -- --customers 5000 --stores 5 --items 20000
 */
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { readConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import {
  canSkipTriggers,
  firstIds,
  liveItemCount,
  seedCustomers,
  seedOrders,
  seedStores,
  updateAggregates,
  updateStatistics,
  verifyForeignKeys,
  walCheckpointer,
  type Context,
} from './seed-large/phases';
import { rebuildRollups, seedFinance } from './seed-large/finance';
import { formatCount, formatDuration } from './seed-large/progress';
import { lit, runner } from './seed-large/sql';
import { runScript, UsageError } from './bench/cli';

/** More customers than this means the large set (or real data) is already there. */
const DEMO_CUSTOMER_LIMIT = 10_000;

interface Options {
  customers: number;
  stores: number;
  items: number;
  force: boolean;
  vacuum: boolean;
  customerBatch: number;
  orderBatch: number;
}

const USAGE = `Uso: npm run seed:large -- [--customers N] [--stores N] [--items N] [--force] [--no-vacuum]
                             [--customer-batch N] [--order-batch N]
  --customers N   clientes a criar (padrão 1000000, mínimo 100)
  --stores N      restaurantes a criar (padrão 500)
  --items N       itens de pedido a criar, exatamente (padrão 5000000)
  --force         roda mesmo se o banco já tiver mais de 10.000 clientes
  --no-vacuum     termina só com ANALYZE, sem VACUUM
O banco é o da aplicação: PGlite em DATA_DIR (padrão ./data) ou PostgreSQL em DATABASE_URL.`;

function parseArgs(argv: string[]): Options | 'help' {
  const options: Options = {
    customers: 1_000_000,
    stores: 500,
    items: 5_000_000,
    force: false,
    vacuum: true,
    customerBatch: 50_000,
    orderBatch: 20_000,
  };
  const numeric: Record<string, keyof Options> = {
    '--customers': 'customers',
    '--stores': 'stores',
    '--items': 'items',
    '--customer-batch': 'customerBatch',
    '--order-batch': 'orderBatch',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--force') options.force = true;
    else if (flag === '--no-vacuum') options.vacuum = false;
    else if (flag in numeric) {
      const raw = inline ?? argv[++i];
      const value = Number(raw?.replace(/[_.]/g, ''));
      if (raw === undefined || !Number.isSafeInteger(value) || value < 0) {
        throw new UsageError(`${flag} espera um número inteiro, não "${raw ?? ''}".`);
      }
      (options[numeric[flag]!] as number) = value;
    } else throw new UsageError(`Opção desconhecida: ${argv[i]}`);
  }
  if (options.customers < 100) throw new UsageError('--customers deve ser pelo menos 100.');
  if (options.items > 0 && options.stores < 1) throw new UsageError('Pedidos precisam de --stores ≥ 1.');
  if (options.customerBatch < 1 || options.orderBatch < 1) throw new UsageError('Lotes devem ter ≥ 1 linha.');
  return options;
}

function describeError(error: unknown): string {
  // drizzle wraps the driver's error and puts the whole (long) query in its message.
  const cause = (error as { cause?: { message?: string; detail?: string } } | null)?.cause;
  if (cause?.message) return cause.detail ? `${cause.message} (${cause.detail})` : cause.message;
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : inspect(error, { depth: 3 });
}

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

const mib = (bytes: number) => `${formatCount(bytes / 1024 / 1024)} MiB`;

async function main(options: Options): Promise<number> {
  const started = Date.now();
  const config = readConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  console.log(
    `Carga grande em ${where}: ${formatCount(options.customers)} clientes, ${formatCount(options.stores)} ` +
      `restaurantes, ${formatCount(options.items)} itens de pedido.`,
  );

  const database: Database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const { db } = database;
    const run = runner(db);
    const ctx0 = {
      run,
      transaction: (fn: Parameters<Context['transaction']>[0]) => db.transaction((tx) => fn(runner(tx))),
    };

    // As the server does on its first start: a new embedded database gets the demo first, so
    // its accounts sign in next to the large data set.
    const { isEmptyDatabase, seedDemo } = await import('../server/seed/demo');
    if ((config.seedDemo ?? database.kind === 'pglite') && (await isEmptyDatabase(db))) {
      console.log('Banco vazio: criando antes os dados de demonstração…');
      await seedDemo(db);
    }

    const [existing] = await run<{ n: number }>(`select count(*)::int as n from customers`);
    if (existing!.n > DEMO_CUSTOMER_LIMIT && !options.force) {
      console.error(
        `O banco já tem ${formatCount(existing!.n)} clientes, mais que os ${formatCount(DEMO_CUSTOMER_LIMIT)} ` +
          'de uma demonstração: a carga grande parece já ter sido feita. Nada foi alterado.\n' +
          'Use --force para acrescentar mais um conjunto ao que já existe.',
      );
      return 1;
    }

    // "Now" of the data set, fixed for the whole run (minute precision), and today in São Paulo.
    const [now] = await run<{ anchor: string; today: string }>(
      `select to_char(date_trunc('minute', now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as anchor,
         to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as today`,
    );
    const ctx: Context = {
      ...ctx0,
      anchor: `timestamptz ${lit(now!.anchor)}`,
      today: lit(now!.today),
      skipTriggers: await canSkipTriggers(run),
      afterBatch: walCheckpointer(run, database.kind === 'pglite'),
    };
    if (!ctx.skipTriggers) {
      console.log(
        'Sem privilégio de superusuário: chaves estrangeiras verificadas linha a linha (mais lento).',
      );
    }
    const since = await firstIds(run);

    const stores = await seedStores(ctx, options.stores);
    const customers = await seedCustomers(ctx, options.customers, options.customerBatch);
    let live = options.items > 0 ? await liveItemCount(run, stores) : 0;
    if (options.items < live * 10) live = 0; // a tiny run keeps every item in the history
    const orders =
      options.items > 0
        ? await seedOrders(ctx, stores, customers, options.items, live, options.orderBatch)
        : { orders: 0, tickets: 0, items: 0 };
    const finance = options.items > 0 ? await seedFinance(ctx, stores) : { entries: 0, deposits: 0 };
    // With the triggers off during the load, every foreign key is checked now, over the new rows.
    const verified = ctx.skipTriggers ? await verifyForeignKeys(ctx, since) : 0;
    if (options.items > 0) await updateAggregates(ctx, stores);
    // The batches ran with the rollup triggers off: the daily figures come from the raw rows now.
    await rebuildRollups(ctx);

    await updateStatistics(ctx, options.vacuum);

    const tables = [
      'stores', 'kitchens', 'categories', 'products', 'tables', 'customers',
      'orders', 'tickets', 'order_items', 'payments', 'checkins', 'reviews',
      'statement_entries', 'deposits', 'store_days', 'product_days', 'statement_days',
    ]; // prettier-ignore
    const [counts] = await run<Record<string, number>>(
      `select ${tables.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')},
         pg_database_size(current_database())::float8 as db_bytes`,
    );
    const elapsed = Date.now() - started;
    const rss = process.resourceUsage().maxRSS * 1024;
    console.log('');
    console.log(
      `Criados nesta carga: restaurantes ${formatCount(options.stores)}, clientes ${formatCount(customers.count)}, ` +
        `pedidos ${formatCount(orders.orders)}, comandas ${formatCount(orders.tickets)}, itens ${formatCount(orders.items)}, ` +
        `lançamentos ${formatCount(finance.entries)}, depósitos ${formatCount(finance.deposits)}.`,
    );
    console.log('Totais no banco:');
    for (const t of tables) console.log(`  ${t.padEnd(17)} ${formatCount(counts![t]!).padStart(12)}`);
    if (verified > 0) console.log(`Chaves estrangeiras verificadas: ${verified}, nenhuma violada.`);
    console.log(`Tempo total: ${formatDuration(elapsed)}`);
    console.log(`Pico de memória (RSS${database.kind === 'pglite' ? ', PGlite incluso' : ''}): ${mib(rss)}`);
    console.log(`Tamanho do banco: ${mib(counts!.db_bytes!)} (pg_database_size)`);
    if (database.kind === 'pglite') {
      await database.close();
      console.log(
        `Pasta ${path.join(config.dataDir, 'db')}: ${mib(directorySize(path.join(config.dataDir, 'db')))}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

runScript({
  usage: USAGE,
  parse: parseArgs,
  run: main,
  failure(error) {
    process.stderr.write('\n');
    console.error(`seed:large falhou: ${describeError(error)}`);
  },
});
