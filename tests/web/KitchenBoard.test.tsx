import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { AuthContext, HttpError, useSidebarState } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/authProvider';
import type { HttpClient, Request } from '../../src/dataProvider/httpClient';
import { kitchenBoard, type OrderItem } from '../../contract/resources/kitchenBoard/definition';
import { KitchenBoard } from '../../src/resources/kitchenBoard/KitchenBoard';
import { outbox } from '../../src/offline/instance';
import type { KitchenGrouping, KitchenTimers } from '../../contract/resources/restaurants/definition';
import { renderScreen } from './renderScreen';
import { makeToken } from './tokens';

afterEach(() => {
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The guests of the board, by their ticket. */
const GUESTS: Record<number, { fullname: string; username: string }> = {
  100: { fullname: 'Ana Souza', username: 'ana.souza' },
  101: { fullname: 'Bia Lima', username: 'bia' },
  102: { fullname: 'Caio Prado', username: 'caio' },
  103: { fullname: 'Dora Reis', username: 'dora' },
};

function item(id: number, name: string, ticket: number, over: Partial<OrderItem> = {}): OrderItem {
  return {
    id,
    store_id: 2,
    order_id: 40,
    ticket_id: ticket,
    kitchen_id: 1,
    name,
    status: 'PLACED',
    thumbnail: null,
    quantity: 1,
    observations: null,
    complements: [],
    created_at: minutesAgo(2),
    updated_at: minutesAgo(2),
    customer: { profile_picture: null, ...(GUESTS[ticket] ?? { fullname: 'Eva', username: 'eva' }) },
    table: { number: 7 },
    ...over,
  };
}

/**
 * The board's items as the fake server holds them, oldest first. At table 7 (tab 40): Ana's
 * ticket (100) with a risotto waiting and a picanha being prepared, and Caio's (102), all done — a
 * pudding ready a minute ago and a salad cancelled. Bia's caipirinha (101) at the bar, without a
 * table; Dora's (103) lasagne and juices at table 3 (tab 42). Polls go through fetch with their
 * validators (`kitchen_id` and `store_id` filter them as the API does); actions through the
 * dataProvider's client, which changes the items as the API would (a card's call each item one
 * step from what the board showed; a recall READY back to PREPARING). `refuse` makes the next
 * action fail. The stores are Cantina Bella (2), the staff's own, and Sabor do Sertão (3), each
 * with its kitchen timers and grouping; `stores` is what the restaurants list answers.
 */
function fakeServer() {
  let version = 1;
  const items: OrderItem[] = [
    item(4, 'Pudim', 102, { status: 'READY', created_at: minutesAgo(30), updated_at: minutesAgo(1) }),
    item(5, 'Salada Caesar', 102, {
      status: 'CANCELLED',
      created_at: minutesAgo(25),
      updated_at: minutesAgo(3),
    }),
    item(3, 'Picanha na chapa', 100, {
      status: 'PREPARING',
      created_at: minutesAgo(20),
      updated_at: minutesAgo(14),
    }),
    item(1, 'Risoto de cogumelos', 100, {
      quantity: 2,
      observations: 'Sem cebola',
      complements: [
        { name: 'Parmesão extra', quantity: 1 },
        { name: 'Trufa', quantity: 2 },
      ],
      created_at: minutesAgo(12),
      updated_at: minutesAgo(12),
    }),
    item(6, 'Lasanha', 103, {
      order_id: 42,
      table: { number: 3 },
      created_at: minutesAgo(5),
      updated_at: minutesAgo(5),
    }),
    item(7, 'Suco de laranja', 103, {
      order_id: 42,
      kitchen_id: 2,
      quantity: 2,
      table: { number: 3 },
      created_at: minutesAgo(5),
      updated_at: minutesAgo(5),
    }),
    item(2, 'Caipirinha', 101, { order_id: 41, kitchen_id: 2, table: null }),
  ];
  const polls: string[] = [];
  const validators: (string | null)[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    polls.push(url.pathname + url.search);
    const ifNoneMatch = new Headers(init?.headers).get('If-None-Match');
    validators.push(ifNoneMatch);
    const etag = `W/"v${version}"`;
    if (ifNoneMatch === etag) return new Response(null, { status: 304 });
    const kitchen = url.searchParams.get('kitchen_id');
    const store = url.searchParams.get('store_id');
    const data = items.filter(
      (i) =>
        (kitchen === null || String(i.kitchen_id) === kitchen) &&
        (store === null || String(i.store_id) === store),
    );
    return new Response(JSON.stringify({ data }), {
      headers: { 'Content-Type': 'application/json', ETag: etag },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  const timers: Record<number, KitchenTimers> = {
    2: { placed: { warn: 5, late: 10 }, preparing: { warn: 12, late: 20 } },
    3: { placed: { warn: 30, late: 60 }, preparing: { warn: 40, late: 90 } },
  };
  const grouping: Record<number, KitchenGrouping> = { 2: 'ticket', 3: 'ticket' };
  const names: Record<number, string> = { 2: 'Cantina Bella', 3: 'Sabor do Sertão' };
  const storeRecord = (id: number) => ({
    id,
    name: names[id],
    info: { kitchen_timers: timers[id], kitchen_grouping: grouping[id] },
  });
  const moved = (target: OrderItem, status: OrderItem['status']) => {
    target.status = status;
    target.updated_at = new Date().toISOString();
  };
  const refused = () => {
    if (!server.refuse) return;
    const error = server.refuse;
    server.refuse = null;
    throw error;
  };

  const server = {
    items,
    polls,
    validators,
    timers,
    grouping,
    /** The ids the restaurants list answers. */
    stores: [2],
    /** Whether GET /api/stores/id/… fails. */
    storeDown: false,
    refuse: null as HttpError | null,
    /** A guest orders something: the next poll brings it. */
    add(added: OrderItem) {
      items.push(added);
      version++;
    },
    http: vi.fn<HttpClient>(async (path: string, request?: Request) => {
      if (path === '/api/stores') {
        const results: { id: number; name?: string }[] = server.stores.map((id) => ({ id, name: names[id] }));
        return { data: { results, total: results.length } };
      }
      if (path.startsWith('/api/stores/id/')) {
        const id = Number(path.split('/')[4]);
        if (server.storeDown) throw new HttpError('Ocorreu um erro inesperado. Tente novamente.', 500);
        if (request?.method === 'PATCH') {
          refused();
          const info = (
            request.body as { info: { kitchen_timers: KitchenTimers; kitchen_grouping: KitchenGrouping } }
          ).info;
          timers[id] = info.kitchen_timers;
          grouping[id] = info.kitchen_grouping;
        }
        return { data: storeRecord(id) };
      }
      if (path === '/api/kitchens') {
        return {
          data: {
            results: [
              { id: 1, name: 'Cozinha quente' },
              { id: 2, name: 'Bar' },
            ],
            total: 2,
          },
        };
      }
      refused();
      const find = (id: number) => items.find((i) => i.id === id)!;
      version++;
      if (path === '/api/orders/items/status') {
        const asked = (request?.body as { items: { id: number; from: OrderItem['status'] }[] }).items;
        for (const { id, from } of asked) {
          const target = find(id);
          if (target.status !== from) continue;
          if (from === 'PLACED') moved(target, 'PREPARING');
          if (from === 'PREPARING') moved(target, 'READY');
        }
        return { data: asked.map(({ id }) => find(id)) };
      }
      if (path === '/api/orders/items/recall') {
        const ids = (request?.body as { ids: number[] }).ids;
        for (const id of ids) if (find(id).status === 'READY') moved(find(id), 'PREPARING');
        return { data: ids.map(find) };
      }
      const target = find(Number(path.split('/')[5]));
      if (request?.method === 'DELETE') moved(target, 'CANCELLED');
      else moved(target, (request?.body as { status: OrderItem['status'] }).status);
      return { data: target };
    }),
  };
  return server;
}

function renderBoard(server = fakeServer()) {
  const view = renderScreen('/orders', { '/orders': <KitchenBoard /> }, server.http);
  return { ...view, server };
}

/**
 * The board as someone signed in with `role` sees it: the app's own authProvider reads the role
 * from the session's token, as the app does (react-admin asks it whether 'Tempos' is shown).
 */
function renderBoardAs(role: string, server = fakeServer()) {
  const token = makeToken({ role, store_id: role === 'ADMIN' ? null : 2 });
  localStorage.setItem('painel.session', JSON.stringify({ email: 't@painel.com.br', role, token }));
  const board = (
    <AuthContext.Provider value={createAuthProvider(server.http)}>
      <KitchenBoard />
    </AuthContext.Provider>
  );
  const view = renderScreen('/orders', { '/orders': board }, server.http);
  return { ...view, server };
}

/** A card, found by its name ('Mesa 7 Ana Souza'). */
const card = (name: string | RegExp) => screen.getByRole('article', { name });
/**
 * The cards on the board, each as its key and its lines: an item as `id:status`, the line of the
 * ready items beside what is still to do as `ready:ids`.
 */
const cardsShown = () =>
  screen
    .getAllByTestId('board-card')
    .map((element) => [
      element.dataset.cardKey,
      [
        ...element.querySelectorAll<HTMLElement>('[data-testid="board-item"], [data-testid="board-ready"]'),
      ].map((line) =>
        line.dataset.testid === 'board-ready'
          ? `ready:${line.dataset.itemIds}`
          : `${line.dataset.itemId}:${line.dataset.status}`,
      ),
    ]);
/** Whether an item is among a card's ready ones (beside what is still to do there). */
const folded = (id: number) =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="board-ready"]')].some((line) =>
    line.dataset.itemIds!.split(' ').includes(String(id)),
  );
/** An item's line on a card. */
const line = (id: number) =>
  document.querySelector<HTMLElement>(`[data-testid="board-item"][data-item-id="${id}"]`)!;
const statusOf = (id: number) => line(id)?.dataset.status;
const filterButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
/** The next poll, now rather than in 5 s: the board's queries refetch when the window regains focus. */
const pollNow = () =>
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
/** The item actions sent, as the API receives them. */
const actionsSent = (http: ReturnType<typeof fakeServer>['http']) =>
  http.mock.calls
    .filter(([path]) => path.startsWith(kitchenBoard.endpoint))
    .map(([path, request]) => [request?.method, path, request?.body]);
/** The paths the dataProvider's client was asked for, in order. */
const pathsCalled = (http: ReturnType<typeof fakeServer>['http']) => http.mock.calls.map(([path]) => path);
/** The writes sent under `prefix`, as the API receives them. */
const writesTo = (http: ReturnType<typeof fakeServer>['http'], prefix: string) =>
  http.mock.calls
    .filter(([path, request]) => path.startsWith(prefix) && request?.method)
    .map(([path, request]) => [request?.method, path, request?.body]);
/** The calls of one path's reads (the kitchens, the stores), with their query. */
const readsOf = (http: ReturnType<typeof fakeServer>['http'], path: string) =>
  http.mock.calls.filter(([called, request]) => called === path && !request?.method).map(([, r]) => r?.query);
/** A card's timer, also while a dialog hides the board from assistive technology. */
const timerOf = (name: RegExp) =>
  within(screen.getByRole('article', { name, hidden: true })).getByTestId('card-timer');
/** 'Todo o dia', as it reads. */
const allDay = () => screen.getAllByTestId('all-day-count').map((count) => count.textContent);

describe('the kitchen board (/orders): cards', () => {
  it("gathers each guest's items into a card, oldest first, with table, guest, time, complements and observations", async () => {
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Pedidos' });
    const ana = await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    // Ana's card runs from her picanha, ordered 20 minutes ago; Dora's, then Bia's, came later.
    // Caio's card is all done: it left the board.
    expect(cardsShown()).toEqual([
      ['ticket:100', ['3:PREPARING', '1:PLACED']],
      ['ticket:103', ['6:PLACED', '7:PLACED']],
      ['ticket:101', ['2:PLACED']],
    ]);
    expect(within(ana).getByTestId('card-timer')).toHaveTextContent('20 min');
    const risotto = within(ana).getByRole('button', { name: /^Preparar: 2× Risoto de cogumelos/ });
    expect(risotto).toHaveTextContent('+ Parmesão extra');
    expect(risotto).toHaveTextContent('+ 2× Trufa');
    expect(within(risotto).getByTestId('item-observations')).toHaveTextContent('Observação: Sem cebola');
    expect(within(ana).getByRole('button', { name: /^Pronto: Picanha na chapa/ })).toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: 'Avançar tudo' })).toBeInTheDocument();
    // Without a table, the guest names the card.
    const bia = card('Bia Lima');
    expect(within(bia).queryByText(/Mesa/)).not.toBeInTheDocument();
    expect(within(bia).getByRole('button', { name: 'Preparar tudo' })).toBeInTheDocument();
    expect(
      within(card('Mesa 3 Dora Reis')).getByRole('button', { name: /^Preparar: 2× Suco de laranja/ }),
    ).toBeInTheDocument();
  });

  it("gathers a table's items into one card when the store groups by table", async () => {
    const server = fakeServer();
    server.grouping[2] = 'table';
    renderBoard(server);
    await screen.findByRole('article', { name: 'Mesa 3 Dora' });
    // Table 7's tab holds Ana's and Caio's tickets: one card, whose oldest item is Caio's pudding.
    await waitFor(() =>
      expect(cardsShown()).toEqual([
        ['tab:40', ['ready:4', '5:CANCELLED', '3:PREPARING', '1:PLACED']],
        ['tab:42', ['6:PLACED', '7:PLACED']],
        ['tab:41', ['2:PLACED']],
      ]),
    );
    const table7 = card('Mesa 7 Caio, Ana');
    expect(within(table7).getByText('Esse item foi cancelado')).toBeInTheDocument();
    expect(within(table7).getByTestId('card-timer')).toHaveTextContent('30 min');
  });

  it('shows only the latest round of a ticket: what was ordered once everything before it was done', async () => {
    const server = fakeServer();
    // Caio, whose pudding was ready a minute ago, orders a coffee now.
    server.items.push(item(8, 'Café', 102, { created_at: minutesAgo(0), updated_at: minutesAgo(0) }));
    renderBoard(server);
    await screen.findByRole('article', { name: 'Mesa 7 Caio Prado' });
    expect(cardsShown().find(([key]) => key === 'ticket:102')).toEqual(['ticket:102', ['8:PLACED']]);
    expect(within(card('Mesa 7 Caio Prado')).getByTestId('card-timer')).toHaveTextContent('agora');
  });

  it('polls with the validator it holds, and keeps the same cards on a 304', async () => {
    const { server } = renderBoard();
    const ana = await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    await pollNow();
    await waitFor(() => expect(server.validators).toEqual([null, 'W/"v1"']));
    expect(card('Mesa 7 Ana Souza')).toBe(ana);
  });

  it('ages a card by its items in their stages: amber, then red with the word atrasado', async () => {
    renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    // The risotto has waited 12 min (red past 10).
    expect(timerOf(/Ana Souza/)).toHaveAttribute('data-ageing', 'red');
    expect(within(card('Mesa 7 Ana Souza')).getByText('atrasado')).toBeInTheDocument();
    // Dora's items have waited 5 min (amber from 5).
    expect(timerOf(/Dora/)).toHaveAttribute('data-ageing', 'amber');
    expect(within(card('Mesa 3 Dora Reis')).queryByText('atrasado')).not.toBeInTheDocument();
    expect(timerOf(/Bia/)).toHaveAttribute('data-ageing', 'ok');
  });
});

