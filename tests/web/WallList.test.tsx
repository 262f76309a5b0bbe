import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALL_ORDER_SAVED } from '../../contract/resources/wall/definition';
import { PINNED_FIRST, WallList } from '../../src/resources/wall/overrides';
import { BOARD_SETTINGS } from '../../src/resources/kitchenBoard/boardHooks';
import { layOutRows, moveWithKeyboard } from './dragLayout';
import { fakeApi, refusal, renderAs, type ApiCall } from './TeamWallScreen';

const post = (id: number, title: string, pinned = false, active = true) => ({
  id,
  store_id: 2,
  title,
  body: `Texto de ${title}`,
  image: null,
  n_views: id * 100,
  active,
  pinned,
  list_order: id,
  created_at: '2026-03-10T15:00:00.000Z',
  updated_at: '2026-03-10T15:00:00.000Z',
});

/** Two pinned posts, then three others: the API's order. */
const WALL = [
  post(1, 'Festival de Nhoque', true),
  post(2, 'Música ao vivo', true),
  post(3, 'Novo prato'),
  post(4, 'Horário de feriado', false, false),
  post(5, 'Fidelidade'),
];

/** The wall API: the list in the order last saved, and the reorder. */
function wallApi(posts = WALL, onReorder?: (call: ApiCall) => unknown) {
  let order = posts;
  return fakeApi((call) => {
    if (call.method === 'PATCH' && call.path === '/api/posts/reorder') {
      const refused = onReorder?.(call);
      if (refused) return refused;
      const ids = (call.body as { ids: number[] }).ids;
      order = ids.map((id) => order.find((p) => p.id === id)!);
      return { data: { updated: ids.length } };
    }
    if (call.path === '/api/posts') return { data: { results: order, total: order.length } };
    // An administrator's restaurant picker.
    if (call.path === '/api/stores') return { data: { results: [], total: 0 } };
    return refusal(404, 'Não encontrado');
  });
}

const routes = {
  '/mural': <WallList />,
  '/mural/new': <p>Nova publicação</p>,
  '/mural/details/:id': <p>Publicação aberta</p>,
};

const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.querySelector('p')!.textContent);
const saveOrder = () => screen.queryByRole('button', { name: 'SALVAR ORDEM' });

