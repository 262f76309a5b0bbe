import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { buildUrl, type HttpClient } from '../../src/dataProvider/httpClient';
import { API_URL } from '../../src/config';
import { definitions } from '../../contract/definitions';
import { CANTINA_RECORD } from './restaurantRecord';

/** The URL a call of the fake client becomes on the wire. */
const urlOf = ([path, request]: Parameters<HttpClient>) => buildUrl(path, request?.query);

function setup(answer: unknown = { data: {} }) {
  const http = vi.fn<HttpClient>().mockResolvedValue(answer);
  return { http, dataProvider: createDataProvider(definitions, http) };
}

/** A row of GET /api/stores. */
const ROW = {
  id: 5,
  name: 'Cantina Bella',
  slug: 'cantinabella',
  status: 'OK',
  n_ratings: 120,
  rating: 4.5,
  list_order: 1,
  logo_black: '/uploads/demo/cantina-black.svg',
  logo_white: '/uploads/demo/cantina-white.svg',
  city: 'Campinas',
  uf: 'SP',
  cousine_id: 2,
  operation_id: 1,
  cousine: 'Italiana',
  operation: 'Campinas',
  created_at: '2025-03-01T12:00:00.000Z',
};

/** GET /api/stores/id/5: the flat columns plus info / financial / admin. */
const RECORD = CANTINA_RECORD;

describe('restaurants: getList (GET /api/stores)', () => {
  it('sends the search box as search, sorted by list_order, and reads data.results and data.total', async () => {
    const { http, dataProvider } = setup({ data: { results: [ROW], total: 14 } });

    const result = await dataProvider.getList('restaurants', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'list_order', order: 'ASC' },
      filter: { q: 'bella' },
    });

    expect(http.mock.calls).toEqual([
      [
        '/api/stores',
        {
          query: {
            page: 1,
            page_size: 1000,
            sort_field: 'list_order',
            sort_order: 'ASC',
            search: 'bella',
          },
        },
      ],
    ]);
    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/stores?page=1&page_size=1000&sort_field=list_order&sort_order=ASC&search=bella`,
    );
    expect(result).toEqual({ data: [ROW], total: 14 });
  });

  it("falls back on the definition's page size and the app order (list_order ASC)", async () => {
    const { http, dataProvider } = setup({ data: { results: [], total: 0 } });

    const result = await dataProvider.getList('restaurants', {} as never);

    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/stores?page=1&page_size=100&sort_field=list_order&sort_order=ASC`,
    );
    expect(result).toEqual({ data: [], total: 0 });
  });

  it('asks the approvals page for the restaurants not active yet: status=INACTIVE,CLOSED', async () => {
    const { http, dataProvider } = setup({ data: { results: [], total: 0 } });

    await dataProvider.getList('restaurants', {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'INACTIVE,CLOSED', cousine_id: '2', operation_id: '', q: '' },
    });

    expect(http).toHaveBeenCalledWith('/api/stores', {
      query: {
        page: 1,
        page_size: 200,
        sort_field: 'created_at',
        sort_order: 'DESC',
        search: '',
        status: 'INACTIVE,CLOSED',
        cousine_id: '2',
      },
    });
    // An empty search and an empty filter stay off the URL; the comma is encoded.
    expect(urlOf(http.mock.calls[0]!)).toBe(
      `${API_URL}/api/stores?page=1&page_size=200&sort_field=created_at&sort_order=DESC&status=INACTIVE%2CCLOSED&cousine_id=2`,
    );
  });
});

