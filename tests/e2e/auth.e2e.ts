import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, menuLabels, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

describe('sign in, menus and sign out', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
    page = await context.newPage();
  });

  it('shows the administrator menu and signs out through the confirmation', async () => {
    await page.goto(`${baseUrl}/`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/statistics$/);
    expect(await menuLabels(page)).toEqual([
      'Estatísticas',
      'Financeiro',
      'Restaurantes',
      'Cozinhas',
      'Usuários',
      'Notificações',
      'Permissões',
      'Dúvidas',
      'Integrações',
      'Histórico',
      'Sair',
    ]);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tem certeza que deseja sair?').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The token the browser held stops opening anything on the server once Sim is pressed.
    const token = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const value = localStorage.getItem(localStorage.key(i)!) ?? '';
        const match = /"token":"([^"]+)"/.exec(value);
        if (match) return match[1]!;
      }
      return null;
    });
    expect(token).toBeTruthy();
    const accountWith = (bearer: string) =>
      fetch(`${baseUrl}/api/account`, { headers: { authorization: `Bearer ${bearer}` } }).then(
        (r) => r.status,
      );
    expect(await accountWith(token!)).toBe(200);
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/auth/logout'));
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate('localStorage.length')).toBe(0);
    expect((await signedOut).status()).toBe(204);
    expect(await accountWith(token!)).toBe(401);
  });

  it('shows the restaurant menu to staff', async () => {
    await page.goto(`${baseUrl}/`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/statistics$/);
    expect(await menuLabels(page)).toEqual([
      'Estatísticas',
      'Salão',
      'Pedidos',
      'Impressões',
      'Comandas',
      'Reservas',
      'Produtos',
      'Configurações',
      'Política de uso',
      'Links de acesso',
      'Avaliações',
      'Fidelidade',
      'Mural',
      'Financeiro',
      'Integrações',
      'Histórico',
      'Sair',
    ]);
  });

  it('signs staff out through the confirmation, on a tablet', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`${baseUrl}/`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/statistics$/);
    expect(await page.evaluate('localStorage.length')).toBeGreaterThan(0);
    await page.getByRole('menuitem', { name: 'Sair', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tem certeza que deseja sair?').waitFor();
    await dialog.getByRole('button', { name: 'Sim', exact: true }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
    expect(await page.evaluate('localStorage.length')).toBe(0);
    // The session is gone: a staff screen asks for the login again.
    await page.goto(`${baseUrl}/#/products`);
    await page.waitForURL(/#\/login$/);
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
  });

  it("shows the server's message on a wrong password", async () => {
    await page.goto(`${baseUrl}/`);
    await signIn(page, 'admin@painel.com.br', 'senha-errada');
    await page.getByText('E-mail ou senha inválidos.').waitFor();
    expect(page.url()).toMatch(/#\/login$/);
  });

  it('validates the login form with the spec messages', async () => {
    await page.goto(`${baseUrl}/#/login`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    expect(await page.getByText('Campo obrigatório').count()).toBe(2);
    await page.getByLabel('E-mail').fill('não-é-email');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Informe um email válido').waitFor();
  });

  it('returns to the requested page after signing in', async () => {
    await page.goto(`${baseUrl}/#/faqs`);
    await page.waitForURL(/#\/login$/);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/faqs$/);
    await page.getByRole('link', { name: 'CRIAR NOVA PERGUNTA' }).waitFor();
    await page.getByText('Como chamo o garçom pelo aplicativo?').waitFor();
  });
});
