import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient, Query } from '../../src/dataProvider/httpClient';
import { RestaurantApprovals } from '../../src/resources/restaurants/RestaurantApprovals';
import { restaurants } from '../../contract/resources/restaurants/definition';
import { GeneratedList } from '../../src/engine/GeneratedList';
import screens from '../../src/resources/restaurants/overrides';
import { RestaurantsDashboard } from '../../src/resources/restaurants/RestaurantsDashboard';
import { layOutRows, moveWithKeyboard } from './dragLayout';
import { belowLg, renderScreen as renderApp } from './renderScreen';

const store = (
  id: number,
  name: string,
  list_order: number,
  extra: Partial<{ status: string; cousine_id: number; operation_id: number; created_at: string }> = {},
) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W/g, ''),
  status: 'OK',
  n_ratings: id * 300,
  rating: 3 + id / 10,
  list_order,
  logo_black: `/uploads/demo/${id}.svg`,
  logo_white: null,
  city: 'Campinas',
  uf: 'SP',
  cousine_id: 2,
  operation_id: 1,
  created_at: '2025-03-01T15:00:00.000Z',
  ...extra,
});

const CUISINES = [
  { id: 2, name: 'Italiana' },
  { id: 3, name: 'Nordestina' },
];
const CITIES = [
  { id: 1, name: 'Campinas' },
  { id: 4, name: 'Recife' },
];

/** GET /api/stores as the list route answers: search, status list, cuisine and city, two sorts. */
const STORES = [
  store(5, 'Cantina Bella', 1),
  store(7, 'Sabor do Sertão', 2, { cousine_id: 3, operation_id: 4 }),
  store(9, 'Sushi Kai', 3, { status: 'INACTIVE', created_at: '2026-01-10T15:00:00.000Z' }),
  store(11, 'Bella Napoli', 4, {
    status: 'CLOSED',
    cousine_id: 2,
    operation_id: 4,
    created_at: '2026-01-12T15:00:00.000Z',
  }),
  store(12, 'Casa do Baião', 5, {
    status: 'INACTIVE',
    cousine_id: 3,
    operation_id: 4,
    created_at: '2026-01-05T15:00:00.000Z',
  }),
];

const named = (list: { id: number; name: string }[], id: number) => list.find((x) => x.id === id)?.name;

function fakeApi(fail: { reorder?: string; approve?: string } = {}) {
  let stores = structuredClone(STORES);
  return vi.fn<HttpClient>(async (path, request) => {
    const list = (results: unknown[]) => ({ data: { results, total: results.length } });
    if (!request?.method && path === '/api/stores') {
      const q = request?.query ?? ({} as Query);
      const statuses = q.status ? String(q.status).split(',') : null;
      const rows = stores
        .filter((s) => !q.search || s.name.toLowerCase().includes(String(q.search).toLowerCase()))
        .filter((s) => !statuses || statuses.includes(s.status))
        .filter((s) => !q.cousine_id || s.cousine_id === Number(q.cousine_id))
        .filter((s) => !q.operation_id || s.operation_id === Number(q.operation_id))
        .sort((a, b) =>
          q.sort_field === 'created_at'
            ? b.created_at.localeCompare(a.created_at)
            : a.list_order - b.list_order,
        )
        .map((s) => ({
          ...s,
          cousine: named(CUISINES, s.cousine_id) ?? null,
          operation: named(CITIES, s.operation_id) ?? null,
        }));
      return list(rows);
    }
    if (!request?.method && path === '/api/cousines') return list(CUISINES);
    if (!request?.method && path === '/api/operations') return list(CITIES);
    if (request?.method === 'PATCH' && path === '/api/stores/reorder') {
      if (fail.reorder) throw new HttpError(fail.reorder, 404);
      const { ids } = request.body as { ids: number[] };
      stores = stores.map((s) => ({ ...s, list_order: ids.indexOf(s.id) + 1 }));
      return { data: { updated: ids.length } };
    }
    const approve = /^\/api\/stores\/id\/(\d+)\/approve$/.exec(path);
    if (request?.method === 'PATCH' && approve) {
      if (fail.approve) throw new HttpError(fail.approve, 409);
      const id = Number(approve[1]);
      stores = stores.map((s) => (s.id === id ? { ...s, status: 'OK' } : s));
      return { data: stores.find((s) => s.id === id) };
    }
    throw new HttpError('Não encontrado.', 404);
  });
}

