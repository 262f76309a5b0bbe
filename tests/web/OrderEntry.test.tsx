import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient, Request } from '../../src/dataProvider/httpClient';
import type { Order } from '../../contract/resources/tabs/definition';
import type { Table } from '../../contract/resources/floor/definition';
import type { Draft, OrderEntryMenu } from '../../contract/resources/orderEntry/input';
import { checkLine, type OrderLine } from '../../contract/resources/orderEntry/rules';
import { FloorPage } from '../../src/resources/floor/FloorPage';
import { DRAFT_SAVE_DELAY_MS } from '../../src/resources/floor/orderEntry/useOrderEntry';
import { outbox } from '../../src/offline/instance';
import { OFFLINE_WORDS } from '../../src/offline/words';
import { belowLg, renderScreen } from './renderScreen';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function ticket(id: number, fullname: string): Order['tickets'][number] {
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
      checkins: 1,
    },
    subtotal: 0,
    service_charge: 0,
    service_removed_reason: null,
    discount: 0,
    total: 0,
    total_paid: 0,
    payment_status: 'OPEN',
    created_at: minutesAgo(10),
    items: [],
    held: [],
    payments: [],
    coupons: [],
  };
}

/**
 * The store's menu: a risotto whose sauce must be chosen (one of two; the pesto ran out) and that
 * takes observations, a burger with up to three extras that may repeat and no observations, a
 * sparkling water, and a pudding that cannot be had (its category shows no chip).
 */
const MENU: OrderEntryMenu = {
  categories: [
    { id: 1, name: 'Pratos', available: true },
    { id: 2, name: 'Bebidas', available: true },
    { id: 3, name: 'Sobremesas', available: true },
  ],
  products: [
    {
      id: 7,
      name: 'Risoto de cogumelos',
      price: 4500,
      available: true,
      complement_only: false,
      allow_observations: true,
      kitchen_id: 1,
      thumbnail: null,
      category_id: 1,
      groups: [
        {
          id: 11,
          name: 'Molho',
          min: 1,
          max: 1,
          allow_repeat: false,
          options: [
            { product_id: 21, name: 'Molho branco', price: 0, available: true },
            { product_id: 22, name: 'Molho de tomate', price: 0, available: true },
            { product_id: 23, name: 'Pesto', price: 300, available: false },
          ],
        },
      ],
    },
    {
      id: 8,
      name: 'Hambúrguer',
      price: 3500,
      available: true,
      complement_only: false,
      allow_observations: false,
      kitchen_id: 1,
      thumbnail: null,
      category_id: 1,
      groups: [
        {
          id: 12,
          name: 'Adicionais',
          min: 0,
          max: 3,
          allow_repeat: true,
          options: [
            { product_id: 24, name: 'Bacon', price: 500, available: true },
            { product_id: 25, name: 'Queijo', price: 400, available: true },
          ],
        },
      ],
    },
    {
      id: 9,
      name: 'Água com gás',
      price: 600,
      available: true,
      complement_only: false,
      allow_observations: false,
      kitchen_id: 2,
      thumbnail: null,
      category_id: 2,
      groups: [],
    },
    {
      id: 10,
      name: 'Pudim',
      price: 1200,
      available: false,
      complement_only: false,
      allow_observations: false,
      kitchen_id: 1,
      thumbnail: null,
      category_id: 3,
      groups: [],
    },
  ],
};

/** Lines as the server keeps them in a draft: priced from the menu, as `saveDraft` does. */
function draftOf(items: OrderLine[]): Draft['items'] {
  return items.map((item) => {
    const checked = checkLine(item, MENU);
    if (!checked.ok) throw new Error(checked.message);
    const { product_id, name, quantity, observations, complements, unit, total } = checked.line;
    return { product_id, name, quantity, observations, complements, unit, total };
  });
}

const DRAFT_PATH = '/api/orders/id/40/tickets/1/draft';

