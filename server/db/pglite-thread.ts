/**
 * The embedded database (PGlite) in a worker thread, answering the server's thread through
 * messages: what drizzle, the live notices and the relay ask of a PGlite (`query`, `exec`,
 * `transaction`, `listen`, `dumpDataDir`, `close`), asked of the one in server/db/pglite-worker.ts.
 *
 * Why: PGlite runs PostgreSQL as WebAssembly, each statement to its end without yielding. In the
 * server's thread every statement held back every request; the floors' polls, which a version kept
 * in memory answers with no query, waited behind writes and rebuilt floors (bench:live's unchanged
 * reads missed their 20 ms p99 for that alone). Here the statements run beside the server's work.
 *
 * The semantics are PGlite's: one session, so a transaction holds every other query back until it
 * ends; a transaction's notices come with its commit, before its answer. The date and time types
 * come as text, as drizzle wants them (server/db/rows.ts, set in the thread): a query's own
 * `parsers` are functions, which do not cross threads, and are not sent.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What the thread opens: the folder (none: in memory), and the files of a database to start from. */
export interface ThreadStart {
  dataDir?: string;
  from?: ArrayBuffer;
}

export type ThreadCall = { id: number } & (
  | { op: 'query'; text: string; params?: unknown[]; options?: QueryOptions; tx?: number }
  | { op: 'batch'; queries: ThreadQuery[] }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);

/** A query of a batch: run outside any transaction, one after the other. */
export interface ThreadQuery {
  text: string;
  params?: unknown[];
  options?: QueryOptions;
}

/** An error as it crosses: PostgreSQL's fields (code, constraint, detail, table…) kept. */
export interface ThreadError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean | null>;
}

export type ThreadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ThreadError };

const WORKER = new URL('./pglite-worker.ts', import.meta.url).href;

type Call = ThreadCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** A transaction's handle, as far as drizzle and the server use one. */
export type ThreadTransaction = Pick<Transaction, 'query' | 'exec'>;

export class PGliteThread {
  closed = false;
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: unknown): void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadReply | { notice: string; payload: string }) => {
      if ('notice' in message) {
        for (const listener of this.listeners.get(message.notice) ?? []) listener(message.payload);
        return;
      }
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(rebuilt(message.error));
    });
    const lost = (error: unknown) => {
      this.closed = true;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`o banco embutido parou (código ${code})`)));
  }

  /** Starts the thread and opens the database in it (PGlite's initdb on a new folder). */
  static async start(options: { dataDir?: string; from?: Blob }): Promise<PGliteThread> {
    const from = options.from ? await options.from.arrayBuffer() : undefined;
    // The thread's module is TypeScript, as the server's: it registers tsx's loader first,
    // whoever started this process (the server, a script, the tests' runner).
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER)}); })`,
      {
        eval: true,
        workerData: { dataDir: options.dataDir, from } satisfies ThreadStart,
        transferList: from ? [from] : [],
      },
    );
    await new Promise<void>((resolve, reject) => {
      const failed = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
      worker.once('error', failed);
      worker.once('exit', (code) => failed(new Error(`o banco embutido não abriu (código ${code})`)));
      worker.once('message', () => {
        worker.off('error', failed);
        resolve();
      });
    });
    worker.removeAllListeners('exit');
    // Idle, the thread keeps no process alive (a socket's way): a call waiting for it does.
    worker.unref();
    return new PGliteThread(worker);
  }

  private call<T>(call: Call): Promise<T> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ ...call, id });
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({
      op: 'query',
      text,
      params,
      options: options?.rowMode ? { rowMode: options.rowMode } : undefined,
      tx,
    });
  }

  /**
   * Queries that are asked together (a list's page and its count), in one message each way: a
   * message to the thread and back costs more CPU than a short query (about 0.15 ms of the
   * process's, against 0.06 for an empty echo), and PGlite runs them one after the other anyway.
   */
  batch<T>(queries: ThreadQuery[]): Promise<Results<T>[]> {
    return this.call({
      op: 'batch',
      queries: queries.map(({ text, params, options }) => ({
        text,
        params,
        options: options?.rowMode ? { rowMode: options.rowMode } : undefined,
      })),
    });
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', text, tx });
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it throws.
   * Until then the database's other queries wait, as with PGlite in process.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const handle = {
      query: (text: string, params?: unknown[], options?: QueryOptions) =>
        this.query(text, params, options, tx),
      exec: (text: string) => this.exec(text, tx),
    } as ThreadTransaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await this.call({ op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'commit', tx });
    return result;
  }

  /** Calls `callback` with each notice of `channel` (this session's, after their commit). */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<Uint8Array<ArrayBuffer>>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}

/** The error the thread sent, as PGlite would have thrown it here (fields and all). */
function rebuilt({ message, name, fields }: ThreadError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}
