import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rows, type Db } from '../db/client';
import { accounts } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { buildDemo, SHARED_STAFF_EMAIL, STAFF_PASSWORD, type Scale } from './build';
import { insertRows, resetIdentities, withIndexesDeferred } from './bulk';

export type { Scale } from './build';
export { SHARED_STAFF_EMAIL, STAFF_PASSWORD };

/** The demo logins printed at start and documented in the README. */
export const DEMO_ACCOUNTS = [
  { who: 'Administrador da plataforma', email: 'admin@painel.com.br', password: 'Painel@2026' },
  { who: 'Equipe do Cantina Bella', email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' },
  { who: 'Equipe do Sabor do Sertão', email: 'gerente@sabordosertao.com.br', password: 'Sertao@2026' },
] as const;

/** Rows from which a table's indexes are built after its load rather than kept up during it. */
const LARGE_TABLE = 1000;

/** What `rebuild_rollups()` fills: the dashboards' and the statement's daily figures. */
const ROLLUP_TABLES = [
  'store_days',
  'platform_days',
  'product_days',
  'statement_days',
  'statement_months',
  'statement_totals',
];

export interface SeedOptions {
  /** The demo's "now": every date is relative to it, in America/Sao_Paulo. */
  now?: Date;
  /**
   * 'full' (default): the living platform (restaurants, menus, floor, 90 days of history, customers…).
   * 'accounts': only the three demo logins, their two stores, cuisines, cities and FAQ (fast, for tests).
   */
  scale?: Scale;
  /** Where the demo's images go (`<uploadsDir>/demo/…`); without it the rows keep their URLs only. */
  uploadsDir?: string;
}

export interface SeedReport {
  /** Rows written per table. */
  rows: Record<string, number>;
  files: number;
  /** Building the plan; waiting for the hashes after it; the transaction; the files still unwritten after it. */
  ms: { build: number; hash: number; write: number; files: number };
}

/** The demo built in memory, its passwords hashed: what `seedDemo` writes. */
export interface PreparedDemo {
  plan: ReturnType<typeof buildDemo>;
  ms: { build: number; hash: number };
}

/**
 * Builds the demo in memory and hashes its passwords (on libuv's threads meanwhile), with no
 * database: the server does it while a new database is being created.
 */
export async function prepareDemo(options: Pick<SeedOptions, 'now' | 'scale'> = {}): Promise<PreparedDemo> {
  const { now = new Date(), scale = 'full' } = options;
  const t0 = performance.now();
  // argon2 is slow on purpose: one hash per distinct password (every non-demo account shares one),
  // computed on libuv's threads while this one builds the plan.
  const passwords = [...DEMO_ACCOUNTS.map((a) => a.password), ...(scale === 'full' ? [STAFF_PASSWORD] : [])];
  const hashing = Promise.all(passwords.map(async (p) => [p, await hashPassword(p)] as const));
  const plan = buildDemo(now, scale, DEMO_ACCOUNTS);
  const t1 = performance.now();
  const hashes = new Map(await hashing);
  const accountStep = plan.steps.find((step) => step.table === accounts)!;
  (accountStep.rows as { password_hash: string | null }[]).forEach((row, i) => {
    row.password_hash = hashes.get(plan.passwords[i]!)!;
  });
  return { plan, ms: { build: Math.round(t1 - t0), hash: Math.round(performance.now() - t1) } };
}

/**
 * Seeds the demo into a new, empty database: the same rows for the same `now`. Everything is built
 * in memory first (the passwords are hashed meanwhile), then written set-based in ONE transaction,
 * while the image files are written alongside.
 */
export async function seedDemo(
  db: Db,
  options: SeedOptions & { prepared?: Promise<PreparedDemo> } = {},
): Promise<SeedReport> {
  const { uploadsDir } = options;
  const { plan, ms } = await (options.prepared ?? prepareDemo(options));
  const t2 = performance.now();

  // The images are written by libuv's threads while the database works; awaited after the commit.
  const writing = uploadsDir ? plan.images.write(uploadsDir) : Promise.resolve();
  writing.catch(() => {}); // (its error, if any, is reported by the await below)

  const written: Record<string, number> = {};
  await db.transaction(async (tx) => {
    if (!(await isEmptyDatabase(tx as unknown as Db)))
      throw new Error('seedDemo: o banco já tem dados; a demonstração só entra num banco novo.');
    // Foreign keys are checked row by row by triggers. The plan is consistent by construction (and
    // tests/server/seed.test.ts checks every key afterwards), so a superuser skips the triggers for
    // this transaction only; other roles keep them.
    const [{ superuser } = { superuser: false }] = rows<{ superuser: boolean }>(
      await tx.execute(sql`select current_setting('is_superuser') = 'on' as superuser`),
    );
    if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
    // The dashboards' daily figures are computed once at the end rather than row by row.
    await tx.execute(sql`set local painel.rollups = 'off'`);
    // The demo's history is not anyone's action: the audit trail starts with the first real one.
    await tx.execute(sql`set local painel.audit = 'off'`);
    // The tables of the history get their indexes once, after their rows.
    const large = plan.steps.filter((step) => step.rows.length >= LARGE_TABLE).map((step) => step.table);
    await withIndexesDeferred(tx, large, async () => {
      for (const step of plan.steps) {
        await insertRows(tx, step.table, step.rows as PgTable['$inferInsert'][]);
        const name = getTableName(step.table);
        written[name] = (written[name] ?? 0) + step.rows.length;
      }
    });
    await resetIdentities(
      tx,
      plan.steps.map((step) => step.table),
    );
    await tx.execute(sql`select rebuild_rollups()`);
    // The planner's statistics of the big tables: PGlite has no autovacuum to gather them, and
    // without them a cascade on (order_id, store_id) scans the store's items for every tab. A
    // sample of 3,000 rows a table is enough for the demo's plans, at a fifth of the default's time.
    await tx.execute(sql`set local default_statistics_target = 10`);
    const analyzed = new Set([...large.map((table) => getTableName(table)), ...ROLLUP_TABLES]);
    for (const name of analyzed) await tx.execute(sql.raw(`analyze "${name}"`));
  });
  const t3 = performance.now();
  await writing;
  const t4 = performance.now();
  return {
    rows: written,
    files: uploadsDir ? plan.images.count : 0,
    ms: {
      ...ms,
      write: Math.round(t3 - t2),
      files: Math.round(t4 - t3),
    },
  };
}

/**
 * No store and no account yet: a first start, or one stopped before the demo committed (the
 * migrations commit first, so "the tables exist" does not mean "the demo is there").
 */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [{ used } = { used: false }] = rows<{ used: boolean }>(
    await db.execute(sql`select exists (select 1 from stores) or exists (select 1 from accounts) as used`),
  );
  return !used;
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const found = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${DEMO_ACCOUNTS[0].email}`);
  return found.length > 0;
}
