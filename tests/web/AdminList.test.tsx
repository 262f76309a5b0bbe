import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { admins } from '../../contract/resources/admins/definition';
import screens from '../../src/resources/admins/overrides';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { renderScreen } from './renderScreen';

const ROWS = [
  {
    id: 7,
    fullname: 'Beatriz Quintão',
    email: 'beatriz@painel.com.br',
    phone: '11987651234',
    role: 'ADMIN',
    store_id: null,
    permissions: { admin: 1 },
    status: 'ACTIVE',
    created_at: '2026-01-10T12:00:00.000Z',
  },
];

describe('Permissões (/admins)', () => {
  it('lists the administrators, 50 a page, searchable, with the ways to add one and to include a collaborator', async () => {
    const http = vi.fn<HttpClient>(async () => ({ data: { results: ROWS, total: 1 } }));
    const { user, location } = renderScreen(
      '/admins',
      {
        '/admins': <GeneratedList definition={admins} overrides={screens} />,
        '/admins/:id': <p>Detalhe</p>,
      },
      http,
      { permissions: 'ADMIN' },
    );
    const row = (await screen.findByText('Beatriz Quintão')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nome',
      'E-mail',
      'Telefone',
      'Criado em',
    ]);
    expect(within(row).getByText('(11) 98765-1234')).toBeInTheDocument();
    expect(within(row).getByText('10/01/2026')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar por nome ou e-mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ADICIONAR ADMINISTRADOR' })).toHaveAttribute(
      'href',
      '/admins/create',
    );
    expect(screen.getByRole('link', { name: 'INCLUIR COLABORADOR' })).toHaveAttribute(
      'href',
      '/admins/include-collaborator',
    );
    expect(http).toHaveBeenCalledWith('/api/admins', {
      query: { page: 1, page_size: 50, sort_field: 'fullname', sort_order: 'ASC', search: undefined },
    });
    await user.click(within(row).getByText('Beatriz Quintão'));
    await waitFor(() => expect(location()?.pathname).toBe('/admins/7'));
  });
});
