import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '../../src/resources/settings/SettingsPage';
import { messageOf, renderScreen } from './renderScreen';
import {
  accountAnswer,
  patches,
  saved,
  SETTINGS_STORE,
  settingsApi,
  stubFetch,
  type SettingsStore,
} from './settingsFixtures';

beforeEach(() => {
  stubFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(http = settingsApi()) {
  const view = renderScreen(
    '/settings',
    { '/settings': <SettingsPage />, '/settings/teams': <p>Equipe</p> },
    http,
  );
  return { ...view, http };
}

/** The form once the store is read. */
async function loaded() {
  // Waited for by its value (cheap to look for while the page renders), then named.
  await screen.findByDisplayValue('Cantina Bella');
  expect(screen.getByRole('textbox', { name: 'Nome fantasia' })).toHaveValue('Cantina Bella');
}

const group = (n: number) => screen.getByRole('group', { name: `Horário ${n}` });
const pressedDays = (n: number) =>
  within(group(n))
    .getAllByRole('button', { pressed: true })
    .map((button) => button.lastChild?.textContent); // the day's whole name
const save = () => screen.getByRole('button', { name: 'SALVAR' });

describe('Configurações (/settings)', () => {
  it("reads the account's store and shows its sections, without the platform's status or fees", async () => {
    const { http } = open();
    await loaded();
    for (const title of ['Sobre', 'Endereço', 'Funcionamento', 'Links Adicionais', 'Links Padrão']) {
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'VER EQUIPE' })).toHaveAttribute('href', '/settings/teams');
    expect(screen.getByRole('textbox', { name: 'Razão social' })).toHaveValue('Cantina Bella Ltda');
    expect(screen.getByRole('textbox', { name: 'Telefone' })).toHaveValue('(19) 3234-5678');
    expect(screen.getByRole('textbox', { name: 'CEP' })).toHaveValue('13025-000');
    expect(screen.getByRole('textbox', { name: 'UF' })).toHaveValue('SP');
    expect(screen.queryByText(/Status|Situação|Taxa pagamento/)).not.toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/stores/id/5');
  });

  it('groups the days that share a period, each period of a day in its group', async () => {
    open();
    await loaded();
    expect(screen.getAllByRole('group', { name: /^Horário \d$/ })).toHaveLength(3);
    expect(pressedDays(1)).toEqual(['Domingo']);
    expect(within(group(1)).getByLabelText('Abre às')).toHaveValue('11:30');
    expect(within(group(1)).getByLabelText('Fecha às')).toHaveValue('17:00');
    expect(pressedDays(2)).toEqual(['Terça-feira', 'Quarta-feira', 'Quinta-feira']);
    expect(within(group(2)).getByLabelText('Abre às')).toHaveValue('11:30');
    expect(pressedDays(3)).toEqual(['Terça-feira', 'Quarta-feira', 'Quinta-feira']);
    expect(within(group(3)).getByLabelText('Fecha às')).toHaveValue('23:30');
  });

  it('adds and removes groups and saves them as the per-day list, then shows the store as saved', async () => {
    const { user, http } = open(
      settingsApi(SETTINGS_STORE, (request) => {
        const body = request.body as Partial<SettingsStore>;
        // The API drops the empty link and completes the address.
        const links = [
          { title: 'Delivery', url: 'https://cantinabella.com.br/delivery', active: true, icon: 'link' },
        ];
        return {
          data: saved(SETTINGS_STORE, { ...body, info: { ...body.info!, links } as SettingsStore['info'] }),
        };
      }),
    );
    await loaded();
    // Sunday's group goes; Friday and Saturday get one.
    await user.click(within(group(1)).getByRole('button', { name: 'Remover horário 1' }));
    await user.click(screen.getByRole('button', { name: 'ADICIONAR HORÁRIO' }));
    const added = group(3);
    await user.click(within(added).getByRole('button', { name: 'Sexta-feira' }));
    await user.click(within(added).getByRole('button', { name: 'Sábado' }));
    await user.type(within(added).getByLabelText('Abre às'), '18:00');
    await user.type(within(added).getByLabelText('Fecha às'), '00:00');
    // A link without a title, and one typed without its scheme.
    await user.clear(
      within(screen.getByRole('group', { name: 'Link adicional 1' })).getByRole('textbox', {
        name: 'Título',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'ADICIONAR LINK' }));
    const link = screen.getByRole('group', { name: 'Link adicional 2' });
    await user.type(within(link).getByRole('textbox', { name: 'Título' }), 'Delivery');
    await user.type(within(link).getByRole('textbox', { name: 'URL' }), 'cantinabella.com.br/delivery');

    await user.click(save());
    await screen.findByText('As configurações foram atualizadas com sucesso!');
    const [body] = patches(http) as {
      info: Record<string, unknown>;
      status?: unknown;
      financial?: unknown;
    }[];
    expect(body!.info.opening_hours).toEqual([
      ...[2, 3, 4].map((day_of_week) => ({
        day_of_week,
        time_periods: [
          { start_time: '11:30', end_time: '15:30' },
          { start_time: '18:30', end_time: '23:30' },
        ],
      })),
      ...[5, 6].map((day_of_week) => ({
        day_of_week,
        time_periods: [{ start_time: '18:00', end_time: '00:00' }],
      })),
    ]);
    expect(body!.info.links).toEqual([
      { title: '', url: 'https://instagram.com/cantinabella', active: true, icon: 'instagram' },
      { title: 'Delivery', url: 'cantinabella.com.br/delivery', active: true, icon: 'link' },
    ]);
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('financial');
    // The form starts again from the API's answer: its links, the hours regrouped.
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Link adicional/ })).toHaveLength(1));
    expect(
      within(screen.getByRole('group', { name: 'Link adicional 1' })).getByRole('textbox', {
        name: 'Título',
      }),
    ).toHaveValue('Delivery');
    expect(screen.getAllByRole('group', { name: /^Horário \d$/ })).toHaveLength(3);
    expect(pressedDays(3)).toEqual(['Sexta-feira', 'Sábado']);
  });

  it('refuses periods that end before they start or overlap on a day, and groups without days, sending nothing', async () => {
    const { user, http } = open();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'ADICIONAR HORÁRIO' }));
    // The groups and the button stay the same elements while the form refuses.
    const [first, added, button] = [group(1), group(4), save()];
    await user.click(button);
    await waitFor(() => expect(within(added).getByText('Selecione ao menos um dia.')).toBeInTheDocument());
    expect(messageOf(within(added).getByLabelText('Abre às'))).toBe('Informe o horário (HH:mm).');

    await user.click(within(added).getByRole('button', { name: 'Quarta-feira' }));
    await user.type(within(added).getByLabelText('Abre às'), '15:00');
    await user.type(within(added).getByLabelText('Fecha às'), '19:00');
    await user.click(button);
    await waitFor(() =>
      expect(messageOf(within(added).getByLabelText('Fecha às'))).toBe(
        'Quarta-feira: os períodos das 11:30 às 15:30 e das 15:00 às 19:00 se sobrepõem.',
      ),
    );

    await user.clear(within(added).getByLabelText('Abre às'));
    await user.type(within(added).getByLabelText('Abre às'), '23:45');
    await user.clear(within(added).getByLabelText('Fecha às'));
    await user.type(within(added).getByLabelText('Fecha às'), '23:50');
    await user.clear(within(first).getByLabelText('Fecha às'));
    await user.type(within(first).getByLabelText('Fecha às'), '10:00');
    await user.click(button);
    await waitFor(() =>
      expect(messageOf(within(first).getByLabelText('Fecha às'))).toBe(
        'Domingo: o período das 11:30 às 10:00 termina antes de começar.',
      ),
    );
    expect(messageOf(within(added).getByLabelText('Fecha às'))).toBe('');
    expect(patches(http)).toEqual([]);
  });

  it("checks the address as the API does: the UF's two letters, the map's URL, the phone's mask", async () => {
    const { user, http } = open();
    await loaded();
    const uf = screen.getByRole('textbox', { name: 'UF' });
    await user.clear(uf);
    await user.type(uf, 's');
    await user.type(screen.getByRole('textbox', { name: 'Link do mapa' }), 'mapa da cantina');
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp' }), '1234');
    await user.click(save());
    await waitFor(() => expect(messageOf(uf)).toBe('Informe uma UF válida'));
    expect(messageOf(screen.getByRole('textbox', { name: 'Link do mapa' }))).toBe('Informe uma URL válida');
    expect(messageOf(screen.getByRole('textbox', { name: 'WhatsApp' }))).toBe(
      'Informe um número de telefone válido (XX) XXXXX-XXXX',
    );
    expect(patches(http)).toEqual([]);
  });

  it('fills the UF from the CEP and empties a city of another state', async () => {
    const { user, http } = open();
    await loaded();
    const cep = screen.getByRole('textbox', { name: 'CEP' });
    await user.clear(cep);
    await user.type(cep, '20040020');
    expect(cep).toHaveValue('20040-020');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'UF' })).toHaveValue('RJ'));
    const city = screen.getByRole('combobox', { name: 'Cidade' });
    expect(city).toHaveValue('');
    await user.type(city, 'Rio');
    await user.click(await screen.findByRole('option', { name: 'Rio de Janeiro – RJ' }));
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '0');
    await user.click(save());
    await screen.findByText('As configurações foram atualizadas com sucesso!');
    const [body] = patches(http) as { info: { address: Record<string, unknown> } }[];
    expect(body!.info.address).toMatchObject({
      zip_code: '20040020',
      uf: 'RJ',
      city: 'Rio de Janeiro',
      street_number: '1200',
    });
  });

  it("says what the API refused, and the spec's message when it gives none", async () => {
    let answer: Error = new HttpError(
      'Terça-feira: os períodos das 11:30 às 15:30 e das 11:00 às 12:00 se sobrepõem.',
      400,
    );
    const { user } = open(settingsApi(SETTINGS_STORE, () => Promise.reject(answer)));
    await loaded();
    await user.click(save());
    await screen.findByText(/se sobrepõem/);
    answer = new HttpError('Ocorreu um erro inesperado. Tente novamente.', 500);
    await user.click(save());
    await screen.findByText('Ocorreu um erro na atualização');
  });

  it('says when the account has no store, the store is not found, or the read failed', async () => {
    stubFetch(() => accountAnswer(null));
    open();
    await screen.findByText('Store ID não encontrado!', { selector: '.MuiAlert-message' });
    expect(screen.queryByRole('button', { name: 'SALVAR' })).not.toBeInTheDocument();
  });

  it('says the store was not found', async () => {
    stubFetch(() => accountAnswer(8));
    open();
    await screen.findByText('Dados da loja não encontrados!', { selector: '.MuiAlert-message' });
  });

  it('says the data could not be read', async () => {
    stubFetch(() => new Response(JSON.stringify({ error: { message: 'x' } }), { status: 500 }));
    open();
    await screen.findByText('Erro ao buscar dados', { selector: '.MuiAlert-message' });
  });
});
