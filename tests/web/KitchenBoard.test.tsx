import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { AuthContext, HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/authProvider';
import type { HttpClient, Request } from '../../src/dataProvider/httpClient';
import { orderItems, type OrderItem } from '../../src/resources/orderItems/definition';
import { KitchenBoard } from '../../src/resources/orderItems/KitchenBoard';
import type { KitchenTimers } from '../../src/resources/restaurants/definition';
import { renderScreen } from './renderScreen';
import { makeToken } from './tokens';

afterEach(() => {
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function item(id: number, name: string, over: Partial<OrderItem> = {}): OrderItem {
  return {
    id,
    store_id: 2,
    order_id: 40,
    kitchen_id: 1,
    name,
    status: 'PLACED',
    thumbnail: null,
    quantity: 1,
    observations: null,
    complements: [],
    created_at: minutesAgo(2),
    updated_at: minutesAgo(2),
    customer: { profile_picture: null, username: 'ana.souza' },
    table: { number: 7 },
    ...over,
  };
}

/**
 * The board's items as the fake server holds them, oldest first: two waiting (one for the bar),
 * one in preparation, one ready a moment ago, one cancelled. Polls go through fetch with their
 * validators (`kitchen_id` and `store_id` filter them as the API does); actions through the
 * dataProvider's client, which changes the items as the API would. `refuse` makes the next action
 * fail. The stores are Cantina Bella (2), the staff's own, and Sabor do Sertão (3), each with its
 * kitchen timers; `stores` is what the restaurants list answers (staff get their own only).
 */
function fakeServer() {
  let version = 1;
  const items: OrderItem[] = [
    item(1, 'Risoto de cogumelos', {
      quantity: 2,
      observations: 'Sem cebola',
      complements: [
        { name: 'Parmesão extra', quantity: 1 },
        { name: 'Trufa', quantity: 2 },
      ],
      created_at: minutesAgo(12),
      updated_at: minutesAgo(12),
    }),
    item(2, 'Caipirinha', {
      kitchen_id: 2,
      table: null,
      customer: { profile_picture: null, username: 'bia' },
    }),
    item(3, 'Picanha na chapa', {
      status: 'PREPARING',
      created_at: minutesAgo(20),
      updated_at: minutesAgo(14),
    }),
    item(4, 'Pudim', { status: 'READY', created_at: minutesAgo(30), updated_at: minutesAgo(1) }),
    item(5, 'Salada Caesar', { status: 'CANCELLED', created_at: minutesAgo(25), updated_at: minutesAgo(3) }),
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
  const names: Record<number, string> = { 2: 'Cantina Bella', 3: 'Sabor do Sertão' };
  const storeRecord = (id: number) => ({ id, name: names[id], info: { kitchen_timers: timers[id] } });

  const server = {
    items,
    polls,
    validators,
    timers,
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
          if (server.refuse) {
            const error = server.refuse;
            server.refuse = null;
            throw error;
          }
          timers[id] = (request.body as { info: { kitchen_timers: KitchenTimers } }).info.kitchen_timers;
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
      if (server.refuse) {
        const error = server.refuse;
        server.refuse = null;
        throw error;
      }
      const id = Number(path.split('/')[5]);
      const target = items.find((i) => i.id === id)!;
      if (request?.method === 'DELETE') target.status = 'CANCELLED';
      else target.status = (request?.body as { status: OrderItem['status'] }).status;
      target.updated_at = new Date().toISOString();
      version++;
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

/** The card of an item, found by its name. */
const card = (name: string) => screen.getByRole('article', { name: new RegExp(name) });
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
    .filter(([path]) => path.startsWith(orderItems.endpoint))
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
/** A card's stage timer, also while a dialog hides the board from assistive technology. */
const timerOf = (name: string) =>
  within(screen.getByRole('article', { name: new RegExp(name), hidden: true })).getByTestId('stage-timer');

describe('the kitchen board (/orders)', () => {
  it('shows each item as a card: count, name, observations, complements, customer, table and stage', async () => {
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Pedidos' });
    const risotto = await screen.findByRole('article', { name: '2× Risoto de cogumelos Mesa 7' });
    expect(within(risotto).getByTestId('item-observations')).toHaveTextContent('Observação: Sem cebola');
    const complements = within(risotto).getByRole('list', { name: 'Complementos' });
    expect(
      within(complements)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Parmesão extra', '2× Trufa']);
    expect(within(risotto).getByText('@ana.souza')).toBeInTheDocument();
    expect(within(risotto).getByText('Pedido há 12 min')).toBeInTheDocument();
    expect(within(risotto).getByTestId('item-status')).toHaveTextContent('Aguardando');
    // Delivery: no table.
    const caipirinha = card('Caipirinha');
    expect(caipirinha).toHaveAccessibleName('Caipirinha');
    expect(within(caipirinha).queryByText(/Mesa/)).not.toBeInTheDocument();
    expect(within(caipirinha).getByText('@bia')).toBeInTheDocument();
    // Oldest first, as the API sends them.
    expect(screen.getAllByTestId('item-card').map((c) => c.dataset.status)).toEqual([
      'PLACED',
      'PLACED',
      'PREPARING',
      'READY',
      'CANCELLED',
    ]);
  });

  it("puts under 'Todos' what was settled over the recall minutes ago after the work still to do", async () => {
    const server = fakeServer();
    server.items.unshift(
      item(11, 'Tiramisu', { status: 'READY', created_at: minutesAgo(50), updated_at: minutesAgo(40) }),
      item(12, 'Bruschetta', { status: 'CANCELLED', created_at: minutesAgo(45), updated_at: minutesAgo(30) }),
    );
    const { user } = renderBoard(server);
    const live = await screen.findByRole('list', { name: 'Pedidos' });
    expect(
      within(live)
        .getAllByRole('article')
        .map((c) => c.dataset.status),
    ).toEqual(['PLACED', 'PLACED', 'PREPARING', 'READY', 'CANCELLED']);
    const settled = screen.getByRole('list', { name: 'Prontos ou cancelados há mais de 5 minutos' });
    expect(within(settled).getAllByRole('article')).toHaveLength(2);
    expect(within(settled).getByRole('article', { name: /Tiramisu/ })).toBeInTheDocument();
    expect(within(settled).getByRole('article', { name: /Bruschetta/ })).toBeInTheDocument();
    // A stage's filter keeps the API's order, oldest first.
    await user.click(filterButton('Prontos'));
    expect(screen.getAllByRole('article').map((c) => c.querySelector('h2')?.textContent)).toEqual([
      'Tiramisu',
      'Pudim',
    ]);
  });

  it('polls with the validator it holds, and keeps the same cards on a 304', async () => {
    const { server } = renderBoard();
    const risotto = await screen.findByRole('article', { name: /Risoto/ });
    await pollNow();
    await waitFor(() => expect(server.validators).toEqual([null, 'W/"v1"']));
    expect(card('Risoto')).toBe(risotto);
  });

  it('ages each ticket in its stage: amber, then red with the word atrasado', async () => {
    renderBoard();
    const risotto = await screen.findByRole('article', { name: /Risoto/ });
    // Waiting for 12 min (red past 10).
    expect(within(risotto).getByTestId('stage-timer')).toHaveAttribute('data-ageing', 'red');
    expect(within(risotto).getByTestId('stage-timer')).toHaveTextContent('12 min · atrasado');
    // In preparation for 14 min, ordered 20 min ago (amber past 12, red past 20).
    const picanha = card('Picanha');
    expect(within(picanha).getByTestId('stage-timer')).toHaveAttribute('data-ageing', 'amber');
    expect(within(picanha).getByTestId('stage-timer')).toHaveTextContent(/^14 min$/);
    expect(within(picanha).getByText('Pedido há 20 min')).toBeInTheDocument();
    expect(within(card('Caipirinha')).getByTestId('stage-timer')).toHaveAttribute('data-ageing', 'ok');
  });

  it('counts the items of each filter, filters on the client, and says when a filter has none', async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: /Risoto/ });
    const counts = Object.fromEntries(
      ['Aguardando', 'Preparando', 'Prontos', 'Cancelados', 'Todos'].map((name) => [
        name,
        filterButton(name).textContent,
      ]),
    );
    expect(counts).toEqual({
      Aguardando: 'Aguardando2',
      Preparando: 'Preparando1',
      Prontos: 'Prontos1',
      Cancelados: 'Cancelados1',
      Todos: 'Todos5',
    });
    // 'Todos' is the default.
    expect(filterButton('Todos')).toHaveAttribute('aria-pressed', 'true');

    await user.click(filterButton('Preparando'));
    expect(filterButton('Preparando')).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton('Todos')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('item-card').map((c) => c.dataset.status)).toEqual(['PREPARING']);
    expect(localStorage.getItem('painel.board.filter')).toBe('PREPARING');

    await user.click(filterButton('Aguardando'));
    expect(screen.getAllByTestId('item-card')).toHaveLength(2);
    // Filtering never asks the server.
    expect(server.polls.every((url) => !url.includes('status'))).toBe(true);

    server.items.splice(0, server.items.length, ...server.items.filter((i) => i.status !== 'PLACED'));
    server.add(item(9, 'Pudim', { status: 'READY' }));
    await pollNow();
    await screen.findByText('Não foi encontrado nenhum pedido!');
    expect(filterButton('Aguardando')).toHaveTextContent('Aguardando0');
  });

  it("moves a waiting item to preparation with 'Preparar', with the spec's message, and reads the board again", async () => {
    const { user, server } = renderBoard();
    const risotto = await screen.findByRole('article', { name: /Risoto/ });
    await user.click(within(risotto).getByRole('button', { name: 'Preparar' }));
    await screen.findByText('O status do item Risoto de cogumelos atualizado com sucesso!');
    expect(actionsSent(server.http)).toEqual([
      ['PATCH', '/api/orders/items/id/1/status', { status: 'PREPARING' }],
    ]);
    await waitFor(() =>
      expect(within(card('Risoto')).getByTestId('item-status')).toHaveTextContent('Preparando'),
    );
    // In preparation, the skip-step reads 'Pronto' and moves it to READY.
    await user.click(within(card('Risoto')).getByRole('button', { name: 'Pronto' }));
    await waitFor(() =>
      expect(actionsSent(server.http)[1]).toEqual([
        'PATCH',
        '/api/orders/items/id/1/status',
        { status: 'READY' },
      ]),
    );
    await waitFor(() => expect(card('Risoto')).toHaveAttribute('data-status', 'READY'));
  });

  it('refuses the skip-step on a ready item with the spec message, without calling the server', async () => {
    const { user, server } = renderBoard();
    const pudim = await screen.findByRole('article', { name: /Pudim/ });
    expect(within(pudim).getByTestId('item-status')).toHaveTextContent('Pronto');
    await user.click(within(pudim).getByRole('button', { name: 'Já está pronto' }));
    await screen.findByText('O item Pudim não pode ser atualizado pois já está pronto!');
    expect(actionsSent(server.http)).toEqual([]);
  });

  it('brings a ready item back to preparation within the recall minutes, and not after', async () => {
    const server = fakeServer();
    server.items.push(item(6, 'Tiramisu', { status: 'READY', updated_at: minutesAgo(6) }));
    const { user } = renderBoard(server);
    const pudim = await screen.findByRole('article', { name: /Pudim/ });
    expect(
      within(card('Tiramisu')).queryByRole('button', { name: 'Voltar ao preparo' }),
    ).not.toBeInTheDocument();
    await user.click(within(pudim).getByRole('button', { name: 'Voltar ao preparo' }));
    await screen.findByText('O item Pudim voltou para o preparo.');
    expect(actionsSent(server.http)).toEqual([
      ['PATCH', '/api/orders/items/id/4/status', { status: 'PREPARING' }],
    ]);
    await waitFor(() => expect(card('Pudim')).toHaveAttribute('data-status', 'PREPARING'));
  });

  it('shows the server refusal of a recall (too late), and the spec message when the server says nothing', async () => {
    const { user, server } = renderBoard();
    const pudim = await screen.findByRole('article', { name: /Pudim/ });
    const tooLate = 'O item Pudim ficou pronto há mais de 5 minutos e não pode voltar ao preparo.';
    server.refuse = new HttpError(tooLate, 409, { error: { message: tooLate } });
    await user.click(within(pudim).getByRole('button', { name: 'Voltar ao preparo' }));
    await screen.findByText(tooLate);

    server.refuse = new HttpError('Ocorreu um erro ao tentar carregar as informações dessa página', 500, {
      error: { message: 'Erro interno do servidor.' },
    });
    await user.click(within(card('Risoto')).getByRole('button', { name: 'Preparar' }));
    await screen.findByText('Ocorreu um problema ao tentar atualizar o status do item Risoto de cogumelos.');
    expect(card('Risoto')).toHaveAttribute('data-status', 'PLACED');
  });

  it("cancels an item after asking, with the spec's message; a cancelled card offers nothing", async () => {
    const { user, server } = renderBoard();
    const risotto = await screen.findByRole('article', { name: /Risoto/ });
    await user.click(within(risotto).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o item Risoto de cogumelos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actionsSent(server.http)).toEqual([]);

    await user.click(within(card('Risoto')).getByRole('button', { name: 'Cancelar' }));
    const asking = await screen.findByRole('dialog', { name: 'Cancelar o item Risoto de cogumelos?' });
    // The reason is asked first, where the cursor already is: without it, nothing is sent.
    await waitFor(() => expect(within(asking).getByRole('textbox', { name: 'Motivo' })).toHaveFocus());
    await user.click(within(asking).getByRole('button', { name: 'Cancelar item' }));
    expect(await within(asking).findByText('Informe o motivo.')).toBeInTheDocument();
    expect(actionsSent(server.http)).toEqual([]);
    await user.type(within(asking).getByRole('textbox', { name: 'Motivo' }), '  Cliente desistiu  {Enter}');
    await screen.findByText('O item Risoto de cogumelos removido com sucesso!');
    expect(actionsSent(server.http)).toEqual([
      ['DELETE', '/api/orders/items/id/1', { reason: 'Cliente desistiu' }],
    ]);
    await waitFor(() => expect(card('Risoto')).toHaveAttribute('data-status', 'CANCELLED'));
    expect(within(card('Risoto')).getByText('Esse item foi cancelado')).toBeInTheDocument();
    expect(within(card('Risoto')).queryAllByRole('button')).toEqual([]);
    expect(within(card('Salada Caesar')).getByText('Esse item foi cancelado')).toBeInTheDocument();
    expect(within(card('Salada Caesar')).queryAllByRole('button')).toEqual([]);
  });

  it("says when a cancellation failed, with the server's reason when it gives one", async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: /Risoto/ });
    server.refuse = new HttpError('', 0);
    await user.click(within(card('Picanha')).getByRole('button', { name: 'Cancelar' }));
    await user.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Motivo' }),
      'Sem picanha',
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar item' }),
    );
    await screen.findByText('Ocorreu um problema ao tentar remover o item Picanha na chapa.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card('Picanha')).toHaveAttribute('data-status', 'PREPARING');

    const closed = 'A comanda deste item já foi fechada: ele não pode ser cancelado.';
    server.refuse = new HttpError(closed, 409, { error: { message: closed } });
    await user.click(within(card('Picanha')).getByRole('button', { name: 'Cancelar' }));
    await user.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Motivo' }),
      'Sem picanha',
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar item' }),
    );
    await screen.findByText(closed);
  });

  it("shows one station's items, sends its kitchen_id, and remembers it on this device", async () => {
    const { user, server, unmount } = renderBoard();
    await screen.findByRole('article', { name: /Risoto/ });
    expect(server.polls[0]).toBe('/api/orders/items?page_size=500');
    await user.click(screen.getByRole('combobox', { name: 'Cozinha' }));
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(1));
    expect(card('Caipirinha')).toBeInTheDocument();
    expect(server.polls.at(-1)).toBe('/api/orders/items?kitchen_id=2&page_size=500');
    expect(localStorage.getItem('painel.board.station')).toBe('2');
    unmount();

    const again = fakeServer();
    renderBoard(again);
    await screen.findByRole('article', { name: /Caipirinha/ });
    expect(again.polls[0]).toBe('/api/orders/items?kitchen_id=2&page_size=500');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cozinha' })).toHaveTextContent('Bar'));
  });

  it("ages the cards by the store's own minutes, read once from the staff's store", async () => {
    const server = fakeServer();
    // Waiting: amber from 11 min, red from 30; in preparation: amber from 5, red from 13.
    server.timers[2] = { placed: { warn: 11, late: 30 }, preparing: { warn: 5, late: 13 } };
    renderBoard(server);
    await screen.findByRole('article', { name: /Risoto/ });
    // Waiting 12 min: amber by the store's minutes (red by the defaults).
    await waitFor(() => expect(timerOf('Risoto')).toHaveAttribute('data-ageing', 'amber'));
    expect(timerOf('Risoto')).toHaveTextContent(/^12 min$/);
    // In preparation for 14 min: red (amber by the defaults).
    expect(timerOf('Picanha')).toHaveAttribute('data-ageing', 'red');
    expect(timerOf('Picanha')).toHaveTextContent('14 min · atrasado');
    expect(timerOf('Caipirinha')).toHaveAttribute('data-ageing', 'ok');
    // The staff's store is the one the restaurants list gives them; the board asks for no other.
    expect(readsOf(server.http, '/api/stores')).toHaveLength(1);
    expect(pathsCalled(server.http).filter((path) => path.startsWith('/api/stores/id/'))).toEqual([
      '/api/stores/id/2',
    ]);
    // The polls never name a store: the API knows the staff's.
    expect(server.polls.every((url) => !url.includes('store_id'))).toBe(true);
  });

  it('ages the cards by the default minutes when the store cannot be read', async () => {
    const server = fakeServer();
    server.timers[2] = { placed: { warn: 60, late: 120 }, preparing: { warn: 60, late: 120 } };
    server.storeDown = true;
    renderBoard(server);
    await screen.findByRole('article', { name: /Risoto/ });
    await waitFor(() => expect(pathsCalled(server.http)).toContain('/api/stores/id/2'));
    await pollNow();
    await waitFor(() => expect(server.validators.length).toBeGreaterThan(1));
    expect(timerOf('Risoto')).toHaveAttribute('data-ageing', 'red');
    expect(timerOf('Picanha')).toHaveAttribute('data-ageing', 'amber');
  });

  it("lets a manager change the store's minutes under 'Tempos', checked as the API checks them", async () => {
    const { user, server } = renderBoardAs('MANAGER');
    await screen.findByRole('article', { name: /Risoto/ });
    const button = await screen.findByRole('button', { name: 'Tempos' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Tempos da cozinha' });
    const field = (name: string) => within(dialog).getByRole('spinbutton', { name });
    expect(
      ['Aguardando: atenção', 'Aguardando: atraso', 'Preparando: atenção', 'Preparando: atraso'].map(
        (name) => (field(name) as HTMLInputElement).value,
      ),
    ).toEqual(['5', '10', '12', '20']);
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
    const refused = 'Acesso restrito aos gerentes do restaurante.';
    server.refuse = new HttpError(refused, 403, { error: { message: refused } });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText(refused);
    expect(screen.getByRole('dialog', { name: 'Tempos da cozinha' })).toBeInTheDocument();
    expect(timerOf('Risoto')).toHaveAttribute('data-ageing', 'red');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Tempos da cozinha atualizados com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = { placed: { warn: 11, late: 30 }, preparing: { warn: 5, late: 13 } };
    expect(patches()).toEqual([
      ['PATCH', '/api/stores/id/2', { info: { kitchen_timers: saved } }],
      ['PATCH', '/api/stores/id/2', { info: { kitchen_timers: saved } }],
    ]);
    // The cards age by the new minutes at once.
    await waitFor(() => expect(timerOf('Risoto')).toHaveAttribute('data-ageing', 'amber'));
    expect(timerOf('Picanha')).toHaveAttribute('data-ageing', 'red');

    // Cancelar sends nothing.
    await user.click(screen.getByRole('button', { name: 'Tempos' }));
    const again = await screen.findByRole('dialog', { name: 'Tempos da cozinha' });
    expect(
      (within(again).getByRole('spinbutton', { name: 'Aguardando: atenção' }) as HTMLInputElement).value,
    ).toBe('11');
    await user.click(within(again).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches()).toHaveLength(2);
  });

  it("hides 'Tempos' from a waiter, who may not change the store's settings", async () => {
    const server = fakeServer();
    server.timers[2] = { placed: { warn: 11, late: 30 }, preparing: { warn: 5, late: 13 } };
    renderBoardAs('WAITER', server);
    await screen.findByRole('article', { name: /Risoto/ });
    // The store was read (its minutes age the cards): the button would be there by now.
    await waitFor(() => expect(timerOf('Risoto')).toHaveAttribute('data-ageing', 'amber'));
    await screen.findByRole('combobox', { name: 'Cozinha' });
    expect(screen.queryByRole('button', { name: 'Tempos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Restaurante' })).not.toBeInTheDocument();
  });

  it('lets an administrator choose the restaurant, remembered on this device, and work its board', async () => {
    const server = fakeServer();
    server.stores = [2, 3];
    server.items.push(
      item(20, 'Baião de dois', {
        store_id: 3,
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
    const baiao = await screen.findByRole('article', { name: /Baião de dois/ });
    expect(screen.getAllByTestId('item-card')).toHaveLength(1);
    expect(server.polls[0]).toBe('/api/orders/items?store_id=3&page_size=500');
    expect(localStorage.getItem('painel.board.store')).toBe('3');
    expect(
      screen.queryByText('Escolha um restaurante para ver os pedidos da cozinha.'),
    ).not.toBeInTheDocument();
    // Its kitchens, and its minutes: 35 min waiting is amber there (red by the defaults).
    await waitFor(() => expect(readsOf(server.http, '/api/kitchens').at(-1)).toMatchObject({ store_id: 3 }));
    await waitFor(() =>
      expect(within(baiao).getByTestId('stage-timer')).toHaveAttribute('data-ageing', 'amber'),
    );
    // An administrator may change the store's settings.
    expect(await screen.findByRole('button', { name: 'Tempos' })).toBeInTheDocument();

    await user.click(within(baiao).getByRole('button', { name: 'Preparar' }));
    await screen.findByText('O status do item Baião de dois atualizado com sucesso!');
    expect(actionsSent(server.http)).toEqual([
      ['PATCH', '/api/orders/items/id/20/status', { status: 'PREPARING' }],
    ]);
    unmount();

    const again = fakeServer();
    again.stores = [2, 3];
    renderBoardAs('ADMIN', again);
    await screen.findByRole('article', { name: /Risoto/ }).catch(() => undefined);
    await waitFor(() => expect(again.polls[0]).toBe('/api/orders/items?store_id=3&page_size=500'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Restaurante' })).toHaveValue('Sabor do Sertão'),
    );
  });

  it('alerts on items that arrive after the first read: pulsing cards and a banner until OK', async () => {
    const { user, server } = renderBoard();
    await screen.findByRole('article', { name: /Risoto/ });
    // What was there on opening is not new.
    expect(screen.queryByText(/novos? pedidos?/)).not.toBeInTheDocument();
    expect(screen.getAllByTestId('item-card').filter((c) => c.dataset.fresh)).toEqual([]);

    server.add(item(7, 'Lasanha', { table: { number: 3 } }));
    server.add(item(8, 'Coxinha', { table: { number: 3 } }));
    await pollNow();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('2 novos pedidos');
    expect(card('Lasanha')).toHaveAttribute('data-fresh', 'true');
    expect(within(card('Lasanha')).getByText('Novo')).toBeInTheDocument();
    expect(card('Risoto')).not.toHaveAttribute('data-fresh');

    await user.click(within(banner).getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('2 novos pedidos')).not.toBeInTheDocument();
    expect(card('Lasanha')).not.toHaveAttribute('data-fresh');

    // A later arrival alerts again, alone.
    server.add(item(10, 'Pastel', { table: { number: 4 } }));
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
    await screen.findByRole('article', { name: /Risoto/ });

    server.add(item(7, 'Lasanha'));
    await pollNow();
    await screen.findByText('1 novo pedido');
    expect(started).toEqual([]);

    const soundButton = screen.getByRole('button', { name: 'Ativar som' });
    expect(soundButton).toHaveAttribute('aria-pressed', 'false');
    await user.click(soundButton);
    expect(screen.getByRole('button', { name: 'Som ativado' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('painel.board.sound')).toBe('on');

    server.add(item(8, 'Coxinha'));
    await pollNow();
    await screen.findByText('2 novos pedidos');
    expect(started.length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Som ativado' }));
    expect(localStorage.getItem('painel.board.sound')).toBe('off');
    const beeps = started.length;
    server.add(item(9, 'Pastel'));
    await pollNow();
    await screen.findByText('3 novos pedidos');
    expect(started).toHaveLength(beeps);
  });
});
