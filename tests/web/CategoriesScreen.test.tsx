import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import {
  CATEGORY_ORDER_SAVED,
  CATEGORY_VISIBILITY_CHANGED,
  CATEGORY_VISIBILITY_ERROR,
} from '../../contract/resources/categories/definition';
import { CategoryMenu, LOAD_FAILED } from '../../src/resources/categories/overrides';
import { SAVE_ORDER_LABEL } from '../../src/engine/dragOrderContext';
import {
  PRODUCT_ORDER_SAVED,
  PRODUCT_VISIBILITY_CHANGED,
  PRODUCT_VISIBILITY_ERROR,
} from '../../contract/resources/products/definition';
import { layOutRows, moveWithKeyboard } from './dragLayout';
import { renderScreen as renderApp } from './renderScreen';

const product = (id: number, category_id: number, name: string, price: number, available = true) => ({
  id,
  store_id: 2,
  name,
  description: '',
  price,
  external_code: `P${id}`,
  category_id,
  available,
  thumbnail: null,
  image: null,
  images: [],
  list_priority: id,
  complement_only: false,
  complements: [],
});

/** The menu as GET /api/categories?include=products answers it: in the store's order. */
const MENU = [
  {
    id: 3,
    name: 'Massas',
    display: 'ALL',
    available: true,
    image: null,
    list_order: 1,
    products: [product(21, 3, 'Lasanha', 4590), product(22, 3, 'Nhoque', 3900, false)],
  },
  { id: 7, name: 'Bebidas', display: 'LIST', available: false, image: null, list_order: 2, products: [] },
  {
    id: 4,
    name: 'Sobremesas',
    display: 'GRID',
    available: true,
    image: null,
    list_order: 3,
    products: [product(31, 4, 'Pudim', 1200)],
  },
];

/**
 * The menu API: the categories with their products, the switches (PATCH), and the reorders,
 * which change the order the next read answers. `fail` makes a kind of call fail.
 */
function fakeApi(fail: { load?: boolean; patch?: boolean } = {}) {
  let menu = structuredClone(MENU);
  const http = vi.fn<HttpClient>(async (path, request) => {
    if (!request?.method) {
      if (fail.load) throw new HttpError('Erro interno.', 500);
      if (path === '/api/categories') return { data: { results: menu, total: menu.length } };
    }
    if (request?.method === 'PATCH' && path === '/api/categories/reorder') {
      const { ids } = request.body as { ids: number[] };
      menu = ids.map((id) => menu.find((c) => c.id === id)!);
      return { data: { updated: ids.length } };
    }
    if (request?.method === 'PATCH' && path === '/api/products/reorder') {
      const { ids } = request.body as { ids: number[] };
      menu = menu.map((c) => ({
        ...c,
        products: [...c.products].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
      }));
      return { data: { updated: ids.length } };
    }
    if (request?.method === 'PATCH') {
      if (fail.patch) throw new HttpError('Erro interno.', 500);
      const id = Number(path.split('/').pop());
      const changes = request.body as { available: boolean };
      menu = menu.map((c) => ({
        ...(c.id === id && path.startsWith('/api/categories/') ? { ...c, ...changes } : c),
        products: c.products.map((p) =>
          p.id === id && path.startsWith('/api/products/') ? { ...p, ...changes } : p,
        ),
      }));
      return { data: { id, ...changes } };
    }
    throw new HttpError('Não encontrado.', 404);
  });
  return Object.assign(http, {
    setFail: (next: typeof fail) => Object.assign(fail, next),
  });
}

function renderScreen(http: HttpClient) {
  return renderApp('/products', { '/products': <CategoryMenu />, '*': <p>Outra página</p> }, http);
}

beforeEach(layOutRows);
afterEach(() => {
  vi.restoreAllMocks();
});

const categoryNames = () => screen.queryAllByTestId('category-name').map((name) => name.textContent);
const productNames = () =>
  screen.queryAllByTestId('product-row').map((row) => row.querySelector('p')?.textContent);
