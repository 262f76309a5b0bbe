import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer, signedInApi, type Api } from './server';
import { isOrderable, type MenuProduct } from '../../contract/resources/orderEntry/rules';
import { formatCents } from '../../contract/lib/format';

const baseUrl = sharedServer();
const MANAGER = { email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' };
const GUEST = 'Conta Conferida';

interface Ticket {
  id: number;
  subtotal: number;
  service_charge: number;
  total: number;
  service_removed_reason: string | null;
  customer: { fullname: string };
  payments?: { kind: string; method: string; amount: number }[];
}

/**
 * The bill at the table, on a tablet held upright (768×1024) against the real server: the service
 * taken off one guest's bill with the reason, the pre-bill printed from the browser on 80 mm paper
 * with the balance in two parts, and the guest paying by Pix from the code on the tablet.
 */
describe('the bill at the table (restaurant staff, tablet)', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  // Above the demo's 20 tables and the floor test's, and unlike any other run's.
  const number = 1_000 + (Date.now() % 800);
  let orderId = 0;

  beforeAll(async () => {
    api = await signedInApi(baseUrl, MANAGER);
    // A guest without the app at a table of the test's own, with two dishes on their bill.
    const menu = await api<{ products: MenuProduct[] }>('/api/orders/menu');
    const dish = menu.products.find(
      (product) => isOrderable(product) && product.groups.every((group) => group.min === 0),
    )!;
    const table = await api<{ id: number }>('/api/tables', {
      method: 'POST',
      body: { name: `Mesa ${number}`, number, status: 'AVAILABLE' },
    });
    const tab = await api<{ id: number; tickets: { id: number }[] }>(`/api/tables/id/${table.id}/open`, {
      method: 'POST',
      body: { guest_name: GUEST },
    });
    orderId = tab.id;
    await api(`/api/orders/id/${tab.id}/items`, {
      method: 'POST',
      body: { ticket_id: tab.tickets[0]!.id, items: [{ product_id: dish.id, quantity: 2 }] },
    });

    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await page.goto(`${baseUrl}/#/hall`);
    await signIn(page, MANAGER.email, MANAGER.password);
    await page.waitForURL(/#\/hall$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes the service off with the reason, prints the pre-bill at 80 mm in two parts, and takes Pix', async () => {
    const read = async () =>
      (await api<{ tickets: Ticket[] }>(`/api/orders/id/${orderId}?include=payments`)).tickets[0]!;
    const before = await read();
    expect(before.service_charge).toBeGreaterThan(0);
    const money = formatCents;

    await page.getByRole('button', { name: new RegExp(`^Mesa ${number} `) }).tap();
    const bill = page.getByRole('region', { name: `Comanda de ${GUEST}` });

    // "Tira os 10 %": only with the reason, which stays on the bill.
    await bill.getByRole('button', { name: `Retirar serviço · ${money(before.service_charge)}` }).tap();
    const asking = page.getByRole('dialog', {
      name: `Retirar o serviço de ${money(before.service_charge)} da comanda de ${GUEST}?`,
    });
    await asking.getByRole('textbox', { name: /Motivo/ }).fill('Demora no atendimento');
    await asking.getByRole('button', { name: 'Retirar serviço' }).tap();
    await bill.getByText('Serviço retirado: Demora no atendimento').waitFor();
    await bill.getByRole('button', { name: `Dar baixa · ${money(before.subtotal)}` }).waitFor();
    expect(await read()).toMatchObject({
      service_charge: 0,
      service_removed_reason: 'Demora no atendimento',
    });

    // The pre-bill: the sheet the browser prints, at the receipt's 80 mm, the balance in two parts.
    await page.evaluate(() => {
      window.print = () => {
        const sheet = document.querySelector<HTMLElement>('.pre-bill-sheet')!;
        const paper = Array.from(document.styleSheets)
          .flatMap((style) => Array.from(style.cssRules))
          .filter((rule) => rule instanceof CSSPageRule)
          .map((rule) => rule.cssText)
          .join(' | ');
        const receipt = sheet.querySelector('.pre-bill')!.getBoundingClientRect();
        (window as unknown as { printed: unknown }).printed = {
          text: sheet.textContent,
          width: receipt.width,
          height: receipt.height,
          size: paper,
        };
      };
    });
    await page.getByRole('button', { name: 'Imprimir conferência' }).tap();
    const printing = page.getByRole('dialog', { name: 'Imprimir a conferência de conta' });
    await printing.getByRole('spinbutton', { name: 'Dividir por' }).fill('2');
    expect(await seriousViolations(page)).toEqual([]);
    await printing.getByRole('button', { name: 'Imprimir' }).tap();
    const printed = await page
      .waitForFunction(() => (window as unknown as { printed?: unknown }).printed)
      .then(
        (handle) =>
          handle.jsonValue() as Promise<{ text: string; width: number; height: number; size: string }>,
      );
    // One page of 80 mm by the receipt's length (CSS's 96 px to the inch), no margin.
    const mm = (px: number) => (px * 25.4) / 96;
    expect(printed.width).toBeCloseTo((80 / 25.4) * 96, 0);
    expect(printed.size).toBe(`@page { size: 80mm ${Math.ceil(mm(printed.height)) + 1}mm; margin: 0px; }`);
    expect(printed.text).toContain('CONFERÊNCIA DE CONTA');
    expect(printed.text).toContain(`Mesa ${number}`);
    expect(printed.text).toContain('Serviço retirado');
    const half = Math.ceil(before.subtotal / 2);
    expect(printed.text).toContain(
      `Dividido por 2Parte 1${money(half)}Parte 2${money(before.subtotal - half)}`,
    );

    // Pix: the guest's code on the tablet, then the payment confirmed by hand.
    await bill.getByRole('button', { name: `Dar baixa · ${money(before.subtotal)}` }).tap();
    const paying = page.getByRole('dialog', { name: `Dar baixa na comanda de ${GUEST}?` });
    await paying.getByRole('combobox', { name: /Forma de pagamento/ }).tap();
    await page.getByRole('option', { name: 'Pix' }).tap();
    await paying.getByRole('img', { name: `QR code Pix de ${money(before.subtotal)}` }).waitFor();
    const code = await paying.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue();
    expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    expect(code).toContain(
      `54${String((before.subtotal / 100).toFixed(2).length).padStart(2, '0')}${(before.subtotal / 100).toFixed(2)}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await paying.getByRole('button', { name: 'Dar baixa' }).tap();
    await bill.getByRole('button', { name: 'Comanda paga' }).waitFor();
    const after = await read();
    expect((after.payments ?? []).map(({ kind, method, amount }) => ({ kind, method, amount }))).toEqual([
      { kind: 'PHYSICAL', method: 'PIX', amount: before.subtotal },
    ]);
  });
});
