import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, menuLabels, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/**
 * The store's settings and access links as the staff of Cantina Bella change them, on a tablet
 * held upright (768×1024), against the real server.
 */
describe('settings and links on a tablet (restaurant staff)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const group = (n: number) => page.getByRole('group', { name: `Horário ${n}`, exact: true });
  const groups = () => page.getByRole('group', { name: /^Horário \d+$/ });
  const defaultLink = (name: string) => page.getByRole('group', { name: `Link padrão ${name}` });
  const extraLink = (n: number) => page.getByRole('group', { name: `Link adicional ${n}`, exact: true });
  const save = () => page.getByRole('button', { name: 'SALVAR', exact: true });
  const storeSaved = (path: RegExp) =>
    page.waitForResponse((r) => r.request().method() === 'PATCH' && path.test(r.url()));

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
      locale: 'pt-BR',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page = await context.newPage();
    await page.goto(`${baseUrl}/#/settings`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/settings$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the settings from the side menu, its sections with no serious accessibility problem', async () => {
    const labels = await menuLabels(page);
    // The spec's order of the staff menu.
    const products = labels.indexOf('Produtos');
    expect(labels.slice(products, products + 4)).toEqual([
      'Produtos',
      'Configurações',
      'Política de uso',
      'Links de acesso',
    ]);
    await group(1).waitFor();
    for (const title of ['Sobre', 'Endereço', 'Funcionamento', 'Links Adicionais', 'Links Padrão']) {
      expect(await page.getByRole('heading', { name: title, level: 2 }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'VER EQUIPE' }).getAttribute('href')).toBe(
      '#/settings/teams',
    );
    // The platform's status and fees are not the store's.
    expect(await page.getByText(/Taxa pagamento|Situação/).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('adds Monday evenings to the opening hours, refusing an overlap first, and reads them after a reload', async () => {
    // The page has settled once the cuisines are read (the form has taken the store's values).
    await page.getByRole('combobox', { name: 'Cozinha' }).getByText('Italiana').waitFor();
    const before = await groups().count();
    await page.getByRole('button', { name: 'ADICIONAR HORÁRIO' }).click();
    const added = group(before + 1);
    await added.getByRole('button', { name: 'Segunda-feira' }).click();
    await added.getByRole('button', { name: 'Domingo' }).click();
    await added.getByLabel('Abre às').fill('12:00');
    await added.getByLabel('Fecha às').fill('16:00');
    for (const control of [added.getByRole('button', { name: 'Segunda-feira' }), save()]) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }

    // Sunday is open from 11:30 to 17:00 already: nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') sent++;
    });
    await save().click();
    await added
      .getByText('Domingo: os períodos das 11:30 às 17:00 e das 12:00 às 16:00 se sobrepõem.')
      .waitFor();
    expect(sent).toBe(0);

    await added.getByRole('button', { name: 'Domingo' }).click();
    const response = storeSaved(/\/api\/stores\/id\/\d+$/);
    await save().click();
    const body = (await response).request().postDataJSON() as {
      info: { opening_hours: { day_of_week: number; time_periods: unknown[] }[] };
    };
    expect(body.info.opening_hours.find((day) => day.day_of_week === 1)).toEqual({
      day_of_week: 1,
      time_periods: [{ start_time: '12:00', end_time: '16:00' }],
    });
    await page.getByText('As configurações foram atualizadas com sucesso!').waitFor();

    await page.reload();
    await group(1).waitFor();
    expect(await groups().count()).toBe(before + 1);
    const monday = groups().filter({
      has: page.getByRole('button', { name: 'Segunda-feira', pressed: true }),
    });
    expect(await monday.count()).toBe(1);
    expect(await monday.getByRole('button', { pressed: true }).count()).toBe(1);
    expect(await monday.getByLabel('Abre às').inputValue()).toBe('12:00');
    expect(await monday.getByLabel('Fecha às').inputValue()).toBe('16:00');
  });

  it('changes a link on the links screen, saved as the server completes it, and reads it after a reload', async () => {
    await page.getByRole('menuitem', { name: 'Links de acesso' }).click();
    await page.waitForURL(/#\/links$/);
    const url = extraLink(1).getByRole('textbox', { name: 'URL' });
    // The page has settled once its QR codes are drawn (the form has taken the store's values).
    await page.getByRole('img', { name: 'QR code do link Cardápio' }).waitFor();
    await url.fill('instagram.com/cantinabella.oficial');
    const response = storeSaved(/\/api\/stores\/id\/\d+$/);
    await save().click();
    expect((await response).status()).toBe(200);
    await page.getByText('Links atualizados com sucesso!').waitFor();
    // The screen shows the link as the server kept it: with its scheme.
    await expect.poll(() => url.inputValue()).toBe('https://instagram.com/cantinabella.oficial');

    await page.reload();
    await extraLink(1).waitFor();
    expect(await extraLink(1).getByRole('textbox', { name: 'URL' }).inputValue()).toBe(
      'https://instagram.com/cantinabella.oficial',
    );
  });

  it("shows each default link's QR code and copies the link", async () => {
    const menu = defaultLink('Cardápio');
    const code = menu.getByRole('img', { name: 'QR code do link Cardápio' });
    await code.waitFor();
    expect(await code.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await defaultLink('Reservas').getByRole('img', { name: 'QR code do link Reservas' }).count()).toBe(
      1,
    );

    const address = await menu.getByRole('textbox', { name: 'URL' }).inputValue();
    expect(address).toMatch(/^https:\/\/.+cantinabella/);
    await page.getByRole('button', { name: 'Copiar link Cardápio' }).click();
    await page.getByText('Link copiado!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'VOLTAR' }).click();
    await page.waitForURL(/#\/settings$/);
  });
});
