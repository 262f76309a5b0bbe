import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { CategoryCreate, CategoryEdit } from '../../src/resources/categories/overrides';
import { CATEGORY_DELETED, CATEGORY_NAME_REQUIRED } from '../../contract/resources/categories/definition';
import { PRODUCT_DELETED, PRODUCT_ORDER_SAVED } from '../../contract/resources/products/definition';
import { layOutRows, moveWithKeyboard } from './dragLayout';
import { messageOf, renderScreen as renderApp } from './renderScreen';

const CATEGORY = {
  id: 5,
  store_id: 2,
  name: 'Massas',
  display: 'ALL',
  available: true,
  image: '/uploads/images/2/massas.webp',
  list_order: 1,
  // The record's own list; the screen reads the products apart (GET /api/products?category_id=5).
  products: [],
  created_at: '2026-01-10T12:00:00.000Z',
  updated_at: '2026-01-10T12:00:00.000Z',
};

const product = (id: number, name: string, price: number, available = true) => ({
  id,
  store_id: 2,
  name,
  description: '',
  price,
  external_code: `P${id}`,
  category_id: 5,
  available,
  thumbnail: null,
  image: null,
  images: [],
  list_priority: id,
  complement_only: false,
  complements: [],
});

const PRODUCTS = [product(21, 'Lasanha', 4590), product(22, 'Nhoque', 3900, false)];

/**
 * The category API: the record, its products (whose list shrinks when one is deleted) and the writes.
 * `write` answers POST and PATCH, when given.
 */
function fakeApi(write?: HttpClient) {
  let products = [...PRODUCTS];
  return vi.fn<HttpClient>(async (path, request) => {
    if (request?.method === 'DELETE') {
      products = products.filter((p) => !path.endsWith(`/${p.id}`));
      return { data: { id: Number(path.split('/').pop()) } };
    }
    if (request?.method === 'PATCH' && path === '/api/products/reorder') {
      const { ids } = request.body as { ids: number[] };
      products = ids.map((id) => products.find((p) => p.id === id)!);
      return { data: { updated: ids.length } };
    }
    if (request?.method) {
      if (write) return write(path, request);
      const body = request.body as object;
      return { data: request.method === 'POST' ? { id: 9, ...body } : { ...CATEGORY, ...body } };
    }
    if (path === '/api/categories/id/5') return { data: { ...CATEGORY } };
    if (path === '/api/products') return { data: { results: products, total: products.length } };
    throw new HttpError('Não encontrado.', 404);
  });
}

const writes = (http: ReturnType<typeof fakeApi>) => http.mock.calls.filter(([, request]) => request?.method);

function renderScreen(path: string, http: HttpClient) {
  return renderApp(
    path,
    {
      '/products/category/create': <CategoryCreate />,
      '/products/category/update/:id': <CategoryEdit />,
      '/products': <p>Categorias</p>,
      '*': <p>Outra página</p>,
    },
    http,
  );
}

const nameInput = () => screen.getByRole('textbox', { name: 'Nome' });
const grid = () => screen.getByRole('checkbox', { name: 'Exibir em grade' });
const feed = () => screen.getByRole('checkbox', { name: 'Exibir no feed' });
const save = () => screen.getByRole('button', { name: 'Salvar' });
const productNames = () =>
  screen.queryAllByTestId('product-row').map((row) => row.querySelector('p')?.textContent);

