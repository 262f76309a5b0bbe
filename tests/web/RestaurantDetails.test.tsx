import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { restaurants } from '../../contract/resources/restaurants/definition';
import { GeneratedEdit } from '../../src/engine/GeneratedForm';
import screens, { detailPayload } from '../../src/resources/restaurants/overrides';
import { messageOf, renderScreen as renderApp } from './renderScreen';
import { CANTINA_RECORD as RECORD } from './restaurantRecord';

const CUISINES = [
  { id: 2, name: 'Italiana' },
  { id: 3, name: 'Japonesa' },
];

/** The overview of the header (useApi reads it through fetch). */
const OVERVIEW = { visitors: 1234, revenues: 123456, paid_tickets: 87 };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/statistics/store/id/5/overview') return Response.json({ data: OVERVIEW });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The restaurant, the cuisines of the select, and the writes (answered as the API would). */
function fakeApi(record: object = RECORD, write?: HttpClient) {
  return vi.fn<HttpClient>(async (path, request) => {
    if (request?.method) {
      if (write) return write(path, request);
      if (request.method === 'DELETE') return { data: { id: 5 } };
      return { data: { ...record, ...(request.body as object) } };
    }
    if (path === '/api/stores/id/5') return { data: structuredClone(record) };
    if (path === '/api/cousines') return { data: { results: CUISINES, total: CUISINES.length } };
    const cuisine = CUISINES.find((c) => path === `/api/cousines/id/${c.id}`);
    if (cuisine) return { data: cuisine };
    throw new HttpError('Não encontrado.', 404);
  });
}

const writes = (http: ReturnType<typeof fakeApi>) => http.mock.calls.filter(([, request]) => request?.method);

const RestaurantDetails = () => <GeneratedEdit definition={restaurants} overrides={screens} />;

/** The detail as the app opens it, from the list. */
function renderScreen(http: HttpClient) {
  return renderApp(
    '/restaurants/list/details/5',
    {
      '/restaurants/list/details/:id': <RestaurantDetails />,
      '/restaurants/list': <p>Lista de restaurantes</p>,
    },
    http,
    { history: ['/restaurants/list'] },
  );
}

/** The inputs by source (lookups by label on this long form are slow); labels are checked once below. */
const byName = (name: string) => {
  const element = document.querySelector<HTMLElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`No input named ${name}`);
  return element;
};
const field = {
  name: () => byName('name'),
  cnpj: () => byName('cnpj'),
  companyName: () => byName('company_name'),
  phone: () => byName('phone'),
  site: () => byName('site'),
  city: () => byName('city'),
  street: () => byName('street'),
  neighborhood: () => byName('neighborhood'),
  zipCode: () => byName('zip_code'),
  responsibleName: () => byName('name_responsible'),
  cpf: () => byName('cpf'),
  responsiblePhone: () => byName('phone_responsible'),
  responsibleEmail: () => byName('email'),
  cuisine: () => screen.getByRole('combobox', { name: /^Cozinha/ }),
  status: () => screen.getByRole('combobox', { name: /^Status/ }),
};
const save = () => screen.getByRole('button', { name: 'SALVAR' });

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.paste(text);
}

async function choose(user: User, select: HTMLElement, option: string) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

const expectNotice = (text: string) =>
  waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));

async function setup(record: object = RECORD, write?: HttpClient) {
  const http = fakeApi(record, write);
  const view = renderScreen(http);
  await waitFor(() => expect(field.name()).toHaveValue((record as typeof RECORD).name));
  await waitFor(() => expect(field.cuisine()).toHaveTextContent('Italiana'));
  return { ...view, http };
}

/** The body the detail sends for the record as loaded: every on-screen field of info. */
const INFO = {
  cnpj: '11222333000181',
  company_name: 'Cantina Bella Ltda',
  phone: '1932345678',
  site: 'https://cantinabella.com.br',
  address: { city: 'Campinas', street: 'Rua das Flores', neighborhood: 'Cambuí', zip_code: '13025000' },
  responsible: {
    name: 'Ana Souza',
    cpf: '52998224725',
    phone: '19987654321',
    email: 'ana@cantinabella.com.br',
  },
};

