import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { ComplementGroupList, LOAD_FAILED, RETRY } from '../../src/resources/complementGroups/overrides';
import { renderScreen as renderApp } from './renderScreen';

const GROUPS = [
  {
    id: 5,
    name: 'Adicionais',
    min_items: 0,
    max_items: 3,
    allow_repeat: true,
    products: [
      { id: 13, name: 'Parmesão extra' },
      { id: 12, name: 'Burrata' },
    ],
  },
  { id: 6, name: 'Ponto da carne', min_items: 1, max_items: 1, allow_repeat: false, products: [] },
];

function renderList(http: HttpClient) {
  return renderApp(
    '/products/complements',
    { '/products/complements': <ComplementGroupList />, '*': <p>Outra página</p> },
    http,
  );
}

describe('complement groups list (/products/complements)', () => {
  it("shows 'Tente novamente' when the groups fail to load, and loads them again", async () => {
    let fail = true;
    const http = vi.fn<HttpClient>(async () => {
      if (fail) throw new HttpError('Erro interno.', 500);
      return { data: { results: GROUPS, total: GROUPS.length } };
    });
    const { user } = renderList(http);

    const alert = await screen.findByText(LOAD_FAILED);
    fail = false;
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: RETRY }),
    );

    await screen.findByRole('cell', { name: 'Adicionais' });
    expect(screen.queryByText(LOAD_FAILED)).not.toBeInTheDocument();
    expect(http).toHaveBeenLastCalledWith('/api/complement-groups', {
      query: { page: 1, page_size: 100, sort_field: 'name', sort_order: 'ASC', search: undefined },
    });
  });

  it("expands a row to its products with min–max, and opens a group's edit", async () => {
    const http = vi.fn<HttpClient>(async () => ({ data: { results: GROUPS, total: GROUPS.length } }));
    const { user, location } = renderList(http);
    await screen.findByRole('cell', { name: 'Adicionais' });
    expect(screen.getByRole('cell', { name: '0–3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mostrar produtos de Adicionais' }));
    const products = await screen.findByRole('list', { name: 'Produtos de Adicionais' });
    expect(
      within(products)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Parmesão extra', 'Burrata']);
    expect(screen.getByText(/Mín\. 0 · Máx\. 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar Ponto da carne' }));
    await waitFor(() => expect(location()?.pathname).toBe('/products/complements/create/group/6'));
  });

  it('heads its columns as the spec does, with no search, no Exportar and no pages for a few groups', async () => {
    renderList(vi.fn<HttpClient>(async () => ({ data: { results: GROUPS, total: GROUPS.length } })));
    const row = (await screen.findByRole('cell', { name: 'Adicionais' })).closest('tr')!;
    // The headers with words (the arrows' columns have none).
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.filter(Boolean)).toEqual(['Nome', 'Mín.–Máx.', 'Repetir', 'Produtos', 'Ações']);
    expect(within(row).getByRole('cell', { name: 'Sim' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '2 produtos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grupos de complementos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Novo grupo' })).toHaveAttribute(
      'href',
      '/products/complements/create/group',
    );
    expect(screen.queryByRole('button', { name: 'Exportar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText(/de 2$/)).not.toBeInTheDocument();
  });

  it('hides the products again with the same button, which says so', async () => {
    const { user } = renderList(
      vi.fn<HttpClient>(async () => ({ data: { results: GROUPS, total: GROUPS.length } })),
    );
    const show = await screen.findByRole('button', { name: 'Mostrar produtos de Adicionais' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const hide = await screen.findByRole('button', { name: 'Ocultar produtos de Adicionais' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await user.click(hide);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Produtos de Adicionais' })).not.toBeInTheDocument(),
    );
  });

  it('says how to create the first group when there is none', async () => {
    renderList(vi.fn<HttpClient>(async () => ({ data: { results: [], total: 0 } })));
    expect(
      await screen.findByText('Nenhum grupo de complementos cadastrado. Crie um em “Novo grupo”.'),
    ).toBeInTheDocument();
  });

  it('deletes a group after the confirmation, with the notice', async () => {
    let groups = GROUPS;
    const http = vi.fn<HttpClient>(async (path, request) => {
      if (request?.method === 'DELETE') {
        groups = groups.filter((group) => !path.endsWith(`/${group.id}`));
        return { data: { id: 6 } };
      }
      return { data: { results: groups, total: groups.length } };
    });
    const { user } = renderList(http);
    await screen.findByRole('cell', { name: 'Ponto da carne' });

    await user.click(screen.getByRole('button', { name: 'Excluir Ponto da carne' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/"Ponto da carne"/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/complement-groups/id/6', { method: 'DELETE' }),
    );
    expect(await screen.findByText('Grupo de complementos excluído!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Ponto da carne' })).not.toBeInTheDocument(),
    );
    // The other groups stay (found once the dialog has closed).
    expect(await screen.findByRole('cell', { name: 'Adicionais' })).toBeInTheDocument();
  });
});
