import { screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Resource } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../contract/lib/format';
import { BOARD_SETTINGS } from '../../src/resources/kitchenBoard/boardHooks';
import {
  LOYALTY_MESSAGES,
  loyaltyPrograms,
  type LoyaltyCustomerRow,
  type LoyaltyProgram,
} from '../../contract/resources/loyalty/definition';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { resourceProps } from '../../src/engine/resources';
import loyaltyScreens from '../../src/resources/loyalty/overrides';
import { screenModules } from '../../src/resources/screens';
import { LoyaltyDetails } from '../../src/resources/loyalty/LoyaltyDetails';
import { belowLg, messageOf } from './renderScreen';
import { renderSignedIn } from './renderSignedIn';
import { RequirePermission } from '../../src/components/RequirePermission';

/**
 * Fidelidade (restaurant spec 2 "Loyalty program"): the customers table and the program's details
 * as staff and administrators use them, through the app's own auth provider, dataProvider and
 * HTTP client onto a fake `fetch`, so each request is read as the API would get it.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const REDEEMED_AT = '2026-03-08T22:15:00.000Z';

function row(id: number, over: Partial<LoyaltyCustomerRow> = {}): LoyaltyCustomerRow {
  return {
    id,
    customer: { id, fullname: `Cliente ${id}`, username: `cliente${id}`, profile_picture: null },
    order_type: 'INDOOR',
    current_consumption: 1000 * id,
    total_consumption: 5000 * id,
    n_uses: 0,
    created_at: null,
    ...over,
  };
}

const ROWS: LoyaltyCustomerRow[] = [
  row(1, {
    customer: {
      id: 1,
      fullname: 'Ana Souza',
      username: 'anasouza',
      profile_picture: '/uploads/demo/ana.svg',
    },
    current_consumption: 12_345,
    total_consumption: 123_456,
    n_uses: 3,
    created_at: REDEEMED_AT,
  }),
  row(2, {
    customer: { id: 2, fullname: 'Bruno Lima', username: 'brunolima', profile_picture: null },
    order_type: 'DELIVERY',
  }),
];

const PROGRAM: LoyaltyProgram = {
  id: 4,
  store_id: 2,
  consumption: 50_000,
  discount: 10,
  active: true,
  n_customers: 1234,
  n_uses: 57,
  top_customer: { id: 1, fullname: 'Ana Souza', username: 'anasouza', profile_picture: null, n_uses: 3 },
  updated_at: '2026-03-01T12:00:00.000Z',
};

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * The API: the customers (searched by name, `total` as given), the program, and saves that the
 * server records — or refuses with `refusal`.
 */
