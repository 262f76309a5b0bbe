import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreSwitcher } from '../../src/layout/StoreSwitcher';
import { readSession } from '../../src/lib/session';
import { fakeApi } from './TeamWallScreen';
import { renderSignedIn } from './renderSignedIn';
import { makeToken } from './tokens';

const CANTINA = {
  role: 'CASHIER',
  store_id: 2,
  store_name: 'Cantina Bella',
  permissions: ['floor', 'finance'],
};
const SERTAO = { role: 'WAITER', store_id: 7, store_name: 'Sabor do Sertão', permissions: ['floor'] };

function accountApi(places: object[]) {
  const newToken = makeToken({ role: 'WAITER', store_id: 7 });
  const api = fakeApi((call) => {
    if (call.path === '/api/account')
      return {
        data: { id: 5, fullname: 'Rafaela Costa', email: 't@painel.com.br', role: 'CASHIER', roles: places },
      };
    if (call.path === '/api/account/store')
      return {
        data: {
          id: 5,
          fullname: 'Rafaela Costa',
          email: 't@painel.com.br',
          role: 'WAITER',
          roles: [SERTAO, CANTINA],
          access_token: newToken,
        },
      };
    return { data: {} };
  });
  return { api, newToken };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the store in the app bar', () => {
  it('names the store and the role of someone who works in one store, with nothing to choose', async () => {
    accountApi([CANTINA]);
    renderSignedIn('CASHIER', '/', { '/': <StoreSwitcher /> });
    expect(await screen.findByText('Cantina Bella · Caixa')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('moves the session to another store of the account, without signing out, and starts there', async () => {
    const { api, newToken } = accountApi([CANTINA, SERTAO]);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, hash: '#/hall' });
    const { user } = renderSignedIn('CASHIER', '/', { '/': <StoreSwitcher /> });
    await user.click(
      await screen.findByRole('button', {
        name: 'Restaurante: Cantina Bella · Caixa. Trocar de restaurante',
      }),
    );
    await user.click(screen.getByRole('menuitem', { name: /Sabor do Sertão/ }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/account/store', query: {}, body: { store_id: 7 } },
    ]);
    // The same person, the same session: a token of the new store, its role and what it may do.
    expect(readSession()).toMatchObject({ email: 't@painel.com.br', role: 'WAITER', token: newToken });
    expect(readSession()?.places?.[0]).toEqual(SERTAO);
  });
});
