import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';

const baseUrl = inject('baseUrl');

/**
 * The kitchen board as Cantina Bella's kitchen uses it, on a tablet (768×1024), against the real
 * server with the service simulator ordering.
 */
describe('the kitchen board on a tablet (restaurant staff)', () => {
  let browser: Browser;
  let page: Page;
  const filter = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}\\b`) });
  const cardOf = (id: string) => page.locator(`[data-testid="item-card"][data-item-id="${id}"]`);
  /** An item waiting in the kitchen: its card, id and name. */
  async function waitingItem(): Promise<{ card: Locator; id: string; name: string }> {
    await filter('Todos').click();
    const placed = page.locator('[data-testid="item-card"][data-status="PLACED"]').first();
    await placed.waitFor();
    const id = (await placed.getAttribute('data-item-id'))!;
    const name = (await cardOf(id).locator('h2, h3').first().innerText()).replace(/^\d+× /, '');
    return { card: cardOf(id), id, name };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await page.goto(`${baseUrl}/#/orders`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/orders$/);
    await page.getByTestId('item-card').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the filters with their counts, free of serious accessibility faults', async () => {
    for (const name of ['Aguardando', 'Preparando', 'Prontos', 'Cancelados', 'Todos']) {
      const button = filter(name);
      await button.waitFor();
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(Number(await page.getByTestId('count-ALL').innerText())).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a new item from the simulator without reloading, with the alert, until it is acknowledged', async () => {
    const loads: string[] = [];
    page.on('framenavigated', (frame) => loads.push(frame.url()));
    const banner = page.getByText(/^\d+ novos? pedidos?$/);
    await banner.waitFor({ timeout: 90_000 });
    expect(await page.locator('[data-testid="item-card"][data-fresh="true"]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(loads).toEqual([]);
  });

  it('filters the items being prepared', async () => {
    await filter('Preparando').click();
    const statuses = await page
      .getByTestId('item-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')));
    expect(statuses.every((status) => status === 'PREPARING')).toBe(true);
    expect(statuses.length).toBe(Number(await page.getByTestId('count-PREPARING').innerText()));
  });

  it('advances an item twice to READY, refuses the third step with the spec’s words, and recalls it', async () => {
    const { card, name } = await waitingItem();
    await card.getByRole('button', { name: 'Preparar' }).click();
    await page.getByText(`O status do item ${name} atualizado com sucesso!`).first().waitFor();
    await expect.poll(() => card.getAttribute('data-status')).toBe('PREPARING');
    await card.getByRole('button', { name: 'Pronto', exact: true }).click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('READY');
    await card.getByRole('button', { name: 'Já está pronto' }).click();
    await page.getByText(`O item ${name} não pode ser atualizado pois já está pronto!`).first().waitFor();
    await card.getByRole('button', { name: 'Voltar ao preparo' }).click();
    await page.getByText(`O item ${name} voltou para o preparo.`).first().waitFor();
    await expect.poll(() => card.getAttribute('data-status')).toBe('PREPARING');
  });

  it('cancels an item after a confirmation: it reads as cancelled and offers nothing', async () => {
    const { card, name } = await waitingItem();
    await card.getByRole('button', { name: 'Cancelar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Cancelar o item ${name}?`).waitFor();
    // The reason is asked: without it nothing is cancelled.
    await dialog.getByRole('button', { name: 'Cancelar item' }).click();
    await dialog.getByText('Informe o motivo.').waitFor();
    expect(await card.getAttribute('data-status')).not.toBe('CANCELLED');
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Cliente desistiu do prato');
    await page.screenshot({ path: '/tmp/painel-money-board-cancel-768.png' });
    await dialog.getByRole('button', { name: 'Cancelar item' }).click();
    await page.getByText(`O item ${name} removido com sucesso!`).first().waitFor();
    await expect.poll(() => card.getAttribute('data-status')).toBe('CANCELLED');
    await card.getByText('Esse item foi cancelado').waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
  });

  it('switches to a station, asks the server for its items only, and remembers it on this tablet', async () => {
    const asked = page.waitForRequest((request) =>
      /\/api\/orders\/items\?.*kitchen_id=\d+/.test(request.url()),
    );
    await page.getByRole('combobox', { name: 'Cozinha' }).click();
    await page.getByRole('option', { name: 'Bar e sobremesas' }).click();
    await asked;
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Cozinha' }).innerText())
      .toBe('Bar e sobremesas');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the kitchen board for a platform administrator', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/#/orders`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/orders$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("asks for a restaurant, then shows that restaurant's board, free of serious accessibility faults", async () => {
    await page.getByText('Escolha um restaurante para ver os pedidos da cozinha.').waitFor();
    const picker = page.getByRole('combobox', { name: 'Restaurante' });
    await picker.fill('Cantina');
    await page.getByRole('option', { name: 'Cantina Bella' }).click();
    await page.getByTestId('item-card').first().waitFor();
    expect(Number(await page.getByTestId('count-ALL').innerText())).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Remembered on this device.
    await page.reload();
    await page.getByTestId('item-card').first().waitFor();
    expect(await picker.inputValue()).toBe('Cantina Bella');
  });
});
