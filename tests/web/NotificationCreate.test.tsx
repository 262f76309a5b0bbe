import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import {
  AGE_ORDER_MESSAGE,
  CREATED_MESSAGE,
  notifications,
} from '../../contract/resources/notifications/definition';
import screens from '../../src/resources/notifications/overrides';
import { GeneratedCreate } from '../../src/engine/GeneratedForm';
import { messageOf, renderScreen } from './renderScreen';

const STORES = [
  { id: 4, name: 'Cantina Bella' },
  { id: 5, name: 'Sabor do Sertão' },
];

/** The restaurants for the picker, and the notification a create answers. */
const answering = () =>
  vi.fn<HttpClient>(async (path, request) => {
    if (path === '/api/stores') return { data: { results: STORES, total: STORES.length } };
    return { data: { id: 7, ...(request?.body as object) } };
  });

function renderForm(http: HttpClient) {
  return renderScreen(
    '/notifications/create',
    {
      '/notifications/create': <GeneratedCreate definition={notifications} overrides={screens} />,
      '/notifications': <p>Lista de notificações</p>,
    },
    http,
    { permissions: 'ADMIN' },
  );
}

const sent = (http: ReturnType<typeof answering>) =>
  http.mock.calls.filter(
    ([path, request]) => path === '/api/push-notifications' && request?.method === 'POST',
  );

describe('a new notification (/notifications/create)', () => {
  it('says what is missing and the ages’ order on Enviar, then sends it to its audience', async () => {
    const http = answering();
    const { user, location } = renderForm(http);
    const send = await screen.findByRole('button', { name: 'Enviar notificação' });
    // The spec's labels, bare.
    expect(
      (screen.getByRole('textbox', { name: 'Título' }) as HTMLInputElement).labels?.[0]?.textContent,
    ).toBe('Título');
    await user.click(send);
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2));
    expect(messageOf(screen.getByRole('textbox', { name: 'Descrição' }))).toBe('Campo obrigatório');

    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'Rodízio de massas');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Hoje, 20% de desconto.');
    await user.click(screen.getByRole('radio', { name: 'Feminino' }));
    await user.type(screen.getByRole('combobox', { name: 'Restaurantes' }), 'Cantina');
    await user.click(await screen.findByRole('option', { name: 'Cantina Bella' }));
    await user.type(screen.getByRole('combobox', { name: 'Idade mínima' }), '30');
    await user.type(screen.getByRole('combobox', { name: 'Idade máxima' }), '20');
    await user.click(send);
    await waitFor(() =>
      expect(messageOf(screen.getByRole('combobox', { name: 'Idade mínima' }))).toBe(AGE_ORDER_MESSAGE),
    );
    expect(sent(http)).toHaveLength(0);

    await user.clear(screen.getByRole('combobox', { name: 'Idade máxima' }));
    await user.type(screen.getByRole('combobox', { name: 'Idade máxima' }), '50');
    await user.click(send);
    await waitFor(() => expect(sent(http)).toHaveLength(1));
    expect(sent(http)[0]![1]!.body).toEqual({
      title: 'Rodízio de massas',
      body: 'Hoje, 20% de desconto.',
      genders: ['F'],
      stores: [4],
      min_age: 30,
      max_age: 50,
    });
    expect(await screen.findByText(CREATED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/notifications'));
  });
});
