import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousViolations, signIn } from './browser';
import { sharedServer } from './server';
import type { StoreStatistics } from '../../contract/statistics';

const baseUrl = sharedServer();

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const chart = (page: Page, name: string) => page.getByRole('img', { name, exact: true });

/** Waits until a chart has drawn `what` (bars, an area, pie slices) with data, and counts them. */
async function drawn(page: Page, name: string, what: string): Promise<number> {
  const shapes = chart(page, name).locator(what);
  await shapes.first().waitFor();
  return shapes.count();
}

const REAIS = /^R\$ \d{1,3}(\.\d{3})*,\d{2}$/;

/** The figure a card shows (its second line). */
async function figure(page: Page, card: string): Promise<string> {
  return (await region(page, card).locator('.MuiTypography-h5').innerText()).trim();
}

describe('statistics and the finance dashboard', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lands an administrator on the platform statistics, with charts drawn from the demo, and the period', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${baseUrl}/`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/statistics$/);

    await region(page, 'Receita bruta').getByText(REAIS).waitFor();
    expect(await figure(page, 'Receita líquida')).toMatch(REAIS);
    expect(await figure(page, 'Ticket médio')).toMatch(REAIS);
    expect(Number((await figure(page, 'Total de usuários')).replace(/\./g, ''))).toBeGreaterThan(0);
    expect(
      await drawn(page, 'Gráfico dos pedidos dos últimos 15 dias', '.recharts-bar-rectangle path'),
    ).toBeGreaterThan(5);
    expect(
      await drawn(
        page,
        'Gráfico do uso da plataforma por mês, iOS e Android',
        '.recharts-bar-rectangle path',
      ),
    ).toBeGreaterThan(0);
    const months = await chart(page, 'Gráfico do uso da plataforma por mês, iOS e Android')
      .locator('.recharts-xAxis-tick-labels text')
      .allTextContents();
    expect(months.slice(0, 3)).toEqual(['jan', 'fev', 'mar']);
    expect(await seriousViolations(page)).toEqual([]);

    const before = await figure(page, 'Receita bruta');
    await page.getByRole('button', { name: '7 dias', exact: true }).click();
    await page.waitForURL(/period=7d/);
    await expect.poll(() => figure(page, 'Receita bruta').catch(() => '')).not.toBe(before);
    expect(await figure(page, 'Receita bruta')).toMatch(REAIS);
    // A reload keeps the period.
    await page.reload();
    await region(page, 'Receita bruta').getByText(REAIS).waitFor();
    expect(await page.getByRole('button', { name: '7 dias', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await page.getByRole('menuitem', { name: 'Financeiro' }).click();
    await page.waitForURL(/#\/financial$/);
    await page.getByText('Valores de: Plataforma').waitFor();
    expect(await drawn(page, 'Gráfico das formas de pagamento', '.recharts-pie-sector')).toBeGreaterThan(1);
    expect(
      await drawn(page, 'Gráfico da receita acumulada nos últimos 12 meses', '.recharts-area-area'),
    ).toBe(1);
    expect(await region(page, 'Receita líquida por mês').getByRole('listitem').count()).toBe(12);
    expect(await seriousViolations(page)).toEqual([]);

    // One restaurant's figures, from the filter.
    await page.getByRole('combobox', { name: 'Restaurante' }).click();
    await page.getByRole('option', { name: 'Cantina Bella', exact: true }).click();
    await page.getByText('Valores de: Cantina Bella').waitFor();
    await page.close();
  });

  it("opens one restaurant's statistics for an administrator", async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`${baseUrl}/#/statistics?view=store`);
    await signIn(page, 'admin@painel.com.br', 'Painel@2026');
    await page.waitForURL(/#\/statistics/);
    await page.getByRole('tab', { name: 'Restaurante' }).click();
    await page.getByRole('combobox', { name: 'Restaurante' }).click();
    await page.getByRole('option', { name: 'Cantina Bella', exact: true }).click();
    await region(page, 'Valor adicionado aos carrinhos').getByText(REAIS).waitFor();
    expect(await region(page, 'Mais pedidos').getByRole('listitem').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('lands Cantina Bella staff on their statistics on a tablet, with the period and the finance dashboard', async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`${baseUrl}/`);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/statistics');
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/statistics$/);
    const { data } = (await (await answer).json()) as { data: StoreStatistics };

    await region(page, 'Valor adicionado aos carrinhos').getByText(REAIS).waitFor();
    expect(await figure(page, 'Ticket médio')).toMatch(REAIS);
    const ranking = region(page, 'Mais pedidos').getByRole('listitem');
    expect(await ranking.count()).toBeGreaterThan(0);
    expect(await drawn(page, 'Gráfico da receita no período', '.recharts-area-area')).toBe(1);
    expect(
      await drawn(page, 'Gráfico da receita por hora do dia', '.recharts-bar-rectangle path'),
    ).toBeGreaterThan(0);
    // A bar for each weekday that sold: Cantina Bella closes on Mondays.
    const sold = data.by_weekday.filter((day) => day.amount > 0).length;
    expect(sold).toBeGreaterThanOrEqual(6);
    expect(await drawn(page, 'Gráfico da receita por dia da semana', '.recharts-bar-rectangle path')).toBe(
      sold,
    );
    expect(
      await chart(page, 'Gráfico da receita por dia da semana')
        .locator('.recharts-xAxis-tick-labels text')
        .allTextContents(),
    ).toEqual(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']);
    expect(await drawn(page, 'Gráfico das formas de pagamento', '.recharts-pie-sector')).toBeGreaterThan(1);

    // On a tablet the cards go two by row and the charts take the whole width.
    const paid = (await region(page, 'Valor adicionado aos carrinhos').boundingBox())!;
    const users = (await region(page, 'Total de usuários').boundingBox())!;
    const average = (await region(page, 'Ticket médio').boundingBox())!;
    expect(users.y).toBe(paid.y);
    expect(average.y).toBeGreaterThan(paid.y);
    const revenue = (await region(page, 'Receita no período').boundingBox())!;
    const rankingBox = (await region(page, 'Mais pedidos').boundingBox())!;
    expect(rankingBox.y).toBeGreaterThan(revenue.y);
    expect(Math.round(revenue.width)).toBe(Math.round(users.x + users.width - paid.x));
    for (const label of ['Hoje', '7 dias', '30 dias', '12 meses', 'Personalizado']) {
      const box = (await page.getByRole('button', { name: label, exact: true }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await seriousViolations(page)).toEqual([]);

    const before = await figure(page, 'Valor adicionado aos carrinhos');
    await page.getByRole('button', { name: '7 dias', exact: true }).click();
    await page.waitForURL(/period=7d/);
    await expect.poll(() => figure(page, 'Valor adicionado aos carrinhos').catch(() => '')).not.toBe(before);
    expect(await figure(page, 'Valor adicionado aos carrinhos')).toMatch(REAIS);

    await page.getByRole('menuitem', { name: 'Financeiro' }).click();
    await page.waitForURL(/#\/financial$/);
    await page.getByText('Valores de: Cantina Bella').waitFor();
    expect(await page.getByRole('combobox', { name: 'Restaurante' }).count()).toBe(0);
    expect(await drawn(page, 'Gráfico das formas de pagamento', '.recharts-pie-sector')).toBeGreaterThan(1);
    expect(await page.getByRole('link', { name: 'Extrato' }).getAttribute('href')).toBe(
      '#/financial/extracts',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
