import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { FEEDHUNTER_REQUIRED, IMAGE_REQUIRED, stories } from '../../contract/resources/stories/definition';
import screens from '../../src/resources/stories/overrides';
import { GeneratedCreate, GeneratedEdit } from '../../src/engine/GeneratedForm';
import { messageOf, renderScreen } from './renderScreen';

const HUNTERS = [
  { id: 9, fullname: 'Lia Prado', username: 'liacome' },
  { id: 10, fullname: 'Rui Alves', username: 'ruicome' },
];

const STORY = {
  id: 3,
  title: 'Dadinho de tapioca crocante',
  customer_id: 9,
  product_id: 21,
  store_id: 4,
  image_url: '/uploads/images/platform/dadinho.webp',
  video_url: null,
  media_type: 'PHOTO',
  created_at: '2026-02-01T15:30:00.000Z',
  updated_at: '2026-02-01T15:30:00.000Z',
  feedhunter: { fullname: 'Lia Prado', nickname: 'liacome' },
  product: { id: 21, name: 'Dadinho de tapioca', store_id: 4, store_name: 'Sabor do Sertão' },
};

const VIDEO_URL = '/uploads/videos/platform/dadinho.mp4';

// The browser checks a video before sending it, which jsdom cannot play: the upload answers at once.
vi.mock('../../src/dataProvider/upload', async (original) => ({
  ...(await original<typeof import('../../src/dataProvider/upload')>()),
  uploadFile: vi.fn(async () => VIDEO_URL),
}));

/** The pickers ask the server through `fetch`. */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/feedhunters') return Response.json({ data: HUNTERS });
      if (url.pathname === '/api/products/names') return Response.json({ data: [] });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The posts' API: the post, and what a write answers. */
const answering = () =>
  vi.fn<HttpClient>(async (path, request) => {
    if (request?.method === 'POST') return { data: { ...STORY, id: 4, ...(request.body as object) } };
    if (request?.method === 'DELETE') return { data: STORY };
    if (request?.method === 'PATCH') return { data: { ...STORY, ...(request.body as object) } };
    return { data: path === '/api/stories/id/3' ? STORY : [] };
  });

/** The form, opened from the list (the success modal's OK goes back to it). */
function renderForm(path: string, http: HttpClient) {
  return renderScreen(
    path,
    {
      '/stories/create': <GeneratedCreate definition={stories} overrides={screens} />,
      '/stories/:id': <GeneratedEdit definition={stories} overrides={screens} />,
      '/stories': <p>Lista de posts</p>,
    },
    http,
    { history: ['/stories'], permissions: 'ADMIN' },
  );
}

describe('a featured post’s forms (/stories/create, /stories/:id)', () => {
  it('says every missing field at once, then creates a video post and says so in the modal', async () => {
    const http = answering();
    const { user, location } = renderForm('/stories/create', http);
    await user.click(await screen.findByRole('button', { name: 'CRIAR' }));
    const hunter = screen.getByRole('combobox', { name: /^Usuário \(FeedHunter\)/ });
    await waitFor(() => expect(messageOf(hunter)).toBe(FEEDHUNTER_REQUIRED));
    expect(messageOf(screen.getByRole('textbox', { name: /^Título/ }))).toBe('Campo obrigatório');
    expect(screen.getByText(IMAGE_REQUIRED)).toBeInTheDocument();
    expect(http).not.toHaveBeenCalledWith('/api/stories', expect.anything());

    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Dadinho de tapioca');
    await user.click(hunter);
    await user.click(await screen.findByRole('option', { name: 'Rui Alves (@ruicome)' }));
    await user.click(screen.getByRole('button', { name: 'Vídeo' }));
    const file = new File(['mp4'], 'dadinho.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Vídeo do post'), { target: { files: [file] } });
    expect(await screen.findByRole('button', { name: 'Remover vídeo do post' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CRIAR' }));

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/stories', {
        method: 'POST',
        body: {
          title: 'Dadinho de tapioca',
          customer_id: 10,
          product_id: null,
          media_type: 'VIDEO',
          video_url: VIDEO_URL,
        },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: stories.messages.created });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()?.pathname).toBe('/stories'));
  });

  it('edits the post, saving only what changed, and says so in the modal', async () => {
    const http = answering();
    const { user, location } = renderForm('/stories/3', http);
    const title = await screen.findByRole('textbox', { name: /^Título/ });
    await waitFor(() => expect(title).toHaveValue(STORY.title));
    expect(screen.getByRole('combobox', { name: /^Produto/ })).toHaveValue(
      'Dadinho de tapioca — Sabor do Sertão',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Usuário \(FeedHunter\)/ })).toHaveValue(
        'Lia Prado (@liacome)',
      ),
    );
    expect(screen.getByRole('img', { name: 'Imagem do post' })).toHaveAttribute('src', STORY.image_url);
    await user.clear(title);
    await user.type(title, 'Dadinho: o melhor do Recife');
    await user.click(screen.getByRole('button', { name: 'SALVAR' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/stories/id/3', {
        method: 'PATCH',
        body: { title: 'Dadinho: o melhor do Recife' },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: stories.messages.updated });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()?.pathname).toBe('/stories'));
  });

  it('deletes the post after the confirmation, and says so in the modal', async () => {
    const http = answering();
    const { user, location } = renderForm('/stories/3', http);
    await user.click(await screen.findByRole('button', { name: 'EXCLUIR' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir post?' });
    expect(confirm).toHaveTextContent(`O post "${STORY.title}" deixará de aparecer no app.`);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/stories/id/3', expect.objectContaining({ method: 'DELETE' })),
    );
    const dialog = await screen.findByRole('dialog', { name: stories.messages.deleted });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()?.pathname).toBe('/stories'));
  });
});
