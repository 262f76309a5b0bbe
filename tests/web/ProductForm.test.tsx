import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { deleteFile, uploadFile } from '../../src/dataProvider/upload';
import {
  PRODUCT_CATEGORY_REQUIRED,
  PRODUCT_CODE_REQUIRED,
  PRODUCT_CODE_TAKEN,
  PRODUCT_DELETED,
  PRODUCT_NAME_REQUIRED,
  PRODUCT_PRICE_REQUIRED,
  products,
} from '../../contract/resources/products/definition';
import { GeneratedCreate, GeneratedEdit } from '../../src/engine/GeneratedForm';
import { centsToInput, inputToCents } from '../../src/engine/MoneyInput';
import overrides from '../../src/resources/products/overrides';
import { messageOf, renderScreen as renderApp } from './renderScreen';

// Uploads are tested in upload.test.ts; here the picked files are "stored" under a known URL.
vi.mock('../../src/dataProvider/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/dataProvider/upload')>()),
  uploadFile: vi.fn(),
  deleteFile: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(uploadFile).mockReset();
  vi.mocked(uploadFile).mockImplementation(async (file) => `/uploads/images/2/${file.name}`);
  vi.mocked(deleteFile).mockReset();
  vi.mocked(deleteFile).mockResolvedValue(undefined);
});

const CATEGORIES = [
  { id: 3, name: 'Massas', display: 'ALL', available: true, image: null, list_order: 1 },
  { id: 4, name: 'Bebidas', display: 'LIST', available: true, image: null, list_order: 2 },
];
const GROUPS = [{ id: 8, name: 'Adicionais', min_items: 0, max_items: 3, allow_repeat: true, products: [] }];
const KITCHENS = [{ id: 6, name: 'Bar', available: true, n_products: 4 }];

/** A product as GET /api/products/id/21 answers it. */
const PRODUCT = {
  id: 21,
  store_id: 2,
  name: 'Vinho tinto',
  description: 'Taça de 150 ml',
  price: 3200,
  external_code: 'VT01',
  category_id: 4,
  complements: [],
  complement_groups: [],
  complement_only: false,
  allow_observations: true,
  image_aspect_ratio: 0.8,
  images: ['/uploads/images/2/taca.webp', '/uploads/images/2/garrafa.webp'],
  image: '/uploads/images/2/taca.webp',
  thumbnail: '/uploads/images/2/taca.webp',
  icon: 'WINE',
  kitchen_id: 6,
  available: true,
  origin: null,
  integration_code: null,
  integration_name: null,
  integration_category_id: null,
  integration_category_name: null,
  list_priority: 2,
  n_likes: 0,
  n_sold: 0,
  created_at: '2026-01-10T12:00:00.000Z',
  updated_at: '2026-01-10T12:00:00.000Z',
};

/** The API of the product form: the three pickers' lists, the product, and the writes. */
function fakeApi(write?: HttpClient) {
  return vi.fn<HttpClient>(async (path, request) => {
    if (request?.method) {
      if (write) return write(path, request);
      const body = request.body as object;
      return { data: request.method === 'POST' ? { ...body, id: 40 } : { ...PRODUCT, ...body } };
    }
    const list = (results: unknown[]) => ({ data: { results, total: results.length } });
    if (path === '/api/categories') return list(CATEGORIES);
    if (path === '/api/complement-groups') return list(GROUPS);
    if (path === '/api/kitchens') return list(KITCHENS);
    if (path === '/api/products/id/21') return { data: { ...PRODUCT } };
    throw new HttpError('Não encontrado.', 404);
  });
}

/** The writes among the calls (the pickers' reads left out). */
const writes = (http: ReturnType<typeof fakeApi>) => http.mock.calls.filter(([, request]) => request?.method);

/** A product screen, with the categories screen it returns to. */
function renderScreen(path: string, http: HttpClient, history: string[] = []) {
  return renderApp(
    path,
    {
      '/products/create': <GeneratedCreate definition={products} overrides={overrides} />,
      '/products/update/:id': <GeneratedEdit definition={products} overrides={overrides} />,
      '/products': <p>Categorias</p>,
      '/products/category/update/:id': <p>A categoria</p>,
    },
    http,
    { history },
  );
}

