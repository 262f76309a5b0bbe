import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/App';
import { adminMenu, storeMenu, type MenuEntry } from '../../src/layout/menus';
import { makeToken } from './tokens';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Every call answers an empty page: the screens open, whatever they list. */
function emptyApi(role: string) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = url.includes('/api/account')
      ? { data: { id: 1, fullname: 'Teste', email: 't@painel.com.br', role, roles: [{ role, store_id: 2 }] } }
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
  await screen.findAllByRole('menuitem', {}, { timeout: 20_000 });
  for (const entry of menu) {
    window.location.hash = `#${entry.to}`;
    // The page of the entry opens (its menu item is the current one), and it is not "Não encontrado".
    await waitFor(() =>
      expect(document.querySelector('.RaMenuItemLink-active')?.getAttribute('href')).toBe(`#${entry.to}`),
    );
    await waitFor(() => expect(screen.queryByText('Não encontrado'), entry.to).not.toBeInTheDocument(), {
      timeout: 5_000,
    });
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
