import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, menuLabels, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** The spec's figures (platform spec 9), each of which the demo's terms must state. */
const FIGURES = ['31 dias', '60 dias', '2 anos', '3 meses', '10 dias', '24 horas', '100 MB'];

/**
 * The terms of use as Cantina Bella's manager reads, prints and accepts them on a tablet held
 * upright (768×1024), then as the platform's administrator publishes a new version and follows
 * the store's acceptance. The demo leaves Cantina Bella on the previous version (0.9) of the
 * current 1.0, so its manager finds the terms waiting.
 */
describe('the terms of use (Política de uso)', () => {
  let browser: Browser;
  let staff: Page;
  let admin: Page;
  const terms = () => staff.getByRole('article', { name: 'Termos de uso para estabelecimentos' });
  const acceptButton = () => staff.getByRole('button', { name: 'Li e aceito os termos de uso' });
  const storeRow = (name: string) => admin.getByRole('row').filter({ hasText: name });

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await staff.goto(`${baseUrl}/#/usage-policies`);
    await signIn(staff, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await staff.waitForURL(/#\/usage-policies$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("is in the staff's menu after Produtos, and shows the published terms with the spec's figures", async () => {
    const labels = await menuLabels(staff);
    expect(labels).toContain('Política de uso');
    expect(labels.indexOf('Política de uso')).toBeGreaterThan(labels.indexOf('Produtos'));
    expect(labels.indexOf('Política de uso')).toBeLessThan(labels.indexOf('Sair'));

    await terms().waitFor();
    await terms()
      .getByText(/^Versão 1\.0 · Atualizada em \d{2}\/\d{2}\/\d{4}$/)
      .waitFor();
    const headings = await terms().getByRole('heading', { level: 3 }).allInnerTexts();
    expect(headings[0]).toBe('1. Aceite');
    expect(headings).toContain('3. Pagamentos e repasses');
    const text = await terms().innerText();
    for (const figure of FIGURES) expect(text, figure).toContain(figure);

    const warning = staff.getByText(/O restaurante ainda não aceitou a versão 1\.0 destes termos\./);
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(
      /A versão 0\.9 foi aceita por Giulia Romano em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./,
    );
    expect(await seriousViolations(staff)).toEqual([]);
  });

  it('prints the terms alone: the print button calls the browser, and paper hides the app bar, menu and buttons', async () => {
    await staff.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    const print = staff.getByRole('button', { name: 'Imprimir' });
    expect((await print.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await print.click();
    expect(await staff.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await staff.emulateMedia({ media: 'print' });
    try {
      expect(await staff.locator('.MuiAppBar-root').isVisible()).toBe(false);
      expect(await staff.locator('.RaSidebar-root').isVisible()).toBe(false);
      expect(await print.isVisible()).toBe(false);
      expect(await acceptButton().isVisible()).toBe(false);
      expect(await terms().isVisible()).toBe(true);
      expect(
        await terms()
          .getByText(/^3\.1\. /)
          .isVisible(),
      ).toBe(true);
      // Black on white on paper, whatever the screen's theme.
      const color = await terms().evaluate((element) => getComputedStyle(element).color);
      expect(color).toBe('rgb(0, 0, 0)');
    } finally {
      await staff.emulateMedia({ media: 'screen' });
    }
    expect(await staff.locator('.MuiAppBar-root').isVisible()).toBe(true);
  });

  it("records the manager's acceptance, and shows who accepted and when, also after a reload", async () => {
    await acceptButton().scrollIntoViewIfNeeded();
    expect((await acceptButton().boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const sent = staff.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/usage-policy/accept'),
    );
    await acceptButton().click();
    expect((await sent).postDataJSON()).toEqual({ version: '1.0' });
    await staff.getByText('Termos de uso aceitos. Obrigado!').waitFor();
    const accepted =
      /^Termos aceitos por Giulia Romano em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(versão 1\.0\)\.$/;
    await staff.getByText(accepted).waitFor();
    expect(await acceptButton().count()).toBe(0);

    await staff.reload();
    await staff.getByText(accepted).waitFor();
    expect(await acceptButton().count()).toBe(0);
    expect(await staff.getByText(/ainda não aceitou/).count()).toBe(0);
  });

  it("lets the administrator publish a new version from Dúvidas and follow the store's acceptance", async () => {
    admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await admin.goto(`${baseUrl}/#/faqs`);
    await signIn(admin, 'admin@painel.com.br', 'Painel@2026');
    await admin.waitForURL(/#\/faqs$/);
    await admin.getByRole('link', { name: 'TERMOS DE USO' }).click();
    await admin.waitForURL(/#\/usage-policies$/);

    const version = admin.getByRole('textbox', { name: /^Versão/ });
    await expect.poll(() => version.inputValue()).toBe('1.0');
    const cantina = storeRow('Cantina Bella');
    await cantina.getByText('Versão atual aceita').waitFor();
    expect(await cantina.getByRole('cell').nth(2).innerText()).toBe('Giulia Romano');
    await storeRow('Sabor do Sertão').getByText('Versão atual aceita').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    await version.fill('');
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('Campo obrigatório').waitFor();

    await version.fill('1.1');
    const text = admin.getByRole('textbox', { name: /^Texto/ });
    await text.fill(
      `${await text.inputValue()}\n\n# 10. Avaliações\n\n10.1. O Estabelecimento responde às avaliações com cortesia.`,
    );
    const saved = admin.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().endsWith('/api/usage-policy'),
    );
    await admin.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).postDataJSON()).toMatchObject({
      version: '1.1',
      title: 'Termos de uso para estabelecimentos',
    });
    await admin.getByText('Termos de uso atualizados com sucesso!').waitFor();
    await admin.getByText(/^Versão 1\.1 publicada em /).waitFor();
    // Every store's acceptance is now of a previous version.
    await cantina.getByText('Aceitou versão anterior').waitFor();
    expect(await cantina.getByRole('cell').nth(1).innerText()).toBe('1.0');

    await admin.getByRole('combobox', { name: 'Situação' }).click();
    await admin.getByRole('option', { name: 'Versão atual aceita' }).click();
    await admin.getByText('Nenhum restaurante nesta situação.').waitFor();
  });

  it('asks the store again for the new version, with the new clause', async () => {
    await staff.reload();
    await terms()
      .getByText(/^Versão 1\.1 · /)
      .waitFor();
    await terms().getByRole('heading', { name: '10. Avaliações' }).waitFor();
    const warning = staff.getByText(/O restaurante ainda não aceitou a versão 1\.1 destes termos\./);
    await warning.waitFor();
    expect(await warning.innerText()).toContain('A versão 1.0 foi aceita por Giulia Romano');
    await acceptButton().waitFor();
  });
});
