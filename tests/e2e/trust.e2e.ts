import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, menuLabels, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** Signs in through the API, as any client could, and answers the token. */
async function tokenOf(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, `login ${email}`).toBe(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** The token the web app keeps for the page's session. */
const pageToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('painel.session') ?? '{}') as { token: string }).token,
  );

const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true } as const;
const MONEY_ENTRIES = ['Estatísticas', 'Financeiro', 'Integrações', 'Fidelidade', 'Histórico'];

/**
 * Who may touch the money, tried as a restaurant uses Painel on tablets: a waiter sees no revenue
 * and is refused its calls; the manager grants the waiters the statistics, which the waiter sees on
 * the next page load; the Histórico shows who did it, when and why, and exports it; a person who
 * works at Cantina Bella and Sabor do Sertão switches between them from the app bar.
 */
describe('roles, permissions, the Histórico and several stores (tablet, 768×1024)', () => {
  let browser: Browser;
  let waiterContext: BrowserContext;
  let managerContext: BrowserContext;
  let waiter: Page;
  let manager: Page;
  const run = Date.now() % 1_000_000;
  const waiterEmail = `garcom.${run}@cantinabella.com.br`;
  const waiterPassword = 'Garcom@2026x';

  beforeAll(async () => {
    const managerToken = await tokenOf('gerente@cantinabella.com.br', 'Cantina@2026');
    const added = await api(managerToken, 'POST', '/api/admins', {
      fullname: `Caio Garçom ${run}`,
      email: waiterEmail,
      phone: '11977771234',
      password: waiterPassword,
      role: 'WAITER',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    browser = await launchBrowser();
    waiterContext = await browser.newContext(TABLET);
    managerContext = await browser.newContext({ ...TABLET, acceptDownloads: true });
    waiter = await waiterContext.newPage();
    manager = await managerContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a waiter no revenue anywhere: the floor first, no money in the menu, each money screen refused', async () => {
    await waiter.goto(`${baseUrl}/#/`);
    await signIn(waiter, waiterEmail, waiterPassword);
    // A waiter lands on the floor, not on the statistics.
    await waiter.waitForURL(/#\/hall$/);
    await waiter.getByTestId('table-card').first().waitFor();
    const labels = await menuLabels(waiter);
    expect(labels).toContain('Salão');
    for (const entry of MONEY_ENTRIES) expect(labels).not.toContain(entry);
    await expect.poll(() => waiter.getByTestId('current-store').textContent()).toBe('Cantina Bella · Garçom');
    expect(await seriousViolations(waiter)).toEqual([]);
    for (const path of ['/statistics', '/financial']) {
      await waiter.goto(`${baseUrl}/#${path}`);
      await waiter.getByText('Acesso restrito').waitFor();
    }
    expect(await seriousViolations(waiter)).toEqual([]);
    // And from outside the screens, the API says no.
    const token = await pageToken(waiter);
    for (const path of [
      '/api/financial/bank-accounts',
      '/api/financial/balance',
      '/api/financial/extracts',
      '/api/financial/analytics',
      '/api/stores/integration',
      '/api/statistics',
    ]) {
      expect((await api(token, 'GET', path)).status, path).toBe(403);
    }
    const bank = await api(token, 'POST', '/api/financial/bank-accounts', {
      bank_code: '341',
      agency: '0001',
      account: '12345',
      account_digit: '6',
      account_type: 'CHECKING',
      holder_name: 'Garçom',
      holder_document: '52998224725',
      is_default: true,
    });
    expect(bank.status).toBe(403);
  });

  it("takes a manager's grant of Estatísticas to the waiters on the waiter's next page load", async () => {
    await manager.goto(`${baseUrl}/#/settings/permissions`);
    await signIn(manager, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await manager.waitForURL(/#\/settings\/permissions$/);
    const grant = manager.getByRole('checkbox', { name: 'Garçom: Estatísticas' });
    await grant.waitFor();
    expect(await grant.isChecked()).toBe(false);
    expect(await seriousViolations(manager)).toEqual([]);
    await grant.check();
    await manager.getByRole('button', { name: 'SALVAR' }).click();
    await manager.getByText('Permissões salvas com sucesso!').waitFor();

    await waiter.goto(`${baseUrl}/#/hall`);
    await waiter.reload();
    await expect.poll(async () => (await menuLabels(waiter)).includes('Estatísticas')).toBe(true);
    await waiter.getByRole('menuitem', { name: 'Estatísticas' }).click();
    await waiter.waitForURL(/#\/statistics$/);
    expect(await waiter.getByText('Acesso restrito').count()).toBe(0);
    expect((await api(await pageToken(waiter), 'GET', '/api/statistics')).status).toBe(200);
    // Still no finance.
    expect(await menuLabels(waiter)).not.toContain('Financeiro');
  });

  it("shows tonight's changes in the Histórico with who and when, opens one, and exports them", async () => {
    await manager.goto(`${baseUrl}/#/audit-events`);
    // On a tablet beside the menu, one line per row: what, where; when and who; why.
    const line = manager.getByRole('button', { name: /Salvou · Permissões/ }).first();
    await line.waitFor();
    expect(await line.textContent()).toContain('Giulia Romano');
    expect((await line.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(manager)).toEqual([]);
    await line.click();
    const dialog = manager.getByRole('dialog');
    await dialog.getByText(/Permissões da função \d+:WAITER/).waitFor();
    expect(await dialog.textContent()).toMatch(/statistics/);
    // Checked once the dialog has faded in: half-way, its colours are not yet its own.
    await expect
      .poll(() => manager.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    expect(await seriousViolations(manager)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    // The waiter's sign-in is there too, with their name (the demo's guests fill the first pages).
    const signIns = await api(
      await pageToken(manager),
      'GET',
      '/api/audit-events?action=sign-in&page_size=100',
    );
    const actors = (signIns.body!.data as { results: { actor: string }[] }).results.map(
      (event) => event.actor,
    );
    expect(actors).toContain(`Caio Garçom ${run} <${waiterEmail}>`);

    const [download] = await Promise.all([
      manager.waitForEvent('download'),
      manager.getByRole('button', { name: 'Exportar' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\ufeffQuando;Quem;O quê;Onde;Registro;Resumo;Motivo;Restaurante;Endereço IP',
    );
    expect(csv).toContain('Salvou;Permissões');

    // The grant taken back: the waiters see no statistics again.
    await manager.goto(`${baseUrl}/#/settings/permissions`);
    const grant = manager.getByRole('checkbox', { name: 'Garçom: Estatísticas' });
    await grant.waitFor();
    await grant.uncheck();
    await manager.getByRole('button', { name: 'SALVAR' }).click();
    await manager.getByText('Permissões salvas com sucesso!').waitFor();
  });

  it('lets a person of both restaurants sign in once and switch from the app bar, each store only its own', async () => {
    const context = await browser.newContext(TABLET);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/`);
    await signIn(page, 'rafaela.costa@grupocosta.com.br', 'Equipe@2026');
    const current = page.getByTestId('current-store');
    await expect.poll(() => current.textContent()).toMatch(/Cantina Bella · Caixa/);
    expect(await seriousViolations(page)).toEqual([]);
    const storesOf = async (path: string) => {
      const answer = await api(await pageToken(page), 'GET', path);
      expect(answer.status, path).toBe(200);
      const data = answer.body!.data as { results?: { store_id: number }[] } | { store_id: number }[];
      const rows = Array.isArray(data) ? data : (data.results ?? []);
      return new Set(rows.map((row) => row.store_id));
    };
    const account = await api(await pageToken(page), 'GET', '/api/account');
    const [cantina, sertao] = (account.body!.data as { roles: { store_id: number }[] }).roles.map(
      (place) => place.store_id,
    );
    await page.goto(`${baseUrl}/#/hall`);
    await page.getByTestId('table-card').first().waitFor();
    expect(await storesOf('/api/tables')).toEqual(new Set([cantina]));
    // As Cantina Bella's cashier, the statement is hers to read.
    await page.goto(`${baseUrl}/#/financial`);
    await page.getByText('Valores de: Cantina Bella').waitFor();

    await current.click();
    await page.getByRole('menuitem', { name: /Sabor do Sertão/ }).click();
    await expect
      .poll(() => page.getByTestId('current-store').textContent(), { timeout: 15_000 })
      .toMatch(/Sabor do Sertão · Garçom/);
    await page.goto(`${baseUrl}/#/hall`);
    await page.getByTestId('table-card').first().waitFor();
    expect(await storesOf('/api/tables')).toEqual(new Set([sertao]));
    expect(await storesOf('/api/orders/items')).not.toContain(cantina);
    await page.goto(`${baseUrl}/#/orders`);
    await page.getByRole('heading', { name: 'Pedidos' }).first().waitFor();
    // A waiter there: no figures.
    await page.goto(`${baseUrl}/#/financial`);
    await page.getByText('Acesso restrito').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Signing in again lands on the store used last.
    const again = await tokenOf('rafaela.costa@grupocosta.com.br', 'Equipe@2026');
    expect(((await api(again, 'GET', '/api/account')).body!.data as { store_id: number }).store_id).toBe(
      sertao,
    );
    // Back to Cantina Bella for whoever uses this account next.
    await api(again, 'POST', '/api/account/store', { store_id: cantina });
    await context.close();
  });
});