beforeEach(layOutRows);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the wall (/mural)', () => {
  it("shows the store's posts in the app's order, asked for whole, with their flags", async () => {
    const api = wallApi();
    renderAs('WAITER', '/mural', routes);
    await waitFor(() =>
      expect(titles()).toEqual([
        'Festival de Nhoque',
        'Música ao vivo',
        'Novo prato',
        'Horário de feriado',
        'Fidelidade',
      ]),
    );
    expect(api.calls[0]).toMatchObject({
      method: 'GET',
      path: '/api/posts',
      query: { page: '1', page_size: '1000', sort_field: 'list_order', sort_order: 'ASC' },
    });
    // Staff name no store: the API knows theirs.
    expect(api.calls[0]!.query.store_id).toBeUndefined();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Ordem',
      'Imagem',
      'Título',
      'Situação',
      'Visualizações',
      'Criada em',
    ]);
    const pinned = screen.getByRole('row', { name: /Festival de Nhoque/ });
    expect(within(pinned).getByText('Fixada')).toBeInTheDocument();
    expect(within(pinned).getByText('Ativa')).toBeInTheDocument();
    const inactive = screen.getByRole('row', { name: /Horário de feriado/ });
    expect(within(inactive).getByText('Inativa')).toBeInTheDocument();
    expect(within(inactive).queryByText('Fixada')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CRIAR PUBLICAÇÃO' })).toHaveAttribute('href', '/mural/new');
    expect(saveOrder()).not.toBeInTheDocument();
  });

  it('moves a post with the keyboard, then SALVAR ORDEM sends the new order and says so', async () => {
    const api = wallApi();
    const { user } = renderAs('WAITER', '/mural', routes);
    await waitFor(() => expect(titles()).toHaveLength(5));

    await moveWithKeyboard(user, 'Arrastar Fidelidade', ['[ArrowUp]', '[ArrowUp]']);
    await waitFor(() =>
      expect(titles()).toEqual([
        'Festival de Nhoque',
        'Música ao vivo',
        'Fidelidade',
        'Novo prato',
        'Horário de feriado',
      ]),
    );
    // Nothing is sent before SALVAR ORDEM.
    expect(api.writes()).toEqual([]);
    await user.click(saveOrder()!);

    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'PATCH', path: '/api/posts/reorder', query: {}, body: { ids: [1, 2, 5, 3, 4] } },
      ]),
    );
    expect(await screen.findByText(WALL_ORDER_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(saveOrder()).not.toBeInTheDocument());
    expect(titles()).toEqual([
      'Festival de Nhoque',
      'Música ao vivo',
      'Fidelidade',
      'Novo prato',
      'Horário de feriado',
    ]);
  });

  it('keeps pinned posts first: a post moved above them goes back, and nothing is to save', async () => {
    const api = wallApi();
    const { user } = renderAs('WAITER', '/mural', routes);
    await waitFor(() => expect(titles()).toHaveLength(5));

    await moveWithKeyboard(user, 'Arrastar Novo prato', ['[ArrowUp]']);
    expect(await screen.findByText(PINNED_FIRST)).toBeInTheDocument();
    expect(titles()).toEqual([
      'Festival de Nhoque',
      'Música ao vivo',
      'Novo prato',
      'Horário de feriado',
      'Fidelidade',
    ]);
    expect(saveOrder()).not.toBeInTheDocument();

    // The pinned ones reorder among themselves.
    await moveWithKeyboard(user, 'Arrastar Festival de Nhoque', ['[ArrowDown]']);
    await waitFor(() => expect(titles().slice(0, 2)).toEqual(['Música ao vivo', 'Festival de Nhoque']));
    expect(saveOrder()).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('puts the order back with Descartar, sending nothing', async () => {
    const api = wallApi();
    const { user } = renderAs('WAITER', '/mural', routes);
    await waitFor(() => expect(titles()).toHaveLength(5));
    await moveWithKeyboard(user, 'Arrastar Novo prato', ['[ArrowDown]']);
    await waitFor(() => expect(saveOrder()).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(titles()).toEqual([
      'Festival de Nhoque',
      'Música ao vivo',
      'Novo prato',
      'Horário de feriado',
      'Fidelidade',
    ]);
    expect(saveOrder()).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it("shows the server's message when the order cannot be saved, and keeps SALVAR ORDEM", async () => {
    wallApi(WALL, () => refusal(404, 'Alguma das publicações não existe mais. Recarregue a lista.'));
    const { user } = renderAs('WAITER', '/mural', routes);
    await waitFor(() => expect(titles()).toHaveLength(5));
    await moveWithKeyboard(user, 'Arrastar Novo prato', ['[ArrowDown]']);
    await waitFor(() => expect(saveOrder()).toBeInTheDocument());
    await user.click(saveOrder()!);
    expect(
      await screen.findByText('Alguma das publicações não existe mais. Recarregue a lista.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(WALL_ORDER_SAVED)).not.toBeInTheDocument();
    expect(saveOrder()).toBeInTheDocument();
  });

  it('on a tablet, says the date and the views under the title instead of in columns of their own', async () => {
    // Below lg (1200 px): a tablet beside the menu.
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('1199.95'),
          media: query,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    wallApi();
    renderAs('WAITER', '/mural', routes);
    const row = await screen.findByRole('row', { name: /Festival de Nhoque/ });
    expect(within(row).getByText('10/03/2026 · 100 visualizações')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Ordem',
      'Imagem',
      'Título',
      'Situação',
    ]);
  });

  it('opens a post from its row', async () => {
    wallApi();
    const { user, location } = renderAs('WAITER', '/mural', routes);
    const row = await screen.findByRole('row', { name: /Novo prato/ });
    await user.click(within(row).getByText('Novo prato'));
    await waitFor(() => expect(location()?.pathname).toBe('/mural/details/3'));
  });

  it('opens a post with Enter on its focused row', async () => {
    wallApi();
    const { user, location } = renderAs('WAITER', '/mural', routes);
    const row = await screen.findByRole('row', { name: /Fidelidade/ });
    act(() => row.focus());
    await user.keyboard('[Enter]');
    await waitFor(() => expect(location()?.pathname).toBe('/mural/details/5'));
  });

  it('explains an empty wall, with the button for the first post', async () => {
    wallApi([]);
    renderAs('MANAGER', '/mural', routes);
    expect(await screen.findByText('Nenhuma publicação no mural')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'CRIAR PUBLICAÇÃO' })[0]).toHaveAttribute(
      'href',
      '/mural/new',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks an administrator for the restaurant first, then lists that one', async () => {
    const api = wallApi();
    renderAs('ADMIN', '/mural', routes);
    expect(await screen.findByText('Escolha o restaurante para ver o mural.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/posts')).toEqual([]);
    expect(screen.queryByRole('link', { name: 'CRIAR PUBLICAÇÃO' })).not.toBeInTheDocument();
  });

  it("lists the restaurant an administrator chose on this device (the kitchen board's choice)", async () => {
    localStorage.setItem(BOARD_SETTINGS.store, '7');
    const api = fakeApi((call) => {
      if (call.path === '/api/posts') return { data: { results: [post(9, 'Aviso')], total: 1 } };
      if (call.path === '/api/stores')
        return { data: { results: [{ id: 7, name: 'Sabor do Sertão' }], total: 1 } };
      return refusal(404, 'Não encontrado');
    });
    renderAs('ADMIN', '/mural', routes);
    await waitFor(() => expect(titles()).toEqual(['Aviso']));
    expect(api.calls.find((call) => call.path === '/api/posts')?.query.store_id).toBe('7');
    expect(await screen.findByDisplayValue('Sabor do Sertão')).toBeInTheDocument();
  });
});
