import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { REPEAT_OFF, REPEAT_ON } from '../../src/resources/complementGroups/inputs';
import { ComplementGroupCreate, ComplementGroupEdit } from '../../src/resources/complementGroups/overrides';
import {
  GROUP_CREATED,
  GROUP_MAX_BELOW_MIN,
  GROUP_NAME_REQUIRED,
  GROUP_RANGE,
  GROUP_UPDATED,
  PRODUCT_ALREADY_SELECTED,
} from '../../contract/resources/complementGroups/definition';
import { messageOf, renderScreen as renderApp } from './renderScreen';

/** The store's products, as `GET /api/products/simplelist` answers them. */
const PRODUCTS = [
  { id: 11, name: 'Bacon crocante', price: 700, complement_only: true },
  { id: 12, name: 'Burrata', price: 1800, complement_only: true },
  { id: 13, name: 'Parmesão extra', price: 600, complement_only: true },
  { id: 14, name: 'Penne', price: 0, complement_only: true },
].map((product) => ({ ...product, store_id: 1, category_id: 9, available: true, thumbnail: null }));

const GROUP = {
  id: 5,
  store_id: 1,
  name: 'Adicionais',
  min_items: 0,
  max_items: 3,
  allow_repeat: true,
  products: [
    { id: 13, name: 'Parmesão extra' },
    { id: 12, name: 'Burrata' },
  ],
  created_at: '2026-01-10T12:00:00.000Z',
  updated_at: '2026-01-10T12:00:00.000Z',
};

const FORM_PATH = '/products/complements/create/group';
const LIST_PATH = '/products/complements';

/** The picker asks the server through `fetch` (useApi); the searches it made are kept here. */
const searches: string[] = [];

beforeEach(() => {
  searches.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/products/simplelist') return new Response('{}', { status: 404 });
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      searches.push(search);
      const results = PRODUCTS.filter((product) => product.name.toLowerCase().includes(search));
      return Response.json({ data: { results, total: results.length } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The group form, opened from the list (Cancelar and saving go back to it). */
function renderForm(path: string, http: HttpClient) {
  return renderApp(
    path,
    {
      [FORM_PATH]: <ComplementGroupCreate />,
      [`${FORM_PATH}/:id`]: <ComplementGroupEdit />,
      [LIST_PATH]: <p>Lista de grupos</p>,
    },
    http,
    { history: [LIST_PATH] },
  );
}

const field = {
  name: () => screen.getByRole('textbox', { name: 'Nome' }),
  min: () => screen.getByRole('spinbutton', { name: 'Mínimo' }),
  max: () => screen.getByRole('spinbutton', { name: 'Máximo' }),
  picker: () => screen.getByRole('combobox', { name: 'Adicionar produto' }),
};

/** The names on the chips of the chosen products. */
const chips = () =>
  within(screen.queryByRole('list', { name: 'Produtos do grupo' }) ?? document.createElement('div'))
    .queryAllByRole('listitem')
    .map((chip) => chip.textContent);

async function pick(user: ReturnType<typeof userEvent.setup>, typed: string, option: string) {
  await user.click(field.picker());
  await user.type(field.picker(), typed);
  await waitFor(() => expect(searches).toContain(typed));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}

function setupCreate(
  http = vi.fn<HttpClient>(async (_path, request) => ({ data: { id: 31, ...(request?.body as object) } })),
) {
  const view = renderForm(FORM_PATH, http);
  return { ...view, http, submit: () => view.user.click(screen.getByRole('button', { name: 'Adicionar' })) };
}

describe('new complement group (/products/complements/create/group)', () => {
  it('asks for the name with the definition message and sends nothing', async () => {
    const { submit, http } = setupCreate();
    await screen.findByRole('textbox', { name: 'Nome' });
    expect(field.min()).toHaveValue(0);
    expect(field.max()).toHaveValue(1);
    expect(screen.getByRole('switch', { name: REPEAT_OFF })).not.toBeChecked();

    await submit();

    await waitFor(() => expect(messageOf(field.name())).toBe(GROUP_NAME_REQUIRED));
    expect(http).not.toHaveBeenCalled();
  });

  it('refuses a maximum below the minimum, and limits outside 0 to 10', async () => {
    const { user, submit, http } = setupCreate();
    await screen.findByRole('textbox', { name: 'Nome' });

    await user.type(field.name(), 'Escolha a massa');
    await user.clear(field.min());
    await user.type(field.min(), '3');
    await user.clear(field.max());
    await user.type(field.max(), '1');
    await submit();
    await waitFor(() => expect(messageOf(field.max())).toBe(GROUP_MAX_BELOW_MIN));
    expect(messageOf(field.min())).toBe('De 0 a 10');

    await user.clear(field.max());
    await user.type(field.max(), '11');
    await waitFor(() => expect(messageOf(field.max())).toBe(GROUP_RANGE));

    await user.clear(field.max());
    await waitFor(() => expect(messageOf(field.max())).toBe(GROUP_RANGE));
    expect(http).not.toHaveBeenCalled();
  });

  it("searches the store's products as the user types and says 'Produto já selecionado' on a repeat", async () => {
    const { user } = setupCreate();
    await screen.findByRole('textbox', { name: 'Nome' });

    await pick(user, 'bur', 'Burrata');
    expect(chips()).toEqual(['Burrata']);
    await waitFor(() => expect(searches).toContain('bur'));
    // Typing "bur" asked once for the whole word, not once a letter.
    expect(searches.filter((term) => term === 'b' || term === 'bu')).toEqual([]);

    await pick(user, 'bur', 'Burrata');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PRODUCT_ALREADY_SELECTED)).toBeInTheDocument();
    expect(chips()).toEqual(['Burrata']);
  });

  it('removes a chosen product with its chip control', async () => {
    const { user } = setupCreate();
    await screen.findByRole('textbox', { name: 'Nome' });

    await pick(user, 'pen', 'Penne');
    await pick(user, 'bacon', 'Bacon crocante');
    expect(chips()).toEqual(['Penne', 'Bacon crocante']);

    await user.click(screen.getByRole('button', { name: 'Remover Penne' }));
    expect(chips()).toEqual(['Bacon crocante']);
    screen.getByRole('button', { name: 'Remover Bacon crocante' }).focus();
    await user.keyboard('{Enter}');
    expect(chips()).toEqual([]);
    expect(screen.getByText('Nenhum produto selecionado.')).toBeInTheDocument();
  });

  it('sends the group on Adicionar, shows the success dialog, and OK goes back', async () => {
    const { user, submit, http, location } = setupCreate();
    await screen.findByRole('textbox', { name: 'Nome' });

    await user.type(field.name(), '  Adicionais da casa ');
    await user.clear(field.max());
    await user.type(field.max(), '2');
    await user.click(screen.getByRole('switch', { name: REPEAT_OFF }));
    expect(screen.getByRole('switch', { name: REPEAT_ON })).toBeChecked();
    await pick(user, 'parm', 'Parmesão extra');
    await pick(user, 'bacon', 'Bacon crocante');
    await submit();

    await waitFor(() => expect(http).toHaveBeenCalledTimes(1));
    expect(http).toHaveBeenCalledWith('/api/complement-groups', {
      method: 'POST',
      body: {
        name: 'Adicionais da casa',
        min_items: 0,
        max_items: 2,
        allow_repeat: true,
        products: [13, 11],
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(GROUP_CREATED)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()?.pathname).toBe(LIST_PATH));
  });

  it("shows the server's message and stays on the form", async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('Produto não encontrado.', 404);
    });
    const { user, submit, location } = setupCreate(http);
    await screen.findByRole('textbox', { name: 'Nome' });

    await user.type(field.name(), 'Borda recheada');
    await submit();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Produto não encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()?.pathname).toBe(FORM_PATH);
  });

  it('Cancelar goes back without sending anything', async () => {
    const { user, http, location } = setupCreate();
    await screen.findByRole('textbox', { name: 'Nome' });
    await user.type(field.name(), 'Rascunho');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location()?.pathname).toBe(LIST_PATH));
    expect(http).not.toHaveBeenCalled();
  });
});

