/**
 * The guest page (`/mesa`, src/guest/) against a mocked guest API: the calls it makes (the device's
 * header, the table's code, the order's lines in the contract's shape and its Idempotency-Key) and
 * what the guest reads, in Portuguese.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_HEADER,
  GUEST_MESSAGES,
  GUEST_PATHS,
  GUEST_STORAGE,
  type GuestMenu,
  type GuestTab,
  type TableCode,
} from '../../contract/resources/guest/paths';
import { ORDER_ENTRY_MESSAGES } from '../../contract/resources/orderEntry/rules';
import { loadMenu } from '../../src/guest/api';
import { GuestPage } from '../../src/guest/GuestPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CODE: TableCode = { s: 1, t: 4, k: 'segredo-da-mesa-4-0123456789' };
const CART_KEY = 'painel.mesa.pedido.1.4';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A risotto whose sauce must be chosen (one of two; the pesto ran out) and that takes
 * observations, a burger with up to three extras that may repeat and no observations, a water
 * with its picture, and a pudding that cannot be had.
 */
const MENU: GuestMenu = {
  store: {
    id: 1,
    name: 'Cantina Bella',
    logo: '/uploads/images/logo.webp',
    service_charge: 10,
    approval: false,
  },
  table: { number: 4 },
  categories: [
    { id: 1, name: 'Pratos' },
    { id: 2, name: 'Bebidas' },
  ],
  products: [
    {
      id: 10,
      name: 'Risoto',
      price: 5000,
      available: true,
      complement_only: false,
      allow_observations: true,
      kitchen_id: 1,
      thumbnail: null,
      category_id: 1,
      description: 'Arbóreo, parmesão.',
      groups: [
        {
          id: 100,
          name: 'Molho',
          min: 1,
          max: 1,
          allow_repeat: false,
          options: [
            { product_id: 201, name: 'Molho branco', price: 0, available: true },
            { product_id: 202, name: 'Pesto', price: 300, available: false },
          ],
        },
      ],
    },
    {
      id: 11,
      name: 'Hambúrguer',
      price: 3500,
      available: true,
      complement_only: false,
      allow_observations: false,
      kitchen_id: 1,
      thumbnail: null,
      category_id: 1,
      description: null,
      groups: [
        {
          id: 101,
          name: 'Adicionais',
          min: 0,
          max: 3,
          allow_repeat: true,
          options: [{ product_id: 203, name: 'Bacon', price: 500, available: true }],
        },
      ],
    },
    {
      id: 12,
      name: 'Água com gás',
      price: 600,
      available: true,
      complement_only: false,
      allow_observations: false,
      kitchen_id: 2,
      thumbnail: '/uploads/images/agua.webp',
      category_id: 2,
      description: null,
      groups: [],
    },
    {
      id: 13,
      name: 'Pudim',
      price: 1800,
      available: false,
      complement_only: false,
      allow_observations: false,
      kitchen_id: 1,
      thumbnail: null,
      category_id: 1,
      description: null,
      groups: [],
    },
  ],
};

const EMPTY_TAB: GuestTab = {
  name: null,
  table: { number: 4 },
  items: [],
  subtotal: 0,
  service_charge: 0,
  total: 0,
  total_paid: 0,
  waiter_called: false,
  others: 0,
  moved_to: null,
};

const item = (id: number, status: GuestTab['items'][number]['status']): GuestTab['items'][number] => ({
  id,
  name: 'Risoto',
  quantity: 2,
  complements: [{ name: 'Molho branco', quantity: 1 }],
  observations: 'Sem cebola',
  status,
  total: 10000,
});

const ORDERED: GuestTab = {
  ...EMPTY_TAB,
  name: 'Ana',
  items: [item(1, 'PLACED')],
  subtotal: 10000,
  service_charge: 1000,
  total: 11000,
};

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}
type Handler = (call: Call) => Response | Promise<Response>;

const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const refusal = (status: number, message: string) => answer(status, { error: { message } });

/** The guest API as `handlers` answer it (by 'METHOD path'); every call is kept, in order. */
function guestApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      return handler ? handler(call) : refusal(404, 'Rota não encontrada.');
    }),
  );
  return calls;
}

const served = (tab: GuestTab = EMPTY_TAB) => ({
  [`GET ${GUEST_PATHS.menu}`]: () => answer(200, { data: MENU }),
  [`GET ${GUEST_PATHS.tab}`]: () => answer(200, { data: tab }),
});

/** The page as main.tsx starts it: the menu asked for before React renders. */
function openPage({ code = CODE, pollMs = 3_600_000 }: { code?: TableCode | null; pollMs?: number } = {}) {
  return render(<GuestPage code={code} menu={code ? loadMenu(code) : null} pollMs={pollMs} />);
}

