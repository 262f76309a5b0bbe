import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { kitchenBoard } from '../../contract/resources/kitchenBoard/definition';
import { waiterOrders } from './orders';
import { sharedServer } from './server';

const baseUrl = sharedServer();

interface BoardItem {
  id: number;
  ticket_id: number;
  status: string;
}

async function tokenOf(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role: 'ADMIN' }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** A call to the API as Cantina Bella's manager (to set up what the board then shows). */
async function asManager<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const token = await tokenOf('gerente@cantinabella.com.br', 'Cantina@2026');
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

/**
 * A member of Cantina Bella's kitchen, added by its manager as the team screen does: the role
 * that holds Pedidos and Cardápio only.
 */
async function kitchenMember(): Promise<{ email: string; password: string }> {
  const email = `cozinha.${Date.now()}@cantinabella.com.br`;
  const password = 'Cozinha@2026';
  const created = await asManager('POST', '/api/admins', {
    fullname: 'Rafael Cozinha',
    email,
    phone: '11987654321',
    password,
    role: 'KITCHEN',
  });
  expect(created.status).toBe(201);
  return { email, password };
}

/**
 * At least `count` cards still being worked at Cantina Bella: the demo's open tabs usually hold
 * more; otherwise tickets already done go back to preparation through the API, as a cook's recall
 * does.
 */
async function atLeastCards(count: number): Promise<void> {
  const items = (await asManager<BoardItem[]>('GET', '/api/orders/items')).data;
  const tickets = new Map<number, BoardItem[]>();
  for (const item of items) tickets.set(item.ticket_id, [...(tickets.get(item.ticket_id) ?? []), item]);
  const pending = (list: BoardItem[]) => list.some((item) => ['PLACED', 'PREPARING'].includes(item.status));
  const done = [...tickets.values()].filter((list) => !pending(list));
  const missing = count - [...tickets.values()].filter(pending).length;
  for (const list of done.slice(0, Math.max(0, missing))) {
    const ready = list.filter((item) => item.status === 'READY').map((item) => item.id);
    if (ready.length > 0) await asManager('PATCH', '/api/orders/items/recall', { ids: ready });
  }
}

/** An item's status as the API has it now (a ready one joins its card's line of ready items). */
async function statusOf(id: number | string): Promise<string | undefined> {
  const items = (await asManager<BoardItem[]>('GET', '/api/orders/items')).data;
  return items.find((item) => item.id === Number(id))?.status;
}

/** How many cards lie whole inside the window, as the tablet shows them without scrolling. */
const cardsInView = (page: Page) =>
  page.getByTestId('board-card').evaluateAll(
    (cards) =>
      cards.filter((card) => {
        const box = card.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
      }).length,
  );

/** The items of a card, as `id:status`. */
const itemsOf = (card: Locator) =>
  card
    .getByTestId('board-item')
    .evaluateAll((lines) =>
      lines.map((line) => `${line.getAttribute('data-item-id')}:${line.getAttribute('data-status')}`),
    );

/** What the board reads from the server, still to make (waiting or being prepared), summed. */
async function serverStillToMake(): Promise<number> {
  const items = (
    await asManager<{ status: string; quantity: number }[]>(
      'GET',
      `/api/orders/items?page_size=${kitchenBoard.list.perPage}`,
    )
  ).data;
  return items
    .filter((item) => item.status === 'PLACED' || item.status === 'PREPARING')
    .reduce((sum, item) => sum + item.quantity, 0);
}

/** 'Todo o dia' summed: how many plates the station still has to make. */
const stillToMake = (page: Page) =>
  page
    .getByTestId('all-day-count')
    .allInnerTexts()
    .then((counts) => counts.reduce((sum, text) => sum + Number(/× (\d+)$/.exec(text)?.[1] ?? 0), 0));

/**
 * The kitchen board as Cantina Bella's kitchen works it on a tablet (768×1024), against the real
 * server with the service simulator seating and ordering, and a waiter sending an order.
 */
