import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { admins } from '../../contract/resources/admins/definition';
import screens from '../../src/resources/admins/overrides';
import { GeneratedCreate, GeneratedEdit } from '../../src/engine/GeneratedForm';
import { IncludeCollaborator } from '../../src/resources/admins/IncludeCollaborator';
import { messageOf, renderScreen as renderApp } from './renderScreen';

const AdminCreate = () => <GeneratedCreate definition={admins} overrides={screens} />;
const AdminEdit = () => <GeneratedEdit definition={admins} overrides={screens} />;

const RECORD = {
  id: 7,
  fullname: 'Beatriz Quintão',
  email: 'beatriz@painel.com.br',
  phone: '11987651234',
  role: 'ADMIN',
  store_id: null,
  permissions: { admin: 1 },
  status: 'ACTIVE',
  created_at: '2026-01-10T12:00:00.000Z',
};

/** An administrator screen, with the list it returns to. */
function renderScreen(path: string, route: string, screenElement: ReactElement, http: HttpClient) {
  return renderApp(path, { [route]: screenElement, '/admins': <p>Lista de administradores</p> }, http);
}

const field = {
  fullname: () => screen.getByLabelText('Nome completo'),
  phone: () => screen.getByLabelText('Telefone'),
  email: () => screen.getByLabelText('E-mail'),
  password: () => screen.getByLabelText('Senha'),
  confirmation: () => screen.getByLabelText('Confirmar senha'),
};

function setupCreate(http = vi.fn<HttpClient>(async () => ({ data: { ...RECORD } }))) {
  const view = renderScreen('/admins/create', '/admins/create', <AdminCreate />, http);
  return { ...view, http, submit: () => view.user.click(screen.getByRole('button', { name: 'Adicionar' })) };
}

describe('add administrator form (/admins/add)', () => {
  it('shows the fields under the Permissions section', async () => {
    setupCreate();
    expect(await screen.findByText('Permissões')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Adicionar administrador' })).toBeInTheDocument();
    for (const input of Object.values(field)) expect(input()).toBeInTheDocument();
    expect(field.password()).toHaveAttribute('type', 'password');
    expect(field.confirmation()).toHaveAttribute('type', 'password');
  });

  it('reports each required field with the spec messages and sends nothing', async () => {
    const { submit, http } = setupCreate();
    await screen.findByLabelText('Nome completo');

    await submit();

    await waitFor(() => expect(messageOf(field.fullname())).toBe('Campo obrigatório'));
    expect(messageOf(field.phone())).toBe('Campo obrigatório');
    expect(messageOf(field.email())).toBe('Campo obrigatório');
    expect(messageOf(field.password())).toBe('Você precisa informar uma senha de no mínimo 8 caracteres.');
    expect(http).not.toHaveBeenCalled();
  });

  it('reports a different confirmation while other fields are still empty', async () => {
    const { user, submit, http } = setupCreate();
    await screen.findByLabelText('Nome completo');

    await user.type(field.password(), '12345678');
    await user.type(field.confirmation(), '123456789');
    await submit();

    await waitFor(() => expect(messageOf(field.confirmation())).toBe('As senhas devem ser iguais'));
    expect(messageOf(field.fullname())).toBe('Campo obrigatório');
    expect(messageOf(field.password())).toBe('');
    expect(http).not.toHaveBeenCalled();
  });

  it('reports an invalid e-mail, phone, short password and a different confirmation', async () => {
    const { user, submit, http } = setupCreate();
    await screen.findByLabelText('Nome completo');

    await user.type(field.fullname(), 'Beatriz Quintão');
    await user.type(field.phone(), '1198765');
    await user.type(field.email(), 'beatriz@');
    await user.type(field.password(), '12345');
    await user.type(field.confirmation(), '123456');
    await submit();

    await waitFor(() =>
      expect(messageOf(field.phone())).toBe('Informe um número de telefone válido (XX) XXXXX-XXXX'),
    );
    expect(messageOf(field.fullname())).toBe('');
    expect(messageOf(field.email())).toBe('Informe um email válido');
    expect(messageOf(field.password())).toBe('Você precisa informar uma senha de no mínimo 8 caracteres.');
    expect(messageOf(field.confirmation())).toBe('As senhas devem ser iguais');

    await user.clear(field.password());
    await user.type(field.password(), '1234567');
    await submit();
    expect(messageOf(field.password())).toBe('Você precisa informar uma senha de no mínimo 8 caracteres.');
    await user.clear(field.password());
    await user.type(field.password(), '12345678');
    await submit();
    await waitFor(() => expect(messageOf(field.password())).toBe(''));
    expect(messageOf(field.confirmation())).toBe('As senhas devem ser iguais');
    expect(http).not.toHaveBeenCalled();
  });

  it('masks the phone while typing', async () => {
    const { user } = setupCreate();
    await screen.findByLabelText('Telefone');

    await user.type(field.phone(), '119');
    expect(field.phone()).toHaveValue('(11) 9');
    await user.type(field.phone(), '87651234');
    expect(field.phone()).toHaveValue('(11) 98765-1234');
    await user.type(field.phone(), '99');
    expect(field.phone()).toHaveValue('(11) 98765-1234');
  });

  it('sends the phone digits and the permissions flag, then shows the notice and the list', async () => {
    const { user, submit, http, location } = setupCreate();
    await screen.findByLabelText('Nome completo');

    await user.type(field.fullname(), '  Beatriz Quintão ');
    await user.type(field.phone(), '(11) 98765-1234');
    await user.type(field.email(), 'beatriz@painel.com.br');
    await user.type(field.password(), 'segredo1');
    await user.type(field.confirmation(), 'segredo1');
    await submit();

    await waitFor(() => expect(http).toHaveBeenCalledTimes(1));
    expect(http).toHaveBeenCalledWith('/api/admins', {
      method: 'POST',
      body: {
        fullname: '  Beatriz Quintão ',
        phone: '11987651234',
        email: 'beatriz@painel.com.br',
        password: 'segredo1',
        permissions: { admin: 1 },
      },
    });
    expect(await screen.findByText('Administrador adicionado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/admins'));
  });

  it("shows the server's message when the e-mail is taken, and stays on the form", async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('Já existe uma conta com esse e-mail.', 409);
    });
    const { user, submit, location } = setupCreate(http);
    await screen.findByLabelText('Nome completo');

    await user.type(field.fullname(), 'Beatriz Quintão');
    await user.type(field.phone(), '11987651234');
    await user.type(field.email(), 'admin@painel.com.br');
    await user.type(field.password(), 'segredo1');
    await user.type(field.confirmation(), 'segredo1');
    await submit();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Já existe uma conta com esse e-mail.')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/admins/create');
  });
});