/** A guest who gave their name before. */
function named(name = 'Ana') {
  localStorage.setItem(GUEST_STORAGE.name, name);
}

const user = () => userEvent.setup();

async function openProduct(name: RegExp) {
  await user().click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('the table code', () => {
  it('shows a code the server refuses (a rotated token) full screen, in its words', async () => {
    const calls = guestApi({ [`GET ${GUEST_PATHS.menu}`]: () => refusal(403, GUEST_MESSAGES.badCode) });
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(GUEST_MESSAGES.badCode);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // The code as the QR link gave it, and the device's id in its header, never in the address.
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ s: '1', t: '4', k: CODE.k });
    const device = calls[0]!.headers.get(DEVICE_HEADER);
    expect(device).toMatch(UUID);
    expect(localStorage.getItem(GUEST_STORAGE.device)).toBe(device);
  });

  it('makes the device id on plain http too, where the browser has no crypto.randomUUID', async () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xab) });
    const calls = guestApi({ [`GET ${GUEST_PATHS.menu}`]: () => refusal(403, GUEST_MESSAGES.badCode) });
    openPage();
    await screen.findByRole('alert');
    expect(calls[0]!.headers.get(DEVICE_HEADER)).toBe('abababab-abab-4bab-abab-abababababab');
  });

  it('refuses a link without a table without asking the server', async () => {
    const calls = guestApi({});
    openPage({ code: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(GUEST_MESSAGES.badCode);
    expect(calls).toHaveLength(0);
  });

  it('says the network is down, and tries again when asked', async () => {
    let online = false;
    guestApi({
      [`GET ${GUEST_PATHS.menu}`]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return answer(200, { data: MENU });
      },
    });
    named();
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(GUEST_MESSAGES.offline);
    online = true;
    await user().click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', { name: 'Cantina Bella', level: 1 })).toBeInTheDocument();
  });
});

