import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/App';
import { adminMenu, storeMenu, type MenuEntry } from '../../src/layout/menus';
import { DEFAULT_PERMISSIONS, PERMISSION_IDS } from '../../contract/permissions';
import { makeToken } from './tokens';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Every call answers an empty page: the screens open, whatever they list. */
function emptyApi(role: string, permissions: readonly string[] = PERMISSION_IDS) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const place = { role, store_id: role === 'ADMIN' ? null : 2, store_name: 'Cantina Bella', permissions };
    const body = url.includes('/api/account')
      ? { data: { id: 1, fullname: 'Teste', email: 't@painel.com.br', role, roles: [place] } }
      : // The store's integrations are a plain list (no page).
        /\/api\/stores\/integration(\?|$)/.test(url)
        ? { data: [] }
        : { data: { results: [], total: 0 } };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
}

async function openEveryEntry(role: string, menu: readonly MenuEntry[]) {
  const token = makeToken({ role, store_id: role === 'ADMIN' ? null : 2 });
  localStorage.setItem('painel.session', JSON.stringify({ email: 't@painel.com.br', role, token }));
  vi.stubGlobal('fetch', emptyApi(role));
  window.location.hash = '#/statistics';
  render(<App />);
  await screen.findAllByRole('menuitem');
  for (const entry of menu) {
    window.location.hash = `#${entry.to}`;
    // The page of the entry opens (its menu item is the current one), and it is not "Não encontrado".
    // A lazily loaded screen may take a while on a busy machine: wait for it, however long.
    await waitFor(() =>
      expect(document.querySelector('.RaMenuItemLink-active')?.getAttribute('href')).toBe(`#${entry.to}`),
    );
    await waitFor(() => expect(screen.queryByText('Não encontrado'), entry.to).not.toBeInTheDocument());
    expect(screen.queryByText('Não encontrado'), entry.to).not.toBeInTheDocument();
  }
}

describe('the side menus', () => {
  it('lead an administrator only to pages the app registers for them', async () => {
    await openEveryEntry('ADMIN', adminMenu);
  });

  it('lead restaurant staff only to pages the app registers for them', async () => {
    await openEveryEntry('MANAGER', storeMenu);
  });
});

describe("a role's menu", () => {
  it('shows a waiter only the areas the role holds, and lands them on the floor', async () => {
    const token = makeToken({ role: 'WAITER', store_id: 2 });
    localStorage.setItem(
      'painel.session',
      JSON.stringify({ email: 't@painel.com.br', role: 'WAITER', token }),
    );
    vi.stubGlobal('fetch', emptyApi('WAITER', DEFAULT_PERMISSIONS.WAITER));
    window.location.hash = '#/';
    render(<App />);
    await waitFor(() => expect(window.location.hash).toBe('#/hall'));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Salão',
        'Pedidos',
        'Impressões',
        'Comandas',
        'Reservas',
        'Produtos',
        'Política de uso',
        'Avaliações',
        'Mural',
        'Sair',
      ]),
    );
    // A screen of an area the role does not hold says so, and asks the API nothing.
    window.location.hash = '#/financial';
    expect(
      await screen.findByText(
        'Sua função não tem a permissão "Financeiro". Peça a um gerente do restaurante.',
      ),
    ).toBeInTheDocument();
  });
});
