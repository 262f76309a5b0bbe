import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { formatDateTime } from '../../contract/lib/format';
import { notifications, type PushNotification } from '../../contract/resources/notifications/definition';
import { GeneratedShow } from '../../src/engine/GeneratedForm';
import screens from '../../src/resources/notifications/overrides';
import { renderScreen } from './renderScreen';

const SENT: PushNotification = {
  id: 7,
  title: 'Rodízio de massas',
  body: 'Hoje, das 19h às 23h, rodízio com 20% de desconto.',
  genders: ['F'],
  stores: [2],
  store_names: ['Cantina Bella'],
  min_age: 30,
  max_age: 50,
  total_sent: 1234,
  status: 'ACTIVE',
  created_at: '2026-03-07T23:40:00.000Z',
  updated_at: '2026-03-07T23:40:00.000Z',
};

/** The notification, deactivated by PATCH …/cancel. */
function api() {
  let notification = SENT;
  return vi.fn<HttpClient>(async (path, request) => {
    if (path === '/api/push-notifications/id/7/cancel' && request?.method === 'PATCH') {
      notification = { ...notification, status: 'CANCELLED' };
      return { data: notification };
    }
    if (path === '/api/push-notifications/id/7') return { data: notification };
    throw new Error(`Rota inesperada: ${path}`);
  });
}

function renderDetail(http: HttpClient) {
  return renderScreen(
    '/notifications/7',
    {
      '/notifications/:id': <GeneratedShow definition={notifications} overrides={screens} />,
      '/notifications': <p>Lista de notificações</p>,
    },
    http,
    { permissions: 'ADMIN' },
  );
}

const value = (label: string) => (screen.getByRole('textbox', { name: label }) as HTMLInputElement).value;

describe("a notification's detail (/notifications/:id)", () => {
  it('shows the notification as it was sent, read-only, with the count sent', async () => {
    renderDetail(api());

    await waitFor(() => expect(value('Título')).toBe('Rodízio de massas'));
    expect({
      Descrição: value('Descrição'),
      Gênero: value('Gênero'),
      Restaurantes: value('Restaurantes'),
      'Idade mínima': value('Idade mínima'),
      'Idade máxima': value('Idade máxima'),
      Enviadas: value('Enviadas'),
      'Enviada em': value('Enviada em'),
    }).toEqual({
      Descrição: 'Hoje, das 19h às 23h, rodízio com 20% de desconto.',
      Gênero: 'Feminino',
      Restaurantes: 'Cantina Bella',
      'Idade mínima': '30',
      'Idade máxima': '50',
      Enviadas: '1.234',
      'Enviada em': formatDateTime(SENT.created_at),
    });
    for (const textbox of screen.getAllByRole('textbox')) expect(textbox).toHaveAttribute('readonly');
    expect(screen.getByText('Ativo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Salvar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/notifications');
  });

  it('says who receives one sent to every customer', async () => {
    const http = vi.fn<HttpClient>(async () => ({ data: { ...SENT, stores: [], store_names: [] } }));
    renderDetail(http);

    await waitFor(() => expect(value('Restaurantes')).toBe('Todos os usuários'));
  });

  it('deactivates it once confirmed, and then offers Desativar no more', async () => {
    const http = api();
    const { user } = renderDetail(http);
    await user.click(await screen.findByRole('button', { name: 'Desativar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desativar notificação' });
    expect(
      within(confirm).getByText('Tem certeza que deseja desativar esta notificação?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));

    expect(await screen.findByText('Notificação desativada com sucesso')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith(
      '/api/push-notifications/id/7/cancel',
      expect.objectContaining({ method: 'PATCH' }),
    );
    expect(await screen.findByText('Inativo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desativar' })).not.toBeInTheDocument();
  });
});
