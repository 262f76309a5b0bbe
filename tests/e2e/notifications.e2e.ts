import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

describe('push notifications: create and deactivate', () => {
  let browser: Browser;
  let page: Page;
  const title = `Rodízio de massas ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The spec's path of the create form leads there after the login.
    await page.goto(`${baseUrl}/#/notifications/new`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/notifications\/create$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a notification for the women who visited Cantina Bella', async () => {
    const send = page.getByRole('button', { name: 'Enviar notificação' });
    await send.click();
    expect(await page.getByText('Campo obrigatório').count()).toBe(2);

    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Descrição').fill('Hoje, das 19h às 23h, rodízio com 20% de desconto.');
    await page.getByLabel('Feminino').check();
    await page.getByLabel('Restaurantes').fill('Cantina');
    await page.getByRole('option', { name: 'Cantina Bella' }).click();
    await page.getByLabel('Idade mínima').fill('30');
    await page.getByLabel('Idade máxima').fill('20');
    await send.click();
    await page.getByText('A idade mínima não pode ser maior que a máxima.').waitFor();

    await page.getByLabel('Idade máxima').fill('50');
    await send.click();
    await page.getByText('Notificação criada com sucesso').waitFor();
    await page.waitForURL(/#\/notifications$/);

    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Feminino');
    expect(text).toContain('30–50');
    expect(text).toContain('Ativo');
  });

  it('filters on Aplicar, opens the notification and deactivates it', async () => {
    await page.getByLabel('Buscar').fill('RODIZIO DE MASSAS');
    await page.getByLabel('Gênero').click();
    await page.getByRole('option', { name: 'Masculino' }).click();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('row', { name: new RegExp(title) }).waitFor({ state: 'detached' });

    await page.getByLabel('Gênero').click();
    await page.getByRole('option', { name: 'Feminino' }).click();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.click();
    await page.waitForURL(/#\/notifications\/\d+$/);
    expect(await page.getByRole('textbox', { name: 'Título' }).inputValue()).toBe(title);
    expect(await page.getByRole('textbox', { name: 'Restaurantes' }).inputValue()).toBe('Cantina Bella');

    await page.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Tem certeza que deseja desativar esta notificação?').waitFor();
    await page.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Notificação desativada com sucesso').waitFor();
    await page.getByText('Inativo').waitFor();
    expect(await page.getByRole('button', { name: 'Desativar' }).count()).toBe(0);
  });
});
