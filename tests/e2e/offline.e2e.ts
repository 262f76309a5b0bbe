import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { demoServer, signedInApi, type Api, type RunningServer } from './server';
import { isOrderable, type MenuProduct } from '../../contract/resources/orderEntry/rules';

/** How long the three tablets stay without a network. */
const OFFLINE_MS = 120_000;
/** The banner says the connection is gone within this long. */
const BANNER_MS = 5_000;
/** At least this many actions are made offline, on the three tablets together. */
const ACTIONS = 100;
/**
 * What each tablet does during the drop, at most (20 'Dar baixa', one per tab): a night's pace, not
 * a machine's. A tablet that is done waits, offline, for the two minutes to pass.
 */
const BUMPS = 50;
const ORDERS = 40;
/** The replay of everything done offline, at most (it took under a minute on an idle machine). */
const REPLAY_CAP_MS = 240_000;
/** Tabs opened for the test: each guest's ticket owes two dishes, to be made and paid offline. */
const TABS = 20;
const FIRST_TABLE = 301;
/** The table where the waiter's tablet enters its orders, and the one whose item is cancelled. */
const ORDERS_TABLE = 400;
const CANCEL_TABLE = 399;
const MANAGER = { email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' };

interface Tab {
  id: number;
  tickets: {
    id: number;
    total: number;
    total_paid: number;
    customer: { fullname: string };
    items: { id: number; name: string; status: string }[];
    payments?: { kind: string; amount: number; cancelled_at?: string | null }[];
  }[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Three tablets of Cantina Bella (768×1024, touch) lose the network for two minutes (Chromium's
 * offline emulation): the kitchen's bumps items on the board, a waiter's gives 'Dar baixa' on
 * tickets, another's enters orders. Each says 'Sem conexão' within 5 s; back online, their outboxes
 * send everything once, in order — the database holds every action exactly once — and the one
 * action the server refuses on the way (an item the manager cancelled meanwhile, online) is shown
 * on the tablet that made it.
 */
describe('the tablets through a Wi-Fi drop', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: Api;
  const contexts: BrowserContext[] = [];

  /** A free table opened for a guest, with `items` on their ticket. */
  async function openTab(number: number, guest: string, items: { product_id: number; quantity: number }[]) {
    const table = await api<{ id: number }>('/api/tables', {
      method: 'POST',
      body: { name: `Mesa ${number}`, number, status: 'AVAILABLE' },
    });
    const tab = await api<Tab>(`/api/tables/id/${table.id}/open`, {
      method: 'POST',
      body: { guest_name: guest },
    });
    if (items.length === 0) return tab;
    return api<Tab>(`/api/orders/id/${tab.id}/items`, {
      method: 'POST',
      body: { ticket_id: tab.tickets[0]!.id, items },
    });
  }

  async function tablet(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/#${path}`);
    await signIn(page, MANAGER.email, MANAGER.password);
    return page;
  }

  beforeAll(async () => {
    // No simulated guests: nothing but the tablets and the manager acts on the floor.
    server = await demoServer({ SIMULATOR: '0' });
    api = await signedInApi(server.url, MANAGER);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await server?.stop();
  });

  it(
    'bump, settle and order offline for two minutes; back online, every action is applied once and a refusal is shown',
    async () => {
      const menu = await api<{ products: MenuProduct[] }>('/api/orders/menu');
      const dishes = menu.products.filter(
        (product) =>
          isOrderable(product) &&
          product.kitchen_id !== null &&
          product.groups.every((group) => group.min === 0),
      );
      const [dish, second] = dishes;
      expect(second).toBeDefined();
      const plate = [
        { product_id: dish!.id, quantity: 1 },
        { product_id: second!.id, quantity: 1 },
      ];
      const tabs: Tab[] = [];
      for (let n = 0; n < TABS; n++)
        tabs.push(await openTab(FIRST_TABLE + n, `Cliente ${FIRST_TABLE + n}`, plate));
      const cancelTab = await openTab(CANCEL_TABLE, 'Cliente cancelado', [
        { product_id: dish!.id, quantity: 1 },
      ]);
      const cancelled = cancelTab.tickets[0]!.items[0]!;
      const ordersTab = await openTab(ORDERS_TABLE, 'Pedidos sem rede', []);

      const board = await tablet('/orders');
      const cashier = await tablet('/hall');
      const waiter = await tablet('/hall');
      await board.getByTestId('board-card').first().waitFor();
      await cashier.getByTestId('table-card').first().waitFor();

      // The waiter's order entry, once online: its menu is then kept for the drop.
      const orderOnce = async (): Promise<void> => {
        const ticket = waiter.getByRole('region', { name: 'Comanda de Pedidos sem rede' });
        await ticket.getByRole('button', { name: 'Adicionar itens' }).tap();
        const entry = waiter.getByRole('dialog', { name: 'Adicionar itens — Pedidos sem rede' });
        await entry.getByLabel('Buscar no cardápio').fill(dish!.name);
        await entry.getByRole('button', { name: new RegExp(`^${escape(dish!.name)}`) }).tap();
        await waiter
          .getByRole('dialog', { name: new RegExp(`^${escape(dish!.name)}`) })
          .getByRole('button', { name: 'Adicionar ao pedido' })
          .tap();
        await entry.getByRole('button', { name: 'Revisar pedido' }).tap();
        await entry.getByRole('button', { name: 'Enviar para a cozinha' }).tap();
        await entry.waitFor({ state: 'detached' });
      };
      await waiter.getByRole('button', { name: new RegExp(`^Mesa ${ORDERS_TABLE} `) }).tap();
      await orderOnce();
      await waiter.getByText('Pedido enviado para a cozinha!').first().waitFor();

      // The cashier has looked at each tab tonight: its tablet keeps what it read for the drop.
      const panelOf = async (number: number, guest: string) => {
        await cashier.getByRole('button', { name: new RegExp(`^Mesa ${number} `) }).tap();
        const region = cashier.getByRole('region', { name: `Comanda de ${guest}` });
        await region.waitFor();
        return region;
      };
      const closePanel = async () => {
        await cashier.getByRole('button', { name: 'Fechar painel da mesa' }).tap();
        await cashier.getByRole('button', { name: 'Fechar painel da mesa' }).waitFor({ state: 'detached' });
      };
      for (const [index, tab] of tabs.entries()) {
        await panelOf(FIRST_TABLE + index, tab.tickets[0]!.customer.fullname);
        await closePanel();
      }

      // The network goes; each tablet says so within 5 s.
      const deadline = Date.now() + OFFLINE_MS;
      await Promise.all(contexts.map((context) => context.setOffline(true)));
      for (const page of [board, cashier, waiter]) {
        // The last one is what shows: the drawer's, over the floor, when a table's panel is open.
        await page
          .getByTestId('offline-banner')
          .getByText(/^Sem conexão/)
          .last()
          .waitFor({ timeout: BANNER_MS });
      }
      expect(await seriousViolations(cashier)).toEqual([]);

      // The kitchen: the item about to be cancelled first, then whatever the board shows still to do.
      const bumps: { id: number; to: string }[] = [];
      const bump = async (item: ReturnType<Page['locator']>) => {
        // Both read off one element at once.
        const [id, from] = await item.evaluate((element: HTMLElement): [number, string] => [
          Number(element.dataset.itemId),
          element.dataset.status ?? '',
        ]);
        // That item by its id from here: `todo.first()` may be another one by the time of the tap.
        const chosen = board.locator(
          `[data-testid="board-item"][data-item-id="${id}"][data-status="${from}"]`,
        );
        await chosen.getByRole('button').first().tap();
        // Moved at once, from the outbox (a ready card leaves the board).
        await chosen.waitFor({ state: 'detached' });
        bumps.push({ id, to: from === 'PLACED' ? 'PREPARING' : 'READY' });
      };
      await bump(board.locator(`[data-testid="board-item"][data-item-id="${cancelled.id}"]`));
      await api(`/api/orders/items/id/${cancelled.id}`, {
        method: 'DELETE',
        body: { reason: 'Cliente desistiu' },
      });
      // Not the cancelled one again: one refusal is what the test expects.
      const todo = board.locator(
        ['PLACED', 'PREPARING']
          .map(
            (status) =>
              `[data-testid="board-item"][data-status="${status}"]:not([data-item-id="${cancelled.id}"])`,
          )
          .join(', '),
      );
      const kitchen = (async () => {
        while (Date.now() < deadline && bumps.length < BUMPS && (await todo.count()) > 0)
          await bump(todo.first());
      })();

      // A waiter's 'Dar baixa' on each tab, one after the other.
      const paid: { tab: Tab; amount: number }[] = [];
      const cashierWork = (async () => {
        for (const [index, tab] of tabs.entries()) {
          if (Date.now() >= deadline) break;
          const ticket = tab.tickets[0]!;
          const region = await panelOf(FIRST_TABLE + index, ticket.customer.fullname);
          await region.getByRole('button', { name: /^Dar baixa/ }).tap();
          const paying = cashier.getByRole('dialog', {
            name: `Dar baixa na comanda de ${ticket.customer.fullname}?`,
          });
          await paying.getByRole('combobox', { name: /Forma de pagamento/ }).tap();
          await cashier.getByRole('option', { name: 'Dinheiro' }).tap();
          await paying.getByRole('button', { name: 'Dar baixa' }).tap();
          await paying.waitFor({ state: 'detached' });
          // Shown paid at once, from the outbox.
          await region.getByRole('button', { name: 'Comanda paga' }).waitFor();
          paid.push({ tab, amount: ticket.total - ticket.total_paid });
          await closePanel();
        }
      })();

      // The other waiter's orders, one dish each, until the network is back.
      let ordered = 0;
      const waiterWork = (async () => {
        while (Date.now() < deadline && ordered < ORDERS) {
          await orderOnce();
          ordered++;
        }
      })();
      await Promise.all([kitchen, cashierWork, waiterWork]);
      // The drop lasts its two minutes, whatever the tablets have done meanwhile.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
      const offlineActions = bumps.length + paid.length + ordered;
      expect(offlineActions).toBeGreaterThanOrEqual(ACTIONS);
      await waiter
        .getByTestId('offline-banner')
        .getByText(`Sem conexão — ${ordered} ${ordered === 1 ? 'ação pendente' : 'ações pendentes'}`)
        .last()
        .waitFor();

      // Back online: every outbox empties by itself. Hundreds of writes replayed on a machine that
      // may be busy: the wait is capped by the test's own time, not by a step's.
      const online = Date.now();
      await Promise.all(contexts.map((context) => context.setOffline(false)));
      for (const page of [board, cashier, waiter]) {
        await page.waitForFunction(
          () =>
            !Array.from(document.querySelectorAll('[data-testid="offline-banner"]')).some((banner) =>
              /Sem conexão|Enviando/.test(banner.textContent ?? ''),
            ),
          undefined,
          { timeout: REPLAY_CAP_MS },
        );
      }
      console.log(
        `offline: ${offlineActions} ações (${bumps.length} na cozinha, ${paid.length} baixas, ${ordered} pedidos); ` +
          `todas aplicadas ${((Date.now() - online) / 1000).toFixed(1)} s depois da volta da rede`,
      );

      // The refusal, on the kitchen's tablet, with the server's words.
      const refusedNotice = board.getByTestId('offline-banner').getByText('1 ação recusada');
      await refusedNotice.waitFor();
      await board.getByTestId('offline-banner').getByRole('button', { name: 'Ver' }).tap();
      const refusals = board.getByRole('dialog', { name: 'Ações recusadas pelo servidor' });
      await refusals.getByText(`O item ${cancelled.name} foi cancelado e não pode ser alterado.`).waitFor();
      await refusals.getByText(`Item ${cancelled.name} em preparo`).waitFor();
      expect(await seriousViolations(board)).toEqual([]);
      await refusals.getByRole('button', { name: `Dispensar: Item ${cancelled.name} em preparo` }).tap();
      await board.getByTestId('offline-banner').waitFor({ state: 'detached' });

      // The database: every bump, payment and order once; none lost, none twice.
      const items = await api<{ id: number; status: string }[]>('/api/orders/items?page_size=500');
      const statusOf = new Map(items.map((item) => [item.id, item.status]));
      const last = new Map(bumps.map(({ id, to }) => [id, to]));
      last.set(cancelled.id, 'CANCELLED');
      expect(Object.fromEntries([...last].map(([id]) => [id, statusOf.get(id)]))).toEqual(
        Object.fromEntries(last),
      );
      for (const { tab, amount } of paid) {
        const read = await api<Tab>(`/api/orders/id/${tab.id}?include=payments`);
        const physical = (read.tickets[0]!.payments ?? []).filter((payment) => payment.kind === 'PHYSICAL');
        expect(physical.map((payment) => payment.amount)).toEqual([amount]);
      }
      const orders = await api<Tab>(`/api/orders/id/${ordersTab.id}`);
      expect(orders.tickets[0]!.items.filter((item) => item.name === dish!.name)).toHaveLength(ordered + 1);
    },
    OFFLINE_MS + 300_000,
  );
});