describe('the name', () => {
  it('is asked once and kept on the device', async () => {
    guestApi(served());
    const first = openPage();
    const input = await screen.findByLabelText('Como podemos te chamar?');
    await user().click(screen.getByRole('button', { name: 'Ver o cardápio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GUEST_MESSAGES.name);
    await user().type(input, '  Ana  ');
    await user().click(screen.getByRole('button', { name: 'Ver o cardápio' }));
    expect(await screen.findByText('Olá, Ana!')).toBeInTheDocument();
    expect(localStorage.getItem(GUEST_STORAGE.name)).toBe('Ana');
    first.unmount();

    openPage();
    expect(await screen.findByText('Olá, Ana!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Como podemos te chamar?')).not.toBeInTheDocument();
  });
});

describe('the menu', () => {
  it('shows the store, the table, how many others sit there (never who), the categories and the pictures', async () => {
    guestApi(served({ ...EMPTY_TAB, others: 2 }));
    named();
    openPage();
    expect(await screen.findByRole('heading', { name: 'Cantina Bella', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Mesa 4 · +2 pessoas nesta mesa')).toBeInTheDocument();
    const chips = within(screen.getByRole('navigation', { name: 'Categorias' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Todos', 'Pratos', 'Bebidas']);
    const water = screen.getByRole('button', { name: /Água com gás/ });
    const picture = water.querySelector('img')!;
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('width', '80');
    expect(picture).toHaveAttribute('height', '80');
    expect(screen.getByRole('button', { name: /Pudim/ })).toBeDisabled();

    await user().click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Bebidas' }));
    expect(screen.queryByRole('button', { name: /Risoto/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Água com gás/ })).toBeInTheDocument();
  });

  it('says where the tab went when the staff moved it to another table', async () => {
    guestApi(served({ ...EMPTY_TAB, moved_to: 12 }));
    named();
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sua comanda foi transferida para a mesa 12. Leia o QR code da mesa 12 para continuar.',
    );
  });

  it('adds a product with a required group only once an option is chosen, priced as it is chosen', async () => {
    guestApi(served());
    named();
    openPage();
    const sheet = await openProduct(/Risoto/);
    const add = within(sheet).getByRole('button', { name: 'Adicionar ao pedido' });
    expect(add).toBeDisabled();
    expect(within(sheet).getByText('mín. 1 · máx. 1')).toBeInTheDocument();
    expect(within(sheet).getByRole('status')).toHaveTextContent(
      ORDER_ENTRY_MESSAGES.belowMin(1, 'Molho', 'Risoto'),
    );
    expect(within(sheet).getByRole('radio', { name: /Pesto/ })).toBeDisabled();

    await user().click(within(sheet).getByRole('radio', { name: 'Molho branco' }));
    await user().click(within(sheet).getByRole('button', { name: 'Aumentar Risoto' }));
    expect(within(sheet).queryByRole('status')).not.toBeInTheDocument();
    expect(within(sheet).getByTestId('line-price')).toHaveTextContent('R$ 100,00');
    expect(add).toBeEnabled();
    await user().click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ver pedido/ })).toHaveTextContent(
      'Ver pedido (2) · R$ 100,00',
    );
  });

  it('opens a product as a dialog the keyboard can leave, giving the focus back', async () => {
    guestApi(served());
    named();
    openPage();
    const product = await screen.findByRole('button', { name: /Hambúrguer/ });
    product.focus();
    await user().keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'Hambúrguer' });
    expect(sheet).toHaveFocus();
    expect(document.title).toBe('Cardápio · Cantina Bella');
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(product).toHaveFocus();
  });

  it('offers observations only on a product that takes them', async () => {
    guestApi(served());
    named();
    openPage();
    let sheet = await openProduct(/Hambúrguer/);
    expect(within(sheet).queryByLabelText('Observações')).not.toBeInTheDocument();
    await user().click(within(sheet).getByRole('button', { name: 'Fechar' }));
    sheet = await openProduct(/Risoto/);
    expect(within(sheet).getByLabelText('Observações')).toHaveAttribute('maxLength', '140');
  });
});

/** Risoto ×2 with its sauce and an observation, and a burger with two bacons: R$ 145,00. */
async function fillCart() {
  let sheet = await openProduct(/Risoto/);
  await user().click(within(sheet).getByRole('radio', { name: 'Molho branco' }));
  await user().type(within(sheet).getByLabelText('Observações'), 'Sem cebola');
  await user().click(within(sheet).getByRole('button', { name: 'Aumentar Risoto' }));
  await user().click(within(sheet).getByRole('button', { name: 'Adicionar ao pedido' }));
  sheet = await openProduct(/Hambúrguer/);
  await user().click(within(sheet).getByRole('button', { name: 'Aumentar Bacon' }));
  await user().click(within(sheet).getByRole('button', { name: 'Aumentar Bacon' }));
  expect(within(sheet).getByTestId('line-price')).toHaveTextContent('R$ 45,00');
  await user().click(within(sheet).getByRole('button', { name: 'Adicionar ao pedido' }));
  await user().click(screen.getByRole('button', { name: /Ver pedido/ }));
  return screen.findByRole('dialog', { name: 'Seu pedido' });
}

const SENT_LINES = [
  {
    product_id: 10,
    quantity: 2,
    complements: [{ group_id: 100, product_id: 201, quantity: 1 }],
    observations: 'Sem cebola',
  },
  {
    product_id: 11,
    quantity: 1,
    complements: [{ group_id: 101, product_id: 203, quantity: 2 }],
    observations: null,
  },
];

describe('the cart', () => {
  it('adds up its lines, is kept on the device and can be changed', async () => {
    guestApi(served());
    named();
    const page = openPage();
    let cart = await fillCart();
    expect(within(cart).getByTestId('cart-total')).toHaveTextContent('R$ 145,00');
    expect(within(cart).getByText('2× Bacon')).toBeInTheDocument();
    expect(within(cart).getByText('Obs.: Sem cebola')).toBeInTheDocument();
    page.unmount();

    openPage();
    await user().click(await screen.findByRole('button', { name: /Ver pedido/ }));
    cart = await screen.findByRole('dialog', { name: 'Seu pedido' });
    expect(within(cart).getByTestId('cart-total')).toHaveTextContent('R$ 145,00');
    await user().click(within(cart).getByRole('button', { name: 'Diminuir Risoto' }));
    expect(within(cart).getByTestId('cart-total')).toHaveTextContent('R$ 95,00');
    await user().click(within(cart).getByRole('button', { name: 'Remover Hambúrguer' }));
    expect(within(cart).getByTestId('cart-total')).toHaveTextContent('R$ 50,00');
    expect(JSON.parse(localStorage.getItem(CART_KEY)!).lines).toHaveLength(1);
  });

  it("'Fazer pedido' sends one order: the device, a key, the lines as the contract has them and no price", async () => {
    let tab = EMPTY_TAB;
    const calls = guestApi({
      ...served(),
      [`GET ${GUEST_PATHS.tab}`]: () => answer(200, { data: tab }),
      [`POST ${GUEST_PATHS.orders}`]: () => {
        tab = ORDERED;
        return answer(201, { data: tab });
      },
    });
    named();
    openPage();
    const cart = await fillCart();
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    expect(await screen.findByRole('status')).toHaveTextContent(GUEST_MESSAGES.ordered);

    const orders = calls.filter((call) => call.path === GUEST_PATHS.orders);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.method).toBe('POST');
    expect(orders[0]!.headers.get(DEVICE_HEADER)).toBe(localStorage.getItem(GUEST_STORAGE.device));
    expect(orders[0]!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(orders[0]!.body).toEqual({ ...CODE, name: 'Ana', items: SENT_LINES });
    expect(JSON.stringify(orders[0]!.body)).not.toMatch(/price|total|unit/);
    // Ordered: the cart is gone, the ticket shows what went.
    expect(screen.queryByRole('button', { name: /Ver pedido/ })).not.toBeInTheDocument();
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sua comanda' })).toBeInTheDocument();
    // Read again at once after the guest's own action.
    await waitFor(() =>
      expect(calls.map((call) => call.path).lastIndexOf(GUEST_PATHS.tab)).toBeGreaterThan(
        calls.indexOf(orders[0]!),
      ),
    );
  });

  it("says the staff will confirm when the store approves the table's orders, and shows the items held", async () => {
    let tab = EMPTY_TAB;
    guestApi({
      [`GET ${GUEST_PATHS.menu}`]: () =>
        answer(200, { data: { ...MENU, store: { ...MENU.store, approval: true } } }),
      [`GET ${GUEST_PATHS.tab}`]: () => answer(200, { data: tab }),
      [`POST ${GUEST_PATHS.orders}`]: () => {
        tab = { ...ORDERED, items: [item(1, 'HELD')] };
        return answer(201, { data: tab });
      },
    });
    named();
    openPage();
    const cart = await fillCart();
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    expect(await screen.findByRole('status')).toHaveTextContent(GUEST_MESSAGES.orderedHeld);
    const ticket = screen.getByRole('region', { name: 'Sua comanda' });
    expect(within(ticket).getByText('Aguardando aprovação')).toBeInTheDocument();
  });

  it('shows the server’s refusal in its words and keeps the cart; the retry sends the same key', async () => {
    const unavailable = ORDER_ENTRY_MESSAGES.productUnavailable('Risoto');
    let refuse = true;
    const calls = guestApi({
      ...served(),
      [`POST ${GUEST_PATHS.orders}`]: () =>
        refuse ? refusal(409, unavailable) : answer(201, { data: ORDERED }),
    });
    named();
    openPage();
    const cart = await fillCart();
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    expect(await within(cart).findByRole('alert')).toHaveTextContent(unavailable);
    expect(within(cart).getByTestId('cart-total')).toHaveTextContent('R$ 145,00');
    expect(JSON.parse(localStorage.getItem(CART_KEY)!).lines).toHaveLength(2);
    // The menu is read again after the refusal: something may have run out.
    await waitFor(() => expect(calls.filter((call) => call.path === GUEST_PATHS.menu)).toHaveLength(2));

    refuse = false;
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    expect(await screen.findByRole('status')).toHaveTextContent(GUEST_MESSAGES.ordered);
    const keys = calls
      .filter((call) => call.path === GUEST_PATHS.orders)
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows which line the menu no longer takes once the menu is read again after a refusal', async () => {
    const unavailable = ORDER_ENTRY_MESSAGES.productUnavailable('Risoto');
    let soldOut = false;
    guestApi({
      ...served(),
      [`GET ${GUEST_PATHS.menu}`]: () =>
        answer(200, {
          data: {
            ...MENU,
            products: MENU.products.map((product) =>
              product.id === 10 ? { ...product, available: !soldOut } : product,
            ),
          },
        }),
      [`POST ${GUEST_PATHS.orders}`]: () => {
        soldOut = true;
        return refusal(409, unavailable);
      },
    });
    named();
    openPage();
    const cart = await fillCart();
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    const line = within(within(cart).getByRole('list', { name: 'Itens do pedido' })).getByRole('listitem', {
      name: 'Risoto',
    });
    expect(await within(line).findByText(unavailable)).toBeInTheDocument();
    expect(within(cart).getByRole('button', { name: 'Fazer pedido' })).toBeDisabled();
    await user().click(within(line).getByRole('button', { name: 'Remover Risoto' }));
    expect(within(cart).getByTestId('cart-total')).toHaveTextContent('R$ 45,00');
    expect(within(cart).getByRole('button', { name: 'Fazer pedido' })).toBeEnabled();
  });

  it('says when there are too many orders, and when the network is down', async () => {
    let down = false;
    guestApi({
      ...served(),
      [`POST ${GUEST_PATHS.orders}`]: () => {
        if (down) throw new TypeError('Failed to fetch');
        return refusal(429, GUEST_MESSAGES.tooMany);
      },
    });
    named();
    openPage();
    const cart = await fillCart();
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    expect(await within(cart).findByRole('alert')).toHaveTextContent(GUEST_MESSAGES.tooMany);
    down = true;
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    await waitFor(() => expect(within(cart).getByRole('alert')).toHaveTextContent(GUEST_MESSAGES.offline));
  });

  it('takes the whole page to the refused code when the token was rotated meanwhile', async () => {
    guestApi({ ...served(), [`POST ${GUEST_PATHS.orders}`]: () => refusal(403, GUEST_MESSAGES.badCode) });
    named();
    openPage();
    const cart = await fillCart();
    await user().click(within(cart).getByRole('button', { name: 'Fazer pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GUEST_MESSAGES.badCode);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chamar garçom' })).not.toBeInTheDocument();
  });
});

describe('the ticket', () => {
  it('shows each item’s state and the totals, and follows the kitchen as the polls answer', async () => {
    let version = 1;
    const states = { 1: 'PLACED', 2: 'PREPARING', 3: 'READY' } as const;
    const calls = guestApi({
      ...served(),
      [`GET ${GUEST_PATHS.tab}`]: (call) => {
        const etag = `"v${version}"`;
        if (call.headers.get('If-None-Match') === etag) return answer(304);
        return answer(
          200,
          { data: { ...ORDERED, items: [item(1, states[version as 1 | 2 | 3])] } },
          { etag },
        );
      },
    });
    named();
    openPage({ pollMs: 20 });
    const ticket = await screen.findByRole('region', { name: 'Sua comanda' });
    expect(within(ticket).getByText('2× Risoto')).toBeInTheDocument();
    expect(within(ticket).getByText('Aguardando')).toBeInTheDocument();
    expect(within(ticket).getByText('Taxa de serviço')).toBeInTheDocument();
    expect(within(ticket).getByText('R$ 10,00')).toBeInTheDocument();
    expect(within(ticket).getByTestId('ticket-total')).toHaveTextContent('R$ 110,00');

    // Unchanged, the server answers 304 and the ticket stays as it was.
    await waitFor(() =>
      expect(calls.some((call) => call.headers.get('If-None-Match') === '"v1"')).toBe(true),
    );
    expect(within(ticket).getByText('Aguardando')).toBeInTheDocument();

    version = 2;
    expect(await within(ticket).findByText('Preparando')).toBeInTheDocument();
    version = 3;
    expect(await within(ticket).findByText('Pronto')).toBeInTheDocument();
  });

  it('reads the ticket again as soon as the page is shown again', async () => {
    let status: 'PLACED' | 'READY' = 'PLACED';
    guestApi({
      ...served(),
      [`GET ${GUEST_PATHS.tab}`]: () => answer(200, { data: { ...ORDERED, items: [item(1, status)] } }),
    });
    named();
    openPage();
    const ticket = await screen.findByRole('region', { name: 'Sua comanda' });
    expect(within(ticket).getByText('Aguardando')).toBeInTheDocument();
    status = 'READY';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await within(ticket).findByText('Pronto')).toBeInTheDocument();
  });
});

describe("'Chamar garçom'", () => {
  it('calls the waiter to the table and stays off until the waiter comes', async () => {
    let tab = EMPTY_TAB;
    const calls = guestApi({
      ...served(),
      [`GET ${GUEST_PATHS.tab}`]: () => answer(200, { data: tab }),
      [`POST ${GUEST_PATHS.waiter}`]: () => {
        tab = { ...EMPTY_TAB, name: 'Ana', waiter_called: true };
        return answer(200, { data: tab });
      },
    });
    named();
    openPage();
    const button = await screen.findByRole('button', { name: 'Chamar garçom' });
    await waitFor(() => expect(calls.some((call) => call.path === GUEST_PATHS.tab)).toBe(true));
    await user().click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(GUEST_MESSAGES.waiterCalled);
    expect(button).toBeDisabled();
    const waiter = calls.filter((call) => call.path === GUEST_PATHS.waiter);
    expect(waiter).toHaveLength(1);
    expect(waiter[0]!.body).toEqual({ ...CODE, name: 'Ana' });
    expect(waiter[0]!.headers.get(DEVICE_HEADER)).toMatch(UUID);

    // The waiter came: the next read says so, and the guest may call again.
    tab = EMPTY_TAB;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(button).toBeEnabled());
  });
});
