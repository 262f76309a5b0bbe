import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** A call to the API as the demo administrator (to set up what the screens then work on). */
async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const login = await fetch(`${baseUrl}/auth/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@painel.com.br', password: 'Painel@2026', role: 'ADMIN' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

describe('administrators: add, edit and remove; include a collaborator', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The spec's path of the add form leads there after the login.
    await page.goto(`${baseUrl}/#/admins/add`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/admins\/create$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds an administrator through the form and sees the notice and the row', async () => {
    await page.getByRole('button', { name: 'Adicionar' }).click();
    expect(await page.getByText('Campo obrigatório').count()).toBe(3);
    await page.getByText('Você precisa informar uma senha de no mínimo 8 caracteres.').waitFor();

    await page.getByLabel('Nome completo').fill('Helena Quaresma');
    await page.getByLabel('Telefone').pressSequentially('11987651234');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 98765-1234');
    await page.getByLabel('E-mail').fill('helena.quaresma@painel.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('segredo1');
    await page.getByLabel('Confirmar senha').fill('segredo2');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('As senhas devem ser iguais').waitFor();

    await page.getByLabel('Confirmar senha').fill('segredo1');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Administrador adicionado com sucesso!').waitFor();
    await page.waitForURL(/#\/admins$/);
    const row = page.getByRole('row', { name: /Helena Quaresma/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('(11) 98765-1234');
    expect(await row.innerText()).toContain('helena.quaresma@painel.com.br');

    // The same e-mail again is refused with the server's message.
    await page.getByRole('link', { name: 'ADICIONAR ADMINISTRADOR' }).click();
    await page.waitForURL(/#\/admins\/create$/);
    await page.getByLabel('Nome completo').fill('Helena Outra');
    await page.getByLabel('Telefone').fill('11987651234');
    await page.getByLabel('E-mail').fill('HELENA.quaresma@painel.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('segredo1');
    await page.getByLabel('Confirmar senha').fill('segredo1');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Já existe uma conta com esse e-mail.').waitFor();
    expect(page.url()).toMatch(/#\/admins\/create$/);
  });

  it('finds the administrator with the search box, edits and removes it', async () => {
    await page.goto(`${baseUrl}/#/admins`);
    await page.getByPlaceholder('Buscar por nome ou e-mail').fill('quaresma');
    await page.waitForURL(/quaresma/);
    await page.getByRole('row', { name: /Helena Quaresma/ }).click();
    await page.waitForURL(/#\/admins\/\d+$/);

    await page.getByLabel('Nome completo').fill('Helena Q. Barros');
    await page.getByLabel('Telefone').fill('21998765432');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Administrador atualizado com sucesso!').waitFor();
    await page.waitForURL(/#\/admins(\?.*)?$/);
    const row = page.getByRole('row', { name: /Helena Q\. Barros/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('(21) 99876-5432');

    await row.click();
    await page.waitForURL(/#\/admins\/\d+$/);
    await page.getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Administrador removido com sucesso!').waitFor();
    await page.waitForURL(/#\/admins(\?.*)?$/);
    await page.getByRole('row', { name: /Helena Q\. Barros/ }).waitFor({ state: 'detached' });
    const left = await api('/api/admins?search=Barros');
    expect(left.body.data.total).toBe(0);
  });

  it('includes an existing account in a restaurant team', async () => {
    const stores = await api('/api/stores?page_size=40&search=Cantina');
    const cantina = (stores.body.data.results as { id: number; name: string }[]).find(
      (s) => s.name === 'Cantina Bella',
    )!;
    const created = await api(`/api/admins?store_id=${cantina.id}`, {
      method: 'POST',
      body: {
        fullname: 'Caio Prates',
        email: 'caio.prates@exemplo.com.br',
        phone: '11977771234',
        password: 'abcdefgh',
      },
    });
    expect(created.status).toBe(201);

    await page.goto(`${baseUrl}/#/admins`);
    await page.getByRole('link', { name: 'INCLUIR COLABORADOR' }).click();
    await page.waitForURL(/#\/admins\/include-collaborator$/);
    await page.getByLabel('E-mail').fill('caio.prates@exemplo.com.br');
    await page.getByLabel('Restaurante').fill('Sabor');
    await page.getByRole('option', { name: 'Sabor do Sertão', exact: true }).click();
    await page.getByRole('button', { name: 'Incluir' }).click();
    await page.getByText('Colaboradores incluídos com sucesso!').waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe('');

    const member = await api(`/api/admins/id/${String(created.body.data.id)}?store_id=${cantina.id}`);
    expect(member.status).toBe(200); // one person on both teams: still Cantina Bella's…
    const sertao = (await api('/api/stores?page_size=40&search=Sertao')).body.data.results as {
      id: number;
    }[];
    const joined = await api(`/api/admins/id/${String(created.body.data.id)}?store_id=${sertao[0]!.id}`);
    expect(joined.body.data).toMatchObject({ store_id: sertao[0]!.id, role: 'STAFF' }); // …and Sabor do Sertão's

    await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
    await page.getByLabel('Restaurante').fill('Sabor');
    await page.getByRole('option', { name: 'Sabor do Sertão', exact: true }).click();
    await page.getByRole('button', { name: 'Incluir' }).click();
    await page.getByText('Nenhuma conta encontrada com esse e-mail.').waitFor();
  });
});
