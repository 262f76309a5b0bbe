import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { httpClient, type Query } from './httpClient';

/**
 * Reads a non-CRUD endpoint (dashboards, statistics, suggestions) through react-admin's own query
 * client, so caching, refetching and errors behave like the rest of the app.
 */
export function useApi<T>(
  path: string | null,
  query?: Query,
  options: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<T>({
    queryKey: ['api', path, query],
    queryFn: async () => ((await httpClient(path!, { query })) as { data: T }).data,
    enabled: path !== null,
    ...options,
  });
}
