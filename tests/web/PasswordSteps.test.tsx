import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../../src/lib/session';
import { API_URL } from '../../src/config';
import { PasswordSteps } from '../../src/custom-pages/auth/PasswordSteps';
import { renderAuthPage } from './renderAuthPage';
import { makeToken } from './tokens';

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const passwordToken = makeToken({ sub: '9', role: 'ADMIN', scope: 'password' });
const sessionToken = makeToken({ sub: '9', role: 'ADMIN', scope: 'session' });

/** The API of the three steps, answering by method and path; records every request it gets. */
function stubApi(routes: Record<string, () => Response> = {}) {
  const answers: Record<string, () => Response> = {
    'POST /auth/token/request': () => json({ data: { key: 'chave-1' } }),
    'POST /auth/token': () => json({ data: { access_token: passwordToken } }),
    'PATCH /api/account': () => json({ data: { access_token: sessionToken } }),
    ...routes,
  };
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const method = init?.method ?? 'GET';
      const path = String(input).slice(API_URL.length);
      sent.push({
        method,
        path,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: new Headers(init?.headers).get('Authorization'),
      });
      const answer = answers[`${method} ${path}`];
      return answer ? answer() : json({ error: { message: 'Rota inexistente.' } }, 404);
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const messageOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return (id ? document.getElementById(id)?.textContent : '')?.replace(/\u200b/g, '') ?? '';
};

function setup(mode: 'first-access' | 'recovery' = 'recovery', routes?: Record<string, () => Response>) {
  const sent = stubApi(routes);
  const path = mode === 'recovery' ? '/forgot-password' : '/first-access';
  const view = renderAuthPage(path, <PasswordSteps mode={mode} />);
  const { user } = view;
  const click = (name: string) => user.click(screen.getByRole('button', { name }));

  const requestToken = async (email = 'ana@x.com') => {
    await user.type(screen.getByLabelText('E-mail'), email);
    await click('Enviar token');
    await screen.findByLabelText('Token');
  };
  const checkToken = async (token = '12345') => {
    await user.type(screen.getByLabelText('Token'), token);
    await click('Validar token');
    await screen.findByLabelText('Nova senha');
  };
  return { ...view, sent, click, requestToken, checkToken };
}

