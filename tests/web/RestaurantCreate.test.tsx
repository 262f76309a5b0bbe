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
import {
  FILL_REQUIRED,
  IMAGES_MISSING,
  SELECTS_MISSING,
} from '../../src/resources/restaurants/definition';
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

/**
 * The API of the create form: the cities and cuisines of the selects, the new city of the modal
 * (refused when it exists, as the server does) and the new restaurant.
 */
function fakeApi() {
  const cities = [...CITIES];
  return vi.fn<HttpClient>(async (path, request) => {
    const list = (results: unknown[]) => ({ data: { results, total: results.length } });
    if (!request?.method) {
      if (path === '/api/operations') return list(cities);
      if (path === '/api/cousines') return list(CUISINES);
    }
    if (request?.method === 'POST' && path === '/api/operations') {
      const { name } = request.body as { name: string };
      if (cities.some((city) => city.name === name))
        throw new HttpError('Já existe operação nessa cidade', 409);
      const city = { id: 9, name };
      cities.push(city);
      return { data: city };
    }
    if (request?.method === 'POST' && path === '/api/stores')
      return { data: { ...(request.body as object), id: 99 } };
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

/** The helper text under a field, where react-admin shows its validation message. */
const messageOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return (id ? document.getElementById(id)?.textContent : '')?.replace(/\u200b/g, '') ?? '';
};

const textbox = (name: string, index = 0) => screen.getAllByRole('textbox', { name })[index]!;
const field = {
  name: () => textbox('Nome fantasia'),
  companyName: () => textbox('Razão social'),
  cnpj: () => textbox('CNPJ'),
  instagram: () => textbox('Instagram'),
  description: () => textbox('Frase promocional'),
  fullDescription: () => textbox('Descrição completa'),
  phone: () => textbox('Telefone', 0),
  whatsapp: () => textbox('WhatsApp'),
  site: () => textbox('Site'),
  emailAdmin: () => textbox('E-mail do administrador do restaurante'),
  zipCode: () => textbox('CEP'),
  street: () => textbox('Rua'),
  streetNumber: () => textbox('Número'),
  neighborhood: () => textbox('Bairro'),
  city: () => screen.getByRole('combobox', { name: 'Cidade' }),
  uf: () => screen.getByRole('combobox', { name: /^UF/ }),
  mapsUrl: () => textbox('Link do mapa'),
  responsibleName: () => textbox('Nome completo'),
  cpf: () => textbox('CPF'),
  email: () => textbox('E-mail'),
  responsiblePhone: () => textbox('Telefone', 1),
  physicalTax: () => textbox('Taxa pagamento físico (%)'),
  digitalTax: () => textbox('Taxa pagamento digital (%)'),
  serviceCharge: () => textbox('Taxa de serviço (%)'),
  operation: () => screen.getByRole('combobox', { name: /^Cidade de Operação/ }),
  cuisine: () => screen.getByRole('combobox', { name: /^Cozinha/ }),
  linkTitle: (row: number) => textbox('Título', row),
  linkUrl: (row: number) => textbox('Endereço (URL)', row),
};
const create = () => screen.getByRole('button', { name: 'CRIAR' });

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

type User = ReturnType<typeof userEvent.setup>;

/** Opens a select and picks the option. */
async function choose(user: User, select: HTMLElement, option: string) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function addImages(user: User) {
  await user.upload(screen.getByLabelText('Imagem de capa'), png('capa.png'));
  await user.upload(screen.getByLabelText('Logo branca'), png('logo.png'));
  await user.upload(screen.getByLabelText('Foto da home'), jpeg('home.jpg'));
  await screen.findByRole('img', { name: 'Foto da home' });
}

async function chooseSelects(user: User) {
  await choose(user, field.operation(), 'Campinas');
  await choose(user, field.cuisine(), 'Italiana');
}

/** Types into an input (after clearing it). */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

/** Every field a restaurant needs, with valid values; the city picked from the suggestions. */
async function fillRequired(user: User) {
  await fill(user, field.name(), 'Cantina Bella');
  await fill(user, field.companyName(), 'Cantina Bella Ltda');
  await fill(user, field.cnpj(), '11222333000181');
  await fill(user, field.instagram(), '@cantinabella');
  await fill(user, field.description(), 'Massas artesanais');
  await fill(user, field.fullDescription(), 'Cozinha italiana de família.');
  await fill(user, field.emailAdmin(), 'equipe@cantinabella.com.br');
  await fill(user, field.zipCode(), '13025000');
  await fill(user, field.street(), 'Rua das Flores');
  await fill(user, field.streetNumber(), '120');
  await fill(user, field.neighborhood(), 'Cambuí');
  await user.type(field.city(), 'Campi');
  await user.click(await screen.findByRole('option', { name: 'Campinas – SP' }));
  await fill(user, field.responsibleName(), 'Ana Souza');
  await fill(user, field.cpf(), '52998224725');
  await fill(user, field.email(), 'ana@cantinabella.com.br');
}

async function setup() {
  const http = fakeApi();
  const view = renderScreen(http);
  await screen.findByRole('button', { name: 'CRIAR' });
  await waitFor(() => expect(field.operation()).toBeEnabled());
  return { ...view, http };
}

describe('new restaurant (/restaurants/create): checks before sending', () => {
  it("says what is missing in the spec's order on CRIAR, and sends nothing", async () => {
    const { user, http, location } = await setup();

    await user.click(create());
    expect(await screen.findByText(IMAGES_MISSING)).toBeInTheDocument();
    expect(screen.queryByText(SELECTS_MISSING)).not.toBeInTheDocument();
    expect(screen.queryByText(FILL_REQUIRED)).not.toBeInTheDocument();
    // The empty fields are marked too.
    await waitFor(() => expect(messageOf(field.name())).toBe('Campo obrigatório'));
    expect(messageOf(field.cnpj())).toBe('Campo obrigatório');
    expect(messageOf(field.cpf())).toBe('Campo obrigatório');

    await addImages(user);
    await user.click(create());
    expect(await screen.findByText(SELECTS_MISSING)).toBeInTheDocument();
    expect(screen.queryByText(FILL_REQUIRED)).not.toBeInTheDocument();

    await chooseSelects(user);
    await user.click(create());
    expect(await screen.findByText(FILL_REQUIRED)).toBeInTheDocument();

    expect(writes(http)).toEqual([]);
    expect(location()?.pathname).toBe('/restaurants/create');
  });

  it('asks for the selects before the other fields, even when those are filled', async () => {
    const { user, http } = await setup();
    await addImages(user);
    await fillRequired(user);

    await user.click(create());

    expect(await screen.findByText(SELECTS_MISSING)).toBeInTheDocument();
    expect(screen.queryByText(FILL_REQUIRED)).not.toBeInTheDocument();
    expect(writes(http)).toEqual([]);
  });

  it('asks for the images again after one is removed, and deletes its file', async () => {
    const { user, http } = await setup();
    await addImages(user);
    await chooseSelects(user);
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Remover Logo branca' }));
    expect(screen.queryByRole('img', { name: 'Logo branca' })).not.toBeInTheDocument();
    expect(deleteFile).toHaveBeenCalledWith('/uploads/images/platform/logo.png');
    await user.click(create());

    expect(await screen.findByText(IMAGES_MISSING)).toBeInTheDocument();
    expect(writes(http)).toEqual([]);
  });
});
