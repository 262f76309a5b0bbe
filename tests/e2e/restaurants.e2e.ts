import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dragBelow, launchBrowser, signIn } from './browser';
import { makeImage } from './images';

const baseUrl = inject('baseUrl');

/** A notice in the toaster (the same words may also sit under a field). */
function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

describe('restaurants: create with three images, reorder, edit and remove', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${baseUrl}/#/restaurants`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/restaurants$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a restaurant and sees it in the list', async () => {
    await page.getByRole('link', { name: 'CRIAR RESTAURANTE' }).click();
    await page.waitForURL(/#\/restaurants\/create$/);

    // The spec's checks before submitting.
    await page.getByRole('button', { name: 'CRIAR' }).click();
    await notice(page, 'Você precisa inserir imagens').waitFor();

    const png = await makeImage(page, 'image/png', '#aa3300');
    const jpeg = await makeImage(page, 'image/jpeg', '#335577');
    await page
      .locator('input[type=file][aria-label="Imagem de capa"]')
      .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: png });
    await page
      .locator('input[type=file][aria-label="Logo branca"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page
      .locator('input[type=file][aria-label="Foto da home"]')
      .setInputFiles({ name: 'home.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('img', { name: 'Foto da home' }).waitFor();
    expect(await page.getByRole('img', { name: 'Imagem de capa' }).getAttribute('src')).toMatch(
      /^\/uploads\/images\/.+\.webp$/,
    );

    await page.getByRole('button', { name: 'CRIAR' }).click();
    await notice(page, 'Você precisa selecionar os campos "Cidade de Operação" e "Cozinha"').waitFor();

    // A new operation city through the modal, suggested from the municipalities list.
    await page.getByRole('button', { name: 'Nova cidade' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Cidade').fill('Florianó');
    await page.getByRole('option', { name: /Florianópolis/ }).click();
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await notice(page, 'Cidade de operação criada com sucesso!').waitFor();

    await page.getByLabel('Cozinha').click();
    await page.getByRole('option', { name: 'Italiana' }).click();

    await fill(page, 'Nome fantasia', 'Osteria do Porto');
    await fill(page, 'Razão social', 'Osteria do Porto Ltda');
    await fill(page, 'CNPJ', '11222333000181');
    expect(await page.getByLabel('CNPJ', { exact: true }).inputValue()).toBe('11.222.333/0001-81');
    await fill(page, 'Instagram', '@osteriadoporto');
    await fill(page, 'Frase promocional', 'Frutos do mar à italiana');
    await fill(page, 'Descrição completa', 'Cozinha italiana com peixes do dia.');
    await fill(page, 'E-mail do administrador do restaurante', 'gerente@osteriadoporto.com.br');
    await fill(page, 'CEP', '88010400');
    await fill(page, 'Rua', 'Rua Felipe Schmidt');
    await fill(page, 'Número', '12A');
    await fill(page, 'Bairro', 'Centro');
    await page.getByLabel('Cidade', { exact: true }).fill('Florianópolis');
    await page.getByLabel('UF').click();
    await page.getByRole('option', { name: 'SC', exact: true }).click();
    await fill(page, 'Nome completo', 'Marina Costa');
    await fill(page, 'CPF', '52998224725');
    await page.getByLabel('E-mail', { exact: true }).fill('marina@osteriadoporto.com.br');
    await page.getByRole('button', { name: 'CRIAR' }).click();
    await page.getByText('informe somente números').waitFor();
    await fill(page, 'Número', '120');
    await page.getByRole('button', { name: 'CRIAR' }).click();
    await notice(page, 'Restaurante criado com sucesso!').waitFor();
    await page.waitForURL(/#\/restaurants$/);

    await page.getByRole('link', { name: 'LISTAR RESTAURANTES' }).click();
    await page.waitForURL(/#\/restaurants\/list$/);
    await page.getByRole('cell', { name: 'Osteria do Porto', exact: true }).waitFor();
  });

  it('reorders the list and saves the new order', async () => {
    await page.goto(`${baseUrl}/#/restaurants/list`);
    const names = page.locator('tbody tr td:nth-child(2)');
    await names.first().waitFor();
    const before = await names.allInnerTexts();
    expect(await page.getByRole('button', { name: 'SALVAR ORDEM' }).count()).toBe(0);
    // Drag the first row's handle below the second row.
    const handle = page.getByRole('button', { name: `Arrastar ${before[0]}` });
    const target = page.getByRole('button', { name: `Arrastar ${before[1]}` });
    await dragBelow(page, handle, target);
    await page.getByRole('button', { name: 'SALVAR ORDEM' }).click();
    await notice(page, 'Ordem dos restaurantes atualizada com sucesso!').waitFor();
    await page.reload();
    await names.first().waitFor();
    const after = await names.allInnerTexts();
    expect(after.slice(0, 2)).toEqual([before[1], before[0]]);
  });

  it('edits a restaurant and removes it', async () => {
    await page.goto(`${baseUrl}/#/restaurants/list`);
    await page.getByRole('cell', { name: 'Osteria do Porto', exact: true }).click();
    await page.waitForURL(/#\/restaurants\/list\/details\/\d+$/);
    // Wait for the record to fill the form before typing over it.
    await expect
      .poll(() => page.getByLabel('Nome fantasia').inputValue(), { timeout: 30_000 })
      .toBe('Osteria do Porto');
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Fechado' }).click();
    // The record may still be refreshed once after it first shows; type until the name holds.
    await expect
      .poll(
        async () => {
          await page.getByLabel('Nome fantasia').fill('Osteria do Porto Velho');
          await page.waitForTimeout(300);
          return page.getByLabel('Nome fantasia').inputValue();
        },
        { timeout: 15_000 },
      )
      .toBe('Osteria do Porto Velho');
    await page.getByRole('button', { name: 'SALVAR' }).click();
    await notice(page, 'Restaurante atualizado com sucesso!').waitFor();
    await page.waitForURL(/#\/restaurants\/list$/);
    await page.getByRole('cell', { name: 'Osteria do Porto Velho', exact: true }).click();
    await page.getByRole('button', { name: 'REMOVER' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await notice(page, 'Restaurante removido com sucesso!').waitFor();
    await page.waitForURL(/#\/restaurants\/list$/);
    expect(await page.getByRole('cell', { name: 'Osteria do Porto Velho', exact: true }).count()).toBe(0);
  });
});
