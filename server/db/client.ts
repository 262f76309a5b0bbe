import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir, type DataDirLock } from './lock';
import { readDatesAsText } from './rows';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction's handle, for helpers that work inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database had no tables before migrations ran (used to seed the demo once). */
  isNew: boolean;
  /**
   * Receives the NOTIFY payloads of `channels` (committed transactions of every connection and
   * instance). `onLost` runs as soon as notices may be missed (the listening connection failed, or
   * did not answer its once-a-second check within a second), `onBack` when they flow again, so
   * that listeners can read again what they may have missed. PGlite's never stop: every write is
   * this process's, and its notices come with its commit. Returns what stops listening.
   */
  listen(channels: string[], handlers: NoticeHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NoticeHandlers {
  /** One NOTIFY: its channel and payload. */
  onNotice(channel: string, payload: string): void;
  onLost(): void;
  onBack(): void;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** Undefined: in memory. */
      dataDir?: string;
      /**
       * The files of a database to start from, as PGlite's `dumpDataDir` writes them (the tests
       * start each database from one migrated copy instead of running initdb and every migration).
       */
      from?: Blob;
    }
  | { kind: 'postgres'; url: string };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir, target.from);
}

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Database> {
  let lock: DataDirLock | undefined;
  let dbDir: string | undefined;
  if (dataDir) {
    lock = lockDataDir(dataDir);
    dbDir = path.join(dataDir, 'db');
    // A server killed with -9 leaves PostgreSQL's pid file behind; we hold the folder lock,
    // so no other process can be using the database and the stale file is safe to remove.
    fs.rmSync(path.join(dbDir, 'postmaster.pid'), { force: true });
  }
  try {
    const client = await PGlite.create({
      dataDir: dbDir,
      loadDataDir: from,
      extensions: { pg_trgm, unaccent },
    });
    readDatesAsText(client);
    const db = drizzlePglite({ client, schema });
    const isNew = !(await hasTables(db));
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      isNew,
      // In process: PGlite hands its own session's notices to the listener after each commit.
      async listen(channels, { onNotice }) {
        const stops = await Promise.all(
          channels.map((channel) => client.listen(channel, (payload) => onNotice(channel, payload))),
        );
        return async () => {
          if (!client.closed) await Promise.all(stops.map((stop) => stop()));
        };
      },
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover, admin) must not crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => {
    console.error(`Conexão ociosa com o PostgreSQL encerrada: ${error.message}`);
  });
  const db = drizzlePg({ client: pool, schema });
  const isNew = !(await hasTables(db));
  await migratePg(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    isNew,
    listen: (channels, handlers) => listenPostgres(url, channels, handlers),
    close: () => pool.end(),
  };
}

/** Wait before opening a lost listening connection again: 0.5 s, doubling, at most 10 s. */
const RELISTEN_MS = { first: 500, max: 10_000 };
/** How the listening connections name themselves to PostgreSQL (pg_stat_activity). */
export const LISTENER_NAME = 'painel-avisos';
/** The listening connection answers a check this often, within as long, or counts as lost. */
const CHECK_MS = 1_000;

/**
 * One connection of its own per instance, outside the pool (a LISTEN lives on its connection).
 * It is checked every second, so that a connection that died silently is known within about two;
 * a lost one is opened again.
 */
async function listenPostgres(
  url: string,
  channels: string[],
  { onNotice, onLost, onBack }: NoticeHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let wait = RELISTEN_MS.first;
  let checking = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client.on('notification', (message) => onNotice(message.channel, message.payload ?? ''));
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    await client.connect();
    for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    wait = RELISTEN_MS.first;
  };

  const lost = (client: pg.Client) => {
    if (current !== client || stopped) return;
    current = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    console.error('Conexão de avisos ao vivo com o PostgreSQL perdida; reabrindo.');
    onLost();
    schedule();
  };

  const schedule = () => {
    retry = setTimeout(() => {
      connect().then(onBack, () => {
        wait = Math.min(wait * 2, RELISTEN_MS.max);
        if (!stopped) schedule();
      });
    }, wait);
  };

  const check = setInterval(() => {
    const client = current;
    if (!client || checking) return;
    checking = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('sem resposta')), CHECK_MS);
    });
    Promise.race([client.query('select 1'), late])
      .catch(() => lost(client))
      .finally(() => {
        clearTimeout(timer);
        checking = false;
      });
  }, CHECK_MS);
  check.unref();

  await connect();
  return async () => {
    stopped = true;
    clearInterval(check);
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

async function hasTables(db: { execute: Db['execute'] }): Promise<boolean> {
  // drizzle keeps its journal in schema "drizzle"; its presence means migrations ran before.
  const result = await db.execute(schemaExistsQuery);
  return Boolean(rows<{ exists: boolean }>(result)[0]?.exists);
}

const schemaExistsQuery = sql`select exists (select 1 from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations') as "exists"`;

/** PGlite and node-postgres both answer with `{ rows }`. */
export function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The SQLSTATE of a database error, looking through drizzle's wrapping. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a database error names, looking through drizzle's wrapping. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
