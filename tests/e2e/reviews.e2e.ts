import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** The number a button or a text shows, '1.234' read as 1234. */
const numberIn = (text: string) => Number(/([\d.]+)/.exec(text)![1]!.replace(/\./g, ''));

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Applies the filters and waits for the list they ask for. */
async function apply(page: Page, expected: RegExp) {
  const asked = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/api\/reviews\?/.test(r.url()) && expected.test(r.url()),
  );
  await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
  expect((await asked).status()).toBe(200);
}

/**
 * Reviews as the staff of Cantina Bella read and answer them on a tablet held upright (768×1024):
 * the average and its distribution, the filters applied with Aplicar, the customer screen a review
 * opens (without what staff may not see), and an answer published with its notice.
 */
describe('reviews on a tablet (restaurant staff)', () => {
  let browser: Browser;
  let page: Page;
  const cards = () => page.getByRole('list', { name: 'Avaliações', exact: true }).getByRole('listitem');
  const summary = () => page.getByRole('region', { name: 'Resumo das avaliações' });
  const unansweredButton = () => summary().getByRole('button', { name: /sem resposta$/ });
  // Unique per run, in case the server's data folder is reused.
  const words = `Obrigado pela visita! Volte sempre. (${Date.now() % 100_000})`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    page = await context.newPage();
    await page.goto(`${baseUrl}/#/reviews`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/reviews$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('heads the reviews with the average and its distribution, a card each, free of serious accessibility faults', async () => {
    await cards().first().waitFor();
    const total = numberIn(
      await summary()
        .getByText(/avaliaç(ão|ões)$/)
        .innerText(),
    );
    const perRating = await summary()
      .getByRole('list', { name: 'Avaliações por nota' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(perRating).toHaveLength(5);
    expect(perRating.map((line) => numberIn(line.split('\n').at(-1)!)).reduce((a, b) => a + b, 0)).toBe(
      total,
    );
    expect(total).toBeGreaterThan(50);
    // 50 a page (spec 9).
    expect(await cards().count()).toBe(50);
    for (const control of [
      page.getByRole('button', { name: 'Aplicar', exact: true }),
      cards().first().getByRole('link').first(),
      cards()
        .first()
        .getByRole('button', { name: /^(Responder|Editar resposta) a / }),
      unansweredButton(),
    ]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters by rating and by answer, only when Aplicar is pressed', async () => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await choose(page, 'Nota', '5 estrelas');
    await page.waitForTimeout(300);
    expect(asked.filter((url) => /\/api\/reviews\?.*rating=/.test(url))).toEqual([]);
    await apply(page, /rating=5/);
    await expect
      .poll(
        async () =>
          new Set(
            await cards()
              .getByRole('img', { name: /de 5 estrelas$/ })
              .evaluateAll((stars) => stars.map((star) => star.getAttribute('aria-label'))),
          ),
      )
      .toEqual(new Set(['5 de 5 estrelas']));

    await choose(page, 'Resposta', 'Respondidas');
    await apply(page, /rating=5.*answered=yes|answered=yes.*rating=5/);
    await cards()
      .first()
      .getByText(/^Resposta do restaurante · /)
      .waitFor();
    const shown = await cards().count();
    expect(
      await cards()
        .getByText(/^Resposta do restaurante · /)
        .count(),
    ).toBe(shown);

    await choose(page, 'Nota', 'Todas');
    await choose(page, 'Resposta', 'Todas');
    const all = page.waitForResponse(
      (r) => /\/api\/reviews\?/.test(r.url()) && !/rating=|answered=/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await all;
  });

  it("opens a customer from a review: picture, name, e-mail, username and the store's stats, nothing personal", async () => {
    const author = cards().first().getByRole('link').first();
    const name = (await author.innerText()).split('\n')[0]!.trim();
    const read = page.waitForResponse((r) => /\/api\/customers\/id\/\d+\?include=stats/.test(r.url()));
    await author.click();
    await page.waitForURL(/#\/reviews\/customer\/\d+$/);
    const customer = (await (await read).json()) as { data: Record<string, unknown> };
    for (const hidden of ['phone', 'cpf', 'gender', 'birthdate', 'age'])
      expect(customer.data).not.toHaveProperty(hidden);

    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).waitFor();
    await page
      .getByText(`@${String(customer.data.username)}`, { exact: true })
      .first()
      .waitFor();
    const stats = page.getByRole('region', { name: 'Estatísticas' });
    expect(numberIn(await stats.getByText('Visitas').locator('xpath=..').innerText())).toBeGreaterThan(0);
    await stats.getByText('Última comanda').waitFor();
    await page.getByRole('table', { name: 'Itens da última comanda' }).waitFor();
    await page.getByRole('region', { name: 'Avaliações do cliente' }).getByRole('listitem').first().waitFor();
    for (const label of ['Telefone', 'CPF', 'Gênero', 'Data de nascimento', 'Idade'])
      expect(await page.getByText(label, { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Avaliações' }).first().click();
    await page.waitForURL(/#\/reviews$/);
    await cards().first().waitFor();
  });

  it('answers a review in a dialog: words required, then published with a clear notice', async () => {
    const waiting = numberIn(await unansweredButton().innerText());
    await choose(page, 'Resposta', 'Sem resposta');
    await apply(page, /answered=no/);
    const card: Locator = cards().first();
    const button = card.getByRole('button', { name: /^Responder a / });
    const customer = (await button.getAttribute('aria-label'))!.replace(/^Responder a /, '');
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Responder a ${customer}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Publicar resposta' }).click();
    await dialog.getByText('Escreva a resposta antes de publicar.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Resposta' }).fill(`  ${words}  `);
    const sent = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && /\/api\/reviews\/id\/\d+$/.test(r.url()),
    );
    await dialog.getByRole('button', { name: 'Publicar resposta' }).click();
    const answered = await sent;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toEqual({ answer: words });
    await page.getByText('Resposta publicada com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(words).waitFor();
    await card.getByRole('button', { name: `Editar resposta a ${customer}` }).waitFor();
    await expect.poll(async () => numberIn(await unansweredButton().innerText())).toBe(waiting - 1);

    // Kept by the server: after a reload, among the answered ones.
    await page.reload();
    await choose(page, 'Resposta', 'Respondidas');
    await apply(page, /answered=yes/);
    await cards().getByText(words).waitFor();
  });
});

describe('reviews for a platform administrator', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/#/reviews`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/reviews$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("asks for a restaurant, then shows that restaurant's reviews and opens a customer from a row", async () => {
    await page.getByText('Escolha um restaurante e toque em Aplicar para ver as avaliações.').waitFor();
    const picker = page.getByRole('combobox', { name: 'Restaurante' });
    await picker.fill('Sabor');
    await page.getByRole('option', { name: 'Sabor do Sertão' }).click();
    await apply(page, /store_id=\d+/);
    const rows = page.getByRole('row');
    await rows.nth(1).waitFor();
    await page.getByRole('region', { name: 'Resumo das avaliações' }).waitFor();
    // The pointer off Aplicar: the theme's hovered contained button is darker than its text allows.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    // Remembered on this device.
    await page.reload();
    await rows.nth(1).waitFor();
    expect(await picker.inputValue()).toBe('Sabor do Sertão');

    await rows.nth(1).getByRole('cell').first().click();
    await page.waitForURL(/#\/reviews\/customer\/\d+$/);
    await page.getByRole('link', { name: 'Ver cadastro completo' }).waitFor();
    await page.getByRole('region', { name: 'Estatísticas' }).waitFor();
  });
});
