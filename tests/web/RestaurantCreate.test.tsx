import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { deleteFile, UPLOAD_FAILED, UploadError, uploadFile } from '../../src/dataProvider/upload';
import { zodValidate } from '../../src/lib/zodForm';
import { GeneratedCreate } from '../../src/engine/GeneratedForm';
import screens from '../../src/resources/restaurants/overrides';
import {
  FILL_REQUIRED,
  IMAGES_MISSING,
  restaurants,
  SELECTS_MISSING,
  storeCreateInput,
} from '../../contract/resources/restaurants/definition';
import { messageOf, renderScreen as renderApp } from './renderScreen';

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
    if (path.startsWith('/api/cousines/id/')) {
      const cuisine = CUISINES.find((c) => c.id === Number(path.split('/').pop()));
      if (cuisine) return { data: cuisine };
    }
    // As the API answers: cities of operation are listed and created, never read one by one.
    throw new HttpError(`Rota não encontrada: ${request?.method ?? 'GET'} ${path}`, 404);
  });
}

const writes = (http: ReturnType<typeof fakeApi>) => http.mock.calls.filter(([, request]) => request?.method);

const RestaurantCreate = () => <GeneratedCreate definition={restaurants} overrides={screens} />;

/** The create form, opened from the dashboard it returns to. */
function renderScreen(http: HttpClient) {
  return renderApp(
    '/restaurants/create',
    { '/restaurants/create': <RestaurantCreate />, '/restaurants': <p>Painel de restaurantes</p> },
    http,
    { history: ['/restaurants'] },
  );
}

/**
 * The form's inputs by their source. Looking them up by label or role on this long form takes
 * hundreds of milliseconds each time; the labels themselves are checked once, in LABELS below.
 */
const byName = (name: string) => {
  const element = document.querySelector<HTMLElement>(`input[name="${name}"], textarea[name="${name}"]`);
  if (!element) throw new Error(`No input named ${name}`);
  return element;
};
/** The city's autocomplete, by its label (the first test finds it by its role and name). */
const cityInput = () => {
  const label = [...document.querySelectorAll('label')].find((label) => label.textContent === 'Cidade');
  const input = label && document.getElementById(label.htmlFor);
  if (!input) throw new Error('No input labelled Cidade');
  return input;
};
/** An image's file input and its preview, by the image's label. */
const fileInput = (label: string) => {
  const input = document.querySelector<HTMLElement>(`input[type="file"][aria-label="${label}"]`);
  if (!input) throw new Error(`No file input labelled ${label}`);
  return input;
};
const preview = (label: string) => document.querySelector(`img[alt="${label}"]`);
/** A select's combobox, beside its input (the first test finds each by its role and name). */
const selectOf = (name: string) => {
  const combobox = byName(name).parentElement?.querySelector<HTMLElement>('[role="combobox"]');
  if (!combobox) throw new Error(`No select named ${name}`);
  return combobox;
};
const LABELS: [label: string, name: string][] = [
  ['Nome fantasia', 'name'],
  ['Razão social', 'company_name'],
  ['CNPJ', 'cnpj'],
  ['Instagram', 'instagram'],
  ['Frase promocional', 'description'],
  ['Descrição completa', 'full_description'],
  ['WhatsApp', 'whatsapp'],
  ['Site', 'site'],
  ['E-mail do administrador do restaurante', 'email_admin'],
  ['CEP', 'zip_code'],
  ['Rua', 'street'],
  ['Número', 'street_number'],
  ['Bairro', 'neighborhood'],
  ['Link do mapa', 'maps_url'],
  ['Nome completo', 'name_responsible'],
  ['CPF', 'cpf'],
  ['E-mail', 'email'],
  ['Taxa pagamento físico (%)', 'feedme_physical_tax'],
  ['Taxa pagamento digital (%)', 'feedme_digital_tax'],
  ['Taxa de serviço (%)', 'service_charge'],
];
const field = {
  name: () => byName('name'),
  companyName: () => byName('company_name'),
  cnpj: () => byName('cnpj'),
  instagram: () => byName('instagram'),
  description: () => byName('description'),
  fullDescription: () => byName('full_description'),
  phone: () => byName('phone'),
  whatsapp: () => byName('whatsapp'),
  site: () => byName('site'),
  emailAdmin: () => byName('email_admin'),
  zipCode: () => byName('zip_code'),
  street: () => byName('street'),
  streetNumber: () => byName('street_number'),
  neighborhood: () => byName('neighborhood'),
  city: () => cityInput(),
  uf: () => selectOf('uf'),
  mapsUrl: () => byName('maps_url'),
  responsibleName: () => byName('name_responsible'),
  cpf: () => byName('cpf'),
  email: () => byName('email'),
  responsiblePhone: () => byName('phone_responsible'),
  physicalTax: () => byName('feedme_physical_tax'),
  digitalTax: () => byName('feedme_digital_tax'),
  serviceCharge: () => byName('service_charge'),
  operation: () => selectOf('operation_id'),
  cuisine: () => selectOf('cousine_id'),
  linkTitle: (row: number) => byName(`links.${row}.title`),
  linkUrl: (row: number) => byName(`links.${row}.url`),
};
const create = () => screen.getByText('CRIAR').closest('button')!;

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