const field = {
  name: () => screen.getByRole('textbox', { name: 'Nome' }),
  code: () => screen.getByRole('textbox', { name: 'Código' }),
  description: () => screen.getByRole('textbox', { name: 'Descrição' }),
  price: () => screen.getByRole('textbox', { name: 'Preço' }),
  category: () => screen.getByRole('combobox', { name: /^Categoria/ }),
};
const save = () => screen.getByRole('button', { name: 'Salvar' });
const ratio = {
  square: () => screen.getByRole('button', { name: 'Quadrada (1:1)' }),
  portrait: () => screen.getByRole('button', { name: 'Retrato (4:5)' }),
};
const images = () =>
  screen.queryAllByRole('img', { name: /^Imagem \d/ }).map((img) => img.getAttribute('src'));

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('centsToInput and inputToCents (the price field in reais, held in cents)', () => {
  it('shows cents as reais with the decimal comma and thousands dots', () => {
    expect(centsToInput(1234)).toBe('12,34');
    expect(centsToInput(123456)).toBe('1.234,56');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(0)).toBe('0,00');
    expect(centsToInput(99_999_999)).toBe('999.999,99');
  });

  it('shows nothing for a price not given', () => {
    expect(centsToInput(null)).toBe('');
    expect(centsToInput(undefined)).toBe('');
    expect(centsToInput(Number.NaN)).toBe('');
    expect(centsToInput('1234')).toBe('');
  });

  it('reads the digits as cents, filled from the right', () => {
    expect(inputToCents('1')).toBe(1);
    expect(inputToCents('12')).toBe(12);
    expect(inputToCents('1234')).toBe(1234);
    expect(inputToCents('R$ 0,05')).toBe(5);
    expect(inputToCents('1.234,56')).toBe(123456);
    // A digit typed after '12,34' shifts the comma: '12,345' is R$ 123,45.
    expect(inputToCents('12,345')).toBe(12345);
  });

  it('gives null for an empty field (the required message) and drops leading zeros', () => {
    expect(inputToCents('')).toBeNull();
    expect(inputToCents('R$ ,')).toBeNull();
    expect(inputToCents('abc')).toBeNull();
    expect(inputToCents('0,05')).toBe(5);
    expect(inputToCents('000123')).toBe(123);
    expect(inputToCents('0')).toBe(0);
    expect(inputToCents('0,00')).toBe(0);
  });

  it('empties the field when Backspace takes away the last cent', () => {
    // '0,01' and '0,00' both become '0,0' after Backspace.
    expect(inputToCents('0,0')).toBeNull();
    expect(inputToCents('0,1')).toBe(1);
    expect(inputToCents('1,0')).toBe(10);
  });

  it('keeps at most 10 digits', () => {
    expect(inputToCents('1234567890')).toBe(1_234_567_890);
    expect(inputToCents('12345678901')).toBe(1_234_567_890);
    expect(inputToCents('00012345678901')).toBe(1_234_567_890);
  });
});

