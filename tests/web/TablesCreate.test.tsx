import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, Request } from '../../src/dataProvider/httpClient';
import { TABLE_DUPLICATE } from '../../contract/resources/floor/definition';
import { TablesCreate, takenMessage } from '../../src/resources/floor/TablesCreate';
import { messageOf, renderScreen } from './renderScreen';

const tableRecord = (id: number, number: number) => ({
  id,
  store_id: 2,
  number,
  name: `Mesa ${number}`,
  status: 'AVAILABLE',
  order_id: null,
  order: null,
  created_at: '2026-03-01T12:00:00.000Z',
});

/**
 * The tables page over a fake API: the store's tables (`existing`), creations numbered from id 100,
 * `refuse` answers a POST of that number with the server's duplicate error, `hold` keeps POSTs
 * waiting until released.
 */
async function setup({
  existing = [] as number[],
  refuse,
  hold,
  refuseDelete = false,
}: { existing?: number[]; refuse?: number; hold?: Promise<void>; refuseDelete?: boolean } = {}) {
  let nextId = 100;
  const http = vi.fn<HttpClient>(async (path: string, request?: Request) => {
    if (path === '/api/tables' && !request?.method) {
      return {
        data: { results: existing.map((number, i) => tableRecord(i + 1, number)), total: existing.length },
      };
    }
    if (path === '/api/tables' && request?.method === 'POST') {
      await hold;
      const body = request.body as { number: number };
      if (body.number === refuse) throw new HttpError(TABLE_DUPLICATE, 409);
      return { data: tableRecord(nextId++, body.number) };
    }
    if (path.startsWith('/api/tables/id/') && request?.method === 'DELETE') {
      if (refuseDelete) throw new HttpError('Não foi possível conectar ao servidor.', 0);
      return { data: { id: Number(path.split('/').pop()) } };
    }
    throw new Error(`Chamada inesperada: ${request?.method ?? 'GET'} ${path}`);
  });
  const view = renderScreen(
    '/hall/create',
    { '/hall/create': <TablesCreate />, '/hall': <p>Salão</p> },
    http,
    { history: ['/hall'] },
  );
  await screen.findByRole('textbox', { name: /^Quantidade de mesas/ });
  return { ...view, http };
}

const quantity = () => screen.getByRole('textbox', { name: /^Quantidade de mesas/ });
const start = () => screen.getByRole('textbox', { name: /^Número inicial/ });
/** The submit button, whatever it says while it works. */
const create = () => screen.getByRole('button', { name: /^(Criar|Verificando|Criando)/ });
const posts = (http: Awaited<ReturnType<typeof setup>>['http']) =>
  http.mock.calls.filter(([, request]) => request?.method === 'POST').map(([, request]) => request?.body);
const deletes = (http: Awaited<ReturnType<typeof setup>>['http']) =>
  http.mock.calls.filter(([, request]) => request?.method === 'DELETE').map(([path]) => path);

async function fill(user: Awaited<ReturnType<typeof setup>>['user'], howMany: string, from: string) {
  await user.type(quantity(), howMany);
  await user.type(start(), from);
}

