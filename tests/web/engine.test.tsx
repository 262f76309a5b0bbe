import type { ReactElement } from 'react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link, Route } from 'react-router-dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Button, Chip, Dialog, DialogActions, DialogTitle } from '@mui/material';
import {
  HttpError,
  ListContext,
  SaveButton,
  SaveContextProvider,
  TextInput,
  Toolbar,
  useListContext,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Download, HttpClient, Query } from '../../src/dataProvider/httpClient';
import { requiredText } from '../../contract/lib/fields';
import { instant, recordId } from '../../contract/lib/records';
import { defineResource, type ResourceDefinition } from '../../contract/define';
import {
  GeneratedCreate,
  GeneratedEdit,
  GeneratedShow,
  GeneratedSingle,
} from '../../src/engine/GeneratedForm';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { defineScreens, type ScreenOverrides } from '../../src/engine/overrides';
import { resourceProps } from '../../src/engine/resources';
import type { ChosenStore } from '../../src/components/chosenStore';
import { StorePicker } from '../../src/components/StorePicker';
import { layOutRows, moveWithKeyboard } from './dragLayout';
import { belowLg, messageOf, renderScreen } from './renderScreen';

/** A resource of the test's own, with a field of each kind the lists format and a nested object. */
const places = defineResource({
  name: 'places',
  endpoint: '/api/places',
  label: { one: 'Lugar', many: 'Lugares' },
  access: { list: 'store', one: 'store', create: 'store', update: 'store', delete: 'store' },
  envelope: { list: 'data.results', one: 'data' },
  fields: {
    name: { label: 'Nome', kind: 'text', list: true, form: true, sortable: true },
    price: { label: 'Preço médio', kind: 'money', list: true },
    share: { label: 'Participação', kind: 'percent', list: true, form: true },
    kind: {
      label: 'Tipo',
      kind: 'select',
      choices: [
        { id: 'BAR', name: 'Bar' },
        { id: 'CAFE', name: 'Café' },
      ],
      otherChoice: 'Todos',
      list: true,
      form: true,
    },
    'address.city': { label: 'Cidade', kind: 'text', form: true },
    'address.uf': { label: 'UF', kind: 'text', form: true },
    open: { label: 'Aberto', kind: 'boolean', list: true, form: true },
    created_at: { label: 'Criado em', kind: 'date', list: true, sortable: true },
  },
  input: z.strictObject({
    name: requiredText(50, 'Informe o nome do lugar'),
    share: z.coerce.number({ error: 'Informe a participação' }).int().max(100, 'No máximo 100%'),
    kind: z.enum(['BAR', 'CAFE']).nullable().optional(),
    address: z.strictObject({
      city: requiredText(80, 'Informe a cidade'),
      uf: z.string().regex(/^[A-Z]{2}$/, 'Informe uma UF válida'),
    }),
    open: z.boolean().optional(),
  }),
  record: z.object({
    id: recordId,
    name: z.string(),
    price: z.int(),
    share: z.number(),
    kind: z.enum(['BAR', 'CAFE']).nullable(),
    address: z.object({ city: z.string(), uf: z.string() }),
    open: z.boolean(),
    created_at: instant,
  }),
  list: { perPage: 5, sort: { field: 'name', order: 'ASC' }, search: ['name'] },
  screens: { createLabel: 'NOVO LUGAR', titles: { create: 'Novo lugar', edit: 'Editar lugar' } },
  messages: { created: 'Lugar criado!', updated: 'Lugar atualizado!', deleted: 'Lugar removido!' },
});

const PLACES = [
  {
    id: 1,
    name: 'Bar do Zé',
    price: 123456,
    share: 15,
    kind: 'BAR',
    address: { city: 'São Paulo', uf: 'SP' },
    open: true,
    created_at: '2026-02-01T02:30:00.000Z', // 31/01 in São Paulo
  },
  {
    id: 2,
    name: 'Café Aurora',
    price: 990,
    share: 7.5,
    kind: null,
    address: { city: 'Recife', uf: 'PE' },
    open: false,
    created_at: '2026-01-10T12:00:00.000Z',
  },
];

function OpenChip() {
  const record = useRecordContext();
  return <Chip label={record?.open ? 'Aberto agora' : 'Fechado'} />;
}

/** One override of each kind the engine offers. */
const overrides = defineScreens({
  list: {
    cells: {
      open: <OpenChip />,
      name: (record) => <strong>{`${String(record.name)} (${String(record.address?.city)})`}</strong>,
    },
    actions: <Button>MAPA</Button>,
    empty: <p>Nenhum lugar por aqui ainda</p>,
    rowClick: (id) => `/places/${id}/map`,
  },
  form: {
    sections: [
      { title: 'O lugar', fields: ['name', 'kind', 'share', 'open'] },
      { title: 'Endereço', fields: ['address.city', 'address.uf'] },
    ],
    inputs: { share: <TextInput source="share" label="Participação (%)" helperText="De 0 a 100" /> },
    defaultValues: { open: true },
    // The UF is typed in any case; the API takes it in capitals.
    transform: (values) => ({
      ...values,
      address: {
        ...(values.address as object),
        uf: String((values.address as { uf?: string })?.uf ?? '').toUpperCase(),
      },
    }),
    deleteConfirm: (record) => ({
      title: `Fechar ${String(record.name)} de vez?`,
      content: 'Ninguém o verá mais.',
    }),
  },
});

function answering(records = PLACES) {
  return vi.fn<HttpClient>(async (path, request) => {
    if (request?.method === 'POST')
      return { data: { id: 9, created_at: PLACES[0]!.created_at, price: 0, ...(request.body as object) } };
    if (request?.method === 'PATCH') return { data: { ...records[0], ...(request.body as object) } };
    if (request?.method === 'DELETE') return { data: { id: 1 } };
    if (path === '/api/places') return { data: { results: records, total: records.length } };
    return { data: records[0] };
  });
}

/** Types the rest of a new place (its share, city and UF) and presses Salvar. */
async function finishPlace(user: UserEvent, { share = '20', city = 'Recife' } = {}) {
  await user.type(screen.getByRole('textbox', { name: /^Participação/ }), share);
  await user.type(screen.getByRole('textbox', { name: /^Cidade/ }), city);
  await user.type(screen.getByRole('textbox', { name: /^UF/ }), 'PE');
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
}

const options = (download?: (path: string, query: Query) => Promise<Download>) => ({
  resources: { places },
  download,
});

describe('generated list', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:lugares');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the list fields by kind, with the cell overrides and the toolbar actions', async () => {
    const http = answering();
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={overrides} /> },
      http,
      options(),
    );
    const row = (await screen.findByText('Bar do Zé (São Paulo)')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nome',
      'Preço médio',
      'Participação',
      'Tipo',
      'Aberto',
      'Criado em',
    ]);
    expect(within(row).getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(within(row).getByText('15%')).toBeInTheDocument();
    expect(within(row).getByText('Bar')).toBeInTheDocument();
    expect(within(row).getByText('Aberto agora')).toBeInTheDocument();
    expect(within(row).getByText('31/01/2026')).toBeInTheDocument();
    const other = screen.getByText('Café Aurora (Recife)').closest('tr')!;
    expect(within(other).getByText('7,5%')).toBeInTheDocument();
    expect(within(other).getByText('Todos')).toBeInTheDocument();
    // Only sortable fields sort.
    expect(within(screen.getAllByRole('columnheader')[0]!).getByRole('button')).toBeInTheDocument();
    expect(within(screen.getAllByRole('columnheader')[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'MAPA' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NOVO LUGAR' })).toHaveAttribute('href', '/places/create');
    expect(http).toHaveBeenCalledWith('/api/places', {
      query: { page: 1, page_size: 5, sort_field: 'name', sort_order: 'ASC', search: undefined },
    });
  });

  it('opens the row click override', async () => {
    const { user, location } = renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={overrides} />, '*': <p>outra</p> },
      answering(),
      options(),
    );
    await user.click(await screen.findByText('Café Aurora (Recife)'));
    await waitFor(() => expect(location()?.pathname).toBe('/places/2/map'));
  });

  it("heads a column with the override's words instead of its field's label", async () => {
    renderScreen(
      '/places',
      {
        '/places': (
          <GeneratedList
            definition={places}
            overrides={{ list: { headers: { name: 'Lugar', open: 'Agora' } } }}
          />
        ),
      },
      answering(),
      options(),
    );
    await screen.findByText('Bar do Zé');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Lugar',
      'Preço médio',
      'Participação',
      'Tipo',
      'Agora',
      'Criado em',
    ]);
  });

  it('shows the empty state override when there is nothing to list', async () => {
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={overrides} /> },
      answering([]),
      options(),
    );
    expect(await screen.findByText('Nenhum lugar por aqui ainda')).toBeInTheDocument();
  });

  it('exports the whole list as CSV with the search and order on screen', async () => {
    const download = vi.fn(async () => ({
      blob: new Blob(['\uFEFFNome\r\n']),
      filename: 'lugares-2026-11-23.csv',
    }));
    const { user } = renderScreen(
      '/places?filter=%7B%22q%22%3A%22bar%22%7D&order=DESC&sort=created_at',
      { '/places': <GeneratedList definition={places} overrides={overrides} /> },
      answering(),
      options(download),
    );
    await screen.findByText('Bar do Zé (São Paulo)');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith('/api/places', {
        sort_field: 'created_at',
        sort_order: 'DESC',
        search: 'bar',
        format: 'csv',
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('lugares-2026-11-23.csv');
  });
});

