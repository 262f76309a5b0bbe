import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, menuLabels, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

interface Customer {
  id: number;
  customer: { fullname: string; username: string };
  order_type: 'INDOOR' | 'DELIVERY';
  current_consumption: number;
  total_consumption: number;
  n_uses: number;
  created_at: string | null;
}
interface Program {
  consumption: number;
  discount: number;
  active: boolean;
  n_customers: number;
  n_uses: number;
}

const CUSTOMERS = /\/api\/loyalty-programs\/customers\?/;
const SAVED = 'Programa de fidelidade atualizado com sucesso!';

const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
/** The table's rows (from 1200 px), or on a tablet beside the menu the customers' cards. */
const rows = (page: Page) => page.locator('tbody tr');
const cards = (page: Page) => page.getByRole('list', { name: 'Clientes' }).getByRole('listitem');
const customersAnswer = (page: Page, matching: RegExp = /./) =>
  page.waitForResponse(
    (r) => r.request().method() === 'GET' && CUSTOMERS.test(r.url()) && matching.test(r.url()),
  );
const programAnswer = (page: Page) =>
  page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/api\/loyalty-programs(\?|$)/.test(r.url()),
  );
const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;
const discountInput = (page: Page) => page.getByRole('textbox', { name: /Percentual de benefício/ });
const figure = (page: Page, name: string) => page.getByRole('region', { name });

/** Types the discount as a person does (select what is there, type over it) and saves it. */
async function saveDiscount(page: Page, discount: number, expectedBody: Record<string, unknown>) {
  const input = discountInput(page);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(String(discount));
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/loyalty-programs$/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ ...expectedBody, discount });
  await notice(page, SAVED).waitFor();
  await expect.poll(() => figure(page, 'Percentual de benefício').innerText()).toContain(`${discount}%`);
}

/**
 * The loyalty program as Cantina Bella's manager uses it on a tablet held upright (768×1024): the
 * customers table from the menu's Fidelidade (8 a page, the figures the API computed, the search
 * with Buscar, a sort), VER DETALHES, a new discount saved and still there after a reload; then
 * an administrator with the restaurant chosen, who sets the discount back.
 */