describe('PasswordSteps, step 1: e-mail', () => {
  it('is titled for recovery and for first access, and links back to the login', () => {
    setup('recovery');
    expect(screen.getByRole('heading', { name: 'Recuperar senha' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
  });

  it('is titled "Primeiro acesso" for first access', () => {
    setup('first-access');
    expect(screen.getByRole('heading', { name: 'Primeiro acesso' })).toBeInTheDocument();
  });

  it("reports 'Campo obrigatório' for an empty e-mail and calls nothing", async () => {
    const { sent, click } = setup();

    await click('Enviar token');

    await waitFor(() => expect(messageOf(screen.getByLabelText('E-mail'))).toBe('Campo obrigatório'));
    expect(sent).toEqual([]);
  });

  it.each(['ana', 'ana@', 'ana@x'])("reports 'Email inválido' for %j and calls nothing", async (value) => {
    const { user, sent, click } = setup();

    await user.type(screen.getByLabelText('E-mail'), value);
    await click('Enviar token');

    await waitFor(() => expect(messageOf(screen.getByLabelText('E-mail'))).toBe('Email inválido'));
    expect(sent).toEqual([]);
  });

  it('requests a token with role ADMIN and the trimmed e-mail, then shows the notice and the token step', async () => {
    const { user, sent, click } = setup();

    await user.type(screen.getByLabelText('E-mail'), ' ana@x.com ');
    await click('Enviar token');

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Um token foi enviado para o email ana@x.com')).toBeInTheDocument();
    expect(await screen.findByLabelText('Token')).toBeInTheDocument();
    expect(screen.getByText('Enviado para ana@x.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/auth/token/request',
        body: { role: 'ADMIN', email: 'ana@x.com' },
        authorization: null,
      },
    ]);
  });

  it("shows the server's refusal and stays on the e-mail step", async () => {
    const { user, click } = setup('recovery', {
      'POST /auth/token/request': () =>
        json({ error: { message: 'Muitas solicitações. Tente novamente em alguns minutos.' } }, 429),
    });

    await user.type(screen.getByLabelText('E-mail'), 'ana@x.com');
    await click('Enviar token');

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Muitas solicitações. Tente novamente em alguns minutos.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
  });
});

describe('PasswordSteps, step 2: token', () => {
  it("reports 'Campo obrigatório' for an empty token", async () => {
    const { sent, click, requestToken } = setup();
    await requestToken();

    await click('Validar token');

    await waitFor(() => expect(messageOf(screen.getByLabelText('Token'))).toBe('Campo obrigatório'));
    expect(sent).toHaveLength(1);
  });

  it.each(['123', '12a45'])("reports 'Informe os 5 dígitos enviados para o email' for %j", async (value) => {
    const { user, sent, click, requestToken } = setup();
    await requestToken();

    await user.type(screen.getByLabelText('Token'), value);
    await click('Validar token');

    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Token'))).toBe('Informe os 5 dígitos enviados para o email'),
    );
    expect(sent).toHaveLength(1);
  });

  it('sends the token with role ADMIN and the key of step 1, then asks for the new password', async () => {
    const { sent, requestToken, checkToken } = setup();
    await requestToken('ana@x.com');

    await checkToken('12345');

    expect(sent[1]).toEqual({
      method: 'POST',
      path: '/auth/token',
      body: { token: '12345', role: 'ADMIN', key: 'chave-1' },
      authorization: null,
    });
    expect(screen.getByLabelText('Confirme a nova senha')).toBeInTheDocument();
    expect(readSession()).toEqual({ email: 'ana@x.com', role: 'ADMIN', token: passwordToken });
  });

  it("shows the server's refusal of a wrong token and stays on the token step", async () => {
    const { user, click, requestToken } = setup('recovery', {
      'POST /auth/token': () => json({ error: { message: 'Token inválido ou expirado.' } }, 400),
    });
    await requestToken();

    await user.type(screen.getByLabelText('Token'), '54321');
    await click('Validar token');

    expect(await screen.findByText('Token inválido ou expirado.')).toBeInTheDocument();
    expect(screen.getByLabelText('Token')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(readSession()).toBeNull();
  });
});

describe('PasswordSteps, step 3: new password', () => {
  async function atPasswordStep() {
    const view = setup('first-access');
    await view.requestToken('ana@x.com');
    await view.checkToken('12345');
    return view;
  }

  it("reports 'Campo obrigatório' for both empty fields", async () => {
    const { sent, click } = await atPasswordStep();

    await click('Salvar senha');

    await waitFor(() => expect(messageOf(screen.getByLabelText('Nova senha'))).toBe('Campo obrigatório'));
    expect(messageOf(screen.getByLabelText('Confirme a nova senha'))).toBe('Campo obrigatório');
    expect(sent).toHaveLength(2);
  });

  it("reports 'As senhas não conferem' when the confirmation differs", async () => {
    const { user, sent, click } = await atPasswordStep();

    await user.type(screen.getByLabelText('Nova senha'), 'Senha@2026');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'Senha@2027');
    await click('Salvar senha');

    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Confirme a nova senha'))).toBe('As senhas não conferem'),
    );
    expect(messageOf(screen.getByLabelText('Nova senha'))).toBe('');
    expect(sent).toHaveLength(2);
  });

  it.each(['abc', 'abcdefgh1', 'ABCDEFGH1', 'Abcdefgh', 'Abc1234'])(
    'reports the strength rule for %j',
    async (weak) => {
      const { user, sent, click } = await atPasswordStep();

      await user.type(screen.getByLabelText('Nova senha'), weak);
      await user.type(screen.getByLabelText('Confirme a nova senha'), weak);
      await click('Salvar senha');

      await waitFor(() =>
        expect(messageOf(screen.getByLabelText('Nova senha'))).toBe(
          'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula e número.',
        ),
      );
      expect(messageOf(screen.getByLabelText('Confirme a nova senha'))).toBe('');
      expect(sent).toHaveLength(2);
    },
  );

  it('sets the password with the token of step 2, stores the new session and enters the app', async () => {
    const { user, sent, click, location } = await atPasswordStep();

    await user.type(screen.getByLabelText('Nova senha'), 'Senha@2026');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'Senha@2026');
    await click('Salvar senha');

    await waitFor(() => expect(location()?.pathname).toBe('/'));
    expect(sent[2]).toEqual({
      method: 'PATCH',
      path: '/api/account',
      body: { password: 'Senha@2026' },
      authorization: `Bearer ${passwordToken}`,
    });
    expect(sent).toHaveLength(3);
    expect(readSession()).toEqual({ email: 'ana@x.com', role: 'ADMIN', token: sessionToken });
    expect(JSON.stringify({ ...localStorage })).not.toContain('Senha@2026');
  });
});
