import type { ReactElement } from 'react';
import { HttpError, SaveButton, Toolbar } from 'react-admin';
import { restaurants } from '../../../contract/resources/restaurants/definition';
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
        single: {
          useId() {
            const account = useApi<Account>('/api/account');
            if (account.isError) return { problem: failed };
            if (account.isPending) return undefined;
            return account.data?.roles[0]?.store_id ?? { problem: STORE_MESSAGES.noStoreId };
          },
        },
        failed: {
          read: (error: unknown) =>
            error instanceof HttpError && error.status === 404 ? STORE_MESSAGES.notFound : failed,
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
