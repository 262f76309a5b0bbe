import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { demoServer, type RunningServer } from './server';

/**
 * Money and service decisions on the floor, on a tablet held upright (768×1024), as Cantina
 * Bella's manager makes them: releasing a table whose tab still owes (the amount shown, the method
 * chosen, a reason typed; refused while its kitchen works, whose items are then marked ready on the
 * panel), 'Liberar todas' (only the tables that owe nothing and wait for nothing), a move and a join
 * each confirmed in the words of both tables and undone with 'Desfazer'; and an administrator's
 * confirmation of a restaurant's approval. Its own server, without the service simulator, so that
 * no guest orders on a tab between a join and its undo.
 */

interface FloorTable {
  id: number;
  number: number;
  status: 'AVAILABLE' | 'OCCUPIED';
  order: { id: number; total: number; total_paid: number; status: string; in_kitchen: number } | null;
}

interface Tab {
  id: number;
  status: string;
  table_number: number | null;
  total: number;
  total_paid: number;
  tickets: {
    customer: { fullname: string };
    total: number;
    payments: { kind: string; method: string; amount: number }[];
  }[];
}

const SHOTS = '/tmp/painel-money';
const reais = (cents: number) =>
  `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/**
 * Waits until no CSS transition runs (a dialog fading in is checked for contrast once it is
 * opaque); animations that never end, as a waiter call's pulse, are not transitions.
 */
const transitionsDone = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
const owedOf = (table: FloorTable) =>
  table.order ? Math.max(0, table.order.total - table.order.total_paid) : 0;

describe('money and service decisions on the floor (tablet, 768×1024)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  /** Calls the API with the session the page keeps, as the screens do. */
  async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    return page
      .evaluate(
        async ({ path, init }) => {
          const { token } = JSON.parse(localStorage.getItem('painel.session')!) as { token: string };
          const response = await fetch(path, {
            method: init.method ?? 'GET',
            headers: {
              Authorization: `Bearer ${token}`,
              ...(init.body ? { 'Content-Type': 'application/json' } : {}),
            },
            body: init.body ? JSON.stringify(init.body) : undefined,
          });
          return (await response.json()) as { data: unknown };
        },
        { path, init },
      )
      .then((body) => body.data as T);
  }
  const floor = async () =>
    (await api<{ results: FloorTable[] }>('/api/tables?page_size=500&sort_field=number&sort_order=ASC'))
      .results;
  const tab = (id: number) => api<Tab>(`/api/orders/id/${id}?include=payments,coupons,birthdays,checkins`);

  const card = (number: number) => page.getByRole('button', { name: new RegExp(`^Mesa ${number} `) });
  const cardText = async (number: number) =>
    (await page.locator(`[data-table-number="${number}"]`).textContent()) ?? '';
  const panel = (number: number) => page.getByRole('region', { name: `Mesa ${number}`, exact: true });
  async function openPanel(number: number) {
    if (await page.getByRole('button', { name: 'Fechar painel da mesa' }).isVisible()) {
      await page.getByRole('button', { name: 'Fechar painel da mesa' }).click();
    }
    await card(number).click();
    await panel(number).waitFor();
  }
  async function closePanel() {
    const close = page.getByRole('button', { name: 'Fechar painel da mesa' });
    if (await close.isVisible()) await close.click();
  }
  /** Tables of the floor whose tabs still owe, most owed first. */
  const owing = async () =>
    (await floor()).filter((table) => owedOf(table) > 0).sort((a, b) => owedOf(b) - owedOf(a));

  beforeAll(async () => {
    server = await demoServer({ SIMULATOR: '0' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await page.goto(`${server.url}/#/hall`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/hall$/);
    await page.getByTestId('table-card').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('releases a table whose tab still owes: the amount shown, the method chosen, a reason typed, once its kitchen is done', async () => {
    const [table] = (await owing()).filter((row) => row.order!.in_kitchen > 0);
    expect(table, 'a tab of the demo that still owes, its kitchen at work').toBeDefined();
    const owed = owedOf(table!);
    await openPanel(table!.number);
    await panel(table!.number)
      .getByRole('region', { name: /^Comanda de / })
      .first()
      .waitFor();
    await panel(table!.number).getByRole('button', { name: 'Liberar mesa' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Tem certeza que deseja liberar a mesa ${table!.number}?`,
    });
    await dialog.getByText(reais(owed), { exact: true }).waitFor();
    const confirm = dialog.getByRole('button', { name: `Receber ${reais(owed)} e liberar` });
    // No method is chosen for the staff; without the method and the reason nothing is sent.
    const method = dialog.getByRole('combobox', { name: /Forma de pagamento/ });
    expect((await method.innerText()).replace(/\W/g, '')).toBe('');
    await confirm.click();
    await dialog.getByText('Escolha a forma de pagamento.').waitFor();
    await dialog.getByText('Informe o motivo.').waitFor();
    expect((await tab(table!.order!.id)).status).toBe('OPENED');
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await method.click();
    await page.getByRole('option', { name: 'Pix' }).click();
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Pagaram tudo no caixa');
    await transitionsDone(page);
    await page.screenshot({ path: `${SHOTS}-release-768.png` });
    for (const control of [method, dialog.getByRole('textbox', { name: 'Motivo' }), confirm]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await confirm.click();
    // Refused while the kitchen works on the tab: the panel lists what it still makes.
    await page.getByText(/^A comanda ainda tem \d+ ite(m|ns) na cozinha: /).waitFor();
    const held = panel(table!.number).getByRole('region', { name: 'Na cozinha' });
    await held.waitFor();
    const ready = held.getByRole('button', { name: /^Marcar .+ como pronto$/ });
    expect(await ready.count()).toBe(table!.order!.in_kitchen);
    expect((await tab(table!.order!.id)).status).toBe('OPENED');
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}-kitchen-768.png` });
    for (let left = await ready.count(); left > 0; left--) {
      await ready.first().click();
      await expect.poll(() => ready.count()).toBe(left - 1);
    }
    await held.waitFor({ state: 'detached' });
    await panel(table!.number).getByRole('button', { name: 'Liberar mesa' }).click();
    await dialog.getByRole('combobox', { name: /Forma de pagamento/ }).click();
    await page.getByRole('option', { name: 'Pix' }).click();
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Pagaram tudo no caixa');
    await confirm.click();
    await page.getByText('Mesa liberada.').waitFor();
    await expect.poll(() => cardText(table!.number)).toMatch(/Livre/);
    // The balance was received at the table by Pix, and the tab closed paid.
    const closed = await tab(table!.order!.id);
    expect(closed).toMatchObject({ status: 'CLOSED', total_paid: closed.total });
    const pix = closed.tickets.flatMap((ticket) =>
      ticket.payments.filter((payment) => payment.kind === 'PHYSICAL' && payment.method === 'PIX'),
    );
    expect(pix.reduce((sum, payment) => sum + payment.amount, 0)).toBe(owed);
  });

  it('moves a tab after a confirmation that names both tables, and undoes it with Desfazer', async () => {
    const [from] = await owing();
    const free = (await floor()).find((table) => table.status === 'AVAILABLE' && table.order === null)!;
    expect(from).toBeDefined();
    await openPanel(from!.number);
    await panel(from!.number).getByRole('button', { name: 'Transferir' }).click();
    const picker = page.getByRole('dialog', { name: `Transferir ou juntar a mesa ${from!.number}` });
    await picker.getByRole('button', { name: `Mesa ${free.number}, livre: transferir` }).click();
    const confirm = page.getByRole('dialog', {
      name: `Transferir a comanda da mesa ${from!.number} para a mesa ${free.number}?`,
    });
    await confirm.waitFor();
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await floor()).find((table) => table.id === from!.id)!.order?.id).toBe(from!.order!.id);
    await confirm.getByRole('button', { name: 'Transferir', exact: true }).click();

    const undo = page.getByRole('button', { name: 'Desfazer' });
    await page.getByText('Comanda transferida.').waitFor();
    await undo.waitFor();
    await panel(free.number).waitFor();
    // Measured once the notice has grown in.
    await expect.poll(async () => (await undo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}-move-undo-768.png` });
    await undo.click();
    await page.getByText('Transferência desfeita.').waitFor();
    await panel(from!.number).waitFor();
    await expect.poll(() => cardText(free.number)).toMatch(/Livre/);
    const after = await floor();
    expect(after.find((table) => table.id === from!.id)!.order?.id).toBe(from!.order!.id);
    expect(after.find((table) => table.id === free.id)!.order).toBeNull();
    await expect.poll(() => undo.isVisible()).toBe(false);
  });

  it('joins two tables after a confirmation that names both, and splits them back with Desfazer', async () => {
    const [from, into] = await owing();
    expect(into, 'two tabs that owe').toBeDefined();
    const [before, beforeInto] = await Promise.all([tab(from!.order!.id), tab(into!.order!.id)]);
    await openPanel(from!.number);
    await panel(from!.number).getByRole('button', { name: 'Transferir' }).click();
    const picker = page.getByRole('dialog', { name: `Transferir ou juntar a mesa ${from!.number}` });
    await picker.getByRole('button', { name: `Mesa ${into!.number}, ocupada: juntar` }).click();
    const confirm = page.getByRole('dialog', {
      name: `Juntar a mesa ${from!.number} à mesa ${into!.number}?`,
    });
    await confirm
      .getByText(
        `Os clientes, os pedidos e os pagamentos da mesa ${from!.number} passam para a comanda da mesa ${into!.number}, e a mesa ${from!.number} fica livre.`,
      )
      .waitFor();
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Juntar', exact: true }).click();
    await page.getByText('Mesas juntadas.').waitFor();
    await expect.poll(() => cardText(from!.number)).toMatch(/Livre/);
    const joined = await tab(into!.order!.id);
    expect(joined.total).toBe(before.total + beforeInto.total);

    await page.getByRole('button', { name: 'Desfazer' }).click();
    await page.getByText('Mesas separadas de novo.').waitFor();
    await panel(from!.number).waitFor();
    await expect.poll(() => cardText(from!.number)).toMatch(/Ocupada/);
    // Each tab as it was: its customers, and its money.
    const [split, splitInto] = await Promise.all([tab(from!.order!.id), tab(into!.order!.id)]);
    const who = (t: Tab) => t.tickets.map((ticket) => ticket.customer.fullname).sort();
    expect(who(split)).toEqual(who(before));
    expect(who(splitInto)).toEqual(who(beforeInto));
    expect([split.total, split.total_paid]).toEqual([before.total, before.total_paid]);
    expect([splitInto.total, splitInto.total_paid]).toEqual([beforeInto.total, beforeInto.total_paid]);
    await closePanel();
  });

  it("takes back a payment received at the table ('Dar baixa') after asking why", async () => {
    const [table] = await owing();
    await openPanel(table!.number);
    const ticket = panel(table!.number)
      .getByRole('region', { name: /^Comanda de / })
      .filter({ has: page.getByRole('button', { name: /^Dar baixa · R\$/ }) })
      .first();
    const customer = (await ticket.getAttribute('aria-label'))!.replace('Comanda de ', '');
    const owed = (await ticket.getByRole('button', { name: /^Dar baixa · R\$/ }).innerText()).replace(
      /^.*· /,
      '',
    );
    await ticket.getByRole('button', { name: /^Dar baixa · R\$/ }).click();
    const pay = page.getByRole('dialog', { name: `Dar baixa na comanda de ${customer}?` });
    await pay.getByRole('combobox', { name: /Forma de pagamento/ }).click();
    await page.getByRole('option', { name: 'Dinheiro' }).click();
    await pay.getByRole('button', { name: 'Dar baixa', exact: true }).click();
    await page.getByText('Baixa dada na comanda!').waitFor();
    const paid = panel(table!.number).getByRole('region', { name: `Comanda de ${customer}` });
    await expect.poll(() => paid.getAttribute('data-payment-status')).toBe('PAID');

    await paid.getByRole('button', { name: `Remover o pagamento de ${owed} em Dinheiro` }).click();
    const remove = page.getByRole('dialog', {
      name: `Remover o pagamento de ${owed} em Dinheiro de ${customer}?`,
    });
    await remove.getByRole('button', { name: 'Remover pagamento' }).click();
    await remove.getByText('Informe o motivo.').waitFor();
    await remove.getByRole('textbox', { name: 'Motivo' }).fill('Baixa dada na comanda errada');
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}-remove-payment-768.png` });
    await remove.getByRole('button', { name: 'Remover pagamento' }).click();
    await page.getByText('Pagamento removido.').waitFor();
    await expect.poll(() => paid.getAttribute('data-payment-status')).not.toBe('PAID');
    await paid.getByRole('button', { name: `Dar baixa · ${owed}` }).waitFor();
    await closePanel();
  });

  it("'Liberar todas' frees only the tables that owe nothing and wait for nothing, and lists the others", async () => {
    // A table taken without a tab owes nothing, as a paid tab does.
    const spare = (await floor()).find((table) => table.status === 'AVAILABLE' && table.order === null)!;
    await api(`/api/tables/id/${spare.id}/status/OCCUPIED`, { method: 'PATCH' });
    await expect.poll(() => cardText(spare.number)).toMatch(/Ocupada/);
    const taken = (await floor()).filter((table) => table.status === 'OCCUPIED' || table.order !== null);
    const cooking = (table: FloorTable) => (table.order?.in_kitchen ?? 0) > 0;
    const settled = taken.filter((table) => owedOf(table) === 0 && !cooking(table));
    const open = taken.filter((table) => owedOf(table) > 0);
    const waiting = taken.filter((table) => owedOf(table) === 0 && cooking(table));
    expect(open.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Liberar todas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tem certeza que deseja liberar todas as mesas?' });
    await dialog.waitFor();
    const listed = dialog.getByRole('list', { name: 'Com saldo em aberto, para acertar uma a uma:' });
    expect(await listed.getByRole('listitem').allInnerTexts()).toEqual(
      open
        .sort((a, b) => a.number - b.number)
        .map((table) => expect.stringContaining(`Mesa ${table.number} · ${reais(owedOf(table))}`)),
    );
    if (waiting.length > 0) {
      const kitchen = dialog.getByRole('list', { name: 'Com itens na cozinha, para resolver uma a uma:' });
      expect(await kitchen.getByRole('listitem').allInnerTexts()).toEqual(
        waiting
          .sort((a, b) => a.number - b.number)
          .map((table) => expect.stringContaining(`Mesa ${table.number} · ${table.order!.in_kitchen} ite`)),
      );
    }
    await transitionsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}-release-all-768.png` });
    await dialog
      .getByRole('button', {
        name: settled.length === 1 ? 'Liberar 1 mesa' : `Liberar ${settled.length} mesas`,
      })
      .click();
    await page.getByText('Mesas liberadas com sucesso').waitFor();
    const after = await floor();
    for (const table of settled) {
      expect(
        after.find((row) => row.id === table.id),
        `mesa ${table.number}`,
      ).toMatchObject({
        status: 'AVAILABLE',
        order: null,
      });
    }
    for (const table of [...open, ...waiting]) {
      expect(after.find((row) => row.id === table.id)!.order?.id, `mesa ${table.number}`).toBe(
        table.order!.id,
      );
    }
  });

  it('shows the release dialog and the undo notice at 1280 px, beside the floor', async () => {
    const wide = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await wide.goto(`${server.url}/#/hall`);
    await signIn(wide, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await wide.getByTestId('table-card').first().waitFor();
    const [table] = await owing();
    await wide.getByRole('button', { name: new RegExp(`^Mesa ${table!.number} `) }).click();
    await wide.getByRole('region', { name: `Mesa ${table!.number}`, exact: true }).waitFor();
    await wide.getByRole('button', { name: 'Liberar mesa' }).click();
    await wide
      .getByRole('dialog')
      .getByText(reais(owedOf(table!)), { exact: true })
      .waitFor();
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${SHOTS}-release-1280.png` });
    await wide.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

    const free = (await floor()).find((row) => row.status === 'AVAILABLE' && row.order === null)!;
    await wide.getByRole('button', { name: 'Transferir' }).click();
    await wide.getByRole('button', { name: `Mesa ${free.number}, livre: transferir` }).click();
    await wide.getByRole('button', { name: 'Transferir', exact: true }).click();
    await wide.getByRole('button', { name: 'Desfazer' }).waitFor();
    await transitionsDone(wide);
    expect(await seriousViolations(wide)).toEqual([]);
    await wide.screenshot({ path: `${SHOTS}-move-undo-1280.png` });
    await wide.getByRole('button', { name: 'Desfazer' }).click();
    await wide.getByText('Transferência desfeita.').waitFor();
    await wide.close();
  });

  it("asks an administrator to confirm a restaurant's approval, in its name", async () => {
    const admin = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await admin.goto(`${server.url}/#/restaurants/approvals`);
    await signIn(admin, 'admin@painel.com.br', 'Painel@2026');
    const row = admin.getByRole('row').filter({ hasText: 'Casa da Tapioca' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Aprovar Casa da Tapioca' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Aprovar o restaurante Casa da Tapioca?' });
    await confirm.waitFor();
    await transitionsDone(admin);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.screenshot({ path: `${SHOTS}-approve-768.png` });
    await confirm.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await admin.getByText('Restaurante Casa da Tapioca aprovado com sucesso!').waitFor();
    await admin.close();
  });
});