const writes = (http: ReturnType<typeof fakeApi>) => http.mock.calls.filter(([, request]) => request?.method);
/** The queries of the restaurant list calls, in order. */
const storeQueries = (http: ReturnType<typeof fakeApi>) =>
  http.mock.calls
    .filter(([path, request]) => path === '/api/stores' && !request?.method)
    .map(([, r]) => r?.query);

function renderScreen(path: string, element: ReactElement, http: HttpClient) {
  return renderApp(path, { [path]: element, '*': <p>Outra página</p> }, http);
}

const expectNotice = (text: string) =>
  waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));

/** The body rows' cells, as text. */
const bodyRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim() ?? ''),
    );

describe('restaurant list (/restaurants/list)', () => {
  beforeEach(layOutRows);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const list = <GeneratedList definition={restaurants} overrides={screens} />;
  const setup = (http = fakeApi()) => ({
    ...renderScreen('/restaurants/list', list, http),
    http,
  });
  const names = () => bodyRows().map((cells) => cells[1]);
  const saveOrder = () => screen.queryByRole('button', { name: 'SALVAR ORDEM' });

  it('shows the restaurants in their app order, with ratings and statuses', async () => {
    const { http } = setup();

    await waitFor(() =>
      expect(names()).toEqual([
        'Cantina Bella',
        'Sabor do Sertão',
        'Sushi Kai',
        'Bella Napoli',
        'Casa do Baião',
      ]),
    );
    expect(storeQueries(http)).toEqual([
      { page: 1, page_size: 1000, sort_field: 'list_order', sort_order: 'ASC', search: undefined },
    ]);
    // The grips' column is named for screen readers only.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Ordem',
      'Nome',
      'Usuários iniciados',
      'Avaliação',
      'Status',
    ]);
    expect(bodyRows()[0]).toEqual(['', 'Cantina Bella', '1.500', '3,5', 'Ativo']);
    expect(bodyRows()[2]).toEqual(['', 'Sushi Kai', '2.700', '3,9', 'Inativo']);
    expect(bodyRows()[3]).toEqual(['', 'Bella Napoli', '3.300', '4,1', 'Fechado']);
    expect(saveOrder()).not.toBeInTheDocument();
    // Restaurants are created from the dashboard, and the list filters by name alone.
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('opens the detail of the row clicked', async () => {
    const { user, location } = renderScreen('/restaurants/list', list, fakeApi());

    await user.click(await screen.findByText('Sabor do Sertão'));

    // react-admin finds the row's path before it navigates.
    await waitFor(() => expect(location()?.pathname).toBe('/restaurants/list/details/7'));
  });

  it('asks the server for the name typed, once the typing pauses, and pauses reordering', async () => {
    const { user, http } = setup();
    await waitFor(() => expect(names()).toHaveLength(5));

    await user.type(screen.getByRole('textbox', { name: 'Buscar restaurante pelo nome' }), 'bella');

    // After the pause in the typing (300 ms) and the answer.
    await waitFor(() => expect(names()).toEqual(['Cantina Bella', 'Bella Napoli']));
    // One call for the whole word, not one per letter.
    expect(storeQueries(http).map((query) => query?.search)).toEqual([undefined, 'bella']);
    expect(screen.getByText('Limpe a busca para reordenar os restaurantes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arrastar Cantina Bella' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: 'Buscar restaurante pelo nome' }));
    await waitFor(() => expect(names()).toHaveLength(5));
    expect(screen.queryByText('Limpe a busca para reordenar os restaurantes.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arrastar Cantina Bella' })).toBeEnabled();
  });

  it('says when no restaurant matches', async () => {
    const { user } = setup();
    await waitFor(() => expect(names()).toHaveLength(5));

    await user.type(screen.getByRole('textbox', { name: 'Buscar restaurante pelo nome' }), 'pizzaria');

    expect(await screen.findByText('Nenhum restaurante encontrado.')).toBeInTheDocument();
  });

  it('reorders with the keyboard; SALVAR ORDEM sends the ids and says the order was updated', async () => {
    const { user, http } = setup();
    await waitFor(() => expect(names()).toHaveLength(5));

    await moveWithKeyboard(user, 'Arrastar Cantina Bella', ['[ArrowDown]', '[ArrowDown]']);

    await waitFor(() =>
      expect(names()).toEqual([
        'Sabor do Sertão',
        'Sushi Kai',
        'Cantina Bella',
        'Bella Napoli',
        'Casa do Baião',
      ]),
    );
    expect(writes(http)).toEqual([]);
    // The search waits until the order is saved or discarded.
    expect(screen.getByRole('textbox', { name: 'Buscar restaurante pelo nome' })).toBeDisabled();
    await user.click(saveOrder()!);

    await waitFor(() =>
      expect(writes(http)).toEqual([
        ['/api/stores/reorder', { method: 'PATCH', body: { ids: [7, 9, 5, 11, 12] } }],
      ]),
    );
    await expectNotice('Ordem dos restaurantes atualizada com sucesso!');
    await waitFor(() => expect(saveOrder()).not.toBeInTheDocument());
    // Read again from the server, in the new order.
    expect(storeQueries(http)).toHaveLength(2);
    expect(names()).toEqual([
      'Sabor do Sertão',
      'Sushi Kai',
      'Cantina Bella',
      'Bella Napoli',
      'Casa do Baião',
    ]);
  });

  it('Descartar puts the order back without sending anything', async () => {
    const { user, http } = setup();
    await waitFor(() => expect(names()).toHaveLength(5));

    await moveWithKeyboard(user, 'Arrastar Casa do Baião', ['[ArrowUp]']);
    await waitFor(() => expect(names()[3]).toBe('Casa do Baião'));
    await user.click(screen.getByRole('button', { name: 'Descartar' }));

    expect(names()).toEqual([
      'Cantina Bella',
      'Sabor do Sertão',
      'Sushi Kai',
      'Bella Napoli',
      'Casa do Baião',
    ]);
    expect(saveOrder()).not.toBeInTheDocument();
    expect(writes(http)).toEqual([]);
  });

  it("shows the server's message when the order cannot be saved, and keeps SALVAR ORDEM", async () => {
    const { user } = setup(
      fakeApi({ reorder: 'Algum dos restaurantes não existe mais. Recarregue a lista.' }),
    );
    await waitFor(() => expect(names()).toHaveLength(5));

    await moveWithKeyboard(user, 'Arrastar Cantina Bella', ['[ArrowDown]']);
    await waitFor(() => expect(names()[1]).toBe('Cantina Bella'));
    await user.click(saveOrder()!);

    await expectNotice('Algum dos restaurantes não existe mais. Recarregue a lista.');
    expect(saveOrder()).toBeEnabled();
    expect(names()[1]).toBe('Cantina Bella');
  });
});

