import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from '../../src/dataProvider/httpClient';
import { formatDateTime } from '../../contract/lib/format';
import {
  USAGE_POLICY_SAVED,
  type AcceptanceRow,
  type UsagePolicy,
} from '../../contract/resources/usagePolicy/definition';
import { UsagePolicyEditor } from '../../src/resources/usagePolicy/UsagePolicyEditor';
import { messageOf, renderScreen } from './renderScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const UPDATED_AT = '2026-02-10T13:00:00.000Z';
const ACCEPTED_AT = '2026-02-11T17:25:00.000Z';

const POLICY: UsagePolicy = {
  title: 'Termos de uso para estabelecimentos',
  version: '1.0',
  text: '# 1. Pagamentos\n\nLiberados em até 31 dias.',
  updated_at: UPDATED_AT,
  acceptance: null,
};

const ROWS: AcceptanceRow[] = [
  {
    id: 1,
    name: 'Cantina Bella',
    version: '0.9',
    account_name: 'Giulia Romano',
    accepted_at: '2025-09-01T12:00:00.000Z',
    situation: 'OUTDATED',
  },
  {
    id: 2,
    name: 'Sabor do Sertão',
    version: '1.0',
    account_name: null,
    accepted_at: ACCEPTED_AT,
    situation: 'CURRENT',
  },
  {
    id: 3,
    name: 'Bistrô Aurora',
    version: null,
    account_name: null,
    accepted_at: null,
    situation: 'PENDING',
  },
];

/** The API the page reads and writes through the app's own HTTP client; every call is kept. */
function fakeApi() {
  let policy = POLICY;
  const calls: { method: string; path: string; query: URLSearchParams; body?: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://painel.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      if (url.pathname === '/api/usage-policy' && method === 'GET') return json({ data: policy });
      if (url.pathname === '/api/usage-policy' && method === 'PATCH') {
        policy = { ...policy, ...(body as object), updated_at: '2026-03-01T12:00:00.000Z' };
        return json({ data: policy });
      }
      if (url.pathname === '/api/usage-policy/acceptances') {
        const situation = url.searchParams.get('situation');
        const results = ROWS.filter((row) => !situation || row.situation === situation);
        return json({ data: { results, total: results.length } });
      }
      return json({ error: { message: 'Não encontrado' } }, 404);
    }),
  );
  return calls;
}

function renderEditor() {
  return renderScreen('/usage-policies', { '/usage-policies': <UsagePolicyEditor /> }, httpClient);
}

const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('Termos de uso, for the platform (/usage-policies)', () => {
  it('loads the published title, version and text, and how to write them', async () => {
    fakeApi();
    renderEditor();
    await waitFor(() => expect(input('Versão')).toHaveValue('1.0'));
    expect(input('Título')).toHaveValue(POLICY.title);
    expect(input('Texto')).toHaveValue(POLICY.text);
    expect(screen.getByText(`Versão 1.0 publicada em ${formatDateTime(UPDATED_AT)}.`)).toBeInTheDocument();
    expect(messageOf(input('Versão'))).toMatch(/^Mude a versão para pedir um novo aceite/);
    expect(messageOf(input('Texto'))).toMatch(/linha em branco entre os parágrafos/);
  });

  it('asks for every field and sends nothing while one is blank', async () => {
    const calls = fakeApi();
    const { user } = renderEditor();
    await waitFor(() => expect(input('Versão')).toHaveValue('1.0'));
    await user.clear(input('Versão'));
    await user.type(input('Versão'), '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(messageOf(input('Versão'))).toBe('Campo obrigatório'));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('publishes a new version with its notice, and reads the acceptances again', async () => {
    const calls = fakeApi();
    const { user } = renderEditor();
    await waitFor(() => expect(input('Versão')).toHaveValue('1.0'));
    await screen.findByText('Cantina Bella');
    const listReads = () => calls.filter((call) => call.path === '/api/usage-policy/acceptances').length;
    const before = listReads();

    await user.clear(input('Versão'));
    await user.type(input('Versão'), '1.1');
    await user.type(input('Texto'), '\n\nNova cláusula.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await screen.findByText(USAGE_POLICY_SAVED);
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { title: POLICY.title, version: '1.1', text: `${POLICY.text}\n\nNova cláusula.` },
    ]);
    expect(
      await screen.findByText(`Versão 1.1 publicada em ${formatDateTime('2026-03-01T12:00:00.000Z')}.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
  });

  it("lists each store's acceptance: version, who, when and its situation", async () => {
    const calls = fakeApi();
    renderEditor();
    const cantina = (await screen.findByText('Cantina Bella')).closest('tr')!;
    expect(
      within(cantina)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Cantina Bella',
      '0.9',
      'Giulia Romano',
      formatDateTime('2025-09-01T12:00:00.000Z'),
      'Aceitou versão anterior',
    ]);
    const sertao = screen.getByText('Sabor do Sertão').closest('tr')!;
    expect(
      within(sertao)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Sabor do Sertão',
      '1.0',
      'Conta removida',
      formatDateTime(ACCEPTED_AT),
      'Versão atual aceita',
    ]);
    const aurora = screen.getByText('Bistrô Aurora').closest('tr')!;
    expect(
      within(aurora)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Bistrô Aurora', '—', '—', '—', 'Nunca aceitou']);
    const first = calls.find((call) => call.path === '/api/usage-policy/acceptances')!;
    expect(Object.fromEntries(first.query)).toEqual({
      page: '1',
      page_size: '25',
      sort_field: 'list_order',
      sort_order: 'ASC',
    });
  });

  it('filters the stores by situation on the server', async () => {
    const calls = fakeApi();
    const { user } = renderEditor();
    await screen.findByText('Cantina Bella');
    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Nunca aceitou' }));
    await waitFor(() => expect(screen.queryByText('Cantina Bella')).not.toBeInTheDocument());
    expect(screen.getByText('Bistrô Aurora')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('situation')).toBe('PENDING');
  });
});
