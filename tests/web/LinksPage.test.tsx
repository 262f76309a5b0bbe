import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../src/dataProvider/saveFile';
import { LinksPage } from '../../src/resources/settings/LinksPage';
import { messageOf, renderScreen } from './renderScreen';
import {
  patches,
  saved,
  SETTINGS_STORE,
  settingsApi,
  stubFetch,
  type SettingsStore,
} from './settingsFixtures';

vi.mock('../../src/dataProvider/saveFile', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  stubFetch();
  // The Clipboard API is there only in a secure context (localhost, https).
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockReset();
});

function open(http = settingsApi(), history = ['/settings']) {
  const view = renderScreen('/links', { '/links': <LinksPage />, '/settings': <p>Configurações</p> }, http, {
    history,
  });
  return { ...view, http };
}

const defaultLink = (name: string) => screen.getByRole('group', { name: `Link padrão ${name}` });
const extraLink = (n: number) => screen.getByRole('group', { name: `Link adicional ${n}` });

async function loaded() {
  await waitFor(() =>
    expect(within(defaultLink('Cardápio')).getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://app.painel.com.br/cantinabella/cardapio',
    ),
  );
}

describe('Links de acesso (/links)', () => {
  it('shows each default link with its QR code, and copies it', async () => {
    const { user } = open();
    await loaded();
    for (const name of ['Cardápio', 'Reservas']) {
      const image = await within(defaultLink(name)).findByRole('img', { name: `QR code do link ${name}` });
      expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    }
    // Each link's own code.
    const sources = screen
      .getAllByRole('img', { name: /^QR code do link/ })
      .map((image) => image.getAttribute('src'));
    expect(new Set(sources).size).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Copiar link Reservas' }));
    await screen.findByText('Link copiado!');
    expect(await navigator.clipboard.readText()).toBe('https://app.painel.com.br/cantinabella/reservas');

    await user.click(screen.getByRole('button', { name: 'Baixar QR code do link Cardápio' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, filename] = vi.mocked(saveFile).mock.calls[0]!;
    expect(filename).toBe('qrcode-cardapio.png');
    expect(blob.type).toBe('image/png');
  });

  it('saves the links, and shows them as the API kept them', async () => {
    const { user, http } = open(
      settingsApi(SETTINGS_STORE, (request) => {
        const body = request.body as { info: Partial<SettingsStore['info']> };
        // As the API answers: the link without an address dropped, the menu falling back to its default.
        const info = {
          links: [
            {
              title: 'Instagram',
              url: 'https://instagram.com/cantinabella',
              active: false,
              icon: 'instagram',
            },
          ],
          default_links: {
            ...body.info.default_links!,
            menu: { title: 'Cardápio', url: 'https://app.painel.com.br/cantinabella/cardapio', active: true },
          },
        };
        return { data: saved(SETTINGS_STORE, { info } as Partial<SettingsStore>) };
      }),
    );
    await loaded();
    await user.click(within(extraLink(1)).getByRole('switch', { name: 'Ativo' }));
    await user.click(screen.getByRole('button', { name: 'ADICIONAR LINK' }));
    await user.type(within(extraLink(2)).getByRole('textbox', { name: 'Título' }), 'Sem endereço');
    await user.clear(within(defaultLink('Cardápio')).getByRole('textbox', { name: 'Título' }));
    const reservations = within(defaultLink('Reservas')).getByRole('textbox', { name: 'URL' });
    await user.clear(reservations);
    await user.type(reservations, 'cantinabella.com.br/reservas');

    await user.click(screen.getByRole('button', { name: 'SALVAR' }));
    await screen.findByText('Links atualizados com sucesso!');
    expect(patches(http)).toEqual([
      {
        info: {
          links: [
            {
              title: 'Instagram',
              url: 'https://instagram.com/cantinabella',
              active: false,
              icon: 'instagram',
            },
            { title: 'Sem endereço', url: '', active: true, icon: 'link' },
          ],
          default_links: {
            menu: { title: '', url: 'https://app.painel.com.br/cantinabella/cardapio', active: true },
            reservations: { title: 'Reservas', url: 'cantinabella.com.br/reservas', active: true },
          },
        },
      },
    ]);
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Link adicional/ })).toHaveLength(1));
    expect(within(defaultLink('Cardápio')).getByRole('textbox', { name: 'Título' })).toHaveValue('Cardápio');
    expect(within(defaultLink('Reservas')).getByRole('link')).toHaveTextContent(
      'cantinabella.com.br/reservas',
    );
  });

  it('refuses an address that is no URL before sending', async () => {
    const { user, http } = open();
    await loaded();
    const url = within(extraLink(1)).getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'instagram cantina');
    await user.click(screen.getByRole('button', { name: 'SALVAR' }));
    await waitFor(() => expect(messageOf(url)).toBe('Informe uma URL válida'));
    expect(patches(http)).toEqual([]);
  });

  it("says the links could not be saved, in the API's words when it gives them", async () => {
    let failure = new HttpError('Ocorreu um erro inesperado. Tente novamente.', 500);
    const { user } = open(settingsApi(SETTINGS_STORE, () => Promise.reject(failure)));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'SALVAR' }));
    await screen.findByText('Erro ao salvar links');
    failure = new HttpError('No máximo 20 links. (campo info.links)', 400);
    await user.click(screen.getByRole('button', { name: 'SALVAR' }));
    await screen.findByText('No máximo 20 links. (campo info.links)');
  });

  it('says the links could not be read, and that there is nothing loaded to save', async () => {
    const { user } = open(
      settingsApi(SETTINGS_STORE, () => ({})).mockImplementation(async () => {
        throw new HttpError('Ocorreu um erro inesperado. Tente novamente.', 500);
      }),
    );
    await screen.findByText('Erro ao buscar links', { selector: '.MuiAlert-message' });
    await user.click(screen.getByRole('button', { name: 'SALVAR' }));
    // After the notice of the failed read, which the notifications show first.
    await screen.findByText('Dados da loja não carregados');
  });

  it('shows VOLTAR, the additional links, the default links and SALVAR, in the spec’s order', async () => {
    open();
    await loaded();
    const order = [
      screen.getByRole('button', { name: 'VOLTAR' }),
      screen.getByRole('heading', { name: 'Links Adicionais' }),
      screen.getByRole('heading', { name: 'Links Padrão' }),
      screen.getByRole('button', { name: 'SALVAR' }),
    ];
    for (const [before, after] of order.slice(0, -1).map((element, i) => [element, order[i + 1]!])) {
      expect(before!.compareDocumentPosition(after!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('goes back with VOLTAR', async () => {
    const { user, location } = open();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'VOLTAR' }));
    await screen.findByText('Configurações');
    expect(location()?.pathname).toBe('/settings');
  });
});
