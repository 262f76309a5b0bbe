import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { outbox } from '../../src/offline/instance';
import { OfflineBanner } from '../../src/offline/OfflineBanner';
import type { OutboxRequest } from '../../src/offline/entry';
import { renderScreen } from './renderScreen';

const bump = (id: number, label: string): OutboxRequest => ({
  method: 'PATCH',
  path: `/api/orders/items/id/${id}/status`,
  body: { status: 'READY' },
  label,
  effect: { kind: 'itemStatus', items: [{ id, status: 'READY' }] },
});

describe('the connection banner', () => {
  it('says the connection is gone and counts what waits, then what is sent, and lists what the server refused until each is dismissed', async () => {
    let reachable = false;
    const cancelled = 'O item Tiramisù foi cancelado e não pode ser alterado.';
    const http = vi.fn<HttpClient>(async (path) => {
      if (!reachable) throw new HttpError('Não foi possível conectar ao servidor.', 0);
      if (path === '/api/orders/items/id/2/status') throw new HttpError(cancelled, 409);
      return { data: {} };
    });
    const { user } = renderScreen('/', { '/': <OfflineBanner /> }, http);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Sem conexão$/);

    await act(() => outbox.submit(bump(1, 'Item 2× Picanha pronto')));
    expect(screen.getByRole('status')).toHaveTextContent('Sem conexão — 1 ação pendente');
    await act(() => outbox.submit(bump(2, 'Item Tiramisù pronto')));
    expect(screen.getByRole('status')).toHaveTextContent('Sem conexão — 2 ações pendentes');
    expect(http).not.toHaveBeenCalled();

    reachable = true;
    act(() => void window.dispatchEvent(new Event('online')));
    const refused = await screen.findByText('1 ação recusada');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(http.mock.calls.map(([path]) => path)).toEqual([
      '/api/orders/items/id/1/status',
      '/api/orders/items/id/2/status',
    ]);

    await user.click(
      within(refused.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Ver' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ações recusadas pelo servidor' });
    expect(within(dialog).getByText('Item Tiramisù pronto')).toBeInTheDocument();
    expect(within(dialog).getByText(cancelled)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dispensar: Item Tiramisù pronto' }));
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
    expect(outbox.snapshot().entries).toEqual([]);
  });
});
