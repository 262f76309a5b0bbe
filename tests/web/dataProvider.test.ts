import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createDataProvider, unwrap } from '../../src/dataProvider';
import { buildUrl, type HttpClient } from '../../src/dataProvider/httpClient';
import { API_URL } from '../../src/config';
import { defineResource, type Envelope, type ResourceDefinition } from '../../contract/define';
import { definitions } from '../../contract/definitions';

/** A resource of the test's own, answering in the envelope under test. */
function testResource(name: string, envelope: Envelope) {
  return defineResource({
    name,
    endpoint: `/api/${name}`,
    label: { one: 'Item', many: 'Itens' },
    access: { list: 'signed-in', one: 'signed-in', create: 'admin', update: 'admin', delete: 'admin' },
    envelope: { list: envelope, one: envelope },
    fields: { id: { label: 'ID', kind: 'id' }, name: { label: 'Nome', kind: 'text', form: true } },
    input: z.strictObject({ name: z.string().min(1, 'Campo obrigatório') }),
    record: z.object({ id: z.int(), name: z.string() }),
    list: { perPage: 10, sort: { field: 'id', order: 'ASC' } },
    messages: { created: 'Criado', updated: 'Atualizado', deleted: 'Excluído' },
  });
}

const all: Record<string, ResourceDefinition> = {
  ...definitions,
  x: testResource('x', 'data'),
  wrapped: testResource('wrapped', 'data.data'),
};

/** The URL a call of the fake client becomes on the wire. */
const urlOf = ([path, request]: Parameters<HttpClient>) => buildUrl(path, request?.query);

function setup(answer: unknown = { data: {} }) {
  const http = vi.fn<HttpClient>().mockResolvedValue(answer);
  return { http, dataProvider: createDataProvider(all, http) };
}

const faq = {
  id: 3,
  title: 'Como pago?',
  category: 'MERCHANT',
  text: 'Pelo aplicativo.',
  created_at: '2026-01-15T12:00:00.000Z',
};

