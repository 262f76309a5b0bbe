import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { GeneratedCreate, GeneratedEdit } from '../../src/engine/GeneratedForm';
import { PRINTER_ADDRESS_INVALID, kitchens } from '../../contract/resources/kitchens/definition';
import overrides from '../../src/resources/kitchens/overrides';
import { messageOf, renderScreen as renderApp } from './renderScreen';

const NAME_REQUIRED = 'Você precisa informar o nome da cozinha!';

const KITCHEN = {
  id: 4,
  store_id: 2,
  name: 'Forno a lenha',
  available: true,
  printer: null,
  printer_fallback: null,
  paper_width: 80,
  auto_print: false,
  n_products: 3,
  created_at: '2026-01-10T12:00:00.000Z',
  updated_at: '2026-01-10T12:00:00.000Z',
};

/** A kitchen screen, with the list it returns to. */
function renderScreen(path: string, route: string, screenElement: ReactElement, http: HttpClient) {
  return renderApp(path, { [route]: screenElement, '/kitchens': <p>Lista de cozinhas</p> }, http);
}

const nameInput = () => screen.getByRole('textbox', { name: /^Nome/ });
const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('new kitchen (/kitchens/create)', () => {
  function setup(
    http = vi.fn<HttpClient>(async (_path, request) => ({
      data: { ...KITCHEN, ...(request?.body as object) },
    })),
  ) {
    const view = renderScreen(
      '/kitchens/create',
      '/kitchens/create',
      <GeneratedCreate definition={kitchens} overrides={overrides} />,
      http,
    );
    return { ...view, http };
  }

  it('shows the name and the available switch, on (Ativo) by default', async () => {
    setup();
    const available = await screen.findByRole('switch', { name: 'Ativo' });
    expect(available).toBeChecked();
    expect(nameInput()).toHaveValue('');
    // Marked as required (react-admin's asterisk), as the spec requires it.
    expect((nameInput() as HTMLInputElement).labels?.[0]?.textContent).toBe('Nome\u2009*');
    expect(screen.getByRole('link', { name: 'Cozinhas' })).toHaveAttribute('href', '/kitchens');
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
  });

  it('asks for the name with the spec message, also when only spaces are typed, and sends nothing', async () => {
    const { user, http } = setup();
    await screen.findByRole('switch', { name: 'Ativo' });

    await user.click(save());
    await waitFor(() => expect(messageOf(nameInput())).toBe(NAME_REQUIRED));

    await user.type(nameInput(), '   ');
    await user.click(save());
    await waitFor(() => expect(messageOf(nameInput())).toBe(NAME_REQUIRED));
    expect(http).not.toHaveBeenCalled();

    await user.type(nameInput(), 'Bar');
    await waitFor(() => expect(messageOf(nameInput())).toBe(''));
  });

  it('sends the name and available, then shows the notice and the list', async () => {
    const { user, http, location } = setup();
    await screen.findByRole('switch', { name: 'Ativo' });

    await user.type(nameInput(), 'Confeitaria');
    await user.click(save());

    await waitFor(() => expect(http).toHaveBeenCalledTimes(1));
    expect(http).toHaveBeenCalledWith('/api/kitchens', {
      method: 'POST',
      body: { name: 'Confeitaria', available: true, paper_width: 80, auto_print: false },
    });
    expect(await screen.findByText('Cozinha criada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/kitchens'));
  });

  it("sets the station's printer: its address on the network, the paper and printing each order", async () => {
    const { user, http } = setup();
    await screen.findByRole('switch', { name: 'Ativo' });
    await user.type(nameInput(), 'Forno a lenha');
    const printer = screen.getByRole('textbox', { name: 'Impressora (endereço na rede)' });
    await user.type(printer, 'http://impressora');
    await user.click(save());
    await waitFor(() => expect(messageOf(printer)).toBe(PRINTER_ADDRESS_INVALID));
    expect(http).not.toHaveBeenCalled();

    await user.clear(printer);
    await user.type(printer, '192.168.0.50:9100');
    await user.click(screen.getByRole('combobox', { name: 'Papel' }));
    await user.click(await screen.findByRole('option', { name: '58 mm' }));
    await user.click(screen.getByRole('switch', { name: 'Imprimir os pedidos ao chegar' }));
    await user.click(save());
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/kitchens', {
        method: 'POST',
        body: {
          name: 'Forno a lenha',
          available: true,
          printer: '192.168.0.50:9100',
          paper_width: 58,
          auto_print: true,
        },
      }),
    );
  });

  it('creates a kitchen switched off (Inativo)', async () => {
    const { user, http } = setup();
    await user.click(await screen.findByRole('switch', { name: 'Ativo' }));
    const off = screen.getByRole('switch', { name: 'Inativo' });
    expect(off).not.toBeChecked();

    await user.type(nameInput(), 'Sorveteria');
    await user.click(save());

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/kitchens', {
        method: 'POST',
        body: { name: 'Sorveteria', available: false, paper_width: 80, auto_print: false },
      }),
    );
  });

  it("shows the server's message and stays on the form when the API refuses", async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError(NAME_REQUIRED, 400);
    });
    const { user, location } = setup(http);
    await screen.findByRole('switch', { name: 'Ativo' });

    await user.type(nameInput(), 'Cozinha');
    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(location()?.pathname).toBe('/kitchens/create');
  });
});

