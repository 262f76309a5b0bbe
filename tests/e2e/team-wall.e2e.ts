import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dragBelow, launchBrowser, pressUntilSent, seriousViolations, signIn } from './browser';
import { makeImage } from './images';
import { sharedServer } from './server';

const baseUrl = sharedServer();

/** A notice in the toaster (the same words may also sit under a field). */
const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Signs in through the API, as any client could, and answers the status. */
async function signInStatus(email: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/auth/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

/**
 * The team and the wall as Cantina Bella's manager uses them on a tablet held upright (768×1024):
 * from the settings' VER EQUIPE to a new collaborator (and the refusal of a taken e-mail), then a
 * pinned wall post with a JPEG picture, reordered and saved; and the administrator's view of both
 * with the restaurant chosen.
 */
describe('the team and the wall on a tablet (restaurant staff)', () => {
  let browser: Browser;
  let page: Page;
  // Unique per run, in case the server's data folder is reused.
  const run = Date.now() % 1_000_000;
  const email = `tadeu.${run}@cantinabella.com.br`;
  const fullname = `Tadeu Quixadá ${run}`;
  const title = `Noite do risoto ${run}`;
  let imageUrl = '';

  /** The titles of the wall's rows, in their order. */
  const wallTitles = async () => {
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    return rows.evaluateAll((all) =>
      all.map((row) => row.querySelectorAll('td')[2]?.querySelector('p')?.textContent),
    );
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    await page.goto(`${baseUrl}/#/settings`);
    await signIn(page, 'gerente@cantinabella.com.br', 'Cantina@2026');
    await page.waitForURL(/#\/settings$/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the team from VER EQUIPE: the store’s people, free of serious accessibility faults', async () => {
    await page.getByRole('link', { name: 'VER EQUIPE' }).click();
    await page.waitForURL(/#\/settings\/teams$/);
    await page.getByText('Giulia Romano').waitFor();
    await expect.poll(() => page.getByText(/^1-\d+ de \d+$/).count()).toBe(1);
    expect(await page.getByText('sabordosertao.com.br').count()).toBe(0);
    const include = page.getByRole('link', { name: 'INCLUIR COLABORADOR' });
    expect((await include.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('adds a collaborator, who then signs in', async () => {
    await page.getByRole('link', { name: 'INCLUIR COLABORADOR' }).click();
    await page.waitForURL(/#\/settings\/teams-create$/);
    const add = page.getByRole('button', { name: 'Adicionar' });
    await add.click();
    await page.getByText('Por favor preencher o nome.').waitFor();
    await page.getByText('Telefone obrigatório').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Nome completo').fill(fullname);
    await page.getByLabel('Telefone').pressSequentially('11977771234');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 97777-1234');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Equipe@2026');
    await page.getByLabel('Repetir senha').fill('Equipe@2027');
    await add.click();
    await page.getByText('As senhas precisam ser iguais').waitFor();
    await page.getByLabel('Repetir senha').fill('Equipe@2026');

    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admins'));
    await add.click();
    expect((await sent).postDataJSON()).toEqual({
      fullname,
      email,
      phone: '11977771234',
      password: 'Equipe@2026',
      role: 'STAFF',
    });
    await notice(page, 'Usuário criado com sucesso').waitFor();
    await page.waitForURL(/#\/settings\/teams$/);
    await page.getByPlaceholder('Buscar por nome ou e-mail').fill(String(run));
    await page.getByText(fullname).waitFor();
    expect(await signInStatus(email, 'Equipe@2026')).toBe(200);
  });

  it('refuses a second collaborator with the same e-mail, and says so under it', async () => {
    await page.goto(`${baseUrl}/#/settings/teams-create`);
    await page.getByLabel('Nome completo').fill('Outra Pessoa');
    await page.getByLabel('Telefone').pressSequentially('11977770000');
    await page.getByLabel('E-mail').fill(email.toUpperCase());
    await page.getByLabel('Senha', { exact: true }).fill('Equipe@2026');
    await page.getByLabel('Repetir senha').fill('Equipe@2026');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await notice(page, 'Já existe uma conta com esse e-mail.').waitFor();
    // Under the e-mail too, and the form stays.
    await expect.poll(() => page.getByText('Já existe uma conta com esse e-mail.').count()).toBe(2);
    expect(page.url()).toMatch(/#\/settings\/teams-create$/);
  });

  it('opens the new member and changes the role', async () => {
    await page.goto(`${baseUrl}/#/settings/teams`);
    await page.getByPlaceholder('Buscar por nome ou e-mail').fill(String(run));
    await page.getByText(fullname).click();
    await page.waitForURL(/#\/settings\/teams\/\d+$/);
    await expect.poll(() => page.getByLabel('Nome completo').inputValue()).toBe(fullname);
    await page.getByRole('combobox', { name: /Função/ }).click();
    await page.getByRole('option', { name: 'Garçom' }).click();
    const sent = page.waitForRequest(
      (r) => r.method() === 'PATCH' && /\/api\/admins\/id\/\d+$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await sent).postDataJSON()).toEqual({ role: 'WAITER' });
    await notice(page, 'Usuário atualizado com sucesso!').waitFor();
    await page.waitForURL(/#\/settings\/teams$/);
  });

  it('creates a pinned wall post with a JPEG picture, first on the wall', async () => {
    await page.getByRole('menuitem', { name: 'Mural' }).click();
    await page.waitForURL(/#\/mural$/);
    await wallTitles();
    expect(await seriousViolations(page)).toEqual([]);
    const create = page.getByRole('link', { name: 'CRIAR PUBLICAÇÃO' });
    expect((await create.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await create.click();
    await page.waitForURL(/#\/mural\/new$/);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Informe o título da publicação.').waitFor();
    await page.getByRole('textbox', { name: 'Título' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Texto' })
      .fill('Quinta-feira, risoto de funghi com taça de vinho.');
    const jpeg = await makeImage(page, 'image/jpeg', '#7a3b12');
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/uploads'),
    );
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'risoto.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    expect((await uploaded).status()).toBe(201);
    await page.getByRole('img', { name: 'Imagem' }).waitFor();
    await page.getByRole('switch', { name: 'Fixada' }).check();
    expect(await seriousViolations(page)).toEqual([]);

    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/posts'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ title, active: true, pinned: true });
    imageUrl = String(body.image);
    expect(imageUrl).toMatch(/^\/uploads\/images\/\d+\/\d+-[0-9a-f]+\.webp$/);
    await notice(page, 'Publicação criada com sucesso!').waitFor();
    await page.waitForURL(/#\/mural$/);
    await expect.poll(async () => (await wallTitles())[0]).toBe(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Fixada').waitFor();
    expect((await fetch(`${baseUrl}${imageUrl}`)).status).toBe(200);
  });

  it('moves the post below the next pinned one, and SALVAR ORDEM keeps the order', async () => {
    const before = await wallTitles();
    expect(before[0]).toBe(title);
    const next = before[1]!;
    expect(await page.getByRole('button', { name: 'SALVAR ORDEM' }).count()).toBe(0);
    const handle = page.getByRole('button', { name: `Arrastar ${title}`, exact: true });
    expect((await handle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await dragBelow(page, handle, page.getByRole('button', { name: `Arrastar ${next}`, exact: true }));
    await expect.poll(async () => (await wallTitles()).slice(0, 2)).toEqual([next, title]);

    const save = page.getByRole('button', { name: 'SALVAR ORDEM' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    const sent = await pressUntilSent(
      page,
      save,
      (r) => r.method() === 'PATCH' && r.url().endsWith('/api/posts/reorder'),
    );
    expect((sent.postDataJSON() as { ids: number[] }).ids).toHaveLength(before.length);
    await notice(page, 'Ordem dos postss atualizada com sucesso!').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'SALVAR ORDEM' }).count()).toBe(0);
    await page.reload();
    await expect.poll(async () => (await wallTitles()).slice(0, 2)).toEqual([next, title]);
  });

  it('shows both to an administrator once the restaurant is chosen', async () => {
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await adminPage.goto(`${baseUrl}/#/mural`);
      await signIn(adminPage, 'admin@painel.com.br', 'Painel@2026');
      await adminPage.waitForURL(/#\/mural$/);
      await adminPage.getByText('Escolha o restaurante para ver o mural.').waitFor();
      await adminPage.getByRole('combobox', { name: 'Restaurante' }).fill('Cantina');
      await adminPage.getByRole('option', { name: 'Cantina Bella' }).click();
      await adminPage.getByRole('row').filter({ hasText: title }).waitFor();
      expect(await seriousViolations(adminPage)).toEqual([]);
      // The same restaurant, remembered on this device, for the team.
      await adminPage.goto(`${baseUrl}/#/settings/teams`);
      await adminPage.getByPlaceholder('Buscar por nome ou e-mail').fill(String(run));
      await adminPage.getByText(fullname).waitFor();
    } finally {
      await adminPage.close();
    }
  });

  it('removes the post, and its picture with it', async () => {
    await page.getByRole('row').filter({ hasText: title }).getByText(title).click();
    await page.waitForURL(/#\/mural\/details\/\d+$/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Título' }).inputValue()).toBe(title);
    await page.getByRole('button', { name: 'Remover', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Remover a publicação ${title}?`).waitFor();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await notice(page, 'Publicação removida com sucesso!').waitFor();
    await page.waitForURL(/#\/mural$/);
    await expect.poll(async () => (await wallTitles()).includes(title)).toBe(false);
    expect((await fetch(`${baseUrl}${imageUrl}`)).status).toBe(404);
  });
});
