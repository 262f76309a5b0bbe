import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { dragBelow, launchBrowser, pressUntilSent, signIn } from './browser';
import { makeImage } from './images';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** A notice in the toaster (the same words may also sit under a field). */
function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

/**
 * The DATA_DIR of the server listening on `url`'s port: the process among those running
 * server/main.ts that owns the listening socket (Linux /proc; the suite runs on Debian).
 */
function serverDataDir(url: string): string | null {
  const port = Number(new URL(url).port).toString(16).toUpperCase().padStart(4, '0');
  const listening = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = fs.existsSync(table) ? fs.readFileSync(table, 'utf8').split('\n').slice(1) : [];
    for (const line of lines) {
      // sl local_address rem_address st … inode: state 0A is LISTEN.
      const columns = line.trim().split(/\s+/);
      if (columns[1]?.endsWith(`:${port}`) && columns[3] === '0A' && columns[9]) listening.add(columns[9]);
    }
  }
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (!read(`/proc/${pid}/cmdline`).includes('server/main.ts')) continue;
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const owns = fds.some((fd) => {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        return inode !== undefined && listening.has(inode);
      } catch {
        return false;
      }
    });
    if (!owns) continue;
    const dataDir = read(`/proc/${pid}/environ`)
      .split('\0')
      .find((entry) => entry.startsWith('DATA_DIR='))
      ?.slice('DATA_DIR='.length);
    if (dataDir) return path.resolve(path.resolve(import.meta.dirname, '../..'), dataDir);
  }
  return null;
}

/** Every file under a folder, recursively (none when it does not exist yet). */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
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
    await pressUntilSent(
      page,
      page.getByRole('button', { name: 'SALVAR ORDEM' }),
      (r) => r.method() === 'PATCH' && r.url().endsWith('/api/stores/reorder'),
    );
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

describe('restaurants on a tablet: name search, duplicate city, a file that is not an image', () => {
  let browser: Browser;
  let page: Page;
  const names = () => page.locator('tbody tr td:nth-child(2)');
  const search = () => page.getByRole('textbox', { name: 'Buscar restaurante pelo nome', exact: true });

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`${baseUrl}/#/restaurants/list`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/restaurants\/list$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('searches by name on the server, ignoring accents and case, and clearing restores the list', async () => {
    await page.goto(`${baseUrl}/#/restaurants/list`);
    await names().first().waitFor();
    const all = await names().allInnerTexts();
    expect(all).toContain('Sabor do Sertão');
    expect(all.length).toBeGreaterThan(2);

    // Without accent and in lower case; the server answers the search.
    const asked = page.waitForRequest(
      (request) =>
        request.method() === 'GET' &&
        new URL(request.url()).pathname === '/api/stores' &&
        new URL(request.url()).searchParams.get('search') === 'sertao',
    );
    await search().fill('sertao');
    await asked;
    await expect.poll(() => names().allInnerTexts(), { timeout: 15_000 }).toEqual(['Sabor do Sertão']);
    await page.getByText('Limpe a busca para reordenar os restaurantes.').waitFor();
    expect(await page.getByRole('button', { name: 'Arrastar Sabor do Sertão' }).isDisabled()).toBe(true);

    // In capitals, with an accent the name does not have: both Casa restaurants of the demo.
    await search().fill('CÁSA');
    await expect
      .poll(async () => (await names().allInnerTexts()).sort(), { timeout: 15_000 })
      .toEqual(['Casa Beirute', 'Casa da Tapioca']);

    await search().fill('nenhum restaurante tem este nome');
    await page.getByText('Nenhum restaurante encontrado.').waitFor();

    await search().fill('');
    await expect.poll(() => names().allInnerTexts(), { timeout: 15_000 }).toEqual(all);
    expect(await page.getByText('Limpe a busca para reordenar os restaurantes.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Arrastar Sabor do Sertão' }).isDisabled()).toBe(false);
  });

  it('refuses a new operation city that already exists', async () => {
    await page.goto(`${baseUrl}/#/restaurants/create`);
    await page.getByRole('button', { name: 'Nova cidade' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Cidade', exact: true }).fill('Recif');
    await page.getByRole('option', { name: 'Recife – PE', exact: true }).click();
    const refusal = () =>
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/operations',
      );
    let answered = refusal();
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    expect((await answered).status()).toBe(409);
    // While the modal is open MUI hides the rest of the page, the toaster too, from the a11y tree.
    const refused = page.getByRole('alert', { includeHidden: true }).filter({
      hasText: 'Já existe operação nessa cidade',
    });
    await refused.first().waitFor();
    // The modal stays open with the name, and the form's city is still unset.
    expect(await dialog.getByRole('combobox', { name: 'Cidade', exact: true }).inputValue()).toBe('Recife');

    // Typed by hand, without accents and in lower case, an existing city is refused as well.
    await dialog.getByRole('combobox', { name: 'Cidade', exact: true }).fill('sao paulo');
    await page.keyboard.press('Escape'); // closes the suggestions, not the modal
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Cidade', exact: true }).inputValue())
      .toBe('sao paulo');
    answered = refusal();
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    expect((await answered).status()).toBe(409);
    await refused.first().waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list of operation cities holds each of them once, and none was chosen.
    const select = page.getByRole('combobox', { name: 'Cidade de Operação', exact: true });
    expect(await select.innerText()).not.toMatch(/Recife|São Paulo/);
    await select.click();
    await page.getByRole('option', { name: 'Recife', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Recife', exact: true }).count()).toBe(1);
    expect(await page.getByRole('option', { name: 'São Paulo', exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  });

  it('refuses a text file named like an image and stores nothing', async () => {
    await page.goto(`${baseUrl}/#/restaurants/create`);
    await page.reload(); // a new, empty form
    await page.getByRole('button', { name: 'Nova cidade' }).waitFor();
    const dataDir = serverDataDir(baseUrl);
    expect(dataDir, 'the data folder of the e2e server').not.toBeNull();
    const uploads = path.join(dataDir!, 'uploads');
    const before = filesUnder(uploads);
    const sent: Request[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/uploads')) sent.push(request);
    };
    page.on('request', onRequest);
    try {
      await page.locator('input[type=file][aria-label="Imagem de capa"]').setInputFiles({
        name: 'foto.png',
        mimeType: 'image/png',
        buffer: Buffer.from('Isto é um texto, não uma imagem.\n'),
      });
      await notice(
        page,
        'Não foi possível salvar a imagem! Arquivo inválido: envie uma imagem PNG, JPEG ou WebP.',
      ).waitFor();
    } finally {
      page.off('request', onRequest);
    }

    // The picker is empty again, ready for another file; the form has no image.
    await page.getByRole('button', { name: 'Escolher' }).nth(2).waitFor();
    expect(await page.getByRole('button', { name: 'Escolher' }).count()).toBe(3);
    expect(await page.getByRole('img', { name: 'Imagem de capa' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remover Imagem de capa' }).count()).toBe(0);
    await page.getByRole('button', { name: 'CRIAR' }).click();
    await notice(page, 'Você precisa inserir imagens').waitFor();

    // Nothing reached the server, and its uploads folder holds the same files as before.
    expect(sent.map((request) => request.url())).toEqual([]);
    expect(filesUnder(uploads)).toEqual(before);
  });
});