/**
 * Table 5 with an open tab of two guests; the floor's polls go through fetch, the order entry's
 * calls through the dataProvider's client. `refuse` is the message of a 409 the sends get; with
 * `lost`, their answers cannot be read. Ana's draft on the server (`server.draft`) starts as
 * `draft`; `refuseDraft` is the message of a 409 its saves get, and with `offline` they cannot
 * reach the server.
 */
function renderFloor({
  refuse,
  lost,
  draft = [],
  refuseDraft,
  offline,
}: {
  refuse?: string;
  lost?: boolean;
  draft?: OrderLine[];
  refuseDraft?: string;
  offline?: boolean;
} = {}) {
  const server = { draft: draftOf(draft) };
  const order: Order = {
    id: 40,
    store_id: 2,
    table_id: 1,
    table_number: 5,
    order_type: 'INDOOR',
    status: 'OPENED',
    payment_status: 'OPEN',
    subtotal: 0,
    service_charge: 0,
    discount: 0,
    total: 0,
    total_paid: 0,
    created_at: minutesAgo(10),
    closed_at: null,
    waiter_requested: false,
    waiter_requested_at: null,
    waiter_requester: null,
    birthdays: [],
    tickets: [ticket(1, 'Ana Souza'), ticket(2, 'Bruno Lima')],
  };
  const tables: Table[] = [
    {
      id: 1,
      store_id: 2,
      number: 5,
      name: 'Mesa 5',
      status: 'OCCUPIED',
      order_id: 40,
      order: {
        id: 40,
        status: 'OPENED',
        payment_status: 'OPEN',
        subtotal: 0,
        total: 0,
        total_paid: 0,
        created_at: order.created_at,
        waiter_requested: false,
        in_kitchen: 0,
        held: 0,
        birthdays: [],
      },
      token: 'c0ffee'.repeat(6),
      created_at: minutesAgo(900),
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('/api/orders/id/40')
        ? { data: order }
        : { data: { results: tables, total: tables.length } };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const http = vi.fn<HttpClient>(async (path: string, request?: Request) => {
    if (path === '/api/orders/menu') return { data: MENU };
    if (path === DRAFT_PATH && request?.method === 'GET')
      return { data: { ticket_id: 1, items: server.draft } };
    if (path === DRAFT_PATH && request?.method === 'PUT') {
      if (refuseDraft) throw new HttpError(refuseDraft, 409, { error: { message: refuseDraft } });
      // What the client's own fetch throws when the server cannot be reached.
      if (offline) throw new HttpError('Não foi possível conectar ao servidor.', 0);
      server.draft = draftOf((request.body as { items: OrderLine[] }).items);
      return { data: { ticket_id: 1, items: server.draft } };
    }
    if (path === '/api/orders/id/40/items') {
      if (refuse) throw new HttpError(refuse, 409, { error: { message: refuse } });
      // The browser's own failure, in English, when an answer cannot be read.
      if (lost) throw new TypeError('Failed to fetch');
      order.tickets[0]!.items.push({
        id: 500,
        product_id: 9,
        name: 'Água com gás',
        thumbnail: null,
        status: 'PLACED',
        product_price: 600,
        quantity: 1,
        complements: [],
        observations: null,
        created_at: new Date().toISOString(),
      });
      // The send drops the sender's draft.
      server.draft = [];
      return { data: order };
    }
    throw new Error(`unexpected ${request?.method ?? 'GET'} ${path}`);
  });
  const view = renderScreen('/hall', { '/hall': <FloorPage /> }, http);
  const sends = () => http.mock.calls.filter(([path]) => path === '/api/orders/id/40/items');
  const menuReads = () => http.mock.calls.filter(([path]) => path === '/api/orders/menu');
  const draftReads = () =>
    http.mock.calls.filter(([path, request]) => path === DRAFT_PATH && request?.method === 'GET');
  const draftSaves = () =>
    http.mock.calls.filter(([path, request]) => path === DRAFT_PATH && request?.method === 'PUT');
  return { ...view, http, server, sends, menuReads, draftReads, draftSaves };
}

/** Opens Ana's order entry from the floor (table 5's panel, unless it is open), and waits for the menu. */
async function openOrderEntry(view: ReturnType<typeof renderFloor>) {
  const { user } = view;
  if (!screen.queryByRole('region', { name: 'Comanda de Ana Souza' }))
    await user.click(await screen.findByRole('button', { name: /^Mesa 5 / }));
  const ana = await screen.findByRole('region', { name: 'Comanda de Ana Souza' });
  await user.click(within(ana).getByRole('button', { name: 'Adicionar itens' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adicionar itens — Ana Souza' });
  await within(dialog).findByRole('button', { name: /^Risoto de cogumelos/ });
  return dialog;
}

/** Opens a product's sheet from the menu. */
async function openProduct(view: ReturnType<typeof renderFloor>, dialog: HTMLElement, name: string) {
  await view.user.click(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByRole('dialog', { name: new RegExp(`^${name}`) });
}

describe("the waiter's order entry (/hall, a guest's 'Adicionar itens')", () => {
  it('reads the menu once for the table’s store: chips of what can be ordered, the rest disabled', async () => {
    const view = renderFloor();
    const dialog = await openOrderEntry(view);
    expect(view.menuReads()).toEqual([['/api/orders/menu', { method: 'GET', query: { store_id: 2 } }]]);
    const chips = within(within(dialog).getByRole('group', { name: 'Categorias' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Todos', 'Pratos', 'Bebidas']);
    expect(within(dialog).getByRole('button', { name: 'Pudim R$ 12,00 · Indisponível' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Revisar pedido' })).toBeDisabled();

    await view.user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Adicionar itens/ })).not.toBeInTheDocument(),
    );
    const ana = screen.getByRole('region', { name: 'Comanda de Ana Souza' });
    expect(within(ana).getByRole('button', { name: 'Adicionar itens' })).toHaveFocus();
  });

  it('a group of one required option is a radio, and the line waits until one is chosen', async () => {
    const view = renderFloor();
    const sheet = await openProduct(view, await openOrderEntry(view), 'Risoto de cogumelos');
    const molho = within(sheet).getByRole('group', { name: 'Molho' });
    expect(molho).toHaveAccessibleDescription('mín. 1 · máx. 1');
    expect(within(molho).getAllByRole('radio')).toHaveLength(3);
    expect(within(molho).getByRole('radio', { name: /Pesto/ })).toBeDisabled();
    const add = within(sheet).getByRole('button', { name: 'Adicionar ao pedido' });
    expect(add).toBeDisabled();
    const missing = 'Escolha pelo menos 1 opção em "Molho" para Risoto de cogumelos.';
    expect(within(molho).getByText(missing)).toBeInTheDocument();
    // Said once, under the group, not again beside the button.
    expect(within(sheet).getAllByText(missing)).toHaveLength(1);

    await view.user.click(within(molho).getByRole('radio', { name: 'Molho branco' }));
    expect(add).toBeEnabled();
    expect(within(sheet).queryByText(missing)).not.toBeInTheDocument();
    expect(within(sheet).getByRole('textbox', { name: 'Observações' })).toBeInTheDocument();
  });

  it("a group that repeats its options has steppers that stop at its maximum; no 'Observações' where the product takes none", async () => {
    const view = renderFloor();
    const sheet = await openProduct(view, await openOrderEntry(view), 'Hambúrguer');
    expect(within(sheet).getByRole('group', { name: 'Adicionais' })).toHaveAccessibleDescription(
      'Opcional · até 3',
    );
    const moreBacon = within(sheet).getByRole('button', { name: 'Aumentar Bacon' });
    await view.user.click(moreBacon);
    await view.user.click(moreBacon);
    await view.user.click(within(sheet).getByRole('button', { name: 'Aumentar Queijo' }));
    expect(moreBacon).toBeDisabled();
    expect(within(sheet).getByRole('button', { name: 'Aumentar Queijo' })).toBeDisabled();
    expect(within(sheet).getByTestId('line-price')).toHaveTextContent('R$ 49,00');
    expect(within(sheet).queryByRole('textbox', { name: 'Observações' })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Adicionar ao pedido' })).toBeEnabled();
  });

  it('the quantity stops at 50', async () => {
    const view = renderFloor();
    const sheet = await openProduct(view, await openOrderEntry(view), 'Água com gás');
    const more = within(sheet).getByRole('button', { name: 'Aumentar Água com gás' });
    for (let count = 1; count < 50; count++) await view.user.click(more);
    expect(more).toBeDisabled();
    expect(within(sheet).getByTestId('line-price')).toHaveTextContent('R$ 300,00');
  });

  it("the search ignores accents and case: 'agua' finds 'Água com gás'", async () => {
    const view = renderFloor();
    const dialog = await openOrderEntry(view);
    await view.user.type(within(dialog).getByRole('searchbox', { name: 'Buscar no cardápio' }), 'AGUA');
    expect(within(dialog).getByRole('button', { name: 'Água com gás R$ 6,00' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Risoto/ })).not.toBeInTheDocument();
  });

  /** Adds a risotto with white sauce, its observations and a quantity of 2, and a water; then reviews. */
  async function orderAndReview(view: ReturnType<typeof renderFloor>) {
    const dialog = await openOrderEntry(view);
    const risotto = await openProduct(view, dialog, 'Risoto de cogumelos');
    await view.user.click(within(risotto).getByRole('radio', { name: 'Molho branco' }));
    await view.user.type(within(risotto).getByRole('textbox', { name: 'Observações' }), 'sem queijo');
    await view.user.click(within(risotto).getByRole('button', { name: 'Aumentar Risoto de cogumelos' }));
    await view.user.click(within(risotto).getByRole('button', { name: 'Adicionar ao pedido' }));
    await waitFor(() => expect(risotto).not.toBeInTheDocument());
    const water = await openProduct(view, dialog, 'Água com gás');
    await view.user.click(within(water).getByRole('button', { name: 'Adicionar ao pedido' }));
    await waitFor(() => expect(water).not.toBeInTheDocument());
    expect(within(dialog).getByTestId('order-summary')).toHaveTextContent('3 itens · R$ 96,00');
    await view.user.click(within(dialog).getByRole('button', { name: 'Revisar pedido' }));
    return dialog;
  }

  it('sends the reviewed lines once, without prices, with an Idempotency-Key, and closes', async () => {
    const view = renderFloor();
    const dialog = await orderAndReview(view);
    const lines = within(dialog).getByRole('list', { name: 'Itens do pedido' });
    expect(within(lines).getByRole('listitem', { name: 'Risoto de cogumelos' })).toHaveTextContent(
      'Molho branco',
    );
    expect(within(lines).getByText('Obs.: sem queijo')).toBeInTheDocument();
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('R$ 96,00');

    await view.user.click(within(dialog).getByRole('button', { name: 'Enviar para a cozinha' }));
    await screen.findByText('Pedido enviado para a cozinha!');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Adicionar itens/ })).not.toBeInTheDocument(),
    );
    expect(view.sends()).toEqual([
      [
        '/api/orders/id/40/items',
        {
          method: 'POST',
          body: {
            ticket_id: 1,
            items: [
              {
                product_id: 7,
                quantity: 2,
                complements: [{ group_id: 11, product_id: 21, quantity: 1 }],
                observations: 'sem queijo',
              },
              { product_id: 9, quantity: 1, complements: [], observations: null },
            ],
          },
          headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
        },
      ],
    ]);
    const ana = screen.getByRole('region', { name: 'Comanda de Ana Souza' });
    expect(await within(ana).findByText('Água com gás')).toBeInTheDocument();
  });

  it('a refusal shows the server’s message, keeps the lines and reads the menu again; sent again, they go with a key of their own', async () => {
    const message = 'O produto Risoto de cogumelos está indisponível.';
    const view = renderFloor({ refuse: message });
    const dialog = await orderAndReview(view);
    const send = within(dialog).getByRole('button', { name: 'Enviar para a cozinha' });
    await view.user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    const lines = within(dialog).getByRole('list', { name: 'Itens do pedido' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.getAttribute('aria-label')),
    ).toEqual(['Risoto de cogumelos', 'Água com gás']);
    await waitFor(() => expect(view.menuReads()).toHaveLength(2));
    // Said on the dialog, the refusal does not wait in the outbox too.
    expect(outbox.snapshot().entries).toEqual([]);

    await waitFor(() => expect(send).toBeEnabled());
    await view.user.click(send);
    await waitFor(() => expect(view.sends()).toHaveLength(2));
    // The server forgets a refused request's key: the new attempt is a request of its own.
    const [first, second] = view.sends().map(([, request]) => request?.headers?.['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(screen.getByRole('dialog', { name: 'Adicionar itens — Ana Souza' })).toBeInTheDocument();
  });

  it('an order that cannot reach the server waits in the outbox: the tab shows it waiting, and it is sent again with its key', async () => {
    const view = renderFloor({ lost: true });
    const dialog = await orderAndReview(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Enviar para a cozinha' }));
    await screen.findByText(OFFLINE_WORDS.queued);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const ana = screen.getByRole('region', { name: 'Comanda de Ana Souza' });
    expect(within(ana).getByText('2× Risoto de cogumelos')).toBeInTheDocument();
    expect(within(ana).getByText('Água com gás')).toBeInTheDocument();
    expect(within(ana).getAllByText(OFFLINE_WORDS.pendingSync)).toHaveLength(2);
    expect(outbox.snapshot().entries).toEqual([
      expect.objectContaining({ label: '3 itens para Ana Souza na mesa 5', state: 'pending' }),
    ]);

    // Every attempt (a probe, a reconnection) sends it with the key it got when queued.
    await outbox.drain();
    const keys = view.sends().map(([, request]) => request?.headers?.['Idempotency-Key']);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('starts from the draft the server answers, and reads it again at each opening', async () => {
    const view = renderFloor({
      draft: [
        {
          product_id: 7,
          quantity: 2,
          complements: [{ group_id: 11, product_id: 21, quantity: 1 }],
          observations: 'sem queijo',
        },
      ],
    });
    let dialog = await openOrderEntry(view);
    expect(view.draftReads()).toEqual([[DRAFT_PATH, { method: 'GET' }]]);
    expect(within(dialog).getByText('Rascunho salvo — só você vê')).toBeInTheDocument();
    expect(within(dialog).getByTestId('order-summary')).toHaveTextContent('2 itens · R$ 90,00');
    await view.user.click(within(dialog).getByRole('button', { name: 'Revisar pedido' }));
    const risotto = within(dialog).getByRole('listitem', { name: 'Risoto de cogumelos' });
    expect(risotto).toHaveTextContent('Molho branco');
    expect(risotto).toHaveTextContent('Obs.: sem queijo');

    await view.user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Nothing changed: closing saves nothing.
    expect(view.draftSaves()).toEqual([]);
    // Meanwhile, on another tablet, the draft became three waters.
    view.server.draft = draftOf([{ product_id: 9, quantity: 3, complements: [], observations: null }]);
    dialog = await openOrderEntry(view);
    expect(view.draftReads()).toHaveLength(2);
    expect(within(dialog).getByTestId('order-summary')).toHaveTextContent('3 itens · R$ 18,00');
  });

  it('a change saves the whole draft with one PUT a moment later, without prices', async () => {
    const view = renderFloor();
    const dialog = await openOrderEntry(view);
    expect(within(dialog).queryByText('Rascunho salvo — só você vê')).not.toBeInTheDocument();
    const water = await openProduct(view, dialog, 'Água com gás');
    await view.user.click(within(water).getByRole('button', { name: 'Aumentar Água com gás' }));
    await view.user.click(within(water).getByRole('button', { name: 'Adicionar ao pedido' }));
    await waitFor(() => expect(view.draftSaves()).toHaveLength(1));
    expect(view.draftSaves()).toEqual([
      [
        DRAFT_PATH,
        {
          method: 'PUT',
          body: { items: [{ product_id: 9, quantity: 2, complements: [], observations: null }] },
        },
      ],
    ]);
    expect(await within(dialog).findByText('Rascunho salvo — só você vê')).toBeInTheDocument();
    // Saved already: the review saves nothing more.
    await view.user.click(within(dialog).getByRole('button', { name: 'Revisar pedido' }));
    expect(within(dialog).getByRole('listitem', { name: 'Água com gás' })).toBeInTheDocument();
    expect(view.draftSaves()).toHaveLength(1);
  });

  it('a refused save shows the server’s message, keeps the line and reads the menu again', async () => {
    const message = 'O produto Água com gás está indisponível.';
    const view = renderFloor({ refuseDraft: message });
    const dialog = await openOrderEntry(view);
    const water = await openProduct(view, dialog, 'Água com gás');
    await view.user.click(within(water).getByRole('button', { name: 'Adicionar ao pedido' }));
    await waitFor(() => expect(water).not.toBeInTheDocument());
    // The review saves at once, not once the change's moment has passed.
    await view.user.click(within(dialog).getByRole('button', { name: 'Revisar pedido' }));
    expect(view.draftSaves()).toHaveLength(1);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('listitem', { name: 'Água com gás' })).toBeInTheDocument();
    await waitFor(() => expect(view.menuReads()).toHaveLength(2));
    expect(within(dialog).queryByText('Rascunho salvo — só você vê')).not.toBeInTheDocument();
  });

  it('a save that cannot reach the server keeps the lines and says the draft was not saved', async () => {
    const view = renderFloor({ offline: true });
    const dialog = await openOrderEntry(view);
    const water = await openProduct(view, dialog, 'Água com gás');
    await view.user.click(within(water).getByRole('button', { name: 'Adicionar ao pedido' }));
    await waitFor(() => expect(water).not.toBeInTheDocument());
    await view.user.click(within(dialog).getByRole('button', { name: 'Revisar pedido' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Rascunho não salvo: sem conexão.');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(view.menuReads()).toHaveLength(1);
  });

  it('closing with a change not saved yet saves it at once; a send saves nothing after it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderFloor();
    let dialog = await orderAndReview(view);
    expect(view.draftSaves()).toHaveLength(1);
    await view.user.click(within(dialog).getByRole('button', { name: 'Remover Água com gás' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(dialog).not.toBeInTheDocument();
    // As it closes, not once the change's moment has passed.
    expect(view.draftSaves()).toHaveLength(2);
    expect(view.draftSaves()[1]![1]!.body).toEqual({
      items: [
        {
          product_id: 7,
          quantity: 2,
          complements: [{ group_id: 11, product_id: 21, quantity: 1 }],
          observations: 'sem queijo',
        },
      ],
    });

    dialog = await openOrderEntry(view);
    expect(within(dialog).getByTestId('order-summary')).toHaveTextContent('2 itens · R$ 90,00');
    await view.user.click(within(dialog).getByRole('button', { name: 'Revisar pedido' }));
    // A change still waiting to be saved when the send goes.
    await view.user.click(within(dialog).getByRole('button', { name: 'Diminuir Risoto de cogumelos' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Enviar para a cozinha' }));
    await screen.findByText('Pedido enviado para a cozinha!');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(view.sends()[0]![1]!.body).toEqual({
      ticket_id: 1,
      items: [
        {
          product_id: 7,
          quantity: 1,
          complements: [{ group_id: 11, product_id: 21, quantity: 1 }],
          observations: 'sem queijo',
        },
      ],
    });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    expect(view.draftSaves()).toHaveLength(2);
    expect(view.server.draft).toEqual([]);
  });

  it('fills the tablet’s screen below lg', async () => {
    const restore = belowLg();
    try {
      const view = renderFloor();
      const dialog = await openOrderEntry(view);
      expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    } finally {
      restore();
    }
  });
});