describe('restaurant approvals (/restaurants/approvals)', () => {
  const setup = (http = fakeApi()) => ({
    ...renderScreen('/restaurants/approvals', <RestaurantApprovals />, http),
    http,
  });
  // The first cell also carries the registration date, cuisine and city, shown under the name on a tablet.
  const names = () => bodyRows().map((cells) => cells[0]!.replace(/Cadastro .*$/, ''));

  async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
    await user.click(screen.getByRole('combobox', { name: label }));
    // "Todos" and "Todas" are the empty choice, which react-admin names "Limpar valor".
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    await user.click(options.find((element) => element.textContent === option)!);
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  }

  it('lists the restaurants not active yet, newest first', async () => {
    const { http } = setup();

    await waitFor(() => expect(names()).toEqual(['Bella Napoli', 'Sushi Kai', 'Casa do Baião']));
    expect(storeQueries(http)).toEqual([
      {
        page: 1,
        page_size: 200,
        sort_field: 'created_at',
        sort_order: 'DESC',
        search: undefined,
        status: 'INACTIVE,CLOSED',
      },
    ]);
    expect(bodyRows()[0]).toEqual([
      'Bella NapoliCadastro 12/01/2026 · Italiana · Recife',
      'Italiana',
      'Recife',
      'Fechado',
      '12/01/2026',
      'Aprovar',
    ]);
    expect(bodyRows()[1]).toEqual([
      'Sushi KaiCadastro 10/01/2026 · Italiana · Campinas',
      'Italiana',
      'Campinas',
      'Inativo',
      '10/01/2026',
      'Aprovar',
    ]);
  });

  it('filters by status, cuisine, city and name on the server', async () => {
    const { user, http } = setup();
    await waitFor(() => expect(names()).toHaveLength(3));

    await choose(user, 'Status', 'Inativo');
    await waitFor(() => expect(names()).toEqual(['Sushi Kai', 'Casa do Baião']));
    expect(storeQueries(http).at(-1)).toMatchObject({ status: 'INACTIVE' });

    await choose(user, 'Cozinha', 'Nordestina');
    await waitFor(() => expect(names()).toEqual(['Casa do Baião']));
    expect(storeQueries(http).at(-1)).toMatchObject({ status: 'INACTIVE', cousine_id: 3 });

    await choose(user, 'Status', 'Todos');
    await choose(user, 'Cozinha', 'Todas');
    await choose(user, 'Cidade', 'Recife');
    await waitFor(() => expect(names()).toEqual(['Bella Napoli', 'Casa do Baião']));
    expect(storeQueries(http).at(-1)).toEqual({
      page: 1,
      page_size: 200,
      sort_field: 'created_at',
      sort_order: 'DESC',
      search: undefined,
      status: 'INACTIVE,CLOSED',
      operation_id: 4,
    });

    await user.type(screen.getByRole('textbox', { name: 'Buscar pelo nome' }), 'napoli');
    await waitFor(() => expect(names()).toEqual(['Bella Napoli']));
    expect(storeQueries(http).at(-1)).toMatchObject({ search: 'napoli', operation_id: 4 });
    expect(storeQueries(http).filter((query) => query?.search === 'n')).toEqual([]);
  });

  it('approves a restaurant with PATCH …/approve, says so, and drops it from the list', async () => {
    const { user, http } = setup();
    await waitFor(() => expect(names()).toHaveLength(3));

    const row = screen.getByRole('row', { name: /Sushi Kai/ });
    await user.click(within(row).getByRole('button', { name: 'Aprovar Sushi Kai' }));
    // Asked first, in the restaurant's name; Cancelar changes nothing.
    const asking = await screen.findByRole('dialog', { name: 'Aprovar o restaurante Sushi Kai?' });
    await user.click(within(asking).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(http)).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Aprovar Sushi Kai' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aprovar o restaurante Sushi Kai?' });
    await user.click(within(confirm).getByRole('button', { name: 'Aprovar' }));

    await waitFor(() =>
      expect(writes(http)).toEqual([['/api/stores/id/9/approve', { method: 'PATCH', body: {} }]]),
    );
    await expectNotice('Restaurante Sushi Kai aprovado com sucesso!');
    await waitFor(() => expect(names()).toEqual(['Bella Napoli', 'Casa do Baião']));
  });

  it("shows the server's message when the approval is refused, and keeps the row", async () => {
    const { user } = setup(fakeApi({ approve: 'Este restaurante já está ativo.' }));
    await waitFor(() => expect(names()).toHaveLength(3));

    await user.click(
      within(screen.getByRole('row', { name: /Sushi Kai/ })).getByRole('button', {
        name: 'Aprovar Sushi Kai',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Aprovar o restaurante Sushi Kai?' })).getByRole(
        'button',
        { name: 'Aprovar' },
      ),
    );

    await expectNotice('Este restaurante já está ativo.');
    expect(names()).toEqual(['Bella Napoli', 'Sushi Kai', 'Casa do Baião']);
    expect(
      within(screen.getByRole('row', { name: /Sushi Kai/ })).getByRole('button', {
        name: 'Aprovar Sushi Kai',
      }),
    ).toBeEnabled();
  });

  it('opens the detail of the row clicked', async () => {
    const http = fakeApi();
    const { user, location } = setup(http);
    await waitFor(() => expect(names()).toHaveLength(3));

    await user.click(screen.getByText('Casa do Baião'));
    // react-admin finds the row's path before it navigates.
    await waitFor(() => expect(location()?.pathname).toBe('/restaurants/list/details/12'));
  });

  it('says when nothing waits for approval', async () => {
    const http = vi.fn<HttpClient>(async () => ({ data: { results: [], total: 0 } }));
    setup(http as ReturnType<typeof fakeApi>);

    expect(await screen.findByText('Nenhum restaurante aguardando aprovação.')).toBeInTheDocument();
  });

  describe('on a tablet beside the menu', () => {
    let restore = () => {};
    afterEach(() => restore());

    it('keeps Aprovar in view: the cuisine, the city and the date go under the name', async () => {
      restore = belowLg();
      setup();

      await waitFor(() => expect(names()).toEqual(['Bella Napoli', 'Sushi Kai', 'Casa do Baião']));
      expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
        'Restaurante',
        'Status',
        'Ações',
      ]);
      expect(bodyRows()[0]).toEqual([
        'Bella NapoliCadastro 12/01/2026 · Italiana · Recife',
        'Fechado',
        'Aprovar',
      ]);
    });
  });
});

