import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { customers } from '../../contract/resources/customers/definition';
import { GeneratedList } from '../../src/engine/GeneratedList';
import screens from '../../src/resources/customers/overrides';
import { customerRecord } from './customerRecord';
import { renderScreen } from './renderScreen';

const CUSTOMERS = [
  customerRecord(41, 'Marina Costa', { feedhunter: true }),
  customerRecord(42, 'Otávio Lima', { gender: null, cpf: null }),
];

function api() {
  return vi.fn<HttpClient>(async (path) => {
    if (path === '/api/customers') return { data: { results: CUSTOMERS, total: CUSTOMERS.length } };
    throw new Error(`Rota inesperada: ${path}`);
  });
}

/** The list as the app opens it, at /customers/list, its details beside it. */
function renderList(http: HttpClient) {
  return renderScreen(
    '/customers/list',
    {
      '/customers/list': <GeneratedList definition={customers} overrides={screens} />,
      '/customers/list/details/:id': <p>Detalhe do usuário</p>,
    },
    http,
    { permissions: 'ADMIN' },
  );
}

describe('customers (/customers/list)', () => {
  it('shows each user in the columns of spec 2.9, 200 a page, newest first', async () => {
    const http = api();
    renderList(http);

    const marina = await screen.findByRole('row', { name: /Marina Costa/ });
    expect(
      screen
        .getAllByRole('columnheader')
        .map((header) => header.textContent)
        .filter(Boolean),
    ).toEqual(['Nome', 'Username', 'E-mail', 'CPF', 'Gênero', 'FeedHunter', 'Criado em']);
    expect(
      within(marina)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'MMarina Costa',
      'marina',
      'marina@exemplo.com.br',
      '529.982.247-25',
      'Feminino',
      'Sim',
      '18/03/2026',
    ]);
    // Only F and M have a name; anything else a dash.
    const otavio = screen.getByRole('row', { name: /Otávio Lima/ });
    expect(within(otavio).getAllByRole('cell')[4]).toHaveTextContent('-');
    expect(within(otavio).getAllByRole('cell')[5]).toHaveTextContent('Não');
    expect(http).toHaveBeenCalledWith('/api/customers', {
      query: expect.objectContaining({
        page: 1,
        page_size: 200,
        sort_field: 'created_at',
        sort_order: 'DESC',
      }),
    });
    expect(screen.getByPlaceholderText('Buscar por nome, username, e-mail ou CPF')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
  });

  it('filters by gender and by FeedHunter, "Todos" until one is chosen', async () => {
    const http = api();
    const { user } = renderList(http);
    await screen.findByRole('row', { name: /Marina Costa/ });

    await user.click(screen.getByRole('combobox', { name: 'Gênero' }));
    const genders = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(genders.map((option) => option.textContent)).toEqual(['Todos', 'Masculino', 'Feminino', 'Outro']);
    await user.click(screen.getByRole('option', { name: 'Feminino' }));
    await user.click(screen.getByRole('combobox', { name: 'FeedHunter' }));
    const flags = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(flags.map((option) => option.textContent)).toEqual(['Todos', 'Sim', 'Não']);
    await user.click(screen.getByRole('option', { name: 'Sim' }));

    await waitFor(() =>
      expect(http).toHaveBeenLastCalledWith('/api/customers', {
        query: expect.objectContaining({ gender: 'F', feedhunter: 'yes' }),
      }),
    );
  });

  it("opens a user's detail on a click on the row", async () => {
    const { user, location } = renderList(api());

    await user.click(await screen.findByRole('cell', { name: 'marina' }));

    await waitFor(() => expect(location()?.pathname).toBe('/customers/list/details/41'));
  });
});
