import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { PHONE_MESSAGE } from '../../contract/lib/fields';
import { reservations as definition } from '../../contract/resources/reservations/definition';
import { GeneratedCreate } from '../../src/engine/GeneratedForm';
import screens from '../../src/resources/reservations/overrides';
import { saoPauloClock, saoPauloInstant } from '../../contract/resources/reservations/rules';
import { messageOf, renderScreen } from './renderScreen';

// The form reads the account's store through useApi, which calls the app's httpClient: the
// test's fake client answers those calls too.
const api = vi.hoisted(() => ({ http: undefined as HttpClient | undefined }));
vi.mock('../../src/dataProvider/httpClient', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/dataProvider/httpClient')>();
  return { ...actual, httpClient: ((path, request) => api.http!(path, request)) as HttpClient };
});

/** The next Tuesday in São Paulo, 'yyyy-MM-dd'. */
function nextTuesday(): string {
  for (let days = 1; days <= 7; days++) {
    const day = saoPauloClock(new Date(Date.now() + days * 86_400_000));
    if (day.weekday === 2) return day.day;
  }
  throw new Error('no Tuesday');
}

const HOURS = [
  {
    day_of_week: 2,
    time_periods: [
      { start_time: '12:00', end_time: '14:30' },
      { start_time: '19:00', end_time: '22:30' },
    ],
  },
];

function renderForm({
  reservations = true,
  onCreate = (body: unknown) => ({ data: { id: 30, ...(body as object) } }),
}: { reservations?: boolean; onCreate?: (body: unknown) => unknown } = {}) {
  const http = vi.fn<HttpClient>(async (path, request) => {
    if (path === '/api/account')
      return {
        data: {
          id: 1,
          fullname: 'Gerente',
          email: 'g@x.com',
          role: 'MANAGER',
          roles: [{ role: 'MANAGER', store_id: 5 }],
        },
      };
    if (path === '/api/stores/id/5')
      return {
        data: {
          id: 5,
          name: 'Cantina Bella',
          updated_at: '2026-01-01T00:00:00.000Z',
          info: { reservations, reservation_hours: HOURS },
        },
      };
    if (path === '/api/reservations' && request?.method === 'POST') return onCreate(request.body);
    throw new HttpError('Não encontrado', 404);
  });
  api.http = http;
  const view = renderScreen(
    '/reserves/create',
    {
      '/reserves/create': <GeneratedCreate definition={definition} overrides={screens} />,
      '/reserves': <p>Lista de reservas</p>,
    },
    http,
  );
  return { ...view, http };
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });
/** The form, once react-admin has checked the session and the store is read. */
const ready = () => screen.findByText(/Horários de reserva|Não há horários/);
const posts = (http: ReturnType<typeof renderForm>['http']) =>
  http.mock.calls.filter(([, request]) => request?.method === 'POST');
const save = () => screen.getByRole('button', { name: 'Criar reserva' });
const setDay = (day: string) => fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: day } });
const setTime = (time: string) =>
  fireEvent.change(screen.getByLabelText(/^Horário/), { target: { value: time } });