describe("generated list: a store's list (list.store)", () => {
  afterEach(() => localStorage.clear());
  /** The places API, with the restaurants the picker offers. */
  const withStores = () =>
    vi.fn<HttpClient>(async (path) => {
      if (path === '/api/stores')
        return {
          data: {
            results: [
              { id: 2, name: 'Cantina Bella' },
              { id: 7, name: 'Sabor do Sertão' },
            ],
            total: 2,
          },
        };
      return { data: { results: PLACES, total: PLACES.length } };
    });
  const reads = (http: ReturnType<typeof withStores>) =>
    http.mock.calls.filter(([path]) => path === '/api/places').map(([, request]) => request?.query);
  const everyStore = defineScreens({
    list: { store: { all: 'Todos', scope: (name) => `Lugares de: ${name}` } },
  });

  it("shows an administrator every store's records, then the restaurant chosen in its filter, and says whose", async () => {
    const http = withStores();
    const { user, location } = renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={everyStore} /> },
      http,
      { ...options(), permissions: 'ADMIN' },
    );
    expect(await screen.findByText('Lugares de: Todos')).toBeInTheDocument();
    await screen.findByText('Bar do Zé');
    expect(reads(http)[0]).not.toHaveProperty('store_id');
    await user.click(await screen.findByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    expect(await screen.findByText('Lugares de: Sabor do Sertão')).toBeInTheDocument();
    await waitFor(() => expect(reads(http).at(-1)).toMatchObject({ store_id: 7 }));
    expect(location()?.search).toContain(encodeURIComponent('"store_id":7'));
    await user.clear(screen.getByRole('combobox', { name: 'Restaurante' }));
    expect(await screen.findByText('Lugares de: Todos')).toBeInTheDocument();
    await waitFor(() => expect(reads(http).at(-1)).not.toHaveProperty('store_id'));
  });

  it('shows staff their own store, with no restaurant to choose', async () => {
    const http = withStores();
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={everyStore} /> },
      http,
      options(),
    );
    await screen.findByText('Bar do Zé');
    expect(screen.queryByRole('combobox', { name: 'Restaurante' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Lugares de:/)).not.toBeInTheDocument();
  });

  it('asks an administrator for the restaurant first with `notice`, and asks nothing of the API until then', async () => {
    const http = withStores();
    const { user } = renderScreen(
      '/places',
      {
        '/places': (
          <GeneratedList
            definition={places}
            overrides={{ list: { store: { notice: 'Escolha o restaurante.' } } }}
          />
        ),
      },
      http,
      { ...options(), permissions: 'ADMIN' },
    );
    expect(await screen.findByText('Escolha o restaurante.')).toBeInTheDocument();
    expect(reads(http)).toHaveLength(0);
    await user.click(await screen.findByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Cantina Bella' }));
    await screen.findByText('Bar do Zé');
    expect(reads(http)[0]).toMatchObject({ store_id: 2 });
  });
});

/** What a place's row opens with `rowDialog`: a dialog about the record, closed by its button. */
const withDialog = defineScreens({
  list: {
    ...overrides.list,
    rowDialog: (record, close) => (
      <Dialog open onClose={close} aria-labelledby="place-dialog">
        <DialogTitle id="place-dialog">{`Sobre ${String(record.name)}`}</DialogTitle>
        <DialogActions>
          <Button onClick={close}>Fechar</Button>
        </DialogActions>
      </Dialog>
    ),
    compact: { primary: (record) => `${String(record.name)} · ${String(record.address?.city)}` },
  },
});

describe('generated list: a row that opens a dialog (rowDialog)', () => {
  const renderPlaces = (screens: ScreenOverrides = withDialog) =>
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={screens} />, '*': <p>outra</p> },
      answering(),
      options(),
    );

  it("opens the record's dialog on a row click instead of a screen, and closes it", async () => {
    const { user, location } = renderPlaces();
    await user.click(await screen.findByText('Café Aurora (Recife)'));
    const dialog = await screen.findByRole('dialog', { name: 'Sobre Café Aurora' });
    expect(location()?.pathname).toBe('/places');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Another row opens its own record.
    await user.click(screen.getByText('Bar do Zé (São Paulo)'));
    expect(await screen.findByRole('dialog', { name: 'Sobre Bar do Zé' })).toBeInTheDocument();
  });

  it('reaches the rows with Tab and opens one with Enter or Space', async () => {
    const { user } = renderPlaces();
    const row = (await screen.findByText('Bar do Zé (São Paulo)')).closest('tr')!;
    // Past the filters, the toolbar and the column headers, Tab reaches the first row.
    for (let step = 0; step < 20 && document.activeElement !== row; step++) await user.tab();
    expect(row).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sobre Bar do Zé' });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const other = screen.getByText('Café Aurora (Recife)').closest('tr')!;
    other.focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog', { name: 'Sobre Café Aurora' })).toBeInTheDocument();
  });

  it('leaves the keys of a control inside a row to the control', async () => {
    const { user } = renderPlaces({
      list: {
        ...withDialog.list,
        // A switch that acts by itself, as the kitchens' is: its clicks never reach the row.
        cells: {
          open: <input type="checkbox" aria-label="Aberto" onClick={(event) => event.stopPropagation()} />,
        },
      },
    });
    const toggle = (await screen.findAllByRole('checkbox', { name: 'Aberto' }))[0]!;
    toggle.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the dialog from a compact line on a tablet', async () => {
    const restore = belowLg();
    try {
      const { user, location } = renderPlaces();
      const line = await screen.findByText('Café Aurora · Recife');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await user.click(line);
      expect(await screen.findByRole('dialog', { name: 'Sobre Café Aurora' })).toBeInTheDocument();
      expect(location()?.pathname).toBe('/places');
    } finally {
      restore();
    }
  });

  it('makes the rows of a list that opens a screen keyboard reachable too', async () => {
    const { user, location } = renderPlaces(overrides);
    const row = (await screen.findByText('Café Aurora (Recife)')).closest('tr')!;
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()?.pathname).toBe('/places/2/map'));
  });

  it('leaves the rows of a list that opens nothing out of the Tab order', async () => {
    renderPlaces({ list: { ...overrides.list, rowClick: false } });
    const row = (await screen.findByText('Café Aurora (Recife)')).closest('tr')!;
    expect(row).not.toHaveAttribute('tabindex');
  });
});

describe('generated forms', () => {
  it('lays the create form out in sections, with an input override and the default values', async () => {
    renderScreen(
      '/places/create',
      { '/places/create': <GeneratedCreate definition={places} overrides={overrides} /> },
      answering(),
      options(),
    );
    expect(await screen.findByRole('heading', { name: 'O lugar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Endereço' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Participação (%)' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Aberto' })).toBeChecked();
    // Required by the schema: the asterisk, also on a nested field.
    expect(
      (screen.getByRole('textbox', { name: /^Cidade/ }) as HTMLInputElement).labels?.[0]?.textContent,
    ).toBe('Cidade\u2009*');
    expect(screen.getByRole('link', { name: 'Lugares' })).toHaveAttribute('href', '/places');
  });

  it("places each of the schema's messages under its input, nested ones included, and sends nothing", async () => {
    const http = answering();
    const { user } = renderScreen(
      '/places/create',
      { '/places/create': <GeneratedCreate definition={places} overrides={overrides} /> },
      http,
      options(),
    );
    await screen.findByRole('heading', { name: 'O lugar' });
    await user.type(screen.getByRole('textbox', { name: /^UF/ }), 'Pernambuco');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(messageOf(screen.getByRole('textbox', { name: /^Nome/ }))).toBe('Informe o nome do lugar'),
    );
    expect(messageOf(screen.getByRole('textbox', { name: /^Cidade/ }))).toBe('Informe a cidade');
    expect(messageOf(screen.getByRole('textbox', { name: /^UF/ }))).toBe('Informe uma UF válida');
    expect(http).not.toHaveBeenCalled();
  });

  it('sends the transformed values, shows the notice and opens the list', async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/create',
      {
        '/places/create': <GeneratedCreate definition={places} overrides={overrides} />,
        '/places': <p>lista</p>,
      },
      http,
      options(),
    );
    await screen.findByRole('heading', { name: 'O lugar' });
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Padaria Real');
    await user.type(screen.getByRole('textbox', { name: 'Participação (%)' }), '20');
    await user.type(screen.getByRole('textbox', { name: /^Cidade/ }), 'Olinda');
    await user.type(screen.getByRole('textbox', { name: /^UF/ }), 'pe');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/places', {
        method: 'POST',
        body: { name: 'Padaria Real', share: '20', open: true, address: { city: 'Olinda', uf: 'PE' } },
      }),
    );
    expect(await screen.findByText('Lugar criado!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/places'));
  });

  it("confirms a removal in the override's words, then shows the notice and the list", async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/1',
      { '/places/:id': <GeneratedEdit definition={places} overrides={overrides} />, '/places': <p>lista</p> },
      http,
      options(),
    );
    expect(await screen.findByRole('textbox', { name: /^Cidade/ })).toHaveValue('São Paulo');
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Fechar Bar do Zé de vez?')).toBeInTheDocument();
    expect(within(dialog).getByText('Ninguém o verá mais.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(http).toHaveBeenCalledWith('/api/places/id/1', { method: 'DELETE' }));
    expect(await screen.findByText('Lugar removido!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/places'));
  });

  it('replaces the toolbar with the override', async () => {
    const withToolbar: ScreenOverrides = {
      form: {
        ...overrides.form,
        toolbar: (
          <Toolbar>
            <SaveButton label="Guardar lugar" alwaysEnable />
          </Toolbar>
        ),
      },
    };
    renderScreen(
      '/places/1',
      { '/places/:id': <GeneratedEdit definition={places} overrides={withToolbar} /> },
      answering(),
      options(),
    );
    expect(await screen.findByRole('button', { name: 'Guardar lugar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
  });
});

describe("generated list: a row's own buttons (rowActions) and its panel (expand)", () => {
  const called: string[] = [];
  /** A button about the row's record, which does something of its own. */
  function CallButton() {
    const record = useRecordContext();
    return (
      <Button
        onClick={() => called.push(String(record?.name))}
      >{`Ligar para ${String(record?.name)}`}</Button>
    );
  }
  function Address() {
    const record = useRecordContext();
    return <p>{`Endereço: ${String(record?.address?.city)}/${String(record?.address?.uf)}`}</p>;
  }
  const withActions = defineScreens({
    list: {
      rowClick: (id) => `/places/${id}/map`,
      rowActions: <CallButton />,
      compact: { primary: (record) => `${String(record.name)} · ${String(record.address?.city)}` },
    },
  });
  const renderPlaces = (screens: ScreenOverrides) =>
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={screens} />, '*': <p>outra</p> },
      answering(),
      options(),
    );
  afterEach(() => {
    called.length = 0;
  });

  it("puts the buttons last in each row, in its record's context, and their clicks never open the row", async () => {
    const { user, location } = renderPlaces(withActions);
    const button = await screen.findByRole('button', { name: 'Ligar para Café Aurora' });
    expect(screen.getAllByRole('columnheader').at(-1)).toHaveTextContent('Ações');
    const row = button.closest('tr')!;
    expect(within(row).getByText('Café Aurora')).toBeInTheDocument();
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(called).toEqual(['Café Aurora', 'Café Aurora']);
    expect(location()?.pathname).toBe('/places');
    // The row itself still opens.
    await user.click(within(row).getByText('Café Aurora'));
    await waitFor(() => expect(location()?.pathname).toBe('/places/2/map'));
  });

  it("puts them at the end of a tablet's compact line, which still opens on its own click", async () => {
    const restore = belowLg();
    try {
      const { user, location } = renderPlaces(withActions);
      const line = await screen.findByText('Bar do Zé · São Paulo');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Ligar para Bar do Zé' }));
      expect(called).toEqual(['Bar do Zé']);
      expect(location()?.pathname).toBe('/places');
      await user.click(line);
      await waitFor(() => expect(location()?.pathname).toBe('/places/1/map'));
    } finally {
      restore();
    }
  });

  it('shows and hides the panel under a row on a click or from the keyboard', async () => {
    const { user, location } = renderPlaces({ list: { expand: <Address /> } });
    const row = (await screen.findByText('Café Aurora')).closest('tr')!;
    expect(screen.queryByText('Endereço: Recife/PE')).not.toBeInTheDocument();
    await user.click(within(row).getByText('Café Aurora'));
    expect(await screen.findByText('Endereço: Recife/PE')).toBeInTheDocument();
    expect(screen.queryByText('Endereço: São Paulo/SP')).not.toBeInTheDocument();
    expect(location()?.pathname).toBe('/places');
    await user.click(within(row).getByText('Café Aurora'));
    await waitFor(() => expect(screen.queryByText('Endereço: Recife/PE')).not.toBeInTheDocument());
    const other = screen.getByText('Bar do Zé').closest('tr')!;
    other.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Endereço: São Paulo/SP')).toBeInTheDocument();
  });

  it('leaves the row click to `rowClick` when given, the arrow still opening the panel', async () => {
    const { user, location } = renderPlaces({
      list: { expand: <Address />, rowClick: (id) => `/places/${id}/map` },
    });
    const row = (await screen.findByText('Café Aurora')).closest('tr')!;
    await user.click(row.querySelector('.RaDataTable-expandIcon')!);
    expect(await screen.findByText('Endereço: Recife/PE')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/places');
    await user.click(within(row).getByText('Café Aurora'));
    await waitFor(() => expect(location()?.pathname).toBe('/places/2/map'));
  });
});

