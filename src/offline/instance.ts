import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PainelDataProvider } from '../dataProvider';
import { httpClient, type Request } from '../dataProvider/httpClient';
import type { OutboxEntry } from './entry';
import { readSession } from '../lib/session';
import {
  browserOffline,
  isOffline,
  reportNetworkFailure,
  reportReachable,
  subscribeConnection,
} from './connection';
import { createOutbox, type OutboxChannel, type OutboxSnapshot } from './outbox';
import { indexedDbStorage, memoryStorage } from './storage';

const LOCK = 'painel-outbox';

/** Web Locks: of a tablet's tabs, one sends at a time; the others wait for it, then find nothing. */
function webLock(): ((work: () => Promise<void>) => Promise<void>) | undefined {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? async (work) => void (await locks.request(LOCK, work)) : undefined;
}

function broadcast(): OutboxChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(LOCK);
  return {
    post: (message) => channel.postMessage(message),
    listen(receive) {
      const handler = (event: MessageEvent) => receive(event.data as Parameters<typeof receive>[0]);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}

const requestOf = (entry: OutboxEntry): Request => ({
  method: entry.method,
  body: entry.body,
  headers: { 'Idempotency-Key': entry.key },
});

/** How the entries go out: the app's dataProvider once a screen gave it, the HTTP client before. */
let transport = (entry: OutboxEntry) => httpClient(entry.path, requestOf(entry));

/** What the screens do once an entry is applied: read their live data again (`useOutboxTransport`). */
let afterSent = () => Promise.resolve();

/** The screens' reads after a write never hold the outbox longer than this. */
const READ_AGAIN_WAIT_MS = 5_000;

/** The browser tab's outbox, over IndexedDB (memory where there is none). */
export const outbox = createOutbox({
  storage: typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage(),
  send: (entry) => transport(entry),
  afterSent: () => afterSent(),
  session: () => {
    const session = readSession();
    return { account: session?.email ?? '', store: session?.places?.[0]?.store_id ?? null };
  },
  browserOffline,
  onNetworkFailure: reportNetworkFailure,
  onAnswer: reportReachable,
  exclusive: webLock(),
  channel: broadcast(),
});

// What waits is sent as soon as the connection is back, and what a reload found, at once.
let wasOffline = isOffline();
subscribeConnection(() => {
  const offline = isOffline();
  if (wasOffline && !offline) void outbox.drain();
  wasOffline = offline;
});
void outbox.refresh().then(() => outbox.drain());

/**
 * The outbox sends through the app's dataProvider (the one a screen's tree is given), and the
 * screens read again after each write it applied.
 */
export function useOutboxTransport(): void {
  const dataProvider = useDataProvider<PainelDataProvider>();
  const queryClient = useQueryClient();
  useEffect(() => {
    transport = (entry) => dataProvider.send(entry.path, requestOf(entry));
    afterSent = () =>
      Promise.race([
        queryClient.invalidateQueries({ queryKey: ['polled'] }),
        new Promise<void>((resolve) => setTimeout(resolve, READ_AGAIN_WAIT_MS)),
      ]);
  }, [dataProvider, queryClient]);
}

/** The outbox as a screen reads it: re-rendered when its entries change. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(outbox.subscribe, outbox.snapshot);
}

/** Whether the server is out of reach now. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOffline);
}
