import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { accounts, memberships, stores } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import type { MailMessage } from '../../server/mail/mailer';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed/demo';
import { databaseUrl } from './pg-global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  outbox: MailMessage[];
  /** The temporary folder of stored files (`DATA_DIR/uploads` in production). */
  uploadsDir: string;
  /**
   * Another instance of the API on the same database and secret (what `DATABASE_URL` plus N
   * servers is), closed with this app.
   */
  instance(overrides?: Partial<AppOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A fresh app over a fresh database: in-memory PGlite by default, or a throw-away database on
 * the PostgreSQL server of DATABASE_URL when the suite runs as `npm run test:pg`.
 */
export interface TestAppOptions {
  /** A Pix provider for dynamic charges and their webhook (none: static codes). */
  pixProvider?: AppOptions['pixProvider'];
  /**
   * Seed the demo: 'accounts' (default, or true) the three demo logins, their two stores, cuisines,
   * cities and FAQ; 'full' the whole living demo (seconds: once per file, in beforeAll); false nothing.
   */
  seed?: boolean | 'accounts' | 'full';
  /** The demo's "now" (default: the real one). */
  seedNow?: Date;
  /** Folder of a built web app, to register the web routes too. */
  webRoot?: string;
  /** The app's logger (default: none); a test reads the lines through its `stream`. */
  logger?: AppOptions['logger'];
  /** How long a sign-in to an e-mail under attack waits (default: the product's 3 s). */
  loginSlowAnswerMs?: number;
  /** Runs after buildApp and before ready(): tests add routes of their own here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Run initdb and every migration on this database (PGlite), instead of starting from the run's
   * migrated copy: the migrations' own tests.
   */
  migrate?: boolean;
  /**
   * With `seed: 'full'`, start from a copy of the demo seeded once for the run at that "now"
   * (default), or seed it afresh (false: the seed's own tests, a "now" no other file uses).
   */
  snapshot?: boolean;
  /** PGlite in a worker thread of its own, as the server runs it (server/db/pglite-thread.ts). */
  thread?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seed = options.seed ?? true;
  const seeded =
    seed === 'full' && options.snapshot !== false
      ? await (process.env.TEST_DATABASE === 'postgres' ? seededTemplate : seededDemo)(options.seedNow)
      : undefined;
  const { database, drop } = await freshDatabase(options.migrate ?? false, seeded?.from, options.thread);
  const outbox: MailMessage[] = [];
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-uploads-'));
  if (seeded) fs.cpSync(seeded.uploads, uploadsDir, { recursive: true });
  let app: FastifyInstance | undefined;
  const appOptions = (): AppOptions => ({
    database,
    jwtSecret,
    webRoot: options.webRoot,
    uploadsDir,
    logger: options.logger,
    loginSlowAnswerMs: options.loginSlowAnswerMs,
    pixProvider: options.pixProvider,
    // Every answer is held against its route's response schema: a drift fails the test.
    checkResponses: true,
    forceCloseConnections: true,
    mailer: {
      async send(message) {
        outbox.push(message);
      },
    },
  });
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const others: FastifyInstance[] = [];
  try {
    if (seed && !seeded) {
      await seedDemo(database.db, {
        scale: seed === 'full' ? 'full' : 'accounts',
        now: options.seedNow,
        uploadsDir: seed === 'full' ? uploadsDir : undefined,
      });
    }
    app = await buildApp(appOptions());
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // A test may expect the app to refuse to start: leave nothing open behind it.
    await app?.close().catch(() => {});
    await database.close();
    await drop();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    outbox,
    uploadsDir,
    async instance(overrides = {}) {
      const other = await buildApp({ ...appOptions(), ...overrides });
      others.push(other);
      await other.ready();
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The migrated database every PGlite test database starts from (tests/server/global-setup.ts). */
let snapshot: Blob | undefined;
export function migratedCopy(): Blob {
  snapshot ??= new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
  return snapshot;
}

/**
 * The whole demo seeded at `now` (the real one by default), once per run and "now": the first
 * file that asks seeds it and keeps its files beside the migrated copy; the others wait for them
 * and start from a copy (a few seconds instead of fifteen). A seed that failed leaves its error
 * for the others to throw.
 */
async function seededDemo(now: Date | undefined): Promise<{ from: Blob; uploads: string }> {
  const folder = path.dirname(inject('pgliteSnapshot'));
  const name = `demo-${now ? now.toISOString().replace(/[:.]/g, '-') : 'now'}`;
  const data = path.join(folder, `${name}.tar`);
  const uploads = path.join(folder, `${name}-uploads`);
  const failed = path.join(folder, `${name}.failed`);
  let building = false;
  try {
    fs.writeFileSync(path.join(folder, `${name}.lock`), String(process.pid), { flag: 'wx' });
    building = true;
  } catch {
    // Another file is seeding it.
  }
  if (building) {
    const database = await openDatabase({ kind: 'pglite', from: migratedCopy() });
    try {
      const images = fs.mkdtempSync(path.join(folder, `${name}-images-`));
      await seedDemo(database.db, { scale: 'full', now, uploadsDir: images });
      const client = (database.db as unknown as { $client: PGlite }).$client;
      // The seed's write-ahead log is more than half the files (eight segments of 16 MB), and every
      // copy would load it again: a checkpoint that removes the segments it no longer needs instead
      // of keeping them for reuse leaves one, and a copy opens in half the time.
      await client.exec('set wal_recycle = off; checkpoint');
      const dump = await client.dumpDataDir('none');
      fs.renameSync(images, uploads);
      fs.writeFileSync(`${data}.part`, Buffer.from(await dump.arrayBuffer()));
      // The rename is the signal: the files are whole once the name exists.
      fs.renameSync(`${data}.part`, data);
    } catch (error) {
      fs.writeFileSync(failed, String(error instanceof Error ? (error.stack ?? error.message) : error));
      throw error;
    } finally {
      await database.close();
    }
  } else {
    while (!fs.existsSync(data)) {
      if (fs.existsSync(failed)) throw new Error(`the demo seed failed:\n${fs.readFileSync(failed, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { from: new Blob([fs.readFileSync(data)]), uploads };
}

/**
 * The same on PostgreSQL: the whole demo seeded at `now` into a template database of the run, once
 * per "now", by the first file that asks (the others wait on an advisory lock); a test database is
 * a copy of it. Its name appears once it is whole: a seed that failed leaves none, and the next file
 * tries again.
 */
async function seededTemplate(now: Date | undefined): Promise<{ from: string; uploads: string }> {
  const url = postgresUrl();
  const at = now
    ? now
        .toISOString()
        .replace(/[^0-9a-z]/gi, '_')
        .toLowerCase()
    : 'now';
  const name = `${inject('pgTemplate')}_demo_${at}`;
  const uploads = path.join(inject('pgRunFolder'), `${name}-uploads`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_part`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building} template ${inject('pgTemplate')}`);
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, building) });
      try {
        const images = fs.mkdtempSync(path.join(inject('pgRunFolder'), `${name}-images-`));
        await seedDemo(database.db, { scale: 'full', now, uploadsDir: images });
        fs.rmSync(uploads, { recursive: true, force: true });
        fs.renameSync(images, uploads);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.end();
  }
  return { from: name, uploads };
}

function postgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('npm run test:pg precisa de DATABASE_URL (um PostgreSQL onde criar bancos de teste).');
  return url;
}

/**
 * A database of the test's own: on PGlite a copy of `from` (files) or of the migrated copy; on
 * PostgreSQL a copy of the template database `from` or of the run's migrated one. `migrate`: an
 * empty one that the migrations run on.
 */
async function freshDatabase(
  migrate: boolean,
  from?: Blob | string,
  thread = false,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const database = await openDatabase({
      kind: 'pglite',
      from: from instanceof Blob ? from : migrate ? undefined : migratedCopy(),
      thread,
    });
    return { database, drop: async () => {} };
  }
  const url = postgresUrl();
  const name = `painel_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = typeof from === 'string' ? from : migrate ? 'template1' : inject('pgTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const demo = {
  admin: DEMO_ACCOUNTS[0],
  cantina: DEMO_ACCOUNTS[1],
  sertao: DEMO_ACCOUNTS[2],
};

/**
 * Inserts an account directly (for tests that lock, disable or re-password it): an administrator,
 * or with a store, a member of that store's team with `role` there.
 */
export async function createAccount(
  db: Db,
  values: { email: string; password: string; role?: string; store_id?: number | null; fullname?: string },
): Promise<number> {
  const storeId = values.store_id ?? null;
  const [row] = await db
    .insert(accounts)
    .values({
      fullname: values.fullname ?? 'Conta de Teste',
      email: values.email,
      password_hash: await hashPassword(values.password),
      role: storeId === null ? 'ADMIN' : 'MEMBER',
      last_store_id: storeId,
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('account not created');
  if (storeId !== null) {
    await db
      .insert(memberships)
      .values({ account_id: row.id, store_id: storeId, role: values.role ?? 'STAFF' });
  }
  return row.id;
}

/** The id of a seeded store, by name. */
export async function storeId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.name, name));
  if (!row) throw new Error(`store ${name} not found`);
  return row.id;
}

/** Signs in and returns the bearer token. */
export async function login(
  app: FastifyInstance,
  account: { email: string; password: string },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/email',
    payload: { email: account.email, password: account.password, role: 'ADMIN' },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().data.access_token as string;
}

/** An inject with the bearer token set. */
export function as(app: FastifyInstance, token: string | null) {
  return (options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
}

/** The message of an error answer. */
export const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;