describe('getList', () => {
  it('sends page, page_size, sort, the search from q and the other filters', async () => {
    const { http, dataProvider } = setup({ data: { results: [faq], total: 42 } });

    await dataProvider.getList('faqs', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'title', order: 'ASC' },
      filter: { q: 'pix', category: 'MERCHANT' },
    });

    expect(http).toHaveBeenCalledTimes(1);
    expect(http).toHaveBeenCalledWith('/api/faqs', {
      query: {
        page: 2,
        page_size: 10,
        sort_field: 'title',
        sort_order: 'ASC',
        search: 'pix',
        category: 'MERCHANT',
      },
    });
    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/faqs?page=2&page_size=10&sort_field=title&sort_order=ASC&search=pix&category=MERCHANT`,
    );
  });

  it('drops empty filter values and keeps false and 0', async () => {
    const { http, dataProvider } = setup({ data: { results: [], total: 0 } });

    await dataProvider.getList('faqs', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {
        q: '',
        category: '',
        store_id: null,
        city: undefined,
        range: { from: 1 },
        active: false,
        level: 0,
      },
    });

    const [path, request] = http.mock.calls[0]!;
    expect(path).toBe('/api/faqs');
    expect(Object.keys(request?.query ?? {}).filter((key) => request?.query?.[key] !== undefined)).toEqual([
      'page',
      'page_size',
      'sort_field',
      'sort_order',
      'search',
      'active',
      'level',
    ]);
    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/faqs?page=1&page_size=25&sort_field=created_at&sort_order=DESC&active=false&level=0`,
    );
  });

  it("falls back to the definition's page size and sort", async () => {
    const { http, dataProvider } = setup({ data: { results: [], total: 0 } });

    await dataProvider.getList('faqs', {});

    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/faqs?page=1&page_size=25&sort_field=created_at&sort_order=DESC`,
    );
  });

  it('returns data.results and data.total', async () => {
    const { dataProvider } = setup({ data: { results: [faq], total: 42 } });

    const result = await dataProvider.getList('faqs', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });

    expect(result).toEqual({ data: [faq], total: 42 });
  });

  it('counts the records when the answer has no total', async () => {
    const { dataProvider } = setup({ data: { results: [{ id: 1 }, { id: 2 }] } });

    const result = await dataProvider.getList('cousines', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });

    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it('answers an empty page when the envelope holds no records', async () => {
    const { dataProvider } = setup({ data: {} });

    const result = await dataProvider.getList('operations', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });

    expect(result).toEqual({ data: [], total: 0 });
  });

  it('refuses a resource that has no definition', async () => {
    const { http, dataProvider } = setup();

    await expect(dataProvider.getList('nope', {})).rejects.toThrow('Recurso desconhecido: nope');
    expect(http).not.toHaveBeenCalled();
  });

  it("surfaces the server's error message", async () => {
    const http = vi.fn<HttpClient>().mockRejectedValue(new HttpError('Campo de ordenação inválido.', 400));
    const dataProvider = createDataProvider(all, http);

    await expect(dataProvider.getList('faqs', {})).rejects.toMatchObject({
      message: 'Campo de ordenação inválido.',
      status: 400,
    });
  });
});

describe('a list at a path of its own (list.path)', () => {
  // The tabs are read at /api/orders/search, one tab at /api/orders/id/:id.
  const base = testResource('tabs', 'data.results');
  const tabs: ResourceDefinition = { ...base, list: { ...base.list, path: '/search' } };
  const row = { id: 41, name: 'Mesa 7' };

  it('is read from {endpoint}{path} with the filters as query parameters', async () => {
    const http = vi.fn<HttpClient>().mockResolvedValue({ data: { results: [row], total: 1 } });
    const dataProvider = createDataProvider({ tabs }, http);

    const result = await dataProvider.getList('tabs', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 'OPENED', start_at: '2026-03-01', end_at: '2026-03-31' },
    });

    expect(http.mock.calls.map(urlOf)).toEqual([
      `${API_URL}/api/tabs/search?page=2&page_size=25&sort_field=id&sort_order=DESC&status=OPENED&start_at=2026-03-01&end_at=2026-03-31`,
    ]);
    expect(result).toEqual({ data: [row], total: 1 });
  });

  it('is exported from the same path, with the same filters and order, as CSV', async () => {
    const http = vi.fn<HttpClient>();
    const file = { blob: new Blob(['\uFEFFMesa\r\n']), filename: 'comandas.csv' };
    const download = vi.fn().mockResolvedValue(file);
    const dataProvider = createDataProvider({ tabs }, http, download);

    const result = await dataProvider.exportList('tabs', {
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 'CLOSED', start_at: '2026-03-01', end_at: '' },
    });

    expect(download.mock.calls).toEqual([
      [
        '/api/tabs/search',
        {
          sort_field: 'id',
          sort_order: 'DESC',
          search: undefined,
          status: 'CLOSED',
          start_at: '2026-03-01',
          format: 'csv',
        },
      ],
    ]);
    expect(result).toBe(file);
    expect(http).not.toHaveBeenCalled();
  });

  it('reads one record at {endpoint}/id/:id, not under the list path', async () => {
    const http = vi.fn<HttpClient>().mockResolvedValue({ data: { results: row } });
    await createDataProvider({ tabs }, http).getOne('tabs', { id: 41 });
    expect(http.mock.calls).toEqual([['/api/tabs/id/41']]);
  });
});

describe('getOne', () => {
  it('GETs the record path and unwraps the data envelope', async () => {
    const { http, dataProvider } = setup({ data: faq });

    const result = await dataProvider.getOne('faqs', { id: 3 });

    expect(http.mock.calls).toEqual([['/api/faqs/id/3']]);
    expect(result).toEqual({ data: faq });
  });

  it("asks for what the screen's meta includes (a customer's stats)", async () => {
    const { http, dataProvider } = setup({ data: { id: 41 } });

    await dataProvider.getOne('customers', { id: 41, meta: { include: 'stats' } });

    expect(http.mock.calls).toEqual([['/api/customers/id/41', { query: { include: 'stats' } }]]);
  });

  it('encodes the id as one path segment', async () => {
    const { http, dataProvider } = setup({ data: { id: 'a/b' } });

    await dataProvider.getOne('cousines', { id: 'a/b' });

    expect(http.mock.calls).toEqual([['/api/cousines/id/a%2Fb']]);
  });
});

describe('getMany', () => {
  it('fetches each id with its own call and keeps their order', async () => {
    const http = vi.fn<HttpClient>((path) =>
      Promise.resolve({ data: { id: Number(path.split('/').pop()) } }),
    );
    const dataProvider = createDataProvider(all, http);

    const result = await dataProvider.getMany('cousines', { ids: [7, 2] });

    expect(http.mock.calls).toEqual([['/api/cousines/id/7'], ['/api/cousines/id/2']]);
    expect(result).toEqual({ data: [{ id: 7 }, { id: 2 }] });
  });
});

describe('getManyReference', () => {
  it('turns the target into a filter of the list call', async () => {
    const { http, dataProvider } = setup({ data: { results: [faq], total: 1 } });

    const result = await dataProvider.getManyReference('faqs', {
      target: 'category',
      id: 'MERCHANT',
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'title', order: 'DESC' },
      filter: { q: 'conta' },
    });

    expect(http).toHaveBeenCalledTimes(1);
    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/faqs?page=1&page_size=5&sort_field=title&sort_order=DESC&search=conta&category=MERCHANT`,
    );
    expect(result).toEqual({ data: [faq], total: 1 });
  });
});