const categoryRow = (name: string) =>
  screen
    .getAllByTestId('category-name')
    .find((cell) => cell.textContent === name)!
    .closest('tr')!;
/** The categories' order is saved from the list's toolbar, a category's products from their panel. */
const saveOrder = () => screen.queryByRole('button', { name: SAVE_ORDER_LABEL });
const saveProductOrder = () => screen.queryByRole('button', { name: 'Salvar ordem' });

describe('categories screen (/products)', () => {
  it("lists the categories in the menu's order, read with their products in one call", async () => {
    const http = fakeApi();
    renderScreen(http);
    await waitFor(() => expect(categoryNames()).toEqual(['Massas', 'Bebidas', 'Sobremesas']));
    expect(http.mock.calls).toEqual([
      [
        '/api/categories',
        {
          query: {
            page: 1,
            // A list put in order by hand is read whole.
            page_size: 1000,
            sort_field: 'list_order',
            sort_order: 'ASC',
            search: undefined,
            include: 'products',
          },
        },
      ],
    ]);
    expect(categoryRow('Massas')).toHaveTextContent(/2 produtos.*Grade e feed/);
    expect(categoryRow('Bebidas')).toHaveTextContent(/0 produtos.*Somente feed/);
    expect(categoryRow('Sobremesas')).toHaveTextContent(/1 produto.*Somente grade/);
    expect(screen.getByRole('switch', { name: 'Ativo: Massas' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Inativo: Bebidas' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Editar categoria Bebidas' })).toHaveAttribute(
      'href',
      '/products/category/update/7',
    );
    // The menu is in the app's order only: no search, filter nor sort that would stop the drag.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Exibição' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('columnheader', { name: 'Nome' })).queryByRole('button')).toBeNull();
    // Collapsed: no products yet, and no order changed.
    expect(productNames()).toEqual([]);
    expect(saveOrder()).not.toBeInTheDocument();
  });

  it('expands a category to its products, and collapses it', async () => {
    const { user } = renderScreen(fakeApi());
    await waitFor(() => expect(categoryNames()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Expandir Massas' }));

    await waitFor(() => expect(productNames()).toEqual(['Lasanha', 'Nhoque']));
    const [lasanha] = screen.getAllByTestId('product-row');
    expect(lasanha).toHaveTextContent('R$ 45,90 · Código P21');
    expect(screen.getByRole('switch', { name: 'Inativo: Nhoque' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Editar Lasanha' })).toHaveAttribute(
      'href',
      '/products/update/21',
    );
    expect(screen.getByRole('link', { name: 'Novo produto nesta categoria' })).toHaveAttribute(
      'href',
      '/products/create?category_id=3',
    );
    // The menu screen does not delete products (the category form does).
    expect(screen.queryByRole('button', { name: 'Excluir Lasanha' })).not.toBeInTheDocument();

    // A click on the row itself toggles it too.
    await user.click(screen.getByRole('button', { name: 'Recolher Massas' }));
    await waitFor(() => expect(productNames()).toEqual([]));
    await user.click(within(categoryRow('Sobremesas')).getByText('Sobremesas'));
    await waitFor(() => expect(productNames()).toEqual(['Pudim']));
  });

  it("switches a category off on the server with the spec's notice, without expanding it", async () => {
    const http = fakeApi();
    const { user, dataProvider } = renderScreen(http);
    const update = vi.spyOn(dataProvider, 'update');
    await user.click(await screen.findByRole('switch', { name: 'Ativo: Massas' }));

    expect(update).toHaveBeenCalledWith('categories', {
      id: 3,
      data: { available: false },
      previousData: { id: 3, available: true },
    });
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/categories/id/3', {
        method: 'PATCH',
        body: { available: false },
      }),
    );
    expect(await screen.findByText(CATEGORY_VISIBILITY_CHANGED)).toBeInTheDocument();
    // The menu is read again: the switch shows what the server holds.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Inativo: Massas' })).not.toBeChecked());
    expect(http.mock.calls.filter(([path]) => path === '/api/categories')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Expandir Massas' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("says 'Erro ao alterar visibilidade da categoria.' when the switch fails, and the switch stays", async () => {
    const http = fakeApi({ patch: true });
    const { user } = renderScreen(http);
    await user.click(await screen.findByRole('switch', { name: 'Inativo: Bebidas' }));

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/categories/id/7', {
        method: 'PATCH',
        body: { available: true },
      }),
    );
    expect(await screen.findByText(CATEGORY_VISIBILITY_ERROR)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Inativo: Bebidas' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Inativo: Bebidas' })).not.toBeChecked();
    expect(screen.queryByText(CATEGORY_VISIBILITY_CHANGED)).not.toBeInTheDocument();
  });

  it("switches a product on with the spec's notice", async () => {
    const http = fakeApi();
    const { user, dataProvider } = renderScreen(http);
    const update = vi.spyOn(dataProvider, 'update');
    await user.click(await screen.findByRole('button', { name: 'Expandir Massas' }));
    await user.click(await screen.findByRole('switch', { name: 'Inativo: Nhoque' }));

    expect(update).toHaveBeenCalledWith('products', {
      id: 22,
      data: { available: true },
      previousData: { id: 22, available: false },
    });
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/products/id/22', {
        method: 'PATCH',
        body: { available: true },
      }),
    );
    expect(await screen.findByText(PRODUCT_VISIBILITY_CHANGED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Ativo: Nhoque' })).toBeChecked());
  });

  it("says 'Erro ao alterar visibilidade do produto.' when a product's switch fails", async () => {
    const http = fakeApi({ patch: true });
    const { user } = renderScreen(http);
    await user.click(await screen.findByRole('button', { name: 'Expandir Massas' }));
    await user.click(await screen.findByRole('switch', { name: 'Ativo: Lasanha' }));

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/products/id/21', {
        method: 'PATCH',
        body: { available: false },
      }),
    );
    expect(await screen.findByText(PRODUCT_VISIBILITY_ERROR)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Ativo: Lasanha' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Ativo: Lasanha' })).toBeChecked();
  });

  it('moves a category with the keyboard, then Salvar ordem sends the new order', async () => {
    const http = fakeApi();
    const { user, dataProvider } = renderScreen(http);
    const reorder = vi.spyOn(dataProvider, 'reorder');
    await waitFor(() => expect(categoryNames()).toEqual(['Massas', 'Bebidas', 'Sobremesas']));
    expect(saveOrder()).not.toBeInTheDocument();

    await moveWithKeyboard(user, 'Arrastar Massas', ['[ArrowDown]']);

    await waitFor(() => expect(categoryNames()).toEqual(['Bebidas', 'Massas', 'Sobremesas']));
    expect(screen.getByRole('button', { name: 'Descartar' })).toBeInTheDocument();
    // Nothing is sent before Salvar ordem.
    expect(http.mock.calls.filter(([, request]) => request?.method)).toEqual([]);
    await user.click(saveOrder()!);

    expect(reorder).toHaveBeenCalledWith('categories', { ids: [7, 3, 4] });
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/categories/reorder', {
        method: 'PATCH',
        body: { ids: [7, 3, 4] },
      }),
    );
    expect(await screen.findByText(CATEGORY_ORDER_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(saveOrder()).not.toBeInTheDocument());
    // The order read again from the server is the new one; products were not reordered.
    expect(categoryNames()).toEqual(['Bebidas', 'Massas', 'Sobremesas']);
    expect(reorder).toHaveBeenCalledTimes(1);
  });

  it('moves a category up two places, and Descartar puts it back without sending anything', async () => {
    const http = fakeApi();
    const { user } = renderScreen(http);
    await waitFor(() => expect(categoryNames()).toEqual(['Massas', 'Bebidas', 'Sobremesas']));

    await moveWithKeyboard(user, 'Arrastar Sobremesas', ['[ArrowUp]', '[ArrowUp]']);
    await waitFor(() => expect(categoryNames()).toEqual(['Sobremesas', 'Massas', 'Bebidas']));

    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(categoryNames()).toEqual(['Massas', 'Bebidas', 'Sobremesas']);
    expect(saveOrder()).not.toBeInTheDocument();
    expect(http.mock.calls.filter(([, request]) => request?.method)).toEqual([]);
  });

  it("moves a product inside its category, and its Salvar ordem sends the products' order only", async () => {
    const http = fakeApi();
    const { user, dataProvider } = renderScreen(http);
    const reorder = vi.spyOn(dataProvider, 'reorder');
    await user.click(await screen.findByRole('button', { name: 'Expandir Massas' }));
    await waitFor(() => expect(productNames()).toEqual(['Lasanha', 'Nhoque']));

    await moveWithKeyboard(user, 'Arrastar Lasanha', ['[ArrowDown]']);
    await waitFor(() => expect(productNames()).toEqual(['Nhoque', 'Lasanha']));
    expect(screen.getByText('A ordem dos produtos foi alterada.')).toBeInTheDocument();
    // The categories' order did not change.
    expect(saveOrder()).not.toBeInTheDocument();
    await user.click(saveProductOrder()!);

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/products/reorder', {
        method: 'PATCH',
        body: { ids: [22, 21] },
      }),
    );
    expect(reorder.mock.calls).toEqual([['products', { ids: [22, 21] }]]);
    expect(await screen.findByText(PRODUCT_ORDER_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(saveProductOrder()).not.toBeInTheDocument());
    // The menu read again holds the new order.
    expect(productNames()).toEqual(['Nhoque', 'Lasanha']);
    expect(http.mock.calls.filter(([path]) => path === '/api/categories')).toHaveLength(2);
  });

  it("shows the server's message when the order cannot be saved, and keeps Salvar ordem", async () => {
    const http = fakeApi();
    http.mockImplementation(async (_path, request) => {
      if (request?.method)
        throw new HttpError('Algum dos produtos não existe mais. Recarregue a lista.', 404);
      return { data: { results: MENU, total: MENU.length } };
    });
    const { user } = renderScreen(http);
    await waitFor(() => expect(categoryNames()).toEqual(['Massas', 'Bebidas', 'Sobremesas']));

    await moveWithKeyboard(user, 'Arrastar Massas', ['[ArrowDown]']);
    await user.click(saveOrder()!);

    expect(
      await screen.findByText('Algum dos produtos não existe mais. Recarregue a lista.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(CATEGORY_ORDER_SAVED)).not.toBeInTheDocument();
    expect(saveOrder()).toBeEnabled();
    expect(categoryNames()).toEqual(['Bebidas', 'Massas', 'Sobremesas']);
  });

  it('says the page could not be loaded, and Tentar novamente loads it', async () => {
    const http = fakeApi({ load: true });
    const { user } = renderScreen(http);

    const message = await screen.findByText(LOAD_FAILED);
    expect(categoryNames()).toEqual([]);
    expect(screen.queryByText('O cardápio ainda não tem categorias.')).not.toBeInTheDocument();
    http.setFail({ load: false });
    await user.click(
      within(message.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Tentar novamente',
      }),
    );

    await waitFor(() => expect(categoryNames()).toEqual(['Massas', 'Bebidas', 'Sobremesas']));
    expect(screen.queryByText(LOAD_FAILED)).not.toBeInTheDocument();
  });

  it('offers the first category when the menu is empty', async () => {
    const http = vi.fn<HttpClient>(async () => ({ data: { results: [], total: 0 } }));
    renderScreen(http);

    expect(await screen.findByText('O cardápio ainda não tem categorias.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Nova categoria' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/products/category/create',
      '/products/category/create',
    ]);
    expect(screen.getByRole('link', { name: 'Novo produto' })).toHaveAttribute('href', '/products/create');
    expect(screen.getByRole('link', { name: 'Complementos' })).toHaveAttribute(
      'href',
      '/products/complements',
    );
    expect(screen.getByRole('link', { name: 'Importar produtos' })).toHaveAttribute(
      'href',
      '/products/imports',
    );
  });
});