describe('the kitchen board on a tablet, as the kitchen', () => {
  let browser: Browser;
  let page: Page;
  const filter = (name: string) => page.getByRole('button', { name: new RegExp(`^${name} \\d+$`) });

  beforeAll(async () => {
    await atLeastCards(9);
    const cook = await kitchenMember();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await page.goto(`${baseUrl}/#/orders`);
    await signIn(page, cook.email, cook.password);
    await page.waitForURL(/#\/orders$/);
    await page.getByTestId('board-card').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a card per guest at a table, at least 8 whole on the screen beside the closed menu', async () => {
    // The side menu closed by itself: the board has the width.
    await page.locator('.RaSidebar-closed').first().waitFor();
    // What arrived since is acknowledged, as the cook does.
    const ok = page.getByRole('button', { name: 'OK', exact: true });
    if (await ok.isVisible()) await ok.click();
    const keys = await page
      .getByTestId('board-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card-key')));
    expect(keys.length).toBeGreaterThanOrEqual(8);
    expect(keys.every((key) => /^ticket:\d+$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    // Each card names its table and its guest.
    const first = page.getByTestId('board-card').first();
    expect(await first.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await first.locator('h2').innerText()).toMatch(/^Mesa \d+$/);
    expect(await cardsInView(page)).toBeGreaterThanOrEqual(8);
    await page.screenshot({ path: '/tmp/painel-board-768.png' });
    for (const name of ['Aguardando', 'Preparando', 'Prontos', 'Cancelados', 'Todos']) {
      expect((await filter(name).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(Number(await page.getByTestId('count-ALL').innerText())).toBeGreaterThan(0);
    // The kitchen does not change the store's settings.
    expect(await page.getByRole('button', { name: 'Tempos' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('moves a whole card one step in one tap', async () => {
    const button = page.locator('[data-focus-card]').first();
    const key = (await button.getAttribute('data-focus-card'))!;
    const card = page.locator(`[data-testid="board-card"][data-card-key="${key}"]`);
    const before = await itemsOf(card);
    const sent = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().endsWith('/api/orders/items/status'),
    );
    await button.tap();
    await sent;
    await page
      .getByText(/^O status dos itens de Mesa \d+ · .+ atualizado com sucesso!$/)
      .first()
      .waitFor();
    const step: Record<string, string> = { PLACED: 'PREPARING', PREPARING: 'READY' };
    const expected = before.map((entry) => {
      const [id, status] = entry.split(':');
      return `${id}:${step[status!] ?? status}`;
    });
    // Each item one step on, read from the API (a card all ready leaves the board).
    const ids = new Set(before.map((entry) => Number(entry.split(':')[0])));
    const now = async () =>
      (await asManager<BoardItem[]>('GET', '/api/orders/items')).data
        .filter((item) => ids.has(item.id))
        .map((item) => `${item.id}:${item.status}`)
        .sort();
    await expect.poll(now, { timeout: 15_000 }).toEqual([...expected].sort());
  });

  it('moves one item alone, leaving the rest of its card', async () => {
    const card = page
      .getByTestId('board-card')
      .filter({ has: page.locator('[data-focus-item]').nth(1) })
      .first();
    const lines = card.locator('[data-focus-item]');
    const count = await lines.count();
    const target = count > 1 ? lines.nth(1) : lines.first();
    const id = (await target.getAttribute('data-focus-item'))!;
    const before = await itemsOf(card);
    const status = before.find((entry) => entry.startsWith(`${id}:`))!.split(':')[1];
    const { name } = (
      await asManager<(BoardItem & { name: string })[]>('GET', '/api/orders/items')
    ).data.find((item) => item.id === Number(id))!;
    await target.tap();
    await page.getByText(`O status do item ${name} atualizado com sucesso!`).first().waitFor();
    await expect.poll(() => statusOf(id)).toBe(status === 'PLACED' ? 'PREPARING' : 'READY');
    // The others kept their stage.
    const others = before.filter((entry) => !entry.startsWith(`${id}:`));
    for (const entry of others) {
      const [other, stage] = entry.split(':');
      expect(await statusOf(other!)).toBe(stage);
    }
  });

  it("counts 'Todo o dia' again when a waiter sends an order, without reloading", async () => {
    const loads: string[] = [];
    page.on('framenavigated', (frame) => loads.push(frame.url()));
    const banner = page.getByText(/^\d+ novos? pedidos?$/);
    const ok = page.getByRole('button', { name: 'OK', exact: true });
    if (await ok.isVisible()) await ok.click();
    await expect.poll(() => banner.count()).toBe(0);
    const before = await stillToMake(page);
    // A waiter sends two of a dish for a guest at a table, through the floor's order entry.
    await waiterOrders(baseUrl, await tokenOf('gerente@cantinabella.com.br', 'Cantina@2026'), 2);
    await banner.waitFor();
    // The strip changes, and counts what the server has still to make at that moment.
    let changed = false;
    await expect
      .poll(
        async () => {
          const shown = await stillToMake(page);
          if (shown !== before) changed = true;
          return changed && shown === (await serverStillToMake());
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(await page.locator('[data-testid="board-card"][data-fresh="true"]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    expect(loads).toEqual([]);
  });

  it("sends a whole card back to preparation from 'Prontos recentes'", async () => {
    // A card made ready now, so that the list has one.
    const button = page.getByRole('button', { name: 'Tudo pronto' }).first();
    if ((await button.count()) > 0) {
      await button.tap();
      await page
        .getByText(/atualizado com sucesso!$/)
        .first()
        .waitFor();
    }
    await page.getByRole('button', { name: 'Prontos recentes' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Prontos recentes' });
    const recent = drawer.getByTestId('ready-card').first();
    await recent.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/painel-board-recent-768.png' });
    const key = (await recent.getAttribute('data-card-key'))!;
    const name = await recent.locator('h3').innerText();
    await recent.getByRole('button', { name: 'Voltar tudo ao preparo' }).tap();
    await page.getByText(`Os itens de ${name} voltaram para o preparo.`).first().waitFor();
    await expect.poll(() => drawer.locator(`[data-card-key="${key}"]`).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Fechar' }).tap();
    // Back on the board, being prepared.
    const card = page.locator(`[data-testid="board-card"][data-card-key="${key}"]`);
    await card.waitFor();
    expect((await itemsOf(card)).some((entry) => entry.endsWith(':PREPARING'))).toBe(true);
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

describe('the kitchen board with the keyboard only', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await atLeastCards(4);
    const cook = await kitchenMember();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`${baseUrl}/#/orders`);
    await page.getByLabel('E-mail').fill(cook.email);
    await page.getByLabel('Senha', { exact: true }).fill(cook.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/orders$/);
    await page.getByTestId('board-card').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const style = element ? getComputedStyle(element) : null;
      return {
        item: element?.dataset.focusItem ?? null,
        tag: element?.tagName ?? null,
        outline: style ? [style.outlineStyle, parseFloat(style.outlineWidth)] : null,
      };
    });

  it('bumps three items in a row with Tab and Enter, the focus on the next item each time, outlined', async () => {
    // Stations are per device: this tablet shows every kitchen.
    let first: string | null = null;
    for (let tabs = 0; tabs < 80 && first === null; tabs++) {
      await page.keyboard.press('Tab');
      first = (await focused()).item;
    }
    expect(first).not.toBeNull();
    let current = first!;
    for (let bump = 0; bump < 3; bump++) {
      const status = await statusOf(current);
      const now = await focused();
      expect(now.item).toBe(current);
      // A clear outline: at least 2 px, solid.
      expect(now.outline![0]).toBe('solid');
      expect(now.outline![1]).toBeGreaterThanOrEqual(2);
      await page.keyboard.press('Enter');
      await expect.poll(() => statusOf(current)).toBe(status === 'PLACED' ? 'PREPARING' : 'READY');
      const next = await focused();
      expect(next.tag).not.toBe('BODY');
      expect(next.item).not.toBeNull();
      expect(next.item).not.toBe(current);
      current = next.item!;
    }
    await page.screenshot({ path: '/tmp/painel-board-keyboard-768.png' });
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
    await page.getByTestId('board-card').first().waitFor();
    expect(Number(await page.getByTestId('count-ALL').innerText())).toBeGreaterThan(0);
    // Wide enough: the side menu stays open.
    expect(await page.locator('.RaSidebar-closed').count()).toBe(0);
    await page.screenshot({ path: '/tmp/painel-board-1280.png' });
    expect(await seriousViolations(page)).toEqual([]);
    // Remembered on this device.
    await page.reload();
    await page.getByTestId('board-card').first().waitFor();
    expect(await picker.inputValue()).toBe('Cantina Bella');
  });
});
