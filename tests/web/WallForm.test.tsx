import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD_SETTINGS } from '../../src/resources/kitchenBoard/boardHooks';
import { WallCreate, WallEdit } from '../../src/resources/wall/overrides';
import { messageOf } from './renderScreen';
import { fakeApi, refusal, renderAs } from './TeamWallScreen';

const POST = {
  id: 3,
  store_id: 2,
  title: 'Música ao vivo',
  body: 'Sexta e sábado, a partir das 20h.',
  image: '/uploads/images/2/1700000000000-abcdef.webp',
  n_views: 40,
  active: true,
  pinned: false,
  list_order: 1,
  created_at: '2026-03-10T15:00:00.000Z',
  updated_at: '2026-03-10T15:00:00.000Z',
};

/** The posts API: a create or an update answers the post as saved. */
function postsApi(fail?: { status: number; message: string }) {
  return fakeApi((call) => {
    // An administrator's restaurant picker.
    if (call.path === '/api/stores')
      return { data: { results: [{ id: 7, name: 'Sabor do Sertão' }], total: 1 } };
    if (fail && call.method !== 'GET') return refusal(fail.status, fail.message);
    if (call.method === 'POST') return { data: { ...POST, id: 8, ...(call.body as object) } };
    if (call.method === 'PATCH') return { data: { ...POST, ...(call.body as object) } };
    if (call.method === 'DELETE') return { data: { id: POST.id } };
    if (call.path === '/api/posts/id/3') return { data: POST };
    return refusal(404, 'Publicação não encontrada.');
  });
}

const routes = {
  '/mural': <p>Lista do mural</p>,
  '/mural/new': <WallCreate />,
  '/mural/details/:id': <WallEdit />,
};

const title = () => screen.getByRole('textbox', { name: /^Título/ });
const body = () => screen.getByRole('textbox', { name: /^Texto/ });
const save = () => screen.getByRole('button', { name: 'Salvar' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('new post (/mural/new)', () => {
  it('asks for the title and the text, and sends nothing', async () => {
    const api = postsApi();
    const { user } = renderAs('WAITER', '/mural/new', routes);
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(messageOf(title())).toBe('Informe o título da publicação.'));
    expect(messageOf(body())).toBe('Informe o texto da publicação.');
    expect(api.writes()).toEqual([]);
  });

  it('creates an active, unpinned post by default, then shows the notice and the wall', async () => {
    const api = postsApi();
    const { user, location } = renderAs('WAITER', '/mural/new', routes);
    expect(await screen.findByRole('switch', { name: 'Ativa' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Fixada' })).not.toBeChecked();
    await user.type(title(), 'Festival de Nhoque');
    await user.type(body(), 'Todo dia 29.');
    await user.click(screen.getByRole('switch', { name: 'Fixada' }));
    await user.click(save());
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'POST',
          path: '/api/posts',
          query: {},
          body: { title: 'Festival de Nhoque', body: 'Todo dia 29.', active: true, pinned: true },
        },
      ]),
    );
    expect(await screen.findByText('Publicação criada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/mural'));
  });

  it('takes the picture as JPEG only, and says so of any other file', async () => {
    postsApi();
    renderAs('WAITER', '/mural/new', routes);
    const picker = await screen.findByLabelText('Imagem', { selector: 'input[type="file"]' });
    expect(picker).toHaveAttribute('accept', 'image/jpeg,.jpg,.jpeg');
    // A file the browser's own filter let through (a drop, or "all files").
    fireEvent.change(picker, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Escolha uma imagem JPEG (.jpg ou .jpeg).')).toBeInTheDocument();
  });

  it("shows the server's refusal and stays on the form", async () => {
    postsApi({ status: 400, message: 'Informe o restaurante (store_id).' });
    const { user, location } = renderAs('WAITER', '/mural/new', routes);
    await user.type(await screen.findByRole('textbox', { name: /^Título/ }), 'Aviso');
    await user.type(body(), 'Texto');
    await user.click(save());
    expect(await screen.findByText('Informe o restaurante (store_id).')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/mural/new');
  });

  it('asks an administrator for the restaurant, and sends the one chosen on this device', async () => {
    const none = postsApi();
    const first = renderAs('ADMIN', '/mural/new', routes);
    expect(
      await screen.findByText('Escolha o restaurante em que a publicação vai aparecer.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Título/ })).not.toBeInTheDocument();
    expect(none.writes()).toEqual([]);
    first.unmount();

    localStorage.setItem(BOARD_SETTINGS.store, '7');
    const api = postsApi();
    const { user } = renderAs('ADMIN', '/mural/new', routes);
    await user.type(await screen.findByRole('textbox', { name: /^Título/ }), 'Aviso da plataforma');
    await user.type(body(), 'Texto');
    await user.click(save());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      title: 'Aviso da plataforma',
      body: 'Texto',
      active: true,
      pinned: false,
      store_id: 7,
    });
  });
});

describe('a post (/mural/details/:id)', () => {
  it('opens the post of the path, with its picture and switches', async () => {
    const api = postsApi();
    renderAs('WAITER', '/mural/details/3', routes);
    await waitFor(() => expect(title()).toHaveValue('Música ao vivo'));
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/api/posts/id/3' });
    expect(body()).toHaveValue('Sexta e sábado, a partir das 20h.');
    expect(screen.getByRole('img', { name: 'Imagem' })).toHaveAttribute('src', POST.image);
    expect(screen.getByRole('switch', { name: 'Ativa' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Fixada' })).not.toBeChecked();
  });

  it('sends only what changed, then shows the notice and the wall', async () => {
    const api = postsApi();
    const { user, location } = renderAs('WAITER', '/mural/details/3', routes);
    await waitFor(() => expect(title()).toHaveValue('Música ao vivo'));
    await user.clear(title());
    await user.type(title(), 'Trio Bella Napoli');
    await user.click(screen.getByRole('switch', { name: 'Fixada' }));
    await user.click(save());
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'PATCH',
          path: '/api/posts/id/3',
          query: {},
          body: { title: 'Trio Bella Napoli', pinned: true },
        },
      ]),
    );
    expect(await screen.findByText('Publicação atualizada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/mural'));
  });

  it('removes the post after a confirmation that says its picture goes with it', async () => {
    const api = postsApi();
    const { user, location } = renderAs('WAITER', '/mural/details/3', routes);
    await waitFor(() => expect(title()).toHaveValue('Música ao vivo'));
    await user.click(await screen.findByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remover a publicação Música ao vivo?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'A imagem da publicação também será removida. Esta ação não pode ser desfeita.',
      ),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'DELETE', path: '/api/posts/id/3', query: {}, body: undefined },
      ]),
    );
    expect(await screen.findByText('Publicação removida com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/mural'));
  });
});
