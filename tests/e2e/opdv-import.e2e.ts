import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStandIn, type StandIn } from '../../server/opdv/stand-in';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { demoServer, type RunningServer } from './server';

interface ImportAnswer {
  created: number;
  linked: number;
  skipped: number;
  failed: { code: string; name: string; reason: string }[];
}

const CATALOG = /\/api\/stores\/integration\/\d+\/catalog/;
const IMPORT_CATEGORY = /\/api\/stores\/integration\/\d+\/import\/category$/;
/** The demo OPDV's menu: six top-level categories, forty items. */
const OPDV_CATEGORIES = ['Antipasti', 'Primi piatti', 'Pizze', 'Secondi', 'Dolci', 'Bevande'];
const OPDV_ITEMS = 40;
const ANTIPASTI = 7;

const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const itemRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const catalogAnswer = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'GET' && CATALOG.test(r.url()));

/**
 * The OPDV import as Cantina Bella's manager does it on a tablet (768×1024), against the local
 * OPDV (server/opdv/stand-in.ts) this test starts with its own server, so that making it
 * rate-limit touches no other test: Importar produtos from the menu, 'Iniciar Importação?', a
 * category imported whole, one product linked, the rest of the menu with the progress bar, the
 * products in the menu, and the rate limit's message. Then an administrator's /integrations for
 * Cantina Bella.
 */