describe('create', () => {
  it("POSTs only the definition's input keys and unwraps the created record", async () => {
    const created = { ...faq, id: 10 };
    const { http, dataProvider } = setup({ data: created });

    const result = await dataProvider.create('faqs', {
      data: { ...faq, id: 99, extra: 'ignorado' },
    });

    expect(http.mock.calls).toEqual([
      [
        '/api/faqs',
        { method: 'POST', body: { title: 'Como pago?', category: 'MERCHANT', text: 'Pelo aplicativo.' } },
      ],
    ]);
    expect(result).toEqual({ data: created });
  });

  it("sends the Idempotency-Key a screen gives in the mutation's meta", async () => {
    const { http, dataProvider } = setup({ data: { ...faq, id: 11 } });

    await dataProvider.create('faqs', { data: faq, meta: { idempotencyKey: 'a1b2c3d4e5f6a7b8' } });

    expect(http.mock.calls).toEqual([
      [
        '/api/faqs',
        {
          method: 'POST',
          body: { title: 'Como pago?', category: 'MERCHANT', text: 'Pelo aplicativo.' },
          headers: { 'Idempotency-Key': 'a1b2c3d4e5f6a7b8' },
        },
      ],
    ]);
  });

  it('rejects with the message of a refused create', async () => {
    const http = vi.fn<HttpClient>().mockRejectedValue(new HttpError('Já existe operação nessa cidade', 409));
    const dataProvider = createDataProvider(all, http);

    await expect(dataProvider.create('operations', { data: { name: 'Recife' } })).rejects.toMatchObject({
      message: 'Já existe operação nessa cidade',
      status: 409,
    });
    expect(http.mock.calls).toEqual([['/api/operations', { method: 'POST', body: { name: 'Recife' } }]]);
  });
});

