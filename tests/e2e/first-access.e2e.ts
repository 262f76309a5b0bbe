import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, menuLabels } from './browser';
import { demoServer, type RunningServer } from './server';

async function api(
  server: RunningServer,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return {
    status: response.status,
    json: (await response.json()) as { data: Record<string, unknown> & { results?: { id: number }[] } },
  };
}

/**
 * A new restaurant's responsible person: created with the restaurant, sets a password through
 * "Primeiro acesso" (token read from the server log, where e-mail goes without SMTP) and lands in
 * the restaurant menu of that store only.
 */
describe('first access of a new restaurant', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let storeId: number;

  beforeAll(async () => {
    // A server of its own (its e-mails are read from its log), on a copy of the seeded demo.
    server = await demoServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    const login = await api(server, '/auth/email', {
      method: 'POST',
      body: { email: 'admin@painel.com.br', password: 'Painel@2026', role: 'ADMIN' },
    });
    const token = login.json.data.access_token as string;
    const [cuisines, cities] = await Promise.all([
      api(server, '/api/cousines', { token }),
      api(server, '/api/operations', { token }),
    ]);
    const created = await api(server, '/api/stores', {
      method: 'POST',
      token,
      body: {
        logo_black: '/uploads/demo/capa.svg',
        logo_white: '/uploads/demo/logo.svg',
        bg_image: '/uploads/demo/home.svg',
        operation_id: cities.json.data.results![0]!.id,
        cousine_id: cuisines.json.data.results![0]!.id,
        name: 'Bistrô Aurora',
        company_name: 'Bistrô Aurora Ltda',
        cnpj: '11.222.333/0001-81',
        description: 'Cozinha de estação',
        full_description: 'Pratos do dia com ingredientes locais.',
        instagram: '@bistroaurora',
        email_admin: 'dono@bistroaurora.com.br',
        zip_code: '30130-010',
        street: 'Avenida Afonso Pena',
        street_number: '500',
        neighborhood: 'Centro',
        city: 'Belo Horizonte',
        uf: 'MG',
        name_responsible: 'Helena Prado',
        cpf: '529.982.247-25',
        email: 'helena@bistroaurora.com.br',
        feedme_physical_tax: '1',
        feedme_digital_tax: '2',
      },
    });
    expect(created.status).toBe(201);
    storeId = created.json.data.id as number;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets a password and sees the restaurant menu for that store only', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('link', { name: 'Primeiro acesso' }).click();
    await page.getByLabel('E-mail').fill('dono@bistroaurora.com.br');
    await page.getByRole('button', { name: 'Enviar token' }).click();
    await page.getByText('Um token foi enviado para o email dono@bistroaurora.com.br').waitFor();
    let token: string | undefined;
    for (let i = 0; i < 50 && !token; i++) {
      token = /E-mail para dono@bistroaurora\.com\.br[\s\S]*?Seu token de acesso é (\d{5})/.exec(
        server.output(),
      )?.[1];
      if (!token) await page.waitForTimeout(100);
    }
    if (!token) throw new Error('o e-mail com o token não apareceu no log');
    await page.getByLabel('Token').fill(token);
    await page.getByRole('button', { name: 'Validar token' }).click();
    await page.getByLabel('Nova senha', { exact: true }).fill('Aurora2026');
    await page.getByLabel('Confirme a nova senha').fill('Aurora2026');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
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

    const session = await api(server, '/auth/email', {
      method: 'POST',
      body: { email: 'dono@bistroaurora.com.br', password: 'Aurora2026', role: 'ADMIN' },
    });
    const staff = session.json.data.access_token as string;
    const account = await api(server, '/api/account', { token: staff });
    expect((account.json.data.roles as { store_id: number }[])[0]!.store_id).toBe(storeId);
    const stores = await api(server, '/api/stores', { token: staff });
    expect(stores.json.data.results!.map((s) => s.id)).toEqual([storeId]);
  });
});
