import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { notifications } from '../../contract/resources/notifications/definition';
import screens from '../../src/resources/notifications/overrides';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { renderScreen } from './renderScreen';

const notification = (id: number) => ({
  id,
  title: id === 1 ? 'Rodízio de massas' : `Aviso ${id}`,
  body: 'Hoje, das 19h às 23h, rodízio com 20% de desconto.',
  genders: ['F'],
  stores: [],
  store_names: [],
  min_age: 30,
  max_age: 50,
  total_sent: 1234,
  status: id === 2 ? 'CANCELLED' : 'ACTIVE',
  created_at: '2026-02-01T15:30:00.000Z',
  updated_at: '2026-02-01T15:30:00.000Z',
});

/** The notifications' API: a plain list (no total), 50 a page; the restaurants for the picker. */
function answering(count: number) {
  return vi.fn<HttpClient>(async (path) => {
    if (path === '/api/push-notifications')
      return { data: Array.from({ length: count }, (_, index) => notification(index + 1)) };
    return { data: { results: [], total: 0 } };
  });
}

const reads = (http: ReturnType<typeof answering>) =>
  http.mock.calls.filter(([path]) => path === '/api/push-notifications').map(([, request]) => request?.query);

function renderList(http: HttpClient) {
  return renderScreen(
    '/notifications',
    {
      '/notifications': <GeneratedList definition={notifications} overrides={screens} />,
      '/notifications/:id': <p>Detalhe</p>,
    },
    http,
    { permissions: 'ADMIN' },
  );
}

describe('Notificações (/notifications)', () => {
  it('lists the notifications sent, with the spec columns, and opens one on a click', async () => {
    const http = answering(2);
    const { user, location } = renderList(http);
    const row = (await screen.findByText('Rodízio de massas')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Título',
      'Descrição',
      'Gênero',
      'Idade',
      'Enviadas',
      'Enviada em',
      'Status',
    ]);
    expect(within(row).getByText('Feminino')).toBeInTheDocument();
    expect(within(row).getByText('30–50')).toBeInTheDocument();
    expect(within(row).getByText('1.234')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    expect(within(screen.getByText('Aviso 2').closest('tr')!).getByText('Inativo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NOVA NOTIFICAÇÃO' })).toHaveAttribute(
      'href',
      '/notifications/create',
    );
    // Fewer than a page: no pages to turn.
    expect(screen.queryByRole('button', { name: 'Próxima página' })).not.toBeInTheDocument();
    expect(reads(http)[0]).toEqual({
      page: 1,
      page_size: 50,
      sort_field: 'created_at',
      sort_order: 'DESC',
      search: undefined,
    });
    await user.click(within(row).getByText('Rodízio de massas'));
    await waitFor(() => expect(location()?.pathname).toBe('/notifications/1'));
  });

  it('filters on Aplicar, not while typing', async () => {
    const http = answering(2);
    const { user } = renderList(http);
    await screen.findByText('Rodízio de massas');
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'massas');
    await user.click(screen.getByRole('combobox', { name: 'Gênero' }));
    await user.click(await screen.findByRole('option', { name: 'Masculino' }));
    expect(reads(http)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(reads(http).at(-1)).toMatchObject({ search: 'massas', gender: 'M', page: 1 }));
  });

  it('turns the page while a page is full, the API giving no total', async () => {
    const http = answering(50);
    const { user } = renderList(http);
    await screen.findByText('Rodízio de massas');
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(reads(http).at(-1)).toMatchObject({ page: 2, page_size: 50 }));
  });
});
