import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';

const baseUrl = sharedServer();

const zone = { timeZone: 'America/Sao_Paulo' } as const;
const dayOf = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { ...zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The next Friday in São Paulo (Cantina Bella takes reservations 19:00–22:30 on Fridays). */
function nextFriday(): string {
  for (let days = 1; days <= 7; days++) {
    const day = dayOf(new Date(Date.now() + days * 86_400_000));
    if (weekdayOf(day) === 5) return day;
  }
  throw new Error('no Friday');
}

/**
 * Reservations as the staff of Cantina Bella take them on a tablet held upright (768×1024): a
 * new one for Friday night, confirmed, then a second tablet that had not seen it confirmed tries to
 * cancel it and is refused with the spec's words; the night filter; the text copied for the guest.
 */
describe('reservations on a tablet (restaurant staff)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  // Unique per run, in case the server's data folder is reused.
  const name = `Helena Teste ${Date.now() % 100_000}`;
  const friday = nextFriday();
  const [year, month, dayOfMonth] = friday.split('-');
  const shownDay = `${dayOfMonth}/${month}/${year}`;
  /** The code the server gave the reservation. */
  let code = '';

  const card = (on: Page) => on.getByRole('listitem').filter({ hasText: name });
  const search = async (on: Page, text: string) => {
    const box = on.getByRole('textbox', { name: 'Buscar reserva' });
    await box.fill(text);
  };
  const button = (where: Locator, label: string) => where.getByRole('button', { name: label, exact: true });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page = await context.newPage();
    await page.goto(`${baseUrl}/#/reserves`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/reserves$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists today's and the coming reservations, reachable by touch and free of serious accessibility faults", async () => {
    await page.getByRole('listitem').first().waitFor();
    for (const control of [
      page.getByRole('link', { name: 'Nova reserva' }),
      page.getByRole('link', { name: 'Horários de reserva' }),
      page.getByRole('listitem').first().getByRole('button').first(),
      page.getByRole('button', { name: 'Copiar' }).first(),
    ]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates a reservation for Friday night, sending the phone as digits', async () => {
    await page.getByRole('link', { name: 'Nova reserva' }).click();
    await page.waitForURL(/#\/reserves\/create$/);
    await page.getByRole('textbox', { name: 'Nome completo' }).fill(name);
    await page.getByRole('textbox', { name: 'Telefone' }).fill('11987654321');
    expect(await page.getByRole('textbox', { name: 'Telefone' }).inputValue()).toBe('(11) 98765-4321');
    await page.getByRole('spinbutton', { name: 'Número de pessoas' }).fill('4');
    await page.getByLabel(/^Data/).fill(friday);
    await page.getByText('Horários de reserva na sexta-feira: 12:00 às 14:30 e 19:00 às 22:30.').waitFor();
    // Outside the hours: refused under the time, nothing sent.
    await page.getByLabel(/^Horário/).fill('16:00');
    await page.getByRole('button', { name: 'Criar reserva' }).click();
    await page.getByText(/^Fora do horário de reservas\./).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(/^Horário/).fill('20:00');
    await page.getByRole('textbox', { name: 'Observações' }).fill('Aniversário da avó');
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/reservations'),
    );
    await page.getByRole('button', { name: 'Criar reserva' }).click();
    const created = await answer;
    expect(created.status()).toBe(201);
    code = ((await created.json()) as { data: { code: string } }).data.code;
    const body = created.request().postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      fullname: name,
      phone: '11987654321',
      n_persons: 4,
      date: new Date(`${friday}T23:00:00.000Z`).toISOString(), // 20:00 in São Paulo
      observations: 'Aniversário da avó',
    });
    await page.getByText('Reserva criada com sucesso!').waitFor();
    await page.waitForURL(/#\/reserves$/);
    await search(page, name);
    await card(page).waitFor();
    expect(await card(page).innerText()).toContain(`20:00 · ${name}`);
    expect(await card(page).innerText()).toContain(`${shownDay} · 4 pessoas`);
    await card(page).getByText('Aguardando', { exact: true }).waitFor();
  });

  it('confirms it; a tablet that still shows it waiting is refused the cancellation in the spec’s words', async () => {
    // Another tablet opens the list before the reservation is confirmed.
    const other = await context.newPage();
    await other.goto(`${baseUrl}/#/reserves`);
    await search(other, name);
    await button(card(other), 'Cancelar').waitFor();
    // From here the other tablet shows what it read until it acts: its list is not read again (a
    // refresh on a busy machine would show it confirmed before the tap this test is about).
    const stale = /\/api\/reservations\?/;
    await other.route(stale, (route) => route.abort());

    await button(card(page), 'Confirmar').click();
    await page.getByText('Reserva confirmada', { exact: true }).waitFor();
    await card(page).getByText('Confirmada', { exact: true }).waitFor();
    expect(await button(card(page), 'Cancelar').count()).toBe(0);
    expect(await button(card(page), 'Confirmar').count()).toBe(0);

    await button(card(other), 'Cancelar').click();
    const dialog = other.getByRole('dialog', { name: `Cancelar a reserva de ${name}?` });
    await dialog.waitFor();
    await other.unroute(stale);
    const refused = other.waitForResponse(
      (r) => r.request().method() === 'PATCH' && /\/api\/reservations\/id\/\d+$/.test(r.url()),
    );
    await dialog.getByRole('button', { name: 'Cancelar reserva' }).click();
    expect((await refused).status()).toBe(409);
    await other.getByText('Não é possível cancelar uma reserva confirmada!').waitFor();
    // Read again: the other tablet now shows it confirmed, without Cancelar.
    await card(other).getByText('Confirmada', { exact: true }).waitFor();
    expect(await button(card(other), 'Cancelar').count()).toBe(0);
    await other.close();
  });

  it('opens its notes, and filters the night (18h or later) and the day', async () => {
    await card(page).getByRole('button', { expanded: false }).click();
    await card(page).getByText('Aniversário da avó').waitFor();

    const asked = page.waitForRequest((r) => /\/api\/reservations\?.*period=night/.test(r.url()));
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Noite' }).click();
    await asked;
    await card(page).waitFor();

    // Every reservation of the night, the others' too, is at 18:00 or later.
    await search(page, '');
    await expect
      .poll(async () => {
        const times = await page
          .getByRole('listitem')
          .evaluateAll((items) =>
            items.map((item) => /(\d{2}):\d{2} · /.exec(item.textContent ?? '')?.[1]).filter(Boolean),
          );
        return times.length > 0 && times.every((hour) => Number(hour) >= 18);
      })
      .toBe(true);

    await search(page, name);
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Dia' }).click();
    await page.getByText('Nenhuma reserva encontrada.').waitFor();
    expect(await card(page).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Noite' }).click();
    await card(page).waitFor();
  });

  it('copies a text ready to send to the guest', async () => {
    await button(card(page), 'Copiar').click();
    await page.getByText('Dados copiados!').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      [
        `Reserva de ${name}`,
        `Data: sexta-feira, ${shownDay}`,
        'Horário: 20:00',
        'Pessoas: 4',
        `Código: ${code}`,
      ].join('\n'),
    );
  });

  it('shows the reservation hours, refusing overlapping periods before anything is sent', async () => {
    await page.getByRole('link', { name: 'Horários de reserva' }).click();
    await page.waitForURL(/#\/reserves\/opening-hours$/);
    await page.getByRole('switch', { name: 'Aceitando reservas' }).waitFor();
    expect(await page.getByLabel('Sexta-feira, período 2: início').inputValue()).toBe('19:00');
    await page.getByRole('button', { name: 'Adicionar período: Sexta-feira' }).click();
    await page.getByLabel('Sexta-feira, período 3: início').fill('22:00');
    await page.getByLabel('Sexta-feira, período 3: fim').fill('23:30');
    let patched = false;
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patched = true;
    });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByText('Sexta-feira: os períodos das 19:00 às 22:30 e das 22:00 às 23:30 se sobrepõem.')
      .waitFor();
    expect(patched).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
