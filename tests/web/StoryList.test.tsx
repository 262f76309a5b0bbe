import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { stories } from '../../contract/resources/stories/definition';
import screens from '../../src/resources/stories/overrides';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { renderScreen } from './renderScreen';

const STORY = {
  id: 3,
  title: 'Dadinho de tapioca crocante',
  customer_id: 9,
  product_id: null,
  store_id: null,
  image_url: '/uploads/images/platform/dadinho.webp',
  video_url: '/uploads/videos/platform/dadinho.mp4',
  media_type: 'VIDEO',
  created_at: '2026-02-01T15:30:00.000Z',
  updated_at: '2026-02-01T15:30:00.000Z',
  feedhunter: { fullname: 'Lia Prado', nickname: 'liacome' },
  product: null,
};

/** The posts' API: a plain list; none between the dates of 2020. */
const answering = () =>
  vi.fn<HttpClient>(async (_path, request) => ({
    data: String(request?.query?.start_at ?? '').startsWith('2020') ? [] : [STORY],
  }));

const reads = (http: ReturnType<typeof answering>) => http.mock.calls.map(([, request]) => request?.query);

function renderList(http: HttpClient) {
  return renderScreen(
    '/stories',
    {
      '/stories': <GeneratedList definition={stories} overrides={screens} />,
      '/stories/:id': <p>Post</p>,
    },
    http,
    { permissions: 'ADMIN' },
  );
}

describe('FeedHunters (/stories)', () => {
  it('lists the posts, newest first, all on one page, and opens one on a click', async () => {
    const http = answering();
    const { user, location } = renderList(http);
    const cell = await screen.findByRole('cell', { name: /Dadinho de tapioca crocante/ });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Post',
      'Usuário',
      'Data',
    ]);
    const row = cell.closest('tr')!;
    expect(within(row).getByText('Lia Prado')).toBeInTheDocument();
    expect(within(row).getByText('@liacome')).toBeInTheDocument();
    expect(within(row).getByLabelText('Vídeo')).toBeInTheDocument();
    expect(within(row).getByText('01/02/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CRIAR POST' })).toHaveAttribute('href', '/stories/create');
    expect(reads(http)[0]).toEqual({
      offset: 0,
      limit: 1000,
      sort_field: 'created_at',
      sort_order: 'DESC',
      search: undefined,
    });
    await user.click(within(row).getByText('Lia Prado'));
    await waitFor(() => expect(location()?.pathname).toBe('/stories/3'));
  });

  it('filters by the period, says when it has no post, and refuses a start after the end', async () => {
    const http = answering();
    renderList(http);
    await screen.findByText('Lia Prado');
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '2020-01-31' } });
    await waitFor(() =>
      expect(reads(http).at(-1)).toMatchObject({ start_at: '2020-01-01', end_at: '2020-01-31' }),
    );
    expect(await screen.findByText('Nenhum post encontrado nesse período.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '2019-12-31' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A data inicial não pode ser depois da data final.',
    );
    // Said once, not again under each field.
    expect(screen.getAllByText('A data inicial não pode ser depois da data final.')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Data final')).toHaveAttribute('aria-invalid', 'true'));
    expect(reads(http).at(-1)).toMatchObject({ start_at: '2020-01-01', end_at: '2020-01-31' });
    // Both days cleared: every post again, at once (no need to leave the field).
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '' } });
    expect(await screen.findByText('Lia Prado')).toBeInTheDocument();
  });
});