describe('restaurants dashboard (/restaurants)', () => {
  const DASHBOARD = {
    revenues: [
      { label: 'Faturamento bruto', amount: 12345678, variation: 12.5 },
      { label: 'Faturamento líquido', amount: 9876500, variation: -3 },
      { label: 'Últimos 12 meses', amount: 500000, variation: null },
    ],
    trending: [
      { id: 7, name: 'Sabor do Sertão', logo_black: '/uploads/demo/7.svg', total_visits: 1234 },
      { id: 5, name: 'Cantina Bella', logo_black: null, total_visits: 980 },
    ],
  };

  function stubFetch(answer: () => Response) {
    const fetchMock = vi.fn(async (input: string | URL | Request) => {
      void input;
      return answer();
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const setup = () => renderScreen('/restaurants', <RestaurantsDashboard />, fakeApi());

  it('shows the revenues in reais and the trending restaurants, from one call', async () => {
    const fetchMock = stubFetch(() => Response.json({ data: DASHBOARD }));
    setup();

    expect(await screen.findByText('R$ 123.456,78')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').pathname).toBe(
      '/api/statistics/stores',
    );
    const gross = screen.getByText('Faturamento bruto').parentElement!;
    expect(gross).toHaveTextContent('R$ 123.456,78');
    expect(gross).toHaveTextContent('+12,5%');
    const net = screen.getByText('Faturamento líquido').parentElement!;
    expect(net).toHaveTextContent('R$ 98.765,00');
    expect(net).toHaveTextContent('-3%');
    // Against a year without sales: no percentage.
    const year = screen.getByText('Últimos 12 meses').parentElement!;
    expect(year).toHaveTextContent('R$ 5.000,00');
    expect(year).toHaveTextContent('—');
    expect(year).not.toHaveTextContent('%');

    const trending = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.includes('/details/'));
    expect(trending.map((link) => link.textContent)).toEqual([
      '1ºSabor do Sertão1.234 visitas',
      '2ºCantina Bella980 visitas',
    ]);
    expect(trending.map((link) => link.getAttribute('href'))).toEqual([
      '/restaurants/list/details/7',
      '/restaurants/list/details/5',
    ]);
    expect(screen.getByRole('img', { name: 'Sabor do Sertão' })).toHaveAttribute(
      'src',
      '/uploads/demo/7.svg',
    );
  });

  it('links to approvals, the list and the create form', async () => {
    stubFetch(() => Response.json({ data: DASHBOARD }));
    setup();

    expect(await screen.findByRole('link', { name: 'APROVAÇÕES' })).toHaveAttribute(
      'href',
      '/restaurants/approvals',
    );
    expect(screen.getByRole('link', { name: 'LISTAR RESTAURANTES' })).toHaveAttribute(
      'href',
      '/restaurants/list',
    );
    expect(screen.getByRole('link', { name: 'CRIAR RESTAURANTE' })).toHaveAttribute(
      'href',
      '/restaurants/create',
    );
  });

  it('says when no restaurant was visited', async () => {
    stubFetch(() => Response.json({ data: { revenues: DASHBOARD.revenues, trending: [] } }));
    setup();

    expect(await screen.findByText('Nenhuma visita nos últimos 30 dias.')).toBeInTheDocument();
  });

  it('shows no message when the dashboard cannot be loaded (spec 8: only logged)', async () => {
    const fetchMock = stubFetch(() =>
      Response.json({ error: { message: 'Erro interno.' } }, { status: 500 }),
    );
    setup();

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Erro interno.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/R\$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CRIAR RESTAURANTE' })).toBeInTheDocument();
  });
});
