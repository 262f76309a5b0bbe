import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '../dataProvider/httpClient';
import { PERMISSION_IDS, type Permission } from '../../contract/permissions';
import type { Account } from './index';
import { decodeToken, readSession, savePlaces, saveSession, type WorkPlace } from '../lib/session';

const ADMIN = 'ADMIN';
const ACCOUNT_QUERY = ['painel', 'account'] as const;

export interface WorkPlaceState {
  /** ADMIN, or the role in the store the session works in. */
  role: string;
  /** The stores the account works in, the session's first (none for an administrator). */
  places: WorkPlace[];
  /** The store the session works in; null for an administrator. */
  current: WorkPlace | null;
  /** Whether the session's role holds a permission (an administrator holds all). */
  holds(permission: Permission): boolean;
  /** False until the session's permissions are known (from the API, or kept from the last visit). */
  known: boolean;
}

/**
 * Where the signed-in person works and what their role may do there. Answered at once from what
 * the last visit kept, and read again from the API once per page load: a permission a manager
 * granted or took away holds from the next page load, and react-admin's access checks are asked
 * again when it changed.
 */
export function useWorkPlace(): WorkPlaceState {
  const queryClient = useQueryClient();
  const session = readSession();
  const { data } = useQuery({
    queryKey: ACCOUNT_QUERY,
    queryFn: async () => ((await httpClient('/api/account')) as { data: Account }).data,
    enabled: session !== null,
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (data && savePlaces(data.roles)) void queryClient.invalidateQueries({ queryKey: ['auth'] });
  }, [data, queryClient]);
  const known = data?.roles ?? session?.places;
  const role = data?.role ?? session?.role ?? '';
  // The session's store, as the API or the token says it: a member taken off that store's team
  // finds it no longer among their places, and works in none until they choose another.
  const storeId = data?.store_id ?? decodeToken(session?.token ?? '')?.store_id ?? null;
  return useMemo(() => {
    const places = known ?? [];
    const admin = role === ADMIN;
    const current = admin ? null : (places.find((place) => place.store_id === storeId) ?? null);
    const held = new Set<string>(admin ? PERMISSION_IDS : (current?.permissions ?? []));
    return {
      role,
      places: admin ? [] : places,
      current,
      holds: (permission: Permission) => held.has(permission),
      known: admin || places.length > 0,
    };
  }, [role, known, storeId]);
}

/**
 * Moves the session to another store of the account's (POST /api/account/store) and starts the
 * app again there: every screen, list, cache and live stream belongs to one store.
 */
export async function switchStore(storeId: number): Promise<void> {
  const body = (await httpClient('/api/account/store', { method: 'POST', body: { store_id: storeId } })) as {
    data: Account & { access_token: string };
  };
  const session = readSession();
  saveSession(session?.email ?? body.data.email, body.data.access_token, body.data.roles);
  window.location.hash = '#/';
  window.location.reload();
}
