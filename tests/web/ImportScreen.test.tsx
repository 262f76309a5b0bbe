import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ImportResult,
  Integration,
  OpdvCategory,
  SyncChange,
} from '../../contract/resources/integrations/definition';
import { ImportScreen } from '../../src/resources/products/import/ImportScreen';
import { renderSignedIn } from './renderSignedIn';

/**
 * Importar produtos (restaurant spec 2 "Point-of-sale import", 4, 8): the screen as Cantina
 * Bella's staff use it, through the app's own HTTP client onto a fake `fetch` answering as the
 * contract of issue 18 says.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const INTEGRATION: Integration = {
  id: 7,
  store_id: 2,
  integration_type: 'OPDV',
  token: '••••••••f9a2',
  base_url: null,
  active: true,
  created_at: '2026-11-20T18:45:00.000Z',
  created_by: null,
};

const item = (
  code: string,
  name: string,
  price: string,
  imported: OpdvCategory['items'][number]['imported'] = null,
) => ({
  code,
  name,
  description: '',
  price,
  image_url: null,
  imported,
});

const CATALOG: OpdvCategory[] = [
  {
    code: 'C1',
    name: 'Massas',
    categories: [
      {
        code: 'C1A',
        name: 'Massas recheadas',
        categories: [],
        items: [item('I3', 'Ravioli de abóbora', '54.00')],
      },
    ],
    items: [
      item('I1', 'Spaghetti alla carbonara', '42.90'),
      item('I2', 'Lasanha à bolonhesa', '48.5', { product_id: 31, name: 'Lasanha', category_id: 4 }),
    ],
  },
  { code: 'C2', name: 'Bebidas', categories: [], items: [item('I4', 'Água com gás', '6.00')] },
];

const MENU = [
  {
    id: 4,
    name: 'Pratos principais',
    description: null,
    image: null,
    available: true,
    display: 'ALL',
    list_order: 1,
    products: [
      { id: 31, name: 'Lasanha', integration_code: 'I2' },
      { id: 32, name: 'Tiramisù', integration_code: null },
    ],
  },
];

interface Sent {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

/** A call's answer: a body, or a failure with the status and message the API would send. */
type Answer = { data: unknown } | { status: number; message: string };

/**
 * The API: the store's integrations, the OPDV catalogue (or `catalogFailure`), the menu, and the
 * imports, answered by `importCategory` in order (each may wait for the test to release it).
 */
function fakeApi({
  integrations = [INTEGRATION],
  catalogFailure,
  importCategory = () => ({ data: result() }),
  syncChanges = [] as SyncChange[],
}: {
  integrations?: Integration[];
  catalogFailure?: { status: number; message: string };
  importCategory?: (code: string) => Answer | Promise<Answer>;
  syncChanges?: SyncChange[];
} = {}) {
  const sent: Sent[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const reply = (answer: Answer) =>
    'status' in answer ? json({ error: { message: answer.message } }, answer.status) : json(answer);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://painel.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      sent.push({ method, path: url.pathname, body });
      const path = url.pathname;
      if (path === '/api/stores/integration') return json({ data: integrations });
      if (path === '/api/stores/integration/7/catalog') {
        return catalogFailure ? reply(catalogFailure) : json({ data: { data: CATALOG } });
      }
      if (path === '/api/categories') return json({ data: { results: MENU, total: MENU.length } });
      if (path === '/api/stores/integration/7/import/category')
        return reply(await importCategory(String(body!.code)));
      if (path === '/api/stores/integration/7/import/products') {
        return json({ data: result({ created: (body!.codes as string[]).length }) });
      }
      if (path === '/api/stores/integration/7/link') return json({ data: { product_id: body!.product_id } });
      if (path === '/api/stores/integration/7/sync' && method === 'GET') return json({ data: syncChanges });
      if (path === '/api/stores/integration/7/sync')
        return json({ data: { updated: (body!.product_ids as number[]).length } });
      return json({ error: { message: 'Não encontrado' } }, 404);
    }),
  );
  return {
    sent,
    opdvCalls: () => sent.filter((call) => call.path.startsWith('/api/stores/integration')),
    writes: () => sent.filter((call) => call.method !== 'GET'),
  };
}

function result(over: Partial<ImportResult> = {}): ImportResult {
  return { category_id: 9, category_created: false, created: 0, linked: 0, skipped: 0, failed: [], ...over };
}

const renderImport = () =>
  renderSignedIn('MANAGER', '/products/imports', { '/products/imports': <ImportScreen /> }).user;

