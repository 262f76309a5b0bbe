import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Picks an option of one of the list's always-on select filters. */
async function choose(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The text of one column in every row of the table. */
async function column(page: Page, index: number): Promise<string[]> {
  return page.locator(`tbody tr td:nth-child(${index})`).allInnerTexts();
}

describe('customers: analytics, filters, detail and the FeedHunter switch', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${baseUrl}/#/customers`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/customers$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the users analytics and opens the list', async () => {
    for (const label of ['Hoje', 'Semana', 'Mês', 'Ano']) {
      await page.getByTestId(`period-${label}`).waitFor();
    }
    await page.getByRole('img', { name: 'Gráfico semanal de novos usuários' }).waitFor();
    await page.getByRole('link', { name: 'LISTAR USUÁRIOS' }).click();
    await page.waitForURL(/#\/customers\/list/);
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('tbody tr').count()).toBe(200);
  });

  it('filters by gender and by FeedHunter', async () => {
    await choose(page, 'Gênero', 'Feminino');
    await page.waitForURL(/gender/);
    await expect.poll(async () => new Set(await column(page, 5))).toEqual(new Set(['Feminino']));

    await choose(page, 'FeedHunter', 'Sim');
    await page.waitForURL(/feedhunter/);
    await expect.poll(async () => new Set(await column(page, 6))).toEqual(new Set(['Sim']));
    expect(new Set(await column(page, 5))).toEqual(new Set(['Feminino']));

    await choose(page, 'FeedHunter', 'Não');
    await expect.poll(async () => new Set(await column(page, 6))).toEqual(new Set(['Não']));
  });

  it('exports the filtered list as CSV that opens with its accents intact', async () => {
    const total = Number(/de (\d+)/.exec(await page.getByText(/\d+-\d+ de \d+/).innerText())?.[1]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await file.path());
    // UTF-8 with a BOM, so a spreadsheet reads Gênero and São as written.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Nome;Username;E-mail;CPF;Gênero;FeedHunter;Criado em');
    expect(lines).toHaveLength(total + 1);
    // The screen's filters (female feed hunters… then not) hold in the file too.
    for (const line of lines.slice(1)) expect(line.split(';').slice(4, 6)).toEqual(['Feminino', 'Não']);
    expect(lines.some((line) => /[ãõçéêáíóú]/i.test(line.split(';')[0]!))).toBe(true);
  });

  it('opens a customer and switches FeedHunter on', async () => {
    const row = page.locator('tbody tr').first();
    // The cell holds the photo (or its initial) and then the name.
    const name = (await row.locator('td').first().innerText()).trim().split('\n').pop()!;
    await row.click();
    await page.waitForURL(/#\/customers\/list\/details\/\d+$/);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Estatísticas' }).waitFor();

    const update = page.getByRole('button', { name: 'ATUALIZAR', exact: true });
    expect(await update.isDisabled()).toBe(true);
    await page.getByRole('switch').check();
    await update.click();
    await notice(page, 'Usuário atualizado com sucesso!').waitFor();
    await page.getByText('É FeedHunter').waitFor();
    await expect.poll(() => update.isDisabled()).toBe(true);

    // Back in the list it now counts among the feed hunters.
    await page.goBack();
    await page.waitForURL(/#\/customers\/list/);
    await choose(page, 'FeedHunter', 'Sim');
    await page.locator('tbody tr', { hasText: name }).first().waitFor();
  });
});
