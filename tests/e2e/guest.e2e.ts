import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { demoServer, type RunningServer } from './server';
import { GUEST_MESSAGES, type GuestMenu } from '../../contract/resources/guest/paths';
import { isOrderable } from '../../contract/resources/orderEntry/rules';

/**
 * Guests order from the table's QR code on their own phones (390×844, touch), on the demo without
 * the service simulator (which would seat its own guests at the free table): the first opens the
 * code's link, gives a name, orders a dish and follows it from 'Aguardando' to 'Pronto' as the
 * kitchen moves it, then calls the waiter — the floor's tablet shows the call by her name. A second
 * phone at the same table joins the same tab with its own ticket, and neither sees the other's
 * name. A manager replaces the table's code: the page says so at its next look.
 */
describe('orders from the table QR code, on the guests’ phones', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';
  let link = '';
  let tableId = 0;
  const phones: BrowserContext[] = [];

  async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const response = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  }

  async function phone(): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    phones.push(context);
    const page = await context.newPage();
    await page.goto(link);
    return page;
  }

  /** Gives the name the page asks on a first visit. */
  async function introduce(page: Page, name: string): Promise<void> {
    await page.getByLabel('Como podemos te chamar?').fill(name);
    await page.getByRole('button', { name: 'Ver o cardápio' }).tap();
    await page.getByText(`Olá, ${name}!`).waitFor();
  }

  /** Puts one `dish` in the cart and sends it. */
  async function order(page: Page, dish: string): Promise<void> {
    await page
      .getByRole('button', { name: new RegExp(`^${dish.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .tap();
    await page.getByRole('button', { name: 'Adicionar ao pedido' }).tap();
    await page.getByRole('button', { name: /^Ver pedido \(1\)/ }).tap();
    await page.getByRole('button', { name: 'Fazer pedido' }).tap();
    await page.getByText(GUEST_MESSAGES.ordered).first().waitFor();
  }

  beforeAll(async () => {
    server = await demoServer({ SIMULATOR: '0' });
    const login = await fetch(`${server.url}/auth/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gerente@cantinabella.com.br', password: 'Cantina@2026', role: 'ADMIN' }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    await api('/api/tables', {
      method: 'POST',
      body: { name: 'Mesa 102', number: 102, status: 'AVAILABLE' },
    });
    const tables = await api<{ results: { id: number; number: number; token: string; store_id: number }[] }>(
      '/api/tables?page_size=500',
    );
    const table = tables.results.find((candidate) => candidate.number === 102)!;
    tableId = table.id;
    link = `${server.url}/mesa?s=${table.store_id}&t=102&k=${table.token}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of phones) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('orders, follows the dish to Pronto, calls the waiter; a second phone joins; a replaced code stops working', async () => {
    const url = new URL(link);
    const menu = (
      (await (await fetch(`${server.url}/api/guest/menu?${url.searchParams.toString()}`)).json()) as {
        data: GuestMenu;
      }
    ).data;
    const [dish, other] = menu.products.filter(
      (product) =>
        isOrderable(product) &&
        product.kitchen_id !== null &&
        product.groups.every((group) => group.min === 0),
    );

    // The first guest: the name, once; the menu; a dish sent to the kitchen.
    const rita = await phone();
    await introduce(rita, 'Rita');
    expect(await seriousViolations(rita)).toEqual([]);
    await order(rita, dish!.name);
    const ticket = rita.getByRole('region', { name: 'Sua comanda' });
    const line = ticket.getByRole('listitem', { name: dish!.name });
    await line.getByText('Aguardando').waitFor();
    expect(await seriousViolations(rita)).toEqual([]);

    // The kitchen moves it on; her phone follows without a reload.
    const items = await api<{ id: number; name: string; status: string; customer: { fullname: string } }[]>(
      '/api/orders/items?page_size=500',
    );
    const sent = items.find((item) => item.customer.fullname === 'Rita' && item.name === dish!.name)!;
    expect(sent.status).toBe('PLACED');
    const loads: string[] = [];
    rita.on('framenavigated', (frame) => loads.push(frame.url()));
    await api('/api/orders/items/status', {
      method: 'PATCH',
      body: { items: [{ id: sent.id, from: 'PLACED' }] },
    });
    await line.getByText('Preparando').waitFor();
    await api('/api/orders/items/status', {
      method: 'PATCH',
      body: { items: [{ id: sent.id, from: 'PREPARING' }] },
    });
    await line.getByText('Pronto').waitFor();
    expect(loads).toEqual([]);

    // She calls the waiter: the floor's tablet shows who.
    const floor = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await floor.goto(`${server.url}/#/hall`);
    await signIn(floor, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await rita.getByRole('button', { name: 'Chamar garçom' }).tap();
    await rita.getByText(GUEST_MESSAGES.waiterCalled).first().waitFor();
    await floor.getByRole('button', { name: /^Mesa 102/ }).tap();
    await floor.getByText('Rita chamou o garçom').first().waitFor();

    // A second phone at the table: its own ticket in the same tab; neither sees the other's name.
    const caio = await phone();
    await introduce(caio, 'Caio');
    await order(caio, other!.name);
    await caio
      .getByRole('region', { name: 'Sua comanda' })
      .getByRole('listitem', { name: other!.name })
      .waitFor();
    const floorNow = await api<{ results: { id: number; order_id: number | null }[] }>(
      '/api/tables?page_size=500',
    );
    const orderId = floorNow.results.find((one) => one.id === tableId)!.order_id;
    const tab = await api<{ tickets: { customer: { fullname: string } }[] }>(`/api/orders/id/${orderId}`);
    expect(tab.tickets.map((one) => one.customer.fullname).sort()).toEqual(['Caio', 'Rita']);
    await floor.getByRole('region', { name: 'Comanda de Caio' }).waitFor();
    // By the whole word: the menu has a Margherita.
    expect(await caio.locator('body').innerText()).not.toMatch(/\bRita\b/);
    expect(await rita.locator('body').innerText()).not.toMatch(/\bCaio\b/);

    // The manager replaces the table's code: the old one stops working at once.
    await api(`/api/tables/id/${tableId}/token`, { method: 'POST', body: {} });
    await rita.getByText(GUEST_MESSAGES.badCode).waitFor();
    await caio.reload();
    await caio.getByText(GUEST_MESSAGES.badCode).waitFor();
  });
});
