import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

const REAIS = /^-?R\$ \d{1,3}(\.\d{3})*,\d{2}$/;
const range = (page: Page) => page.getByText(/^\d+-\d+ de \d+$/);
const totalOf = async (page: Page) => Number(/de (\d+)$/.exec(await range(page).innerText())![1]);
const rows = (page: Page) => page.locator('tbody tr');
/** The figure of one of the five cards. */
const card = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Resumo financeiro' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('p.MuiTypography-h6');

/**
 * The store's finances as Cantina Bella's manager reads them on a tablet: the statement eight
 * rows a page under the five cards, a period, the CSV of it, the deposits, and a bank account
 * added from the history's link; then an administrator's statement of a restaurant chosen.
 */
describe('the statement, the deposits and the bank accounts', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, acceptDownloads: true });
    await page.goto(`${baseUrl}/#/financial`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/financial$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the statement from the finance dashboard: five cards over 8 rows a page, and pages through it', async () => {
    await page.getByRole('link', { name: 'Extrato' }).click();
    await page.waitForURL(/#\/financial\/extracts/);
    await range(page).waitFor();
    expect(await range(page).innerText()).toMatch(/^1-8 de \d+$/);
    expect(await rows(page).count()).toBe(8);
    for (const name of ['Recebido', 'Disponível (hoje)', 'A receber (hoje)', 'Cancelado', 'Taxas']) {
      expect(await card(page, name).innerText()).toMatch(REAIS);
    }
    const pageText = () =>
      rows(page)
        .allInnerTexts()
        .then((texts) => texts.join('\n'));
    const first = await pageText();
    await page.getByRole('button', { name: 'Ir para a próxima página' }).click();
    await expect.poll(() => range(page).innerText()).toMatch(/^9-16 de \d+$/);
    // The range moves at once; the rows of page 1 stay in view until page 2 arrives.
    await expect.poll(pageText).not.toBe(first);
    expect(await rows(page).count()).toBe(8);
    // The page scrolls its table on a tablet, never the whole screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('narrows the statement to a period typed dd/mm/aaaa, and exports that period as CSV', async () => {
    const everything = await totalOf(page);
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const weekAgo = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(Date.now() - 7 * 86_400_000),
    );
    await page.getByLabel('Data inicial').fill(weekAgo.replace(/\//g, ''));
    await page.getByLabel('Data final').fill(today.replace(/\//g, ''));
    await expect.poll(() => totalOf(page)).toBeLessThan(everything);
    const total = await totalOf(page);
    expect(total).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Data;Tipo;Descrição;Valor;Serviço;Disponível em');
    expect(lines).toHaveLength(total + 1);
    const [day, month, year] = weekAgo.split('/').map(Number);
    for (const line of lines.slice(1)) {
      const [d, m, y] = line.slice(0, 10).split('/').map(Number);
      expect(new Date(y!, m! - 1, d!).getTime()).toBeGreaterThanOrEqual(
        new Date(year!, month! - 1, day!).getTime(),
      );
    }
  });

  it('adds a bank account from the deposit history, and lists it', async () => {
    await page.goto(`${baseUrl}/#/financial/history`);
    await range(page).waitFor();
    expect(await rows(page).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Adicionar conta bancária' }).click();
    await page.waitForURL(/#\/financial\/bank-accounts\/new$/);

    await page.getByRole('combobox', { name: /^Banco/ }).fill('Nu Pag');
    await page.getByRole('option', { name: /^260 · Nu Pagamentos/ }).click();
    await page.getByLabel('Agência').fill('0001');
    await page.getByLabel('Conta', { exact: true }).fill('98765432');
    await page.getByRole('textbox', { name: 'Dígito' }).nth(1).fill('1');
    await page.getByLabel('Nome do titular').fill('Cantina Bella Ltda');
    // A wrong CNPJ is refused under its input, and nothing is sent.
    await page.getByLabel('CPF/CNPJ do titular').fill('11222333000100');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Informe um CPF ou CNPJ válido do titular.').waitFor();
    await page.getByLabel('CPF/CNPJ do titular').fill('11222333000181');
    await page.getByRole('combobox', { name: 'Tipo da chave PIX' }).click();
    await page.getByRole('option', { name: 'E-mail' }).click();
    await page.getByRole('textbox', { name: 'Chave PIX' }).fill('Financeiro@CantinaBella.com.br');

    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/financial\/bank-accounts$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(201);
    await page.getByText('Conta bancária cadastrada com sucesso!').waitFor();
    await page.waitForURL(/#\/financial\/bank-accounts$/);
    const row = page.locator('tbody tr', { hasText: '98765432-1' });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('260 · Nu Pagamentos');
    expect(text).toContain('11.222.333/0001-81');
    expect(text).toContain('financeiro@cantinabella.com.br');
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 768, height: 1024 },
  ]) {
    it(`shows an administrator the platform's statement, then a chosen restaurant's (${viewport.width} px)`, async () => {
      const admin = await browser.newPage({ viewport });
      await admin.goto(`${baseUrl}/#/financial/extracts`);
      await signIn(admin, 'admin@painel.com.br', 'Painel@2026');
      await admin.waitForURL(/#\/financial\/extracts/);
      await admin.getByText('Valores de: Plataforma').waitFor();
      await range(admin).waitFor();
      expect(await rows(admin).count()).toBe(8);
      const platform = await card(admin, 'Recebido').innerText();
      expect(platform).toMatch(REAIS);
      expect(await seriousViolations(admin)).toEqual([]);
      await admin.screenshot({
        path: `/tmp/painel-money-extrato-plataforma-${viewport.width}.png`,
        fullPage: true,
      });

      await admin.getByRole('combobox', { name: 'Restaurante' }).fill('Cantina');
      await admin.getByRole('option', { name: 'Cantina Bella' }).click();
      await admin.getByText('Valores de: Cantina Bella').waitFor();
      await expect.poll(() => card(admin, 'Recebido').innerText()).not.toBe(platform);
      expect(await rows(admin).count()).toBe(8);
      expect(await card(admin, 'Recebido').innerText()).toMatch(REAIS);
      await admin.screenshot({
        path: `/tmp/painel-money-extrato-cantina-${viewport.width}.png`,
        fullPage: true,
      });

      await admin.goto(`${baseUrl}/#/financial/history`);
      await admin.getByText('Valores de: Plataforma').waitFor();
      await range(admin).waitFor();
      expect(await seriousViolations(admin)).toEqual([]);
      await admin.screenshot({ path: `/tmp/painel-money-historico-${viewport.width}.png`, fullPage: true });
      await admin.close();
    });
  }
});
