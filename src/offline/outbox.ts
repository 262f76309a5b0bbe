import type { OutboxEntry, OutboxRequest } from './entry';
import { newIdempotencyKey } from './entry';
import type { OutboxStorage } from './storage';

/**
 * What became of a write handed to the outbox, as its screen learns it: sent (the server's
 * answer), refused (the server's words; the screen says them, so the entry goes), or queued (no
 * connection, or writes before it still waiting: the banner and the overlay show it from then on,
 * and a later refusal stays in the outbox until dismissed).
 */
export type Outcome =
  { kind: 'sent'; body: unknown } | { kind: 'refused'; message: string } | { kind: 'queued' };

/** What the outbox is at a moment: the entries of the signed-in account. */
export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
}

/** Messages between the tabs of one browser (a BroadcastChannel). */
type Message = { type: 'changed' } | { type: 'outcome'; id: number; outcome: Outcome } | { type: 'held' };

export interface OutboxChannel {
  post(message: Message): void;
  listen(receive: (message: Message) => void): () => void;
}

export interface OutboxDeps {
  storage: OutboxStorage;
  /** Sends an entry's call with its key; throws an error with the HTTP `status` (0: not reached). */
  send(entry: OutboxEntry): Promise<unknown>;
  /** Who is signed in (`''` for nobody), and in which store: each account sends its own entries. */
  session(): { account: string; store: number | null };
  /** True when the browser knows it has no network: nothing is tried. */
  browserOffline(): boolean;
  /**
   * After the server applied an entry and before it leaves the outbox: the screens read again, so
   * that what they show does not step back to the data read before it was sent.
   */
  afterSent?: () => Promise<void>;
  /** A call failed on the network; and one got an answer. */
  onNetworkFailure(): void;
  onAnswer(): void;
  /** Runs `work` alone among the browser's tabs (Web Locks); alone in this tab without it. */
  exclusive?: (work: () => Promise<void>) => Promise<void>;
  channel?: OutboxChannel;
  /** While writes wait after a network failure, one is tried again this often. */
  probeMs?: number;
  /** After a 5xx, the next try waits this long, doubling up to `max`. */
  retryMs?: { first: number; max: number };
  now?: () => number;
}

export interface Outbox {
  snapshot(): OutboxSnapshot;
  subscribe(listener: () => void): () => void;
  /** Queues a write and sends what the queue holds, in order; resolves with what became of it. */
  submit(request: OutboxRequest): Promise<Outcome>;
  /** Removes a refused entry the person has read. */
  dismiss(id: number): Promise<void>;
  /** Sends what waits (a reconnection, another tab's new entry, a probe). */
  drain(): Promise<void>;
  /** Reads the entries again (another tab changed them). */
  refresh(): Promise<void>;
  /** Stops the timers and the channel (tests). */
  stop(): void;
}

export const PROBE_MS = 5_000;
export const RETRY_MS = { first: 1_000, max: 30_000 };
/** A replay's applied entries wait for one read of the screens every this many (and at its end). */
export const SENT_BEFORE_READ = 20;

const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
};

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'O servidor recusou esta ação.';

/** A refusal to keep: the server answered, and the same call would be answered the same. */
const refusedBy = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 408;

function inProcessLock() {
  let chain = Promise.resolve();
  return (work: () => Promise<void>) => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };
}

/**
 * The outbox: the service screens' writes, kept (IndexedDB in the browser) and sent one at a time
 * in the order they were made, each with the `Idempotency-Key` it got when queued. A network
 * failure keeps the entry and stops the run until the connection is back (a probe every
 * `probeMs` meanwhile); a 4xx marks it refused, with the server's words, and the run goes on; a
 * 5xx is tried again later, doubling the wait. An entry leaves only when the server answered it
 * (or the person dismissed its refusal). One tab sends at a time (`exclusive`), and the tabs tell
 * each other what changed (`channel`).
 */
