import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { demoServer, type RunningServer } from './server';
import { isOrderable, type MenuProduct } from '../../contract/resources/orderEntry/rules';
import { startPrinterStandIn, type PrinterStandIn } from '../../server/printing/stand-in';

/**
 * A waiter takes a walk-in's order on a tablet (768×1024, touch), on the demo without the service
 * simulator (which would seat its own guests at the free table): opens the table for a guest
 * without the app, chooses two dishes (one with its complements and a note), reviews, sends them
 * to the kitchen — whose tablet shows them by itself, and whose printers print their tickets —,
 * voids one with the reason, then receives the guest's payment at the table.
 */
describe('orders taken at the table by a waiter', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  /** The kitchen board, on another tablet. */
  let board: Page;
  let token = '';
  /** The kitchens' receipt printer (the demo's kitchens print to it: DEMO_PRINTER). */
  let printer: PrinterStandIn;

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

  beforeAll(async () => {
    printer = await startPrinterStandIn();
    server = await demoServer({ SIMULATOR: '0', DEMO_PRINTER: printer.address });
    const login = await fetch(`${server.url}/auth/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gerente@cantinabella.com.br', password: 'Cantina@2026', role: 'ADMIN' }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    await api('/api/tables', {
      method: 'POST',
      body: { name: 'Mesa 101', number: 101, status: 'AVAILABLE' },
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await page.goto(`${server.url}/#/hall`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.getByTestId('table-card').first().waitFor();
    board = await browser.newPage({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    await board.goto(`${server.url}/#/orders`);
    await signIn(board, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await board.getByTestId('board-card').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await printer?.close();
  });

  it('opens a free table for a walk-in, sends two dishes (complements, a note), sees them on the board, voids one and takes the payment', async () => {
    // A dish of the menu with a choice to make (a group of one option required), and a note if it takes one.
    const menu = await api<{ products: MenuProduct[] }>('/api/orders/menu');
    const single = (product: MenuProduct) =>
      product.groups.every((group) => group.min === 0 || (group.max === 1 && !group.allow_repeat));
    const dish =
      menu.products.find(
        (product) =>
          isOrderable(product) && single(product) && product.groups.some((group) => group.min === 1),
      ) ??
      menu.products.find(
        (product) => isOrderable(product) && product.groups.every((group) => group.min === 0),
      )!;
    // And a second one, with nothing to choose.
    const second = menu.products.find(
      (product) =>
        product.id !== dish.id &&
        isOrderable(product) &&
        product.kitchen_id !== null &&
        product.groups.every((group) => group.min === 0),
    )!;
    const boardLoads: string[] = [];
    board.on('framenavigated', (frame) => boardLoads.push(frame.url()));

    await page.getByRole('button', { name: /^Mesa 101 Livre/ }).tap();
    await page.getByRole('button', { name: 'Abrir mesa' }).tap();
    const opening = page.getByRole('dialog', { name: 'Abrir a mesa 101' });
    await opening.getByRole('textbox', { name: 'Nome do cliente' }).fill('Joana Prado');
    await opening.getByRole('textbox', { name: 'Telefone (opcional)' }).fill('11987654321');
    await opening.getByRole('button', { name: 'Abrir mesa' }).tap();
    await page.getByText('Mesa aberta!').first().waitFor();

    // The order entry opens on the new guest's ticket.
    const entry = page.getByRole('dialog', { name: 'Adicionar itens — Joana Prado' });
    const named = new RegExp(`^${dish.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await entry.getByLabel('Buscar no cardápio').fill(dish.name);
    await entry.getByRole('button', { name: named }).tap();
    const sheet = page.getByRole('dialog', { name: named });
    const chosen: string[] = [];
    for (const group of dish.groups.filter((candidate) => candidate.min === 1)) {
      const option = group.options.find((candidate) => candidate.available)!;
      await sheet
        .getByRole('radiogroup', { name: new RegExp(group.name) })
        .getByRole('radio', { name: new RegExp(option.name) })
        .check();
      chosen.push(option.name);
    }
    // The demo's pasta asks which pasta: a required choice was made.
    expect(chosen.length).toBeGreaterThan(0);
    // And an extra where the dish offers some ('Repetir a opção': a stepper).
    const extras = dish.groups.find((group) => group.allow_repeat && group.min === 0);
    const extra = extras?.options.find((option) => option.available);
    if (extra) {
      await sheet.getByRole('button', { name: `Aumentar ${extra.name}`, exact: true }).tap();
      chosen.push(extra.name);
    }
    if (dish.allow_observations) await sheet.getByRole('textbox', { name: 'Observações' }).fill('Sem cebola');
    await sheet.getByRole('button', { name: `Aumentar ${dish.name}`, exact: true }).tap();
    await sheet.getByRole('button', { name: 'Adicionar ao pedido' }).tap();
    await sheet.waitFor({ state: 'detached' });
    const secondNamed = new RegExp(`^${second.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await entry.getByLabel('Buscar no cardápio').fill(second.name);
    await entry.getByRole('button', { name: secondNamed }).tap();
    await page
      .getByRole('dialog', { name: secondNamed })
      .getByRole('button', { name: 'Adicionar ao pedido' })
      .tap();
    await entry.getByRole('button', { name: 'Revisar pedido' }).tap();
    await entry.getByRole('list', { name: 'Itens do pedido' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await entry.getByRole('button', { name: 'Enviar para a cozinha' }).tap();
    await page.getByText('Pedido enviado para a cozinha!').first().waitFor();
    await entry.waitFor({ state: 'detached' });

    // On the board, by the name the waiter gave, with what was chosen.
    const items = await api<
      {
        name: string;
        quantity: number;
        observations: string | null;
        customer: { fullname: string };
        complements: { name: string }[];
      }[]
    >('/api/orders/items?page_size=500');
    const sent = items.find((item) => item.customer.fullname === 'Joana Prado' && item.name === dish.name);
    expect(sent).toMatchObject({
      name: dish.name,
      quantity: 2,
      observations: dish.allow_observations ? 'Sem cebola' : null,
    });
    expect(sent!.complements.map((complement) => complement.name)).toEqual(chosen);

    // The kitchen's tablet shows her card by itself, both dishes on it.
    const card = board.getByTestId('board-card').filter({ hasText: 'Joana Prado' });
    await card.getByText(dish.name).first().waitFor();
    await card.getByText(second.name).first().waitFor();
    expect(boardLoads.filter((url) => !url.endsWith('#/orders'))).toEqual([]);

    // Each dish's station printed its kitchen ticket: the table, the guest, the dish and its count.
    const stations = new Set([dish.kitchen_id, second.kitchen_id].filter((id) => id !== null)).size;
    const prints = await printer.waitFor(stations);
    const tickets = prints.map((print) => print.text);
    expect(tickets).toHaveLength(stations);
    const all = tickets.join('\n');
    expect(all).toContain('Mesa 101');
    expect(all).toContain('Joana Prado');
    if (dish.kitchen_id !== null) expect(all).toContain(`2× ${dish.name.slice(0, 20)}`);
    expect(all).toContain(second.name.slice(0, 20));
    for (const print of prints) expect(print.cuts).toBe(1);

    // The second dish is voided from her ticket, with the reason, and leaves the bill.
    const ticket = page.getByRole('region', { name: 'Comanda de Joana Prado' });
    await ticket.getByRole('button', { name: `Cancelar ${second.name}`, exact: true }).tap();
    const voiding = page.getByRole('dialog', { name: `Cancelar o item ${second.name}?` });
    await voiding.getByRole('textbox', { name: 'Motivo' }).fill('Lançado por engano');
    await voiding.getByRole('button', { name: 'Cancelar item' }).tap();
    await page.getByText(`O item ${second.name} removido com sucesso!`).first().waitFor();
    const voided = await api<{ name: string; status: string; customer: { fullname: string } }[]>(
      '/api/orders/items?page_size=500',
    );
    expect(
      voided
        .filter((item) => item.customer.fullname === 'Joana Prado')
        .map((item) => [item.name, item.status])
        .sort(),
    ).toEqual(
      [
        [dish.name, 'PLACED'],
        [second.name, 'CANCELLED'],
      ].sort(),
    );

    // Her ticket on the panel, paid at the table.
    await ticket.getByRole('button', { name: /^Dar baixa/ }).tap();
    const paying = page.getByRole('dialog', { name: 'Dar baixa na comanda de Joana Prado?' });
    await paying.getByRole('combobox', { name: /Forma de pagamento/ }).tap();
    await page.getByRole('option', { name: 'Dinheiro' }).tap();
    await paying.getByRole('button', { name: 'Dar baixa' }).tap();
    await page.getByText('Baixa dada na comanda!').first().waitFor();
    await expect.poll(() => ticket.getAttribute('data-payment-status')).toBe('PAID');
  });
});