describe('update', () => {
  it('PATCHes only the writable fields that changed', async () => {
    const updated = { ...faq, title: 'Como pagar?' };
    const { http, dataProvider } = setup({ data: updated });

    const result = await dataProvider.update('faqs', {
      id: 3,
      data: { ...faq, title: 'Como pagar?', created_at: '2030-01-01T00:00:00.000Z' },
      previousData: faq,
    });

    expect(http.mock.calls).toEqual([
      ['/api/faqs/id/3', { method: 'PATCH', body: { title: 'Como pagar?' } }],
    ]);
    expect(result).toEqual({ data: updated });
  });

  it('saves asking for what the read included, so the answer keeps it', async () => {
    const { http, dataProvider } = setup({ data: { id: 41, feedhunter: true, stats: { visits: 3 } } });

    const result = await dataProvider.update('customers', {
      id: 41,
      data: { id: 41, feedhunter: true },
      previousData: { id: 41, feedhunter: false },
      meta: { include: 'stats' },
    });

    expect(http.mock.calls).toEqual([
      ['/api/customers/id/41', { method: 'PATCH', body: { feedhunter: true }, query: { include: 'stats' } }],
    ]);
    expect(result.data.stats).toEqual({ visits: 3 });
  });

  it('makes no call when nothing writable changed', async () => {
    const { http, dataProvider } = setup();

    const result = await dataProvider.update('faqs', {
      id: 3,
      data: { ...faq, created_at: '2030-01-01T00:00:00.000Z' },
      previousData: faq,
    });

    expect(http).not.toHaveBeenCalled();
    expect(result).toEqual({ data: faq });
  });
});

describe('updateMany', () => {
  it('PATCHes each id with the writable fields and answers the ids', async () => {
    const { http, dataProvider } = setup({ data: {} });

    const result = await dataProvider.updateMany('faqs', {
      ids: [1, 2],
      data: { category: 'CUSTOMER', id: 5 },
    });

    expect(http.mock.calls).toEqual([
      ['/api/faqs/id/1', { method: 'PATCH', body: { category: 'CUSTOMER' } }],
      ['/api/faqs/id/2', { method: 'PATCH', body: { category: 'CUSTOMER' } }],
    ]);
    expect(result).toEqual({ data: [1, 2] });
  });
});

describe('delete', () => {
  it('DELETEs the record path and answers the previous record', async () => {
    const { http, dataProvider } = setup({ data: { id: 3 } });

    const result = await dataProvider.delete('faqs', { id: 3, previousData: faq });

    expect(http.mock.calls).toEqual([['/api/faqs/id/3', { method: 'DELETE' }]]);
    expect(result).toEqual({ data: faq });
  });

  it('answers the id when there is no previous record', async () => {
    const { dataProvider } = setup({ data: { id: 4 } });

    await expect(dataProvider.delete('cousines', { id: 4 })).resolves.toEqual({ data: { id: 4 } });
  });

  it('sends the body a removal carries (why an item is cancelled)', async () => {
    const { http, dataProvider } = setup({ data: { id: 8 } });

    await dataProvider.delete('orderItems', { id: 8, meta: { body: { reason: 'Cliente desistiu' } } });

    expect(http.mock.calls).toEqual([
      ['/api/orders/items/id/8', { method: 'DELETE', body: { reason: 'Cliente desistiu' } }],
    ]);
  });
});

describe('deleteMany', () => {
  it('DELETEs each id and answers the ids', async () => {
    const { http, dataProvider } = setup({ data: {} });

    const result = await dataProvider.deleteMany('cousines', { ids: [4, 5] });

    expect(http.mock.calls).toEqual([
      ['/api/cousines/id/4', { method: 'DELETE' }],
      ['/api/cousines/id/5', { method: 'DELETE' }],
    ]);
    expect(result).toEqual({ data: [4, 5] });
  });
});

describe('reorder', () => {
  it('PATCHes the ids in their new order', async () => {
    const { http, dataProvider } = setup({ data: { ids: [3, 1, 2] } });

    const result = await dataProvider.reorder('faqs', { ids: [3, 1, 2] });

    expect(http.mock.calls).toEqual([['/api/faqs/reorder', { method: 'PATCH', body: { ids: [3, 1, 2] } }]]);
    expect(result).toEqual({ data: { ids: [3, 1, 2] } });
  });
});