describe('create tables (/hall/create)', () => {
  it('asks for both numbers on a tablet keypad, labelled and required', async () => {
    await setup();
    for (const input of [quantity(), start()]) {
      expect(input).toHaveAttribute('inputmode', 'numeric');
      expect(input).toBeRequired();
    }
    expect(quantity()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(create()).toHaveTextContent('Criar');
  });

  it('says a field is required and takes numbers only, sending nothing', async () => {
    const { user, http } = await setup();

    await user.click(create());
    await waitFor(() => expect(messageOf(quantity())).toBe('Campo obrigatório.'));
    expect(messageOf(start())).toBe('Campo obrigatório.');

    await fill(user, '3a', '-1');
    await waitFor(() => expect(messageOf(quantity())).toBe('Informe somente números.'));
    expect(messageOf(start())).toBe('Informe somente números.');

    await user.clear(quantity());
    await user.type(quantity(), '2,5');
    await user.click(create());
    await waitFor(() => expect(messageOf(quantity())).toBe('Informe somente números.'));
    expect(http).not.toHaveBeenCalled();
  });

  it('keeps the batch within 1 to 200 tables and numbers up to 99999', async () => {
    const { user, http } = await setup();

    await fill(user, '0', '0');
    await user.click(create());
    await waitFor(() => expect(messageOf(quantity())).toBe('Informe de 1 a 200 mesas.'));
    expect(messageOf(start())).toBe('O número inicial começa em 1.');

    await user.clear(quantity());
    await user.type(quantity(), '201');
    await user.clear(start());
    await user.type(start(), '99990');
    await waitFor(() => expect(messageOf(quantity())).toBe('Informe de 1 a 200 mesas.'));

    await user.clear(quantity());
    await user.type(quantity(), '20');
    await user.click(create());
    await waitFor(() => expect(messageOf(start())).toBe('O número de uma mesa vai até 99999.'));
    expect(http).not.toHaveBeenCalled();
  });

  it('creates one table per number from the start, in order, then the success modal goes back', async () => {
    const { user, http, location } = await setup({ existing: [1, 2, 3, 4, 8] });

    await fill(user, '3', '5');
    expect(screen.getByText('Serão criadas as mesas 5 a 7.')).toBeInTheDocument();
    await user.click(create());

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mesas criadas com sucesso!')).toBeInTheDocument();
    // The store's tables are read first, then one POST per table.
    expect(http.mock.calls[0]).toEqual([
      '/api/tables',
      { query: { page: 1, page_size: 500, sort_field: 'number', sort_order: 'ASC', search: undefined } },
    ]);
    expect(posts(http)).toEqual([
      { name: 'Mesa 5', number: 5, status: 'AVAILABLE' },
      { name: 'Mesa 6', number: 6, status: 'AVAILABLE' },
      { name: 'Mesa 7', number: 7, status: 'AVAILABLE' },
    ]);
    expect(http.mock.calls.filter(([path]) => path === '/api/tables').map(([, r]) => r?.method)).toEqual([
      undefined,
      'POST',
      'POST',
      'POST',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()?.pathname).toBe('/hall'));
  });

  it('shows its progress and locks the form while it creates', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { user } = await setup({ hold });

    await fill(user, '10', '1');
    await user.click(create());

    await waitFor(() => expect(create()).toHaveTextContent('Criando 1 de 10…'));
    expect(create()).toBeDisabled();
    expect(quantity()).toBeDisabled();
    expect(start()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Mesas criadas' })).toHaveAttribute(
      'aria-valuetext',
      'Criando 1 de 10',
    );

    release();
    expect(await screen.findByText('Mesas criadas com sucesso!')).toBeInTheDocument();
  });

  it('refuses a number the store already has, creating nothing', async () => {
    const { user, http } = await setup({ existing: [1, 2, 6] });

    await fill(user, '3', '5');
    await user.click(create());

    expect(
      await screen.findByText('A mesa 6 já existe neste restaurante. Nenhuma mesa foi criada.'),
    ).toBeInTheDocument();
    expect(posts(http)).toEqual([]);
    expect(create()).toHaveTextContent('Criar');
    expect(create()).toBeEnabled();

    // Another range clears the refusal.
    await user.clear(start());
    await user.type(start(), '7');
    expect(screen.queryByText(/já existe/)).not.toBeInTheDocument();
  });

  it('names every number already taken', async () => {
    const { user, http } = await setup({ existing: [3, 4, 5] });

    await fill(user, '4', '2');
    await user.click(create());

    expect(
      await screen.findByText('As mesas 3, 4 e 5 já existem neste restaurante. Nenhuma mesa foi criada.'),
    ).toBeInTheDocument();
    expect(posts(http)).toEqual([]);
  });

  it('removes what it created when a table fails half-way, and says it failed', async () => {
    const { user, http, location } = await setup({ refuse: 7 });

    await fill(user, '4', '5');
    await user.click(create());

    expect(
      await screen.findByText(`Não foi possível criar novas mesas. ${TABLE_DUPLICATE}`),
    ).toBeInTheDocument();
    expect(posts(http)).toEqual([
      { name: 'Mesa 5', number: 5, status: 'AVAILABLE' },
      { name: 'Mesa 6', number: 6, status: 'AVAILABLE' },
      { name: 'Mesa 7', number: 7, status: 'AVAILABLE' },
    ]);
    // The two it created, last first; nothing after the failure.
    expect(deletes(http)).toEqual(['/api/tables/id/101', '/api/tables/id/100']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()?.pathname).toBe('/hall/create');
    expect(create()).toBeEnabled();
  });

  it('says which tables are left when they cannot be removed either', async () => {
    const { user } = await setup({ refuse: 7, refuseDelete: true });

    await fill(user, '3', '5');
    await user.click(create());

    expect(
      await screen.findByText(
        `Não foi possível criar novas mesas. ${TABLE_DUPLICATE} As mesas 5 e 6 ficaram criadas: exclua-as no salão.`,
      ),
    ).toBeInTheDocument();
  });

  it('goes back to the floor on Cancelar', async () => {
    const { user, http, location } = await setup();
    await user.type(quantity(), '2');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location()?.pathname).toBe('/hall'));
    expect(http).not.toHaveBeenCalled();
  });
});

describe('takenMessage', () => {
  it('lists a few numbers and gathers long runs', () => {
    expect(takenMessage([3])).toBe('A mesa 3 já existe neste restaurante. Nenhuma mesa foi criada.');
    expect(takenMessage([1, 2, 3, 4, 5, 6, 7, 9, 12, 13])).toBe(
      'As mesas 1 a 7, 9, 12 e 13 já existem neste restaurante. Nenhuma mesa foi criada.',
    );
  });
});