describe('kitchen (/kitchens/:id)', () => {
  function setup(record: typeof KITCHEN = KITCHEN) {
    const http = vi.fn<HttpClient>(async (_path, request) => {
      if (!request?.method) return { data: { ...record } };
      if (request.method === 'DELETE') return { data: { id: record.id } };
      return { data: { ...record, ...(request.body as object) } };
    });
    const view = renderScreen(
      `/kitchens/${record.id}`,
      '/kitchens/:id',
      <GeneratedEdit definition={kitchens} overrides={overrides} />,
      http,
    );
    return { ...view, http };
  }

  it('shows the kitchen and sends only what changed', async () => {
    const { user, http, location } = setup();
    await waitFor(() => expect(nameInput()).toHaveValue('Forno a lenha'));
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked();

    await user.clear(nameInput());
    await user.type(nameInput(), 'Forno e pizzas');
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    expect(screen.getByRole('switch', { name: 'Inativo' })).not.toBeChecked();
    await user.click(save());

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/kitchens/id/4', {
        method: 'PATCH',
        body: { name: 'Forno e pizzas', available: false },
      }),
    );
    expect(await screen.findByText('Cozinha atualizada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/kitchens'));
  });

  it('asks for the name when it is erased', async () => {
    const { user, http } = setup();
    await waitFor(() => expect(nameInput()).toHaveValue('Forno a lenha'));

    await user.clear(nameInput());
    await user.click(save());

    await waitFor(() => expect(messageOf(nameInput())).toBe(NAME_REQUIRED));
    expect(http).toHaveBeenCalledTimes(1); // the read only
  });

  it('removes the kitchen after a confirmation that tells what happens to its products', async () => {
    const { user, http, location } = setup();
    await waitFor(() => expect(nameInput()).toHaveValue('Forno a lenha'));

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remover a cozinha Forno a lenha?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Os 3 produtos encaminhados a ela ficarão sem cozinha. Esta ação não pode ser desfeita.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(http).toHaveBeenCalledWith('/api/kitchens/id/4', { method: 'DELETE' }));
    expect(await screen.findByText('Cozinha removida com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/kitchens'));
  });

  it('does not mention products when none is routed to the kitchen, and can be cancelled', async () => {
    const { user, http } = setup({ ...KITCHEN, n_products: 0, available: false });
    await waitFor(() => expect(nameInput()).toHaveValue('Forno a lenha'));
    expect(screen.getByRole('switch', { name: 'Inativo' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Esta ação não pode ser desfeita.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http).toHaveBeenCalledTimes(1);
  });
});