describe('action', () => {
  it('PATCHes the action path of the record by default', async () => {
    const { http, dataProvider } = setup({ data: { id: 5, status: 'CANCELED' } });

    const result = await dataProvider.action('x', { id: 5, action: 'cancel' });

    expect(http.mock.calls).toEqual([['/api/x/id/5/cancel', { method: 'PATCH', body: {} }]]);
    expect(result).toEqual({ data: { id: 5, status: 'CANCELED' } });
  });

  it('POSTs with a body when asked to', async () => {
    const { http, dataProvider } = setup({ data: { id: 5, status: 'AVAILABLE' } });

    const result = await dataProvider.action('x', {
      id: 5,
      action: 'status/AVAILABLE',
      method: 'POST',
      data: { reason: 'mesa liberada' },
    });

    expect(http.mock.calls).toEqual([
      ['/api/x/id/5/status/AVAILABLE', { method: 'POST', body: { reason: 'mesa liberada' } }],
    ]);
    expect(result).toEqual({ data: { id: 5, status: 'AVAILABLE' } });
  });

  it('sends a declared call with its own method: a read without a body, in its store; a write with its Idempotency-Key', async () => {
    const { http, dataProvider } = setup({ data: { id: 40 } });

    await dataProvider.action('commands', { id: 40, action: 'menu', meta: { query: { store_id: 2 } } });
    await dataProvider.action('commands', {
      id: 40,
      action: 'addItems',
      data: { ticket_id: 7, items: [] },
      meta: { idempotencyKey: 'k-1' },
    });

    expect(http.mock.calls).toEqual([
      ['/api/orders/menu', { method: 'GET', query: { store_id: 2 } }],
      [
        '/api/orders/id/40/items',
        { method: 'POST', body: { ticket_id: 7, items: [] }, headers: { 'Idempotency-Key': 'k-1' } },
      ],
    ]);
  });

  it("fills a declared call's other path parameters, and sends it with its method (a PUT)", async () => {
    const { http, dataProvider } = setup({ data: { ticket_id: 7, items: [] } });
    await dataProvider.action('commands', { id: 40, action: 'draft', params: { ticket_id: 7 } });
    await dataProvider.action('commands', {
      id: 40,
      action: 'saveDraft',
      params: { ticket_id: 7 },
      data: { items: [] },
    });
    expect(http.mock.calls).toEqual([
      ['/api/orders/id/40/tickets/7/draft', { method: 'GET' }],
      ['/api/orders/id/40/tickets/7/draft', { method: 'PUT', body: { items: [] } }],
    ]);
  });

  it('sends a declared removal without a body, unless it says something', async () => {
    const { http, dataProvider } = setup({ data: { shares: [] } });
    await dataProvider.action('commands', { id: 40, action: 'cancelShares' });
    await dataProvider.action('commands', { id: 40, action: 'cancelShares', data: { reason: 'x' } });
    expect(http.mock.calls).toEqual([
      ['/api/orders/id/40/shares', { method: 'DELETE' }],
      ['/api/orders/id/40/shares', { method: 'DELETE', body: { reason: 'x' } }],
    ]);
  });

  it('answers the id when the server sends no record back', async () => {
    // A 204 answers no body at all.
    const dataProvider = createDataProvider(all, vi.fn<HttpClient>().mockResolvedValue(undefined));

    await expect(dataProvider.action('x', { id: 5, action: 'close' })).resolves.toEqual({ data: { id: 5 } });
  });
});

