import { useEffect, useRef } from 'react';
import { HttpError, useGetOne, useNotify } from 'react-admin';
import { useApi } from '../../dataProvider/useApi';
import { restaurants, type Store } from '../../../contract/resources/restaurants/definition';

/** What the settings screens say when the store cannot be read (restaurant spec 8). */
export const STORE_MESSAGES = {
  noStoreId: 'Store ID não encontrado!',
  notFound: 'Dados da loja não encontrados!',
  failed: 'Erro ao buscar dados',
} as const;

interface Account {
  roles: { role: string; store_id: number | null }[];
}

export type OwnStore =
  | { state: 'loading'; storeId: number | null }
  | { state: 'ready'; storeId: number; store: Store }
  /** The account names no store, the store is gone, or a call failed: the spec's message. */
  | { state: 'failed'; storeId: number | null; problem: keyof typeof STORE_MESSAGES };

/**
 * The signed-in account's store (spec 7: the store_id of the account's first role, then the
 * store by its id), as the settings and links screens read it. A problem is told once, with the
 * spec's message or, where a screen has its own (the links'), with that one; `quiet` where
 * another part of the screen reads the same store and tells it.
 */
export function useOwnStore(
  messages: Partial<Record<keyof typeof STORE_MESSAGES, string>> = {},
  quiet = false,
): OwnStore {
  const notify = useNotify();
  const account = useApi<Account>('/api/account');
  const storeId = account.data?.roles[0]?.store_id ?? null;
  const store = useGetOne<Store>(restaurants.name, { id: storeId ?? 0 }, { enabled: storeId !== null });

  let own: OwnStore;
  if (account.isError) own = { state: 'failed', storeId, problem: 'failed' };
  else if (account.isPending) own = { state: 'loading', storeId };
  else if (storeId === null) own = { state: 'failed', storeId, problem: 'noStoreId' };
  else if (store.isError) {
    const missing = store.error instanceof HttpError && store.error.status === 404;
    own = { state: 'failed', storeId, problem: missing ? 'notFound' : 'failed' };
  } else if (store.isPending) own = { state: 'loading', storeId };
  // A store without its settings (another server's partial answer) is no store to edit.
  else if (!store.data?.info) own = { state: 'failed', storeId, problem: 'notFound' };
  else own = { state: 'ready', storeId, store: store.data };

  const problem = own.state === 'failed' && !quiet ? own.problem : null;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (problem && told.current !== problem)
      notify(messages[problem] ?? STORE_MESSAGES[problem], { type: 'error' });
    told.current = problem;
  }, [problem, notify, messages]);
  return own;
}
