import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { DAY_RANGE_INVALID } from '../../contract/lib/fields';
import type { Order, OrderRow } from '../../contract/resources/tabs/definition';
import overrides from '../../src/resources/tabs/overrides';
import { tabs } from '../../contract/resources/tabs/definition';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { belowLg, renderScreen } from './renderScreen';

// The modal reads one tab through useApi, which calls the app's httpClient: the test's fake
// client answers those calls too, so every request the screen makes is recorded in one place.
const api = vi.hoisted(() => ({ http: undefined as HttpClient | undefined }));
vi.mock('../../src/dataProvider/httpClient', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/dataProvider/httpClient')>();
  return { ...actual, httpClient: ((path, request) => api.http!(path, request)) as HttpClient };
});

const INCLUDE = { include: 'payments,coupons,birthdays,checkins' };

const ROWS: OrderRow[] = [
  {
    id: 41,
    store_id: 2,
    table_number: 7,
    order_type: 'INDOOR',
    status: 'OPENED',
    payment_status: 'PARTIALLY_PAID',
    n_customers: 2,
    total: 250000,
    total_paid: 123456,
    created_at: '2026-03-06T23:05:00.000Z', // 20:05 in São Paulo
    closed_at: null,
  },
  {
    id: 40,
    store_id: 2,
    table_number: null,
    order_type: 'DELIVERY',
    status: 'CLOSED',
    payment_status: 'PAID',
    n_customers: 1,
    total: 4590,
    total_paid: 4590,
    created_at: '2026-03-05T15:30:00.000Z',
    closed_at: '2026-03-05T16:10:00.000Z',
  },
];

const item = (id: number, name: string, price: number, quantity = 1) => ({
  id,
  product_id: id,
  name,
  thumbnail: null,
  status: 'READY' as const,
  product_price: price,
  quantity,
  complements: [],
  observations: null,
  created_at: '2026-03-06T23:10:00.000Z',
});

const customer = (id: number, fullname: string, username: string) => ({
  id,
  fullname,
  username,
  profile_picture: null,
  birthday: false,
  checkins: 3,
});

const TAB: Order = {
  id: 41,
  store_id: 2,
  table_id: 12,
  table_number: 7,
  order_type: 'INDOOR',
  status: 'OPENED',
  payment_status: 'PARTIALLY_PAID',
  subtotal: 227273,
  service_charge: 22727,
  discount: 0,
  total: 250000,
  total_paid: 123456,
  created_at: '2026-03-06T23:05:00.000Z',
  closed_at: null,
  waiter_requested: false,
  waiter_requested_at: null,
  waiter_requester: null,
  birthdays: [],
  tickets: [
    {
      id: 1,
      order_id: 41,
      customer_id: 5,
      guest: null,
      customer: customer(5, 'Ana Souza', 'anasouza'),
      subtotal: 9180,
      service_charge: 918,
      service_removed_reason: null,
      discount: 0,
      total: 10098,
      total_paid: 10098,
      payment_status: 'PAID',
      created_at: '2026-03-06T23:05:00.000Z',
      held: [],
      items: [item(1, 'Lasanha à bolonhesa', 4590, 2)],
      payments: [],
      coupons: [],
    },
    {
      id: 2,
      order_id: 41,
      customer_id: 6,
      guest: null,
      customer: customer(6, 'Bruno Lima', 'brunolima'),
      subtotal: 218093,
      service_charge: 21809,
      service_removed_reason: null,
      discount: 0,
      total: 239902,
      total_paid: 113358,
      payment_status: 'PARTIALLY_PAID',
      created_at: '2026-03-06T23:06:00.000Z',
      held: [],
      items: [item(2, 'Vinho tinto reserva', 218093)],
      payments: [],
      coupons: [],
    },
  ],
};