describe('envelopes', () => {
  const record = { id: 1, name: 'Italiana' };

  it('unwrap reads data, data.results and data.data', () => {
    expect(unwrap('data', { data: record })).toEqual(record);
    expect(unwrap('data.results', { data: { results: [record], total: 1 } })).toEqual([record]);
    expect(unwrap('data.data', { data: { data: record } })).toEqual(record);
  });

  it('unwrap answers undefined when the body lacks the envelope', () => {
    expect(unwrap('data', undefined)).toBeUndefined();
    expect(unwrap('data.results', { data: record })).toBeUndefined();
    expect(unwrap('data.data', { results: [record] })).toBeUndefined();
  });

  it.each<[Envelope, unknown, unknown]>([
    ['data', { data: [record] }, { data: record }],
    ['data.results', { data: { results: [record], total: 9 } }, { data: { results: record } }],
    ['data.data', { data: { data: [record], total: 9 } }, { data: { data: record } }],
  ])("reads a definition's %s envelope in lists and records", async (envelope, listBody, oneBody) => {
    const definition = testResource('items', envelope);
    const http = vi.fn<HttpClient>().mockResolvedValueOnce(listBody).mockResolvedValueOnce(oneBody);
    const dataProvider = createDataProvider({ items: definition }, http);

    const list = await dataProvider.getList('items', {});
    const one = await dataProvider.getOne('items', { id: 1 });

    expect(list).toEqual({ data: [record], total: envelope === 'data' ? 1 : 9 });
    expect(one).toEqual({ data: record });
    expect(http.mock.calls.map(([path]) => path)).toEqual(['/api/items', '/api/items/id/1']);
  });

  it('the data.data resource unwraps create, update and action answers too', async () => {
    const { http, dataProvider } = setup({ data: { data: record } });

    await expect(dataProvider.create('wrapped', { data: { name: 'Italiana' } })).resolves.toEqual({
      data: record,
    });
    await expect(
      dataProvider.update('wrapped', {
        id: 1,
        data: { id: 1, name: 'Italiana' },
        previousData: { id: 1, name: 'It' },
      }),
    ).resolves.toEqual({ data: record });
    await expect(dataProvider.action('wrapped', { id: 1, action: 'close' })).resolves.toEqual({
      data: record,
    });
    expect(http.mock.calls).toEqual([
      ['/api/wrapped', { method: 'POST', body: { name: 'Italiana' } }],
      ['/api/wrapped/id/1', { method: 'PATCH', body: { name: 'Italiana' } }],
      ['/api/wrapped/id/1/close', { method: 'PATCH', body: {} }],
    ]);
  });
});