describe('generated forms: a column of inputs in a row (sections)', () => {
  it('stacks the column’s inputs in one place of the row, beside the row’s other input', async () => {
    const columns = defineScreens({ form: { sections: [{ fields: [[['name', 'share'], 'kind']] }] } });
    renderScreen(
      '/places/create',
      { '/places/create': <GeneratedCreate definition={places} overrides={columns} /> },
      answering(),
      options(),
    );
    const name = await screen.findByRole('textbox', { name: /^Nome/ });
    const share = screen.getByRole('textbox', { name: /^Participação/ });
    const kind = screen.getByRole('combobox', { name: /^Tipo/ });
    // The smallest element that holds both inputs of the column: the column, and only it.
    let column = name.parentElement!;
    while (!column.contains(share)) column = column.parentElement!;
    expect(column).not.toContainElement(kind);
    const row = column.parentElement!;
    expect(row).toContainElement(kind);
    expect(row.children).toHaveLength(2);
  });
});

describe('generated forms: what the create and the edit form set apart (form.create, form.edit)', () => {
  const saved: unknown[] = [];
  /** Common to both forms: the share's input. The create form asks for an invitation code the API never sees as such. */
  const byMode = defineScreens({
    form: {
      inputs: { share: <TextInput source="share" label="Participação (%)" /> },
      create: {
        sections: [{ title: 'Novo lugar', fields: [['name', 'share'], 'invite'] }],
        inputs: { invite: <TextInput source="invite" label="Código do convite" /> },
        schema: places.input
          .pick({ name: true, share: true })
          .extend({ invite: requiredText(20, 'Informe o convite') }),
        sent: ({ invite, ...values }) => ({ ...values, name: `${String(values.name)} (${String(invite)})` }),
        toolbar: (
          <Toolbar>
            <SaveButton label="Cadastrar" alwaysEnable />
          </Toolbar>
        ),
      },
      edit: {
        sections: [{ title: 'O lugar', fields: ['name', 'share', 'kind'] }],
        readOnly: ['name'],
        saved: (record) => saved.push(record.name),
      },
    },
  });

  it('lays the create form out with its own sections, inputs, schema, toolbar and what it sends', async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/create',
      {
        '/places/create': <GeneratedCreate definition={places} overrides={byMode} />,
        '/places': <p>lista</p>,
      },
      http,
      options(),
    );
    expect(await screen.findByRole('heading', { name: 'Novo lugar' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Participação (%)' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tipo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() =>
      expect(messageOf(screen.getByRole('textbox', { name: /^Código do convite/ }))).toBe(
        'Informe o convite',
      ),
    );
    expect(messageOf(screen.getByRole('textbox', { name: /^Nome/ }))).toBe('Informe o nome do lugar');
    expect(http).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Padaria Real');
    await user.type(screen.getByRole('textbox', { name: 'Participação (%)' }), '20');
    await user.type(screen.getByRole('textbox', { name: /^Código do convite/ }), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/places', {
        method: 'POST',
        body: { name: 'Padaria Real (ABC)', share: '20' },
      }),
    );
    await waitFor(() => expect(location()?.pathname).toBe('/places'));
  });

  it('lays the edit form out with its own sections, a field it only shows, and what follows a save', async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/1',
      { '/places/:id': <GeneratedEdit definition={places} overrides={byMode} />, '/places': <p>lista</p> },
      http,
      options(),
    );
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    await waitFor(() => expect(name).toHaveValue('Bar do Zé'));
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('heading', { name: 'O lugar' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Código do convite/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover' })).toBeInTheDocument();
    const share = screen.getByRole('textbox', { name: 'Participação (%)' });
    await user.clear(share);
    await user.type(share, '30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/places/id/1', { method: 'PATCH', body: { share: '30' } }),
    );
    expect(await screen.findByText('Lugar atualizado!')).toBeInTheDocument();
    expect(saved).toEqual(['Bar do Zé']);
    await waitFor(() => expect(location()?.pathname).toBe('/places'));
  });
});

