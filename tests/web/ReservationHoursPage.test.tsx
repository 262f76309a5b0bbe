import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { ReservationHoursPage } from '../../src/resources/reservations/ReservationHoursPage';
import { renderScreen } from './renderScreen';

// The page reads the account's store through useApi, which calls the app's httpClient.
const api = vi.hoisted(() => ({ http: undefined as HttpClient | undefined }));
vi.mock('../../src/dataProvider/httpClient', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/dataProvider/httpClient')>();
  return { ...actual, httpClient: ((path, request) => api.http!(path, request)) as HttpClient };
});

const period = (start_time: string, end_time: string) => ({ start_time, end_time });
const STORE = {
  id: 5,
  name: 'Cantina Bella',
  updated_at: '2026-01-01T00:00:00.000Z',
  info: {
    reservations: true,
    reservation_hours: [
      { day_of_week: 0, time_periods: [period('12:00', '15:30')] },
      { day_of_week: 2, time_periods: [period('12:00', '14:30'), period('19:00', '22:30')] },
    ],
  },
};

function renderPage(
  onSave: (body: unknown) => unknown = (body) => ({ data: { ...STORE, ...(body as object) } }),
) {
  const http = vi.fn<HttpClient>(async (path, request) => {
    if (path === '/api/account')
      return {
        data: {
          id: 1,
          fullname: 'G',
          email: 'g@x.com',
          role: 'MANAGER',
          roles: [{ role: 'MANAGER', store_id: 5 }],
        },
      };
    if (path === '/api/stores/id/5')
      return request?.method === 'PATCH' ? onSave(request.body) : { data: STORE };
    throw new HttpError('Não encontrado', 404);
  });
  api.http = http;
  const view = renderScreen(
    '/reserves/opening-hours',
    { '/reserves/opening-hours': <ReservationHoursPage /> },
    http,
  );
  return { ...view, http };
}

const day = (name: string) => screen.getByRole('region', { name });
const time = (label: string) => screen.getByLabelText(label);
const setTime = (label: string, value: string) => fireEvent.change(time(label), { target: { value } });
const saves = (http: ReturnType<typeof renderPage>['http']) =>
  http.mock.calls
    .filter(([, request]) => request?.method === 'PATCH')
    .map(([path, request]) => [path, request?.body]);

describe('reservation hours (/reserves/opening-hours)', () => {
  it("shows each weekday's periods from Sunday, and the switch", async () => {
    renderPage();
    expect(await screen.findByRole('switch', { name: 'Aceitando reservas' })).toBeChecked();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Domingo',
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
    ]);
    expect(time('Terça-feira, período 2: início')).toHaveValue('19:00');
    expect(time('Terça-feira, período 2: fim')).toHaveValue('22:30');
    expect(within(day('Segunda-feira')).getByText('Sem reservas neste dia.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reservas' })).toHaveAttribute('href', '/reserves');
  });

  it('refuses a missing time, a period that ends before it starts and overlapping ones, under the period', async () => {
    const { user, http } = renderPage();
    await screen.findByRole('switch', { name: 'Aceitando reservas' });
    await user.click(screen.getByRole('button', { name: 'Adicionar período: Segunda-feira' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(within(day('Segunda-feira')).getByText('Informe o horário (HH:mm).')).toBeInTheDocument();

    setTime('Segunda-feira, período 1: início', '20:00');
    setTime('Segunda-feira, período 1: fim', '19:00');
    expect(
      await within(day('Segunda-feira')).findByText(
        'Segunda-feira: o período das 20:00 às 19:00 termina antes de começar.',
      ),
    ).toBeInTheDocument();
    expect(time('Segunda-feira, período 1: fim')).toHaveAccessibleDescription(
      'Segunda-feira: o período das 20:00 às 19:00 termina antes de começar.',
    );
    setTime('Segunda-feira, período 1: fim', '23:00');

    await user.click(screen.getByRole('button', { name: 'Adicionar período: Terça-feira' }));
    setTime('Terça-feira, período 3: início', '14:00');
    setTime('Terça-feira, período 3: fim', '16:00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await within(day('Terça-feira')).findByText(
        'Terça-feira: os períodos das 12:00 às 14:30 e das 14:00 às 16:00 se sobrepõem.',
      ),
    ).toBeInTheDocument();
    expect(saves(http)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remover Terça-feira, período 3' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Horários de reserva atualizados!')).toBeInTheDocument();
    expect(saves(http)).toEqual([
      [
        '/api/stores/id/5',
        {
          info: {
            reservations: true,
            reservation_hours: [
              { day_of_week: 0, time_periods: [period('12:00', '15:30')] },
              { day_of_week: 1, time_periods: [period('20:00', '23:00')] },
              { day_of_week: 2, time_periods: [period('12:00', '14:30'), period('19:00', '22:30')] },
            ],
          },
        },
      ],
    ]);
  });

  it('turns reservations off, keeping the hours, and shows a refusal in the server’s words', async () => {
    const { user, http } = renderPage(() => {
      throw new HttpError('Acesso restrito aos gerentes do restaurante.', 403);
    });
    await user.click(await screen.findByRole('switch', { name: 'Aceitando reservas' }));
    expect(screen.getByRole('switch', { name: 'Reservas desativadas' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Acesso restrito aos gerentes do restaurante.')).toBeInTheDocument();
    await waitFor(() => expect(saves(http)).toHaveLength(1));
    expect(saves(http)[0]![1]).toEqual({
      info: { reservations: false, reservation_hours: STORE.info.reservation_hours },
    });
  });
});
