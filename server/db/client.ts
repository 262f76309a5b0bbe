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
import { PGliteThread } from './pglite-thread';

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
  /**
   * Competes for the database-wide advisory lock `key`, which one holder at a time keeps while
   * its session lives: on PostgreSQL a connection of its own (`listenUrl`, as the listener's: a
   * session lock needs a session, which a pooler in transaction mode does not keep), asked again
   * every `retryMs` by those that do not hold it; on PGlite in process. `onElected` receives that
   * session, to work on while it holds the lock; `onDeposed` runs when the session is lost (its
   * connection closed or failed: the server released the lock, and another may take it). Returns
   * what stops competing (and releases the lock).
   */
  elect(key: number, retryMs: number, handlers: ElectionHandlers): Promise<() => Promise<void>>;
  /** Whether writes append live events (false: `painel.live_push = off`, the server's LIVE_PUSH=0). */
  livePush: boolean;
  /**
   * The name under which a query run on every request is prepared, so that each connection parses
   * and plans it once; '' (unnamed: parsed anew each time) through a pooler in transaction mode
   * (a `listenUrl` apart from `url`), where the next transaction may run on another connection.
   */
  statementName(name: string): string;
  close(): Promise<void>;
}

/** A connection's plain queries (rows), for work that must run on one session. */
export interface Session {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface ElectionHandlers {
  onElected(session: Session): void;
  onDeposed(): void;
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
      /** Default true; false: writes move the floor versions but append no live events. */
      livePush?: boolean;
      /**
       * Run the database in a worker thread of its own (server/db/pglite-thread.ts), so that its
       * statements do not hold the server's requests back; the server's default. False (the tests'
       * default): in this thread.
       */
      thread?: boolean;
    }
  | {
      kind: 'postgres';
      url: string;
      /**
       * A direct connection for the listener and the relay's lock (DATABASE_LISTEN_URL), when
       * `url` goes through a pooler in transaction mode; default `url`.
       */
      listenUrl?: string;
      livePush?: boolean;
    };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const livePush = target.livePush ?? true;
  return target.kind === 'postgres'
    ? openPostgres(target.url, target.listenUrl ?? target.url, livePush)
    : openPglite(target.dataDir, target.from, livePush, target.thread ?? false);
}

/** Startup options of a connection whose writes append no live events (read by the triggers). */
const LIVE_PUSH_OFF = '-c painel.live_push=off';

async function openPglite(
  dataDir: string | undefined,
  from: Blob | undefined,
  livePush: boolean,
  thread: boolean,
): Promise<Database> {
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
    const client: PGlite | PGliteThread = thread
      ? await PGliteThread.start({ dataDir: dbDir, from })
      : await PGlite.create({ dataDir: dbDir, loadDataDir: from, extensions: { pg_trgm, unaccent } });
    if (client instanceof PGlite) readDatesAsText(client);
    // One session, this process's: a plain SET holds for every write.
    if (!livePush) await client.exec('set painel.live_push = off');
    // The thread answers what drizzle asks of a PGlite (query, transaction), by messages.
    const db = drizzlePglite({ client: client as PGlite, schema });
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
      elect: (_key, _retryMs, handlers) =>
        electInProcess(
          client,
          { query: async (text, params) => (await client.query(text, params)).rows as never[] },
          handlers,
        ),
      livePush,
      statementName: (name) => name,
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

async function openPostgres(url: string, listenUrl: string, livePush: boolean): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(livePush ? {} : { options: LIVE_PUSH_OFF }),
  });
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
    listen: (channels, handlers) => listenPostgres(listenUrl, channels, handlers),
    elect: (key, retryMs, handlers) => electPostgres(listenUrl, key, retryMs, handlers),
    livePush,
    statementName: (name) => (listenUrl === url ? name : ''),
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

/** The candidates of each PGlite database, first the one that holds the lock. */
const inProcessCandidates = new WeakMap<object, ElectionHandlers[]>();

/** PGlite has one process and one session: the first candidate leads, the next takes over when it stops. */
async function electInProcess(
  database: object,
  session: Session,
  handlers: ElectionHandlers,
): Promise<() => Promise<void>> {
  let candidates = inProcessCandidates.get(database);
  if (!candidates) inProcessCandidates.set(database, (candidates = []));
  candidates.push(handlers);
  if (candidates.length === 1) handlers.onElected(session);
  return async () => {
    const index = candidates.indexOf(handlers);
    if (index < 0) return;
    candidates.splice(index, 1);
    if (index === 0) candidates[0]?.onElected(session);
  };
}

/** How the relay's lock connections name themselves to PostgreSQL (pg_stat_activity). */
export const ELECTION_NAME = 'painel-rele';

/**
 * A connection of its own that asks for the lock every `retryMs` until it gets it, then keeps it
 * (and the lock) until the connection is lost or competing stops. A lost one is opened again and
 * competes again: by then another instance may hold the lock.
 */
async function electPostgres(
  url: string,
  key: number,
  retryMs: number,
  { onElected, onDeposed }: ElectionHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let leading = false;
  let timer: NodeJS.Timeout | undefined;

  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    void lost.end().catch(() => undefined);
    if (leading) {
      leading = false;
      onDeposed();
    }
  };

  const attempt = async () => {
    if (stopped || leading) return;
    if (!client) {
      const opened = new pg.Client({ connectionString: url, application_name: ELECTION_NAME });
      opened.on('error', () => drop(opened));
      opened.on('end', () => drop(opened));
      client = opened;
      await opened.connect();
    }
    const current = client;
    const { rows: found } = await current.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [key],
    );
    if (stopped || client !== current || !found[0]?.locked) return;
    leading = true;
    onElected({
      query: async <T>(text: string, params?: unknown[]) => {
        try {
          return (await current.query(text, params)).rows as T[];
        } catch (error) {
          // A query that fails on this session may mean it is gone, and the lock with it.
          if (!(error as { code?: unknown }).code) drop(current);
          throw error;
        }
      },
    });
  };

  const plan = () => {
    timer = setTimeout(() => {
      attempt()
        .catch(() => {
          if (client) drop(client);
        })
        .finally(() => {
          if (!stopped) plan();
        });
    }, retryMs);
    timer.unref();
  };

  await attempt().catch(() => {
    if (client) drop(client);
  });
  plan();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    leading = false;
    await current?.end().catch(() => undefined);
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
