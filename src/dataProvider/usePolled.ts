import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { buildUrl, getIfChanged, type Query } from './httpClient';

/** What changed on a store's service, as its live notices name it. */
export type LiveTopic = 'floor' | 'tab' | 'board';

/**
 * Which live notices read a polled answer again: those of `topic` on the store's stream (staff:
 * their own store; administrators name it).
 */
export interface LiveSubscription {
  topic: LiveTopic;
  storeId?: number | null;
}

/**
 * Reads an endpoint every `intervalMs` with a conditional request (restaurant spec 9: the floor
 * polls every second). While the server answers 304 the same data object is returned, so nothing
 * re-renders and the screen never flickers; the query pauses while the browser tab is hidden.
 */
export function usePolled<T>(
  path: string | null,
  query: Query | undefined,
  intervalMs: number,
  live?: LiveSubscription,
) {
  const held = useRef<{ url: string; etag: string | null; data: T } | null>(null);
  return useQuery<T>({
    queryKey: ['polled', path, query],
    queryFn: async () => {
      const url = buildUrl(path!, query);
      const previous = held.current?.url === url ? held.current : null;
      const answer = await getIfChanged(path!, query, previous?.etag ?? null);
      if (answer === null && previous) return previous.data;
      const data = (answer?.body as { data: T } | undefined)?.data as T;
      held.current = { url, etag: answer?.etag ?? null, data };
      return data;
    },
    enabled: path !== null,
    meta: { live },
    refetchInterval: intervalMs,
  });
}