describe('complement group edit (/products/complements/create/group/:id)', () => {
  function setupEdit() {
    const http = vi.fn<HttpClient>(async (_path, request) => {
      if (!request?.method) return { data: { ...GROUP } };
      // The API answers the group as it reads it: products as { id, name }.
      const { products, ...changes } = request.body as { products?: number[] };
      const named = products?.map((id) => ({ id, name: PRODUCTS.find((p) => p.id === id)!.name }));
      return { data: { ...GROUP, ...changes, products: named ?? GROUP.products } };
    });
    const view = renderForm(`${FORM_PATH}/5`, http);
    return { ...view, http, save: () => view.user.click(screen.getByRole('button', { name: 'Salvar' })) };
  }

  it('loads the group, and a removed chip leaves the group only on Salvar', async () => {
    const { user, http, save, location } = setupEdit();
    await waitFor(() => expect(field.name()).toHaveValue('Adicionais'));
    expect(http).toHaveBeenCalledWith('/api/complement-groups/id/5');
    expect(field.min()).toHaveValue(0);
    expect(field.max()).toHaveValue(3);
    expect(screen.getByRole('switch', { name: REPEAT_ON })).toBeChecked();
    expect(chips()).toEqual(['Parmesão extra', 'Burrata']);
    expect(screen.queryByRole('button', { name: 'Adicionar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover Parmesão extra' }));
    await pick(user, 'pen', 'Penne');
    expect(chips()).toEqual(['Burrata', 'Penne']);
    expect(http).toHaveBeenCalledTimes(1); // the read only: nothing changes before Salvar

    await user.clear(field.max());
    await user.type(field.max(), '2');
    await save();

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/complement-groups/id/5', {
        method: 'PATCH',
        body: { max_items: 2, products: [12, 14] },
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(GROUP_UPDATED)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()?.pathname).toBe(LIST_PATH));
  });

  it('goes back to the groups when the group does not exist', async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('Grupo de complementos não encontrado.', 404);
    });
    const { location } = renderForm(`${FORM_PATH}/99`, http);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Grupo de complementos não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe(LIST_PATH));
  });
});
