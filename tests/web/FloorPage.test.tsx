import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient, Request } from '../../src/dataProvider/httpClient';
import type { Order } from '../../contract/resources/tabs/definition';
import type { Table } from '../../contract/resources/floor/definition';
import { FloorPage } from '../../src/resources/floor/FloorPage';
import { outbox } from '../../src/offline/instance';
import { OFFLINE_WORDS } from '../../src/offline/words';
import { renderScreen } from './renderScreen';
import { brCode, pixTxid } from '../../contract/resources/tabs/pix';
import type { SharesOnWire as SharesOfTab } from '../../contract/resources/tabs/shares';
import { equalShares, splitByItems } from '../../contract/resources/tabs/split';

afterEach(() => {
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function ticket(id: number, fullname: string, over: Partial<Order['tickets'][number]> = {}) {
  return {
    id,
    order_id: 40,
    customer_id: id * 10,
    guest: null,
    customer: {
      id: id * 10,
      fullname,
      username: fullname.toLowerCase().replace(/\s+/g, '.'),
      profile_picture: null,
      birthday: false,
      checkins: 3,
    },
    subtotal: 5000,
    service_charge: 500,
    service_removed_reason: null,
    discount: 0,
    total: 5500,
    total_paid: 0,
    payment_status: 'OPEN' as const,
    created_at: minutesAgo(30),
    held: [],
    items: [
      {
        id: id * 100,
        product_id: 7,
        name: 'Risoto de cogumelos',
        thumbnail: null,
        status: 'PREPARING' as const,
        product_price: 2500,
        quantity: 1,
        complements: [],
        observations: null,
        created_at: minutesAgo(25),
      },
      {
        id: id * 100 + 1,
        product_id: 7,
        name: 'Risoto de cogumelos',
        thumbnail: null,
        status: 'PREPARING' as const,
        product_price: 2500,
        quantity: 1,
        complements: [],
        observations: null,
        created_at: minutesAgo(20),
      },
    ],
    payments: [],
    coupons: [],
    ...over,
  };
}

/** What the kitchen still works on: the items ordered (PLACED) or being prepared. */
const cooking = (order: Order) =>
  order.tickets.flatMap((t) => t.items).filter((i) => i.status === 'PLACED' || i.status === 'PREPARING');

/**
 * A small floor the fake server holds: table 5 with an open tab (two customers, a birthday, a
 * waiter call), table 6 free, table 7 taken and paid. The floor's polls go through fetch (with
 * their validators); its actions through the dataProvider's client. Both read and change this.
 * With `kitchen`, it refuses to settle a tab while its kitchen works on anything, as the API does.
 */
function fakeServer({ kitchen = false } = {}) {
  let version = 1;
  const order: Order = {
    id: 40,
    store_id: 2,
    table_id: 1,
    table_number: 5,
    order_type: 'INDOOR',
    status: 'OPENED',
    payment_status: 'OPEN',
    subtotal: 10_000,
    service_charge: 1000,
    discount: 0,
    total: 11_000,
    total_paid: 0,
    created_at: minutesAgo(30),
    closed_at: null,
    waiter_requested: true,
    waiter_requested_at: minutesAgo(4),
    waiter_requester: { id: 20, fullname: 'Bruno Lima', username: 'bruno.lima', profile_picture: null },
    birthdays: [{ customer_id: 10, fullname: 'Ana Souza' }],
    tickets: [
      ticket(1, 'Ana Souza', { customer: { ...ticket(1, 'Ana Souza').customer, birthday: true } }),
      ticket(2, 'Bruno Lima'),
    ],
  };
  // Table 7's tab: paid in full by the app, waiting to be closed.
  const paidTab: Order = {
    ...order,
    id: 41,
    table_id: 3,
    table_number: 7,
    payment_status: 'PAID',
    total_paid: 11_000,
    waiter_requested: false,
    waiter_requested_at: null,
    waiter_requester: null,
    birthdays: [],
    tickets: [
      ticket(3, 'Carla Dias', {
        order_id: 41,
        items: ticket(3, 'Carla Dias').items.map((item) => ({ ...item, status: 'READY' as const })),
        total: 11_000,
        total_paid: 11_000,
        payment_status: 'PAID',
        payments: [
          {
            id: 95,
            customer_id: 30,
            kind: 'DIGITAL',
            method: 'PIX',
            amount: 11_000,
            created_at: minutesAgo(3),
          },
        ],
      }),
    ],
  };
  const summary = () => ({
    id: order.id,
    status: order.status,
    payment_status: order.payment_status,
    subtotal: order.subtotal,
    total: order.total,
    total_paid: order.total_paid,
    created_at: order.created_at,
    waiter_requested: order.waiter_requested,
    in_kitchen: cooking(order).length,
    held: order.tickets.reduce((sum, t) => sum + t.held.length, 0),
    birthdays: order.birthdays!,
  });
  const tables: Table[] = [
    {
      id: 1,
      store_id: 2,
      number: 5,
      name: 'Mesa 5',
      status: 'OCCUPIED',
      order_id: 40,
      order: summary(),
      token: 'c0ffee'.repeat(6),
      created_at: minutesAgo(900),
    },
    {
      id: 2,
      store_id: 2,
      number: 6,
      name: 'Mesa 6',
      status: 'AVAILABLE',
      order_id: null,
      order: null,
      token: 'c0ffee'.repeat(6),
      created_at: minutesAgo(900),
    },
    {
      id: 3,
      store_id: 2,
      number: 7,
      name: 'Mesa 7',
      status: 'OCCUPIED',
      order_id: 41,
      order: {
        ...summary(),
        id: 41,
        payment_status: 'PAID',
        total_paid: 11_000,
        waiter_requested: false,
        in_kitchen: 0,
        held: 0,
        birthdays: [],
      },
      token: 'c0ffee'.repeat(6),
      created_at: minutesAgo(900),
    },
  ];
  const shares: SharesOfTab['shares'] = [];
  const sync = () => {
    const table = tables[0]!;
    table.order = order.status === 'OPENED' && order.table_id === table.id ? summary() : null;
    table.order_id = table.order?.id ?? null;
    version++;
  };
  const polls: { url: string; ifNoneMatch: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const ifNoneMatch = new Headers(init?.headers).get('If-None-Match');
    polls.push({ url, ifNoneMatch });
    const etag = `W/"v${version}"`;
    if (ifNoneMatch === etag) return new Response(null, { status: 304 });
    const body = url.includes('/api/orders/id/40')
      ? { data: order }
      : url.includes('/api/orders/id/41')
        ? { data: paidTab }
        : url.includes('/api/tables')
          ? { data: { results: tables, total: tables.length } }
          : { data: {} };
    return new Response(JSON.stringify(body), {
      headers: { 'Content-Type': 'application/json', ETag: etag },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  const http = vi.fn<HttpClient>(async (path: string, request?: Request) => {
    const body = (request?.body ?? {}) as Record<string, unknown>;
    const pix = /^\/api\/orders\/id\/40\/tickets\/(\d+)\/pix$/.exec(path);
    if (pix) {
      const owing = order.tickets.find((t) => t.id === Number(pix[1]))!;
      const amount = owing.total - owing.total_paid;
      const txid = pixTxid(40, owing.id);
      const code = brCode({
        key: 'pix@cantinabella.com.br',
        keyType: 'EMAIL',
        name: 'Cantina Bella',
        city: 'São Paulo',
        amount,
        txid,
      });
      return {
        data: {
          order_id: 40,
          ticket_id: owing.id,
          amount,
          code,
          key: 'pix@cantinabella.com.br',
          key_type: 'EMAIL',
          txid,
          dynamic: false,
        },
      };
    }
    // The store's stations: the bar's has a network printer.
    if (path.startsWith('/api/kitchens')) {
      return {
        data: {
          results: [
            {
              id: 7,
              store_id: 2,
              name: 'Bar',
              available: true,
              printer: '192.168.0.60:9100',
              printer_fallback: null,
              paper_width: 80,
              auto_print: true,
              n_products: 3,
              created_at: '2026-01-10T12:00:00.000Z',
              updated_at: '2026-01-10T12:00:00.000Z',
            },
          ],
          total: 1,
        },
      };
    }
    if (path === '/api/orders/id/40/prebill') return { data: { id: 1, kitchen: 'Bar' } };
    if (path === '/api/payments/id/91/receipt') return { data: { id: 2, kitchen: 'Bar' } };
    // The split bill: equal parts of what no share holds, each paid once.
    if (path.startsWith('/api/orders/id/40/shares')) {
      const paying = /\/shares\/(\d+)\/pay$/.exec(path);
      const owed = () => order.total - order.total_paid;
      const held = () =>
        shares.filter((share) => share.status === 'OPEN').reduce((sum, share) => sum + share.amount, 0);
      if (paying) {
        const share = shares.find((candidate) => candidate.id === Number(paying[1]))!;
        Object.assign(share, { status: 'PAID', method: body.method, paid_at: minutesAgo(0) });
        order.total_paid += share.amount;
        sync();
      } else if (request?.method === 'POST' && body.mode === 'items') {
        // Every risotto here comes to R$ 27,50 of its guest's bill (R$ 25 and the 10 %).
        const lines = body.lines as { item_id: number; payers: number[] }[];
        const payers = body.payers as string[];
        splitByItems(
          lines.map((line) => ({ amount: 2_750, payers: line.payers.map(String) })),
          payers.map((_, index) => String(index)),
          0,
        ).forEach((part, index) =>
          shares.push({
            id: shares.length + 1,
            order_id: 40,
            label: payers[index]!,
            amount: part.total,
            status: 'OPEN',
            method: null,
            paid_at: null,
            item_ids: lines.filter((line) => line.payers.includes(index)).map((line) => line.item_id),
            created_at: minutesAgo(0),
          }),
        );
      } else if (request?.method === 'POST') {
        const parts = body.parts as number;
        equalShares(owed() - held(), parts).forEach((amount, index) =>
          shares.push({
            id: shares.length + 1,
            order_id: 40,
            label: `Parte ${index + 1} de ${parts}`,
            amount,
            status: 'OPEN',
            method: null,
            paid_at: null,
            item_ids: [],
            created_at: minutesAgo(0),
          }),
        );
      }
      return { data: { shares, owed: owed(), unassigned: owed() - held() } };
    }
    const service = /^\/api\/orders\/id\/40\/tickets\/(\d+)\/service$/.exec(path);
    if (service) {
      const bill = order.tickets.find((t) => t.id === Number(service[1]))!;
      const rate = Math.round(bill.subtotal / 10);
      bill.service_removed_reason = body.charged ? null : (body.reason as string);
      bill.service_charge = body.charged ? rate : 0;
      bill.total = bill.subtotal + bill.service_charge - bill.discount;
      sync();
      return { data: order };
    }
    if (path === '/api/orders/id/40/waiter/dismiss') {
      order.waiter_requested = false;
      order.waiter_requester = null;
    } else if (path === '/api/payments/physical') {
      const paid = order.tickets.find((t) => t.id === body.ticket_id)!;
      paid.total_paid = paid.total;
      paid.payment_status = 'PAID';
      order.total_paid += paid.total;
      order.payment_status = 'PARTIALLY_PAID';
    } else if (path === '/api/orders/id/40' && request?.method === 'PATCH') {
      const left = cooking(order);
      if (kitchen && left.length > 0) {
        throw new Error(
          `A comanda ainda tem ${left.length} itens na cozinha: ${left.map((i) => i.name).join(', ')}. Marque-os como prontos ou cancele-os antes de fechar a comanda.`,
        );
      }
      order.status = 'CLOSED';
      order.payment_status = 'PAID';
    } else if (/^\/api\/orders\/items\/id\/\d+(\/status)?$/.test(path)) {
      const item = order.tickets.flatMap((t) => t.items).find((i) => i.id === Number(path.split('/')[5]))!;
      item.status = request?.method === 'DELETE' ? 'CANCELLED' : (body.status as 'READY');
    } else if (/^\/api\/tables\/id\/\d+\/status\/AVAILABLE$/.test(path)) {
      const table = tables.find((t) => t.id === Number(path.split('/')[4]))!;
      if (table.order && table.order.id !== 41 && order.status === 'OPENED') throw new Error('ainda aberta');
      table.status = 'AVAILABLE';
      table.order = null;
      table.order_id = null;
      version++;
      return { data: table };
    } else if (path === '/api/orders/id/40/move') {
      order.table_id = body.table_id as number;
      tables[1]!.status = 'OCCUPIED';
      tables[1]!.order = summary();
      tables[0]!.status = 'AVAILABLE';
      sync();
      return { data: { ...order, undo: { token: 'desfaz-transferencia' } } };
    } else if (path === '/api/orders/id/40/move/undo') {
      order.table_id = 1;
      tables[1]!.status = 'AVAILABLE';
      tables[1]!.order = null;
      tables[0]!.status = 'OCCUPIED';
    } else if (path === '/api/orders/id/40/merge') {
      return { data: { ...order, id: 41, undo: { token: 'desfaz-juncao' } } };
    } else if (path === '/api/orders/id/41/merge/undo') {
      return { data: order };
    } else if (path === '/api/orders/id/40/held/approve' || path === '/api/orders/id/40/held/reject') {
      const ids = body.item_ids as number[];
      for (const t of order.tickets) {
        const decided = t.held.filter((item) => ids.includes(item.id));
        t.held = t.held.filter((item) => !ids.includes(item.id));
        if (path.endsWith('/approve'))
          t.items.push(...decided.map((item) => ({ ...item, status: 'PLACED' as const })));
      }
    } else if (path.startsWith('/api/payments/id/') && request?.method === 'DELETE') {
      for (const ticket of order.tickets) {
        ticket.payments = (ticket.payments ?? []).filter((p) => p.id !== Number(path.split('/').at(-1)));
      }
    }
    sync();
    return { data: order };
  });
  return { http, polls, order, tables };
}

function renderFloor(tweak?: (order: Order, tables: Table[]) => void, options?: { kitchen?: boolean }) {
  const server = fakeServer(options);
  tweak?.(server.order, server.tables);
  const view = renderScreen('/hall', { '/hall': <FloorPage />, '*': <p>Outra página</p> }, server.http);
  return { ...view, ...server };
}

const card = (number: number) => screen.getByRole('button', { name: new RegExp(`^Mesa ${number} `) });

/** An item a guest ordered from the table's QR code, waiting for the staff (SAVED until approved). */
function heldItem(id: number, name: string, over: Partial<Order['tickets'][number]['held'][number]> = {}) {
  return {
    id,
    product_id: id,
    name,
    thumbnail: null,
    status: 'SAVED' as const,
    product_price: 1800,
    quantity: 1,
    complements: [],
    observations: null,
    created_at: minutesAgo(1),
    ...over,
  };
}

/** Marina, who sat at table 5 and ordered from its QR code: her order waits for the staff's approval. */
const withQrGuest = (order: Order, tables: Table[]) => {
  const marina = ticket(3, 'Marina Costa');
  order.tickets.push({
    ...marina,
    customer_id: null,
    guest: { name: 'Marina Costa', phone: null, qr: true },
    customer: { ...marina.customer, id: null, username: '', checkins: undefined },
    subtotal: 0,
    service_charge: 0,
    service_removed_reason: null,
    total: 0,
    items: [],
    held: [
      heldItem(501, 'Caipirinha', {
        complements: [{ name: 'Limão', price: 0, quantity: 1 }],
        observations: 'Pouco açúcar',
      }),
      heldItem(502, 'Pastel de queijo', { quantity: 2, product_price: 900 }),
    ],
  });
  tables[0]!.order = { ...tables[0]!.order!, held: 2 };
};

describe('the floor (/hall)', () => {
  it('shows every table with its indicators, the occupied count and the legend', async () => {
    renderFloor();
    await screen.findByRole('button', {
      name: 'Mesa 5 Ocupada R$ 110,00 30 min Em aberto Aniversário Garçom chamado',
    });
    expect(screen.getByRole('button', { name: 'Mesa 6 Livre' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mesa 7 Ocupada R$ 110,00 30 min Pago' })).toBeInTheDocument();
    expect(screen.getByTestId('occupied-count')).toHaveTextContent('2 de 3');
    const legend = screen.getByRole('list', { name: 'Legenda' });
    for (const words of [
      'Livre',
      'Ocupada',
      'Pago',
      'Em aberto',
      'Aniversário',
      'Garçom chamado',
      'Pedido aguardando aprovação',
    ]) {
      expect(within(legend).getByText(words)).toBeInTheDocument();
    }
    expect(within(card(5)).getByText('R$ 110,00')).toBeInTheDocument();
    expect(within(card(5)).getByText('30 min')).toBeInTheDocument();
  });

  it('polls the tables with the validator it holds, and keeps the screen as it is on a 304', async () => {
    const { polls } = renderFloor();
    await screen.findByRole('button', { name: /^Mesa 5 / });
    await waitFor(() => expect(polls.filter((p) => p.url.includes('/api/tables')).length).toBeGreaterThan(1));
    const tablePolls = polls.filter((p) => p.url.includes('/api/tables'));
    expect(tablePolls[0]!.ifNoneMatch).toBeNull();
    expect(tablePolls[1]!.ifNoneMatch).toBe('W/"v1"');
    expect(tablePolls[0]!.url).toContain('/api/tables?page_size=500&sort_field=number&sort_order=ASC');
    expect(card(5)).toBeInTheDocument();
  });

  it("opens a table's tab: a card per customer, the birthday ribbon, items with their count, the totals", async () => {
    const { user } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const panel = await screen.findByRole('region', { name: 'Mesa 5' });
    const ana = await within(panel).findByRole('region', { name: 'Comanda de Ana Souza' });
    expect(within(ana).getByText('Aniversariante do dia')).toBeInTheDocument();
    expect(within(ana).getByText('@ana.souza · 3 visitas')).toBeInTheDocument();
    expect(within(ana).getByText('2× Risoto de cogumelos')).toBeInTheDocument();
    expect(within(ana).getByText('Preparando')).toBeInTheDocument();
    expect(ana).toHaveAttribute('data-payment-status', 'OPEN');
    const bruno = within(panel).getByRole('region', { name: 'Comanda de Bruno Lima' });
    expect(within(bruno).queryByText('Aniversariante do dia')).not.toBeInTheDocument();
    expect(within(panel).getByText('Bruno Lima chamou o garçom há 4 min')).toBeInTheDocument();
    expect(within(panel).getByText('R$ 110,00', { selector: 'p' })).toBeInTheDocument();
  });

  it("releases the waiter with 'Garçom liberado!'", async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await user.click(await screen.findByRole('button', { name: 'Liberar garçom' }));
    await screen.findByText('Garçom liberado!');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/waiter/dismiss', { method: 'POST', body: {} });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Liberar garçom' })).not.toBeInTheDocument(),
    );
  });

  it("offline: 'Dar baixa' waits in the outbox, shown paid, and goes once the connection is back; the waiter's release needs the connection", async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const ana = await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    act(() => void window.dispatchEvent(new Event('offline')));

    await user.click(screen.getByRole('button', { name: 'Liberar garçom' }));
    await screen.findByText(OFFLINE_WORDS.needsConnection);
    expect(http).not.toHaveBeenCalledWith('/api/orders/id/40/waiter/dismiss', expect.anything());

    await user.click(within(ana).getByRole('button', { name: 'Dar baixa · R$ 55,00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar baixa na comanda de Ana Souza?' });
    await user.click(within(dialog).getByRole('combobox', { name: /Forma de pagamento/ }));
    await user.click(await screen.findByRole('option', { name: 'Dinheiro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Dar baixa' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(within(ana).getByRole('button', { name: 'Comanda paga' })).toBeDisabled();
    expect(outbox.snapshot().entries).toMatchObject([
      { label: 'Dar baixa na mesa 5: R$ 55,00 de Ana Souza', state: 'pending' },
    ]);
    expect(http).not.toHaveBeenCalledWith('/api/payments/physical', expect.anything());

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(outbox.snapshot().entries).toEqual([]));
    expect(http).toHaveBeenCalledWith('/api/payments/physical', {
      method: 'POST',
      body: { order_id: 40, ticket_id: 1, amount: 5500, method: 'CASH' },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
  });

  it("'Dar baixa' posts the ticket's balance as a physical payment, after a confirmation", async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const ana = await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    await user.click(within(ana).getByRole('button', { name: 'Dar baixa · R$ 55,00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar baixa na comanda de Ana Souza?' });
    expect(within(dialog).getByText('R$ 55,00')).toBeInTheDocument();
    // No method is chosen for the staff: without one, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Dar baixa' }));
    expect(await within(dialog).findByText('Escolha a forma de pagamento.')).toBeInTheDocument();
    expect(http).not.toHaveBeenCalledWith('/api/payments/physical', expect.anything());
    await user.click(within(dialog).getByRole('combobox', { name: /Forma de pagamento/ }));
    await user.click(await screen.findByRole('option', { name: 'Dinheiro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Dar baixa' }));
    await screen.findByText('Baixa dada na comanda!');
    // Through the outbox, with the key that makes a retry harmless.
    expect(http).toHaveBeenCalledWith('/api/payments/physical', {
      method: 'POST',
      body: { order_id: 40, ticket_id: 1, amount: 5500, method: 'CASH' },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Comanda de Ana Souza' })).toHaveAttribute(
        'data-payment-status',
        'PAID',
      ),
    );
    expect(
      within(screen.getByRole('region', { name: 'Comanda de Ana Souza' })).getByRole('button', {
        name: 'Comanda paga',
      }),
    ).toBeDisabled();
  });

  it("'Dar baixa' by Pix shows the guest's code, as a QR code and to copy and paste, then books it", async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const ana = await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    await user.click(within(ana).getByRole('button', { name: 'Dar baixa · R$ 55,00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar baixa na comanda de Ana Souza?' });
    expect(within(dialog).queryByTestId('pix-charge')).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: /Forma de pagamento/ }));
    await user.click(await screen.findByRole('option', { name: 'Pix' }));
    expect(await within(dialog).findByRole('img', { name: 'QR code Pix de R$ 55,00' })).toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: 'Pix copia e cola' });
    expect((code as HTMLTextAreaElement).value).toMatch(
      /^000201.*br\.gov\.bcb\.pix.*540555\.00.*6304[0-9A-F]{4}$/,
    );
    expect(within(dialog).getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
    // Showing the code books nothing: the staff confirm once the money is in.
    expect(http).not.toHaveBeenCalledWith('/api/payments/physical', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Dar baixa' }));
    await screen.findByText('Baixa dada na comanda!');
    expect(http).toHaveBeenCalledWith('/api/payments/physical', {
      method: 'POST',
      body: { order_id: 40, ticket_id: 1, amount: 5500, method: 'PIX' },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
  });

  it("takes a guest's service charge off with the reason asked, shows why, and charges it again", async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const ana = await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    await user.click(within(ana).getByRole('button', { name: 'Retirar serviço · R$ 5,00' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Retirar o serviço de R$ 5,00 da comanda de Ana Souza?',
    });
    // No reason, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Retirar serviço' }));
    expect(await within(dialog).findByText('Informe o motivo.')).toBeInTheDocument();
    expect(http).not.toHaveBeenCalledWith('/api/orders/id/40/tickets/1/service', expect.anything());
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Demora no atendimento');
    await user.click(within(dialog).getByRole('button', { name: 'Retirar serviço' }));
    await screen.findByText('Serviço retirado da comanda.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/tickets/1/service', {
      method: 'POST',
      body: { charged: false, reason: 'Demora no atendimento' },
    });
    const after = await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    expect(await within(after).findByText('Serviço retirado: Demora no atendimento')).toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Dar baixa · R$ 50,00' })).toBeInTheDocument();

    await user.click(within(after).getByRole('button', { name: 'Cobrar serviço' }));
    await screen.findByText('Serviço cobrado de novo.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/tickets/1/service', {
      method: 'POST',
      body: { charged: true },
    });
    expect(
      await within(screen.getByRole('region', { name: 'Comanda de Ana Souza' })).findByRole('button', {
        name: 'Dar baixa · R$ 55,00',
      }),
    ).toBeInTheDocument();
  });

  it('prints the pre-bill: each guest with their items and balance, the totals, and the balance in equal shares', async () => {
    let printed = '';
    let sheets = 0;
    const print = vi.fn(() => {
      sheets = document.querySelectorAll('[data-testid="pre-bill"]').length;
      printed = document.querySelector('[data-testid="pre-bill"]')?.textContent ?? '';
    });
    vi.stubGlobal('print', print);
    const { user } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Imprimir conferência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir a conferência de conta' });
    const parts = within(dialog).getByRole('spinbutton', { name: 'Dividir por' });
    await user.clear(parts);
    await user.type(parts, '0');
    expect(within(dialog).getByText('De 1 a 20 partes.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Imprimir' })).toBeDisabled();
    await user.clear(parts);
    await user.type(parts, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(sheets).toBe(1);
    expect(printed).toContain('CONFERÊNCIA DE CONTA');
    expect(printed).toContain('Mesa 5');
    expect(printed).toMatch(
      /Ana Souza.*2× Risoto de cogumelos\s*R\$\s50,00.*Serviço\s*R\$\s5,00.*A pagar\s*R\$\s55,00/,
    );
    expect(printed).toMatch(/Total\s*R\$\s110,00.*Falta pagar\s*R\$\s110,00/);
    // R$ 110,00 by three, to the centavo.
    expect(printed).toMatch(
      /Dividido por 3\s*Parte 1\s*R\$\s36,67\s*Parte 2\s*R\$\s36,67\s*Parte 3\s*R\$\s36,66/,
    );
    // The sheet leaves the page once printed.
    await waitFor(() => expect(document.querySelector('[data-testid="pre-bill"]')).toBeNull());
  });

  it('splits what the tab owes in equal parts and takes one part by its own method', async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Dividir a conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dividir a conta' });
    expect(
      await within(dialog).findByText('Falta pagar R$ 110,00 · sem parte: R$ 110,00'),
    ).toBeInTheDocument();
    const parts = within(dialog).getByRole('spinbutton', { name: 'Dividir o que falta em' });
    await user.clear(parts);
    await user.type(parts, '3');
    expect(within(dialog).getByText('3 partes: R$ 36,67, R$ 36,67…')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dividir em partes iguais' }));
    await screen.findByText('Conta dividida.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/shares', {
      method: 'POST',
      body: { mode: 'equal', parts: 3 },
    });
    const list = within(dialog).getByRole('list', { name: 'Partes da conta' });
    expect(within(list).getAllByText(/^Parte \d de 3$/)).toHaveLength(3);
    expect(within(list).getByText('R$ 36,66')).toBeInTheDocument();

    // No method chosen: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Receber Parte 1 de 3' }));
    await screen.findByText('Escolha a forma de pagamento.');
    const first = within(list).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('combobox', { name: 'Forma de pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'Pix' }));
    await user.click(within(dialog).getByRole('button', { name: 'Receber Parte 1 de 3' }));
    await screen.findByText('Parte 1 de 3: pagamento recebido.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/shares/1/pay', {
      method: 'POST',
      body: { method: 'PIX' },
    });
    expect(await within(dialog).findByText('Paga · Pix')).toBeInTheDocument();
  });

  it('splits by item: a risotto shared by both guests, each one’s part shown before it is sent', async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Dividir a conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dividir a conta' });
    const byItem = await within(dialog).findByRole('region', { name: 'Dividir por item' });
    // Each item to its guest at first: the bill by guest.
    expect(within(byItem).getByText('Ana Souza: R$ 55,00 · Bruno Lima: R$ 55,00')).toBeInTheDocument();
    const groups = within(byItem).getAllByRole('group', { name: 'Quem paga 1× Risoto de cogumelos' });
    expect(groups).toHaveLength(4);
    // Ana's second risotto, shared with Bruno.
    await user.click(within(groups[1]!).getByRole('button', { name: 'Bruno Lima' }));
    expect(within(groups[1]!).getByRole('button', { name: 'Bruno Lima' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(byItem).getByText('Ana Souza: R$ 41,25 · Bruno Lima: R$ 68,75')).toBeInTheDocument();
    await user.click(within(byItem).getByRole('button', { name: 'Dividir por item' }));
    await screen.findByText('Conta dividida.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/shares', {
      method: 'POST',
      body: {
        mode: 'items',
        payers: ['Ana Souza', 'Bruno Lima'],
        lines: [
          { item_id: 100, payers: [0] },
          { item_id: 101, payers: [0, 1] },
          { item_id: 200, payers: [1] },
          { item_id: 201, payers: [1] },
        ],
      },
    });
    const list = within(dialog).getByRole('list', { name: 'Partes da conta' });
    expect(within(list).getByText('R$ 41,25')).toBeInTheDocument();
    expect(within(list).getByText('R$ 68,75')).toBeInTheDocument();
    // Every item is in a share now: nothing left to split by item.
    expect(within(dialog).queryByRole('region', { name: 'Dividir por item' })).not.toBeInTheDocument();
  });

  it("sends the pre-bill to a station's printer when one is chosen, and remembers the choice", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Imprimir conferência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir a conferência de conta' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Imprimir em' }));
    await user.click(await screen.findByRole('option', { name: 'Impressora de Bar' }));
    // The station's paper is the station's.
    expect(within(dialog).queryByRole('combobox', { name: 'Papel' })).not.toBeInTheDocument();
    const parts = within(dialog).getByRole('spinbutton', { name: 'Dividir por' });
    await user.clear(parts);
    await user.type(parts, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    await screen.findByText('Conferência enviada para a impressora de Bar.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/prebill', {
      method: 'POST',
      body: { shares: 2, kitchen_id: 7 },
    });
    expect(print).not.toHaveBeenCalled();
    expect(localStorage.getItem('painel.pre-bill-printer')).toBe('7');
    localStorage.removeItem('painel.pre-bill-printer');
  });

  it('releases a table whose tab still owes only with the method chosen and a reason, the amount shown', async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await user.click(await screen.findByRole('button', { name: 'Liberar mesa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tem certeza que deseja liberar a mesa 5?' });
    expect(within(dialog).getByText('R$ 110,00')).toBeInTheDocument();
    // Nothing chosen for the staff, and nothing sent until both are given.
    const method = within(dialog).getByRole('combobox', { name: /Forma de pagamento/ });
    expect(method).toHaveTextContent(/^\W*$/);
    const confirm = within(dialog).getByRole('button', { name: 'Receber R$ 110,00 e liberar' });
    await user.click(confirm);
    expect(await within(dialog).findByText('Escolha a forma de pagamento.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o motivo.')).toBeInTheDocument();
    expect(http).not.toHaveBeenCalled();
    await user.click(method);
    await user.click(await screen.findByRole('option', { name: 'Pix' }));
    await user.click(confirm);
    expect(http).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Pagou tudo no caixa');
    await user.click(confirm);
    await screen.findByText('Mesa liberada.');
    const calls = http.mock.calls.map(([path, request]) => [request?.method, path, request?.body]);
    expect(calls).toEqual([
      ['PATCH', '/api/orders/id/40', { settle: true, method: 'PIX', reason: 'Pagou tudo no caixa' }],
      ['PATCH', '/api/tables/id/1/status/AVAILABLE', {}],
    ]);
    await waitFor(() => expect(card(5)).toHaveAccessibleName('Mesa 5 Livre'));
  });

  it('releases a paid table with the spec’s { settle: true } alone', async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 7 / }));
    await user.click(await screen.findByRole('button', { name: 'Liberar mesa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tem certeza que deseja liberar a mesa 7?' });
    expect(within(dialog).queryByRole('combobox', { name: /Forma de pagamento/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Mesa liberada.');
    expect(http.mock.calls.map(([path, request]) => [request?.method, path, request?.body])).toEqual([
      ['PATCH', '/api/orders/id/41', { settle: true }],
      ['PATCH', '/api/tables/id/3/status/AVAILABLE', {}],
    ]);
  });

  it("'Liberar todas' releases only the tables that owe nothing, and lists the others with their balance", async () => {
    const { user, http } = renderFloor();
    await screen.findByRole('button', { name: /^Mesa 5 / });
    await user.click(screen.getByRole('button', { name: 'Liberar todas' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Tem certeza que deseja liberar todas as mesas?',
    });
    expect(within(dialog).getByText('Será liberada a mesa sem saldo em aberto: 7.')).toBeInTheDocument();
    const owing = within(dialog).getByRole('list', { name: 'Com saldo em aberto, para acertar uma a uma:' });
    expect(within(owing).getByRole('listitem')).toHaveTextContent('Mesa 5 · R$ 110,00');
    await user.click(within(dialog).getByRole('button', { name: 'Liberar 1 mesa' }));
    await screen.findByText('Mesas liberadas com sucesso');
    expect(http.mock.calls.map(([path, request]) => [request?.method, path, request?.body])).toEqual([
      ['PATCH', '/api/orders/id/41', { settle: true }],
      ['PATCH', '/api/tables/id/3/status/AVAILABLE', {}],
    ]);
    await waitFor(() => expect(card(5)).toHaveAccessibleName(/^Mesa 5 Ocupada/));
  });

  it("'Liberar todas' leads to a table that owes, to settle it on its own", async () => {
    const { user, http } = renderFloor();
    await screen.findByRole('button', { name: /^Mesa 5 / });
    await user.click(screen.getByRole('button', { name: 'Liberar todas' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Tem certeza que deseja liberar todas as mesas?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Acertar a mesa 5' }));
    await screen.findByRole('region', { name: 'Mesa 5' });
    expect(http).not.toHaveBeenCalled();
  });

  it("prints a payment's receipt from the browser, and on a station's printer when chosen", async () => {
    let printed = '';
    const print = vi.fn(() => {
      printed = document.querySelector('[data-testid="pre-bill"]')?.textContent ?? '';
    });
    vi.stubGlobal('print', print);
    const { user, http } = renderFloor((order) => {
      order.tickets[1]!.payments = [
        {
          id: 91,
          customer_id: 20,
          kind: 'PHYSICAL',
          method: 'CASH',
          amount: 2000,
          created_at: minutesAgo(10),
        },
      ];
      order.tickets[1]!.total_paid = 2000;
    });
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const bruno = await screen.findByRole('region', { name: 'Comanda de Bruno Lima' });
    await user.click(
      await within(bruno).findByRole('button', { name: 'Comprovante de R$ 20,00 em Dinheiro' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Imprimir o comprovante' });
    expect(within(dialog).getByText('R$ 20,00 em Dinheiro de Bruno Lima.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printed).toContain('COMPROVANTE DE PAGAMENTO');
    expect(printed).toContain('Não é documento fiscal');
    expect(printed).toContain('Bruno Lima');
    expect(printed).toMatch(/Dinheiro\s*R\$\s20,00/);
    // R$ 55,00 less the R$ 20,00.
    expect(printed).toMatch(/Falta pagar\s*R\$\s35,00/);

    // On the bar's printer, through the print queue.
    await user.click(
      await within(bruno).findByRole('button', { name: 'Comprovante de R$ 20,00 em Dinheiro' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Imprimir o comprovante' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Imprimir em' }));
    await user.click(await screen.findByRole('option', { name: 'Impressora de Bar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    await screen.findByText('Comprovante enviado para a impressora de Bar.');
    expect(http).toHaveBeenCalledWith('/api/payments/id/91/receipt', {
      method: 'POST',
      body: { kitchen_id: 7 },
    });
    expect(print).toHaveBeenCalledTimes(1);
    localStorage.removeItem('painel.pre-bill-printer');
  });

  it('takes back a payment received at the table, after asking why; an app payment stays', async () => {
    const { user, http } = renderFloor((order) => {
      order.tickets[1]!.payments = [
        {
          id: 91,
          customer_id: 20,
          kind: 'PHYSICAL',
          method: 'CASH',
          amount: 2000,
          created_at: minutesAgo(10),
        },
        { id: 92, customer_id: 20, kind: 'DIGITAL', method: 'PIX', amount: 1000, created_at: minutesAgo(5) },
      ];
    });
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const bruno = await screen.findByRole('region', { name: 'Comanda de Bruno Lima' });
    const payments = await within(bruno).findByRole('list', { name: 'Pagamentos' });
    expect(within(payments).getAllByRole('listitem')).toHaveLength(2);
    expect(within(payments).getAllByRole('button', { name: /^Remover/ })).toHaveLength(1);
    await user.click(
      within(payments).getByRole('button', { name: 'Remover o pagamento de R$ 20,00 em Dinheiro' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Remover o pagamento de R$ 20,00 em Dinheiro de Bruno Lima?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remover pagamento' }));
    expect(await within(dialog).findByText('Informe o motivo.')).toBeInTheDocument();
    expect(http).not.toHaveBeenCalled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo' }),
      'Baixa no cliente errado{Enter}',
    );
    await screen.findByText('Pagamento removido.');
    expect(http).toHaveBeenCalledWith('/api/payments/id/91', {
      method: 'DELETE',
      body: { reason: 'Baixa no cliente errado' },
    });
  });

  it('moves the tab to a free table after saying so, and follows it there', async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await user.click(await screen.findByRole('button', { name: 'Transferir' }));
    const picker = await screen.findByRole('dialog', { name: 'Transferir ou juntar a mesa 5' });
    await user.click(within(picker).getByRole('button', { name: 'Mesa 6, livre: transferir' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Transferir a comanda da mesa 5 para a mesa 6?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Transferir' }));
    await screen.findByText('Comanda transferida.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/move', { method: 'POST', body: { table_id: 2 } });
    await screen.findByRole('region', { name: 'Mesa 6' });

    // 'Desfazer' sends the move's token back, and the tab is shown at its old table again.
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await screen.findByText('Transferência desfeita.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/move/undo', {
      method: 'POST',
      body: { token: 'desfaz-transferencia' },
    });
    await screen.findByRole('region', { name: 'Mesa 5' });
    expect(screen.queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument();
  });

  it("voids a sent item from its guest's ticket, with the reason asked, while the kitchen has not made it", async () => {
    const { user, http } = renderFloor((tab) => {
      tab.tickets[1]!.items[0]!.status = 'PLACED';
      tab.tickets[1]!.items[1]!.status = 'READY';
    });
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const bruno = await screen.findByRole('region', { name: 'Comanda de Bruno Lima' });
    // What the kitchen made cannot be voided here.
    expect(within(bruno).getAllByRole('button', { name: /^Cancelar / })).toHaveLength(1);
    await user.click(within(bruno).getByRole('button', { name: 'Cancelar Risoto de cogumelos' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar o item Risoto de cogumelos?' });
    await user.type(
      within(cancel).getByRole('textbox', { name: 'Motivo' }),
      'Lançado na comanda errada{Enter}',
    );
    await screen.findByText('O item Risoto de cogumelos removido com sucesso!');
    expect(http).toHaveBeenCalledWith('/api/orders/items/id/200', {
      method: 'DELETE',
      body: { reason: 'Lançado na comanda errada' },
    });
  });

  it('shows what the kitchen still holds when a release is refused, to mark it ready or cancel it there', async () => {
    const { user, http } = renderFloor(
      (tab, tables) => {
        // Paid in full; Ana's risotto is being prepared and Bruno's ordered, the others served.
        for (const t of tab.tickets) {
          t.total_paid = t.total;
          t.payment_status = 'PAID';
          t.items[1]!.status = 'READY';
        }
        tab.tickets[1]!.items[0]!.status = 'PLACED';
        tab.total_paid = tab.total;
        tab.payment_status = 'PAID';
        tables[0]!.order = {
          ...tables[0]!.order!,
          total_paid: tab.total,
          payment_status: 'PAID',
          in_kitchen: 2,
          held: 0,
        };
      },
      { kitchen: true },
    );
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await user.click(await screen.findByRole('button', { name: 'Liberar mesa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tem certeza que deseja liberar a mesa 5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByText(/^A comanda ainda tem 2 itens na cozinha/);
    const held = await screen.findByRole('region', { name: 'Na cozinha' });
    const items = within(held).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Risoto de cogumelosAna SouzaPreparando/),
      expect.stringMatching(/^Risoto de cogumelosBruno LimaAguardando/),
    ]);

    await user.click(
      within(held).getByRole('button', { name: 'Marcar Risoto de cogumelos de Ana Souza como pronto' }),
    );
    await screen.findByText('O status do item Risoto de cogumelos atualizado com sucesso!');
    expect(http).toHaveBeenCalledWith('/api/orders/items/id/100/status', {
      method: 'PATCH',
      body: { status: 'READY' },
    });

    await user.click(
      within(held).getByRole('button', { name: 'Cancelar Risoto de cogumelos de Bruno Lima' }),
    );
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar o item Risoto de cogumelos?' });
    expect(
      within(cancel).getByText('O item sai da conta de Bruno Lima e não deve ser preparado.'),
    ).toBeInTheDocument();
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar item' }));
    expect(await within(cancel).findByText('Informe o motivo.')).toBeInTheDocument();
    await user.type(within(cancel).getByRole('textbox', { name: 'Motivo' }), 'Cliente desistiu{Enter}');
    await screen.findByText('O item Risoto de cogumelos removido com sucesso!');
    expect(http).toHaveBeenCalledWith('/api/orders/items/id/200', {
      method: 'DELETE',
      body: { reason: 'Cliente desistiu' },
    });
    // Nothing left in the kitchen: the list goes, and the table is released.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Na cozinha' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Liberar mesa' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Tem certeza que deseja liberar a mesa 5?' }),
      ).getByRole('button', { name: 'Confirmar' }),
    );
    await screen.findByText('Mesa liberada.');
  });

  it("'Liberar todas' leaves a table whose kitchen still works for later, and leads to its items", async () => {
    const { user, http } = renderFloor((_, tables) => {
      tables[2]!.order = { ...tables[2]!.order!, in_kitchen: 1 };
    });
    await screen.findByRole('button', { name: /^Mesa 5 / });
    await user.click(screen.getByRole('button', { name: 'Liberar todas' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Tem certeza que deseja liberar todas as mesas?',
    });
    expect(
      within(dialog).getByText(
        'Nenhuma mesa pode ser liberada de uma vez: as comandas ainda têm saldo em aberto ou itens na cozinha.',
      ),
    ).toBeInTheDocument();
    const held = within(dialog).getByRole('list', { name: 'Com itens na cozinha, para resolver uma a uma:' });
    expect(within(held).getByRole('listitem')).toHaveTextContent('Mesa 7 · 1 item na cozinha');
    expect(within(dialog).getByRole('button', { name: 'Liberar 0 mesas' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Ver os itens da mesa 7 na cozinha' }));
    await screen.findByRole('region', { name: 'Mesa 7' });
    expect(http).not.toHaveBeenCalled();
  });

  it('joins the tab to a taken table after naming both, and splits it back with Desfazer', async () => {
    const { user, http } = renderFloor();
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    await user.click(await screen.findByRole('button', { name: 'Transferir' }));
    const picker = await screen.findByRole('dialog', { name: 'Transferir ou juntar a mesa 5' });
    await user.click(within(picker).getByRole('button', { name: 'Mesa 7, ocupada: juntar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Juntar a mesa 5 à mesa 7?' });
    expect(http).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Juntar' }));
    await screen.findByText('Mesas juntadas.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/merge', { method: 'POST', body: { table_id: 3 } });
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await screen.findByText('Mesas separadas de novo.');
    expect(http).toHaveBeenCalledWith('/api/orders/id/41/merge/undo', {
      method: 'POST',
      body: { token: 'desfaz-juncao' },
    });
  });

  it("shows a guest's order from the QR code awaiting approval on the table's card, in words", async () => {
    renderFloor(withQrGuest);
    await screen.findByRole('button', {
      name: 'Mesa 5 Ocupada R$ 110,00 30 min Em aberto Aniversário Garçom chamado Pedido aguardando aprovação',
    });
    expect(within(card(5)).getByText('Pedido aguardando aprovação')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mesa 7 Ocupada R$ 110,00 30 min Pago' })).toBeInTheDocument();
  });

  it("approves a QR guest's order: its items are sent, and the panel and the card read it", async () => {
    const { user, http } = renderFloor(withQrGuest);
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const marina = await screen.findByRole('region', { name: 'Comanda de Marina Costa' });
    expect(within(marina).getByText('Pelo QR code da mesa')).toBeInTheDocument();
    const held = within(marina).getByRole('region', { name: 'Aguardando aprovação' });
    expect(
      within(held)
        .getAllByTestId('order-item')
        .map((line) => line.textContent),
    ).toEqual(['CaipirinhaLimão · Obs.: Pouco açúcarR$ 18,00', '2× Pastel de queijoR$ 18,00']);
    // The other guests have nothing waiting.
    const ana = within(screen.getByRole('region', { name: 'Mesa 5' })).getByRole('region', {
      name: 'Comanda de Ana Souza',
    });
    expect(within(ana).queryByRole('region', { name: 'Aguardando aprovação' })).not.toBeInTheDocument();

    await user.click(within(held).getByRole('button', { name: 'Aprovar o pedido de Marina Costa' }));

    expect(await screen.findByText('Pedido aprovado e enviado para a cozinha!')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/held/approve', {
      method: 'POST',
      body: { item_ids: [501, 502] },
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Comanda de Marina Costa' })).queryByRole('region', {
          name: 'Aguardando aprovação',
        }),
      ).not.toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('region', { name: 'Comanda de Marina Costa' })).getAllByText('Aguardando'),
    ).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Fechar painel da mesa' }));
    await waitFor(() => expect(card(5)).not.toHaveAccessibleName(/Pedido aguardando aprovação/));
    expect(card(5)).toHaveAccessibleName(/^Mesa 5 Ocupada /);
  });

  it("refuses a QR guest's order only with a reason, and sends its items' ids with it", async () => {
    const { user, http } = renderFloor(withQrGuest);
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const marina = await screen.findByRole('region', { name: 'Comanda de Marina Costa' });
    await user.click(within(marina).getByRole('button', { name: 'Recusar o pedido de Marina Costa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar o pedido de Marina Costa?' });
    await user.click(within(dialog).getByRole('button', { name: 'Recusar pedido' }));
    expect(await within(dialog).findByText('Informe o motivo.')).toBeInTheDocument();
    expect(http).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Cozinha fechando{Enter}');

    expect(await screen.findByText('Pedido recusado.')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/orders/id/40/held/reject', {
      method: 'POST',
      body: { item_ids: [501, 502], reason: 'Cozinha fechando' },
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Comanda de Marina Costa' })).queryByRole('region', {
          name: 'Aguardando aprovação',
        }),
      ).not.toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('region', { name: 'Comanda de Marina Costa' })).getByText(
        'Nenhum item pedido ainda.',
      ),
    ).toBeInTheDocument();
  });

  it("says so when the guest's order was decided meanwhile, with the server's words", async () => {
    const { user, http } = renderFloor(withQrGuest);
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    const marina = await screen.findByRole('region', { name: 'Comanda de Marina Costa' });
    http.mockRejectedValueOnce(new Error('Este pedido não está mais aguardando aprovação.'));

    await user.click(within(marina).getByRole('button', { name: 'Aprovar o pedido de Marina Costa' }));

    expect(await screen.findByText('Este pedido não está mais aguardando aprovação.')).toBeInTheDocument();
    expect(screen.queryByText('Pedido aprovado e enviado para a cozinha!')).not.toBeInTheDocument();
  });

  it('names a QR guest who called the waiter, as it names an app customer', async () => {
    const { user } = renderFloor((order, tables) => {
      withQrGuest(order, tables);
      order.waiter_requester = { id: null, fullname: 'Marina Costa', username: '', profile_picture: null };
    });
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
    expect(await screen.findByText('Marina Costa chamou o garçom há 4 min')).toBeInTheDocument();
  });
});
