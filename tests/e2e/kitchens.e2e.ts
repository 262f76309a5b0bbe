import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** Today in São Paulo, as the list shows dates (dd/MM/yyyy). */
const today = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

describe('kitchens (restaurant staff)', () => {
  let browser: Browser;
  let page: Page;
  // Unique per run, in case the server's data folder is reused.
  const name = `Confeitaria ${Date.now() % 100_000}`;
  const renamed = `${name} e sorvetes`;
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });
  const toggle = (text: string) => page.getByRole('switch', { name: `Disponível ${text}`, exact: true });

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/#/kitchens`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/kitchens$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists the store's kitchens with the products routed to each, and links back to the products", async () => {
    const oven = row('Forno a lenha');
    await oven.waitFor();
    expect(Number(await oven.getByRole('cell').nth(1).textContent())).toBeGreaterThan(0);
    expect(await toggle('Forno a lenha').isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'PRODUTOS', exact: true }).getAttribute('href')).toBe(
      '#/products',
    );
  });

  it('creates a kitchen, asking for its name first, and shows it in the list', async () => {
    await page.getByRole('link', { name: 'NOVA COZINHA', exact: true }).click();
    await page.waitForURL(/#\/kitchens\/create$/);
    const nameInput = page.getByRole('textbox', { name: 'Nome', exact: true });
    await nameInput.waitFor();
    expect(await page.getByRole('switch', { name: 'Ativo', exact: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Você precisa informar o nome da cozinha!').waitFor();

    await nameInput.fill(name);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/kitchens'));
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({
      name,
      available: true,
      paper_width: 80,
      auto_print: false,
    });
    await page.getByText('Cozinha criada com sucesso!').waitFor();
    await page.waitForURL(/#\/kitchens$/);

    const created = row(name);
    await created.waitFor();
    const cells = await created.getByRole('cell').allInnerTexts();
    expect(cells.map((text) => text.trim())).toEqual([name, '0', today(), 'Ativo', '']);
    expect(await toggle(name).isChecked()).toBe(true);
  });

  it('switches the kitchen off from its row, on the server', async () => {
    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && /\/api\/kitchens\/id\/\d+$/.test(r.url()),
    );
    await toggle(name).click();
    expect((await patch).postDataJSON()).toEqual({ available: false });
    await page.getByText('Cozinha desativada com sucesso!').waitFor();
    // The switch only switches: the list stays.
    expect(page.url()).toMatch(/#\/kitchens$/);
    await row(name).getByText('Inativo', { exact: true }).waitFor();
    expect(await toggle(name).isChecked()).toBe(false);

    await page.reload();
    await toggle(name).waitFor();
    expect(await toggle(name).isChecked()).toBe(false);
    expect(await row(name).getByText('Inativo', { exact: true }).count()).toBe(1);
  });

  it('renames the kitchen from its screen', async () => {
    await row(name).getByText(name, { exact: true }).click();
    await page.waitForURL(/#\/kitchens\/\d+$/);
    const nameInput = page.getByRole('textbox', { name: 'Nome', exact: true });
    await expect.poll(() => nameInput.inputValue()).toBe(name);
    expect(await page.getByRole('switch', { name: 'Inativo', exact: true }).isChecked()).toBe(false);
    // The edit form's toolbar: Remover in red and Salvar, readable on its background.
    expect(await seriousViolations(page)).toEqual([]);

    await nameInput.fill('');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Você precisa informar o nome da cozinha!').waitFor();

    await nameInput.fill(renamed);
    const sent = page.waitForRequest(
      (r) => r.method() === 'PATCH' && /\/api\/kitchens\/id\/\d+$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({ name: renamed });
    await page.getByText('Cozinha atualizada com sucesso!').waitFor();
    await page.waitForURL(/#\/kitchens$/);
    await row(renamed).waitFor();
    expect(await toggle(renamed).isChecked()).toBe(false);
  });

  it('removes the kitchen after a confirmation', async () => {
    await row(renamed).getByText(renamed, { exact: true }).click();
    await page.waitForURL(/#\/kitchens\/\d+$/);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Nome', exact: true }).inputValue())
      .toBe(renamed);

    await page.getByRole('button', { name: 'Remover', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Remover a cozinha ${renamed}?`).waitFor();
    await dialog.getByText('Esta ação não pode ser desfeita.').waitFor();
    await dialog.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await page.getByText('Cozinha removida com sucesso!').waitFor();
    await page.waitForURL(/#\/kitchens$/);

    await row('Forno a lenha').waitFor();
    expect(await row(renamed).count()).toBe(0);
    await page.reload();
    await row('Forno a lenha').waitFor();
    expect(await row(renamed).count()).toBe(0);
  });
});