function fakeApi({
  rows = ROWS,
  total = rows.length,
  program = PROGRAM,
  refusal,
}: {
  rows?: LoyaltyCustomerRow[];
  total?: number;
  program?: LoyaltyProgram;
  refusal?: { status: number; message: string };
} = {}) {
  const sent: Sent[] = [];
  let current = { ...program };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://painel.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (url.pathname === '/api/loyalty-programs/customers') {
      const search = url.searchParams.get('search')?.toLowerCase();
      const results = search ? rows.filter((r) => r.customer.fullname.toLowerCase().includes(search)) : rows;
      return json({ data: { results, total: search ? results.length : total } });
    }
    if (url.pathname === '/api/loyalty-programs' && method === 'GET') return json({ data: current });
    if (url.pathname === '/api/loyalty-programs' && method === 'PATCH') {
      if (refusal) return json({ error: { message: refusal.message } }, refusal.status);
      const created = current.id === null;
      const { store_id: _store, ...values } = body!;
      current = { ...current, ...values, id: current.id ?? 9, updated_at: '2026-03-10T12:00:00.000Z' };
      return json({ data: current }, created ? 201 : 200);
    }
    if (url.pathname === '/api/account') {
      // A waiter, whose role holds the floor only.
      const roles = [{ role: 'WAITER', store_id: 2, store_name: 'Cantina Bella', permissions: ['floor'] }];
      return json({ data: { id: 4, fullname: 'Garçom', email: 't@painel.com.br', role: 'WAITER', roles } });
    }
    if (url.pathname === '/api/stores') {
      const results = [
        { id: 2, name: 'Cantina Bella' },
        { id: 7, name: 'Sabor do Sertão' },
      ];
      return json({ data: { results, total: results.length } });
    }
    return json({ error: { message: 'Não encontrado' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const reads = (path: string) => sent.filter((call) => call.method === 'GET' && call.path === path);
  const saves = () => sent.filter((call) => call.method === 'PATCH');
  return { sent, reads, saves };
}

/** The customers list: the engine's, with the loyalty overrides. */
const LoyaltyCustomers = () => <GeneratedList definition={loyaltyPrograms} overrides={loyaltyScreens} />;

/** The screens as someone signed in with `role` sees them, at `path`. */
const renderAt = (path: string, role: 'MANAGER' | 'WAITER' | 'ADMIN') =>
  renderSignedIn(role, path, {
    '/loyalty-programs/*': (
      <Resource name="loyalty-programs" list={LoyaltyCustomers}>
        <Route path="details" element={<LoyaltyDetails />} />
      </Resource>
    ),
  });

const LIST = '/api/loyalty-programs/customers';
const READ = '/api/loyalty-programs';
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('Fidelidade (/loyalty-programs): the customers table', () => {
  it('shows each customer with picture and @username, origin, the two consumptions, redemptions and date', async () => {
    const api = fakeApi();
    renderAt('/loyalty-programs', 'MANAGER');
    const ana = await waitFor(() => rowOf('Ana Souza'));
    expect(within(ana).getByText('@anasouza')).toBeInTheDocument();
    expect(ana.querySelector('img')).toHaveAttribute('src', '/uploads/demo/ana.svg');
    expect(within(ana).getByText('Presencial')).toBeInTheDocument();
    expect(within(ana).getByText('R$ 123,45')).toBeInTheDocument();
    expect(within(ana).getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(within(ana).getByText('3')).toBeInTheDocument();
    expect(within(ana).getByText(formatDate(REDEEMED_AT))).toBeInTheDocument();
    const bruno = rowOf('Bruno Lima');
    expect(within(bruno).getByText('Delivery')).toBeInTheDocument();
    // Never redeemed: no date.
    expect(within(bruno).getByText('—')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Cliente',
      'Origem',
      'Consumo desde o último resgate',
      'Consumo total',
      'Resgates',
      'Data do resgate',
    ]);

    // 8 a page, the best customers first; staff send no store.
    expect(api.reads(LIST)[0]!.query).toEqual({
      page: '1',
      page_size: '8',
      sort_field: 'total_consumption',
      sort_order: 'DESC',
    });
  });

  it('searches by name only when Buscar is pressed, and clears with an empty Buscar', async () => {
    const api = fakeApi();
    const { user } = renderAt('/loyalty-programs', 'MANAGER');
    await waitFor(() => rowOf('Ana Souza'));
    const search = screen.getByRole('textbox', { name: 'Nome do cliente' });
    await user.type(search, 'bru');
    expect(api.reads(LIST)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(api.reads(LIST).at(-1)!.query.search).toBe('bru'));
    await waitFor(() => expect(screen.queryByText('Ana Souza')).not.toBeInTheDocument());
    expect(rowOf('Bruno Lima')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzz{Enter}');
    expect(await screen.findByText(LOYALTY_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByText('Confira o nome e toque em Buscar.')).toBeInTheDocument();

    await user.clear(search);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => rowOf('Ana Souza'));
    expect(api.reads(LIST).at(-1)!.query.search).toBeUndefined();
  });

  it('sorts by a column the server sorts, both ways, and pages by 8', async () => {
    const api = fakeApi({ total: 17 });
    const { user } = renderAt('/loyalty-programs', 'MANAGER');
    await waitFor(() => rowOf('Ana Souza'));

    await user.click(screen.getByRole('button', { name: /^Ordenar por resgates/ }));
    await waitFor(() =>
      expect(api.reads(LIST).at(-1)!.query).toMatchObject({ sort_field: 'n_uses', sort_order: 'ASC' }),
    );
    await user.click(screen.getByRole('button', { name: /^Ordenar por resgates/ }));
    await waitFor(() =>
      expect(api.reads(LIST).at(-1)!.query).toMatchObject({ sort_field: 'n_uses', sort_order: 'DESC' }),
    );
    await user.click(screen.getByRole('button', { name: /^Ordenar por cliente/ }));
    await waitFor(() => expect(api.reads(LIST).at(-1)!.query).toMatchObject({ sort_field: 'customer' }));

    expect(screen.getByText('1-8 de 17')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /próxima/i }));
    await waitFor(() => expect(api.reads(LIST).at(-1)!.query).toMatchObject({ page: '2', page_size: '8' }));
  });

  it('says when the store has no customer yet', async () => {
    fakeApi({ rows: [] });
    renderAt('/loyalty-programs', 'MANAGER');
    expect(await screen.findByText(LOYALTY_MESSAGES.empty)).toBeInTheDocument();
    expect(
      screen.getByText('Os clientes aparecem aqui depois da primeira comanda fechada no restaurante.'),
    ).toBeInTheDocument();
  });

  it('opens the details with VER DETALHES', async () => {
    fakeApi();
    const { user, location } = renderAt('/loyalty-programs', 'MANAGER');
    await waitFor(() => rowOf('Ana Souza'));
    await user.click(screen.getByRole('link', { name: 'VER DETALHES' }));
    await waitFor(() => expect(location()?.pathname).toBe('/loyalty-programs/details'));
    expect(await screen.findByRole('region', { name: 'Total de usuários ativos' })).toBeInTheDocument();
  });

  it('tells a role without "Fidelidade" (a waiter, by default) so, and asks the API nothing', async () => {
    const api = fakeApi();
    // As the app registers it: the engine's list behind the permission.
    renderSignedIn('WAITER', '/loyalty-programs', {
      '/loyalty-programs/*': (
        <Suspense>
          <Resource {...resourceProps(loyaltyPrograms, screenModules['loyalty-programs'])} />
        </Suspense>
      ),
    });
    expect(
      await screen.findByText(
        'Sua função não tem a permissão "Fidelidade". Peça a um gerente do restaurante.',
      ),
    ).toBeInTheDocument();
    expect(api.reads(LIST)).toEqual([]);
  });

  it('lets an administrator choose the restaurant first, then lists that one', async () => {
    const api = fakeApi();
    const { user } = renderAt('/loyalty-programs', 'ADMIN');
    expect(await screen.findByText(LOYALTY_MESSAGES.chooseStore)).toBeInTheDocument();
    expect(api.reads(LIST)).toHaveLength(0);

    await user.click(await screen.findByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    await waitFor(() => rowOf('Ana Souza'));
    expect(api.reads(LIST)[0]!.query.store_id).toBe('7');
    // Remembered on this device, as the kitchen board's restaurant.
    expect(localStorage.getItem(BOARD_SETTINGS.store)).toBe('7');
  });
});

describe('Fidelidade on a tablet beside the menu', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('shows a card per customer with the four figures, sorted with Ordenar por and its direction', async () => {
    restore = belowLg();
    const api = fakeApi();
    const { user } = renderAt('/loyalty-programs', 'MANAGER');
    const list = await screen.findByRole('list', { name: 'Clientes' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const ana = within(list).getByText('Ana Souza').closest('li')!;
    const figure = (label: string) => within(ana).getByText(label).nextSibling?.textContent;
    expect(within(ana).getByText('@anasouza')).toBeInTheDocument();
    expect(within(ana).getByText('Presencial')).toBeInTheDocument();
    expect(figure('Consumo desde o último resgate')).toBe('R$ 123,45');
    expect(figure('Consumo total')).toBe('R$ 1.234,56');
    expect(figure('Resgates')).toBe('3');
    expect(figure('Data do resgate')).toBe(formatDate(REDEEMED_AT));
    const bruno = within(list).getByText('Bruno Lima').closest('li')!;
    expect(within(bruno).getByText('Delivery')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Resgates' }));
    await waitFor(() =>
      expect(api.reads(LIST).at(-1)!.query).toMatchObject({ sort_field: 'n_uses', sort_order: 'DESC' }),
    );
    await user.click(screen.getByRole('button', { name: 'Ordem decrescente' }));
    await waitFor(() =>
      expect(api.reads(LIST).at(-1)!.query).toMatchObject({ sort_field: 'n_uses', sort_order: 'ASC' }),
    );
    expect(screen.getByRole('button', { name: 'Ordem crescente' })).toBeInTheDocument();
  });
});

describe('Fidelidade: the program’s details (/loyalty-programs/details)', () => {
  const consumption = () => screen.getByRole('textbox', { name: /Valor de consumo para resgate/ });
  const discount = () => screen.getByRole('textbox', { name: /Percentual de benefício/ });
  const save = () => screen.getByRole('button', { name: 'Salvar' });

  it('shows the figures: active users, consumption, benefit, redemptions and the top customer', async () => {
    fakeApi();
    renderAt('/loyalty-programs/details', 'MANAGER');
    const figure = async (name: string) => (await screen.findByRole('region', { name })).textContent;
    expect(await figure('Total de usuários ativos')).toBe('Total de usuários ativos1.234');
    expect(await figure('Valor de consumo para resgate')).toBe('Valor de consumo para resgateR$ 500,00');
    expect(await figure('Percentual de benefício')).toBe('Percentual de benefício10%');
    expect(await figure('Total de resgates')).toBe('Total de resgates57');
    expect(await figure('Cliente com mais resgates')).toContain('Ana Souza@anasouza · 3 resgates');
    expect(consumption()).toHaveValue('500,00');
    expect(discount()).toHaveValue('10');
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked();
  });

  it("reads 'nenhum' when nobody has redeemed yet", async () => {
    fakeApi({ program: { ...PROGRAM, n_uses: 0, top_customer: null } });
    renderAt('/loyalty-programs/details', 'MANAGER');
    const top = await screen.findByRole('region', { name: 'Cliente com mais resgates' });
    expect(within(top).getByText('nenhum')).toBeInTheDocument();
  });

  it('keeps digits only in both inputs: the consumption fills its cents from the right', async () => {
    fakeApi();
    const { user } = renderAt('/loyalty-programs/details', 'MANAGER');
    await screen.findByRole('region', { name: 'Total de usuários ativos' });
    await user.clear(consumption());
    await user.type(consumption(), '3a5.0-0,0');
    expect(consumption()).toHaveValue('350,00');
    await user.type(consumption(), '0');
    expect(consumption()).toHaveValue('3.500,00');

    await user.clear(discount());
    await user.type(discount(), '1x5%');
    expect(discount()).toHaveValue('15');
  });

  it('refuses what the program cannot be, under each input, and sends nothing', async () => {
    const api = fakeApi();
    const { user } = renderAt('/loyalty-programs/details', 'MANAGER');
    await screen.findByRole('region', { name: 'Total de usuários ativos' });
    await user.clear(consumption());
    await user.clear(discount());
    await user.type(discount(), '0');
    await user.click(save());
    await waitFor(() => expect(messageOf(consumption())).toBe(LOYALTY_MESSAGES.consumptionRequired));
    expect(messageOf(discount())).toBe(LOYALTY_MESSAGES.discountRange);

    await user.type(consumption(), '0');
    await user.clear(discount());
    await user.type(discount(), '101');
    await user.click(save());
    await waitFor(() => expect(messageOf(consumption())).toBe(LOYALTY_MESSAGES.consumptionPositive));
    expect(messageOf(discount())).toBe(LOYALTY_MESSAGES.discountRange);
    expect(api.saves()).toHaveLength(0);
  });

  it('saves the consumption, the discount and the switch, then shows what the server saved', async () => {
    const api = fakeApi();
    const { user } = renderAt('/loyalty-programs/details', 'MANAGER');
    await screen.findByRole('region', { name: 'Total de usuários ativos' });
    await user.clear(consumption());
    await user.type(consumption(), '35000');
    await user.clear(discount());
    await user.type(discount(), '15');
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    expect(screen.getByRole('switch', { name: 'Desativado' })).not.toBeChecked();
    await user.click(save());

    expect(await screen.findByText(LOYALTY_MESSAGES.saved)).toBeInTheDocument();
    expect(api.saves()).toEqual([
      {
        method: 'PATCH',
        path: READ,
        query: {},
        body: { consumption: 35000, discount: 15, active: false },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Percentual de benefício' })).toHaveTextContent('15%'),
    );
    expect(screen.getByRole('region', { name: 'Valor de consumo para resgate' })).toHaveTextContent(
      'R$ 350,00',
    );
    expect(discount()).toHaveValue('15');
  });

  it('creates the program of a store that has none on its first save', async () => {
    const api = fakeApi({
      program: { ...PROGRAM, id: null, consumption: null, discount: null, active: false, updated_at: null },
    });
    const { user } = renderAt('/loyalty-programs/details', 'MANAGER');
    expect(await screen.findByText(LOYALTY_MESSAGES.notCreated)).toBeInTheDocument();
    expect(consumption()).toHaveValue('');
    expect(discount()).toHaveValue('');
    expect(screen.getByRole('region', { name: 'Valor de consumo para resgate' })).toHaveTextContent('—');
    await user.type(consumption(), '20000');
    await user.type(discount(), '5');
    await user.click(screen.getByRole('switch', { name: 'Desativado' }));
    await user.click(save());
    expect(await screen.findByText(LOYALTY_MESSAGES.created)).toBeInTheDocument();
    expect(api.saves()[0]!.body).toEqual({ consumption: 20000, discount: 5, active: true });
    await waitFor(() => expect(screen.queryByText(LOYALTY_MESSAGES.notCreated)).not.toBeInTheDocument());
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    fakeApi({ refusal: { status: 403, message: 'Acesso restrito aos gerentes do restaurante.' } });
    const { user } = renderAt('/loyalty-programs/details', 'MANAGER');
    await screen.findByRole('region', { name: 'Total de usuários ativos' });
    await user.clear(discount());
    await user.type(discount(), '20');
    await user.click(save());
    expect(await screen.findByText('Acesso restrito aos gerentes do restaurante.')).toBeInTheDocument();
    expect(discount()).toHaveValue('20');
    expect(screen.getByRole('region', { name: 'Percentual de benefício' })).toHaveTextContent('10%');
  });

  it('tells a role without "Fidelidade" (a waiter, by default) so, and asks the API nothing', async () => {
    const api = fakeApi();
    renderSignedIn('WAITER', '/loyalty-programs/details', {
      '/loyalty-programs/details': (
        <RequirePermission permission="loyalty">
          <LoyaltyDetails />
        </RequirePermission>
      ),
    });
    expect(
      await screen.findByText(
        'Sua função não tem a permissão "Fidelidade". Peça a um gerente do restaurante.',
      ),
    ).toBeInTheDocument();
    expect(api.reads(READ)).toEqual([]);
  });

  it("reads and saves an administrator's chosen restaurant", async () => {
    localStorage.setItem(BOARD_SETTINGS.store, '7');
    const api = fakeApi();
    const { user } = renderAt('/loyalty-programs/details', 'ADMIN');
    await screen.findByRole('region', { name: 'Total de usuários ativos' });
    expect(api.reads(READ)[0]!.query).toEqual({ store_id: '7' });
    await user.clear(discount());
    await user.type(discount(), '12');
    await user.click(save());
    expect(await screen.findByText(LOYALTY_MESSAGES.saved)).toBeInTheDocument();
    expect(api.saves()[0]!.body).toEqual({ consumption: 50000, discount: 12, active: true, store_id: 7 });
  });
});
