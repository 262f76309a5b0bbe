import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { demoServer, type RunningServer } from './server';

/**
 * Recovery end to end: the token is read from the server log, where e-mail goes without SMTP.
 * Runs on its own server so the changed password does not disturb the other tests.
 */
describe('password recovery', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A server of its own (its e-mails are read from its log), on a copy of the seeded demo.
    server = await demoServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets a new password in three steps and signs in with it', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL(/#\/forgot-password$/);
    await page.getByLabel('E-mail').fill('gerente@sabordosertao.com.br');
    await page.getByRole('button', { name: 'Enviar token' }).click();
    await page.getByText('Um token foi enviado para o email gerente@sabordosertao.com.br').waitFor();

    let token: string | undefined;
    for (let i = 0; i < 50 && !token; i++) {
      token = /Seu token de acesso é (\d{5})/.exec(server.output())?.[1];
      if (!token) await page.waitForTimeout(100);
    }
    if (!token) throw new Error('o e-mail com o token não apareceu no log');

    await page.getByLabel('Token').fill('123');
    await page.getByRole('button', { name: 'Validar token' }).click();
    await page.getByText('Informe os 5 dígitos enviados para o email').waitFor();
    await page.getByLabel('Token').fill(token);
    await page.getByRole('button', { name: 'Validar token' }).click();

    await page.getByLabel('Nova senha', { exact: true }).fill('NovaSenha1');
    await page.getByLabel('Confirme a nova senha').fill('NovaSenha2');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByText('As senhas não conferem').waitFor();
    await page.getByLabel('Confirme a nova senha').fill('NovaSenha1');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.waitForURL(/#\/statistics$/);
    await page.getByRole('menuitem', { name: 'Produtos' }).waitFor();

    await page.evaluate('localStorage.clear()');
    await page.goto(`${server.url}/#/login`);
    await signIn(page, 'gerente@sabordosertao.com.br', 'NovaSenha1');
    await page.waitForURL(/#\/statistics$/);
  });
});
