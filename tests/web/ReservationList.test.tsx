import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { reservations, type ReservationRow } from '../../contract/resources/reservations/definition';
import { GeneratedList } from '../../src/engine/GeneratedList';
import screens from '../../src/resources/reservations/overrides';
import { todayInSaoPaulo } from '../../contract/resources/reservations/rules';
import { belowLg, renderScreen } from './renderScreen';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function row(id: number, over: Partial<ReservationRow>): ReservationRow {
  return {
    id,
    store_id: 2,
    customer_id: null,
    code: `COD${id}AB`,
    fullname: `Cliente ${id}`,
    email: null,
    phone: '11987654321',
    n_persons: 4,
    date: '2026-03-13T23:00:00.000Z', // Friday 20:00 in São Paulo
    observations: null,
    status: 'CREATED',
    table_id: null,
    table_number: null,
    created_at: '2026-03-10T15:00:00.000Z',
    updated_at: '2026-03-10T15:00:00.000Z',
    ...over,
  };
}

const ROWS: ReservationRow[] = [
  row(1, { fullname: 'Maria Fernandes', observations: 'Aniversário: bolo às 21h' }),
  row(2, { fullname: 'Bruno Lima', status: 'CONFIRMED', date: at(24 * HOUR), table_id: 9, table_number: 5 }),
  row(3, { fullname: 'Carla Dias', status: 'CANCELLED' }),
  row(4, { fullname: 'Diego Reis', status: 'CONFIRMED', date: at(-2 * HOUR) }),
];

const TABLES = [
  {
    id: 9,
    store_id: 2,
    number: 5,
    name: 'Mesa 5',
    status: 'AVAILABLE',
    order_id: null,
    order: null,
    created_at: at(0),
  },
  {
    id: 10,
    store_id: 2,
    number: 6,
    name: 'Mesa 6',
    status: 'OCCUPIED',
    order_id: null,
    order: null,
    created_at: at(0),
  },
];

const ReservationList = () => <GeneratedList definition={reservations} overrides={screens} />;

type Answer = (body: Record<string, unknown>) => unknown;

function renderList({ rows = ROWS, onPatch }: { rows?: ReservationRow[]; onPatch?: Answer } = {}) {
  const http = vi.fn<HttpClient>(async (path, request) => {
    if (path === '/api/reservations') return { data: { results: rows, total: rows.length } };
    if (path === '/api/tables') return { data: { results: TABLES, total: TABLES.length } };
    const patched = /^\/api\/reservations\/id\/(\d+)$/.exec(path);
    if (patched && request?.method === 'PATCH') {
      const body = request.body as Record<string, unknown>;
      if (onPatch) return onPatch(body);
      const before = rows.find((r) => r.id === Number(patched[1]))!;
      const table = TABLES.find((t) => t.id === body.table_id);
      return {
        data: { ...before, ...body, ...('table_id' in body ? { table_number: table?.number ?? null } : {}) },
      };
    }
    throw new HttpError('Não encontrado', 404);
  });
  const view = renderScreen(
    '/reserves',
    { '/reserves': <ReservationList />, '*': <p>Outra página</p> },
    http,
  );
  return { ...view, http };
}

const listCalls = (http: ReturnType<typeof renderList>['http']) =>
  http.mock.calls.filter(([path]) => path === '/api/reservations').map(([, request]) => request?.query);
