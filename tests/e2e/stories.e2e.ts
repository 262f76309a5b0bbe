import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { makeImage } from './images';
import { sharedServer } from './server';

const baseUrl = sharedServer();
const TITLE = 'Dadinho de tapioca que vale a viagem';
const EDITED = 'Dadinho de tapioca: o melhor do Recife';

/** Today on the stores' calendar, as a date input takes it (yyyy-MM-dd). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The success modal: its message, then OK back to the previous page. */
async function confirmSuccess(page: Page, message: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

describe('featured posts: create with an image, find it by date, edit and delete it', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The spec's path leads to the list after the login.
    await page.goto(`${baseUrl}/#/feedhunters`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/stories$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a post with an image and sees it first in the list', async () => {
    // The demo's posts are listed.
    await page.locator('tbody tr').nth(1).waitFor();
    await page.getByRole('link', { name: 'CRIAR POST' }).click();
    await page.waitForURL(/#\/stories\/create$/);

    await page.getByRole('button', { name: 'CRIAR' }).click();
    await page.getByText('Escolha um FeedHunter.').waitFor();
    await page.getByText('Envie a imagem do post.').waitFor();

    await page.getByLabel('Título').fill(TITLE);
    await page.getByRole('combobox', { name: 'Usuário (FeedHunter)' }).click();
    const hunter = page.getByRole('option').first();
    const hunterName = (await hunter.innerText()).replace(/\s*\(@.*$/, '');
    await hunter.click();
    await page.getByRole('combobox', { name: 'Produto' }).fill('TAPIOCA');
    await page
      .getByRole('option', { name: /Dadinho de tapioca/ })
      .first()
      .click();

    const jpeg = await makeImage(page, 'image/jpeg', '#7a3b12', 1200, 1500);
    await page
      .locator('input[type=file][aria-label="Imagem do post"]')
      .setInputFiles({ name: 'feijoada.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const preview = page.getByRole('img', { name: 'Imagem do post' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/images\/platform\/.+\.webp$/);

    // Video takes an mp4 only.
    await page.getByRole('button', { name: 'Vídeo' }).click();
    await page
      .locator('input[type=file][aria-label="Vídeo do post"]')
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await notice(page, 'Escolha um vídeo MP4.').waitFor();
    await page.getByRole('button', { name: 'Imagem' }).click();
    await preview.waitFor();

    await page.getByRole('button', { name: 'CRIAR' }).click();
    await confirmSuccess(page, 'Post criado com sucesso!');
    await page.waitForURL(/#\/stories$/);
    const first = page.locator('tbody tr').first();
    await expect.poll(() => first.innerText()).toContain(TITLE);
    expect(await first.innerText()).toContain(hunterName);
  });

  it('filters by date', async () => {
    await page.getByLabel('Data inicial').fill(today);
    await page.getByLabel('Data final').fill(today);
    await page.getByRole('cell', { name: TITLE }).waitFor();
    await page.getByLabel('Data inicial').fill('2020-01-01');
    await page.getByLabel('Data final').fill('2020-01-31');
    await page.getByText('Nenhum post encontrado nesse período.').waitFor();
    await page.getByLabel('Data final').fill('2019-12-31');
    await page.getByText('A data inicial não pode ser depois da data final.').waitFor();
    await page.getByLabel('Data inicial').fill('');
    await page.getByLabel('Data final').fill('');
    await page.getByRole('cell', { name: TITLE }).waitFor();
  });

  it('opens the post, renames it, and deletes it after the confirmation', async () => {
    await page.getByRole('cell', { name: TITLE }).click();
    await page.waitForURL(/#\/stories\/\d+$/);
    await expect.poll(() => page.getByLabel('Título').inputValue()).toBe(TITLE);
    expect(await page.getByRole('combobox', { name: 'Produto' }).inputValue()).toBe(
      'Dadinho de tapioca — Sabor do Sertão',
    );
    await page.getByLabel('Título').fill(EDITED);
    await page.getByRole('button', { name: 'SALVAR' }).click();
    await confirmSuccess(page, 'Post atualizado com sucesso!');
    await page.waitForURL(/#\/stories$/);

    await page.getByRole('cell', { name: EDITED }).click();
    await page.waitForURL(/#\/stories\/\d+$/);
    await page.getByRole('button', { name: 'EXCLUIR' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await confirmSuccess(page, 'Post excluído com sucesso!');
    await page.waitForURL(/#\/stories$/);
    // The list may show its cached rows for an instant before the server's answer.
    await page.locator('tbody tr').nth(1).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: EDITED }).count()).toBe(0);
  });
});
