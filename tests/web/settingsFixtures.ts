import { vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { HttpClient, Request } from '../../src/dataProvider/httpClient';
import { CANTINA_RECORD } from './restaurantRecord';

/** Cantina Bella as GET /api/stores/id/5 answers it, with the hours and links the settings edit. */
export const SETTINGS_STORE = {
  ...CANTINA_RECORD,
  updated_at: '2026-03-01T12:00:00.000Z',
  info: {
    ...CANTINA_RECORD.info,
    service_charge: 10,
    opening_hours: [
      { day_of_week: 0, time_periods: [{ start_time: '11:30', end_time: '17:00' }] },
      ...[2, 3, 4].map((day_of_week) => ({
        day_of_week,
        time_periods: [
          { start_time: '11:30', end_time: '15:30' },
          { start_time: '18:30', end_time: '23:30' },
        ],
      })),
    ],
    reservations: true,
    reservation_hours: [],
    links: [
      { title: 'Instagram', url: 'https://instagram.com/cantinabella', active: true, icon: 'instagram' },
    ],
    default_links: {
      menu: { title: 'Cardápio', url: 'https://app.painel.com.br/cantinabella/cardapio', active: true },
      reservations: {
        title: 'Reservas',
        url: 'https://app.painel.com.br/cantinabella/reservas',
        active: true,
      },
    },
    kitchen_timers: { placed: { warn: 5, late: 10 }, preparing: { warn: 12, late: 20 } },
  },
};

export type SettingsStore = typeof SETTINGS_STORE;

const CUISINES = [
  { id: 2, name: 'Italiana' },
  { id: 3, name: 'Japonesa' },
];

/**
 * The API of the settings screens: the store, the cuisines, and PATCH answered by `write` (by
 * default, the store with the body laid over it and a new updated_at, as the API answers).
 */
export function settingsApi(
  store: object = SETTINGS_STORE,
  write: (request: Request) => unknown = (request) => ({
    data: saved(store as SettingsStore, request.body as Partial<SettingsStore>),
  }),
) {
  return vi.fn<HttpClient>(async (path, request) => {
    if (request?.method === 'PATCH' && path === '/api/stores/id/5') return write(request);
    if (path === '/api/stores/id/5') return { data: structuredClone(store) };
    if (path === '/api/cousines') return { data: { results: CUISINES, total: CUISINES.length } };
    const cuisine = CUISINES.find((c) => path === `/api/cousines/id/${c.id}`);
    if (cuisine) return { data: cuisine };
    throw new HttpError('Não encontrado.', 404);
  });
}

/** The store after a PATCH: the body's fields over it, `info` merged, a new updated_at. */
export function saved(store: SettingsStore, body: Partial<SettingsStore>): SettingsStore {
  return {
    ...store,
    ...body,
    info: { ...store.info, ...(body.info ?? {}) },
    updated_at: new Date(Date.parse(store.updated_at) + 60_000).toISOString(),
  } as SettingsStore;
}

/** The PATCH bodies sent. */
export const patches = (http: ReturnType<typeof settingsApi>) =>
  http.mock.calls.filter(([, request]) => request?.method === 'PATCH').map(([, request]) => request!.body);

/**
 * What useApi reads through fetch: the account (its first role's store) and the municipalities.
 * `account` answers GET /api/account.
 */
export function stubFetch(account: () => Response = () => accountAnswer(5)) {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/api/account') return account();
    if (url.pathname === '/api/municipalities') {
      const uf = url.searchParams.get('uf');
      const all = [
        { code: '3550308', name: 'São Paulo', uf: 'SP' },
        { code: '3304557', name: 'Rio de Janeiro', uf: 'RJ' },
      ];
      const results = all.filter((m) => !uf || m.uf === uf);
      return Response.json({ data: { results, total: results.length } });
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

export const accountAnswer = (storeId: number | null) =>
  Response.json({
    data: {
      id: 9,
      fullname: 'Giulia Romano',
      email: 'gerente@cantinabella.com.br',
      role: 'MANAGER',
      roles: [{ role: 'MANAGER', store_id: storeId }],
    },
  });