const patches = (http: ReturnType<typeof renderList>['http']) =>
  http.mock.calls
    .filter(([, request]) => request?.method === 'PATCH')
    .map(([path, request]) => [path, request?.body]);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const buttonsOf = (tr: HTMLElement) =>
  within(tr)
    .queryAllByRole('button')
    .map((b) => b.textContent);

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('reservations list (/reserves)', () => {
  it('asks for 50 from today by date (offset, limit) and shows date, name, phone, people, code, status, table', async () => {
    const { http } = renderList();
    const maria = await rowOf('Maria Fernandes');
    expect(listCalls(http)[0]).toEqual({
      offset: 0,
      limit: 50,
      sort_field: 'date',
      sort_order: 'ASC',
      search: undefined,
      start_at: todayInSaoPaulo(),
    });
    // The headers with words (the panel's toggle has none).
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.filter(Boolean)).toEqual([
      'Data',
      'Nome',
      'Telefone',
      'Pessoas',
      'Código',
      'Status',
      'Mesa',
      'Ações',
    ]);
    for (const text of ['13/03/2026 20:00', '(11) 98765-4321', '4', 'COD1AB', 'Aguardando']) {
      expect(within(maria).getByText(text)).toBeInTheDocument();
    }
    expect(within(await rowOf('Bruno Lima')).getByText('Mesa 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nova reserva' })).toHaveAttribute('href', '/reserves/create');
    expect(screen.getByRole('link', { name: 'Horários de reserva' })).toHaveAttribute(
      'href',
      '/reserves/opening-hours',
    );
  });

  it('offers Confirmar and Cancelar only while neither confirmed nor cancelled, Copiar always', async () => {
    renderList();
    expect(buttonsOf(await rowOf('Maria Fernandes'))).toEqual(
      expect.arrayContaining(['Confirmar', 'Cancelar', 'Copiar']),
    );
    // Confirmed and still to come: its table; confirmed and past: the no-show too.
    const bruno = buttonsOf(await rowOf('Bruno Lima'));
    expect(bruno).toEqual(expect.arrayContaining(['Mesa', 'Copiar']));
    expect(bruno).not.toContain('Confirmar');
    expect(bruno).not.toContain('Cancelar');
    expect(bruno).not.toContain('Não compareceu');
    expect(buttonsOf(await rowOf('Diego Reis'))).toEqual(
      expect.arrayContaining(['Não compareceu', 'Copiar']),
    );
    const carla = buttonsOf(await rowOf('Carla Dias'));
    expect(carla.filter((b) => b !== '')).toEqual(['Copiar']);
  });

  it('opens a row to its notes and what the row does not show', async () => {
    const { user } = renderList();
    await user.click(await screen.findByText('Maria Fernandes'));
    expect(await screen.findByText('Aniversário: bolo às 21h')).toBeInTheDocument();
    expect(screen.getByText('Criada em:')).toBeInTheDocument();
    await user.click(screen.getByText('Carla Dias'));
    expect(await screen.findByText('Sem observações.')).toBeInTheDocument();
  });

  it("opens a row's notes from the keyboard with its named button", async () => {
    const { user } = renderList();
    const toggle = await screen.findByRole('button', { name: 'Mostrar detalhes da reserva de Bruno Lima' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Mesa:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ocultar detalhes da reserva de Bruno Lima' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('on a tablet, shows a card per reservation that opens to its notes, its actions as named icons', async () => {
    // Below lg (and so below xl): a tablet beside the menu.
    const restore = belowLg((query) => query.includes('max-width'));
    try {
      const { user, http } = renderList();
      const card = await screen.findByRole('button', {
        name: 'Mostrar detalhes da reserva de Maria Fernandes',
      });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const item = card.closest('li')!;
      expect(item).toHaveTextContent('20:00 · Maria Fernandes13/03/2026 · 4 pessoasAguardando');
      await user.click(card);
      expect(await screen.findByText('Aniversário: bolo às 21h')).toBeInTheDocument();
      expect(within(item).getByRole('button', { name: 'Confirmar' })).toHaveTextContent('');
      await user.click(within(item).getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Reserva confirmada')).toBeInTheDocument();
      expect(patches(http)).toEqual([['/api/reservations/id/1', { status: 'CONFIRMED' }]]);
    } finally {
      restore();
    }
  });

  it('confirms on the server with the spec’s notice, and reads the list again', async () => {
    const { user, http } = renderList();
    const maria = await rowOf('Maria Fernandes');
    const before = listCalls(http).length;
    await user.click(within(maria).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Reserva confirmada')).toBeInTheDocument();
    expect(patches(http)).toEqual([['/api/reservations/id/1', { status: 'CONFIRMED' }]]);
    await waitFor(() => expect(listCalls(http).length).toBeGreaterThan(before));
    // The row's click did not open it.
    expect(screen.queryByText('Aniversário: bolo às 21h')).not.toBeInTheDocument();
  });

  it('shows the server’s info when nothing changed (another tablet confirmed it first)', async () => {
    const { user } = renderList({
      onPatch: () => ({
        data: { ...ROWS[0], status: 'CONFIRMED', info: 'Esta reserva já está confirmada.' },
      }),
    });
    await user.click(within(await rowOf('Maria Fernandes')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Esta reserva já está confirmada.')).toBeInTheDocument();
    expect(screen.queryByText('Reserva confirmada')).not.toBeInTheDocument();
  });

  it('asks before cancelling, and shows the server’s refusal in its words', async () => {
    const { user, http } = renderList({
      onPatch: () => {
        throw new HttpError('Não é possível cancelar uma reserva confirmada!', 409);
      },
    });
    await user.click(within(await rowOf('Maria Fernandes')).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancelar a reserva de Maria Fernandes?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(http)).toEqual([]);

    await user.click(within(await rowOf('Maria Fernandes')).getByRole('button', { name: 'Cancelar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar reserva' }),
    );
    expect(await screen.findByText('Não é possível cancelar uma reserva confirmada!')).toBeInTheDocument();
    expect(patches(http)).toEqual([['/api/reservations/id/1', { status: 'CANCELLED' }]]);
  });

  it('cancels with the spec’s notice', async () => {
    const { user } = renderList();
    await user.click(within(await rowOf('Maria Fernandes')).getByRole('button', { name: 'Cancelar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar reserva' }),
    );
    expect(await screen.findByText('Reserva cancelada')).toBeInTheDocument();
  });

  it('copies a text ready to send: name, date, time, people and code', async () => {
    const { user } = renderList();
    await user.click(within(await rowOf('Maria Fernandes')).getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Dados copiados!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      [
        'Reserva de Maria Fernandes',
        'Data: sexta-feira, 13/03/2026',
        'Horário: 20:00',
        'Pessoas: 4',
        'Código: COD1AB',
      ].join('\n'),
    );
  });

  it('sets a table aside for a confirmed reservation', async () => {
    const { user, http } = renderList();
    await user.click(within(await rowOf('Bruno Lima')).getByRole('button', { name: 'Mesa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mesa da reserva de Bruno Lima' });
    expect(within(dialog).getByRole('radio', { name: 'Mesa 5' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Mesa 6' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Mesa 6 reservada para Bruno Lima.')).toBeInTheDocument();
    expect(patches(http)).toEqual([['/api/reservations/id/2', { table_id: 10 }]]);
  });

  it('records a no-show after the time of a confirmed reservation, once asked', async () => {
    const { user, http } = renderList();
    await user.click(within(await rowOf('Diego Reis')).getByRole('button', { name: 'Não compareceu' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Diego Reis não compareceu?' })).getByRole('button', {
        name: 'Registrar não comparecimento',
      }),
    );
    expect(await screen.findByText('Não comparecimento registrado.')).toBeInTheDocument();
    expect(patches(http).at(-1)).toEqual(['/api/reservations/id/4', { status: 'NO_SHOW' }]);
  });

  it('filters by search, days, status and the period of the day (Dia / Noite)', async () => {
    const { user, http } = renderList();
    await screen.findByText('Maria Fernandes');
    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Dia', 'Noite']));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Noite' }));
    await waitFor(() => expect(listCalls(http).at(-1)).toMatchObject({ period: 'night' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Confirmada' }));
    await waitFor(() =>
      expect(listCalls(http).at(-1)).toMatchObject({ period: 'night', status: 'CONFIRMED' }),
    );

    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '2026-12-31' } });
    await user.type(screen.getByRole('textbox', { name: 'Buscar reserva' }), '98765');
    await waitFor(() =>
      expect(listCalls(http).at(-1)).toMatchObject({
        search: '98765',
        end_at: '2026-12-31',
        period: 'night',
      }),
    );

    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '2027-01-10' } });
    expect(await screen.findByText('A data inicial não pode ser depois da data final.')).toBeInTheDocument();
    expect(listCalls(http).at(-1)).not.toMatchObject({ start_at: '2027-01-10' });
  });

  it("says 'Erro ao buscar reservas' when the list cannot be read", async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('Ocorreu um erro', 500);
    });
    renderScreen('/reserves', { '/reserves': <ReservationList /> }, http);
    expect(await screen.findByText('Erro ao buscar reservas')).toBeInTheDocument();
  });

  it('says why in the server’s words when the server refuses the list', async () => {
    const http = vi.fn<HttpClient>(async () => {
      throw new HttpError('A data inicial não pode ser depois da data final.', 400);
    });
    renderScreen('/reserves', { '/reserves': <ReservationList /> }, http);
    expect(await screen.findByText('A data inicial não pode ser depois da data final.')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao buscar reservas')).not.toBeInTheDocument();
  });
});