/** Accepts 'Iniciar Importação?' and waits for the catalogue. */
async function start(user: ReturnType<typeof renderImport>) {
  const dialog = await screen.findByRole('dialog', { name: 'Iniciar Importação?' });
  await user.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
}

describe('Importar produtos (/products/imports)', () => {
  it("asks nothing of the OPDV until 'Iniciar Importação?' is accepted", async () => {
    const api = fakeApi();
    const user = renderImport();
    const dialog = await screen.findByRole('dialog', { name: 'Iniciar Importação?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Iniciar importação' }));
    await start(user);
    await screen.findByRole('heading', { name: 'Massas' });
    expect(api.opdvCalls().map((call) => call.path)).toEqual([
      '/api/stores/integration',
      '/api/stores/integration/7/catalog',
    ]);
  });

  it('shows the catalogue as a tree: categories, sub-categories, items in reais, imported ones marked', async () => {
    fakeApi();
    const user = renderImport();
    await start(user);
    const massas = (await screen.findByRole('heading', { name: 'Massas' })).closest('section')!;
    expect(within(massas).getByRole('heading', { name: 'Massas recheadas' })).toBeInTheDocument();
    const carbonara = within(massas).getByRole('listitem', { name: 'Spaghetti alla carbonara' });
    expect(within(carbonara).getByText('R$ 42,90')).toBeInTheDocument();
    expect(within(carbonara).queryByText('Importado')).not.toBeInTheDocument();
    const lasanha = within(massas).getByRole('listitem', { name: 'Lasanha à bolonhesa' });
    expect(within(lasanha).getByText('R$ 48,50')).toBeInTheDocument();
    expect(within(lasanha).getByText('Importado')).toBeInTheDocument();
    // An imported item can be neither chosen nor linked again.
    expect(within(lasanha).getByRole('checkbox')).toBeDisabled();
    expect(within(lasanha).queryByRole('button', { name: /Vincular/ })).not.toBeInTheDocument();
    expect(within(massas).getByText('3 produtos · 1 importado')).toBeInTheDocument();
  });

  it('imports the whole menu one top-level category at a time, the bar advancing, then sums it up', async () => {
    const releases: ((answer: Answer) => void)[] = [];
    const api = fakeApi({ importCategory: () => new Promise<Answer>((resolve) => releases.push(resolve)) });
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Importar tudo' }));

    const bar = await screen.findByRole('progressbar', { name: 'Importando Massas (1 de 2)' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    // Nothing else starts meanwhile.
    expect(screen.getByRole('button', { name: 'Importar tudo' })).toBeDisabled();
    await waitFor(() => expect(releases).toHaveLength(1));
    releases[0]!({ data: result({ created: 2, skipped: 1 }) });

    const second = await screen.findByRole('progressbar', { name: 'Importando Bebidas (2 de 2)' });
    expect(second).toHaveAttribute('aria-valuenow', '50');
    await waitFor(() => expect(releases).toHaveLength(2));
    releases[1]!({
      data: result({ created: 0, failed: [{ code: 'I4', name: 'Água com gás', reason: 'Preço inválido' }] }),
    });

    const summary = await screen.findByRole('status', { name: 'Resumo da importação: Cardápio do OPDV' });
    const figures = [...summary.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(figures).toEqual(['Criados: 2', 'Vinculados: 0', 'Ignorados por já importados: 1', 'Falhas: 1']);
    expect(within(summary).getByText('Água com gás (I4): Preço inválido')).toBeInTheDocument();
    expect(await screen.findByText('Aconteceu um erro ao importar')).toBeInTheDocument();
    expect(api.writes().map((call) => call.body)).toEqual([{ code: 'C1' }, { code: 'C2' }]);
  });

  it("says 'Cardápio importado com sucesso!' when nothing failed", async () => {
    fakeApi({ importCategory: () => ({ data: result({ created: 2 }) }) });
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Importar tudo' }));
    expect(await screen.findByText('Cardápio importado com sucesso!')).toBeInTheDocument();
    const summary = screen.getByRole('status', { name: 'Resumo da importação: Cardápio do OPDV' });
    expect(within(summary).getByText('Criados').nextElementSibling).toHaveTextContent('4');
  });

  it("counts a category whose call fails as that category's failure, with the server's reason", async () => {
    fakeApi({
      importCategory: (code) =>
        code === 'C1'
          ? { data: result({ created: 3 }) }
          : { status: 502, message: 'Não foi possível falar com o OPDV. Tente novamente.' },
    });
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Importar tudo' }));
    const summary = await screen.findByRole('status', { name: 'Resumo da importação: Cardápio do OPDV' });
    expect(
      within(summary).getByText('Bebidas (C2): Não foi possível falar com o OPDV. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('imports a category whole', async () => {
    const api = fakeApi({ importCategory: () => ({ data: result({ created: 1, category_created: true }) }) });
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Importar categoria Bebidas' }));
    expect(await screen.findByText('Categoria importada com sucesso!')).toBeInTheDocument();
    const summary = screen.getByRole('status', { name: 'Resumo da importação: Categoria Bebidas' });
    expect(within(summary).getByText('Categoria criada')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/stores/integration/7/import/category', body: { code: 'C2' } },
    ]);
  });

  it("says 'Houve um ero ao importar a categoria.' when the category's import fails", async () => {
    fakeApi({
      importCategory: () => ({ status: 502, message: 'Não foi possível falar com o OPDV. Tente novamente.' }),
    });
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Importar categoria Massas' }));
    expect(await screen.findByText('Houve um ero ao importar a categoria.')).toBeInTheDocument();
  });

  it("says 'Erro ao criar categoria' and why when the store cannot hold the category", async () => {
    fakeApi({
      importCategory: () => ({
        status: 400,
        message: 'Erro ao criar categoria: Você precisa informar o nome da categoria',
      }),
    });
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Importar categoria Massas' }));
    expect(
      await screen.findByText('Erro ao criar categoria: Você precisa informar o nome da categoria'),
    ).toBeInTheDocument();
  });

  it('imports the chosen items into an existing category', async () => {
    const api = fakeApi();
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('checkbox', { name: 'Escolher Spaghetti alla carbonara' }));
    await user.click(screen.getByRole('checkbox', { name: 'Escolher Ravioli de abóbora' }));
    const bar = screen.getByRole('region', { name: 'Produtos escolhidos' });
    expect(within(bar).getByText('2 produtos escolhidos')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Importar selecionados' }));
    expect(await within(bar).findByText('Escolha a categoria de destino.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.click(within(bar).getByRole('combobox', { name: 'Categoria de destino' }));
    await user.click(await screen.findByRole('option', { name: 'Pratos principais' }));
    await user.click(within(bar).getByRole('button', { name: 'Importar selecionados' }));
    expect(await screen.findByText('Produto importado com sucesso!')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/stores/integration/7/import/products',
        body: { category_id: 4, codes: ['I1', 'I3'] },
      },
    ]);
  });

  it('links an item to an existing product chosen by name', async () => {
    const api = fakeApi();
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Vincular Água com gás' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vincular Água com gás' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Produto do cardápio' }), 'Tira');
    // A product already linked to the OPDV is not offered.
    expect(screen.queryByRole('option', { name: 'Lasanha' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Tiramisù' }));
    await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    expect(await screen.findByText('Produto vinculado com sucesso')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/stores/integration/7/link', body: { code: 'I4', product_id: 32 } },
    ]);
  });

  it('shows what Sincronizar would change (old → new) and applies it only once asked', async () => {
    const api = fakeApi({
      syncChanges: [
        {
          product_id: 31,
          code: 'I2',
          name: 'Lasanha',
          price: 4850,
          new_name: 'Lasanha da casa',
          new_price: 5200,
        },
      ],
    });
    const user = renderImport();
    await start(user);
    await user.click(await screen.findByRole('button', { name: 'Sincronizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sincronizar com o OPDV' });
    expect(within(dialog).getByText('Lasanha da casa')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 48,50')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 52,00')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Produtos sincronizados com sucesso!')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/stores/integration/7/sync', body: { product_ids: [31] } },
    ]);
  });

  it("says 'Limite de chamadas alcançado. Tente novamente em alguns minutos' when the OPDV answers 429", async () => {
    fakeApi({ catalogFailure: { status: 429, message: 'Too Many Requests' } });
    const user = renderImport();
    await start(user);
    expect(
      await screen.findByText('Limite de chamadas alcançado. Tente novamente em alguns minutos'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Importar tudo' })).not.toBeInTheDocument();
  });

  it("says 'Não há integração configurada para esta loja' on a 400, and when the store has none", async () => {
    fakeApi({ catalogFailure: { status: 400, message: 'Bad Request' } });
    const user = renderImport();
    await start(user);
    expect(await screen.findByText('Não há integração configurada para esta loja')).toBeInTheDocument();
  });

  it('sends a store without an integration to Integrações, asking nothing of the OPDV', async () => {
    const api = fakeApi({ integrations: [] });
    const user = renderImport();
    await start(user);
    expect(await screen.findByText('Não há integração configurada para esta loja')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Integrações' })).toHaveAttribute('href', '/integrations');
    expect(api.opdvCalls().map((call) => call.path)).toEqual(['/api/stores/integration']);
  });
});
