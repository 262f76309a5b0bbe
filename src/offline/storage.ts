import type { OutboxEntry } from './entry';

/** Where the outbox keeps its entries: IndexedDB in the browser, memory in unit tests. */
export interface OutboxStorage {
  /** Every entry, in the order they were added. */
  all(): Promise<OutboxEntry[]>;
  /** Adds an entry and answers its id (ascending: the order of the queue). */
  add(entry: Omit<OutboxEntry, 'id'>): Promise<number>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: number): Promise<void>;
}

/** Kept in memory: a reload loses it (the unit tests share one instance to play a reload). */
export function memoryStorage(): OutboxStorage {
  const entries = new Map<number, OutboxEntry>();
  let next = 1;
  return {
    all: () => Promise.resolve([...entries.values()].sort((a, b) => a.id - b.id).map((e) => ({ ...e }))),
    add(entry) {
      const id = next++;
      entries.set(id, { ...entry, id });
      return Promise.resolve(id);
    },
    put(entry) {
      if (entries.has(entry.id)) entries.set(entry.id, { ...entry });
      return Promise.resolve();
    },
    remove(id) {
      entries.delete(id);
      return Promise.resolve();
    },
  };
}

const DATABASE = 'painel-outbox';
const STORE = 'entries';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });

/**
 * The browser's IndexedDB (`painel-outbox`, one object store keyed by an ascending number): it
 * outlives a reload, a crash and the tablet's sleep, and every tab of the origin sees the same.
 */
export function indexedDbStorage(factory: IDBFactory = indexedDB): OutboxStorage {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    });
    return opened;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await database()).transaction(STORE, mode).objectStore(STORE);
  return {
    all: async () => (await done((await store('readonly')).getAll())) as OutboxEntry[],
    add: async (entry) => Number(await done((await store('readwrite')).add(entry))),
    async put(entry) {
      const entries = await store('readwrite');
      // Only an entry still there: one removed meanwhile (sent by another tab) stays removed.
      const found = await done(entries.getKey(entry.id));
      if (found !== undefined) await done(entries.put(entry));
    },
    remove: async (id) => void (await done((await store('readwrite')).delete(id))),
  };
}