describe('new category (/products/category/create)', () => {
  it('asks for the name with the spec message and sends nothing', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/category/create', http);
    await screen.findByRole('textbox', { name: 'Nome' });

    await user.click(save());
    await waitFor(() => expect(messageOf(nameInput())).toBe(CATEGORY_NAME_REQUIRED));
    await user.type(nameInput(), '   ');
    await user.click(save());
    await waitFor(() => expect(messageOf(nameInput())).toBe(CATEGORY_NAME_REQUIRED));
    expect(http).not.toHaveBeenCalled();
  });

  it('shows both checkboxes on (ALL) and sends the category, then goes to the menu', async () => {
    const http = fakeApi();
    const { user, location } = renderScreen('/products/category/create', http);
    await screen.findByRole('textbox', { name: 'Nome' });
    expect(grid()).toBeChecked();
    expect(feed()).toBeChecked();

    await user.type(nameInput(), 'Sobremesas');
    await user.click(save());

    await waitFor(() => expect(http).toHaveBeenCalledTimes(1));
    expect(http).toHaveBeenCalledWith('/api/categories', {
      method: 'POST',
      body: { name: 'Sobremesas', display: 'ALL', available: true, image: '' },
    });
    expect(await screen.findByText('Categoria criada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/products'));
  });

  it.each([
    ['grid only gives GRID', ['feed'], 'GRID'],
    ['without the grid, LIST', ['grid'], 'LIST'],
    ['the grid back gives ALL', ['grid', 'grid'], 'ALL'],
    ['the feed back gives ALL', ['feed', 'feed'], 'ALL'],
  ] as const)('maps the checkboxes to display: %s', async (_, clicks, display) => {
    const http = fakeApi();
    const { user } = renderScreen('/products/category/create', http);
    await screen.findByRole('textbox', { name: 'Nome' });

    for (const box of clicks) await user.click(box === 'grid' ? grid() : feed());
    await user.type(nameInput(), 'Bebidas');
    await user.click(save());

    await waitFor(() => expect(http).toHaveBeenCalledTimes(1));
    expect(http.mock.calls[0]![1]?.body).toMatchObject({ name: 'Bebidas', display });
  });

  it('without the grid the feed stays on and cannot be turned off, with the reason', async () => {
    const { user } = renderScreen('/products/category/create', fakeApi());
    await screen.findByRole('textbox', { name: 'Nome' });
    expect(feed()).toBeEnabled();
    expect(screen.queryByText('Sem a grade, a categoria aparece no feed.')).not.toBeInTheDocument();

    await user.click(grid());

    expect(grid()).not.toBeChecked();
    expect(feed()).toBeChecked();
    expect(feed()).toBeDisabled();
    expect(screen.getByText('Sem a grade, a categoria aparece no feed.')).toBeInTheDocument();
  });

  it("shows the server's message and stays on the form", async () => {
    const http = fakeApi(async () => {
      throw new HttpError('Limite máximo de 100 caracteres.', 400);
    });
    const { user, location } = renderScreen('/products/category/create', http);
    await screen.findByRole('textbox', { name: 'Nome' });

    await user.type(nameInput(), 'Pizzas');
    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Limite máximo de 100 caracteres.')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/products/category/create');
  });
});