describe('the loyalty program on a tablet (Cantina Bella staff)', () => {
  let browser: Browser;
  let page: Page;
  let first: { results: Customer[]; total: number };
  let original: Program;
  let changed: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
      locale: 'pt-BR',
    });
    page = await context.newPage();
    await page.goto(`${baseUrl}/#/statistics`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/statistics$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens Fidelidade from the menu: 8 customers a page with their figures, free of serious accessibility faults', async () => {
    const labels = await menuLabels(page);
    const reviews = labels.indexOf('Avaliações');
    expect(labels.slice(reviews, reviews + 3)).toEqual(['Avaliações', 'Fidelidade', 'Mural']);
    const answer = customersAnswer(page);
    await page.getByRole('menuitem', { name: 'Fidelidade' }).click();
    await page.waitForURL(/#\/loyalty-programs$/);
    first = await dataOf(await answer);
    expect(first.total).toBeGreaterThan(8);
    // Six columns do not fit beside the menu: a card per customer.
    await expect.poll(() => cards(page).count()).toBe(8);

    // The first card reads as the API computed it: the best customer first.
    const best = first.results[0]!;
    const card = (await cards(page).first().innerText()).replace(/\s+/g, ' ');
    const reais = (cents: number) =>
      `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(card).toContain(`${best.customer.fullname} @${best.customer.username}`);
    expect(card).toContain(best.order_type === 'DELIVERY' ? 'Delivery' : 'Presencial');
    expect(card).toContain(`Consumo desde o último resgate ${reais(best.current_consumption)}`);
    expect(card).toContain(`Consumo total ${reais(best.total_consumption)}`);
    expect(card).toContain(`Resgates ${best.n_uses}`);
    expect(first.results.map((row) => row.total_consumption)).toEqual(
      [...first.results.map((row) => row.total_consumption)].sort((a, b) => b - a),
    );
    await page.getByText(`1-8 de ${first.total}`).waitFor();

    for (const control of [
      page.getByRole('button', { name: 'Buscar', exact: true }),
      page.getByRole('link', { name: 'VER DETALHES' }),
      page.getByRole('combobox', { name: 'Ordenar por' }),
      page.getByRole('button', { name: 'Ordem decrescente' }),
    ]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('searches by the customer’s name only when Buscar is pressed', async () => {
    const someone = first.results[2]!.customer.fullname;
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.getByRole('textbox', { name: 'Nome do cliente' }).fill(someone);
    await page.waitForTimeout(300);
    expect(asked.filter((url) => CUSTOMERS.test(url))).toEqual([]);

    const searched = customersAnswer(page, /search=/);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const found = await dataOf<{ results: Customer[]; total: number }>(await searched);
    expect(found.results.map((row) => row.customer.fullname)).toContain(someone);
    await expect.poll(() => cards(page).count()).toBe(found.results.length);
    for (const text of await cards(page).allInnerTexts()) {
      expect(text.toLowerCase()).toContain(someone.toLowerCase());
    }

    await page.getByRole('textbox', { name: 'Nome do cliente' }).fill('');
    const all = customersAnswer(page, /^(?!.*search=)/);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    expect((await dataOf<{ total: number }>(await all)).total).toBeGreaterThan(8);
  });

  it('sorts by redemptions, most first, then fewest first', async () => {
    const descending = customersAnswer(page, /sort_field=n_uses&sort_order=DESC/);
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Resgates', exact: true }).click();
    const most = await dataOf<{ results: Customer[] }>(await descending);
    expect(most.results[0]!.n_uses).toBeGreaterThan(0);
    await expect.poll(() => cards(page).first().innerText()).toContain(most.results[0]!.customer.fullname);
    const ascending = customersAnswer(page, /sort_field=n_uses&sort_order=ASC/);
    await page.getByRole('button', { name: 'Ordem decrescente' }).click();
    const fewest = await dataOf<{ results: Customer[] }>(await ascending);
    expect(fewest.results[0]!.n_uses).toBeLessThanOrEqual(most.results.at(-1)!.n_uses);
    await page.getByRole('button', { name: 'Ordem crescente' }).waitFor();
  });

  it('changes the discount in VER DETALHES and saves it: still there after a reload', async () => {
    const read = programAnswer(page);
    await page.getByRole('link', { name: 'VER DETALHES' }).click();
    await page.waitForURL(/#\/loyalty-programs\/details$/);
    original = await dataOf<Program>(await read);
    await expect
      .poll(() => figure(page, 'Total de usuários ativos').innerText())
      .toContain(original.n_customers.toLocaleString('pt-BR'));
    expect(await figure(page, 'Percentual de benefício').innerText()).toContain(`${original.discount}%`);
    expect(await discountInput(page).inputValue()).toBe(String(original.discount));
    expect(await seriousViolations(page)).toEqual([]);

    // Digits only, and the program's bounds, before anything is sent.
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });
    await discountInput(page).fill('0');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('O desconto deve ser de 1% a 100%.').waitFor();
    expect(patches).toEqual([]);

    changed = original.discount === 12 ? 11 : 12;
    await saveDiscount(page, changed, { consumption: original.consumption, active: original.active });
    expect((await discountInput(page).boundingBox())!.height).toBeGreaterThanOrEqual(44);

    const again = programAnswer(page);
    await page.reload();
    expect((await dataOf<Program>(await again)).discount).toBe(changed);
    await expect.poll(() => discountInput(page).inputValue()).toBe(String(changed));
    expect(await figure(page, 'Percentual de benefício').innerText()).toContain(`${changed}%`);
  });

  describe('for a platform administrator, with the restaurant chosen', () => {
    let admin: Browser;
    let adminPage: Page;

    beforeAll(async () => {
      admin = await launchBrowser();
      adminPage = await admin.newPage({ viewport: { width: 1280, height: 900 } });
      await adminPage.goto(`${baseUrl}/#/loyalty-programs`);
      await signIn(adminPage, 'admin@painel.com.br', 'Painel@2026');
      await adminPage.waitForURL(/#\/loyalty-programs$/);
    });
    afterAll(async () => {
      await admin?.close();
    });

    it("lists the chosen restaurant's customers and sets its discount back", async () => {
      await adminPage.getByText('Escolha um restaurante para ver o programa de fidelidade.').waitFor();
      const listed = customersAnswer(adminPage, /store_id=\d+/);
      await adminPage.getByRole('combobox', { name: 'Restaurante' }).fill('Cantina');
      await adminPage.getByRole('option', { name: 'Cantina Bella' }).click();
      const answer = await listed;
      const storeId = Number(new URL(answer.url()).searchParams.get('store_id'));
      expect((await dataOf<{ total: number }>(answer)).total).toBeGreaterThan(8);
      await expect.poll(() => rows(adminPage).count()).toBe(8);
      expect(await seriousViolations(adminPage)).toEqual([]);

      const read = programAnswer(adminPage);
      await adminPage.getByRole('link', { name: 'VER DETALHES' }).click();
      await adminPage.waitForURL(/#\/loyalty-programs\/details$/);
      expect(new URL((await read).url()).searchParams.get('store_id')).toBe(String(storeId));
      // What the staff saved.
      await expect.poll(() => discountInput(adminPage).inputValue()).toBe(String(changed));
      await saveDiscount(adminPage, original.discount, { store_id: storeId });
      expect(await seriousViolations(adminPage)).toEqual([]);

      // The staff's screen reads it too.
      await page.reload();
      await expect.poll(() => discountInput(page).inputValue()).toBe(String(original.discount));
    });
  });
});