describe('restaurants: one record', () => {
  it('getOne reads GET /api/stores/id/{id} from data', async () => {
    const { http, dataProvider } = setup({ data: RECORD });

    const result = await dataProvider.getOne('restaurants', { id: 5 });

    expect(http.mock.calls).toEqual([['/api/stores/id/5']]);
    expect(result).toEqual({ data: RECORD });
  });

  it("create POSTs /api/stores with the create form's fields only, and reads data", async () => {
    const { http, dataProvider } = setup({ data: RECORD });
    const body = {
      logo_black: '/uploads/images/platform/capa.webp',
      logo_white: '/uploads/images/platform/logo.webp',
      bg_image: '/uploads/images/platform/home.webp',
      operation_id: 1,
      cousine_id: 2,
      name: 'Cantina Bella',
      company_name: 'Cantina Bella Ltda',
      cnpj: '11222333000181',
      description: 'Massas artesanais',
      full_description: 'Cozinha italiana de família.',
      instagram: '@cantinabella',
      email_admin: 'equipe@cantinabella.com.br',
      zip_code: '13025000',
      street: 'Rua das Flores',
      street_number: '120',
      neighborhood: 'Cambuí',
      city: 'Campinas',
      uf: 'SP',
      name_responsible: 'Ana Souza',
      cpf: '52998224725',
      email: 'ana@cantinabella.com.br',
      feedme_physical_tax: '1.5',
      feedme_digital_tax: '2',
      links: [{ title: 'Cardápio', url: 'https://cantinabella.com.br/menu', active: true, icon: 'menu' }],
    };

    const result = await dataProvider.create('restaurants', {
      data: { ...body, id: 99, status: 'OK', created_at: '2026-01-01', cousine: 'Italiana' },
    });

    // What the form holds beyond the create input (id, status, read-only fields) is not sent.
    expect(http.mock.calls).toEqual([['/api/stores', { method: 'POST', body }]]);
    expect(result).toEqual({ data: RECORD });
  });

  it('update PATCHes /api/stores/id/{id} with the changed fields the update accepts', async () => {
    const { http, dataProvider } = setup({ data: { ...RECORD, name: 'Cantina Bella Vista' } });
    const info = { ...RECORD.info, phone: null };

    const result = await dataProvider.update('restaurants', {
      id: 5,
      data: { ...RECORD, name: 'Cantina Bella Vista', info, cousine: 'Outra', n_ratings: 3 },
      previousData: RECORD,
    });

    // cousine and n_ratings are not fields of the update: they stay out even though they differ.
    expect(http.mock.calls).toEqual([
      ['/api/stores/id/5', { method: 'PATCH', body: { name: 'Cantina Bella Vista', info } }],
    ]);
    expect(result.data.name).toBe('Cantina Bella Vista');
  });

  it('update sends nothing when nothing changed', async () => {
    const { http, dataProvider } = setup();

    const result = await dataProvider.update('restaurants', {
      id: 5,
      data: { ...RECORD },
      previousData: RECORD,
    });

    expect(http).not.toHaveBeenCalled();
    expect(result).toEqual({ data: RECORD });
  });

  it('delete sends DELETE /api/stores/id/{id}', async () => {
    const { http, dataProvider } = setup({ data: { id: 5 } });

    const result = await dataProvider.delete('restaurants', { id: 5, previousData: RECORD });

    expect(http.mock.calls).toEqual([['/api/stores/id/5', { method: 'DELETE' }]]);
    expect(result).toEqual({ data: RECORD });
  });
});

describe('restaurants: custom calls', () => {
  it('reorder PATCHes /api/stores/reorder with the ids in their new order', async () => {
    const { http, dataProvider } = setup({ data: { updated: 3 } });

    const result = await dataProvider.reorder('restaurants', { ids: [7, 5, 9] });

    expect(http.mock.calls).toEqual([['/api/stores/reorder', { method: 'PATCH', body: { ids: [7, 5, 9] } }]]);
    expect(result).toEqual({ data: { updated: 3 } });
  });

  it('the approve action PATCHes /api/stores/id/{id}/approve and reads the record', async () => {
    const approved = { ...RECORD, id: 9, status: 'OK' };
    const { http, dataProvider } = setup({ data: approved });

    const result = await dataProvider.action('restaurants', { id: 9, action: 'approve' });

    expect(http.mock.calls).toEqual([['/api/stores/id/9/approve', { method: 'PATCH', body: {} }]]);
    expect(result).toEqual({ data: approved });
  });

  it("passes the server's message on when a call is refused", async () => {
    const http = vi.fn<HttpClient>().mockRejectedValue(new HttpError('Este restaurante já está ativo.', 409));
    const dataProvider = createDataProvider(definitions, http);

    await expect(dataProvider.action('restaurants', { id: 9, action: 'approve' })).rejects.toThrow(
      'Este restaurante já está ativo.',
    );
    await expect(dataProvider.reorder('restaurants', { ids: [1] })).rejects.toMatchObject({ status: 409 });
  });
});