describe('new product (/products/create)', () => {
  it('shows the four spec messages on Salvar with an empty form, and sends nothing', async () => {
    const http = fakeApi();
    const { user, location } = renderScreen('/products/create', http);
    await screen.findByRole('textbox', { name: 'Nome' });

    await user.click(save());

    await waitFor(() => expect(messageOf(field.name())).toBe(PRODUCT_NAME_REQUIRED));
    expect(messageOf(field.price())).toBe(PRODUCT_PRICE_REQUIRED);
    expect(messageOf(field.code())).toBe(PRODUCT_CODE_REQUIRED);
    expect(screen.getByText(PRODUCT_CATEGORY_REQUIRED)).toBeInTheDocument();
    expect(writes(http)).toEqual([]);
    expect(location()?.pathname).toBe('/products/create');
  });

  it('empties the price when Backspace deletes its digits, and asks for it again', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/create', http);
    await screen.findByRole('textbox', { name: 'Preço' });
    await user.type(field.price(), '12');
    expect(field.price()).toHaveValue('0,12');
    await user.type(field.price(), '{Backspace}');
    expect(field.price()).toHaveValue('0,01');
    await user.type(field.price(), '{Backspace}');
    expect(field.price()).toHaveValue('');
    await user.click(save());
    await waitFor(() => expect(messageOf(field.price())).toBe(PRODUCT_PRICE_REQUIRED));
    expect(writes(http)).toEqual([]);
  });

  it('types the price in reais and sends it in cents, in the category of ?category_id=', async () => {
    const http = fakeApi();
    const { user, location } = renderScreen('/products/create?category_id=4', http);
    await waitFor(() => expect(field.category()).toHaveTextContent('Bebidas'));

    await user.type(field.name(), 'Suco de laranja');
    await user.type(field.code(), 'SL300');
    await user.type(field.price(), '1234');
    expect(field.price()).toHaveValue('12,34');
    await user.click(save());

    await waitFor(() => expect(writes(http)).toHaveLength(1));
    expect(writes(http)[0]).toEqual([
      '/api/products',
      {
        method: 'POST',
        body: {
          name: 'Suco de laranja',
          external_code: 'SL300',
          description: '',
          price: 1234,
          category_id: 4,
          complements: [],
          complement_only: false,
          allow_observations: true,
          image_aspect_ratio: 1,
          images: [],
          image: null,
          thumbnail: null,
          icon: null,
          kitchen_id: null,
          available: true,
        },
      },
    ]);
    expect(await screen.findByText('Produto criado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/products'));
  });

  it('sends the first image as image and thumbnail, the ratio as a number, and the icon picked', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/create?category_id=3', http);
    await waitFor(() => expect(field.category()).toHaveTextContent('Massas'));
    expect(ratio.square()).toHaveAttribute('aria-pressed', 'true');

    await user.type(field.name(), 'Lasanha');
    await user.type(field.code(), 'LAS1');
    await user.type(field.price(), '4590');
    await user.click(ratio.portrait());
    await user.upload(screen.getByLabelText('Adicionar imagens'), [png('lasanha.png'), png('prato.png')]);
    await waitFor(() =>
      expect(images()).toEqual(['/uploads/images/2/lasanha.png', '/uploads/images/2/prato.png']),
    );
    // Cropped to the ratio chosen before they were picked; now the ratio is locked.
    expect(uploadFile).toHaveBeenCalledWith(expect.any(File), { folder: 'images', ratio: 0.8 });
    expect(ratio.portrait()).toBeDisabled();
    // The second becomes the main one.
    await user.click(screen.getByRole('button', { name: 'Mover a imagem 2 para antes' }));
    await user.click(screen.getByRole('button', { name: 'Vinho' }));
    await user.click(save());

    await waitFor(() => expect(writes(http)).toHaveLength(1));
    const [path, request] = writes(http)[0]!;
    expect(path).toBe('/api/products');
    expect(request?.body).toMatchObject({
      price: 4590,
      category_id: 3,
      images: ['/uploads/images/2/prato.png', '/uploads/images/2/lasanha.png'],
      image: '/uploads/images/2/prato.png',
      thumbnail: '/uploads/images/2/prato.png',
      image_aspect_ratio: 0.8,
      icon: 'WINE',
    });
  });

  it('returns to the category it was opened from, once saved or on Cancelar', async () => {
    const category = '/products/category/update/3';
    const saved = renderScreen('/products/create?category_id=3', fakeApi(), [category]);
    await waitFor(() => expect(field.category()).toHaveTextContent('Massas'));
    await saved.user.type(field.name(), 'Lasanha');
    await saved.user.type(field.code(), 'LAS1');
    await saved.user.type(field.price(), '4590');
    await saved.user.click(save());
    expect(await screen.findByText('Produto criado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(saved.location()?.pathname).toBe(category));
    saved.unmount();

    const cancelled = renderScreen('/products/create?category_id=3', fakeApi(), [category]);
    await cancelled.user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(cancelled.location()?.pathname).toBe(category));
  });

  it('deletes at once an image added and removed before saving', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/create', http);
    await screen.findByRole('textbox', { name: 'Nome' });

    await user.upload(screen.getByLabelText('Adicionar imagens'), png('errada.png'));
    await waitFor(() => expect(images()).toEqual(['/uploads/images/2/errada.png']));
    expect(ratio.square()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remover a imagem 1' }));
    expect(images()).toEqual([]);
    expect(deleteFile).toHaveBeenCalledWith('/uploads/images/2/errada.png');
    expect(ratio.square()).toBeEnabled();
  });

  it("shows the server's message and stays on the form when the API refuses", async () => {
    const http = fakeApi(async () => {
      throw new HttpError(PRODUCT_CODE_TAKEN, 409);
    });
    const { user, location } = renderScreen('/products/create?category_id=3', http);
    await waitFor(() => expect(field.category()).toHaveTextContent('Massas'));

    await user.type(field.name(), 'Lasanha');
    await user.type(field.code(), 'VT01');
    await user.type(field.price(), '100');
    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PRODUCT_CODE_TAKEN)).toBeInTheDocument();
    expect(writes(http)).toHaveLength(1);
    expect(location()?.pathname).toBe('/products/create');
  });
});