export function createOutbox(deps: OutboxDeps): Outbox {
  const { storage } = deps;
  const exclusive = deps.exclusive ?? inProcessLock();
  const probeMs = deps.probeMs ?? PROBE_MS;
  const retryMs = deps.retryMs ?? RETRY_MS;
  const now = deps.now ?? Date.now;
  const listeners = new Set<() => void>();
  const waiters = new Map<number, (outcome: Outcome) => void>();
  let state: OutboxSnapshot = { entries: [] };
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryWait = retryMs.first;
  let stopped = false;

  const publish = (next: OutboxSnapshot) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const refresh = async () => {
    const { account } = deps.session();
    const all = await storage.all();
    publish({ entries: all.filter((entry) => entry.account === account) });
  };
  const changed = async () => {
    await refresh();
    deps.channel?.post({ type: 'changed' });
  };
  const settle = (id: number, outcome: Outcome) => {
    const waiter = waiters.get(id);
    waiters.delete(id);
    waiter?.(outcome);
    deps.channel?.post({ type: 'outcome', id, outcome });
  };
  const holdWaiters = () => {
    for (const [id, waiter] of waiters) {
      waiters.delete(id);
      waiter({ kind: 'queued' });
    }
  };
  const later = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void drain(), ms);
  };

  /**
   * The entries the server applied leave once the screens have read again (`afterSent`): one read
   * for a batch of them, not one per entry — a replay of hundreds of actions after a long drop
   * would otherwise wait for hundreds of reads of every screen.
   */
  async function flushSent(): Promise<void> {
    const sent = (await storage.all()).filter((entry) => entry.state === 'sent');
    if (sent.length === 0) return;
    await deps.afterSent?.();
    for (const entry of sent) await storage.remove(entry.id);
    await changed();
  }

  /** Sends the account's waiting entries in order until none is left or one must wait. */
  async function run(): Promise<void> {
    try {
      await sendWaiting();
    } finally {
      await flushSent();
    }
  }

  async function sendWaiting(): Promise<void> {
    let sentSinceRead = 0;
    for (;;) {
      if (sentSinceRead >= SENT_BEFORE_READ) {
        await flushSent();
        sentSinceRead = 0;
      }
      const who = deps.session();
      const head = (await storage.all()).find(
        (entry) => entry.account === who.account && (entry.state === 'pending' || entry.state === 'sending'),
      );
      if (!head) return;
      if (deps.browserOffline()) {
        holdWaiters();
        deps.channel?.post({ type: 'held' });
        return;
      }
      await storage.put({ ...head, state: 'sending' });
      await changed();
      try {
        const body = await deps.send(head);
        deps.onAnswer();
        retryWait = retryMs.first;
        await storage.put({ ...head, state: 'sent', sentAt: now() });
        await changed();
        sentSinceRead += 1;
        settle(head.id, { kind: 'sent', body });
      } catch (error) {
        const status = statusOf(error);
        if (refusedBy(status)) {
          deps.onAnswer();
          await storage.put({ ...head, state: 'refused', refusal: messageOf(error) });
          await changed();
          settle(head.id, { kind: 'refused', message: messageOf(error) });
          continue;
        }
        await storage.put({ ...head, state: 'pending' });
        await changed();
        holdWaiters();
        deps.channel?.post({ type: 'held' });
        if (status === 0) {
          deps.onNetworkFailure();
          later(probeMs);
        } else if (status >= 500) {
          deps.onAnswer();
          later(retryWait);
          retryWait = Math.min(retryWait * 2, retryMs.max);
        }
        return;
      }
    }
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await exclusive(run);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const unlisten = deps.channel?.listen((message) => {
    if (message.type === 'changed') void refresh();
    else if (message.type === 'held') holdWaiters();
    else {
      const waiter = waiters.get(message.id);
      waiters.delete(message.id);
      waiter?.(message.outcome);
    }
  });

  return {
    snapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(request) {
      const who = deps.session();
      const id = await storage.add({
        ...request,
        key: newIdempotencyKey(),
        account: who.account,
        store: who.store,
        created: now(),
        state: 'pending',
      });
      await changed();
      const outcome = new Promise<Outcome>((resolve) => waiters.set(id, resolve));
      if (deps.browserOffline()) {
        settle(id, { kind: 'queued' });
      } else {
        void drain();
      }
      const result = await outcome;
      // The screen says the refusal at once: it need not wait in the outbox too.
      if (result.kind === 'refused') await storage.remove(id).then(changed);
      return result;
    },
    async dismiss(id) {
      await storage.remove(id);
      await changed();
    },
    drain,
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
      unlisten?.();
    },
  };
}
