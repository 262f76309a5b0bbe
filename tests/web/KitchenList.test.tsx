import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { kitchens } from '../../contract/resources/kitchens/definition';
import overrides from '../../src/resources/kitchens/overrides';
import { renderScreen as renderApp } from './renderScreen';

const KITCHENS = [
  {
    id: 3,
    store_id: 2,
    name: 'Bar e sobremesas',
    available: true,
    n_products: 12,
    created_at: '2026-02-01T02:30:00.000Z', // 31/01 in São Paulo
    updated_at: '2026-02-01T02:30:00.000Z',
  },
  {
    id: 4,
    store_id: 2,
    name: 'Forno a lenha',
    available: false,
    n_products: 0,
    created_at: '2026-01-10T12:00:00.000Z',
    updated_at: '2026-01-10T12:00:00.000Z',
  },
];

function renderList(records = KITCHENS) {
  const http = vi.fn<HttpClient>(async (path, request) => {
    if (request?.method === 'PATCH') {
      const id = Number(path.split('/').pop());
      return { data: { ...records.find((r) => r.id === id), ...(request.body as object) } };
    }
    return { data: { results: records, total: records.length } };
  });
  const view = renderApp(
    '/kitchens',
    { '/kitchens': <GeneratedList definition={kitchens} overrides={overrides} />, '*': <p>Outra página</p> },
    http,
  );
  return { ...view, http };
}

describe('kitchens list (/kitchens)', () => {
  it('lists the kitchens by name with their products, creation date and available switch', async () => {
    const { http } = renderList();
    const row = (await screen.findByText('Bar e sobremesas')).closest('tr')!;
    expect(http).toHaveBeenCalledWith('/api/kitchens', {
      query: { page: 1, page_size: 25, sort_field: 'name', sort_order: 'ASC', search: undefined },
    });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nome', 'Produtos', 'Criada em', 'Disponível', 'Impressora (endereço na rede)']);
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('31/01/2026')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Disponível Bar e sobremesas' })).toBeChecked();

    const off = screen.getByText('Forno a lenha').closest('tr')!;
    expect(within(off).getByText('10/01/2026')).toBeInTheDocument();
    expect(within(off).getByText('Inativo')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Disponível Forno a lenha' })).not.toBeChecked();
  });

  it('switches a kitchen off from its row on the server, without opening it', async () => {
    const { user, http, location } = renderList();
    const toggle = await screen.findByRole('switch', { name: 'Disponível Bar e sobremesas' });

    await user.click(toggle);

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/kitchens/id/3', {
        method: 'PATCH',
        body: { available: false },
      }),
    );
    expect(await screen.findByText('Cozinha desativada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    const row = screen.getByText('Bar e sobremesas').closest('tr')!;
    expect(within(row).getByText('Inativo')).toBeInTheDocument();
    // The count stays (the answer carries it).
    expect(within(row).getByText('12')).toBeInTheDocument();
    // Clicking the state's text does not open the kitchen either.
    await user.click(within(row).getByText('Inativo'));
    expect(location()?.pathname).toBe('/kitchens');

    const on = screen.getByRole('switch', { name: 'Disponível Forno a lenha' });
    await user.click(on);
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/kitchens/id/4', { method: 'PATCH', body: { available: true } }),
    );
    await waitFor(() => expect(on).toBeChecked());
  });

  it('opens a kitchen on a row click, and links to a new kitchen and back to the products', async () => {
    const { user, location } = renderList();
    await screen.findByText('Forno a lenha');
    expect(screen.getByRole('link', { name: 'NOVA COZINHA' })).toHaveAttribute('href', '/kitchens/create');
    expect(screen.getByRole('link', { name: 'PRODUTOS' })).toHaveAttribute('href', '/products');

    await user.click(screen.getByText('Forno a lenha'));
    await waitFor(() => expect(location()?.pathname).toBe('/kitchens/4'));
  });

  it('explains kitchens and offers the first one when the store has none', async () => {
    renderList([]);
    expect(await screen.findByText('Nenhuma cozinha cadastrada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NOVA COZINHA' })).toHaveAttribute('href', '/kitchens/create');
    expect(screen.getByRole('link', { name: 'PRODUTOS' })).toHaveAttribute('href', '/products');
  });
});