describe('menu: categories and products', () => {
  const lasanha = {
    id: 21,
    store_id: 2,
    name: 'Lasanha',
    description: '',
    price: 4590,
    external_code: 'LAS1',
    category_id: 3,
    complements: [8],
    complement_groups: [{ id: 8, name: 'Adicionais' }],
    complement_only: false,
    allow_observations: true,
    image_aspect_ratio: 1,
    images: ['/uploads/images/2/lasanha.webp'],
    image: '/uploads/images/2/lasanha.webp',
    thumbnail: '/uploads/images/2/lasanha.webp',
    icon: null,
    kitchen_id: null,
    available: true,
    list_priority: 1,
    n_likes: 4,
    n_sold: 10,
    created_at: '2026-01-10T12:00:00.000Z',
  };
  const massas = {
    id: 3,
    store_id: 2,
    name: 'Massas',
    display: 'ALL',
    available: true,
    image: null,
    list_order: 1,
    products: [lasanha],
  };

  it('lists the categories with include=products and reads data.results', async () => {
    const { http, dataProvider } = setup({ data: { results: [massas], total: 1 } });

    const result = await dataProvider.getList('categories', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'list_order', order: 'ASC' },
      filter: { include: 'products' },
    });

    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/categories?page=1&page_size=500&sort_field=list_order&sort_order=ASC&include=products`,
    );
    expect(result).toEqual({ data: [massas], total: 1 });
    expect(result.data[0].products).toEqual([lasanha]);
  });

  it("lists a category's products with the category_id filter", async () => {
    const { http, dataProvider } = setup({ data: { results: [lasanha], total: 1 } });

    const result = await dataProvider.getList('products', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'list_priority', order: 'ASC' },
      filter: { category_id: 3 },
    });

    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/products?page=1&page_size=500&sort_field=list_priority&sort_order=ASC&category_id=3`,
    );
    expect(result).toEqual({ data: [lasanha], total: 1 });
  });

  it.each([
    ['categories', '/api/categories/reorder'],
    ['products', '/api/products/reorder'],
  ])('reorders %s with PATCH %s and the ids', async (resource, path) => {
    const { http, dataProvider } = setup({ data: { updated: 3 } });

    const result = await dataProvider.reorder(resource, { ids: [7, 3, 4] });

    expect(http.mock.calls).toEqual([[path, { method: 'PATCH', body: { ids: [7, 3, 4] } }]]);
    expect(result).toEqual({ data: { updated: 3 } });
  });

  it('creates a category with the accepted fields and reads the new category from the answer', async () => {
    const created = { ...massas, id: 9, name: 'Bebidas', display: 'LIST', products: [] };
    // The API answers the category at data, and again at data.data (spec 7: "returns data.data.id").
    const { http, dataProvider } = setup({ data: { ...created, data: created } });

    const result = await dataProvider.create('categories', {
      data: { name: 'Bebidas', display: 'LIST', available: true, image: '', products: [], list_order: 4 },
    });

    expect(http.mock.calls).toEqual([
      [
        '/api/categories',
        { method: 'POST', body: { name: 'Bebidas', display: 'LIST', available: true, image: '' } },
      ],
    ]);
    expect(result.data).toMatchObject({ id: 9, name: 'Bebidas', display: 'LIST' });
  });

  it('updates a product with only the changed fields its update schema accepts', async () => {
    const { http, dataProvider } = setup({ data: { ...lasanha, name: 'Lasanha à bolonhesa', price: 4990 } });

    const result = await dataProvider.update('products', {
      id: 21,
      data: {
        ...lasanha,
        name: 'Lasanha à bolonhesa',
        price: 4990,
        complements: [8], // the same: not sent
        // Held by the server: never sent, changed or not.
        store_id: 5,
        list_priority: 9,
        n_likes: 99,
        complement_groups: [],
        created_at: '2030-01-01T00:00:00.000Z',
      },
      previousData: lasanha,
    });

    expect(http.mock.calls).toEqual([
      ['/api/products/id/21', { method: 'PATCH', body: { name: 'Lasanha à bolonhesa', price: 4990 } }],
    ]);
    expect(result.data).toMatchObject({ id: 21, name: 'Lasanha à bolonhesa', price: 4990 });
  });

  it('sends a changed list or a cleared image of a product whole', async () => {
    const { http, dataProvider } = setup({ data: lasanha });

    await dataProvider.update('products', {
      id: 21,
      data: { ...lasanha, images: [], image: null, thumbnail: null, complements: [8, 9] },
      previousData: lasanha,
    });

    expect(http.mock.calls).toEqual([
      [
        '/api/products/id/21',
        { method: 'PATCH', body: { images: [], image: null, thumbnail: null, complements: [8, 9] } },
      ],
    ]);
  });

  it("switches a category's or a product's availability with only { available }", async () => {
    const { http, dataProvider } = setup({ data: { id: 3, available: false } });

    await dataProvider.update('categories', {
      id: 3,
      data: { available: false },
      previousData: { id: 3, available: true },
    });
    await dataProvider.update('products', {
      id: 21,
      data: { available: true },
      previousData: { id: 21, available: false },
    });

    expect(http.mock.calls).toEqual([
      ['/api/categories/id/3', { method: 'PATCH', body: { available: false } }],
      ['/api/products/id/21', { method: 'PATCH', body: { available: true } }],
    ]);
  });
});