describe('administrator detail (/admins/details)', () => {
  function setupEdit() {
    const http = vi.fn<HttpClient>(async (_path, request) => {
      if (!request?.method) return { data: { ...RECORD } };
      return { data: { ...RECORD, ...(request.body as object) } };
    });
    const view = renderScreen('/admins/7', '/admins/:id', <AdminEdit />, http);
    return {
      ...view,
      http,
      newPassword: () => screen.getByLabelText('Nova senha'),
      oldPassword: () => screen.getByLabelText('Senha atual'),
      save: () => view.user.click(screen.getByRole('button', { name: 'Salvar' })),
    };
  }

  it('shows the record masked and sends only what changed, phone as digits', async () => {
    const { user, http, save } = setupEdit();
    await waitFor(() => expect(field.fullname()).toHaveValue('Beatriz Quintão'));
    expect(field.phone()).toHaveValue('(11) 98765-1234');

    await user.clear(field.phone());
    await user.type(field.phone(), '21998765432');
    await save();

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/admins/id/7', {
        method: 'PATCH',
        body: { phone: '21998765432' },
      }),
    );
    expect(await screen.findByText('Administrador atualizado com sucesso!')).toBeInTheDocument();
  });

  it('asks for the new password when the old one is given, and for an equal confirmation', async () => {
    const { user, http, save, oldPassword, newPassword } = setupEdit();
    await waitFor(() => expect(field.fullname()).toHaveValue('Beatriz Quintão'));

    await user.type(oldPassword(), 'segredo1');
    await save();
    await waitFor(() =>
      expect(messageOf(newPassword())).toBe('Você precisa informar uma senha de no mínimo 8 caracteres.'),
    );

    await user.type(newPassword(), 'novasenha');
    await user.type(field.confirmation(), 'outra');
    await save();
    await waitFor(() => expect(messageOf(field.confirmation())).toBe('As senhas devem ser iguais'));
    expect(http).toHaveBeenCalledTimes(1); // the read only

    await user.clear(field.confirmation());
    await user.type(field.confirmation(), 'novasenha');
    await save();
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/admins/id/7', {
        method: 'PATCH',
        body: { old_password: 'segredo1', password: 'novasenha' },
      }),
    );
  });

  it('removes the administrator after a confirmation, with the spec notice', async () => {
    const { user, http, location } = setupEdit();
    await waitFor(() => expect(field.fullname()).toHaveValue('Beatriz Quintão'));

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(http).toHaveBeenCalledWith('/api/admins/id/7', { method: 'DELETE' }));
    expect(await screen.findByText('Administrador removido com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/admins'));
  });
});

describe('include a collaborator (/admins/include-collaborator)', () => {
  const STORE = { id: 7, name: 'Sabor do Sertão' };

  it('includes the account of the e-mail in the restaurant chosen, then empties the form for the next', async () => {
    const http = vi.fn<HttpClient>(async (path, request) => {
      if (path === '/api/stores') return { data: { results: [STORE], total: 1 } };
      if (path === '/api/stores/id/7') return { data: STORE };
      if (request?.method === 'POST') return { data: { ...RECORD, id: 9, store_id: 7, role: 'STAFF' } };
      throw new HttpError('Não encontrado', 404);
    });
    const { user } = renderScreen(
      '/admins/include-collaborator',
      '/admins/include-collaborator',
      <IncludeCollaborator />,
      http,
    );
    expect(await screen.findByText('Permissões')).toBeInTheDocument();
    await user.type(field.email(), 'caio.prates@exemplo.com.br');
    await user.type(screen.getByRole('combobox', { name: 'Restaurante' }), 'Sabor');
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    await user.click(screen.getByRole('button', { name: 'Incluir' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/admins/include-collaborator', {
        method: 'POST',
        body: { email: 'caio.prates@exemplo.com.br', store_id: 7 },
      }),
    );
    expect(await screen.findByText('Colaboradores incluídos com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(field.email()).toHaveValue(''));
  });
});
