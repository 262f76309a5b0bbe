import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** A date `days` from today in São Paulo, as the date input takes it. */
const dayFromNow = (days: number) =>
  new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const shown = (isoDate: string) => isoDate.split('-').reverse().join('/');
/** The discount's input: "Desconto", marked required, not "Desconto máximo". */
const discountInput = (page: Page) => page.getByLabel(/^Desconto[\s\u2009*]*$/);

describe('promo codes and the privacy text', () => {
  let browser: Browser;
  let page: Page;
  // Unique per run, in case the server's data folder is reused.
  const code = `E2E${Date.now() % 100_000}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/#/promoCodes`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/promoCodes$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a promo code with the spec notice, and lists it first', async () => {
    await page.getByRole('link', { name: 'ADICIONAR CUPOM' }).click();
    await page.waitForURL(/#\/promoCodes\/create$/);
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect(await page.getByText('Campo obrigatório').count()).toBeGreaterThanOrEqual(5);

    await page.getByLabel('Descrição').fill('10% no delivery de teste');
    await page.getByLabel('Código').fill(code.toLowerCase());
    expect(await page.getByLabel('Código').inputValue()).toBe(code);
    // Discount fields strip non-digits as typed (spec 5).
    await discountInput(page).pressSequentially('1a0%');
    expect(await discountInput(page).inputValue()).toBe('10');
    // The maximum is a percentage off too (spec 3).
    await page.getByLabel('Desconto máximo').pressSequentially('2x0');
    expect(await page.getByLabel('Desconto máximo').inputValue()).toBe('20');
    await page.getByLabel('Número de usos').pressSequentially('5x0');
    expect(await page.getByLabel('Número de usos').inputValue()).toBe('50');
    await page.getByLabel('Expira em').fill(dayFromNow(30));
    await page.getByLabel('Origem').click();
    await page.getByRole('option', { name: 'Delivery' }).click();

    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/promocodes'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      code,
      discount: '10.00',
      max_discount: 20,
      n_available: 50,
      origin: 'DELIVERY',
      type: null,
      active: true,
    });
    await page.getByText('Cupom criado com sucesso!').waitFor();
    await page.waitForURL(/#\/promoCodes$/);

    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    for (const text of ['10%', '20%', '0 / 50', 'Delivery', 'Todos', shown(dayFromNow(30))]) {
      expect(await row.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    // Newest first, 8 to a page (spec 9).
    expect(await page.getByRole('row').nth(1).textContent()).toContain(code);
    expect(await page.locator('tbody tr').count()).toBe(8);
  });

  it('refuses the same code again, whatever its case', async () => {
    await page.getByRole('link', { name: 'ADICIONAR CUPOM' }).click();
    await page.getByLabel('Descrição').fill('Repetido');
    await page.getByLabel('Código').fill(code.toLowerCase());
    await discountInput(page).fill('5');
    await page.getByLabel('Desconto máximo').fill('10');
    await page.getByLabel('Número de usos').fill('1');
    await page.getByLabel('Expira em').fill(dayFromNow(5));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Já existe um cupom com esse código.').waitFor();
    await page.goto(`${baseUrl}/#/promoCodes`);
  });

  it('switches the code off and on from its row, on the server', async () => {
    const toggle = page.getByRole('switch', { name: `Ativo ${code}` });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && /\/api\/promocodes\/id\/\d+$/.test(r.url()),
    );
    await toggle.click();
    expect((await patch).postDataJSON()).toEqual({ active: false });
    await page.getByText('Cupom desativado com sucesso!').waitFor();
    expect(await toggle.isChecked()).toBe(false);

    await page.reload();
    await page.getByRole('switch', { name: `Ativo ${code}` }).waitFor();
    expect(await page.getByRole('switch', { name: `Ativo ${code}` }).isChecked()).toBe(false);

    await page.getByRole('switch', { name: `Ativo ${code}` }).click();
    await page.getByText('Cupom ativado com sucesso!').waitFor();
    expect(await page.getByRole('switch', { name: `Ativo ${code}` }).isChecked()).toBe(true);
  });

  it('edits the privacy text from the FAQ and keeps it on the server', async () => {
    await page.goto(`${baseUrl}/#/fac`);
    await page.waitForURL(/#\/faqs$/);
    await page.getByRole('link', { name: 'TEXTO DE PRIVACIDADE' }).click();
    await page.waitForURL(/#\/fac\/privacy$/);

    const title = page.getByLabel('Título');
    await title.waitFor();
    expect(await title.inputValue()).toBe('Política de Privacidade');
    await title.fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Campo obrigatório').waitFor();

    await title.fill('Política de Privacidade e Cookies');
    await page.getByLabel('Texto', { exact: true }).fill('Usamos cookies para manter a sessão.\n\nSó isso.');
    const active = page.getByLabel('Ativo');
    const wasActive = await active.isChecked();
    await active.click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Texto alterado com sucesso!').waitFor();

    await page.reload();
    await page.getByLabel('Título').waitFor();
    expect(await page.getByLabel('Título').inputValue()).toBe('Política de Privacidade e Cookies');
    expect(await page.getByLabel('Texto', { exact: true }).inputValue()).toBe(
      'Usamos cookies para manter a sessão.\n\nSó isso.',
    );
    expect(await page.getByLabel('Ativo').isChecked()).toBe(!wasActive);
  });
});