describe('the OPDV menu import (Cantina Bella staff, tablet)', () => {
  let opdv: StandIn;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    opdv = await startStandIn();
    server = await demoServer({ OPDV_URL: opdv.url });
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
      locale: 'pt-BR',
    });
    page = await context.newPage();
    await page.goto(`${server.url}/#/products`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/products$/);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await opdv?.close();
  });

  it("opens the import from the products screen and asks nothing of the OPDV before 'Iniciar Importação?'", async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/stores\/integration/.test(request.url())) asked.push(request.url());
    });
    const callsBefore = opdv.calls();
    await page.getByRole('link', { name: 'Importar produtos' }).click();
    await page.waitForURL(/#\/products\/imports$/);
    const dialog = page.getByRole('dialog', { name: 'Iniciar Importação?' });
    await dialog.waitFor();
    expect(asked).toEqual([]);
    expect(opdv.calls()).toBe(callsBefore);

    const answer = catalogAnswer(page);
    await dialog.getByRole('button', { name: 'Iniciar' }).click();
    expect((await answer).status()).toBe(200);
    for (const name of OPDV_CATEGORIES) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    // Prices in reais, sub-categories nested.
    await expect.poll(() => itemRow(page, 'Bruschetta al pomodoro').innerText()).toContain('R$ 24,90');
    await page.getByRole('heading', { name: 'Paste fresche' }).waitFor();
    for (const control of [
      page.getByRole('button', { name: 'Importar tudo' }),
      page.getByRole('button', { name: 'Importar categoria Antipasti' }),
      page.getByRole('button', { name: 'Vincular Tiramisù' }),
      page.getByRole('checkbox', { name: 'Escolher Tiramisù' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('imports a category whole: its items then read Importado', async () => {
    const imported = page.waitForResponse((r) => IMPORT_CATEGORY.test(r.url()));
    await page.getByRole('button', { name: 'Importar categoria Antipasti' }).click();
    const answer = await imported;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ code: 'CAT-ANT' });
    expect(((await answer.json()) as { data: ImportAnswer }).data).toMatchObject({
      created: ANTIPASTI,
      failed: [],
    });
    await notice(page, 'Categoria importada com sucesso!').waitFor();
    await itemRow(page, 'Caprese').getByText('Importado', { exact: true }).waitFor();
    await itemRow(page, 'Burrata pugliese').getByText('Importado', { exact: true }).waitFor();
  });

  it('links an OPDV item to an existing product of the menu', async () => {
    await page.getByRole('button', { name: 'Vincular Tiramisù' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vincular Tiramisù' });
    await dialog.getByRole('combobox', { name: 'Produto do cardápio' }).fill('Tiramis');
    await page.getByRole('option', { name: 'Tiramisù' }).click();
    const linked = page.waitForResponse((r) => /\/link$/.test(r.url()));
    await dialog.getByRole('button', { name: 'Vincular' }).click();
    expect((await linked).status()).toBe(200);
    await notice(page, 'Produto vinculado com sucesso').waitFor();
    await itemRow(page, 'Tiramisù').getByText('Importado', { exact: true }).waitFor();
  });

  it('imports the rest of the menu one category at a time with the progress bar, and sums it up', async () => {
    const answers: ImportAnswer[] = [];
    const collect = async (response: Awaited<ReturnType<Page['waitForResponse']>>) => {
      if (IMPORT_CATEGORY.test(response.url()))
        answers.push(((await response.json()) as { data: ImportAnswer }).data);
    };
    page.on('response', (response) => void collect(response));
    const started = Date.now();
    await page.getByRole('button', { name: 'Importar tudo' }).click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    await notice(page, 'Cardápio importado com sucesso!').waitFor({ timeout: 60_000 });
    console.log(
      `Cardápio do OPDV de demonstração (${OPDV_ITEMS} itens) importado em ${Date.now() - started} ms`,
    );
    page.removeAllListeners('response');
    expect(answers).toHaveLength(OPDV_CATEGORIES.length);
    const summary = page.getByRole('status', { name: 'Resumo da importação: Cardápio do OPDV' });
    const text = (await summary.innerText()).replace(/\s+/g, ' ');
    // Everything but the whole category and the linked product is new; those two are skipped.
    expect(text).toContain(`Criados ${OPDV_ITEMS - ANTIPASTI - 1}`);
    expect(text).toContain(`Ignorados por já importados ${ANTIPASTI + 1}`);
    expect(text).toContain('Falhas 0');
    await expect
      .poll(() => page.getByText('Importado', { exact: true }).count(), { timeout: 15_000 })
      .toBe(OPDV_ITEMS);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the imported products in the menu (/products)', async () => {
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL(/#\/products$/);
    for (const name of OPDV_CATEGORIES) {
      await page
        .getByRole('heading', { name, exact: true })
        .or(page.getByText(name, { exact: true }))
        .first()
        .waitFor();
    }
    await page.getByText('Pizze', { exact: true }).first().click();
    await page.getByText('Quattro formaggi', { exact: true }).first().waitFor();
  });

  it("says 'Limite de chamadas alcançado…' when the OPDV rate-limits", async () => {
    const control = await fetch(`${opdv.url}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'rate-limit' }),
    });
    expect(control.status).toBe(200);
    await page.getByRole('link', { name: 'Importar produtos' }).click();
    const answer = catalogAnswer(page);
    await page
      .getByRole('dialog', { name: 'Iniciar Importação?' })
      .getByRole('button', { name: 'Iniciar' })
      .click();
    expect((await answer).status()).toBe(429);
    await page.getByText('Limite de chamadas alcançado. Tente novamente em alguns minutos').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Once the OPDV answers again, Tentar novamente reads the menu.
    await fetch(`${opdv.url}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'ok' }),
    });
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('heading', { name: 'Antipasti', exact: true }).waitFor();
  });

  describe('for a platform administrator', () => {
    let admin: Browser;
    let adminPage: Page;

    beforeAll(async () => {
      admin = await launchBrowser();
      adminPage = await admin.newPage({ viewport: { width: 1280, height: 900 } });
      await adminPage.goto(`${server.url}/#/integrations`);
      await signIn(adminPage, 'admin@painel.com.br', 'Painel@2026');
      await adminPage.waitForURL(/#\/integrations$/);
    });
    afterAll(async () => {
      await admin?.close();
    });

    it("shows a chosen restaurant's integrations: Cantina Bella's active OPDV, its token masked", async () => {
      await adminPage.getByText('Escolha um restaurante para ver as suas integrações.').waitFor();
      const listed = adminPage.waitForResponse((r) =>
        /\/api\/stores\/integration\?(.*&)?store_id=\d+/.test(r.url()),
      );
      await adminPage.getByRole('combobox', { name: 'Restaurante' }).fill('Cantina');
      await adminPage.getByRole('option', { name: 'Cantina Bella' }).click();
      expect((await listed).status()).toBe(200);
      const card = adminPage.getByRole('listitem', { name: 'Integração OPDV' });
      await card.waitFor();
      const text = await card.innerText();
      expect(text).toMatch(/••••••••\w{4}/);
      expect(text).not.toContain('opdv-demo');
      expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await adminPage.getByText('Já existe uma integração OPDV ativa para esta loja.').waitFor();
      expect(await adminPage.getByRole('button', { name: 'Nova integração' }).count()).toBe(0);
      expect(await seriousViolations(adminPage)).toEqual([]);
    });
  });
});