function renderList({ rows = ROWS, tab = Promise.resolve({ data: TAB }) as Promise<unknown> } = {}) {
  const http = vi.fn<HttpClient>(async (path) => {
    if (path === '/api/orders/search') return { data: { results: rows, total: rows.length } };
    if (path === '/api/orders/id/41') return tab;
    throw new HttpError('Comanda não encontrada.', 404);
  });
  api.http = http;
  const view = renderScreen(
    '/commands',
    {
      '/commands': <GeneratedList definition={tabs} overrides={overrides} />,
      '*': <p>Outra página</p>,
    },
    http,
  );
  return { ...view, http };
}

const listCalls = (http: ReturnType<typeof renderList>['http']) =>
  http.mock.calls.filter(([path]) => path === '/api/orders/search').map(([, request]) => request?.query);

/** Types a day into a react-admin DateInput as a browser's date field reports it. */
const typeDay = (label: string, day: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: day } });

describe('tabs list (/commands)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the tabs newest first, with the table, the date, the states and the money', async () => {
    const { http } = renderList();
    const row = (await screen.findByText('Mesa 7')).closest('tr')!;
    expect(listCalls(http)[0]).toEqual({
      page: 1,
      page_size: 25,
      sort_field: 'created_at',
      sort_order: 'DESC',
      search: undefined,
    });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Mesa',
      'Data',
      'Status',
      'Pagamento',
      'Clientes',
      'Total',
      'Total pago',
    ]);
    expect(within(row).getByText('06/03/2026 20:05')).toBeInTheDocument();
    expect(within(row).getByText('aberto')).toBeInTheDocument();
    expect(within(row).getByText('Parcialmente pago')).toBeInTheDocument();
    expect(within(row).getByText('R$ 2.500,00')).toBeInTheDocument();
    expect(within(row).getByText('R$ 1.234,56')).toHaveClass('MuiTableCell-alignRight');
    // The table reads as text, not as a number.
    expect(within(row).getByText('Mesa 7')).not.toHaveClass('MuiTableCell-alignRight');

    const delivery = screen.getByText('Delivery').closest('tr')!;
    expect(within(delivery).getByText('05/03/2026 12:30')).toBeInTheDocument();
    expect(within(delivery).getByText('fechado')).toBeInTheDocument();
    expect(within(delivery).getByText('Pago')).toBeInTheDocument();
    expect(within(delivery).getAllByText('R$ 45,90')).toHaveLength(2);
  });

  it("filters by status with the definition's choices (aberto / fechado)", async () => {
    const { user, http } = renderList();
    await screen.findByText('Mesa 7');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['aberto', 'fechado']),
    );
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'fechado' }));
    await waitFor(() =>
      expect(listCalls(http)).toContainEqual(expect.objectContaining({ status: 'CLOSED' })),
    );
  });

  it('sends the period as São Paulo days (start_at, end_at) and exports it too', async () => {
    const download = vi.fn(async () => ({ blob: new Blob(['\uFEFFMesa\r\n']), filename: 'comandas.csv' }));
    const http = vi.fn<HttpClient>(async () => ({ data: { results: ROWS, total: ROWS.length } }));
    api.http = http;
    const { user } = renderScreen(
      '/commands',
      { '/commands': <GeneratedList definition={tabs} overrides={overrides} /> },
      http,
      { download },
    );
    await screen.findByText('Mesa 7');
    typeDay('Data inicial', '2026-03-01');
    typeDay('Data final', '2026-03-31');
    await waitFor(() =>
      expect(listCalls(http as never)).toContainEqual({
        page: 1,
        page_size: 25,
        sort_field: 'created_at',
        sort_order: 'DESC',
        search: undefined,
        start_at: '2026-03-01',
        end_at: '2026-03-31',
      }),
    );

    URL.createObjectURL = vi.fn(() => 'blob:comandas');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith('/api/orders/search', {
        sort_field: 'created_at',
        sort_order: 'DESC',
        start_at: '2026-03-01',
        end_at: '2026-03-31',
        format: 'csv',
      }),
    );
  });

  it('says so when the start is after the end, and does not ask for that period', async () => {
    const { http } = renderList();
    await screen.findByText('Mesa 7');
    typeDay('Data final', '2026-03-01');
    await waitFor(() =>
      expect(listCalls(http)).toContainEqual(expect.objectContaining({ end_at: '2026-03-01' })),
    );
    const asked = listCalls(http).length;
    typeDay('Data inicial', '2026-03-10');
    expect(await screen.findByRole('alert')).toHaveTextContent(DAY_RANGE_INVALID);
    // Past the form's wait before it filters (500 ms), nothing was asked for.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(listCalls(http)).toHaveLength(asked);

    typeDay('Data inicial', '2026-02-20');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(listCalls(http)).toContainEqual(
        expect.objectContaining({ start_at: '2026-02-20', end_at: '2026-03-01' }),
      ),
    );
  });

  it("opens a tab's modal from its row: the table, each customer's items and the total paid", async () => {
    const { user, http, location } = renderList();
    await user.click(await screen.findByText('Mesa 7'));

    const dialog = await screen.findByRole('dialog', { name: 'Mesa 7' });
    expect(http).toHaveBeenCalledWith('/api/orders/id/41', { query: INCLUDE });
    expect(await within(dialog).findByText('Ana Souza')).toBeInTheDocument();
    const ana = within(dialog).getByRole('region', { name: 'Comanda de Ana Souza' });
    expect(within(ana).getByText('2× Lasanha à bolonhesa')).toBeInTheDocument();
    const bruno = within(dialog).getByRole('region', { name: 'Comanda de Bruno Lima' });
    expect(within(bruno).getByText('Vinho tinto reserva')).toBeInTheDocument();
    expect(within(dialog).getByText('Aberta em 06/03/2026 20:05 · 2 clientes')).toBeInTheDocument();
    expect(within(dialog).getByText('aberto')).toBeInTheDocument();
    expect(within(dialog).getByText('Parcialmente pago')).toBeInTheDocument();
    expect(within(dialog).getByText('Total pago').parentElement).toHaveTextContent('R$ 1.234,56');
    expect(location()?.pathname).toBe('/commands');

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a tab from the keyboard: a focused row and Enter', async () => {
    const { user } = renderList();
    const row = (await screen.findByText('Mesa 7')).closest('tr')!;
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Mesa 7' })).toBeInTheDocument();
  });

  it('shows a loading state, then the error message when the tab cannot be read', async () => {
    let fail: (error: Error) => void = () => {};
    const { user } = renderList({ tab: new Promise((_, reject) => (fail = reject)) });
    await user.click(await screen.findByText('Mesa 7'));
    const dialog = await screen.findByRole('dialog', { name: 'Mesa 7' });
    expect(within(dialog).getByRole('progressbar', { name: 'Carregando a comanda' })).toBeInTheDocument();
    fail(new HttpError('Falhou', 500));
    expect(
      await within(dialog).findByText('Ocorreu um erro ao tentar carregar as informações dessa página'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('says when there is no tab at all', async () => {
    renderList({ rows: [] });
    expect(await screen.findByText('Nenhuma comanda encontrada.')).toBeInTheDocument();
  });

  describe('on a tablet beside the menu', () => {
    let restore = () => {};
    afterEach(() => restore());

    it('shows one line per tab, which opens its modal', async () => {
      restore = belowLg();
      const { user } = renderList();
      const line = await screen.findByText('Mesa 7 · aberto');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByText('06/03/2026 20:05 · Parcialmente pago')).toBeInTheDocument();
      expect(screen.getByText('Pago R$ 1.234,56')).toBeInTheDocument();
      expect(screen.getByText('Delivery · fechado')).toBeInTheDocument();
      await user.click(line);
      expect(await screen.findByRole('dialog', { name: 'Mesa 7' })).toBeInTheDocument();
    });
  });
});