describe('restaurant detail (/restaurants/list/details/:id): reading', () => {
  it('shows the record masked, with its numbers, partner date, bank data and loyalty', async () => {
    const { http } = await setup();

    expect(http).toHaveBeenCalledWith('/api/stores/id/5');
    for (const [label, name] of [
      ['Nome fantasia', 'name'],
      ['CNPJ', 'cnpj'],
      ['Razão social', 'company_name'],
      ['Site', 'site'],
      ['Cidade', 'city'],
      ['Rua', 'street'],
      ['Bairro', 'neighborhood'],
      ['CEP', 'zip_code'],
      ['Nome completo', 'name_responsible'],
      ['CPF', 'cpf'],
      ['E-mail', 'email'],
    ])
      expect(screen.getByLabelText(label!)).toHaveAttribute('name', name);
    expect(screen.getAllByLabelText('Telefone').map((input) => input.getAttribute('name'))).toEqual([
      'phone',
      'phone_responsible',
    ]);
    for (const section of [
      'Dados gerais',
      'Endereço',
      'Responsável legal',
      'Dados bancários',
      'Programa de fidelidade',
    ])
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();

    expect(field.cnpj()).toHaveValue('11.222.333/0001-81');
    expect(field.companyName()).toHaveValue('Cantina Bella Ltda');
    expect(field.phone()).toHaveValue('(19) 3234-5678');
    expect(field.site()).toHaveValue('https://cantinabella.com.br');
    expect(field.status()).toHaveTextContent('Ativo');
    expect(field.city()).toHaveValue('Campinas');
    expect(field.street()).toHaveValue('Rua das Flores');
    expect(field.neighborhood()).toHaveValue('Cambuí');
    expect(field.zipCode()).toHaveValue('13025-000');
    expect(field.responsibleName()).toHaveValue('Ana Souza');
    expect(field.cpf()).toHaveValue('529.982.247-25');
    expect(field.responsiblePhone()).toHaveValue('(19) 98765-4321');
    expect(field.responsibleEmail()).toHaveValue('ana@cantinabella.com.br');

    // The header: logo and the overview in reais and pt-BR numbers.
    expect(screen.getByRole('img', { name: 'Logo de Cantina Bella' })).toHaveAttribute(
      'src',
      '/uploads/demo/cantina-black.svg',
    );
    expect(await screen.findByText('R$ 1.234,56')).toBeInTheDocument();
    expect(screen.getByText('1.234')).toBeInTheDocument();
    expect(screen.getByText('87')).toBeInTheDocument();
    // Read-only: partner since (dd/MM/yyyy), the bank account, the loyalty summary.
    expect(screen.getByText('Parceiro desde').nextSibling).toHaveTextContent('01/03/2025');
    expect(screen.getByText('Banco').nextSibling).toHaveTextContent('001 – Banco do Brasil');
    expect(screen.getByText('Conta').nextSibling).toHaveTextContent('56789-0');
    expect(screen.getByText('Tipo').nextSibling).toHaveTextContent('Corrente');
    expect(screen.getByText('Chave Pix').nextSibling).toHaveTextContent('financeiro@cantinabella.com.br');
    const loyalty = screen.getByRole('table');
    expect(
      within(loyalty)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R$ 250,00', '15%', '42', '7', 'Ativo']);
  });

  it('says when there is no bank account or loyalty program', async () => {
    await setup({ ...RECORD, bank_account: null, loyalty: null });

    expect(screen.getByText('Este restaurante não tem programa de fidelidade.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Banco').nextSibling).toHaveTextContent('—');
    expect(screen.getByText('Agência').nextSibling).toHaveTextContent('—');
  });

  it('offers the three statuses of spec 4', async () => {
    const { user } = await setup();

    await user.click(field.status());
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent?.trim())).toEqual(['', 'Inativo', 'Fechado', 'Ativo']);
  });
});

