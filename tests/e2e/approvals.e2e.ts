import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** A notice in the toaster (the same words may also sit under a field). */
function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

interface ApiAnswer {
  status: number;
  body: { data: Record<string, unknown> & { results?: { id: number; name: string }[] } };
}

/** Calls the API with the token the signed-in page keeps, as the screens do. */
async function api(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiAnswer> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('painel.session') ?? '{}') as { token?: string }).token,
  );
  expect(token, 'the signed-in administrator token').toBeTruthy();
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
}

/**
 * Restaurant approvals (spec 2.5, made real): the restaurants that are not active, a name filter
 * and Aprovar. The restaurant approved here is created for the test, so that no other browser test
 * sees a demo restaurant change status.
 */
describe('restaurant approvals (on a tablet)', () => {
  let browser: Browser;
  let page: Page;
  // Unique per run, in case the server's data folder is reused.
  const suffix = Date.now() % 100_000;
  const name = `Quiosque Aurora ${suffix}`;
  let storeId: number | undefined;

  const search = () => page.getByRole('textbox', { name: 'Buscar pelo nome', exact: true });
  // The first line of the first cell: on a tablet the registration date sits under the name.
  const firstLines = (texts: string[]) => texts.map((text) => text.split('\n')[0]!.trim());
  const names = () => ({
    allInnerTexts: async () => firstLines(await page.locator('tbody tr td:first-child').allInnerTexts()),
  });
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });
  /** The cells of the column under `title` (a tablet shows fewer columns than a desk). */
  const column = async (title: string) => {
    const headers = (await page.locator('thead th').allInnerTexts()).map((header) => header.trim());
    expect(headers).toContain(title);
    return page.locator(`tbody tr td:nth-child(${headers.indexOf(title) + 1})`).allInnerTexts();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`${baseUrl}/#/restaurants/approvals`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/restaurants\/approvals$/);

    // A new restaurant starts active; the administrator sets it inactive, as awaiting approval.
    const [cuisines, cities] = await Promise.all([api(page, '/api/cousines'), api(page, '/api/operations')]);
    const created = await api(page, '/api/stores', {
      method: 'POST',
      body: {
        logo_black: '/uploads/demo/capa.svg',
        logo_white: '/uploads/demo/logo.svg',
        bg_image: '/uploads/demo/home.svg',
        operation_id: cities.body.data.results!.find((city) => city.name === 'Curitiba')!.id,
        cousine_id: cuisines.body.data.results![0]!.id,
        name,
        company_name: 'Quiosque Aurora Alimentos Ltda',
        cnpj: '34.512.876/0001-39',
        description: 'Lanches na praça',
        full_description: 'Sanduíches e sucos feitos na hora.',
        instagram: '@quiosqueaurora',
        email_admin: `dono${suffix}@quiosqueaurora.com.br`,
        zip_code: '80020-000',
        street: 'Rua XV de Novembro',
        street_number: '700',
        neighborhood: 'Centro',
        city: 'Curitiba',
        uf: 'PR',
        name_responsible: 'Lívia Moura',
        cpf: '111.444.777-35',
        email: `livia${suffix}@quiosqueaurora.com.br`,
        feedme_physical_tax: '1',
        feedme_digital_tax: '2',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    storeId = created.body.data.id as number;
    const inactive = await api(page, `/api/stores/id/${storeId}`, {
      method: 'PATCH',
      body: { status: 'INACTIVE' },
    });
    expect(inactive.status, JSON.stringify(inactive.body)).toBe(200);
  });
  afterAll(async () => {
    if (storeId !== undefined && page) await api(page, `/api/stores/id/${storeId}`, { method: 'DELETE' });
    await browser?.close();
  });

  it('lists the restaurants that are not active', async () => {
    await page.reload();
    await row(name).waitFor();
    const listed = await names().allInnerTexts();
    expect(listed).toEqual(expect.arrayContaining([name, 'Casa da Tapioca', 'Empório Sírio']));
    expect(listed).not.toContain('Cantina Bella');
    expect(listed).not.toContain('Sabor do Sertão');
    const statuses = await column('Status');
    expect(statuses.length).toBe(listed.length);
    expect(new Set(statuses)).toEqual(new Set(['Inativo', 'Fechado']));
    expect(firstLines(await row(name).getByRole('cell').allInnerTexts())).toEqual(
      expect.arrayContaining([name, 'Inativo']),
    );
    // Beside the menu the city goes under the name, and Aprovar stays in view.
    expect(await row(name).getByRole('cell').first().innerText()).toContain('Curitiba');
    const approve = await row(name)
      .getByRole('button', { name: `Aprovar ${name}`, exact: true })
      .boundingBox();
    expect(approve!.x + approve!.width).toBeLessThanOrEqual(768);
  });

  it('filters by name, approves one and sees it active in the restaurant list', async () => {
    // Part of the name, in lower case: the server answers the search.
    const asked = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/api/stores' &&
        new URL(request.url()).searchParams.get('search') === 'aurora',
    );
    await search().fill('aurora');
    await asked;
    await expect.poll(() => names().allInnerTexts(), { timeout: 15_000 }).toEqual([name]);

    const approved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        new URL(response.url()).pathname === `/api/stores/id/${storeId}/approve`,
    );
    // Asked first, in the restaurant's name: Cancelar changes nothing.
    await row(name)
      .getByRole('button', { name: `Aprovar ${name}`, exact: true })
      .click();
    const confirm = page.getByRole('dialog', { name: `Aprovar o restaurante ${name}?` });
    await confirm.getByText('O restaurante fica ativo e passa a aparecer para os clientes no app.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row(name).waitFor();
    await row(name)
      .getByRole('button', { name: `Aprovar ${name}`, exact: true })
      .click();
    await confirm.getByRole('button', { name: 'Aprovar', exact: true }).click();
    expect((await approved).status()).toBe(200);
    await notice(page, `Restaurante ${name} aprovado com sucesso!`).waitFor();
    // It leaves the list; the filter now finds no restaurant awaiting approval.
    await page.getByText('Nenhum restaurante aguardando aprovação.').waitFor();
    expect(await row(name).count()).toBe(0);
    expect(page.url()).toMatch(/#\/restaurants\/approvals$/);

    // Without the filter the others still wait. The list may first show its copy from before the
    // approval while it reads again: the approved one is waited out, not looked for once.
    await search().fill('');
    await row('Casa da Tapioca').waitFor();
    await row('Empório Sírio').waitFor();
    await row(name).waitFor({ state: 'detached' });
    expect(await names().allInnerTexts()).not.toContain(name);

    await page.goto(`${baseUrl}/#/restaurants/list`);
    const listed = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await listed.waitFor();
    expect(await listed.getByRole('cell').last().innerText()).toBe('Ativo');
  });
});
