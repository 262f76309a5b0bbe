import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { auditEvents, type AuditEvent, type AuditRow } from '../../contract/resources/audit/definition';
import overrides from '../../src/resources/audit/overrides';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { renderScreen } from './renderScreen';

// The dialog reads one row through useApi, which calls the app's httpClient: the test's fake
// client answers those calls too.
const api = vi.hoisted(() => ({ http: undefined as HttpClient | undefined }));
vi.mock('../../src/dataProvider/httpClient', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/dataProvider/httpClient')>();
  return { ...actual, httpClient: ((path, request) => api.http!(path, request)) as HttpClient };
});

const ROWS: AuditRow[] = [
  {
    id: 31,
    at: '2026-11-27T23:40:00.000Z', // 20:40 in São Paulo
    store_id: 2,
    store_name: 'Cantina Bella',
    account_id: 5,
    actor: 'Rafaela Costa <rafaela@grupocosta.com.br>',
    address: '10.0.0.7',
    resource: 'commands',
    record_id: '812',
    action: 'release-with-balance',
    summary: 'Mesa 4 liberada com R$ 12,00 recebidos em Pix',
    reason: 'Cliente pagou no caixa',
  },
  {
    id: 30,
    at: '2026-11-27T23:10:00.000Z',
    store_id: 2,
    store_name: 'Cantina Bella',
    account_id: 3,
    actor: 'Giulia Romano <gerente@cantinabella.com.br>',
    address: '10.0.0.2',
    resource: 'products',
    record_id: '77',
    action: 'update',
    summary: null,
    reason: null,
  },
];

const DETAIL: AuditEvent = {
  ...ROWS[1]!,
  chain: 'store:2',
  seq: 118,
  session_id: '5b4f2a4e-6f0b-4a32-9d5e-5a8f4b2c9d11',
  changes: [{ t: 'products', id: '77', op: 'U', s: 2, before: { price: 4590 }, after: { price: 4990 } }],
  subjects: ['products:77'],
  prev_hash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Histórico (/audit-events)', () => {
  it('lists who did what, where, when and why, newest first, and opens a change field by field', async () => {
    const http = vi.fn<HttpClient>(async (path) => {
      if (path === '/api/audit-events') return { data: { results: ROWS, total: 2 } };
      if (path === '/api/audit-events/id/30') return { data: DETAIL };
      // Quem: the team to choose from.
      if (path === '/api/admins') return { data: { results: [], total: 0 } };
      throw new Error(`unexpected ${path}`);
    });
    api.http = http;
    const { user } = renderScreen(
      '/audit-events',
      { '/audit-events': <GeneratedList definition={auditEvents} overrides={overrides} /> },
      http,
    );
    const released = await screen.findByRole('row', { name: /Liberou a mesa com saldo/ });
    expect(
      within(released)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '27/11/2026 20:40',
      'Rafaela Costa <rafaela@grupocosta.com.br>',
      'Liberou a mesa com saldo',
      'Comandas',
      '812',
      'Mesa 4 liberada com R$ 12,00 recebidos em Pix',
      'Cliente pagou no caixa',
    ]);
    expect(http).toHaveBeenCalledWith('/api/audit-events', {
      query: { page: 1, page_size: 25, sort_field: 'at', sort_order: 'DESC' },
    });

    await user.click(screen.getByRole('row', { name: /Alterou/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterou · Produtos' });
    expect(await within(dialog).findByText('Produto 77 alterado')).toBeInTheDocument();
    const price = within(dialog).getByRole('row', { name: /Preço/ });
    expect(
      within(price)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R$ 45,90', 'R$ 49,90']);
    expect(within(dialog).getByText(/Cadeia store:2, registro nº 118/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