describe('generated forms: a header, where a save goes, and inputs left unmarked (header, after, marked)', () => {
  function Since() {
    const record = useRecordContext();
    return <p>{`Desde ${String(record?.created_at ?? '').slice(0, 4)}`}</p>;
  }
  const plain = defineScreens({
    form: {
      marked: false,
      edit: { header: <Since />, after: { path: '/places/map' } },
    },
  });

  it("shows the header in the record's context and goes to the form's own path once saved", async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/1',
      {
        '/places/:id': <GeneratedEdit definition={places} overrides={plain} />,
        '/places/map': <p>mapa</p>,
        '/places': <p>lista</p>,
      },
      http,
      options(),
    );
    expect(await screen.findByText('Desde 2026')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Bar do Zé'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lugar atualizado!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/places/map'));
  });

  it("marks no input required, and still shows the schema's messages on save", async () => {
    const http = answering();
    const { user } = renderScreen(
      '/places/create',
      {
        '/places/create': <GeneratedCreate definition={places} overrides={plain} />,
        '/places': <p>lista</p>,
      },
      http,
      options(),
    );
    // Bare labels: no asterisk after them (the accessible name leaves the asterisk out; the label's text has it).
    const labelOf = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`)?.textContent;
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    expect(labelOf(name)).toBe('Nome');
    expect(labelOf(screen.getByRole('textbox', { name: 'Cidade' }))).toBe('Cidade');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(messageOf(name)).toBe('Informe o nome do lugar'));
    expect(http).not.toHaveBeenCalled();
  });
});

describe('generated list: a filter bar and pages of its own (filterBar, pagination)', () => {
  /** Filters set by a button, not while typing. */
  function BarFilter() {
    const { setFilters } = useListContext();
    return <Button onClick={() => setFilters({ kind: 'BAR' }, {}, false)}>Só bares</Button>;
  }
  /** Pages without a total: the page number, and the next while a page is full. */
  function NextPage() {
    const { page, perPage, data, setPage } = useListContext();
    return (
      <Button disabled={(data?.length ?? 0) < perPage} onClick={() => setPage(page + 1)}>
        {`Página ${page}: próxima`}
      </Button>
    );
  }

  it('puts the filter bar in place of the generated filters, and the pages of its own under the table', async () => {
    const http = answering();
    const { user } = renderScreen(
      '/places',
      {
        '/places': (
          <GeneratedList
            definition={places}
            overrides={{ list: { filterBar: <BarFilter />, pagination: <NextPage />, storeKey: false } }}
          />
        ),
      },
      http,
      options(),
    );
    await screen.findByText('Bar do Zé');
    expect(screen.queryByPlaceholderText('Buscar')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tipo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 1: próxima' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Só bares' }));
    await waitFor(() =>
      expect(http).toHaveBeenLastCalledWith('/api/places', {
        query: {
          page: 1,
          page_size: 5,
          sort_field: 'name',
          sort_order: 'ASC',
          search: undefined,
          kind: 'BAR',
        },
      }),
    );
  });
});

describe("generated list: the filters' values when it opens (filterDefaults)", () => {
  it('asks for the default choice first, shows it in its filter, and lets it be changed', async () => {
    const http = answering();
    const { user } = renderScreen(
      '/places',
      {
        '/places': (
          <GeneratedList
            definition={places}
            overrides={{ list: { filterDefaults: { kind: 'CAFE' }, storeKey: false } }}
          />
        ),
      },
      http,
      options(),
    );
    await screen.findByText('Bar do Zé');
    const query = { page: 1, page_size: 5, sort_field: 'name', sort_order: 'ASC', search: undefined };
    expect(http.mock.calls.filter(([path]) => path === '/api/places')[0]).toEqual([
      '/api/places',
      { query: { ...query, kind: 'CAFE' } },
    ]);
    const kind = screen.getByRole('combobox', { name: 'Tipo' });
    expect(kind).toHaveTextContent('Café');
    await user.click(kind);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bar' }));
    await waitFor(() =>
      expect(http).toHaveBeenLastCalledWith('/api/places', { query: { ...query, kind: 'BAR' } }),
    );
  });
});

describe('resource props', () => {
  it('takes hand-written create and edit screens instead of the generated ones', () => {
    const Create = () => <p>criar</p>;
    const Edit = () => <p>ver</p>;
    const props = resourceProps(places, { create: Create, edit: Edit });
    expect(props.create).toBe(Create);
    expect(props.edit).toBe(Edit);
    expect(props.list).toBeDefined();
    expect(resourceProps(places).create).not.toBe(Create);
  });

  it('takes a hand-written list, shows the generated screens at paths of their own, and other routes', () => {
    const Dashboard = () => <p>painel</p>;
    const props = resourceProps(places, {
      list: Dashboard,
      paths: { list: 'list', edit: 'list/details/:id' },
      routes: [<p key="approvals">aprovações</p>],
    });
    expect(props.list).toBe(Dashboard);
    const children = props.children as ReactElement<{ path?: string }>[];
    expect(children.map((child) => child.props.path ?? child.key)).toEqual([
      'list',
      'list/details/:id',
      'approvals',
    ]);
    expect(resourceProps(places).children).toBeUndefined();
    // A hand-written list alone: no generated list at all.
    expect(resourceProps(places, { list: Dashboard }).children).toBeUndefined();
  });
});

describe('generated list: cards below a breakpoint (cards)', () => {
  function CallButton() {
    const record = useRecordContext();
    return <Button>{`Ligar para ${String(record?.name)}`}</Button>;
  }
  const withCards = defineScreens({
    list: {
      rowClick: (id) => `/places/${id}/map`,
      rowActions: <CallButton />,
      cards: { render: (record) => <p>{`Cartão de ${String(record.name)}`}</p> },
      compact: { primary: (record) => `Linha de ${String(record.name)}` },
    },
  });

  it('shows a card per record instead of the table and the lines, opened by a click or the keyboard, its buttons apart', async () => {
    const restore = belowLg();
    try {
      const { user, location } = renderScreen(
        '/places',
        { '/places': <GeneratedList definition={places} overrides={withCards} />, '*': <p>outra</p> },
        answering(),
        options(),
      );
      expect(await screen.findByText('Cartão de Café Aurora')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByText('Linha de Café Aurora')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Ligar para Café Aurora' }));
      expect(location()?.pathname).toBe('/places');
      screen.getByRole('button', { name: 'Cartão de Bar do Zé' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(location()?.pathname).toBe('/places/1/map'));
    } finally {
      restore();
    }
  });

  it('keeps the table on a desk', async () => {
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={withCards} /> },
      answering(),
      options(),
    );
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('Cartão de Café Aurora')).not.toBeInTheDocument();
  });
});

describe("generated list: the screen's own restaurant picker (list.store.picker)", () => {
  afterEach(() => localStorage.clear());
  const withStores = () =>
    vi.fn<HttpClient>(async (path) => {
      if (path === '/api/stores')
        return {
          data: {
            results: [
              { id: 2, name: 'Cantina Bella' },
              { id: 7, name: 'Sabor do Sertão' },
            ],
            total: 2,
          },
        };
      return { data: { results: PLACES, total: PLACES.length } };
    });
  const reads = (http: ReturnType<typeof withStores>) =>
    http.mock.calls.filter(([path]) => path === '/api/places').map(([, request]) => request?.query);
  /** A bar that applies a restaurant and a type together, and says whether it has the list's context. */
  function Bar({ chosen }: { chosen: ChosenStore }) {
    const list = useContext(ListContext);
    const [store, setStore] = useState(chosen.storeId);
    return (
      <form
        aria-label="Filtros"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.admin) chosen.choose(store);
          list?.setFilters({ kind: 'BAR' }, {}, false);
        }}
      >
        {chosen.admin ? <StorePicker value={store} onChange={setStore} /> : null}
        <p>{list ? 'Com a lista' : 'Sem a lista'}</p>
        <button type="submit">Aplicar</button>
      </form>
    );
  }
  const withPicker = defineScreens({
    list: {
      store: {
        notice: 'Escolha o restaurante e toque em Aplicar.',
        picker: (chosen) => <Bar chosen={chosen} />,
      },
    },
  });

  it("puts the screen's picker in the engine's, outside the list until a restaurant is applied, then inside it", async () => {
    const http = withStores();
    const { user } = renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={withPicker} /> },
      http,
      { ...options(), permissions: 'ADMIN' },
    );
    expect(await screen.findByText('Escolha o restaurante e toque em Aplicar.')).toBeInTheDocument();
    expect(screen.getByText('Sem a lista')).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    expect(reads(http)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await screen.findByText('Bar do Zé');
    expect(reads(http)[0]).toMatchObject({ store_id: 7 });
    expect(screen.getByText('Com a lista')).toBeInTheDocument();
    // One picker: the engine's own is not shown beside the screen's.
    expect(screen.getAllByRole('combobox', { name: 'Restaurante' })).toHaveLength(1);
    expect(screen.queryByText('Escolha o restaurante e toque em Aplicar.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(reads(http).at(-1)).toMatchObject({ store_id: 7, kind: 'BAR' }));
  });

  it('shows the picker to staff too, in the list, with no restaurant to choose', async () => {
    const http = withStores();
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={withPicker} /> },
      http,
      options(),
    );
    await screen.findByText('Bar do Zé');
    expect(screen.getByText('Com a lista')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Restaurante' })).not.toBeInTheDocument();
  });
});

describe("generated list: row buttons for who may edit (rowActionsFor), cards' names and links (cards.label, cards.opens)", () => {
  function CallButton() {
    const record = useRecordContext();
    return <Button>{`Ligar para ${String(record?.name)}`}</Button>;
  }
  /** A card whose own link opens the place. */
  function PlaceCard({ record }: { record: RaRecord }) {
    return <Link to={`/places/${record.id}/map`}>{`Mapa de ${String(record.name)}`}</Link>;
  }
  const editorsOnly = defineScreens({
    list: {
      rowClick: (id) => `/places/${id}/map`,
      rowActions: <CallButton />,
      rowActionsFor: 'edit',
      cards: { render: (record) => <PlaceCard record={record} />, label: 'Cartões', opens: false },
    },
  });
  const renderPlaces = (canEdit: boolean) =>
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={editorsOnly} />, '*': <p>outra</p> },
      answering(),
      { ...options(), canAccess: ({ action }) => action !== 'edit' || canEdit },
    );

  it('gives the row buttons and their column to who may edit only', async () => {
    renderPlaces(true);
    await screen.findByRole('button', { name: 'Ligar para Bar do Zé' });
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeInTheDocument();
  });

  it('leaves them out, column and all, for who may not', async () => {
    renderPlaces(false);
    await screen.findByText('Bar do Zé');
    expect(screen.queryByRole('button', { name: 'Ligar para Bar do Zé' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
  });

  it("names the cards' grid and leaves the opening to the card's own link", async () => {
    const restore = belowLg();
    try {
      const { user, location } = renderPlaces(true);
      const grid = await screen.findByRole('list', { name: 'Cartões' });
      const card = within(grid).getByText('Mapa de Bar do Zé').closest('li')!;
      // No button wraps the card: its link is the only way in.
      expect(within(card).queryByRole('button', { name: /Mapa de/ })).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Ligar para Bar do Zé' })).toBeInTheDocument();
      await user.click(within(card).getByRole('link', { name: 'Mapa de Bar do Zé' }));
      await waitFor(() => expect(location()?.pathname).toBe('/places/1/map'));
    } finally {
      restore();
    }
  });

  it("names the cards' grid after the list's title by default", async () => {
    const restore = belowLg();
    try {
      renderScreen(
        '/places',
        {
          '/places': (
            <GeneratedList
              definition={places}
              overrides={{ list: { cards: { render: (record) => <p>{String(record.name)}</p> } } }}
            />
          ),
        },
        answering(),
        options(),
      );
      expect(await screen.findByRole('list', { name: 'Lugares' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('resource props: pages beside the list (routes)', () => {
  it("hangs the module's routes under the resource's path", () => {
    const routes = [<Route key="map" path="map" element={<p>mapa</p>} />];
    expect(resourceProps(places, { routes }).children).toEqual(routes);
  });
});

describe('generated list: rows put in order by hand (sortable)', () => {
  const PLACES_IN_ORDER = [
    { ...PLACES[0]!, id: 1, name: 'Bar do Zé' },
    { ...PLACES[1]!, id: 2, name: 'Café Aurora', open: true },
    { ...PLACES[0]!, id: 3, name: 'Empório Sol', open: false },
  ];
  const sortable = defineScreens({
    list: {
      rowClick: (id) => `/places/${id}/map`,
      sortable: {
        name: (record) => String(record.name),
        saved: 'Ordem dos lugares salva!',
        // Open places before the closed ones.
        refuse: (records) =>
          records.some((record, i) => i > 0 && record.open && !records[i - 1]!.open)
            ? 'Os lugares abertos vêm antes.'
            : undefined,
        partial: 'Lugares demais para ordenar aqui.',
      },
    },
  });
  /** The list (of `total` places in all) and its reorder, which `refusal` may refuse. */
  function ordering(records = PLACES_IN_ORDER, { total = records.length, refusal = '' } = {}) {
    let order = records;
    return vi.fn<HttpClient>(async (path, request) => {
      if (path === '/api/places/reorder') {
        if (refusal) throw new Error(refusal);
        const { ids } = request!.body as { ids: number[] };
        order = ids.map((id) => order.find((place) => place.id === id)!);
        return { data: { updated: ids.length } };
      }
      return { data: { results: order, total } };
    });
  }
  const renderPlaces = (http: HttpClient, path = '/places') =>
    renderScreen(
      path,
      { '/places': <GeneratedList definition={places} overrides={sortable} />, '*': <p>outra</p> },
      http,
      options(),
    );
  const names = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
  const saveOrder = () => screen.queryByRole('button', { name: 'SALVAR ORDEM' });
  const reorders = (http: ReturnType<typeof ordering>) =>
    http.mock.calls.filter(([path]) => path === '/api/places/reorder');

  beforeEach(layOutRows);
  afterEach(() => vi.restoreAllMocks());

  it('asks for the whole list in one page, each row with its named grip first, and no pages', async () => {
    const http = ordering();
    renderPlaces(http);
    await waitFor(() => expect(names()).toEqual(['Bar do Zé', 'Café Aurora', 'Empório Sol']));
    expect(http).toHaveBeenCalledWith('/api/places', {
      query: { page: 1, page_size: 1000, sort_field: 'name', sort_order: 'ASC', search: undefined },
    });
    const grip = screen.getByRole('button', { name: 'Arrastar Café Aurora' });
    expect(grip.closest('td')).toBe(within(grip.closest('tr')!).getAllByRole('cell')[0]);
    expect(grip).toBeEnabled();
    expect(screen.queryByText(/1-3 de 3/)).not.toBeInTheDocument();
    expect(saveOrder()).not.toBeInTheDocument();
  });

  it('moves a row from the keyboard, sends nothing until SALVAR ORDEM, then sends the order and says so', async () => {
    const http = ordering();
    const { user } = renderPlaces(http);
    await waitFor(() => expect(names()).toHaveLength(3));
    await moveWithKeyboard(user, 'Arrastar Café Aurora', ['[ArrowUp]']);
    await waitFor(() => expect(names()).toEqual(['Café Aurora', 'Bar do Zé', 'Empório Sol']));
    expect(reorders(http)).toEqual([]);
    // While an order waits, the toolbar holds only Descartar and SALVAR ORDEM.
    expect(screen.queryByRole('button', { name: 'Exportar' })).not.toBeInTheDocument();
    await user.click(saveOrder()!);
    await waitFor(() =>
      expect(reorders(http)).toEqual([
        ['/api/places/reorder', { method: 'PATCH', body: { ids: [2, 1, 3] } }],
      ]),
    );
    expect(await screen.findByText('Ordem dos lugares salva!')).toBeInTheDocument();
    await waitFor(() => expect(saveOrder()).not.toBeInTheDocument());
    expect(names()).toEqual(['Café Aurora', 'Bar do Zé', 'Empório Sol']);
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
  });

  it('puts the order back with Descartar, sending nothing', async () => {
    const http = ordering();
    const { user } = renderPlaces(http);
    await waitFor(() => expect(names()).toHaveLength(3));
    await moveWithKeyboard(user, 'Arrastar Bar do Zé', ['[ArrowDown]']);
    await waitFor(() => expect(saveOrder()).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(names()).toEqual(['Bar do Zé', 'Café Aurora', 'Empório Sol']);
    expect(saveOrder()).not.toBeInTheDocument();
    expect(reorders(http)).toEqual([]);
  });

  it('takes back a move the list refuses, in its words', async () => {
    const { user } = renderPlaces(ordering());
    await waitFor(() => expect(names()).toHaveLength(3));
    await moveWithKeyboard(user, 'Arrastar Empório Sol', ['[ArrowUp]']);
    expect(await screen.findByText('Os lugares abertos vêm antes.')).toBeInTheDocument();
    expect(names()).toEqual(['Bar do Zé', 'Café Aurora', 'Empório Sol']);
    expect(saveOrder()).not.toBeInTheDocument();
  });

  it("shows the API's refusal and keeps the order to save", async () => {
    const { user } = renderPlaces(ordering(PLACES_IN_ORDER, { refusal: 'Algum lugar não existe mais.' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    await moveWithKeyboard(user, 'Arrastar Bar do Zé', ['[ArrowDown]']);
    await waitFor(() => expect(saveOrder()).toBeInTheDocument());
    await user.click(saveOrder()!);
    expect(await screen.findByText('Algum lugar não existe mais.')).toBeInTheDocument();
    expect(screen.queryByText('Ordem dos lugares salva!')).not.toBeInTheDocument();
    expect(saveOrder()).toBeEnabled();
    expect(names()).toEqual(['Café Aurora', 'Bar do Zé', 'Empório Sol']);
  });

  it('moves nothing when the page is not the whole list, and says so', async () => {
    renderPlaces(ordering(PLACES_IN_ORDER, { total: 1200 }));
    expect(await screen.findByText('Lugares demais para ordenar aqui.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arrastar Café Aurora' })).toBeDisabled();
  });

  it('says why a searched list is not reordered, keeps the search while an order waits, and may have no create button', async () => {
    const searching = defineScreens({
      list: {
        ...sortable.list,
        create: false,
        searchLabel: 'Buscar lugar pelo nome',
        sortable: { ...sortable.list!.sortable!, filtered: 'Limpe a busca para ordenar os lugares.' },
      },
    });
    const { user } = renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={searching} />, '*': <p>outra</p> },
      ordering(),
      options(),
    );
    await waitFor(() => expect(names()).toHaveLength(3));
    const search = () => screen.getByRole('textbox', { name: 'Buscar lugar pelo nome' });
    expect(search()).toHaveAttribute('placeholder', 'Buscar');
    expect(screen.queryByRole('link', { name: 'NOVO LUGAR' })).not.toBeInTheDocument();
    expect(screen.queryByText('Limpe a busca para ordenar os lugares.')).not.toBeInTheDocument();

    await moveWithKeyboard(user, 'Arrastar Bar do Zé', ['[ArrowDown]']);
    await waitFor(() => expect(saveOrder()).toBeInTheDocument());
    expect(search()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(search()).toBeEnabled();

    await user.type(search(), 'bar');
    expect(await screen.findByText('Limpe a busca para ordenar os lugares.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arrastar Café Aurora' })).toBeDisabled();
  });

  it('moves nothing in a filtered list or another order than its own', async () => {
    renderPlaces(ordering(), '/places?filter=%7B%22q%22%3A%22bar%22%7D');
    expect(await screen.findByRole('button', { name: 'Arrastar Café Aurora' })).toBeDisabled();
    cleanup();
    renderPlaces(ordering(), '/places?order=DESC&sort=created_at');
    expect(await screen.findByRole('button', { name: 'Arrastar Café Aurora' })).toBeDisabled();
  });
});

describe("generated forms: a list of the form's own (form.list, form.actions, form.below)", () => {
  const elsewhere = defineScreens({
    form: {
      list: '/mapa',
      edit: { below: <p>Fotos do lugar</p> },
      create: { actions: false },
    },
  });
  const routes = (screenElement: ReactElement) => ({
    '/places/create': screenElement,
    '/places/:id': screenElement,
    '/mapa': <p>o mapa</p>,
    '/places': <p>lista</p>,
  });

  it('goes back to, and returns after a save to, the list of its own; shows what goes under the form', async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/1',
      routes(<GeneratedEdit definition={places} overrides={elsewhere} />),
      http,
      options(),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    expect(screen.getByText('Fotos do lugar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lugares' })).toHaveAttribute('href', '/mapa');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lugar atualizado!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/mapa'));
  });

  it("returns to its list with the server's words when the record cannot be read", async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('Lugar não encontrado.', 404);
    });
    const { location } = renderScreen(
      '/places/7',
      routes(<GeneratedEdit definition={places} overrides={elsewhere} />),
      http,
      options(),
    );
    expect(await screen.findByText('Lugar não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/mapa'));
  });

  it('drops the way back with `actions: false`, and a new record returns to the list of its own', async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/create',
      routes(<GeneratedCreate definition={places} overrides={elsewhere} />),
      http,
      options(),
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Padaria Real');
    expect(screen.queryByRole('link', { name: 'Lugares' })).not.toBeInTheDocument();
    await finishPlace(user);
    expect(await screen.findByText('Lugar criado!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/mapa'));
  });
});

describe('generated list: columns only a desk shows (wide)', () => {
  const wide = defineScreens({ list: { wide: ['price', 'created_at'] } });
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

  it('drops those columns on a tablet beside the menu, and keeps them on a desk', async () => {
    const restore = belowLg();
    try {
      renderScreen(
        '/places',
        { '/places': <GeneratedList definition={places} overrides={wide} /> },
        answering(),
        options(),
      );
      await screen.findByText('Bar do Zé');
      expect(headers()).toEqual(['Nome', 'Participação', 'Tipo', 'Aberto']);
    } finally {
      restore();
    }
    cleanup();
    renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={wide} /> },
      answering(),
      options(),
    );
    await screen.findByText('Bar do Zé');
    expect(headers()).toEqual(['Nome', 'Preço médio', 'Participação', 'Tipo', 'Aberto', 'Criado em']);
  });
});

describe("generated list: a named toggle for the row's panel, no Exportar, a load failure of its own", () => {
  function Address() {
    const record = useRecordContext();
    return <p>{`Endereço: ${String(record?.address?.city)}`}</p>;
  }
  function Failed() {
    const { refetch } = useListContext();
    return <Button onClick={() => void refetch()}>Ler de novo</Button>;
  }
  const own = defineScreens({
    list: {
      expand: <Address />,
      expandToggle: (record, open) => `${open ? 'Fechar' : 'Abrir'} ${String(record.name)}`,
      exportButton: false,
      error: <Failed />,
    },
  });

  it('opens and closes the panel with the named button, which says whether it is open', async () => {
    const { user } = renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={own} /> },
      answering(),
      options(),
    );
    const open = await screen.findByRole('button', { name: 'Abrir Café Aurora' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Exportar' })).not.toBeInTheDocument();
    await user.click(open);
    expect(await screen.findByText('Endereço: Recife')).toBeInTheDocument();
    expect(screen.queryByText('Endereço: São Paulo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar Café Aurora' }));
    await waitFor(() => expect(screen.queryByText('Endereço: Recife')).not.toBeInTheDocument());
  });

  it('shows its own element when the list cannot be read, and reads it again from there', async () => {
    let fail = true;
    const http = vi.fn<HttpClient>(async () => {
      if (fail) throw new HttpError('Erro interno.', 500);
      return { data: { results: PLACES, total: PLACES.length } };
    });
    const { user } = renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={own} /> },
      http,
      options(),
    );
    const again = await screen.findByRole('button', { name: 'Ler de novo' });
    fail = false;
    await user.click(again);
    expect(await screen.findByText('Bar do Zé')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ler de novo' })).not.toBeInTheDocument();
  });
});

describe("generated forms: a title of their own, and the save's message in a dialog (form.title, form.savedDialog)", () => {
  function PlaceTitle() {
    const record = useRecordContext();
    return <>{`Lugar: ${String(record?.name ?? '')}`}</>;
  }
  const dialogForm = defineScreens({ form: { savedDialog: true, edit: { title: <PlaceTitle /> } } });
  afterEach(() => document.getElementById('react-admin-title')?.remove());

  it('titles the screen from the record, and says the save in a dialog whose OK goes back', async () => {
    // Where the layout's app bar shows the screen's title.
    const appBar = document.body.appendChild(document.createElement('div'));
    appBar.id = 'react-admin-title';
    const http = answering();
    const { user, location } = renderScreen(
      '/places/1',
      {
        '/places/:id': <GeneratedEdit definition={places} overrides={dialogForm} />,
        '/places': <p>lista</p>,
        '/anterior': <p>a página anterior</p>,
      },
      http,
      { ...options(), history: ['/anterior'] },
    );
    await waitFor(() => expect(appBar).toHaveTextContent('Lugar: Bar do Zé'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Lugar atualizado!')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/places/1');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()?.pathname).toBe('/anterior'));
  });
});

describe("generated list and forms: values of the moment, a list's failure words, cards that expand, a schema read as the form renders, idempotent saves (filterDefaults(), failed, cards with expand, useSchema, idempotent, defaultValues())", () => {
  function Address() {
    const record = useRecordContext();
    return <p>{`Endereço: ${String(record?.address?.city)}`}</p>;
  }

  it('asks for the filters the function gives each time the list opens', async () => {
    // The day changed between two visits of the same screen (its overrides loaded once).
    let kind = 'BAR';
    const opened = defineScreens({ list: { filterDefaults: () => ({ kind }), storeKey: false } });
    const visit = async () => {
      const http = answering();
      renderScreen(
        '/places',
        { '/places': <GeneratedList definition={places} overrides={opened} /> },
        http,
        options(),
      );
      await screen.findByText('Bar do Zé');
      cleanup();
      return http.mock.calls.find(([path]) => path === '/api/places')?.[1]?.query;
    };
    expect(await visit()).toMatchObject({ kind: 'BAR' });
    kind = 'CAFE';
    expect(await visit()).toMatchObject({ kind: 'CAFE' });
  });

  it("says the list's own words when the server gives none, and the server's 4xx words otherwise", async () => {
    const failing = (error: HttpError) =>
      vi.fn<HttpClient>(async () => {
        throw error;
      });
    const list = (
      <GeneratedList definition={places} overrides={{ list: { failed: 'Erro ao buscar lugares' } }} />
    );
    renderScreen('/places', { '/places': list }, failing(new HttpError('Erro interno.', 500)), options());
    expect(await screen.findByText('Erro ao buscar lugares')).toBeInTheDocument();
    expect(screen.queryByText('Erro interno.')).not.toBeInTheDocument();
    cleanup();
    renderScreen('/places', { '/places': list }, failing(new HttpError('Período inválido.', 400)), options());
    expect(await screen.findByText('Período inválido.')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao buscar lugares')).not.toBeInTheDocument();
  });

  it("opens a card's panel under it from the card, named and saying whether it is open", async () => {
    const restore = belowLg();
    try {
      const { user } = renderScreen(
        '/places',
        {
          '/places': (
            <GeneratedList
              definition={places}
              overrides={{
                list: {
                  expand: <Address />,
                  expandToggle: (record, open) => `${open ? 'Fechar' : 'Abrir'} ${String(record.name)}`,
                  cards: { render: (record) => <p>{`Cartão de ${String(record.name)}`}</p> },
                },
              }}
            />
          ),
        },
        answering(),
        options(),
      );
      const card = await screen.findByRole('button', { name: 'Abrir Café Aurora' });
      expect(card).toHaveAttribute('aria-expanded', 'false');
      // The button holds no words of the card (its name would differ from them): it sits in the card.
      expect(card).toHaveTextContent('');
      expect(card.closest('li')).toHaveTextContent('Cartão de Café Aurora');
      await user.click(card);
      expect(await screen.findByText('Endereço: Recife')).toBeInTheDocument();
      expect(screen.queryByText('Endereço: São Paulo')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Fechar Café Aurora' }));
      await waitFor(() => expect(screen.queryByText('Endereço: Recife')).not.toBeInTheDocument());
    } finally {
      restore();
    }
  });

  it("checks with the schema the form's hook gives, starts from the function's values, and sends a key per submission", async () => {
    // What the screen has read: the names already taken.
    const taken = ['Bar do Zé'];
    const byHook = defineScreens({
      form: {
        defaultValues: () => ({ name: taken[0] }),
        useSchema: () => {
          const [names] = useState(taken);
          return places.input.refine((values) => !names.includes(values.name), {
            message: 'Nome já usado',
            path: ['name'],
          });
        },
        idempotent: true,
      },
    });
    const http = answering();
    const { user } = renderScreen(
      '/places/create',
      {
        '/places/create': <GeneratedCreate definition={places} overrides={byHook} />,
        '/places': <p>lista</p>,
      },
      http,
      options(),
    );
    const name = await screen.findByRole('textbox', { name: /^Nome/ });
    expect(name).toHaveValue('Bar do Zé');
    await finishPlace(user, { share: '10', city: 'Recife' });
    await waitFor(() => expect(messageOf(name)).toBe('Nome já usado'));
    const posts = () => http.mock.calls.filter(([, request]) => request?.method === 'POST');
    expect(posts()).toEqual([]);
    await user.clear(name);
    await user.type(name, 'Bar Novo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![1]).toMatchObject({
      body: { name: 'Bar Novo' },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
  });
});

describe("generated forms: fields only shown, a read and a save that ask alike, and the screen's own words (form.readOnly, form.meta, form.failed)", () => {
  function Visits() {
    const record = useRecordContext();
    return <p>{`Visitas: ${String(record?.stats ?? 'nenhuma')}`}</p>;
  }
  const detail = defineScreens({
    form: {
      edit: {
        sections: [{ fields: ['name', 'kind', 'created_at', 'share'] }],
        readOnly: ['name', 'kind', 'created_at'],
        meta: { include: 'stats' },
        failed: { read: 'Não foi possível abrir o lugar.', save: 'Não foi possível salvar o lugar.' },
        after: false,
        below: <Visits />,
      },
    },
  });
  /** The place with its stats when asked for them, as the API answers a read and a save. */
  function api(fail: 'read' | 'save' | null = null) {
    return vi.fn<HttpClient>(async (_path, request) => {
      if (fail === 'read' || (fail === 'save' && request?.method === 'PATCH'))
        throw new HttpError('Erro interno.', 500);
      const stats = request?.query?.include === 'stats' ? { stats: 7 } : {};
      return { data: { ...PLACES[0], ...(request?.body as object), ...stats } };
    });
  }
  const renderDetail = (http: HttpClient) =>
    renderScreen(
      '/places/1',
      { '/places/:id': <GeneratedEdit definition={places} overrides={detail} />, '/places': <p>lista</p> },
      http,
      options(),
    );

  it('shows a field it only shows as the list reads it, and keeps what the read included after a save', async () => {
    const http = api();
    const { user, location } = renderDetail(http);

    expect(await screen.findByText('Visitas: 7')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/places/id/1', { query: { include: 'stats' } });
    // A choice by its name, a date as dd/MM/yyyy in São Paulo, neither to be changed.
    expect(screen.getByRole('textbox', { name: 'Tipo' })).toHaveValue('Bar');
    expect(screen.getByRole('textbox', { name: 'Tipo' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Criado em' })).toHaveValue('31/01/2026');
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Bar do Zé');

    const share = screen.getByRole('textbox', { name: /^Participação/ });
    await user.clear(share);
    await user.type(share, '30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/places/id/1', {
        method: 'PATCH',
        body: { share: '30' },
        query: { include: 'stats' },
      }),
    );
    expect(await screen.findByText('Lugar atualizado!')).toBeInTheDocument();
    expect(screen.getByText('Visitas: 7')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/places/1');
  });

  it("says the screen's own words when the record cannot be read", async () => {
    renderDetail(api('read'));

    expect(await screen.findByText('Não foi possível abrir o lugar.')).toBeInTheDocument();
    expect(screen.queryByText('Erro interno.')).not.toBeInTheDocument();
  });

  it("says the screen's own words when the save fails, and keeps the form", async () => {
    const { user } = renderDetail(api('save'));
    const share = await screen.findByRole('textbox', { name: /^Participação/ });
    await waitFor(() => expect(share).toHaveValue('15'));
    await user.clear(share);
    await user.type(share, '30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Não foi possível salvar o lugar.')).toBeInTheDocument();
    expect(screen.queryByText('Erro interno.')).not.toBeInTheDocument();
    expect(share).toHaveValue('30');
  });
});

describe("generated forms: a record that is only read (screens.edit: 'show')", () => {
  /** The places, read by the store's team and never changed. */
  const readOnlyPlaces: ResourceDefinition = {
    ...places,
    access: { list: 'store', one: 'store' },
    screens: { ...places.screens, edit: 'show' },
  };
  function Since() {
    const record = useRecordContext();
    return <p>{`Desde ${String(record?.created_at ?? '').slice(0, 4)}`}</p>;
  }
  const shown = defineScreens({ form: { edit: { header: <Since />, below: <p>Mais sobre o lugar</p> } } });

  it('registers the detail at the edit path, though the resource has no update', () => {
    expect(resourceProps({ ...places, access: readOnlyPlaces.access }).edit).toBeUndefined();
    expect(resourceProps(readOnlyPlaces).edit).toBeDefined();
  });

  it("shows the edit form's fields, each only shown, with its header and what goes below, and nothing to save", async () => {
    const http = answering();
    renderScreen(
      '/places/1',
      {
        '/places/:id': <GeneratedShow definition={readOnlyPlaces} overrides={shown} />,
      },
      http,
      options(),
    );

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Bar do Zé'));
    expect(screen.getByRole('textbox', { name: 'Tipo' })).toHaveValue('Bar');
    expect(screen.getByRole('textbox', { name: 'Participação' })).toHaveValue('15%');
    expect(screen.getByRole('textbox', { name: 'Aberto' })).toHaveValue('Sim');
    for (const textbox of screen.getAllByRole('textbox')) expect(textbox).toHaveAttribute('readonly');
    expect(screen.getByText('Desde 2026')).toBeInTheDocument();
    expect(screen.getByText('Mais sobre o lugar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/places/id/1');
  });
});

describe("generated forms: a store's form, a refused save, who only reads, the removal's own words (form.store, form.refused, form.readers)", () => {
  afterEach(() => localStorage.clear());
  const STORES = {
    data: {
      results: [
        { id: 2, name: 'Cantina Bella' },
        { id: 7, name: 'Sabor do Sertão' },
      ],
      total: 2,
    },
  };
  /** The places API, with the restaurants the picker offers. */
  const withStores = () => {
    const places = answering();
    return vi.fn<HttpClient>(async (path, request) =>
      path === '/api/stores' ? STORES : places(path, request),
    );
  };
  const callsTo = (http: ReturnType<typeof withStores>, path: string, method?: string) =>
    http.mock.calls.filter(([called, request]) => called === path && request?.method === method);
  /** The places of a store: the input names the store, as a store's resource does. */
  const storePlaces = { ...places, input: places.input.extend({ store_id: z.number().optional() }) };
  const storeOptions = { resources: { places: storePlaces }, permissions: 'ADMIN' };
  const storeForm = defineScreens({
    form: {
      store: { notice: 'Escolha o restaurante do lugar.' },
      list: '/mapa',
      deleteConfirm: (record) => ({
        title: `Fechar ${String(record.name)} de vez?`,
        content: 'Ninguém o verá mais.',
        confirm: 'Fechar',
      }),
    },
  });
  const routes = (element: ReactElement) => ({
    '/places/create': element,
    '/places/:id': element,
    '/mapa': <p>o mapa</p>,
  });
  const chooseStore = async (user: ReturnType<typeof renderScreen>['user']) => {
    await user.click(await screen.findByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
  };

  it('asks an administrator for the restaurant first, then creates the record in it (store_id)', async () => {
    const http = withStores();
    const { user } = renderScreen(
      '/places/create',
      routes(<GeneratedCreate definition={storePlaces} overrides={storeForm} />),
      http,
      storeOptions,
    );
    expect(await screen.findByText('Escolha o restaurante do lugar.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Nome/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lugares' })).toHaveAttribute('href', '/mapa');
    await chooseStore(user);
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Padaria Real');
    expect(screen.queryByText('Escolha o restaurante do lugar.')).not.toBeInTheDocument();
    await finishPlace(user);
    await waitFor(() => expect(callsTo(http, '/api/places', 'POST')).toHaveLength(1));
    expect(callsTo(http, '/api/places', 'POST')[0]![1]!.body).toMatchObject({
      name: 'Padaria Real',
      store_id: 7,
    });
  });

  it("names the restaurant chosen in the record's read and removal, with the removal's own words", async () => {
    const http = withStores();
    const { user, location } = renderScreen(
      '/places/1',
      routes(<GeneratedEdit definition={storePlaces} overrides={storeForm} />),
      http,
      storeOptions,
    );
    await chooseStore(user);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    expect(callsTo(http, '/api/places/id/1')[0]![1]).toEqual({ query: { store_id: 7 } });
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Fechar Bar do Zé de vez?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() =>
      expect(callsTo(http, '/api/places/id/1', 'DELETE')[0]![1]).toMatchObject({ query: { store_id: 7 } }),
    );
    expect(await screen.findByText('Lugar removido!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/mapa'));
  });

  it("shows staff their own store's form, and sends no store", async () => {
    const http = withStores();
    renderScreen(
      '/places/1',
      routes(<GeneratedEdit definition={places} overrides={storeForm} />),
      http,
      options(),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    expect(screen.queryByRole('combobox', { name: 'Restaurante' })).not.toBeInTheDocument();
    expect(callsTo(http, '/api/places/id/1')[0]).toEqual(['/api/places/id/1']);
  });

  it('says a refused save with its notice, under the input it concerns and in the form, and stays', async () => {
    const http = vi.fn<HttpClient>(async (_path, request) => {
      if (request?.method === 'PATCH') throw new HttpError('Já existe um lugar com esse nome.', 409);
      return { data: PLACES[0] };
    });
    const refusing = defineScreens({
      form: {
        refused: {
          fields: { 'Já existe um lugar com esse nome.': 'name' },
          notice: 'Não foi possível salvar o lugar',
        },
      },
    });
    const { user, location } = renderScreen(
      '/places/1',
      routes(<GeneratedEdit definition={places} overrides={refusing} />),
      http,
      options(),
    );
    const name = await screen.findByRole('textbox', { name: /^Nome/ });
    await waitFor(() => expect(name).toHaveValue('Bar do Zé'));
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível salvar o lugar')).toBeInTheDocument();
    await waitFor(() => expect(messageOf(name)).toBe('Já existe um lugar com esse nome.'));
    // Under the name, and above the buttons.
    expect(screen.getAllByText('Já existe um lugar com esse nome.')).toHaveLength(2);
    expect(location()?.pathname).toBe('/places/1');
  });

  it('opens the record to who may read it but not edit it, with `readers`', async () => {
    const http = answering();
    const readOnly = defineScreens({ form: { readers: true, readOnly: ['name'], toolbar: <></> } });
    const { location } = renderScreen(
      '/places/1',
      routes(<GeneratedEdit definition={places} overrides={readOnly} />),
      http,
      { ...options(), canAccess: ({ action }) => action !== 'edit' },
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    // Not sent away as one who may not edit.
    await waitFor(() => expect(http).toHaveBeenCalledTimes(1));
    expect(location()?.pathname).toBe('/places/1');
  });
});

describe("generated forms: a save that is one of the definition's calls, and a form emptied for the next (form.call, form.again)", () => {
  const suggested = {
    ...places,
    calls: {
      suggest: {
        method: 'POST' as const,
        path: '/suggestions',
        access: 'store' as const,
        summary: 'Sugere um lugar',
      },
    },
  };
  const suggesting = defineScreens({ form: { call: 'suggest', again: true } });

  it('sends the call with the form, says so, and stays with an empty form', async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places/create',
      {
        '/places/create': <GeneratedCreate definition={suggested} overrides={suggesting} />,
        '/places': <p>lista</p>,
      },
      http,
      { resources: { places: suggested } },
    );
    const fill = async () => {
      await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Padaria Real');
      await finishPlace(user);
    };
    await fill();
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith(
        '/api/places/suggestions',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    expect(http.mock.calls[0]![1]!.body).toMatchObject({ name: 'Padaria Real', share: '20' });
    expect(await screen.findByText('Lugar criado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue(''));
    expect(location()?.pathname).toBe('/places/create');
    // The next one, in the new form.
    await fill();
    await waitFor(() => expect(http).toHaveBeenCalledTimes(2));
    expect(http).not.toHaveBeenCalledWith('/api/places', expect.anything());
  });
});

describe('generated forms: back where the form was opened from once saved (form.after with back)', () => {
  const backForm = defineScreens({ form: { after: { path: '/menu', back: true } } });

  it('returns to the page the form was opened from', async () => {
    const { user, location } = renderScreen(
      '/places/1',
      {
        '/places/:id': <GeneratedEdit definition={places} overrides={backForm} />,
        '/places': <p>lista</p>,
        '/menu': <p>o cardápio</p>,
        '/anterior': <p>a página anterior</p>,
      },
      answering(),
      { ...options(), history: ['/anterior'] },
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lugar atualizado!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/anterior'));
  });

  it('goes to its path when the form was opened straight from a link', async () => {
    const { user, location } = renderScreen(
      '/places/create',
      {
        '/places/create': <GeneratedCreate definition={places} overrides={backForm} />,
        '/places': <p>lista</p>,
        '/menu': <p>o cardápio</p>,
      },
      answering(),
      options(),
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Bar Novo');
    await finishPlace(user, { share: '10', city: 'Olinda' });
    expect(await screen.findByText('Lugar criado!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/menu'));
  });
});

describe('generated list: a filter sent with every read, never shown (list.filter)', () => {
  it('asks for the list with its permanent filter, beside the search, and keeps it out of the address', async () => {
    const http = answering();
    const { user, location } = renderScreen(
      '/places',
      {
        '/places': (
          <GeneratedList
            definition={places}
            overrides={defineScreens({ list: { filter: { include: 'menu' } } })}
          />
        ),
      },
      http,
      options(),
    );
    expect(await screen.findByText('Bar do Zé')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/places', {
      query: expect.objectContaining({ include: 'menu', search: undefined }),
    });
    await user.type(screen.getByPlaceholderText('Buscar'), 'Café');
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/places', {
        query: expect.objectContaining({ include: 'menu', search: 'Café' }),
      }),
    );
    expect(location()?.search).not.toContain('include');
  });
});

describe("generated forms: the toolbar's own words and Cancelar (form.buttons)", () => {
  const worded = defineScreens({
    form: {
      list: '/menu',
      buttons: { cancel: true, remove: 'Excluir', save: 'Gravar' },
      deleteConfirm: () => ({ title: 'Excluir o lugar?', content: 'Some da lista.' }),
    },
  });
  const routes = {
    '/places/:id': <GeneratedEdit definition={places} overrides={worded} />,
    '/menu': <p>o cardápio</p>,
    '/anterior': <p>a página anterior</p>,
  };

  it('names its buttons, and Cancelar returns to the page the form was opened from', async () => {
    const http = answering();
    const { user, location } = renderScreen('/places/1', routes, http, {
      ...options(),
      history: ['/anterior'],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    expect(screen.getByRole('button', { name: 'Gravar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(location()?.pathname).toBe('/anterior'));
    expect(http.mock.calls.filter(([, request]) => request?.method)).toEqual([]);
  });

  it("removes with its own label and goes to the form's list; Cancelar opened from a link goes there too", async () => {
    const http = answering();
    const { user, location } = renderScreen('/places/1', routes, http, options());
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Excluir o lugar?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Lugar removido!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/menu'));
    cleanup();

    const again = renderScreen('/places/1', routes, answering(), options());
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Bar do Zé'));
    await again.user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(again.location()?.pathname).toBe('/menu'));
  });
});

describe('generated list: a load failure in words (list.error with message and retry)', () => {
  it('says why in an alert whose button reads the list again', async () => {
    let fail = true;
    const http = vi.fn<HttpClient>(async () => {
      if (fail) throw new HttpError('Erro interno.', 500);
      return { data: { results: PLACES, total: PLACES.length } };
    });
    const words = defineScreens({
      list: { error: { message: 'Os lugares não vieram.', retry: 'Buscar de novo' } },
    });
    const { user } = renderScreen(
      '/places',
      { '/places': <GeneratedList definition={places} overrides={words} /> },
      http,
      options(),
    );
    const alert = (await screen.findByText('Os lugares não vieram.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Buscar de novo' }));
    expect(await screen.findByText('Bar do Zé')).toBeInTheDocument();
    expect(screen.queryByText('Os lugares não vieram.')).not.toBeInTheDocument();
  });
});

describe('generated forms: a money field typed in reais and sent in cents', () => {
  const tips = defineResource({
    name: 'tips',
    endpoint: '/api/tips',
    label: { one: 'Gorjeta', many: 'Gorjetas' },
    access: { list: 'store', one: 'store', create: 'store', update: 'store', delete: 'store' },
    envelope: { list: 'data.results', one: 'data' },
    fields: { amount: { label: 'Valor', kind: 'money', form: true } },
    input: z.strictObject({ amount: z.int({ error: 'Informe o valor' }) }),
    record: z.object({ id: recordId, amount: z.int() }),
    list: { perPage: 5, sort: { field: 'id', order: 'ASC' } },
    messages: {
      created: 'Gorjeta registrada!',
      updated: 'Gorjeta atualizada!',
      deleted: 'Gorjeta removida!',
    },
  });

  it('shows reais as they are typed, filled from the right, and sends the cents', async () => {
    const http = vi.fn<HttpClient>(async (_path, request) => ({
      data: { id: 3, ...(request?.body as object) },
    }));
    const { user } = renderScreen(
      '/tips/create',
      { '/tips/create': <GeneratedCreate definition={tips} />, '/tips': <p>lista</p> },
      http,
      { resources: { tips } },
    );
    const amount = await screen.findByRole('textbox', { name: /^Valor/ });
    await user.type(amount, '123456');
    expect(amount).toHaveValue('1.234,56');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/tips', { method: 'POST', body: { amount: 123456 } }),
    );
  });
});
describe('generated list: cards at every width, each with its own name (cards.only, cards.name)', () => {
  it('shows the cards on a desk too, each card named from its record', async () => {
    renderScreen(
      '/places',
      {
        '/places': (
          <GeneratedList
            definition={places}
            overrides={{
              list: {
                cards: {
                  render: (record) => <p>{String(record.name)}</p>,
                  only: true,
                  name: (record) => `Lugar ${String(record.name)}`,
                },
              },
            }}
          />
        ),
      },
      answering(),
      options(),
    );
    const grid = await screen.findByRole('list', { name: 'Lugares' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(grid)
        .getAllByRole('listitem')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Lugar Bar do Zé', 'Lugar Café Aurora']);
  });
});

describe('generated forms: a context and a save around the form (form.around)', () => {
  const Saving = createContext(false);
  function SaveOfItsOwn({ children }: { children: ReactNode }) {
    const [saved, setSaved] = useState<string | null>(null);
    const save = (values: Record<string, unknown>) => setSaved(String(values.name));
    return (
      <SaveContextProvider value={{ save, saving: false, mutationMode: 'pessimistic' }}>
        <Saving value={saved !== null}>{children}</Saving>
        {saved ? <p>{`Guardado: ${saved}`}</p> : null}
      </SaveContextProvider>
    );
  }
  function SavedState() {
    return <p>{useContext(Saving) ? 'Já guardado' : 'Ainda não guardado'}</p>;
  }

  it("saves with the screen's own save, validated by the form, and shares its context with the form's parts", async () => {
    const http = answering();
    const { user } = renderScreen(
      '/places/create',
      {
        '/places/create': (
          <GeneratedCreate
            definition={places}
            overrides={{
              form: {
                around: SaveOfItsOwn,
                schema: z.object({ name: requiredText(50, 'Informe o nome do lugar') }),
                sections: [{ fields: ['name', 'state'] }],
                inputs: { state: <SavedState /> },
              },
            }}
          />
        ),
      },
      http,
      options(),
    );
    const name = await screen.findByRole('textbox', { name: /^Nome/ });
    expect(screen.getByText('Ainda não guardado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(messageOf(name)).toBe('Informe o nome do lugar'));
    await user.type(name, 'Bar do Zé');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Guardado: Bar do Zé')).toBeInTheDocument();
    expect(screen.getByText('Já guardado')).toBeInTheDocument();
    expect(http.mock.calls.filter(([, request]) => request?.method === 'POST')).toEqual([]);
  });
});

describe('generated forms: one record without an id, read and saved at a fixed path (form.single)', () => {
  /** A record of its own kind: no id, no operations, a read and a save among its calls. */
  const house = defineResource({
    name: 'house',
    endpoint: '/api/house',
    label: { one: 'Casa', many: 'Casas' },
    access: {},
    calls: {
      read: { method: 'GET', path: '', access: 'store', summary: 'Lê a casa' },
      save: { method: 'PATCH', path: '', access: 'admin', summary: 'Grava a casa' },
    },
    envelope: { list: 'data.results', one: 'data' },
    fields: {
      name: { label: 'Nome da casa', kind: 'text', form: true },
      open: { label: 'Aberta', kind: 'boolean', form: true },
    },
    input: z.strictObject({ name: requiredText(50, 'Informe o nome da casa'), open: z.boolean() }),
    record: z.object({ name: z.string(), open: z.boolean(), version: z.int() }),
    list: { perPage: 5, sort: { field: 'name', order: 'ASC' }, search: [] },
    messages: { created: 'Casa criada!', updated: 'Casa gravada!', deleted: '' },
  });
  function Version() {
    const record = useRecordContext();
    return <p>{`Versão ${String(record?.version)}`}</p>;
  }
  const single = defineScreens({
    form: { single: { read: 'read', save: 'save' }, actions: false, header: <Version /> },
  });

  it('reads the fixed path, saves the whole form with the call, stays, and reads it again', async () => {
    let stored = { name: 'Casa Velha', open: true, version: 1 };
    const http = vi.fn<HttpClient>(async (path, request) => {
      if (path !== '/api/house') throw new HttpError('Não encontrado', 404);
      if (request?.method === 'PATCH')
        stored = { ...(request.body as typeof stored), version: stored.version + 1 };
      return { data: stored };
    });
    const { user, location } = renderScreen(
      '/house',
      { '/house': <GeneratedSingle definition={house} overrides={single} /> },
      http,
      { resources: { house } },
    );
    const name = await screen.findByRole('textbox', { name: /^Nome da casa/ });
    await waitFor(() => expect(name).toHaveValue('Casa Velha'));
    expect(screen.getByText('Versão 1')).toBeInTheDocument();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(messageOf(name)).toBe('Informe o nome da casa'));
    await user.type(name, 'Casa Nova');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Casa gravada!')).toBeInTheDocument();
    // The whole form, the unchanged switch included, with the call's method, at the fixed path.
    expect(http.mock.calls.filter(([, request]) => request?.method === 'PATCH')).toEqual([
      ['/api/house', expect.objectContaining({ method: 'PATCH', body: { name: 'Casa Nova', open: true } })],
    ]);
    expect(await screen.findByText('Versão 2')).toBeInTheDocument();
    expect(http.mock.calls.filter(([, request]) => !request?.method || request.method === 'GET').length).toBe(
      2,
    );
    expect(location()?.pathname).toBe('/house');
  });
  it("says the definition's created where the record read is still to be made (single.created)", async () => {
    let stored = { name: '', open: false, version: 0 };
    const http = vi.fn<HttpClient>(async (_path, request) => {
      if (request?.method === 'PATCH')
        stored = { ...(request.body as typeof stored), version: stored.version + 1 };
      return { data: stored };
    });
    const first = defineScreens({
      form: { single: { read: 'read', save: 'save', created: (record) => record.version === 0 } },
    });
    const { user } = renderScreen(
      '/house',
      { '/house': <GeneratedSingle definition={house} overrides={first} /> },
      http,
      { resources: { house } },
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nome da casa/ }), 'Casa Nova');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Casa criada!')).toBeInTheDocument();
    await waitFor(() => expect(http).toHaveBeenCalledTimes(3));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Casa gravada!')).toBeInTheDocument();
  });
  it("says the server's words when the record cannot be read, and stays on its page", async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('A casa está fechada para obras.', 503);
    });
    const { location } = renderScreen(
      '/house',
      { '/house': <GeneratedSingle definition={house} overrides={single} />, '/': <p>início</p> },
      http,
      { resources: { house } },
    );
    expect(await screen.findByText('A casa está fechada para obras.')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/house');
  });
});

describe("generated forms: a record at the id the screen gives, its values built from it and back (form.single.useId, form.values, transform's record)", () => {
  /** A record of the resource's own kind, read and saved at its id, its rooms a list. */
  const homes = defineResource({
    name: 'homes',
    endpoint: '/api/homes',
    label: { one: 'Casa', many: 'Casas' },
    access: { one: 'store', update: 'store' },
    envelope: { list: 'data.results', one: 'data' },
    fields: { name: { label: 'Nome da casa', kind: 'text', form: true } },
    input: z.strictObject({
      name: requiredText(50, 'Informe o nome da casa'),
      rooms: z.array(z.string().max(10, 'Um cômodo tem até 10 letras.')).optional(),
    }),
    record: z.object({ id: recordId, name: z.string(), rooms: z.array(z.string()) }),
    list: { perPage: 5, sort: { field: 'name', order: 'ASC' }, search: [] },
    messages: { created: 'Casa criada!', updated: 'Casa gravada!', deleted: '' },
  });
  const own = (useId: () => number | undefined | { problem: string }, failed = {}) =>
    defineScreens({
      form: {
        single: { useId },
        failed,
        // The rooms typed as one text, sent as the list; a name emptied keeps the one read.
        values: (record) => ({ ...record, rooms: (record.rooms as string[]).join(', ') }),
        transform: ({ name, rooms }, record) => ({
          name: name || record?.name,
          rooms: String(rooms).split(/,\s*/),
        }),
        inputs: { rooms: <TextInput source="rooms" label="Cômodos" /> },
        sections: [{ fields: ['name', 'rooms'] }],
      },
    });
  const open = (overrides: ScreenOverrides, http: HttpClient) =>
    renderScreen('/home', { '/home': <GeneratedSingle definition={homes} overrides={overrides} /> }, http, {
      resources: { homes },
    });

  it('reads the record at the id given, shows the values built from it, checks and sends what they build back', async () => {
    let stored = { id: 4, name: 'Casa Velha', rooms: ['Sala', 'Cozinha'] };
    const http = vi.fn<HttpClient>(async (path, request) => {
      if (path !== '/api/homes/id/4') throw new HttpError('Não encontrado', 404);
      if (request?.method === 'PATCH') stored = { ...stored, ...(request.body as object) };
      return { data: stored };
    });
    const { user, location } = open(
      own(() => 4),
      http,
    );
    const rooms = await screen.findByRole('textbox', { name: 'Cômodos' });
    await waitFor(() => expect(rooms).toHaveValue('Sala, Cozinha'));
    await user.clear(screen.getByRole('textbox', { name: 'Nome da casa' }));
    await user.type(rooms, ', Varanda coberta');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // Checked as sent: the message of the room is the rooms' input's.
    await waitFor(() => expect(messageOf(rooms)).toBe('Um cômodo tem até 10 letras.'));
    await user.clear(rooms);
    await user.type(rooms, 'Sala, Quarto');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Casa gravada!')).toBeInTheDocument();
    // The name emptied kept the one read (unchanged: not sent); the rooms as a list.
    expect(http.mock.calls.filter(([, request]) => request?.method === 'PATCH')).toEqual([
      ['/api/homes/id/4', expect.objectContaining({ body: { rooms: ['Sala', 'Quarto'] } })],
    ]);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nome da casa' })).toHaveValue('Casa Velha'),
    );
    expect(rooms).toHaveValue('Sala, Quarto');
    expect(location()?.pathname).toBe('/home');
  });

  it('says why there is no record in its place, and a read that fails in the words chosen by its error', async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('Não encontrado', 404);
    });
    const view = open(
      own(() => ({ problem: 'Esta conta não tem casa.' })),
      http,
    );
    expect(
      await screen.findByText('Esta conta não tem casa.', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
    // Said once in a notice too; nothing asked of the API, no form.
    await waitFor(() => expect(screen.getAllByText('Esta conta não tem casa.')).toHaveLength(2));
    expect(http).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    view.unmount();

    open(
      own(() => 9, {
        read: (error: unknown) =>
          (error as HttpError).status === 404 ? 'Casa sumiu.' : 'Erro ao ler a casa.',
        below: <p>Nada a salvar</p>,
      }),
      http,
    );
    expect(await screen.findByText('Casa sumiu.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(screen.getByText('Nada a salvar')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/homes/id/9');
  });
});