describe('category (/products/category/update/:id)', () => {
  it('loads the category and lists its products from the products list, in their order', async () => {
    const http = fakeApi();
    renderScreen('/products/category/update/5', http);
    await waitFor(() => expect(nameInput()).toHaveValue('Massas'));
    expect(http).toHaveBeenCalledWith('/api/categories/id/5');
    expect(grid()).toBeChecked();
    expect(feed()).toBeChecked();
    expect(screen.getByRole('img', { name: 'Imagem da categoria' })).toHaveAttribute(
      'src',
      '/uploads/images/2/massas.webp',
    );

    await waitFor(() => expect(productNames()).toEqual(['Lasanha', 'Nhoque']));
    expect(http).toHaveBeenCalledWith('/api/products', {
      query: {
        page: 1,
        page_size: 500,
        sort_field: 'list_priority',
        sort_order: 'ASC',
        search: undefined,
        category_id: 5,
      },
    });
    const [lasanha, nhoque] = screen.getAllByTestId('product-row');
    expect(lasanha).toHaveTextContent('R$ 45,90 · Código P21');
    expect(within(lasanha!).getByRole('switch', { name: 'Ativo: Lasanha' })).toBeChecked();
    expect(within(nhoque!).getByRole('switch', { name: 'Inativo: Nhoque' })).not.toBeChecked();
    expect(within(lasanha!).getByRole('link', { name: 'Editar Lasanha' })).toHaveAttribute(
      'href',
      '/products/update/21',
    );
    expect(screen.getByRole('link', { name: 'Novo produto' })).toHaveAttribute(
      'href',
      '/products/create?category_id=5',
    );
    // No order change yet.
    expect(screen.queryByRole('button', { name: 'Salvar ordem' })).not.toBeInTheDocument();
  });

  it('sends only what changed: the display from the checkboxes', async () => {
    const http = fakeApi();
    const { user, location } = renderScreen('/products/category/update/5', http);
    await waitFor(() => expect(nameInput()).toHaveValue('Massas'));

    await user.click(feed());
    await user.click(save());

    await waitFor(() => expect(writes(http)).toHaveLength(1));
    expect(writes(http)[0]).toEqual(['/api/categories/id/5', { method: 'PATCH', body: { display: 'GRID' } }]);
    expect(await screen.findByText('Categoria atualizada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/products'));
  });

  it('asks for the name when it is erased', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/category/update/5', http);
    await waitFor(() => expect(nameInput()).toHaveValue('Massas'));

    await user.clear(nameInput());
    await user.click(save());

    await waitFor(() => expect(messageOf(nameInput())).toBe(CATEGORY_NAME_REQUIRED));
    expect(writes(http)).toEqual([]);
  });

  it("deletes a product of the list after a confirmation, with 'Produto excluído!'", async () => {
    const http = fakeApi();
    const { user, location } = renderScreen('/products/category/update/5', http);
    await waitFor(() => expect(productNames()).toEqual(['Lasanha', 'Nhoque']));
    await user.type(nameInput(), ' frescas');

    await user.click(screen.getByRole('button', { name: 'Excluir Nhoque' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja excluir o produto Nhoque?')).toBeInTheDocument();
    expect(writes(http)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(http).toHaveBeenCalledWith('/api/products/id/22', { method: 'DELETE' }));
    expect(await screen.findByText(PRODUCT_DELETED)).toBeInTheDocument();
    await waitFor(() => expect(productNames()).toEqual(['Lasanha']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(http)).toHaveLength(1);
    // The category itself stays open, with what was typed.
    expect(location()?.pathname).toBe('/products/category/update/5');
    expect(nameInput()).toHaveValue('Massas frescas');
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/category/update/5', http);
    await waitFor(() => expect(productNames()).toEqual(['Lasanha', 'Nhoque']));

    await user.click(screen.getByRole('button', { name: 'Excluir Lasanha' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(http)).toEqual([]);
    expect(productNames()).toEqual(['Lasanha', 'Nhoque']);
  });

  it("switches a product's visibility from the list", async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/category/update/5', http);
    await waitFor(() => expect(productNames()).toEqual(['Lasanha', 'Nhoque']));

    await user.click(screen.getByRole('switch', { name: 'Inativo: Nhoque' }));

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/products/id/22', {
        method: 'PATCH',
        body: { available: true },
      }),
    );
    expect(await screen.findByText('Visibilidade do produto alterada!')).toBeInTheDocument();
  });
  describe('with the rows laid out', () => {
    beforeEach(layOutRows);
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it("moves a product with the keyboard, and Salvar ordem sends the category's new order", async () => {
      const http = fakeApi();
      const { user } = renderScreen('/products/category/update/5', http);
      await waitFor(() => expect(productNames()).toEqual(['Lasanha', 'Nhoque']));
      expect(screen.queryByRole('button', { name: 'Salvar ordem' })).not.toBeInTheDocument();

      await moveWithKeyboard(user, 'Arrastar Lasanha', ['[ArrowDown]']);

      await waitFor(() => expect(productNames()).toEqual(['Nhoque', 'Lasanha']));
      expect(screen.getByText('A ordem dos produtos foi alterada.')).toBeInTheDocument();
      expect(writes(http)).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Salvar ordem' }));

      await waitFor(() =>
        expect(writes(http)).toEqual([
          ['/api/products/reorder', { method: 'PATCH', body: { ids: [22, 21] } }],
        ]),
      );
      expect(await screen.findByText(PRODUCT_ORDER_SAVED)).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Salvar ordem' })).not.toBeInTheDocument(),
      );
      expect(productNames()).toEqual(['Nhoque', 'Lasanha']);
    });
  });

  it("deletes the category after a confirmation, with 'Categoria excluída!', and goes to the menu", async () => {
    const http = fakeApi();
    const { user, location } = renderScreen('/products/category/update/5', http);
    await waitFor(() => expect(nameInput()).toHaveValue('Massas'));

    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Tem certeza que deseja excluir a categoria e todos os seus produtos?'),
    ).toBeInTheDocument();
    expect(writes(http)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(writes(http)).toEqual([['/api/categories/id/5', { method: 'DELETE' }]]));
    // The spec's notice, not react-admin's default 'Registro excluído'.
    expect(await screen.findByText(CATEGORY_DELETED)).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/products'));
  });
});
