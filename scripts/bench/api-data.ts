/**
 * The data of `npm run bench:api`, written before the servers start: seed:large's stores (whose
 * cuisines the generated routes list) and customers, and a platform administrator with one open
 * session, whose token both servers are called with. On PostgreSQL a throw-away database of its
 * own, dropped at the end; on PGlite a fresh data folder.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openSession } from '../../server/auth/sessions';
import type { Database } from '../../server/db/client';
import { accounts } from '../../server/db/schema';
import {
  canSkipTriggers,
  seedCustomers,
  seedStores,
  walCheckpointer,
  type Context,
} from '../seed-large/phases';
import { lit, runner } from '../seed-large/sql';

/** The administrator whose session both servers are called with. */
export const ADMIN_NAME = 'Administrador da medida';

export interface ApiData {
  /** The administrator's session token (HS256, the servers' secret). */
  token: string;
  /** A cuisine in the middle of the list: the record route reads it. */
  cuisineId: number;
  cuisines: number;
  customers: number;
}

/** Generates the stores and customers, opens the administrator's session; ends with ANALYZE. */
export async function seedApiData(
  database: Database,
  options: { stores: number; customers: number; jwtSecret: string; uploadsDir: string },
): Promise<ApiData> {
  const { db } = database;
  const run = runner(db);
  const [now] = await run<{ anchor: string; today: string }>(
    `select to_char(date_trunc('minute', now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as anchor,
       to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as today`,
  );
  const ctx: Context = {
    run,
    transaction: (fn) => db.transaction((tx) => fn(runner(tx))),
    anchor: `timestamptz ${lit(now!.anchor)}`,
    today: lit(now!.today),
    skipTriggers: await canSkipTriggers(run),
    afterBatch: walCheckpointer(run, database.kind === 'pglite'),
  };
  await seedStores(ctx, options.stores);
  await seedCustomers(ctx, options.customers, options.customers);

  const [admin] = await db
    .insert(accounts)
    .values({ fullname: ADMIN_NAME, email: 'admin@bench-api.painel.com.br', role: 'ADMIN' })
    .returning({ id: accounts.id, role: accounts.role, last_store_id: accounts.last_store_id });
  const app = await buildApp({ database, jwtSecret: options.jwtSecret, uploadsDir: options.uploadsDir });
  let token: string;
  try {
    token = await openSession(app, { ...admin!, password_changed_at: null }, 'session');
  } finally {
    await app.close();
  }
  await run('analyze');
  const [counts] = await run<{ cuisines: number; customers: number; middle: number }>(
    `select (select count(*)::int from cuisines) as cuisines, (select count(*)::int from customers) as customers,
       (select id from cuisines order by id offset (select count(*) / 2 from cuisines) limit 1) as middle`,
  );
  return { token, cuisineId: counts!.middle, cuisines: counts!.cuisines, customers: counts!.customers };
}

/** A database of its own on the PostgreSQL of `url`, so that every run starts from the same state. */
export async function createDatabase(
  url: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `painel_bench_api_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { name, url: target.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