describe('product (/products/update/:id)', () => {
  it('loads the product, with the ratio locked while it has images', async () => {
    const http = fakeApi();
    renderScreen('/products/update/21', http);
    await waitFor(() => expect(field.name()).toHaveValue('Vinho tinto'));
    expect(http).toHaveBeenCalledWith('/api/products/id/21');
    expect(field.code()).toHaveValue('VT01');
    expect(field.description()).toHaveValue('Taça de 150 ml');
    expect(field.price()).toHaveValue('32,00');
    await waitFor(() => expect(field.category()).toHaveTextContent('Bebidas'));
    expect(images()).toEqual(PRODUCT.images);
    expect(screen.getByRole('button', { name: 'Vinho' })).toHaveAttribute('aria-pressed', 'true');

    expect(ratio.portrait()).toHaveAttribute('aria-pressed', 'true');
    expect(ratio.square()).toBeDisabled();
    expect(ratio.portrait()).toBeDisabled();
    expect(screen.getByText('Remova as imagens para trocar a proporção.')).toBeInTheDocument();
  });

  it('sends only the fields that changed', async () => {
    const http = fakeApi();
    const { user, location } = renderScreen('/products/update/21', http);
    await waitFor(() => expect(field.price()).toHaveValue('32,00'));

    await user.clear(field.name());
    await user.type(field.name(), 'Vinho tinto da casa');
    await user.type(field.price(), '0'); // 32,000 → R$ 320,00
    expect(field.price()).toHaveValue('320,00');
    await user.click(screen.getByRole('button', { name: 'Sem ícone' }));
    await user.click(save());

    await waitFor(() => expect(writes(http)).toHaveLength(1));
    expect(writes(http)[0]).toEqual([
      '/api/products/id/21',
      { method: 'PATCH', body: { name: 'Vinho tinto da casa', price: 32000, icon: null } },
    ]);
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/products'));
  });

  it('sends the new main image as image and thumbnail; removing the images unlocks the ratio', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/update/21', http);
    await waitFor(() => expect(images()).toEqual(PRODUCT.images));

    await user.click(screen.getByRole('button', { name: 'Remover a imagem 1' }));
    await user.click(screen.getByRole('button', { name: 'Remover a imagem 1' }));
    expect(images()).toEqual([]);
    // Files of the saved product are the server's to remove, when it is saved without them.
    expect(deleteFile).not.toHaveBeenCalled();
    expect(ratio.square()).toBeEnabled();
    await user.click(ratio.square());
    await user.upload(screen.getByLabelText('Adicionar imagens'), png('nova.png'));
    await waitFor(() => expect(images()).toEqual(['/uploads/images/2/nova.png']));
    expect(uploadFile).toHaveBeenCalledWith(expect.any(File), { folder: 'images', ratio: 1 });
    await user.click(save());

    await waitFor(() => expect(writes(http)).toHaveLength(1));
    expect(writes(http)[0]).toEqual([
      '/api/products/id/21',
      {
        method: 'PATCH',
        body: {
          images: ['/uploads/images/2/nova.png'],
          image: '/uploads/images/2/nova.png',
          thumbnail: '/uploads/images/2/nova.png',
          image_aspect_ratio: 1,
        },
      },
    ]);
  });

  it("deletes the product after a confirmation, with 'Produto excluído!', and goes to the menu", async () => {
    const http = fakeApi(async (path) => ({ data: { id: Number(path.split('/').pop()) } }));
    const { user, location } = renderScreen('/products/update/21', http);
    await waitFor(() => expect(field.name()).toHaveValue('Vinho tinto'));

    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja excluir este produto?')).toBeInTheDocument();
    expect(writes(http)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(writes(http)).toEqual([['/api/products/id/21', { method: 'DELETE' }]]));
    // The spec's notice, not react-admin's default 'Registro excluído'.
    expect(await screen.findByText(PRODUCT_DELETED)).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/products'));
  });

  it('asks for the price again when it is erased', async () => {
    const http = fakeApi();
    const { user } = renderScreen('/products/update/21', http);
    await waitFor(() => expect(field.price()).toHaveValue('32,00'));

    await user.clear(field.price());
    await user.click(save());

    await waitFor(() => expect(messageOf(field.price())).toBe(PRODUCT_PRICE_REQUIRED));
    expect(writes(http)).toEqual([]);
  });

  it("shows the server's message when the update fails", async () => {
    const http = fakeApi(async () => {
      throw new HttpError(PRODUCT_CODE_TAKEN, 409);
    });
    const { user, location } = renderScreen('/products/update/21', http);
    await waitFor(() => expect(field.code()).toHaveValue('VT01'));

    await user.clear(field.code());
    await user.type(field.code(), 'LAS1');
    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PRODUCT_CODE_TAKEN)).toBeInTheDocument();
    expect(writes(http)).toEqual([
      ['/api/products/id/21', { method: 'PATCH', body: { external_code: 'LAS1' } }],
    ]);
    expect(location()?.pathname).toBe('/products/update/21');
  });
});
