/**
 * `npm run bench:floor [-- --n N]`: what one poll of the floor costs (restaurant spec 9: the
 * tables and the open tab, every second, on every tablet), over real HTTP on a loopback port, as
 * the browser asks it (token, gzip/br, `If-None-Match`):
 *   - unchanged: the client holds the current validator → 304 from one primary-key read;
 *   - changed: the floor moved since the client's validator → the whole answer.
 * Cantina Bella's demo floor (20 tables, its busiest open tab). The database: a fresh in-memory
 * PGlite with the whole demo by default, or DATABASE_URL (a PostgreSQL that has the demo:
 * SEED_DEMO=1). Nothing is written but the sign-in. Exits with 1 when an unchanged poll's median
 * passes its target, set well below a changed one: the validator must stay cheap. (The median, not
 * the p99: on a 2-core machine the tail follows whatever else runs.)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, and } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/client';
import { orders, stores } from '../server/db/schema';
import { DEMO_ACCOUNTS, seedDemo } from '../server/seed/demo';
import { runScript, UsageError } from './bench/cli';
import { count, ms, table } from './bench/measure';

/** Median targets of an unchanged poll, in ms, by database (2 cores, loopback HTTP). */
const UNCHANGED_MEDIAN = { pglite: 4, postgres: 4 };

const USAGE = `Uso: npm run bench:floor -- [--n N]
  --n N   polls medidos por caso (padrão 1000)
O banco: PGlite em memória com a demonstração, ou DATABASE_URL (um PostgreSQL com a demonstração).`;

function parseArgs(argv: string[]): { n: number } | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const at = argv.indexOf('--n');
  const n = at >= 0 ? Number(argv[at + 1]) : 1000;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError('--n espera um número inteiro ≥ 1.');
  return { n };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1]!;
}

async function main({ n }: { n: number }): Promise<number> {
  const url = process.env.DATABASE_URL;
  const database: Database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-floor-'));
  const app = await buildApp({ database, jwtSecret: crypto.randomBytes(32).toString('hex'), uploadsDir });
  try {
    if (database.isNew || !url) {
      process.stderr.write('Criando a demonstração no banco em memória…\n');
      await seedDemo(database.db, { scale: 'full', uploadsDir });
    }
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const staff = DEMO_ACCOUNTS[1];
    const login = await fetch(`${base}/auth/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: staff.password, role: 'ADMIN' }),
    });
    if (!login.ok) throw new Error(`Não foi possível entrar como ${staff.email}: ${await login.text()}`);
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const [store] = await database.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.name, 'Cantina Bella'));
    const [busiest] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.store_id, store!.id), eq(orders.status, 'OPENED')))
      .orderBy(desc(orders.total))
      .limit(1);
    const paths = {
      mesas: '/api/tables?page_size=500&sort_field=number&sort_order=ASC',
      comanda: `/api/orders/id/${busiest!.id}?include=payments,coupons,birthdays,checkins`,
    };
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };

    const rows: string[][] = [];
    let missed = false;
    for (const [name, pathname] of Object.entries(paths)) {
      const first = await fetch(`${base}${pathname}`, { headers });
      const etag = first.headers.get('etag');
      const size = (await first.arrayBuffer()).byteLength;
      if (!first.ok || !etag) throw new Error(`${pathname} respondeu ${first.status} sem ETag`);
      for (const [kind, extra, status] of [
        ['sem mudança', { 'if-none-match': etag }, 304],
        ['com mudança', { 'if-none-match': 'W/"outra-versao"' }, 200],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < n + 20; i++) {
          const started = performance.now();
          const response = await fetch(`${base}${pathname}`, { headers: { ...headers, ...extra } });
          await response.arrayBuffer();
          if (i >= 20) times.push(performance.now() - started);
          if (response.status !== status)
            throw new Error(`${pathname} (${kind}) respondeu ${response.status}`);
        }
        times.sort((a, b) => a - b);
        const median = percentile(times, 0.5);
        const target = status === 304 ? UNCHANGED_MEDIAN[database.kind] : null;
        if (target !== null && median > target) missed = true;
        rows.push([
          `${name}, ${kind}`,
          String(status),
          ms(median),
          ms(percentile(times, 0.95)),
          ms(percentile(times, 0.99)),
          ms(times[times.length - 1]!),
          status === 304 ? '0' : count(size),
          target === null ? '—' : `≤ ${count(target)}`,
        ]);
      }
    }
    console.log(`Banco: ${database.kind === 'pglite' ? 'PGlite (em memória)' : 'PostgreSQL (DATABASE_URL)'}`);
    console.log(
      `${count(n)} requisições medidas por caso, em sequência, HTTP local; ${os.cpus().length} CPUs`,
    );
    console.log('');
    console.log(
      table(['caso', 'status', 'mediana ms', 'p95 ms', 'p99 ms', 'máx ms', 'bytes', 'meta mediana'], rows),
    );
    if (missed) {
      console.log('\nUma consulta sem mudança passou da meta da mediana.');
      return 1;
    }
    return 0;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}

runScript({ usage: USAGE, parse: parseArgs, run: main });