type User = ReturnType<typeof userEvent.setup>;

/** The open select's option (by its text: role lookups on this long form are slow). */
const optionOf = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (option) => option.textContent?.trim() === text,
  );

/** Opens a select and picks the option. */
async function choose(user: User, select: HTMLElement, option: string) {
  await user.click(select);
  await waitFor(() => expect(optionOf(option)).toBeDefined());
  await user.click(optionOf(option)!);
  await waitFor(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
}

async function addImages(user: User) {
  await user.upload(fileInput('Imagem de capa'), png('capa.png'));
  await user.upload(fileInput('Logo branca'), png('logo.png'));
  await user.upload(fileInput('Foto da home'), jpeg('home.jpg'));
  await waitFor(() => expect(preview('Foto da home')).not.toBeNull());
}

async function chooseSelects(user: User) {
  await choose(user, field.operation(), 'Campinas');
  await choose(user, field.cuisine(), 'Italiana');
}

/**
 * Replaces what an input holds, as one change: typing (or clearing and pasting) every field of
 * this long form event by event took most of its tests' time. The masks still apply: the input's
 * own parse and format run on the change.
 */
function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

/**
 * The notice at the bottom of the screen. While a modal is open the page behind it, the notice
 * included, is hidden from assistive technology (MUI's aria-hidden), hence `hidden`. Found by its
 * role's attribute: role lookups, which weigh every element of this long form, are slow.
 */
const expectNotice = (text: string, { behindModal = false } = {}) =>
  waitFor(() => {
    const notice = document.querySelector('[role="alert"]');
    expect(notice).toHaveTextContent(text);
    expect(Boolean(notice?.closest('[aria-hidden="true"]'))).toBe(behindModal);
  });

/** Every field a restaurant needs, with valid values; the city picked from the suggestions. */
async function fillRequired(user: User) {
  fill(field.name(), 'Cantina Bella');
  fill(field.companyName(), 'Cantina Bella Ltda');
  fill(field.cnpj(), '11222333000181');
  fill(field.instagram(), '@cantinabella');
  fill(field.description(), 'Massas artesanais');
  fill(field.fullDescription(), 'Cozinha italiana de família.');
  fill(field.emailAdmin(), 'equipe@cantinabella.com.br');
  fill(field.zipCode(), '13025000');
  fill(field.street(), 'Rua das Flores');
  fill(field.streetNumber(), '120');
  fill(field.neighborhood(), 'Cambuí');
  await user.type(field.city(), 'Campi');
  await waitFor(() => expect(optionOf('Campinas – SP')).toBeDefined());
  await user.click(optionOf('Campinas – SP')!);
  fill(field.responsibleName(), 'Ana Souza');
  fill(field.cpf(), '52998224725');
  fill(field.email(), 'ana@cantinabella.com.br');
}

async function setup() {
  const http = fakeApi();
  const view = renderScreen(http);
  await waitFor(() => expect(field.operation()).not.toHaveAttribute('aria-disabled'));
  return { ...view, http };
}

/** Tests that fill the whole form: a second or two alone, far more on a loaded machine. */
const LONG_FORM = { timeout: 90_000 };

describe('new restaurant (/restaurants/create): checks before sending', () => {
  it('shows the sections and fields of spec 2.5, with the fees at 0 and the five link rows', async () => {
    await setup();

    for (const section of [
      'Imagens',
      'Cidade e cozinha',
      'Dados gerais',
      'Endereço',
      'Representante legal',
      'Taxas',
      'Links',
    ])
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    for (const [label, name] of LABELS) expect(screen.getByLabelText(label)).toHaveAttribute('name', name);
    expect(screen.getAllByLabelText('Telefone').map((input) => input.getAttribute('name'))).toEqual([
      'phone',
      'phone_responsible',
    ]);
    expect(field.physicalTax()).toHaveValue('0');
    expect(field.digitalTax()).toHaveValue('0');
    expect(field.serviceCharge()).toHaveValue('0');
    expect(screen.getAllByLabelText('Título').map((input) => (input as HTMLInputElement).value)).toEqual([
      'Cardápio',
      'Reservas',
      'Mapa',
      'Instagram',
      'WhatsApp',
    ]);
    expect(screen.getAllByLabelText('Endereço (URL)').map((input) => input.getAttribute('name'))).toEqual([
      'links.0.url',
      'links.1.url',
      'links.2.url',
      'links.3.url',
      'links.4.url',
    ]);
    for (const active of screen.getAllByRole('switch', { name: 'Ativo' })) expect(active).toBeChecked();
    expect(screen.getByRole('button', { name: 'Nova cidade' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Cidade de Operação' })).toBe(field.operation());
    expect(screen.getByRole('combobox', { name: 'Cozinha' })).toBe(field.cuisine());
    expect(screen.getByRole('combobox', { name: 'UF' })).toBe(field.uf());
    expect(screen.getByRole('combobox', { name: 'Cidade' })).toBe(field.city());
    for (const label of ['Imagem de capa', 'Logo branca', 'Foto da home'])
      expect(screen.getByLabelText(label)).toBe(fileInput(label));
    expect(create()).toBe(screen.getByRole('button', { name: 'CRIAR' }));
  });

  it("says what is missing in the spec's order on CRIAR, and sends nothing", async () => {
    const { user, http, location } = await setup();

    await user.click(create());
    await expectNotice(IMAGES_MISSING);
    // The empty fields are marked too.
    await waitFor(() => expect(messageOf(field.name())).toBe('Campo obrigatório'));
    expect(messageOf(field.cnpj())).toBe('Campo obrigatório');
    expect(messageOf(field.cpf())).toBe('Campo obrigatório');

    await addImages(user);
    await user.click(create());
    await expectNotice(SELECTS_MISSING);
    // The selects say it too.
    expect(messageOf(field.operation())).toBe(SELECTS_MISSING);
    expect(messageOf(field.cuisine())).toBe(SELECTS_MISSING);

    await chooseSelects(user);
    await user.click(create());
    await expectNotice(FILL_REQUIRED);
    expect(messageOf(field.operation())).toBe('');
    expect(messageOf(field.name())).toBe('Campo obrigatório');

    expect(writes(http)).toEqual([]);
    expect(location()?.pathname).toBe('/restaurants/create');
  });

  it('asks for the selects before the other fields, even when those are filled', LONG_FORM, async () => {
    const { user, http } = await setup();
    await addImages(user);
    await fillRequired(user);

    await user.click(create());

    await expectNotice(SELECTS_MISSING);
    expect(messageOf(field.name())).toBe('');
    expect(writes(http)).toEqual([]);
  });

  it('asks for the images again after one is removed, and deletes its file', LONG_FORM, async () => {
    const { user, http } = await setup();
    await addImages(user);
    await chooseSelects(user);
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Remover Logo branca' }));
    expect(screen.queryByRole('img', { name: 'Logo branca' })).not.toBeInTheDocument();
    expect(deleteFile).toHaveBeenCalledWith('/uploads/images/platform/logo.png');
    await user.click(create());

    await expectNotice(IMAGES_MISSING);
    expect(writes(http)).toEqual([]);
  });
});

describe('new restaurant: city of operation and cuisine', () => {
  it('keeps the chosen city and cuisine shown, without an error under them', async () => {
    const { user, http } = await setup();

    await chooseSelects(user);

    await waitFor(() => expect(field.operation()).toHaveTextContent('Campinas'));
    expect(field.cuisine()).toHaveTextContent('Italiana');
    // The chosen city is never read by its id, a route the API does not have (its 404 would empty the select).
    expect(http.mock.calls.map(([path]) => path)).not.toContainEqual(
      expect.stringMatching(/^\/api\/operations\/id\//),
    );
    expect(field.operation()).toHaveTextContent('Campinas');
    expect(messageOf(field.operation())).toBe('');
    expect(messageOf(field.cuisine())).toBe('');
  });

  it('adds a new city in the modal and chooses it', async () => {
    const { user, http } = await setup();
    // The select never holds a city it does not offer, not even before the list is read again.
    const warn = vi.spyOn(console, 'warn');

    await user.click(screen.getByRole('button', { name: 'Nova cidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova cidade de operação' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Cidade' }), 'Campo');
    await user.click(await screen.findByRole('option', { name: 'Campo Grande – MS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    await waitFor(() =>
      expect(writes(http)).toEqual([['/api/operations', { method: 'POST', body: { name: 'Campo Grande' } }]]),
    );
    await expectNotice('Cidade de operação criada com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field.operation()).toHaveTextContent('Campo Grande'));
    expect(messageOf(field.operation())).toBe('');
    expect(warn.mock.calls.flat().join(' ')).not.toContain('out-of-range');
    warn.mockRestore();
  });

  it("refuses a city that already exists with 'Já existe operação nessa cidade'", async () => {
    const { user, http } = await setup();

    await user.click(screen.getByRole('button', { name: 'Nova cidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova cidade de operação' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Cidade' }), 'Campi');
    await user.click(await screen.findByRole('option', { name: 'Campinas – SP' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    await expectNotice('Já existe operação nessa cidade', { behindModal: true });
    expect(writes(http)).toEqual([['/api/operations', { method: 'POST', body: { name: 'Campinas' } }]]);
    // The modal stays open to pick another city; nothing was chosen.
    expect(screen.getByRole('dialog', { name: 'Nova cidade de operação' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field.operation()).not.toHaveTextContent('Campinas');
  });

  it("asks for the city's name before adding it", async () => {
    const { user, http } = await setup();

    await user.click(screen.getByRole('button', { name: 'Nova cidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova cidade de operação' });
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    await expectNotice('Informe a cidade.', { behindModal: true });
    expect(writes(http)).toEqual([]);
  });
});

describe('new restaurant: field messages (spec 5)', () => {
  async function filledForm() {
    const view = await setup();
    await addImages(view.user);
    await chooseSelects(view.user);
    await fillRequired(view.user);
    return view;
  }

  it('gives each invalid field its message, and sends nothing', LONG_FORM, async () => {
    const { user, http } = await filledForm();

    fill(field.cnpj(), '11222333');
    fill(field.cpf(), '529982');
    fill(field.streetNumber(), '12A');
    fill(field.physicalTax(), 'abc');
    fill(field.digitalTax(), '1,2,3');
    fill(field.phone(), '1193');
    fill(field.whatsapp(), '11');
    fill(field.responsiblePhone(), '2012345678');
    fill(field.email(), 'ana@');
    fill(field.emailAdmin(), 'equipe.cantinabella.com.br');
    fill(field.site(), 'cantina bella');
    fill(field.mapsUrl(), 'mapa da cantina');
    fill(field.zipCode(), '1302');
    await user.click(create());

    await waitFor(() => expect(messageOf(field.cnpj())).toBe('Informe um CNPJ válido XX.XXX.XXX/XXXX-XX'));
    expect(messageOf(field.cpf())).toBe('Informe um CPF válido XXX.XXX.XXX-XX');
    expect(messageOf(field.streetNumber())).toBe('informe somente números');
    expect(messageOf(field.physicalTax())).toBe('Informe somente números ex: 1.2');
    expect(messageOf(field.digitalTax())).toBe('Informe somente números ex: 1.2');
    expect(messageOf(field.phone())).toBe('Informe um número de telefone válido (XX) XXXXX-XXXX');
    expect(messageOf(field.whatsapp())).toBe('Informe um número de telefone válido (XX) XXXXX-XXXX');
    expect(messageOf(field.responsiblePhone())).toBe('Informe um número de telefone válido (XX) XXXXX-XXXX');
    expect(messageOf(field.email())).toBe('Informe um email válido');
    expect(messageOf(field.emailAdmin())).toBe('Informe um email válido');
    expect(messageOf(field.site())).toBe('Informe uma URL válida');
    expect(messageOf(field.mapsUrl())).toBe('Informe uma URL válida');
    expect(messageOf(field.zipCode())).toBe('Informe um CEP válido XXXXX-XXX');
    // The valid ones say nothing.
    expect(messageOf(field.name())).toBe('');
    expect(messageOf(field.street())).toBe('');
    expect(writes(http)).toEqual([]);
  });

  it(
    'checks the CNPJ and CPF check digits, and the message goes once they are right',
    LONG_FORM,
    async () => {
      const { user, http } = await filledForm();

      fill(field.cnpj(), '11222333000182');
      fill(field.cpf(), '52998224724');
      expect(field.cnpj()).toHaveValue('11.222.333/0001-82');
      expect(field.cpf()).toHaveValue('529.982.247-24');
      await user.click(create());

      await waitFor(() => expect(messageOf(field.cnpj())).toBe('Informe um CNPJ válido XX.XXX.XXX/XXXX-XX'));
      expect(messageOf(field.cpf())).toBe('Informe um CPF válido XXX.XXX.XXX-XX');
      expect(writes(http)).toEqual([]);

      // One repeated digit passes the arithmetic but is no CPF.
      fill(field.cpf(), '11111111111');
      fill(field.cnpj(), '11222333000181');
      await waitFor(() => expect(messageOf(field.cnpj())).toBe(''));
      expect(messageOf(field.cpf())).toBe('Informe um CPF válido XXX.XXX.XXX-XX');
      expect(writes(http)).toEqual([]);
    },
  );

  it('offers the 27 UFs, fills the UF from the city picked, and says when a UF is not valid', async () => {
    const { user } = await setup();

    await user.type(field.city(), 'Campo');
    await user.click(await screen.findByRole('option', { name: 'Campo Grande – MS' }));
    expect(field.city()).toHaveValue('Campo Grande');
    await waitFor(() => expect(field.uf()).toHaveTextContent('MS'));

    await user.click(field.uf());
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // After the empty choice.
    expect(options.map((option) => option.textContent?.trim())).toEqual([
      '',
      ...'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' '),
    ]);
    await user.keyboard('{Escape}');

    // The select offers valid codes only; the form's check refuses any other (an old draft, say).
    const validate = zodValidate(storeCreateInput);
    expect(validate({ uf: 'XX' }).uf).toBe('Informe uma UF válida');
    expect(validate({ uf: 'SPA' }).uf).toBe('Informe uma UF válida');
    expect(validate({ uf: 'sp' }).uf).toBeUndefined();
    expect(validate({}).uf).toBe('Campo obrigatório');
  });

  it("shows a link row's message under that row's input only", LONG_FORM, async () => {
    const { user, http } = await filledForm();

    fill(field.linkTitle(2), 'M'.repeat(61));
    fill(field.linkUrl(3), `instagram.com/${'a'.repeat(490)}`);
    await user.click(create());

    await waitFor(() => expect(messageOf(field.linkTitle(2))).toBe('Limite máximo de 60 caracteres.'));
    expect(messageOf(field.linkUrl(3))).toBe('Limite máximo de 500 caracteres.');
    for (const row of [0, 1, 3, 4]) expect(messageOf(field.linkTitle(row))).toBe('');
    for (const row of [0, 1, 2, 4]) expect(messageOf(field.linkUrl(row))).toBe('');
    expect(writes(http)).toEqual([]);
  });
});

describe('new restaurant: sending', () => {
  it(
    'sends digits for CNPJ, CPF, phones and CEP, https:// on links and site, then the notice',
    LONG_FORM,
    async () => {
      const { user, http, location } = await setup();
      await addImages(user);
      await chooseSelects(user);
      await fillRequired(user);
      fill(field.phone(), '(19) 3234-5678');
      expect(field.phone()).toHaveValue('(19) 3234-5678');
      fill(field.responsiblePhone(), '19987654321');
      expect(field.responsiblePhone()).toHaveValue('(19) 98765-4321');
      fill(field.site(), 'cantinabella.com.br');
      fill(field.mapsUrl(), 'https://maps.example.com/cantina');
      fill(field.physicalTax(), '1.5');
      fill(field.digitalTax(), '2');
      fill(field.linkUrl(0), 'cantinabella.com.br/cardapio');
      fill(field.linkUrl(3), 'http://instagram.com/cantinabella');
      await user.click(byName('links.3.active'));
      await user.click(create());

      await waitFor(() => expect(writes(http)).toHaveLength(1));
      expect(writes(http)[0]).toEqual([
        '/api/stores',
        {
          method: 'POST',
          body: {
            logo_black: '/uploads/images/platform/capa.png',
            logo_white: '/uploads/images/platform/logo.png',
            bg_image: '/uploads/images/platform/home.jpg',
            operation_id: 1,
            cousine_id: 2,
            name: 'Cantina Bella',
            company_name: 'Cantina Bella Ltda',
            cnpj: '11222333000181',
            description: 'Massas artesanais',
            full_description: 'Cozinha italiana de família.',
            instagram: '@cantinabella',
            phone: '1932345678',
            site: 'https://cantinabella.com.br',
            email_admin: 'equipe@cantinabella.com.br',
            zip_code: '13025000',
            street: 'Rua das Flores',
            street_number: '120',
            neighborhood: 'Cambuí',
            city: 'Campinas',
            uf: 'SP',
            maps_url: 'https://maps.example.com/cantina',
            name_responsible: 'Ana Souza',
            cpf: '52998224725',
            email: 'ana@cantinabella.com.br',
            phone_responsible: '19987654321',
            feedme_physical_tax: '1.5',
            feedme_digital_tax: '2',
            service_charge: '0',
            // Rows without an address are left out.
            links: [
              { title: 'Cardápio', icon: 'menu', url: 'https://cantinabella.com.br/cardapio', active: true },
              {
                title: 'Instagram',
                icon: 'instagram',
                url: 'http://instagram.com/cantinabella',
                active: false,
              },
            ],
          },
        },
      ]);
      await expectNotice('Restaurante criado com sucesso!');
      await waitFor(() => expect(location()?.pathname).toBe('/restaurants'));
    },
  );

  it("shows the server's message and stays on the form when the API refuses", LONG_FORM, async () => {
    const { user, http, location } = await setup();
    const base = http.getMockImplementation()!;
    http.mockImplementation(async (path, request) => {
      if (request?.method === 'POST' && path === '/api/stores')
        throw new HttpError(
          'Já existe uma conta com o e-mail equipe@cantinabella.com.br; use outro e-mail do responsável.',
          409,
        );
      return base(path, request);
    });
    await addImages(user);
    await chooseSelects(user);
    await fillRequired(user);
    await user.click(create());

    await expectNotice('Já existe uma conta com o e-mail equipe@cantinabella.com.br');
    expect(writes(http)).toHaveLength(1);
    expect(location()?.pathname).toBe('/restaurants/create');
  });
});

describe('new restaurant: images', () => {
  it('stores each image as it is picked and shows it', async () => {
    const { user } = await setup();

    await user.upload(fileInput('Imagem de capa'), png('capa.png'));

    expect(await screen.findByRole('img', { name: 'Imagem de capa' })).toHaveAttribute(
      'src',
      '/uploads/images/platform/capa.png',
    );
    expect(uploadFile).toHaveBeenCalledWith(expect.any(File), { folder: 'images', ratio: undefined });
    expect(fileInput('Imagem de capa')).toHaveAttribute('accept', 'image/png,.png');
    expect(fileInput('Logo branca')).toHaveAttribute('accept', 'image/png,.png');
    expect(fileInput('Foto da home')).toHaveAttribute('accept', 'image/jpeg,.jpg,.jpeg');
  });

  it('refuses a file of the wrong type with its notice, and stores nothing', async () => {
    await setup();
    // A browser's file dialog may still let another type through ("All files").
    const user = userEvent.setup({ delay: null, applyAccept: false });

    await user.upload(fileInput('Foto da home'), png('home.png'));
    await expectNotice('Escolha uma imagem JPEG (.jpg ou .jpeg).');
    await user.upload(fileInput('Logo branca'), jpeg('logo.jpg'));
    await expectNotice('Escolha uma imagem PNG.');

    expect(uploadFile).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Foto da home' })).not.toBeInTheDocument();
  });

  it("says 'Não foi possível salvar a imagem!' when the upload fails", async () => {
    const { user } = await setup();
    vi.mocked(uploadFile).mockRejectedValueOnce(new UploadError(UPLOAD_FAILED, 'O arquivo passa de 5 MB.'));

    await user.upload(fileInput('Imagem de capa'), png('capa.png'));

    await expectNotice('Não foi possível salvar a imagem! O arquivo passa de 5 MB.');
    expect(screen.queryByRole('img', { name: 'Imagem de capa' })).not.toBeInTheDocument();
    // It can be picked again.
    await user.upload(fileInput('Imagem de capa'), png('capa.png'));
    expect(await screen.findByRole('img', { name: 'Imagem de capa' })).toBeInTheDocument();
  });
});