describe('new reservation (/reserves/create)', () => {
  it('asks for every field with its message, and sends nothing', async () => {
    const { user, http } = renderForm();
    await ready();
    // Today is the day by default.
    expect(screen.getByLabelText(/^Data/)).toHaveValue(saoPauloClock(new Date()).day);
    await user.click(save());
    await waitFor(() => expect(messageOf(input(/^Nome completo/))).toBe('Informe o nome completo.'));
    expect(messageOf(input(/^Telefone/))).toBe('Campo obrigatório');
    expect(messageOf(screen.getByLabelText(/^Horário/))).toBe('Informe o horário da reserva.');
    await user.type(input(/^Telefone/), '1234');
    await user.click(save());
    await waitFor(() => expect(messageOf(input(/^Telefone/))).toBe(PHONE_MESSAGE));
    expect(posts(http)).toEqual([]);
  });

  it("shows the chosen day's reservation hours, and refuses a time outside them", async () => {
    const { user, http } = renderForm();
    await ready();
    setDay(nextTuesday());
    expect(
      await screen.findByText('Horários de reserva na terça-feira: 12:00 às 14:30 e 19:00 às 22:30.'),
    ).toBeInTheDocument();
    await user.type(input(/^Nome completo/), 'Maria Fernandes');
    await user.type(input(/^Telefone/), '11987654321');
    setTime('16:00');
    await user.click(save());
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/^Horário/))).toBe(
        'Fora do horário de reservas. Horários de reserva na terça-feira: 12:00 às 14:30 e 19:00 às 22:30.',
      ),
    );
    expect(posts(http)).toEqual([]);
  });

  it('sends the phone as digits and the São Paulo date and time as an instant, then opens the list', async () => {
    const { user, http, location } = renderForm();
    await ready();
    const day = nextTuesday();
    await user.type(input(/^Nome completo/), 'Maria Fernandes');
    await user.type(input(/^Telefone/), '11987654321');
    expect(input(/^Telefone/)).toHaveValue('(11) 98765-4321');
    const persons = screen.getByRole('spinbutton', { name: /^Número de pessoas/ });
    await user.clear(persons);
    await user.type(persons, '6');
    setDay(day);
    setTime('20:00');
    await user.type(input(/^Observações/), 'Mesa perto da janela');
    await user.click(save());

    await waitFor(() => expect(posts(http)).toHaveLength(1));
    expect(posts(http)[0]).toEqual([
      '/api/reservations',
      {
        method: 'POST',
        body: {
          fullname: 'Maria Fernandes',
          phone: '11987654321',
          n_persons: 6,
          date: saoPauloInstant(day, '20:00')!.toISOString(),
          observations: 'Mesa perto da janela',
        },
        headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
      },
    ]);
    expect(new Date(saoPauloInstant(day, '20:00')!).toISOString()).toMatch(/T23:00:00.000Z$/);
    expect(await screen.findByText('Reserva criada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/reserves'));
  });

  it('says so when the store takes no reservations', async () => {
    const { user, http } = renderForm({ reservations: false });
    expect(await screen.findByText(/O restaurante não está aceitando reservas/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ative as reservas em Horários de reserva.' })).toHaveAttribute(
      'href',
      '/reserves/opening-hours',
    );
    await user.type(input(/^Nome completo/), 'Maria Fernandes');
    await user.type(input(/^Telefone/), '11987654321');
    setDay(nextTuesday());
    setTime('20:00');
    await user.click(save());
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/^Horário/))).toBe(
        'Este restaurante não está aceitando reservas no momento.',
      ),
    );
    expect(posts(http)).toEqual([]);
  });

  it("shows the server's refusal in its words", async () => {
    const { user } = renderForm({
      onCreate: () => {
        throw new HttpError('Este restaurante não está aceitando reservas no momento.', 400);
      },
    });
    await ready();
    await user.type(input(/^Nome completo/), 'Maria Fernandes');
    await user.type(input(/^Telefone/), '11987654321');
    setDay(nextTuesday());
    setTime('19:00');
    await user.click(save());
    expect(
      await screen.findByText('Este restaurante não está aceitando reservas no momento.'),
    ).toBeInTheDocument();
  });

  it('sends the same Idempotency-Key when the same reservation is sent again, and a new one when it changes', async () => {
    let calls = 0;
    const { user, http } = renderForm({
      onCreate: (body) => {
        calls++;
        // The first answer is lost on the way (the restaurant's Wi-Fi), the others arrive.
        if (calls === 1) throw new HttpError('Não foi possível conectar ao servidor.', 0);
        if (calls === 2) throw new HttpError('Este restaurante não está aceitando reservas no momento.', 400);
        return { data: { id: 31, ...(body as object) } };
      },
    });
    await ready();
    await user.type(input(/^Nome completo/), 'Maria Fernandes');
    await user.type(input(/^Telefone/), '11987654321');
    setDay(nextTuesday());
    setTime('20:00');
    const keyOf = (call: number) =>
      (posts(http)[call]![1] as { headers: Record<string, string> }).headers['Idempotency-Key'];

    await user.click(save());
    expect(await screen.findByText('Não foi possível conectar ao servidor.')).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(posts(http)).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));

    await user.clear(input(/^Nome completo/));
    await user.type(input(/^Nome completo/), 'Maria Fernandes Lima');
    await user.click(save());
    await waitFor(() => expect(posts(http)).toHaveLength(3));
    expect(keyOf(2)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(2)).not.toBe(keyOf(0));
  });
});
