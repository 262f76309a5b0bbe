import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { demoServer, signedInApi, type Api, type RunningServer } from './server';
import { isOrderable, type MenuProduct } from '../../contract/resources/orderEntry/rules';
import { formatCents } from '../../contract/lib/format';
import { itemAmount, itemDues } from '../../contract/resources/tabs/split';
import { startPixStandIn, type PixStandIn } from '../../server/pix/stand-in';
import { startPrinterStandIn, type PrinterStandIn } from '../../server/printing/stand-in';

const MANAGER = { email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' };
const GUESTS = ['Ana Dividida', 'Bruno Pix', 'Carla Cartão'] as const;
/** What the share's Pix says with the store's provider (src/resources/floor/PixCharge.tsx). */
const SHARE_PIX_DYNAMIC_NOTE =
  'Cobrança Pix: quando o banco confirmar o pagamento, a parte é dada como paga sozinha.';

interface Tab {
  id: number;
  total: number;
  total_paid: number;
  tickets: {
    id: number;
    subtotal: number;
    service_charge: number;
    total: number;
    total_paid: number;
    customer: { fullname: string };
    items: {
      id: number;
      product_id: number | null;
      product_price: number;
      quantity: number;
      complements: { price: number; quantity: number }[];
    }[];
    payments?: { method: string; amount: number; share_id?: number | null }[];
  }[];
}

interface Shares {
  shares: { id: number; label: string; amount: number; status: string; method: string | null }[];
  owed: number;
  unassigned: number;
}

/**
 * A table of three splits its bill on a tablet held upright (768×1024), against the real server
 * with its Pix provider and the kitchens' printer (the local stand-ins, as `npm start` runs them):
 * the items sent print on the station's printer; the service is taken off one guest's bill with
 * the reason; the pre-bill prints from the browser at 80 mm; the bill is split by item — a drink
 * two guests share, a guest's dish — and what is left in two equal parts; a guest's share is paid
 * by card, and a part by Pix through the provider, whose signed webhook books it — the dialog
 * shows it paid without a reload.
 */
describe('a split bill: by item and in equal parts, a card and a Pix through the provider (restaurant staff, tablet)', () => {
  let server: RunningServer;
  let pix: PixStandIn;
  let printer: PrinterStandIn;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let dish: MenuProduct;
  let drink: MenuProduct;
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
    // Three guests without the app at a table of the test's own: a dish each, and a drink on Ana's
    // bill that she and Bruno share.
    const menu = await api<{ products: MenuProduct[] }>('/api/orders/menu');
    const orderable = menu.products.filter(
      (product) =>
        isOrderable(product) &&
        product.kitchen_id !== null &&
        product.groups.every((group) => group.min === 0),
    );
    dish = orderable[0]!;
    drink = orderable.find((product) => product.name !== dish.name)!;
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
    for (const [index, ticket] of opened.tickets.entries())
      await api(`/api/orders/id/${opened.id}/items`, {
        method: 'POST',
        body: {
          ticket_id: ticket.id,
          items:
            index === 0 ? [{ product_id: dish.id }, { product_id: drink.id }] : [{ product_id: dish.id }],
        },
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

  it('prints the items sent, takes the service off one bill, prints the pre-bill at 80 mm, splits by item and in two, and takes a card and a Pix through the provider', async () => {
    const [ana, bruno, carla] = GUESTS;
    const read = () => api<Tab>(`/api/orders/id/${tab.id}?include=payments`);
    const shares = () => api<Shares>(`/api/orders/id/${tab.id}/shares`);

    // Each guest's send printed its kitchen ticket on the station's printer: ESC/POS bytes (the
    // printer's reset first, a cut last) naming the table, the guest and the items.
    const prints = await printer.waitFor(3);
    for (const print of prints) {
      expect([...print.bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect(print.cuts).toBeGreaterThan(0);
    }
    const tickets = prints.map((print) => print.text).join('\n');
    for (const guest of GUESTS) expect(tickets).toContain(guest);
    expect(tickets).toContain(`Mesa ${number}`);
    expect(tickets).toContain(dish.name);
    expect(tickets).toContain(drink.name);

    await page.getByRole('button', { name: new RegExp(`^Mesa ${number} `) }).tap();
    await page.getByRole('region', { name: `Comanda de ${ana}` }).waitFor();

    // "Tira os 10 % dela": Carla's service, only with the reason.
    const carlaBill = page.getByRole('region', { name: `Comanda de ${carla}` });
    const carlaBefore = tab.tickets.find((ticket) => ticket.customer.fullname === carla)!;
    await carlaBill
      .getByRole('button', { name: `Retirar serviço · ${formatCents(carlaBefore.service_charge)}` })
      .tap();
    const asking = page.getByRole('dialog', {
      name: `Retirar o serviço de ${formatCents(carlaBefore.service_charge)} da comanda de ${carla}?`,
    });
    await asking.getByRole('button', { name: 'Retirar serviço' }).tap();
    // No reason, nothing taken off.
    await asking.getByText('Informe o motivo.').waitFor();
    await asking.getByRole('textbox', { name: /Motivo/ }).fill('Prato chegou frio');
    await asking.getByRole('button', { name: 'Retirar serviço' }).tap();
    await carlaBill.getByText('Serviço retirado: Prato chegou frio').waitFor();
    tab = await read();
    expect(tab.tickets.find((ticket) => ticket.customer.fullname === carla)!.service_charge).toBe(0);

    // The pre-bill: the sheet the browser prints, at the receipt's 80 mm.
    await page.evaluate(() => {
      window.print = () => {
        const sheet = document.querySelector<HTMLElement>('.pre-bill-sheet')!;
        const receipt = sheet.querySelector('.pre-bill')!.getBoundingClientRect();
        (window as unknown as { printed: unknown }).printed = {
          text: sheet.textContent,
          width: receipt.width,
        };
      };
    });
    await page.getByRole('button', { name: 'Imprimir conferência' }).tap();
    const printing = page.getByRole('dialog', { name: 'Imprimir a conferência de conta' });
    await printing.getByRole('button', { name: 'Imprimir' }).tap();
    const printed = await page
      .waitForFunction(() => (window as unknown as { printed?: unknown }).printed)
      .then((handle) => handle.jsonValue() as Promise<{ text: string; width: number }>);
    expect(printed.width).toBeCloseTo((80 / 25.4) * 96, 0);
    expect(printed.text).toContain('CONFERÊNCIA DE CONTA');
    expect(printed.text).toContain(`Mesa ${number}`);
    expect(printed.text).toContain('Serviço retirado');
    expect(printed.text).toContain(formatCents(tab.total));
    await printing.waitFor({ state: 'detached' });

    // Split by item: Ana's drink shared by Ana and Bruno, Carla's dish hers; Ana's and Bruno's
    // dishes left for the equal parts.
    await page.getByRole('button', { name: 'Dividir a conta' }).tap();
    const split = page.getByRole('dialog', { name: 'Dividir a conta' });
    await split
      .getByText(`Falta pagar ${formatCents(tab.total)} · sem parte: ${formatCents(tab.total)}`)
      .waitFor();
    const byItem = split.getByRole('region', { name: 'Dividir por item' });
    const dishes = byItem.getByRole('group', { name: `Quem paga 1× ${dish.name}` });
    await byItem
      .getByRole('group', { name: `Quem paga 1× ${drink.name}` })
      .getByRole('button', { name: bruno })
      .tap();
    await dishes.nth(0).getByRole('button', { name: ana }).tap();
    await dishes.nth(1).getByRole('button', { name: bruno }).tap();
    expect(await dishes.nth(0).getByRole('button', { name: ana }).getAttribute('aria-pressed')).toBe('false');
    // What each one pays, before it is sent: the same reckoning as the server's.
    const dues = itemDues(
      tab.tickets.map((ticket) => ({
        total: ticket.total,
        items: ticket.items.map((item) => ({ id: item.id, amount: itemAmount(item) })),
      })),
    );
    const anaTicket = tab.tickets.find((ticket) => ticket.customer.fullname === ana)!;
    const carlaTicket = tab.tickets.find((ticket) => ticket.customer.fullname === carla)!;
    const drinkDue = dues.get(anaTicket.items.find((item) => item.product_id === drink.id)!.id)!;
    const half = Math.ceil(drinkDue / 2);
    await byItem
      .getByText(
        `${ana}: ${formatCents(half)} · ${bruno}: ${formatCents(drinkDue - half)} · ${carla}: ${formatCents(carlaTicket.total)}`,
      )
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await byItem.getByRole('button', { name: 'Dividir por item' }).tap();
    const parts = split.getByRole('list', { name: 'Partes da conta' });
    await parts.getByText(carla, { exact: true }).waitFor();
    const left = tab.total - drinkDue - carlaTicket.total;
    await split
      .getByText(`Falta pagar ${formatCents(tab.total)} · sem parte: ${formatCents(left)}`)
      .waitFor();

    // What is left, in two equal parts.
    await split.getByRole('spinbutton', { name: 'Dividir o que falta em' }).fill('2');
    await split.getByRole('button', { name: 'Dividir em partes iguais' }).tap();
    await parts.getByText('Parte 2 de 2').waitFor();
    const made = await shares();
    expect(made.shares.map((share) => [share.label, share.amount])).toEqual([
      [ana, half],
      [bruno, drinkDue - half],
      [carla, carlaTicket.total],
      ['Parte 1 de 2', Math.ceil(left / 2)],
      ['Parte 2 de 2', Math.floor(left / 2)],
    ]);
    // To the centavo: the shares are the bill.
    expect(made.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(tab.total);

    // Carla's share by card.
    const carlaShare = parts.getByRole('listitem').filter({ hasText: carla });
    await carlaShare.getByRole('combobox', { name: 'Forma de pagamento' }).tap();
    await page.getByRole('option', { name: 'Cartão de crédito' }).tap();
    await carlaShare.getByRole('button', { name: `Receber ${carla}` }).tap();
    await carlaShare.getByText('Paga · Cartão de crédito').waitFor();

    // Part 1 by Pix: the provider's charge for the part, shown under it; the guest's bank pays it,
    // the webhook books it, and the dialog shows it paid by itself, with no reload.
    const first = parts.getByRole('listitem').filter({ hasText: 'Parte 1 de 2' });
    await first.getByRole('combobox', { name: 'Forma de pagamento' }).tap();
    await page.getByRole('option', { name: 'Pix' }).tap();
    await parts.getByText(SHARE_PIX_DYNAMIC_NOTE).waitFor();
    const code = await parts.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue();
    const [txid, charge] = [...pix.charges.entries()].find(([, made]) => made.code === code)!;
    expect(charge.amount).toBe(Math.ceil(left / 2));
    expect(await seriousViolations(page)).toEqual([]);
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => reloads.push(frame.url()));
    expect(await pix.pay(txid)).toBe(200);
    await first.getByText('Paga · Pix').waitFor();
    await parts.getByText(SHARE_PIX_DYNAMIC_NOTE).waitFor({ state: 'detached' });
    expect(reloads).toEqual([]);

    const after = await read();
    expect(after.total_paid).toBe(carlaTicket.total + Math.ceil(left / 2));
    const paid = await shares();
    expect(paid.shares.map((share) => [share.label, share.status, share.method])).toEqual([
      [ana, 'OPEN', null],
      [bruno, 'OPEN', null],
      [carla, 'PAID', 'CREDIT_CARD'],
      ['Parte 1 de 2', 'PAID', 'PIX'],
      ['Parte 2 de 2', 'OPEN', null],
    ]);
    expect(paid.owed).toBe(tab.total - after.total_paid);
  });
});