describe('the kitchen board (/orders): filters and counts', () => {
  it("counts each filter's items, shows a stage's items in their cards, and says when a filter has none", async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    const counts = Object.fromEntries(
      ['Aguardando', 'Preparando', 'Prontos', 'Cancelados', 'Todos'].map((name) => [
        name,
        filterButton(name).textContent,
      ]),
    );
    expect(counts).toEqual({
      Aguardando: 'Aguardando4',
      Preparando: 'Preparando1',
      Prontos: 'Prontos1',
      Cancelados: 'Cancelados1',
      Todos: 'Todos7',
    });
    expect(filterButton('Todos')).toHaveAttribute('aria-pressed', 'true');

    await user.click(filterButton('Aguardando'));
    expect(filterButton('Aguardando')).toHaveAttribute('aria-pressed', 'true');
    expect(cardsShown()).toEqual([
      ['ticket:100', ['1:PLACED']],
      ['ticket:103', ['6:PLACED', '7:PLACED']],
      ['ticket:101', ['2:PLACED']],
    ]);
    expect(localStorage.getItem('painel.board.filter')).toBe('PLACED');

    // What is done has its filters: there, Caio's card is back with what it holds of that stage.
    await user.click(filterButton('Prontos'));
    expect(cardsShown()).toEqual([['ticket:102', ['4:READY']]]);
    expect(within(card('Mesa 7 Caio Prado')).queryByRole('button', { name: /tudo/ })).not.toBeInTheDocument();
    await user.click(filterButton('Cancelados'));
    expect(cardsShown()).toEqual([['ticket:102', ['5:CANCELLED']]]);
    expect(within(card('Mesa 7 Caio Prado')).getByText('Esse item foi cancelado')).toBeInTheDocument();
    // Filtering never asks the server.
    expect(server.polls.every((url) => !url.includes('status'))).toBe(true);

    await user.click(filterButton('Aguardando'));
    server.items.splice(0, server.items.length, ...server.items.filter((i) => i.status !== 'PLACED'));
    server.add(item(9, 'Pudim', 104, { status: 'READY' }));
    await pollNow();
    await screen.findByText('Não foi encontrado nenhum pedido!');
    expect(filterButton('Aguardando')).toHaveTextContent('Aguardando0');
  });

  it("counts 'Todo o dia' at the station: each product still to make, quantities summed, as the board changes", async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    expect(screen.getByRole('heading', { name: 'Todo o dia' })).toBeInTheDocument();
    expect(allDay()).toEqual([
      'Risoto de cogumelos × 2',
      'Suco de laranja × 2',
      'Caipirinha × 1',
      'Lasanha × 1',
      'Picanha na chapa × 1',
    ]);
    // A guest orders: the counts follow the next read.
    server.add(item(10, 'Risoto de cogumelos', 103, { quantity: 3, order_id: 42, table: { number: 3 } }));
    await pollNow();
    await waitFor(() => expect(allDay()[0]).toBe('Risoto de cogumelos × 5'));
    // What is ready leaves the counts.
    await user.click(within(card('Mesa 7 Ana Souza')).getByRole('button', { name: /^Pronto: Picanha/ }));
    await waitFor(() => expect(allDay()).not.toContain('Picanha na chapa × 1'));
    // A station counts its own items only.
    await user.click(screen.getByRole('combobox', { name: 'Cozinha' }));
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await waitFor(() => expect(allDay()).toEqual(['Suco de laranja × 2', 'Caipirinha × 1']));
  });

  it("shows one station's items, sends its kitchen_id, and remembers it on this device", async () => {
    const { user, server, unmount } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    expect(server.polls[0]).toBe('/api/orders/items?page_size=500');
    await user.click(screen.getByRole('combobox', { name: 'Cozinha' }));
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    // A card shows the station's items only.
    await waitFor(() =>
      expect(cardsShown()).toEqual([
        ['ticket:103', ['7:PLACED']],
        ['ticket:101', ['2:PLACED']],
      ]),
    );
    expect(server.polls.at(-1)).toBe('/api/orders/items?kitchen_id=2&page_size=500');
    expect(localStorage.getItem('painel.board.station')).toBe('2');
    unmount();

    const again = fakeServer();
    renderBoard(again);
    await screen.findByRole('article', { name: 'Bia Lima' });
    expect(again.polls[0]).toBe('/api/orders/items?kitchen_id=2&page_size=500');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cozinha' })).toHaveTextContent('Bar'));
  });
});