describe('restaurant detail: saving', () => {
  it("sends the edited fields in the API's shape, then the notice and the list", async () => {
    const { user, http, location } = await setup();

    await fill(user, field.name(), 'Cantina Bella Vista');
    await choose(user, field.status(), 'Fechado');
    await choose(user, field.cuisine(), 'Japonesa');
    await fill(user, field.phone(), '1133334444');
    expect(field.phone()).toHaveValue('(11) 3333-4444');
    await fill(user, field.responsibleEmail(), 'contato@cantinabella.com.br');
    await fill(user, field.zipCode(), '13025-100');
    await user.click(save());

    await waitFor(() => expect(writes(http)).toHaveLength(1));
    expect(writes(http)[0]).toEqual([
      '/api/stores/id/5',
      {
        method: 'PATCH',
        body: {
          name: 'Cantina Bella Vista',
          status: 'CLOSED',
          cousine_id: 3,
          info: {
            ...INFO,
            phone: '1133334444',
            address: { ...INFO.address, zip_code: '13025100' },
            responsible: { ...INFO.responsible, email: 'contato@cantinabella.com.br' },
          },
        },
      },
    ]);
    await expectNotice('Restaurante atualizado com sucesso!');
    await waitFor(() => expect(location()?.pathname).toBe('/restaurants/list'));
  });

  it("refuses an emptied trade name with 'Campo obrigatório' and sends nothing", async () => {
    const { user, http, location } = await setup();

    await user.clear(field.name());
    await user.click(save());

    await waitFor(() => expect(messageOf(field.name())).toBe('Campo obrigatório'));
    expect(writes(http)).toEqual([]);
    expect(location()?.pathname).toBe('/restaurants/list/details/5');

    // Required address and responsible fields too.
    await user.paste('Cantina Bella');
    await user.clear(field.street());
    await user.clear(field.cpf());
    await user.click(save());
    await waitFor(() => expect(messageOf(field.street())).toBe('Campo obrigatório'));
    expect(messageOf(field.cpf())).toBe('Campo obrigatório');
    expect(messageOf(field.name())).toBe('');
    expect(writes(http)).toEqual([]);
  });

  it('clears an emptied optional phone and site with null', async () => {
    const { user, http } = await setup();

    await user.clear(field.phone());
    await user.clear(field.responsiblePhone());
    await user.clear(field.site());
    expect(field.phone()).toHaveValue('');
    await user.click(save());

    await waitFor(() => expect(writes(http)).toHaveLength(1));
    expect(writes(http)[0]).toEqual([
      '/api/stores/id/5',
      {
        method: 'PATCH',
        body: {
          info: { ...INFO, phone: null, site: null, responsible: { ...INFO.responsible, phone: null } },
        },
      },
    ]);
    await expectNotice('Restaurante atualizado com sucesso!');
  });

  it('gives invalid values their spec messages and sends nothing', async () => {
    const { user, http } = await setup();

    await fill(user, field.cnpj(), '11222333000182');
    await fill(user, field.cpf(), '52998224724');
    await fill(user, field.phone(), '1193');
    await fill(user, field.responsibleEmail(), 'ana@');
    await fill(user, field.site(), 'cantina bella');
    await fill(user, field.zipCode(), '1302');
    await user.click(save());

    await waitFor(() => expect(messageOf(field.cnpj())).toBe('Informe um CNPJ válido XX.XXX.XXX/XXXX-XX'));
    expect(messageOf(field.cpf())).toBe('Informe um CPF válido XXX.XXX.XXX-XX');
    expect(messageOf(field.phone())).toBe('Informe um número de telefone válido (XX) XXXXX-XXXX');
    expect(messageOf(field.responsibleEmail())).toBe('Informe um email válido');
    expect(messageOf(field.site())).toBe('Informe uma URL válida');
    expect(messageOf(field.zipCode())).toBe('Informe um CEP válido XXXXX-XXX');
    expect(messageOf(field.name())).toBe('');
    expect(writes(http)).toEqual([]);
  });

  it("shows the server's message and stays on the detail when the update fails", async () => {
    const { user, http, location } = await setup(RECORD, async () => {
      throw new HttpError('Já existe um restaurante com esse CNPJ.', 409);
    });

    await fill(user, field.cnpj(), '11444777000161');
    await user.click(save());

    await expectNotice('Já existe um restaurante com esse CNPJ.');
    expect(writes(http)).toEqual([
      ['/api/stores/id/5', { method: 'PATCH', body: { info: { ...INFO, cnpj: '11444777000161' } } }],
    ]);
    expect(location()?.pathname).toBe('/restaurants/list/details/5');
  });
});

describe('restaurant detail: removing', () => {
  it("asks first, then DELETEs, says 'Restaurante removido com sucesso!' and returns", async () => {
    const { user, http, location } = await setup();

    await user.click(screen.getByRole('button', { name: 'REMOVER' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remover Cantina Bella?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'O restaurante, seu cardápio, mesas e histórico serão excluídos. Esta ação não pode ser desfeita.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(http)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'REMOVER' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));

    await waitFor(() => expect(writes(http)).toEqual([['/api/stores/id/5', { method: 'DELETE' }]]));
    await expectNotice('Restaurante removido com sucesso!');
    await waitFor(() => expect(location()?.pathname).toBe('/restaurants/list'));
  });

  it("shows the server's message when the removal fails, and stays", async () => {
    const { user, location } = await setup(RECORD, async () => {
      throw new HttpError('Restaurante não encontrado.', 404);
    });

    await user.click(screen.getByRole('button', { name: 'REMOVER' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));

    await expectNotice('Restaurante não encontrado.');
    expect(screen.queryByText('Restaurante removido com sucesso!')).not.toBeInTheDocument();
    expect(location()?.pathname).toBe('/restaurants/list/details/5');
  });
});

describe('detailPayload', () => {
  it('nests the on-screen columns as the API takes them, with null for the missing ones', () => {
    expect(detailPayload({ name: 'X', status: 'OK', cnpj: '1', whatsapp: '2', slug: 'x', info: {} })).toEqual(
      {
        name: 'X',
        status: 'OK',
        cousine_id: null,
        info: {
          cnpj: '1',
          company_name: null,
          phone: null,
          site: null,
          address: { city: null, street: null, neighborhood: null, zip_code: null },
          responsible: { name: null, cpf: null, phone: null, email: null },
        },
      },
    );
  });
});
