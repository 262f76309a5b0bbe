import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LiveTopic } from '../../contract/live';
import { buildUrl, getIfChanged, type Query } from './httpClient';
import { watchLive } from './liveStream';

/**
 * Which live notices read a polled answer again: those of `topic` on the store's stream (staff:
 * their own store; administrators name it).
 */
export interface LiveSubscription {
  topic: LiveTopic;
  storeId?: number | null;
}

/**
 * While the live stream is up, polls only this often, in case a notice was lost on the way; the
 * notices themselves read the answer again within a second.
 */
export const LIVE_SAFETY_POLL_MS = 30_000;

/**
 * Reads an endpoint every `intervalMs` with a conditional request (restaurant spec 9: the floor
 * polls every second). While the server answers 304 the same data object is returned, so nothing
 * re-renders and the screen never flickers; the query pauses while the browser tab is hidden.
 *
 * With `live`, the store's live stream reads it again as soon as a notice names its topic, and the
 * spec's polling is only the fallback for when the stream is down.
 */
export function usePolled<T>(
  path: string | null,
  query: Query | undefined,
  intervalMs: number,
  live?: LiveSubscription,
) {
  const held = useRef<{ url: string; etag: string | null; data: T } | null>(null);
  // When the answer shown was read, if it is the service worker's copy (no network): null once
  // the server answered again, even a 304.
  const copiedAt = useRef<number | null>(null);
  // When the read that brought the answer shown began: the outbox's applied writes from before it
  // are in the answer (src/offline/overlay.ts, `notYetRead`).
  const readStartedAt = useRef(0);
  const connected = useLive(path === null ? undefined : live, () => void result.refetch());
  const queryKey = ['polled', path, query];
  const result = useQuery<T>({
    queryKey,
    queryFn: async () => {
      const url = buildUrl(path!, query);
      const previous = held.current?.url === url ? held.current : null;
      const started = Date.now();
      const answer = await getIfChanged(path!, query, previous?.etag ?? null);
      copiedAt.current = answer?.copiedAt ?? null;
      // The server's answer, even a 304, is the data as of the read's start; a copy is not.
      if (answer === null || answer.copiedAt === null) readStartedAt.current = started;
      if (answer === null && previous) return previous.data;
      const data = (answer?.body as { data: T } | undefined)?.data as T;
      held.current = { url, etag: answer?.etag ?? null, data };
      return data;
    },
    enabled: path !== null,
    refetchInterval: connected ? LIVE_SAFETY_POLL_MS : intervalMs,
  });
  // How fresh the answer is, for the screen's 'Atualizado há N s' (`StaleNotice`), which reads
  // the query's time itself: the screen does not re-render on every 304.
  const freshness: Freshness = { queryKey, live: connected, copiedAt };
  return Object.assign(result, { freshness, readStartedAt: readStartedAt.current });
}

/** What `StaleNotice` needs to tell how old a polled answer is. */
export interface Freshness {
  queryKey: readonly unknown[];
  /** The live stream is up: its notices read the answer again the moment it changes. */
  live: boolean;
  /** When the answer shown was read, when it is the service worker's copy; else null. */
  copiedAt?: { readonly current: number | null };
}

/** Watches the store's live stream while `live` is given; true while the stream is up. */
function useLive(live: LiveSubscription | undefined, refetch: () => void): boolean {
  const [connected, setConnected] = useState(false);
  const latest = useRef(refetch);
  latest.current = refetch;
  const topic = live?.topic;
  const storeId = live?.storeId ?? undefined;
  useEffect(() => {
    if (topic === undefined) return;
    const stop = watchLive(storeId, topic, () => latest.current(), setConnected);
    return () => {
      stop();
      setConnected(false);
    };
  }, [topic, storeId]);
  return connected;
}
