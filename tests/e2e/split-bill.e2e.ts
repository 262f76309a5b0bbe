import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { demoServer, signedInApi, type Api, type RunningServer } from './server';
import { isOrderable, type MenuProduct } from '../../contract/resources/orderEntry/rules';
import { formatCents } from '../../contract/lib/format';
import { startPixStandIn, type PixStandIn } from '../../server/pix/stand-in';
import { startPrinterStandIn, type PrinterStandIn } from '../../server/printing/stand-in';

const MANAGER = { email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' };
const GUESTS = ['Ana Dividida', 'Bruno Pix', 'Carla Cartão'] as const;

interface Tab {
  id: number;
  total: number;
  total_paid: number;
  tickets: {
    id: number;
    total: number;
    total_paid: number;
    customer: { fullname: string };
    payments?: { method: string; amount: number }[];
  }[];
}

/**
 * A table of three splits its bill on a tablet held upright (768×1024), against the real server
 * with its Pix provider and the kitchens' printer (the local stand-ins, as `npm start` runs them):
 * the items sent print on the station's printer; the bill is split in three equal parts and one
 * part is paid by card; one guest pays by Pix through the provider, whose signed webhook books it
 * — the floor shows that guest's bill paid without a reload.
 */
describe('a split bill, a card and a Pix through the provider (restaurant staff, tablet)', () => {
  let server: RunningServer;
  let pix: PixStandIn;
  let printer: PrinterStandIn;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let tab: Tab;
  const number = 301;

  beforeAll(async () => {
    const secret = crypto.randomBytes(24).toString('hex');
    pix = await startPixStandIn({ secret });
    printer = await startPrinterStandIn();
    server = await demoServer({
      SIMULATOR: '0',
      PIX_PROVIDER_URL: pix.url,
      PIX_WEBHOOK_SECRET: secret,
      DEMO_PRINTER: printer.address,
    });
    pix.webhookUrl = `${server.url}/api/pix/webhook`;
    api = await signedInApi(server.url, MANAGER);
    // Three guests without the app at a table of the test's own, a dish each.
    const menu = await api<{ products: MenuProduct[] }>('/api/orders/menu');
    const dish = menu.products.find(
      (product) =>
        isOrderable(product) &&
        product.kitchen_id !== null &&
        product.groups.every((group) => group.min === 0),
    )!;
    const table = await api<{ id: number }>('/api/tables', {
      method: 'POST',
      body: { name: `Mesa ${number}`, number, status: 'AVAILABLE' },
    });
    let opened = await api<Tab>(`/api/tables/id/${table.id}/open`, {
      method: 'POST',
      body: { guest_name: GUESTS[0] },
    });
    for (const guest of GUESTS.slice(1))
      opened = await api<Tab>(`/api/orders/id/${opened.id}/tickets`, {
        method: 'POST',
        body: { guest_name: guest },
      });
    for (const ticket of opened.tickets)
      await api(`/api/orders/id/${opened.id}/items`, {
        method: 'POST',
        body: { ticket_id: ticket.id, items: [{ product_id: dish.id }] },
      });
    tab = await api<Tab>(`/api/orders/id/${opened.id}`);

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await page.goto(`${server.url}/#/hall`);
    await signIn(page, MANAGER.email, MANAGER.password);
    await page.waitForURL(/#\/hall$/);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pix?.close();
    await printer?.close();
  });

  it('prints the items sent, splits the bill in three, takes a part by card and a guest by Pix through the provider', async () => {
    // Each guest's dish printed its kitchen ticket on the station's printer.
    const tickets = (await printer.waitFor(3)).map((print) => print.text).join('\n');
    for (const guest of GUESTS) expect(tickets).toContain(guest);
    expect(tickets).toContain(`Mesa ${number}`);

    await page.getByRole('button', { name: new RegExp(`^Mesa ${number} `) }).tap();
    await page.getByRole('region', { name: `Comanda de ${GUESTS[0]}` }).waitFor();

    // Split in three equal parts; the first part paid by card.
    await page.getByRole('button', { name: 'Dividir a conta' }).tap();
    const split = page.getByRole('dialog', { name: 'Dividir a conta' });
    await split
      .getByText(`Falta pagar ${formatCents(tab.total)} · sem parte: ${formatCents(tab.total)}`)
      .waitFor();
    await split.getByRole('spinbutton', { name: 'Dividir o que falta em' }).fill('3');
    await split.getByRole('button', { name: 'Dividir em partes iguais' }).tap();
    const parts = split.getByRole('list', { name: 'Partes da conta' });
    await parts.getByText('Parte 3 de 3').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const first = parts.getByRole('listitem').first();
    await first.getByRole('combobox', { name: 'Forma de pagamento' }).tap();
    await page.getByRole('option', { name: 'Cartão de crédito' }).tap();
    await first.getByRole('button', { name: 'Receber Parte 1 de 3' }).tap();
    await first.getByText('Paga · Cartão de crédito').waitFor();
    await split.getByRole('button', { name: 'Fechar' }).tap();
    await split.waitFor({ state: 'detached' });
    const third = Math.ceil(tab.total / 3);
    const afterCard = await api<Tab>(`/api/orders/id/${tab.id}`);
    expect(afterCard.total_paid).toBe(third);

    // Bruno pays his balance by Pix: the provider's charge on the tablet, paid from his bank.
    const bruno = afterCard.tickets.find((ticket) => ticket.customer.fullname === GUESTS[1])!;
    const owed = bruno.total - bruno.total_paid;
    const bill = page.getByRole('region', { name: `Comanda de ${GUESTS[1]}` });
    await bill.getByRole('button', { name: `Dar baixa · ${formatCents(owed)}` }).tap();
    const paying = page.getByRole('dialog', { name: `Dar baixa na comanda de ${GUESTS[1]}?` });
    await paying.getByRole('combobox', { name: /Forma de pagamento/ }).tap();
    await page.getByRole('option', { name: 'Pix' }).tap();
    await paying
      .getByText(
        'Cobrança Pix: quando o banco confirmar o pagamento, a comanda do cliente é baixada sozinha.',
      )
      .waitFor();
    const code = await paying.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue();
    const [txid, charge] = [...pix.charges.entries()].find(([, made]) => made.code === code)!;
    expect(charge.amount).toBe(owed);
    expect(await seriousViolations(page)).toEqual([]);
    // The guest's bank pays it: the webhook books it, and the tablet shows it by itself — the
    // question closes with the news, and the bill reads paid, with no reload.
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => reloads.push(frame.url()));
    expect(await pix.pay(txid)).toBe(200);
    await page.getByText(`A comanda de ${GUESTS[1]} foi paga.`).first().waitFor();
    await paying.waitFor({ state: 'detached' });
    await bill.getByRole('button', { name: 'Comanda paga' }).waitFor();
    expect(reloads).toEqual([]);
    const after = await api<Tab>(`/api/orders/id/${tab.id}?include=payments`);
    const paidBruno = after.tickets.find((ticket) => ticket.customer.fullname === GUESTS[1])!;
    expect(paidBruno.total_paid).toBe(paidBruno.total);
    expect(
      paidBruno.payments!.filter((payment) => payment.method === 'PIX').reduce((sum, p) => sum + p.amount, 0),
    ).toBe(owed);
  });
});
