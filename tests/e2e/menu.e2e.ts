import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dragBelow, launchBrowser, pressUntilSent, seriousViolations, signIn } from './browser';
import { makeImage } from './images';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** A notice in the toaster (the same words may also sit under a field). */
function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The category names of the /products screen, in their order. */
async function categoryNames(page: Page): Promise<string[]> {
  const names = page.getByTestId('category-name');
  await names.first().waitFor();
  return names.allInnerTexts();
}

/** Opens a category's products: the list keeps a row open when it is left and found again, so only if shut. */
async function openCategory(page: Page, name: string) {
  const close = page.getByRole('button', { name: `Recolher ${name}`, exact: true });
  const open = page.getByRole('button', { name: `Expandir ${name}`, exact: true });
  await close.or(open).first().waitFor();
  if ((await close.count()) === 0) await open.click();
  await close.waitFor();
}

interface MenuRow {
  id: number;
  name: string;
  store_id: number;
  products: { id: number; name: string }[];
}

/** Calls the API with a token, as any client could. */
async function api(token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: { results: MenuRow[] } },
  };
}

describe('menu (Cantina Bella staff, on a tablet)', () => {
  let browser: Browser;
  let page: Page;
  // Unique per run, in case the server's data folder is reused.
  const suffix = Date.now() % 100_000;
  const category = `Petiscos ${suffix}`;
  const product = `Bolinho de bacalhau ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`${baseUrl}/#/products`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/products$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a category with an image', async () => {
    await page.getByRole('link', { name: 'Nova categoria' }).first().click();
    await page.waitForURL(/#\/products\/category\/create$/);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Você precisa informar o nome da categoria').waitFor();

    const jpeg = await makeImage(page, 'image/jpeg', '#884422', 1600, 900);
    await page
      .locator('input[type=file][aria-label="Imagem da categoria"]')
      .setInputFiles({ name: 'petiscos.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const image = page.getByRole('img', { name: 'Imagem da categoria' });
    await image.waitFor();
    // Square, within 1000×1000: a 1600×900 photo becomes 900×900.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([900, 900]);
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(category);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await notice(page, 'Categoria criada com sucesso!').waitFor();
    await page.waitForURL(/#\/products$/);
    // The list shows the rows it had, then the ones it reads again.
    await expect.poll(() => categoryNames(page)).toContain(category);
  });

  it('creates a product with two images in 4:5', async () => {
    await page.getByRole('link', { name: 'Novo produto', exact: true }).click();
    await page.waitForURL(/#\/products\/create$/);
    // The form, its ratio buttons and its toolbar (Cancelar on its grey) read well.
    await page.getByRole('button', { name: 'Retrato (4:5)' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Salvar' }).click();
    for (const message of [
      'Você precisa informar o nome do produto',
      'Você precisa informar o preço do produto',
      'Você precisa informar o código do produto',
      'Você precisa selecionar uma categoria para o produto',
    ]) {
      await page.getByText(message).first().waitFor();
    }

    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(product);
    await page.getByRole('textbox', { name: 'Código', exact: true }).fill(`BAC${suffix}`);
    const price = page.getByRole('textbox', { name: 'Preço', exact: true });
    await price.fill('3990');
    await expect.poll(() => price.inputValue()).toBe('39,90');
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: category, exact: true }).click();

    await page.getByRole('button', { name: 'Retrato (4:5)' }).click();
    const first = await makeImage(page, 'image/png', '#226644', 1200, 1200);
    const second = await makeImage(page, 'image/jpeg', '#664422', 2000, 1000);
    await page.locator('input[type=file][aria-label="Adicionar imagens"]').setInputFiles([
      { name: 'bolinho.png', mimeType: 'image/png', buffer: first },
      { name: 'porcao.jpg', mimeType: 'image/jpeg', buffer: second },
    ]);
    for (const name of ['Imagem 1', 'Imagem 2']) {
      const image = page.getByRole('img', { name, exact: true });
      await image.waitFor();
      // Cropped to 4:5 inside 1000×1000: 1200² gives 960×1200 → 800×1000; 2000×1000 gives 800×1000.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
        .toEqual([800, 1000]);
    }
    // The ratio is locked while images are there: they were cut for it.
    expect(await page.getByRole('button', { name: 'Quadrada (1:1)' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Vinho', exact: true }).click();

    await page.getByRole('button', { name: 'Salvar' }).click();
    await notice(page, 'Produto criado com sucesso!').waitFor();
    await page.waitForURL(/#\/products$/);

    await openCategory(page, category);
    const row = page.getByTestId('product-row').filter({ hasText: product });
    await row.waitFor();
    expect(await row.innerText()).toContain('R$ 39,90');
  });

  it('reorders the categories and saves the order', async () => {
    await page.goto(`${baseUrl}/#/products`);
    const before = await categoryNames(page);
    const saveOrder = page.getByRole('button', { name: 'SALVAR ORDEM', exact: true });
    expect(await saveOrder.count()).toBe(0);
    // Drag the first category's handle below the second one.
    const handle = page.getByRole('button', { name: `Arrastar ${before[0]}`, exact: true });
    const target = page.getByRole('button', { name: `Arrastar ${before[1]}`, exact: true });
    await dragBelow(page, handle, target);
    await pressUntilSent(page, saveOrder, (r) => r.method() === 'PATCH' && r.url().endsWith('/reorder'));
    await notice(page, 'Ordem das categorias atualizada!').waitFor();
    await page.reload();
    await expect.poll(() => categoryNames(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  });

  it('hides a product, and it stays hidden after a reload', async () => {
    await page.goto(`${baseUrl}/#/products`);
    await openCategory(page, category);
    await page.getByRole('switch', { name: `Ativo: ${product}`, exact: true }).click();
    await notice(page, 'Visibilidade do produto alterada!').waitFor();
    await page.reload();
    await openCategory(page, category);
    const hidden = page.getByRole('switch', { name: `Inativo: ${product}`, exact: true });
    await hidden.waitFor();
    expect(await hidden.isChecked()).toBe(false);
  });

  it('opens the menu from the spec’s /products/update and /products/category/update, which name no record', async () => {
    for (const path of ['/products/update', '/products/category/update']) {
      await page.goto(`${baseUrl}/#${path}`);
      await page.waitForURL(/#\/products$/);
      await page.getByRole('link', { name: 'Nova categoria' }).first().waitFor();
    }
  });

  it("reaches none of Sabor do Sertão's menu, through the screens' API calls either", async () => {
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('painel.session') ?? '{}') as { token: string }).token,
    );
    const sertao = await fetch(`${baseUrl}/auth/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gerente@sabordosertao.com.br', password: 'Sertao@2026' }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const theirs = await api(sertao.data.access_token, '/api/categories?include=products');
    const theirCategory = theirs.body.data.results[0]!;
    const theirProduct = theirCategory.products[0]!;
    const theirStore = theirCategory.store_id;

    const ours = await api(token, `/api/categories?include=products&store_id=${theirStore}`);
    expect(ours.status).toBe(200);
    const names = ours.body.data.results.map((c) => c.name);
    expect(names).toContain(category);
    expect(ours.body.data.results.every((c) => c.store_id !== theirStore)).toBe(true);

    expect((await api(token, `/api/categories/id/${theirCategory.id}`)).status).toBe(404);
    expect((await api(token, `/api/products/id/${theirProduct.id}`)).status).toBe(404);
    const hide = await api(token, `/api/products/id/${theirProduct.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ available: false }),
    });
    expect(hide.status).toBe(404);
    const simple = await api(
      token,
      `/api/products/simplelist?store_id=${theirStore}&search=${theirProduct.name}`,
    );
    expect(simple.body.data.results).toEqual([]);
    // And the screen: their category's edit page answers as a missing record.
    await page.goto(`${baseUrl}/#/products/category/update/${theirCategory.id}`);
    await notice(page, 'Categoria não encontrada.').waitFor();
  });
});
