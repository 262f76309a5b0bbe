import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();
const NAME = 'Molhos especiais';
const RENAMED = 'Molhos e extras';

function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The success modal: its message, then OK back to the previous page. */
async function confirmSuccess(page: Page, message: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

/** Searches the store's products and picks the one with exactly this name. */
async function pick(page: Page, search: string, name: string) {
  await page.getByRole('combobox', { name: 'Adicionar produto', exact: true }).fill(search);
  await page
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .click();
}

/** The names on a list of chips. */
async function chipsOf(page: Page, list: string) {
  const items = page.getByRole('list', { name: list, exact: true }).getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.trim());
}

/** Opens a group's row and answers the products it shows. */
async function productsInRow(page: Page, group: string) {
  // The list keeps a row open when it is left and found again (an edit and back): open it only if shut.
  const shown = page.getByRole('list', { name: `Produtos de ${group}`, exact: true });
  if ((await shown.count()) === 0) {
    await page.getByRole('button', { name: `Mostrar produtos de ${group}`, exact: true }).click();
  }
  await page.getByRole('list', { name: `Produtos de ${group}`, exact: true }).waitFor();
  return chipsOf(page, `Produtos de ${group}`);
}

describe('complement groups: create with two products, see them in the list, edit, delete', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The requested page is opened after the login.
    await page.goto(`${baseUrl}/#/products/complements`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/products\/complements$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists the store's groups with their products", async () => {
    await page.getByRole('cell', { name: 'Escolha a massa', exact: true }).waitFor();
    expect(await productsInRow(page, 'Escolha a massa')).toEqual([
      'Spaghetti',
      'Penne',
      'Fettuccine',
      'Talharim integral',
    ]);
  });

  it('creates a group with two products', async () => {
    await page.getByRole('link', { name: 'Novo grupo', exact: true }).click();
    await page.waitForURL(/#\/products\/complements\/create\/group$/);

    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Você precisa informar o nome do grupo de complementos').waitFor();

    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(NAME);
    await page.getByRole('spinbutton', { name: 'Mínimo', exact: true }).fill('1');
    await page.getByRole('spinbutton', { name: 'Máximo', exact: true }).fill('2');
    await pick(page, 'burr', 'Burrata');
    await pick(page, 'bacon', 'Bacon crocante');
    await pick(page, 'burr', 'Burrata');
    await notice(page, 'Produto já selecionado').waitFor();
    await page.keyboard.press('Escape');
    expect(await chipsOf(page, 'Produtos do grupo')).toEqual(['Burrata', 'Bacon crocante']);
    await page.getByRole('switch', { name: 'Não repetir a opção', exact: true }).click();
    await page.getByRole('switch', { name: 'Repetir a opção', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await confirmSuccess(page, 'Grupo de complementos criado com sucesso!');
    await page.waitForURL(/#\/products\/complements$/);

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: NAME, exact: true }) });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: '1–2', exact: true }).count()).toBe(1);
    expect(await productsInRow(page, NAME)).toEqual(['Burrata', 'Bacon crocante']);
  });

  it('edits the group: renames it and removes a product on Salvar', async () => {
    await page.getByRole('button', { name: `Editar ${NAME}`, exact: true }).click();
    await page.waitForURL(/#\/products\/complements\/create\/group\/\d+$/);
    const name = page.getByRole('textbox', { name: 'Nome', exact: true });
    await expect.poll(() => name.inputValue()).toBe(NAME);
    expect(await chipsOf(page, 'Produtos do grupo')).toEqual(['Burrata', 'Bacon crocante']);
    await page.getByRole('switch', { name: 'Repetir a opção', exact: true }).waitFor();

    await name.fill(RENAMED);
    await page.getByRole('button', { name: 'Remover Burrata', exact: true }).click();
    expect(await chipsOf(page, 'Produtos do grupo')).toEqual(['Bacon crocante']);
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await confirmSuccess(page, 'Grupo de complementos editado com sucesso!');
    await page.waitForURL(/#\/products\/complements$/);

    await page.getByRole('cell', { name: RENAMED, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: NAME, exact: true }).count()).toBe(0);
    expect(await productsInRow(page, RENAMED)).toEqual(['Bacon crocante']);
  });

  it('deletes the group after the confirmation', async () => {
    await page.getByRole('button', { name: `Excluir ${RENAMED}`, exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Excluir grupo de complementos?' });
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click();
    await notice(page, 'Grupo de complementos excluído!').waitFor();
    await expect.poll(() => page.getByRole('cell', { name: RENAMED, exact: true }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Escolha a massa', exact: true }).waitFor();
  });
});
