import { useState } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import type { AuditRow } from '../../contract/resources/audit/definition';
import { RecordHistory } from '../../src/resources/audit/RecordHistory';
import { renderScreen } from './renderScreen';
import { makeToken } from './tokens';

// Where the person works is read through the app's httpClient: the test's fake client answers it.
const api = vi.hoisted(() => ({ http: undefined as HttpClient | undefined }));
vi.mock('../../src/dataProvider/httpClient', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/dataProvider/httpClient')>();
  return { ...actual, httpClient: ((path, request) => api.http!(path, request)) as HttpClient };
});

const row = (id: number, action: string, summary: string): AuditRow => ({
  id,
  at: '2026-11-27T23:40:00.000Z',
  store_id: 2,
  store_name: 'Cantina Bella',
  account_id: 5,
  actor: 'Rafaela Costa <rafaela@grupocosta.com.br>',
  address: '10.0.0.7',
  resource: 'commands',
  record_id: '40',
  action,
  summary,
  reason: null,
});

/** A tab's history under a screen that keeps it open while the tab changes. */
function OpenTab() {
  const [version, setVersion] = useState('sem pagamento');
  return (
    <>
      <button type="button" onClick={() => setVersion('pago')}>
        Receber
      </button>
      <RecordHistory subject="orders:40" title="Histórico da comanda" version={version} />
    </>
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('a record’s history on an open screen', () => {
  it('reads again when the record changes, so what was just done shows in it', async () => {
    localStorage.setItem(
      'painel.session',
      JSON.stringify({
        email: 't@painel.com.br',
        role: 'ADMIN',
        token: makeToken({ role: 'ADMIN', store_id: null }),
      }),
    );
    let rows = [row(1, 'add-items', 'Mesa 5: 2 itens enviados')];
    const http = vi.fn<HttpClient>(async (path) => {
      if (path === '/api/account') return { data: { role: 'ADMIN', roles: [], store_id: null } };
      if (path === '/api/audit-events') return { data: { results: rows, total: rows.length } };
      throw new Error(`unexpected ${path}`);
    });
    api.http = http;
    const { user } = renderScreen('/hall', { '/hall': <OpenTab /> }, http, { permissions: 'ADMIN' });
    expect(await screen.findByText(/Mesa 5: 2 itens enviados/)).toBeInTheDocument();
    const reads = () => http.mock.calls.filter(([path]) => path === '/api/audit-events').length;
    expect(reads()).toBe(1);

    rows = [row(2, 'pay', 'Baixa de R$ 55,00 na comanda de Ana Souza'), ...rows];
    await user.click(screen.getByRole('button', { name: 'Receber' }));
    expect(await screen.findByText(/Baixa de R\$ 55,00 na comanda de Ana Souza/)).toBeInTheDocument();
    expect(reads()).toBe(2);
    // The version only keys the read: the API is asked the same question.
    expect(
      http.mock.calls.filter(([path]) => path === '/api/audit-events').map(([, request]) => request),
    ).toEqual([
      http.mock.calls.find(([path]) => path === '/api/audit-events')![1],
      http.mock.calls.find(([path]) => path === '/api/audit-events')![1],
    ]);
  });
});
