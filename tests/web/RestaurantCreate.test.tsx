import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, HttpError, memoryStore, Notification, TestMemoryRouter } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { deleteFile, uploadFile } from '../../src/dataProvider/upload';
import { i18nProvider } from '../../src/i18n';
import { definitions } from '../../src/resources/definitions';
import { RestaurantCreate } from '../../src/resources/restaurants/RestaurantCreate';
import { fakeAuthProvider } from './renderAuthPage';

vi.mock('../../src/dataProvider/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/dataProvider/upload')>()),
  uploadFile: vi.fn(),
  deleteFile: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(uploadFile).mockReset();
  vi.mocked(uploadFile).mockImplementation(async (file) => `/uploads/images/platform/${file.name}`);
  vi.mocked(deleteFile).mockReset();
  vi.mocked(deleteFile).mockResolvedValue(undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/municipalities') return new Response('{}', { status: 404 });
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const results = MUNICIPALITIES.filter((m) => m.name.toLowerCase().startsWith(search));
      return Response.json({ data: { results } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const MUNICIPALITIES = [
  { code: '3509502', name: 'Campinas', uf: 'SP' },
  { code: '5002704', name: 'Campo Grande', uf: 'MS' },
];
const CITIES = [
  { id: 1, name: 'Campinas' },
  { id: 2, name: 'São Paulo' },
];
const CUISINES = [
  { id: 2, name: 'Italiana' },
  { id: 3, name: 'Japonesa' },
];

function fakeApi() {
  return vi.fn<HttpClient>(async (path, request) => {
    const list = (results: unknown[]) => ({ data: { results, total: results.length } });
    if (!request?.method) {
      if (path === '/api/operations') return list(CITIES);
      if (path === '/api/cousines') return list(CUISINES);
    }
    if (request?.method === 'POST') return { data: { ...(request.body as object), id: 99 } };
    throw new HttpError('Não encontrado.', 404);
  });
}

const writes = (http: ReturnType<typeof fakeApi>) => http.mock.calls.filter(([, request]) => request?.method);

function renderScreen(http: HttpClient) {
  const current: { location?: Location } = {};
  const user = userEvent.setup({ delay: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestMemoryRouter
      initialEntries={['/restaurants', '/restaurants/create']}
      initialIndex={1}
      locationCallback={(location) => (current.location = location)}
    >
      <AdminContext
        authProvider={fakeAuthProvider({ checkAuth: () => Promise.resolve() })}
        dataProvider={createDataProvider(definitions, http)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={queryClient}
      >
        <Routes>
          <Route path="/restaurants/create" element={<RestaurantCreate />} />
          <Route path="/restaurants" element={<p>Painel de restaurantes</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { user, location: () => current.location };
}

describe('explore', () => {
  it('dumps', async () => {
    const http = fakeApi();
    renderScreen(http);
    await screen.findByRole('button', { name: 'CRIAR' });
    await waitFor(() => expect(http).toHaveBeenCalledTimes(2));
    const names = [
      ...screen.getAllByRole('textbox').map((t)=>Object.assign(t,{}) ),
      ...screen.getAllByRole('combobox'),
      ...screen.getAllByRole('button'),
      ...screen.queryAllByRole('switch'), ...screen.queryAllByRole('checkbox'),
    ].map((el) => `${el.getAttribute('role') ?? el.tagName} ${el.getAttribute('aria-label') ?? ''} [${(el as HTMLInputElement).labels?.[0]?.textContent ?? ''}] | ${el.getAttribute('name')} | ${el.getAttribute('aria-describedby')}`);
    console.log(names.join('\n'));
    console.log(screen.getAllByRole('combobox').map((c) => c.outerHTML.slice(0, 300)).join('\n'));
    void within;
  });
});