describe('the kitchen board (/orders): moving cards and items', () => {
  it('moves a whole card one step in one call, each item from what it showed, and focus to the next card', async () => {
    const { user, server } = renderBoard();
    const ana = await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    const button = within(ana).getByRole('button', { name: 'Avançar tudo' });
    button.focus();
    await user.keyboard('{Enter}');
    // The keyboard moves on to Dora's card at once.
    expect(within(card('Mesa 3 Dora Reis')).getByRole('button', { name: 'Preparar tudo' })).toHaveFocus();
    await screen.findByText('O status dos itens de Mesa 7 · Ana Souza atualizado com sucesso!');
    expect(actionsSent(server.http)).toEqual([
      [
        'PATCH',
        '/api/orders/items/status',
        {
          items: [
            { id: 3, from: 'PREPARING' },
            { id: 1, from: 'PLACED' },
          ],
        },
      ],
    ]);
    await waitFor(() => expect(statusOf(1)).toBe('PREPARING'));
    // Each item moved one step: the picanha is ready, the risotto being prepared.
    expect(cardsShown()[0]).toEqual(['ticket:100', ['ready:3', '1:PREPARING']]);
    expect(within(card('Mesa 7 Ana Souza')).getByTestId('board-ready')).toHaveTextContent(
      'Pronto: Picanha na chapa',
    );
    expect(within(card('Mesa 7 Ana Souza')).getByRole('button', { name: 'Tudo pronto' })).toBeInTheDocument();

    // Dora's card, all ready in two presses, leaves the board; the focus is on Bia's by then.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(statusOf(6)).toBe('PREPARING'));
    expect(within(card('Bia Lima')).getByRole('button', { name: 'Preparar tudo' })).toHaveFocus();
    await user.click(within(card('Mesa 3 Dora Reis')).getByRole('button', { name: 'Tudo pronto' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Mesa 3 Dora Reis' })).not.toBeInTheDocument(),
    );
    expect(document.activeElement).not.toBe(document.body);
  });

  it('moves one item alone, with the spec message, and focus to the next item still to do', async () => {
    const { user, server } = renderBoard();
    const ana = await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    within(ana)
      .getByRole('button', { name: /^Preparar: 2× Risoto/ })
      .focus();
    await user.keyboard('{Enter}');
    // The next item to do is the first of Dora's card.
    expect(line(6).querySelector('button')).toHaveFocus();
    await screen.findByText('O status do item Risoto de cogumelos atualizado com sucesso!');
    expect(actionsSent(server.http)).toEqual([
      ['PATCH', '/api/orders/items/id/1/status', { status: 'PREPARING' }],
    ]);
    await waitFor(() => expect(statusOf(1)).toBe('PREPARING'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(statusOf(6)).toBe('PREPARING'));
    expect(line(7).querySelector('button')).toHaveFocus();
    // In preparation, the line reads 'Pronto' and moves it to READY.
    await user.click(within(card('Mesa 7 Ana Souza')).getByRole('button', { name: /^Pronto: 2× Risoto/ }));
    await waitFor(() => expect(folded(1)).toBe(true));
    expect(actionsSent(server.http).at(-1)).toEqual([
      'PATCH',
      '/api/orders/items/id/1/status',
      { status: 'READY' },
    ]);
    // A ready item is done with: it joins the line of the card's ready ones, no longer a button.
    expect(within(card('Mesa 7 Ana Souza')).getByTestId('board-ready')).toHaveTextContent(
      'Pronto: 2× Risoto de cogumelos',
    );
    expect(line(1)).toBeNull();
  });

  it('leaves the focus where the cook put it when the board reads again', async () => {
    const { server } = renderBoard();
    const ana = await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    const risotto = within(ana).getByRole('button', { name: /^Preparar: 2× Risoto/ });
    risotto.focus();
    // A tap on the page, away from any button.
    risotto.blur();
    server.add(item(30, 'Lasanha', 110, { order_id: 44, table: { number: 4 } }));
    await pollNow();
    await screen.findByText('1 novo pedido');
    expect(document.activeElement).toBe(document.body);
  });

  it("says why a move was refused, in the server's words; a server error keeps it to send again", async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    const ready = 'O item Picanha na chapa não pode ser atualizado pois já está pronto!';
    server.refuse = new HttpError(ready, 409, { error: { message: ready } });
    await user.click(within(card('Mesa 7 Ana Souza')).getByRole('button', { name: /^Pronto: Picanha/ }));
    await screen.findByText(ready);
    expect(outbox.snapshot().entries).toEqual([]);

    // A server error is no refusal: the outbox keeps the move and sends it again a moment later,
    // with the same key, the board showing it made meanwhile.
    server.refuse = new HttpError('Erro interno', 500, { error: { message: 'Erro interno do servidor.' } });
    await user.click(within(card('Bia Lima')).getByRole('button', { name: /^Preparar: Caipirinha/ }));
    await waitFor(() =>
      expect(outbox.snapshot().entries).toMatchObject([{ label: 'Item Caipirinha em preparo' }]),
    );
    expect(statusOf(2)).toBe('PREPARING');
    await waitFor(() => expect(outbox.snapshot().entries).toEqual([]));
    const keys = server.http.mock.calls
      .filter(([path]) => path === `${kitchenBoard.endpoint}/id/2/status`)
      .map(([, request]) => request?.headers?.['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(statusOf(2)).toBe('PREPARING');
  });

  it("cancels an item from its card's menu after asking why, with the spec's message", async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    const openMenu = async () => {
      await user.click(
        within(card('Mesa 7 Ana Souza')).getByRole('button', { name: 'Mais ações: Mesa 7 · Ana Souza' }),
      );
      return screen.findByRole('menu');
    };
    await user.click(
      within(await openMenu()).getByRole('menuitem', { name: 'Cancelar: 2× Risoto de cogumelos' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o item Risoto de cogumelos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actionsSent(server.http)).toEqual([]);
    // Back on the board, on the item it was about.
    await waitFor(() => expect(line(1).querySelector('button')).toHaveFocus());

    await user.click(
      within(await openMenu()).getByRole('menuitem', { name: 'Cancelar: 2× Risoto de cogumelos' }),
    );
    const asking = await screen.findByRole('dialog', { name: 'Cancelar o item Risoto de cogumelos?' });
    await waitFor(() => expect(within(asking).getByRole('textbox', { name: 'Motivo' })).toHaveFocus());
    await user.click(within(asking).getByRole('button', { name: 'Cancelar item' }));
    expect(await within(asking).findByText('Informe o motivo.')).toBeInTheDocument();
    expect(actionsSent(server.http)).toEqual([]);
    await user.type(within(asking).getByRole('textbox', { name: 'Motivo' }), '  Cliente desistiu  {Enter}');
    await screen.findByText('O item Risoto de cogumelos removido com sucesso!');
    expect(actionsSent(server.http)).toEqual([
      ['DELETE', '/api/orders/items/id/1', { reason: 'Cliente desistiu' }],
    ]);
    await waitFor(() => expect(statusOf(1)).toBe('CANCELLED'));
    expect(within(line(1)).getByText('Esse item foi cancelado')).toBeInTheDocument();
    expect(line(1).querySelector('button')).toBeNull();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('shows the server refusal of a cancellation in its words', async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    const closed = 'A comanda deste item já foi fechada: ele não pode ser cancelado.';
    server.refuse = new HttpError(closed, 409, { error: { message: closed } });
    await user.click(within(card('Mesa 7 Ana Souza')).getByRole('button', { name: /^Mais ações/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelar: Picanha na chapa' }));
    await user.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Motivo' }),
      'Sem picanha',
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar item' }),
    );
    await screen.findByText(closed);
    expect(statusOf(3)).toBe('PREPARING');
  });
});

describe("the kitchen board (/orders): 'Prontos recentes'", () => {
  it('lists the cards all done, the most recent first, and sends a whole card back to preparation', async () => {
    const server = fakeServer();
    // Eva's card was ready three hours ago: still there to recall.
    server.items.unshift(
      item(11, 'Tiramisu', 105, {
        order_id: 43,
        status: 'READY',
        created_at: minutesAgo(200),
        updated_at: minutesAgo(180),
      }),
      item(12, 'Café', 105, {
        order_id: 43,
        status: 'READY',
        created_at: minutesAgo(200),
        updated_at: minutesAgo(181),
      }),
    );
    const { user } = renderBoard(server);
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Prontos recentes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Prontos recentes' });
    const ready = within(drawer).getAllByTestId('ready-card');
    expect(ready.map((element) => element.dataset.cardKey)).toEqual(['ticket:102', 'ticket:105']);
    expect(within(ready[0]!).getByText('pronto há 1 min')).toBeInTheDocument();
    expect(within(ready[1]!).getByText('pronto há 3 h 00')).toBeInTheDocument();
    const eva = within(drawer).getByRole('article', { name: 'Mesa 7 · Eva' });
    await user.click(within(eva).getByRole('button', { name: 'Voltar tudo ao preparo' }));
    await screen.findByText('Os itens de Mesa 7 · Eva voltaram para o preparo.');
    expect(actionsSent(server.http)).toEqual([['PATCH', '/api/orders/items/recall', { ids: [11, 12] }]]);
    // It is back on the board, being prepared; it has left the recent ones.
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByTestId('ready-card')
          .map((element) => element.dataset.cardKey),
      ).toEqual(['ticket:102']),
    );
    // The keyboard stays in the list, on the card that is left.
    expect(within(drawer).getByRole('button', { name: 'Voltar tudo ao preparo' })).toHaveFocus();
    await user.click(within(drawer).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Ordered long ago, it comes back first; its preparation starts now.
    expect(cardsShown()[0]).toEqual(['ticket:105', ['11:PREPARING', '12:PREPARING']]);
    expect(timerOf(/Eva/)).toHaveTextContent('3 h 20');
    expect(timerOf(/Eva/)).toHaveAttribute('data-ageing', 'ok');
  });

  it('sends one item of a card back alone, and keeps the last 20 cards', async () => {
    const server = fakeServer();
    server.items.push(
      item(13, 'Pizza Margherita', 106, {
        status: 'READY',
        created_at: minutesAgo(9),
        updated_at: minutesAgo(4),
      }),
      item(14, 'Chopp', 106, { status: 'READY', created_at: minutesAgo(9), updated_at: minutesAgo(4) }),
    );
    for (let n = 0; n < 25; n++) {
      server.items.push(
        item(100 + n, 'Água', 200 + n, {
          status: 'READY',
          table: { number: 30 + n },
          created_at: minutesAgo(90),
          updated_at: minutesAgo(60 + n),
        }),
      );
    }
    const { user } = renderBoard(server);
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Prontos recentes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Prontos recentes' });
    expect(within(drawer).getAllByTestId('ready-card')).toHaveLength(20);
    const eva = within(drawer).getByRole('article', { name: 'Mesa 7 · Eva' });
    // A card of one item has the card's button only.
    expect(
      within(within(drawer).getByRole('article', { name: 'Mesa 7 · Caio Prado' })).getAllByRole('button'),
    ).toHaveLength(1);
    await user.click(within(eva).getByRole('button', { name: 'Voltar ao preparo: Chopp' }));
    await screen.findByText('O item Chopp voltou para o preparo.');
    expect(actionsSent(server.http)).toEqual([['PATCH', '/api/orders/items/recall', { ids: [14] }]]);
    await waitFor(() =>
      expect(within(drawer).queryByRole('article', { name: 'Mesa 7 · Eva' })).not.toBeInTheDocument(),
    );
    expect(document.activeElement).not.toBe(document.body);
  });

  it("sends a ready item back from its card's menu, on the board", async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    await user.click(within(card('Mesa 7 Ana Souza')).getByRole('button', { name: /^Pronto: Picanha/ }));
    await waitFor(() => expect(folded(3)).toBe(true));
    await user.click(within(card('Mesa 7 Ana Souza')).getByRole('button', { name: /^Mais ações/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Voltar ao preparo: Picanha na chapa' }));
    await screen.findByText('O item Picanha na chapa voltou para o preparo.');
    expect(actionsSent(server.http).at(-1)).toEqual(['PATCH', '/api/orders/items/recall', { ids: [3] }]);
    await waitFor(() => expect(statusOf(3)).toBe('PREPARING'));
  });
});

describe('the kitchen board (/orders): the store, the station, the alerts', () => {
  it("ages the cards by the store's own minutes, read once from the staff's store", async () => {
    const server = fakeServer();
    // Waiting: amber from 11 min, red from 30; in preparation: amber from 5, red from 13.
    server.timers[2] = { placed: { warn: 11, late: 30 }, preparing: { warn: 5, late: 13 } };
    renderBoard(server);
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    // In preparation for 14 min: red (amber by the defaults).
    await waitFor(() => expect(timerOf(/Ana/)).toHaveAttribute('data-ageing', 'red'));
    // Waiting 5 min: not yet amber by the store's minutes (amber by the defaults).
    expect(timerOf(/Dora/)).toHaveAttribute('data-ageing', 'ok');
    // The staff's store is the one the restaurants list gives them; the board asks for no other.
    expect(readsOf(server.http, '/api/stores')).toHaveLength(1);
    expect(pathsCalled(server.http).filter((path) => path.startsWith('/api/stores/id/'))).toEqual([
      '/api/stores/id/2',
    ]);
    expect(server.polls.every((url) => !url.includes('store_id'))).toBe(true);
  });

  it('ages the cards by the default minutes, per guest, when the store cannot be read', async () => {
    const server = fakeServer();
    server.timers[2] = { placed: { warn: 60, late: 120 }, preparing: { warn: 60, late: 120 } };
    server.grouping[2] = 'table';
    server.storeDown = true;
    renderBoard(server);
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    await waitFor(() => expect(pathsCalled(server.http)).toContain('/api/stores/id/2'));
    await pollNow();
    await waitFor(() => expect(server.validators.length).toBeGreaterThan(1));
    expect(timerOf(/Ana/)).toHaveAttribute('data-ageing', 'red');
    expect(timerOf(/Dora/)).toHaveAttribute('data-ageing', 'amber');
  });

  it("lets a manager change the store's minutes and cards under 'Tempos', checked as the API checks them", async () => {
    const { user, server } = renderBoardAs('MANAGER');
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    await user.click(await screen.findByRole('button', { name: 'Tempos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tempos da cozinha' });
    const field = (name: string) => within(dialog).getByRole('spinbutton', { name });
    expect(
      ['Aguardando: atenção', 'Aguardando: atraso', 'Preparando: atenção', 'Preparando: atraso'].map(
        (name) => (field(name) as HTMLInputElement).value,
      ),
    ).toEqual(['5', '10', '12', '20']);
    expect(within(dialog).getByRole('radio', { name: 'Um cartão por cliente da mesa' })).toBeChecked();
    const patches = () => writesTo(server.http, '/api/stores/id/');

    // Red no later than amber, out of range, not whole: refused before anything is sent.
    await user.clear(field('Aguardando: atraso'));
    await user.type(field('Aguardando: atraso'), '5');
    await user.clear(field('Preparando: atenção'));
    await user.type(field('Preparando: atenção'), '0');
    await user.clear(field('Preparando: atraso'));
    await user.type(field('Preparando: atraso'), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('O tempo de atraso deve ser maior que o de atenção.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Informe de 1 a 240 minutos.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe os minutos em números inteiros.')).toBeInTheDocument();
    expect(patches()).toEqual([]);

    // The server's refusal is shown in its words, and the dialog stays open.
    for (const [name, value] of [
      ['Aguardando: atenção', '11'],
      ['Aguardando: atraso', '30'],
      ['Preparando: atenção', '5'],
      ['Preparando: atraso', '13'],
    ] as const) {
      await user.clear(field(name));
      await user.type(field(name), value);
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Um cartão por mesa' }));
    const refused = 'Acesso restrito aos gerentes do restaurante.';
    server.refuse = new HttpError(refused, 403, { error: { message: refused } });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText(refused);
    expect(screen.getByRole('dialog', { name: 'Tempos da cozinha' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Tempos da cozinha atualizados com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = {
      info: {
        kitchen_timers: { placed: { warn: 11, late: 30 }, preparing: { warn: 5, late: 13 } },
        kitchen_grouping: 'table',
      },
    };
    expect(patches()).toEqual([
      ['PATCH', '/api/stores/id/2', saved],
      ['PATCH', '/api/stores/id/2', saved],
    ]);
    // The board gathers and ages its cards by the new choice at once.
    await waitFor(() =>
      expect(screen.getAllByTestId('board-card')[0]).toHaveAttribute('data-card-key', 'tab:40'),
    );
    expect(timerOf(/Mesa 7/)).toHaveAttribute('data-ageing', 'red');

    // Cancelar sends nothing.
    await user.click(screen.getByRole('button', { name: 'Tempos' }));
    const again = await screen.findByRole('dialog', { name: 'Tempos da cozinha' });
    expect(
      (within(again).getByRole('spinbutton', { name: 'Aguardando: atenção' }) as HTMLInputElement).value,
    ).toBe('11');
    expect(within(again).getByRole('radio', { name: 'Um cartão por mesa' })).toBeChecked();
    await user.click(within(again).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches()).toHaveLength(2);
  });

  it("hides 'Tempos' from the kitchen, who may not change the store's settings", async () => {
    const server = fakeServer();
    server.timers[2] = { placed: { warn: 11, late: 30 }, preparing: { warn: 5, late: 13 } };
    renderBoardAs('KITCHEN', server);
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    // The store was read (its minutes age the cards): the button would be there by now.
    await waitFor(() => expect(timerOf(/Dora/)).toHaveAttribute('data-ageing', 'ok'));
    await screen.findByRole('combobox', { name: 'Cozinha' });
    expect(screen.queryByRole('button', { name: 'Tempos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Restaurante' })).not.toBeInTheDocument();
  });

  it('lets an administrator choose the restaurant, remembered on this device, and work its board', async () => {
    const server = fakeServer();
    server.stores = [2, 3];
    server.items.push(
      item(20, 'Baião de dois', 300, {
        store_id: 3,
        order_id: 50,
        kitchen_id: 7,
        created_at: minutesAgo(35),
        updated_at: minutesAgo(35),
      }),
    );
    const { user, unmount } = renderBoardAs('ADMIN', server);
    expect(
      await screen.findByText('Escolha um restaurante para ver os pedidos da cozinha.'),
    ).toBeInTheDocument();
    expect(server.polls).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Cozinha' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tempos' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Restaurante' }), 'Sab');
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    const eva = await screen.findByRole('article', { name: 'Mesa 7 Eva' });
    expect(screen.getAllByTestId('board-card')).toHaveLength(1);
    expect(server.polls[0]).toBe('/api/orders/items?store_id=3&page_size=500');
    expect(localStorage.getItem('painel.board.store')).toBe('3');
    // Its kitchens, and its minutes: 35 min waiting is amber there (red by the defaults).
    await waitFor(() => expect(readsOf(server.http, '/api/kitchens').at(-1)).toMatchObject({ store_id: 3 }));
    await waitFor(() =>
      expect(within(eva).getByTestId('card-timer')).toHaveAttribute('data-ageing', 'amber'),
    );
    expect(await screen.findByRole('button', { name: 'Tempos' })).toBeInTheDocument();

    await user.click(within(eva).getByRole('button', { name: 'Preparar tudo' }));
    await screen.findByText('O status dos itens de Mesa 7 · Eva atualizado com sucesso!');
    expect(actionsSent(server.http)).toEqual([
      ['PATCH', '/api/orders/items/status', { items: [{ id: 20, from: 'PLACED' }] }],
    ]);
    unmount();

    const again = fakeServer();
    again.stores = [2, 3];
    renderBoardAs('ADMIN', again);
    await waitFor(() => expect(again.polls[0]).toBe('/api/orders/items?store_id=3&page_size=500'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Restaurante' })).toHaveValue('Sabor do Sertão'),
    );
  });

  it('alerts on items that arrive after the first read: pulsing cards and a banner until OK', async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    expect(screen.queryByText(/novos? pedidos?/)).not.toBeInTheDocument();
    expect(screen.getAllByTestId('board-card').filter((c) => c.dataset.fresh)).toEqual([]);

    server.add(item(30, 'Lasanha', 110, { order_id: 44, table: { number: 4 } }));
    server.add(item(31, 'Coxinha', 110, { order_id: 44, table: { number: 4 } }));
    await pollNow();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('2 novos pedidos');
    expect(card('Mesa 4 Eva')).toHaveAttribute('data-fresh', 'true');
    expect(within(card('Mesa 4 Eva')).getAllByText('NOVO')).toHaveLength(2);
    expect(card('Mesa 7 Ana Souza')).not.toHaveAttribute('data-fresh');

    await user.click(within(banner).getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('2 novos pedidos')).not.toBeInTheDocument();
    expect(card('Mesa 4 Eva')).not.toHaveAttribute('data-fresh');

    server.add(item(32, 'Pastel', 111, { order_id: 45, table: { number: 5 } }));
    await pollNow();
    expect(await screen.findByRole('alert')).toHaveTextContent('1 novo pedido');
  });

  it("beeps on new items only once 'Ativar som' was pressed, and remembers the choice", async () => {
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      state = 'running';
      resume = vi.fn(async () => undefined);
      close = vi.fn(async () => undefined);
      createGain() {
        return {
          gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
          connect: vi.fn(),
        };
      }
      createOscillator() {
        return {
          type: 'sine',
          frequency: { value: 0 },
          connect: vi.fn(),
          start: (at: number) => started.push(at),
          stop: vi.fn(),
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });

    server.add(item(30, 'Lasanha', 110));
    await pollNow();
    await screen.findByText('1 novo pedido');
    expect(started).toEqual([]);

    const soundButton = screen.getByRole('button', { name: 'Ativar som' });
    expect(soundButton).toHaveAttribute('aria-pressed', 'false');
    await user.click(soundButton);
    expect(screen.getByRole('button', { name: 'Som ativado' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('painel.board.sound')).toBe('on');

    server.add(item(31, 'Coxinha', 110));
    await pollNow();
    await screen.findByText('2 novos pedidos');
    expect(started.length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Som ativado' }));
    expect(localStorage.getItem('painel.board.sound')).toBe('off');
    const beeps = started.length;
    server.add(item(32, 'Pastel', 110));
    await pollNow();
    await screen.findByText('3 novos pedidos');
    expect(started).toHaveLength(beeps);
  });

  it('closes the side menu on a tablet, and opens it again on leaving', async () => {
    // A tablet: narrower than the `lg` breakpoint, wider than a phone's.
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('1199.95'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    const seen: boolean[] = [];
    function Menu() {
      const [open] = useSidebarState();
      seen.push(open);
      return null;
    }
    function Page() {
      const [board, setBoard] = useState(true);
      return (
        <>
          <Menu />
          <button onClick={() => setBoard(false)}>Outra tela</button>
          {board ? <KitchenBoard /> : null}
        </>
      );
    }
    const server = fakeServer();
    const { user } = renderScreen('/orders', { '/orders': <Page /> }, server.http);
    await screen.findByRole('article', { name: 'Mesa 7 Ana Souza' });
    expect(seen[0]).toBe(true);
    expect(seen.at(-1)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Outra tela' }));
    await waitFor(() => expect(seen.at(-1)).toBe(true));
  });
});
