import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/custom-pages/auth/LoginPage';
import { fakeAuthProvider, renderAuthPage } from './renderAuthPage';

function setup(login = vi.fn(() => Promise.resolve()), state?: unknown) {
  const view = renderAuthPage('/login', <LoginPage />, { authProvider: fakeAuthProvider({ login }), state });
  return {
    ...view,
    login,
    email: () => screen.getByLabelText('E-mail'),
    password: () => screen.getByLabelText('Senha'),
    submit: () => view.user.click(screen.getByRole('button', { name: 'Entrar' })),
  };
}

/**
 * The helper text under a field, where react-admin shows its validation message ('' when none:
 * react-admin keeps the line with a zero-width space).
 */
const messageOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return (id ? document.getElementById(id)?.textContent : '')?.replace(/\u200b/g, '') ?? '';
};

describe('LoginPage', () => {
  it('shows the e-mail and password fields and the sign-in button', () => {
    const { email, password } = setup();

    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it("reports 'Campo obrigatório' on both fields when submitted empty", async () => {
    const { login, email, password, submit } = setup();

    await submit();

    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
    expect(messageOf(email())).toBe('Campo obrigatório');
    expect(messageOf(password())).toBe('Campo obrigatório');
    expect(login).not.toHaveBeenCalled();
  });

  it.each(['ana', 'ana@', 'ana@x', 'ana x@x.com'])(
    "reports 'Informe um email válido' for %j",
    async (value) => {
      const { user, login, email, password, submit } = setup();

      await user.type(email(), value);
      await user.type(password(), 'Painel@2026');
      await submit();

      await waitFor(() => expect(messageOf(email())).toBe('Informe um email válido'));
      expect(messageOf(password())).toBe('');
      expect(login).not.toHaveBeenCalled();
    },
  );

  it('shows and hides the password', async () => {
    const { user, password } = setup();
    await user.type(password(), 'Painel@2026');

    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password()).toHaveAttribute('type', 'text');
    expect(password()).toHaveValue('Painel@2026');

    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('links to the password recovery and first access', async () => {
    const { user, location } = setup();

    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Primeiro acesso' })).toHaveAttribute('href', '/first-access');

    await user.click(screen.getByRole('link', { name: 'Primeiro acesso' }));
    expect(location()?.pathname).toBe('/first-access');
    expect(screen.getByText('Outra página')).toBeInTheDocument();
  });

  it('signs in with the trimmed e-mail and goes to the home page', async () => {
    const { user, login, email, password, submit, location } = setup();

    await user.type(email(), '  admin@painel.com.br ');
    await user.type(password(), 'Painel@2026');
    await submit();

    await waitFor(() => expect(location()?.pathname).toBe('/'));
    expect(login).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledWith({ email: 'admin@painel.com.br', password: 'Painel@2026' });
  });

  it('returns to the page asked for before the login', async () => {
    const { user, email, password, submit, location } = setup(undefined, {
      nextPathname: '/faqs',
      nextSearch: '?page=2',
    });

    await user.type(email(), 'admin@painel.com.br');
    await user.type(password(), 'Painel@2026');
    await submit();

    await waitFor(() => expect(location()?.pathname).toBe('/faqs'));
    expect(location()?.search).toBe('?page=2');
  });

  it("shows the server's message as a notification and stays on the login", async () => {
    const login = vi.fn(() => Promise.reject(new Error('E-mail ou senha inválidos.')));
    const { user, email, password, submit, location } = setup(login);

    await user.type(email(), 'admin@painel.com.br');
    await user.type(password(), 'errada');
    await submit();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('E-mail ou senha inválidos.')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });
});
