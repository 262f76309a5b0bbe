import { useEffect, type ReactElement } from 'react';
import { HttpError, SaveButton, Toolbar, useGetOne, useNotify } from 'react-admin';
import { restaurants, type Store } from '../../../contract/resources/restaurants/definition';
import { failureText } from '../../dataProvider/httpClient';
import { useApi } from '../../dataProvider/useApi';
import type { FormOverrides } from '../../engine/overrides';
import { TOUCH } from './touch';

/** What the store's screens say when the store cannot be read (restaurant spec 8). */
export const STORE_MESSAGES = {
  noStoreId: 'Store ID não encontrado!',
  notFound: 'Dados da loja não encontrados!',
  failed: 'Erro ao buscar dados',
} as const;

interface Account {
  roles: { store_id: number | null }[];
}

/** The account's store (spec 7: the store_id of its first role), or why there is none. */
function useOwnStoreId(failed: string = STORE_MESSAGES.failed) {
  const account = useApi<Account>('/api/account');
  if (account.isError) return { problem: failed };
  if (account.isPending) return undefined;
  return account.data?.roles[0]?.store_id ?? { problem: STORE_MESSAGES.noStoreId };
}

/** Why the store could not be read: `failed`, or that it is not found. */
const readFailed = (failed: string) => (error: unknown) =>
  error instanceof HttpError && error.status === 404 ? STORE_MESSAGES.notFound : failed;

/**
 * The account's store as read (null until then, or without it), for screens that read it beside
 * their own record (the reservation form: its hours); a problem is told, unless `quiet`.
 */
export function useOwnStore(quiet = false): Store | null {
  const notify = useNotify();
  const id = useOwnStoreId();
  const known = typeof id === 'number';
  const store = useGetOne<Store>(restaurants.name, { id: known ? id : 0 }, { enabled: known });
  const problem =
    typeof id === 'object'
      ? id.problem
      : store.isError
        ? readFailed(STORE_MESSAGES.failed)(store.error)
        : null;
  useEffect(() => {
    if (problem && !quiet) notify(problem, { type: 'error' });
  }, [problem, quiet, notify]);
  return store.data?.info ? store.data : null;
}

/** SALVAR, at the form's end, a fingertip high. */
export function SaveBar({ label = 'SALVAR' }: { label?: string }) {
  return (
    <Toolbar sx={{ justifyContent: 'flex-end' }}>
      <SaveButton label={label} size="large" alwaysEnable sx={{ minHeight: TOUCH, minWidth: 160 }} />
    </Toolbar>
  );
}

/**
 * A screen of the account's own store (spec 7: the store_id of the account's first role, then
 * the store by its id), read and saved with the store's record (PATCH /api/stores/id/{id}): its
 * definition, saying `saved`, and the form's overrides over `form` — what cannot be read said in
 * the form's place (`failed`, the screen's words for a read that failed; `below`, under them), a
 * refused save in the API's words or, when it gives none, `unsaved`.
 */
export function ownStoreScreen(
  {
    saved,
    failed = STORE_MESSAGES.failed,
    unsaved,
    below,
  }: { saved: string; failed?: string; unsaved: string; below?: ReactElement },
  form: FormOverrides,
) {
  return {
    definition: { ...restaurants, messages: { ...restaurants.messages, updated: saved } },
    overrides: {
      form: {
        single: { useId: () => useOwnStoreId(failed) },
        failed: {
          read: readFailed(failed),
          save: (error: unknown) => failureText(error, unsaved),
          below,
        },
        marked: false,
        maxWidth: 1100,
        toolbar: <SaveBar />,
        ...form,
      } satisfies FormOverrides,
    },
  };
}
